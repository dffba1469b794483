/* perft.h - perft's engine at engine speed: the fast generator (fastgen.h)
 * with a transposition table (table.h), threads, exact counts past 2^64,
 * and a deep perft split into independent jobs.  The perft command
 * (cmd_perft.c) reads the request and writes the counts. */
#ifndef PERFT_H
#define PERFT_H

#include <stdbool.h>
#include <stddef.h>

#include "fastgen.h"
#include "table.h"

/* perft's deepest depth: from the start, the count passes 2^64 at depth 29. */
enum { PERFT_MAX_DEPTH = 64 };

/* ==================== Counts ==================== */

/* Room for a count in decimal: 2^128 has 39 digits. */
enum { COUNT_TEXT_SIZE = 41 };

/* c in decimal. */
void write_count(perft_count c, char out[COUNT_TEXT_SIZE]);

/* A count in decimal, all of text[0..len): false if junk or too big. */
bool read_count(const char *text, size_t len, perft_count *c);

/* a x b and a + b, or PERFT_COUNT_MAX if they do not fit. */
perft_count perft_times(perft_count a, perft_count b);
perft_count perft_plus(perft_count a, perft_count b);

/* ==================== Jobs: the positions a few plies on ==================== */

/* A job: a position and the number of paths that reach it. */
typedef struct {
    fastpos pos;
    perft_count paths;
} perft_job;

/* A list of jobs: start it {.merge = ...}, free it with perft_jobs_free. */
typedef struct {
    perft_job *at;
    size_t n, cap;
    size_t *index; /* open addressing into at, when merging */
    size_t index_mask;
    bool merge, failed; /* merge: one job a position, paths added */
} perft_jobs;

void perft_jobs_free(perft_jobs *l);

/* Adds `paths` paths to p: a new job, or (merging) more paths to p's;
 * out of memory sets l->failed. */
void perft_jobs_add(perft_jobs *l, const fastpos *p, perft_count paths);

/* The jobs one ply on from l's; false (l->failed) if out of memory. */
bool perft_expand(perft_jobs *l);

/* ==================== Counting on threads ==================== */

/* The choices a count is made with. */
typedef struct {
    int threads;
    bool progress; /* show it on stderr (a terminal) */
} perft_options;

/* What a count took. */
typedef struct {
    perft_count count;
    double seconds;
    bool out_of_memory;
} perft_result;

/* Counts p's tree at depth with table t (or NULL): expands it until there
 * are jobs enough for the threads, then counts the jobs on them; `what`
 * names the count in the progress line. */
perft_result perft_count_tree(const fastpos *p, int depth, perft_table *t, const perft_options *o, const char *what);

/* p's tree at depth on `threads` threads sharing table t (or NULL), as the
 * perft command counts it: the positions a few plies on, merged when there
 * is a table, each counted once and multiplied by its paths.
 * PERFT_COUNT_MAX if it does not fit or there is no memory for the jobs. */
perft_count perft_tree(const fastpos *p, int depth, perft_table *t, int threads);

/* The wall clock, in seconds from an arbitrary start. */
double perft_seconds(void);

#endif
