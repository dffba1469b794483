/* perft_split.c - --split: a deep count cut into jobs, written as they come
 * with their ids. */
#include "perft_split.h"

#include <stdint.h>
#include <stdio.h>

#include "notation.h"
#include "perft.h"
#include "perft_lines.h"

/* --split keeps at most about this many jobs in memory.  Past it, the last
 * plies stream out in windows of this many, each merged within itself: a
 * position in two windows is two jobs (more lines, the same sum). */
#ifndef SPLIT_WINDOW_JOBS
#define SPLIT_WINDOW_JOBS (1 << 20) /* perft.bats builds a copy with a small one */
#endif
enum { SPLIT_WINDOW = SPLIT_WINDOW_JOBS };

/* The jobs of a split as they come: numbered, written or only counted. */
typedef struct {
    perft_jobs window;
    perft_run run;  /* each job's line names it */
    bool write;     /* false: a first pass that only counts them */
    uint64_t n, of; /* jobs so far; how many there are (when writing) */
} split_out;

static void flush_window(split_out *s)
{
    for (size_t i = 0; i < s->window.n; i++) {
        s->n++;
        if (!s->write)
            continue;
        char line[PERFT_LINE_SIZE];
        if (write_job_line(&(job_id){s->n, s->of}, &s->window.at[i].pos, s->window.at[i].paths, &s->run, line))
            fputs(line, stdout);
    }
    perft_jobs_free(&s->window);
    s->window.merge = true;
}

typedef struct {
    split_out *out;
    int left; /* plies to go */
    perft_count paths;
} descent;

/* A move `left` plies short of the split: a job at the last, else onward. */
static void descend(void *ctx, const move *m, const fastpos *after)
{
    (void)m;
    const descent *d = ctx;
    if (d->left > 1) {
        descent next = {d->out, d->left - 1, d->paths};
        fast_each_move(after, descend, &next);
        return;
    }
    perft_jobs_add(&d->out->window, after, d->paths);
    if (d->out->window.n >= SPLIT_WINDOW)
        flush_window(d->out);
}

/* The jobs `left` plies on from each of the frontier's, through s; false
 * if out of memory. */
static bool split_pass(const perft_jobs *frontier, int left, split_out *s)
{
    s->n = 0;
    s->window = (perft_jobs){.merge = true};
    for (size_t i = 0; i < frontier->n && !s->window.failed; i++) {
        if (left == 0) {
            perft_jobs_add(&s->window, &frontier->at[i].pos, frontier->at[i].paths);
            continue;
        }
        descent d = {s, left, frontier->at[i].paths};
        fast_each_move(&frontier->at[i].pos, descend, &d);
    }
    bool ok = !s->window.failed;
    if (ok)
        flush_window(s);
    perft_jobs_free(&s->window);
    return ok;
}

int perft_split(const fastpos *p, int depth, int plies)
{
    if (plies > depth) {
        fprintf(stderr, "reference: --split %d: deeper than the perft (%d)\n", plies, depth);
        return 2;
    }
    perft_jobs frontier = {.merge = true};
    perft_jobs_add(&frontier, p, 1);
    int ply = 0;
    for (; ply < plies && !frontier.failed && frontier.n < SPLIT_WINDOW / 16; ply++)
        perft_expand(&frontier);
    split_out s = {.run = run_of(p, depth, plies)};
    bool ok = !frontier.failed;
    if (ok && ply < plies)
        ok = split_pass(&frontier, plies - ply, &s); /* count them first */
    else
        s.n = frontier.n;
    s.of = s.n;
    s.write = true;
    ok = ok && split_pass(&frontier, plies - ply, &s);
    perft_jobs_free(&frontier);
    if (!ok) {
        fputs("reference: out of memory for perft's jobs\n", stderr);
        return 1;
    }
    return 0;
}
