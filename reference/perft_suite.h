/* perft_suite.h - a file of positions with their expected counts, EPD
 * style, one position a line:
 *
 *     B:W21-32:B1-12 ;D1 7 ;D2 49 ;D3 302
 *
 * (lines that ask nothing skipped: batch.h), for `perft --suite FILE`. */
#ifndef PERFT_SUITE_H
#define PERFT_SUITE_H

#include <stdbool.h>
#include <stddef.h>

#include "fastgen.h"
#include "notation.h"
#include "perft.h"
#include "perft_tables.h"

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

/* perft --suite FILE: each line's counts against the expected ones, with
 * the table each count gets from ts and the engine's options o; prints "ok
 * line N depth D: COUNT" or "MISMATCH line N depth D: expected E, got C"
 * for each (with `stats`, --stats' line before it), "error line N" for a
 * malformed line (its fault on stderr), and the last line "suite: P
 * positions, C counts, M mismatches, B bad lines, S s".  Returns 1 on a
 * mismatch (or if counting or reading failed), else 2 on a bad line, else
 * 0; 2 (said) if FILE is no regular file (a directory, a FIFO, not waited
 * on, a device) or holds no position. */
int run_suite(const char *path, table_store *ts, const perft_options *o, bool strict, bool stats);

#endif
