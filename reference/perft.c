/* perft.c - perft's engine: the fast generator with a table, threads and
 * jobs (the perft command, cmd_perft.c, reads and writes for it).
 *
 * A run expands the position a few plies into a list of jobs (the positions
 * there, each with the number of paths that reach it), counts each job's
 * tree with the fast generator on as many threads as asked, all sharing one
 * table, and adds count x paths exactly.  The same list, written out, is
 * what `--split` gives a cluster. */
#define _POSIX_C_SOURCE 200809L

#include "perft.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "notation.h"
#include "perft_journal.h"
#include "perft_nobulk.h"
#include "perft_progress.h"
#include "text.h"
#include "words.h"

/* ==================== Jobs: the positions a few plies on ==================== */

void perft_jobs_free(perft_jobs *l)
{
    free(l->at);
    free(l->index);
    *l = (perft_jobs){0};
}

static size_t job_slot(const perft_jobs *l, const fastpos *p)
{
    return (size_t)perft_hash(p, 0) & l->index_mask;
}

static bool same_position(const fastpos *a, const fastpos *b)
{
    return a->black == b->black && a->white == b->white && a->kings == b->kings &&
           a->white_to_move == b->white_to_move;
}

/* Rebuilds the index at twice the list's room (index entries: position + 1). */
static bool reindex(perft_jobs *l)
{
    size_t n = 16;
    while (n < 2 * l->cap)
        n *= 2;
    size_t *index = calloc(n, sizeof *index);
    if (index == NULL)
        return false;
    free(l->index);
    l->index = index;
    l->index_mask = n - 1;
    for (size_t i = 0; i < l->n; i++) {
        size_t s = job_slot(l, &l->at[i].pos);
        while (l->index[s] != 0)
            s = (s + 1) & l->index_mask;
        l->index[s] = i + 1;
    }
    return true;
}

void perft_jobs_add(perft_jobs *l, const fastpos *p, perft_count paths)
{
    if (l->failed)
        return;
    size_t s = 0;
    if (l->merge && l->index != NULL) {
        for (s = job_slot(l, p); l->index[s] != 0; s = (s + 1) & l->index_mask)
            if (same_position(&l->at[l->index[s] - 1].pos, p)) {
                perft_job *j = &l->at[l->index[s] - 1];
                j->paths = perft_plus(j->paths, paths);
                return;
            }
    }
    if (l->n == l->cap) {
        perft_job *at = grow_array(l->at, &l->cap, l->n + 1, sizeof *at);
        if (at == NULL) {
            l->failed = true;
            return;
        }
        l->at = at;
        if (l->merge) {
            if (!reindex(l)) {
                l->failed = true;
                return;
            }
            for (s = job_slot(l, p); l->index[s] != 0; s = (s + 1) & l->index_mask)
                ;
        }
    }
    l->at[l->n] = (perft_job){*p, paths};
    if (l->merge)
        l->index[s] = l->n + 1;
    l->n++;
}

typedef struct {
    perft_jobs *next;
    perft_count paths;
} expansion;

static void add_child(void *ctx, const move *m, const fastpos *after)
{
    (void)m;
    expansion *e = ctx;
    perft_jobs_add(e->next, after, e->paths);
}

bool perft_expand(perft_jobs *l)
{
    perft_jobs next = {.merge = l->merge};
    for (size_t i = 0; i < l->n; i++) {
        expansion e = {&next, l->at[i].paths};
        fast_each_move(&l->at[i].pos, add_child, &e);
    }
    perft_jobs_free(l);
    *l = next;
    return !next.failed;
}

/* ==================== Running the jobs on threads ==================== */

typedef struct {
    const perft_jobs *jobs;
    int depth; /* each job's */
    perft_table *table;
    perft_count *counts;        /* each job's tree */
    perft_journal *journal;     /* or NULL: the jobs it has are done */
    bool nobulk;                /* every move of the last ply played */
    atomic_size_t next, done, fresh; /* fresh: done by this run */
    atomic_bool journal_failed;
    bool stopped;               /* interrupted (said), and still running */
    _Atomic uint64_t leaves;    /* for progress: count x paths so far, capped */
} run;

