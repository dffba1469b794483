/* perft_suite.c - reading a perft suite's lines. */
#include "perft_suite.h"

#include <stdio.h>
#include <string.h>

#include "perft.h"
#include "perft_results.h"
#include "words.h"

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* One entry "D<depth> <count>" in text[from..to) (spaces around it allowed). */
static bool read_entry(const char *text, size_t from, size_t to, suite_count *c, char err[NOTATION_ERROR_SIZE])
{
    while (from < to && blank(text[from]))
        from++;
    while (to > from && blank(text[to - 1]))
        to--;
    size_t i = from;
    if (i < to && text[i] == 'D')
        i++;
    size_t depth_at = i;
    while (i < to && text[i] >= '0' && text[i] <= '9')
        i++;
    size_t depth_end = i;
    while (i < to && blank(text[i]))
        i++;
    perft_count d;
    if (depth_at == from + 1 && depth_end > depth_at && i > depth_end && read_count(text + depth_at, depth_end - depth_at, &d) &&
        d <= 64 && read_count(text + i, to - i, &c->expected)) {
        c->depth = (int)d;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text + from, to - from, q);
    snprintf(err, NOTATION_ERROR_SIZE, "suite, column %zu: %s is not \"D<depth> <count>\" (depth 0-64)", from + 1, q);
    return false;
}

bool read_suite_line(const char *text, size_t len, bool strict, suite_line *s, char err[NOTATION_ERROR_SIZE])
{
    const char *semi = memchr(text, ';', len);
    size_t fen_end = semi ? (size_t)(semi - text) : len, fen_start = 0;
    while (fen_start < fen_end && blank(text[fen_start]))
        fen_start++;
    while (fen_end > fen_start && blank(text[fen_end - 1]))
        fen_end--;
    char note[FEN_NOTE_SIZE];
    if (!read_fen(text + fen_start, fen_end - fen_start, (int)fen_start + 1, strict, &s->pos, err, note))
        return false;
    s->n = 0;
    for (size_t at = semi ? (size_t)(semi - text) : len; at < len;) {
        const char *next = memchr(text + at + 1, ';', len - at - 1);
        size_t end = next ? (size_t)(next - text) : len;
        if (s->n == SUITE_MAX_COUNTS) {
            snprintf(err, NOTATION_ERROR_SIZE, "suite, column %zu: more than %d counts on a line", at + 1,
                     SUITE_MAX_COUNTS);
            return false;
        }
        if (!read_entry(text, at + 1, end, &s->at[s->n], err))
            return false;
        s->n++;
        at = end;
    }
    if (s->n == 0) {
        snprintf(err, NOTATION_ERROR_SIZE, "suite: no counts: a line is FEN ;D1 N ;D2 N ...");
        return false;
    }
    return true;
}
