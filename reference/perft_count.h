/* perft_count.h - perft's exact counts in decimal, and their saturating
 * sums and products: below the engine (perft.c), its journal and its
 * results, which all read and write counts. */
#ifndef PERFT_COUNT_H
#define PERFT_COUNT_H

#include <stdbool.h>
#include <stddef.h>

#include "fastpos.h"

/* perft's deepest depth: from the start, the count passes 2^64 at depth 29. */
enum { PERFT_MAX_DEPTH = 64 };

/* Room for a count in decimal: 2^128 has 39 digits. */
enum { COUNT_TEXT_SIZE = 41 };

/* c in decimal. */
void write_count(perft_count c, char out[COUNT_TEXT_SIZE]);

/* A count in decimal, all of text[0..len): false if junk or too big. */
bool read_count(const char *text, size_t len, perft_count *c);

/* a x b and a + b, or PERFT_COUNT_MAX if they do not fit. */
perft_count perft_times(perft_count a, perft_count b);
perft_count perft_plus(perft_count a, perft_count b);

#endif