static void *worker(void *arg)
{
    run *r = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&r->next, 1);
        if (i >= r->jobs->n)
            return NULL;
        perft_count c;
        if (r->journal != NULL && journal_done(r->journal, i, &c)) {
            r->counts[i] = c;
            atomic_fetch_add(&r->done, 1);
            continue;
        }
        c = r->nobulk ? fast_perft_nobulk(&r->jobs->at[i].pos, r->depth) : fast_perft(&r->jobs->at[i].pos, r->depth, r->table);
        r->counts[i] = c;
        if (r->journal != NULL && !journal_record(r->journal, i, c))
            atomic_store(&r->journal_failed, true);
        perft_count w = perft_times(c, r->jobs->at[i].paths);
        atomic_fetch_add(&r->leaves, w > UINT64_MAX / 4 ? UINT64_MAX / 4 : (uint64_t)w);
        atomic_fetch_add(&r->done, 1);
        atomic_fetch_add(&r->fresh, 1);
    }
}

double perft_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* With a journal the jobs are the same whatever the threads: this many at
 * least, the positions merged. */
enum { JOURNAL_JOBS = 1024 };

/* The journal of p's count at depth, in its jobs `ply` plies on; NULL
 * (said) if it cannot be opened. */
static perft_journal *open_journal(const char *path, const fastpos *p, int depth, int ply, const perft_jobs *jobs)
{
    perft_run run = run_of(p, depth, ply);
    perft_count *paths = calloc(jobs->n + 1, sizeof *paths);
    char err[JOURNAL_ERROR_SIZE];
    perft_journal *j = NULL;
    if (paths == NULL) {
        snprintf(err, sizeof err, "no memory for the journal of %zu jobs", jobs->n);
    } else {
        for (size_t i = 0; i < jobs->n; i++)
            paths[i] = jobs->at[i].paths;
        j = journal_open(path, &run, jobs->n, paths, stderr, err);
    }
    free(paths);
    if (j == NULL)
        fprintf(stderr, "reference: %s\n", err);
    return j;
}

/* A journaled count stopped by SIGINT or SIGTERM (sig): the journal
 * stopped, what it holds and how to resume said, and the signal raised
 * again, so that the process ends as by it (a shell sees a ^C).  Should it
 * not end (the library never asks for a journal), no job starts after. */
static void interrupted(const run *r, int sig, const char *what, size_t jobs)
{
    journal_stop(r->journal);
    fprintf(stderr, "reference: %s interrupted: %zu of %zu jobs are in the journal %s; the same command resumes from them\n",
            what, journal_recorded(r->journal), jobs, journal_name(r->journal));
    signal(sig, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
}

/* The signals that stop a journaled count: taken by the thread that waits
 * for the jobs (blocked in all, so none ends the process unsaid). */
static sigset_t stop_signals(void)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGINT);
    sigaddset(&s, SIGTERM);
    return s;
}

