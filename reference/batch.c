/* batch.c - lines read one at a time, the one rule for a line that asks
 * nothing, and the batch loop. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "batch.h"

#include <stdlib.h>
#include <sys/types.h>

/* A line of at most r->max bytes, as getline reads one; -1 at the end. */
static ssize_t bounded_line(line_reader *r)
{
    if (r->size < r->max + 1) {
        char *text = realloc(r->text, r->max + 1);
        if (text == NULL)
            return -1;
        r->text = text;
        r->size = r->max + 1;
    }
    size_t n = 0;
    int c = 0;
    while (n < r->max && (c = getc(r->in)) != EOF) {
        r->text[n++] = (char)c;
        if (c == '\n')
            break;
    }
    r->too_long = n == r->max && c != '\n';
    r->text[n] = '\0';
    return n > 0 ? (ssize_t)n : -1;
}

bool next_line(line_reader *r, const char **text, size_t *len)
{
    ssize_t got = r->max > 0 ? bounded_line(r) : getline(&r->text, &r->size, r->in);
    if (got < 0) {
        r->failed = !feof(r->in);
        return false;
    }
    r->number++;
    r->bytes = (size_t)got;
    size_t n = (size_t)got;
    r->ended = n > 0 && r->text[n - 1] == '\n';
    if (r->ended)
        n--;
    if (n > 0 && r->text[n - 1] == '\r')
        n--;
    *text = r->text;
    *len = n;
    return true;
}

void line_reader_free(line_reader *r)
{
    free(r->text);
    r->text = NULL;
    r->size = 0;
}

/* How many spaces and tabs text[0..len) starts with. */
static size_t blanks(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    return i;
}

bool blank_line(const char *text, size_t len) { return blanks(text, len) == len; }

bool comment_line(const char *text, size_t len)
{
    size_t i = blanks(text, len);
    return i < len && text[i] == '#';
}

bool asks_nothing(const char *text, size_t len) { return blank_line(text, len) || comment_line(text, len); }

int run_batch(FILE *in, FILE *out, batch_fn answer, void *ctx)
{
    line_reader r = {.in = in};
    char err[LINE_ERROR_SIZE];
    const char *text;
    size_t len;
    int status = 0;
    while (next_line(&r, &text, &len)) {
        if (asks_nothing(text, len))
            continue;
        err[0] = '\0';
        line_status s = answer(text, len, r.number, ctx, out, err);
        if (s == LINE_STOP) {
            status = 2;
            break;
        }
        if (s == LINE_ERROR) {
            fputs("error\n", out);
            fflush(out); /* keep stdout and stderr in order when both are a terminal */
            if (err[0] != '\0')
                fprintf(stderr, "line %ld: %s\n", r.number, err);
            status = 2;
        }
    }
    /* A failed read or write (a full disk, a closed pipe) is no success; the
     * caller names it, with its program's name (ferror says which; neither:
     * no memory for a line). */
    if (r.failed && !ferror(in))
        fprintf(stderr, "line %ld: no memory to read it\n", r.number + 1);
    if (r.failed || ferror(in) || fflush(out) != 0 || ferror(out))
        status = 1;
    line_reader_free(&r);
    return status;
}
