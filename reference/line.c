/* line.c - parsing one protocol line into a question, with exact errors.
 *
 * The parser never copies the line: it walks [begin, end) ranges, so a line
 * of any length is fine, and values quoted in messages are cut short. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "line.h"

#include <stdlib.h>

#include <stdio.h>
#include <string.h>

static const char *const column_name[] = {"black", "white", "from", "to"};
enum { BLACK_COL, WHITE_COL, FROM_COL, TO_COL, COLUMNS };

/* A range of the line: one column, or one list element. */
typedef struct {
    const char *begin, *end;
} span;

static size_t span_len(span s) { return (size_t)(s.end - s.begin); }

/* Writes s into out (size outsize) as a quoted, printable string, cut short
 * with "..." past 24 bytes: messages stay one short line whatever the input. */
static void quote(span s, char *out, size_t outsize)
{
    size_t n = 0, max = 24;
    n += (size_t)snprintf(out + n, outsize - n, "\"");
    for (const char *p = s.begin; p < s.end && n + 8 < outsize; p++) {
        unsigned char c = (unsigned char)*p;
        if ((size_t)(p - s.begin) == max) {
            n += (size_t)snprintf(out + n, outsize - n, "...");
            break;
        }
        if (c < 0x20 || c >= 0x7f)
            n += (size_t)snprintf(out + n, outsize - n, "\\x%02x", c);
        else
            n += (size_t)snprintf(out + n, outsize - n, "%c", c);
    }
    snprintf(out + n, outsize - n, "\"");
}

static line_status fail(char *err, int col, const char *what, span value)
{
    char q[64];
    quote(value, q, sizeof q);
    snprintf(err, LINE_ERROR_SIZE, "%s: %s %s", column_name[col], q, what);
    return LINE_ERROR;
}

static line_status fail_square(char *err, int col, const char *what, int square)
{
    snprintf(err, LINE_ERROR_SIZE, "%s: square %d %s", column_name[col], square, what);
    return LINE_ERROR;
}

/* The first control byte (or DEL) in s, or -1. */
static int control_byte(span s)
{
    for (const char *p = s.begin; p < s.end; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return (unsigned char)*p;
    return -1;
}

/* Parses one square number: plain decimal digits, value 1-32. */
static line_status parse_square(span s, int col, int *square, char *err)
{
    if (span_len(s) == 0)
        return fail(err, col, "is empty: a square number 1-32 is needed", s);
    int c = control_byte(s);
    if (c >= 0) {
        char what[48];
        snprintf(what, sizeof what, "holds control byte 0x%02x", c);
        return fail(err, col, what, s);
    }
    int value = 0;
    for (const char *p = s.begin; p < s.end; p++) {
        if (*p < '0' || *p > '9') {
            if (*s.begin == '[' || *s.begin == '(')
                return fail(err, col, "is not a square number (write lists as 1,2,3 without brackets)", s);
            return fail(err, col, "is not a square number (plain decimal digits, 1-32)", s);
        }
        if (value <= SQUARES) /* saturate: huge numbers are simply off the board */
            value = value * 10 + (*p - '0');
    }
    if (!on_board(value))
        return fail(err, col, "is off the board (squares are 1-32)", s);
    *square = value;
    return LINE_OK;
}

/* Parses a comma-separated list (or "-") into out[], at most SQUARES squares,
 * rejecting a square listed twice. */
static line_status parse_list(span s, int col, int *out, int *count, char *err)
{
    *count = 0;
    if (span_len(s) == 1 && *s.begin == '-')
        return LINE_OK;
    if (span_len(s) == 0)
        return fail(err, col, "is empty: write - for no pieces", s);
    for (const char *p = s.begin;; p++) {
        const char *comma = memchr(p, ',', (size_t)(s.end - p));
        span element = {p, comma ? comma : s.end};
        if (span_len(element) == 0)
            return fail(err, col, "has an empty element", s);
        int square;
        if (parse_square(element, col, &square, err) != LINE_OK)
            return LINE_ERROR;
        for (int i = 0; i < *count; i++)
            if (out[i] == square)
                return fail_square(err, col, "is listed twice", square);
        out[(*count)++] = square; /* no repeats among 1-32: at most SQUARES */
        if (!comma)
            return LINE_OK;
        p = comma;
    }
}

static bool listed(const int *list, int count, int square)
{
    for (int i = 0; i < count; i++)
        if (list[i] == square)
            return true;
    return false;
}

static bool blank(span s)
{
    for (const char *p = s.begin; p < s.end; p++)
        if (*p != ' ' && *p != '\t')
            return false;
    return true;
}

line_status parse_line(const char *text, size_t len, question *q, char err[LINE_ERROR_SIZE])
{
    span line = {text, text + len};
    if (line.end > line.begin && line.end[-1] == '\n')
        line.end--;
    if (line.end > line.begin && line.end[-1] == '\r')
        line.end--;
    if (blank(line) || *line.begin == '#')
        return LINE_SKIP;

    span col[COLUMNS];
    const char *p = line.begin;
    for (int i = 0; i < COLUMNS; i++) {
        if (p == NULL) {
            snprintf(err, LINE_ERROR_SIZE, "%s: column missing (need black, white, from, to, tab-separated)",
                     column_name[i]);
            return LINE_ERROR;
        }
        const char *tab = memchr(p, '\t', (size_t)(line.end - p));
        col[i] = (span){p, tab ? tab : line.end};
        p = tab ? tab + 1 : NULL;
    }

    if (parse_list(col[BLACK_COL], BLACK_COL, q->black, &q->nblack, err) != LINE_OK ||
        parse_list(col[WHITE_COL], WHITE_COL, q->white, &q->nwhite, err) != LINE_OK)
        return LINE_ERROR;
    for (int i = 0; i < q->nwhite; i++)
        if (listed(q->black, q->nblack, q->white[i]))
            return fail_square(err, WHITE_COL, "is black too", q->white[i]);
    if (q->nwhite == 0)
        return fail(err, WHITE_COL, "is empty: at least one white piece is needed", col[WHITE_COL]);
    if (parse_square(col[FROM_COL], FROM_COL, &q->from, err) != LINE_OK)
        return LINE_ERROR;
    if (!listed(q->white, q->nwhite, q->from))
        return fail_square(err, FROM_COL, "holds no white piece", q->from);
    return parse_square(col[TO_COL], TO_COL, &q->to, err);
}

board question_board(const question *q)
{
    board b = empty_board();
    for (int i = 0; i < q->nblack; i++)
        b.at[q->black[i]] = BLACK;
    for (int i = 0; i < q->nwhite; i++)
        b.at[q->white[i]] = WHITE;
    return b;
}

int run_lines(FILE *in, FILE *out, answer_fn answer, void *ctx)
{
    char *text = NULL, err[LINE_ERROR_SIZE];
    size_t size = 0;
    ssize_t len;
    int status = 0;
    for (long n = 1; (len = getline(&text, &size, in)) >= 0; n++) {
        question q;
        switch (parse_line(text, (size_t)len, &q, err)) {
        case LINE_SKIP:
            break;
        case LINE_OK:
            answer(&q, ctx, out);
            break;
        case LINE_ERROR:
            fputs("error\n", out);
            fflush(out); /* keep stdout and stderr in order when both are a terminal */
            fprintf(stderr, "line %ld: %s\n", n, err);
            status = 2;
            break;
        }
    }
    if (ferror(in)) {
        perror("reading input");
        status = 1;
    }
    free(text);
    return status;
}