perft_result perft_count_tree(const fastpos *p, int depth, perft_table *t, const perft_options *o, const char *what)
{
    perft_result res = {0};
    double start = perft_seconds();
    bool shown = o->progress || o->progress_lines;
    perft_jobs jobs = {.merge = t != NULL || o->journal != NULL};
    perft_jobs_add(&jobs, p, 1);
    int ply = 0;
    size_t want = o->threads > 1 || shown ? (size_t)o->threads * 32 : 1;
    if (o->journal != NULL)
        want = JOURNAL_JOBS;
    while (!jobs.failed && ply < depth - 5 && jobs.n < want && jobs.n > 0) {
        if (!perft_expand(&jobs))
            break;
        ply++;
    }
    perft_count *counts = calloc(jobs.n ? jobs.n : 1, sizeof *counts);
    if (jobs.failed || counts == NULL) {
        free(counts);
        perft_jobs_free(&jobs);
        res.out_of_memory = true;
        return res;
    }
    run r = {.jobs = &jobs, .depth = depth - ply, .table = t, .counts = counts, .nobulk = o->nobulk};
    if (o->journal != NULL && (r.journal = open_journal(o->journal, p, depth, ply, &jobs)) == NULL) {
        free(counts);
        perft_jobs_free(&jobs);
        res.failed = true;
        return res;
    }
    int threads = o->threads < 1 ? 1 : o->threads;
    if ((size_t)threads > jobs.n)
        threads = jobs.n ? (int)jobs.n : 1;
    sigset_t stop = stop_signals(), mask;
    if (r.journal != NULL)
        pthread_sigmask(SIG_BLOCK, &stop, &mask); /* before the threads start: theirs too */
    pthread_t ids[threads];
    int started = 0;
    for (; started < threads - 1; started++)
        if (pthread_create(&ids[started], NULL, worker, &r) != 0)
            break; /* fewer threads: the work still gets done */
    if ((shown || r.journal != NULL) && pthread_create(&ids[started], NULL, worker, &r) == 0) {
        started++; /* this thread waits (shows the progress, takes a ^C) while the others count */
        progress pr;
        if (shown)
            progress_start(&pr, stderr, !o->progress_lines, start);
        /* a quarter of a second between progress lines; with a journal, a
         * look at the signals every 10 ms (the count ends that soon after
         * its last job) */
        double shown_at = start;
        while (atomic_load(&r.done) < jobs.n) {
            struct timespec wait = {0, r.journal != NULL ? 10000000 : 250000000};
            int sig = r.journal != NULL ? sigtimedwait(&stop, NULL, &wait) : nanosleep(&wait, NULL);
            if (shown && sig > 0)
                progress_end(&pr);
            if (sig > 0) {
                interrupted(&r, sig, what, jobs.n);
                atomic_store(&r.next, jobs.n);
                r.stopped = true;
                break;
            }
            double now = perft_seconds();
            if (shown && (r.journal == NULL || now - shown_at >= 0.25)) {
                shown_at = now;
                progress_show(&pr, what, atomic_load(&r.done), atomic_load(&r.fresh), jobs.n, atomic_load(&r.leaves),
                              now);
            }
        }
        if (shown)
            progress_end(&pr);
    } else {
        worker(&r);
    }
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    if (r.journal != NULL) {
        int sig = r.stopped ? 0 : sigtimedwait(&stop, NULL, &(struct timespec){0, 0}); /* one that came as the last job ended */
        if (sig > 0)
            interrupted(&r, sig, what, jobs.n);
        res.failed = r.stopped;
        pthread_sigmask(SIG_SETMASK, &mask, NULL);
        if (!r.stopped && journal_resumed(r.journal) > 0)
            fprintf(stderr, "reference: journal %s: %zu of %zu jobs resumed\n", journal_name(r.journal),
                    journal_resumed(r.journal), jobs.n);
        if (atomic_load(&r.journal_failed)) {
            fprintf(stderr, "reference: journal %s: a job could not be recorded\n", journal_name(r.journal));
            res.failed = true;
        }
        journal_close(r.journal);
    }
    res.count = 0;
    for (size_t i = 0; i < jobs.n; i++)
        res.count = perft_plus(res.count, perft_times(counts[i], jobs.at[i].paths));
    res.seconds = perft_seconds() - start;
    free(counts);
    perft_jobs_free(&jobs);
    return res;
}

perft_count perft_tree(const fastpos *p, int depth, perft_table *t, int threads)
{
    perft_options o = {.threads = threads};
    perft_result r = perft_count_tree(p, depth, t, &o, "perft");
    return r.out_of_memory ? PERFT_COUNT_MAX : r.count;
}

