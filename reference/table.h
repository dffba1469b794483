/* table.h - perft's transposition table: the count of a position's tree at
 * a depth.  An entry holds the whole position, so no collision can change a
 * count, and threads share a table without locks (each entry has a
 * sequence number).  Below the fast generator, which reads and fills it
 * (fastgen.h), and the perft engine, which makes one (perft.h). */
#ifndef TABLE_H
#define TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fastpos.h"

/* A transposition table, or NULL for none. */
typedef struct perft_table perft_table;

/* A table of `entries` entries (rounded down to a power of two, at least 1),
 * or NULL if there is no memory for it.  Entries are
 * perft_table_entry_bytes() (32) bytes. */
perft_table *perft_table_new(size_t entries);
void perft_table_free(perft_table *t);

/* How many entries t has, and the bytes of one. */
size_t perft_table_entries(const perft_table *t);
size_t perft_table_entry_bytes(void);

/* --stats: counting t's probes, hits and stores (off by default: it costs),
 * and taking them (the counters start again at 0). */
typedef struct {
    uint64_t probes, hits, stores;
} perft_table_uses;
void perft_table_count_uses(perft_table *t, bool on);
perft_table_uses perft_table_take_uses(perft_table *t);

/* Looks p up at depth in t: true with *count if stored. */
bool perft_table_get(perft_table *t, const fastpos *p, int depth, perft_count *count);

/* Stores p's count at depth in t (replacing what the table chooses): any
 * count, PERFT_COUNT_MAX (did not fit) too; one of 2^64 or more takes a
 * bucket's two entries, so a table of one entry does not keep it. */
void perft_table_put(perft_table *t, const fastpos *p, int depth, perft_count count);

/* Every bit of p at depth, mixed: the table's slot, and a hash for other
 * sets of positions (perft's jobs). */
uint64_t perft_hash(const fastpos *p, int depth);

#endif
