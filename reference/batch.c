/* batch.c - lines read one at a time, the one rule for a line that asks
 * nothing, and the batch loop. */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked */
#include "batch.h"

#include <stdlib.h>

#include "text.h"

/* Room in r->text for n + 2 bytes (a byte more and the terminator), the
 * buffer doubled as a line grows; false if there is no memory for it. */
static bool room(line_reader *r, size_t n)
{
    char *text = grow_array(r->text, &r->size, n + 2, 1);
    if (text == NULL)
        return false;
    r->text = text;
    return true;
}

bool next_line(line_reader *r, const char **text, size_t *len)
{
    /* getc, not getline: every byte of the buffer is the reader's own
     * allocation (the library's out-of-memory test sees each), and a bound
     * stops reading a line that would fill memory. */
    size_t n = 0;
    int c = 0;
    r->too_long = false;
    while ((r->max == 0 || n < r->max) && (c = getc_unlocked(r->in)) != EOF) {
        if (!room(r, n)) {
            r->failed = true;
            return false;
        }
        r->text[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (n == 0) {
        r->failed = ferror(r->in) != 0;
        return false;
    }
    r->too_long = r->max > 0 && n == r->max && c != '\n';
    r->number++;
    r->bytes = n;
    r->ended = r->text[n - 1] == '\n';
    if (r->ended)
        n--;
    if (n > 0 && r->text[n - 1] == '\r')
        n--;
    r->text[n] = '\0';
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
