/* perft.h - perft at engine speed: the fast generator (fastgen.h) with a
 * transposition table, threads, exact counts past 2^64, and deep perft split
 * into independent jobs; the CLI's `perft` command. */
#ifndef PERFT_H
#define PERFT_H

#include <stddef.h>

#include "fastgen.h"

/* A table of `entries` entries (rounded down to a power of two, at least 1),
 * or NULL if there is no memory for it.  Entries are 32 bytes.  An entry
 * holds the whole position, so no collision can change a count, and the
 * threads share it without locks (each entry has a sequence number). */
perft_table *perft_table_new(size_t entries);
void perft_table_free(perft_table *t);

/* How many entries a table of t has. */
size_t perft_table_entries(const perft_table *t);

/* p's tree at depth on `threads` threads sharing table t (or NULL), as the
 * perft command counts it: the positions a few plies on, merged when there
 * is a table, each counted once and multiplied by its paths.
 * PERFT_COUNT_MAX if it does not fit or there is no memory for the jobs. */
perft_count perft_tree(const fastpos *p, int depth, perft_table *t, int threads);

/* Room for a count in decimal: 2^128 has 39 digits. */
enum { COUNT_TEXT_SIZE = 41 };

/* c in decimal. */
void write_count(perft_count c, char out[COUNT_TEXT_SIZE]);

/* The perft command: argv as main has it, the word "perft" among the
 * arguments; returns the exit status. */
int perft_main(int argc, char *argv[]);

#endif
