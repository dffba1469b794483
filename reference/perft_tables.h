/* perft_tables.h - the transposition table each count of the perft command
 * gets: as big as its depth can fill, up to what --hash or --hash-entries
 * asked (a batch line or a suite count too, by its own depth); and --stats'
 * line, the table as used and why it is smaller than asked. */
#ifndef PERFT_TABLES_H
#define PERFT_TABLES_H

#include <stdbool.h>
#include <stddef.h>

#include "perft.h"

/* The table a count gets: as big as its depth can fill, up to what was
 * asked; made anew only when a deeper count needs more. */
typedef struct {
    perft_table *t;
    size_t asked; /* entries --hash or --hash-entries asked for; 0: none */
    bool exact;   /* --hash-entries: that size at any depth */
    bool stats;   /* count probes, hits and stores */
} table_store;

/* The entries a count at depth gets: none under 9 (quick without one), at
 * most 4^(depth-2) (no more trees to store); --hash-entries' at any depth. */
size_t entries_for(const table_store *s, int depth);

/* The table for a count at depth (NULL for none); *no_memory if wanted
 * and there was no memory for it (said on stderr). */
perft_table *table_for(table_store *s, int depth, bool *no_memory);

/* --stats: the table as used (and why it is smaller than asked), the
 * threads, the wall time and the processor time the count took, the
 * leaves a second of each (on a busy machine the second is the fair one),
 * the table's probes, hits and stores (since the last stats line). */
void print_stats(table_store *s, int depth, int threads, perft_count count, double seconds, double cpu);

#endif
