/* line.c - parsing one protocol line into a question, with exact errors.
 *
 * The parser never copies the line: it walks [begin, end) ranges, so a line
 * of any length (or holding NUL bytes) is fine, and each check is one pass.
 * Values quoted in messages are escaped and cut short. */
#include "line.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "batch.h"
#include "words.h"

static const char *const column_name[] = {"black", "white", "from", "to"};
enum { BLACK_COL, WHITE_COL, FROM_COL, TO_COL, COLUMNS };

/* ==================== Spans and messages ==================== */

/* A range of the line: one column, or one list element. */
typedef struct {
    const char *begin, *end;
} span;

static size_t span_len(span s) { return (size_t)(s.end - s.begin); }

static bool has_byte(span s, char c)
{
    return s.begin != NULL && span_len(s) > 0 && memchr(s.begin, c, span_len(s)) != NULL;
}

/* "<column>: "<value>" <what>" into err; always LINE_ERROR. */
static line_status fail(char *err, int col, span value, const char *what)
{
    char q[QUOTE_SIZE];
    quote_text(value.begin, span_len(value), q);
    snprintf(err, LINE_ERROR_SIZE, "%s: %s %s", column_name[col], q, what);
    return LINE_ERROR;
}

/* "<column>: square N <what>" into err; always LINE_ERROR. */
static line_status fail_square(char *err, int col, int square, const char *what)
{
    snprintf(err, LINE_ERROR_SIZE, "%s: square %d %s", column_name[col], square, what);
    return LINE_ERROR;
}

/* ==================== Squares and lists ==================== */

/* The first control byte (or DEL) in s, or -1. */
static int control_byte(span s)
{
    for (const char *p = s.begin; p < s.end; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return (unsigned char)*p;
    return -1;
}

/* Why s, which holds something other than digits, is no square number. */
static const char *not_a_number(span s)
{
    if (has_byte(s, ' '))
        return "holds a space (columns are separated by tabs, and numbers hold no spaces)";
    if (*s.begin == '[' || *s.begin == '(' || *s.begin == '{')
        return "has brackets (a square is a plain number)";
    return "is not a square number (decimal digits only, 1-32)";
}

/* Parses one square number: decimal digits only (no sign, point or space),
 * value 1-32.  Leading zeros are harmless: "05" is 5. */
static line_status parse_square(span s, int col, int *square, char *err)
{
    if (span_len(s) == 0)
        return fail(err, col, s, "is empty: a square number 1-32 is needed");
    int c = control_byte(s);
    if (c >= 0) {
        char what[40];
        snprintf(what, sizeof what, "holds control byte 0x%02x", (unsigned)c);
        return fail(err, col, s, what);
    }
    int value = square_number(s.begin, span_len(s));
    if (value < 0)
        return fail(err, col, s, not_a_number(s));
    if (!on_board(value))
        return fail(err, col, s, "is off the board (squares are 1-32)");
    *square = value;
    return LINE_OK;
}

static bool listed(const int *list, int count, int square)
{
    for (int i = 0; i < count; i++)
        if (list[i] == square)
            return true;
    return false;
}

/* Parses a comma-separated list (or "-") into out[].  A square listed twice
 * is an error, so out[] never holds more than SQUARES squares, and a long
 * list fails at its first repeat. */
static line_status parse_list(span s, int col, int *out, int *count, char *err)
{
    *count = 0;
    if (span_len(s) == 1 && *s.begin == '-')
        return LINE_OK;
    if (span_len(s) == 0)
        return fail(err, col, s, "is empty: write - for no pieces");
    if (*s.begin == '[' || *s.begin == '(' || *s.begin == '{')
        return fail(err, col, s, "has brackets (write a list as 1,2,3, or - for none)");
    for (const char *p = s.begin;; p++) {
        const char *comma = memchr(p, ',', (size_t)(s.end - p));
        span element = {p, comma ? comma : s.end};
        if (span_len(element) == 0)
            return fail(err, col, s, "has an empty element (a stray comma)");
        int square;
        if (parse_square(element, col, &square, err) != LINE_OK)
            return LINE_ERROR;
        if (listed(out, *count, square))
            return fail_square(err, col, square, "is listed twice");
        out[(*count)++] = square;
        if (!comma)
            return LINE_OK;
        p = comma;
    }
}

/* ==================== Lines ==================== */

/* Cuts line into its four columns; a fourth tab and what follows it are
 * ignored. */
static line_status split_columns(span line, span col[COLUMNS], char *err)
{
    const char *p = line.begin;
    for (int i = 0; i < COLUMNS; i++) {
        if (p == NULL) {
            snprintf(err, LINE_ERROR_SIZE, "%s: column missing (a line is black, white, from, to%s)",
                     column_name[i],
                     has_byte(line, ' ') ? ", separated by tabs, not spaces" : ", tab-separated");
            return LINE_ERROR;
        }
        const char *tab = memchr(p, '\t', (size_t)(line.end - p));
        col[i] = (span){p, tab ? tab : line.end};
        p = tab ? tab + 1 : NULL;
    }
    return LINE_OK;
}

/* The two lists together: no square both black and white, some white piece. */
static line_status check_pieces(const question *q, span white, char *err)
{
    for (int i = 0; i < q->nwhite; i++)
        if (listed(q->black, q->nblack, q->white[i]))
            return fail_square(err, WHITE_COL, q->white[i], "is in the black list too");
    if (q->nwhite == 0)
        return fail(err, WHITE_COL, white, "lists no pieces, but the piece on from must be white");
    return LINE_OK;
}

/* The mover must be one of the white pieces. */
static line_status check_from(const question *q, char *err)
{
    if (listed(q->white, q->nwhite, q->from))
        return LINE_OK;
    return fail_square(err, FROM_COL, q->from,
                       listed(q->black, q->nblack, q->from) ? "holds a black piece, not a white one"
                                                              : "is empty, not a white piece");
}

line_status parse_line(const char *text, size_t len, question *q, char err[LINE_ERROR_SIZE])
{
    span line = {text, text + len};
    if (asks_nothing(text, len))
        return LINE_SKIP;

    /* Column by column, so the first fault in reading order is reported. */
    span col[COLUMNS];
    if (split_columns(line, col, err) != LINE_OK ||
        parse_list(col[BLACK_COL], BLACK_COL, q->black, &q->nblack, err) != LINE_OK ||
        parse_list(col[WHITE_COL], WHITE_COL, q->white, &q->nwhite, err) != LINE_OK ||
        check_pieces(q, col[WHITE_COL], err) != LINE_OK ||
        parse_square(col[FROM_COL], FROM_COL, &q->from, err) != LINE_OK ||
        check_from(q, err) != LINE_OK)
        return LINE_ERROR;
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

/* run_lines' answer and its context, for run_batch. */
typedef struct {
    answer_fn answer;
    void *ctx;
} asking;

static line_status question_line(const char *text, size_t len, long number, void *ctx, FILE *out,
                                 char err[LINE_ERROR_SIZE])
{
    const asking *a = ctx;
    (void)number;
    question q;
    line_status s = parse_line(text, len, &q, err);
    if (s == LINE_OK)
        a->answer(&q, a->ctx, out);
    return s;
}

int run_lines(FILE *in, FILE *out, answer_fn answer, void *ctx)
{
    asking a = {answer, ctx};
    return run_batch(in, out, question_line, &a);
}
