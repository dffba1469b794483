/* perft.h - perft's engine at engine speed: the fast generator (fastgen.h)
 * with a transposition table (table.h), threads, exact counts past 2^64,
 * and a deep perft split into independent jobs.  The perft command
 * (cmd_perft.c) reads the request and writes the counts. */
#ifndef PERFT_H
#define PERFT_H

#include <stdbool.h>
#include <stddef.h>

#include "fastgen.h"
#include "perft_count.h"
#include "table.h"

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
    bool progress;       /* show it on stderr, over itself (a terminal) */
    bool progress_lines; /* --progress: as lines, on a pipe or a file too */
    bool nobulk;         /* --nobulk: every move of the last ply played */
    const char *journal; /* --journal FILE, or NULL: finished jobs recorded, and resumed */
} perft_options;

/* What a count took. */
typedef struct {
    perft_count count;
    double seconds;
    bool out_of_memory, failed; /* failed: said on stderr (the journal) */
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
