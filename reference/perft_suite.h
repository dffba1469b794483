/* perft_suite.h - a file of positions with their expected counts, EPD
 * style, one position a line:
 *
 *     B:W21-32:B1-12 ;D1 7 ;D2 49 ;D3 302
 *
 * (blank and # lines skipped), for `perft --suite FILE`. */
#ifndef PERFT_SUITE_H
#define PERFT_SUITE_H

#include <stdbool.h>
#include <stddef.h>

#include "fastgen.h"
#include "notation.h"

/* A line has at most this many ;D entries. */
enum { SUITE_MAX_COUNTS = 65 };

typedef struct {
    int depth;
    perft_count expected;
} suite_count;

typedef struct {
    position pos;
    int n;
    suite_count at[SUITE_MAX_COUNTS];
} suite_line;

/* Reads text[0..len) as "FEN ;DN COUNT ..." (the FEN read as every FEN
 * is, leniently or strict).  False with "<field>, column C: <what>" in err:
 * a bad FEN, an entry that is not ";D<depth> <count>" (depth 0-64), none at
 * all. */
bool read_suite_line(const char *text, size_t len, bool strict, suite_line *s, char err[NOTATION_ERROR_SIZE]);

#endif
