/* perft.c - perft with a table, threads and jobs, and its command line.
 *
 * A run expands the position a few plies into a list of jobs (the positions
 * there, each with the number of paths that reach it), counts each job's
 * tree with the fast generator on as many threads as asked, all sharing one
 * table, and adds count x paths exactly.  The same list, written out, is
 * what `--split` gives a cluster. */
#define _POSIX_C_SOURCE 200809L

#include "perft.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "line.h"
#include "notation.h"
#include "perft_after.h"
#include "perft_journal.h"
#include "perft_nobulk.h"
#include "perft_progress.h"
#include "perft_results.h"
#include "perft_suite.h"

/* perft's deepest depth: from the start, the count passes 2^64 at depth 29. */
enum { MAX_DEPTH = 64 };

/* The table's size when none is asked for: fits a small machine. */
enum { DEFAULT_HASH_MIB = 256 };

/* Below this depth a count is quick without a table (and without its memory). */
enum { TABLE_WORTH = 9 };

/* ==================== The table ==================== */

/* One entry: a sequence number (odd while written), the position, its depth
 * and its count.  Readers check the number before and after, so a torn
 * entry is a miss, never a wrong count; every field is atomic, so two
 * threads on one entry are no data race. */
typedef struct {
    _Atomic uint64_t seq;
    _Atomic uint64_t sides;  /* black << 32 | white */
    _Atomic uint64_t kings;  /* kings << 32 | depth << 1 | white to move */
    _Atomic uint64_t count;
} entry;

struct perft_table {
    entry *at;
    size_t mask;   /* entries - 1 */
    bool counting; /* --stats: probes, hits and stores counted */
    _Atomic uint64_t probes, hits, stores;
};

perft_table *perft_table_new(size_t entries)
{
    size_t n = 1;
    while (n <= entries / 2)
        n *= 2;
    perft_table *t = malloc(sizeof *t);
    if (t == NULL)
        return NULL;
    t->at = calloc(n, sizeof *t->at); /* all zero: depth 0, never asked for */
    if (t->at == NULL) {
        free(t);
        return NULL;
    }
    t->mask = n - 1;
    t->counting = false;
    atomic_init(&t->probes, 0);
    atomic_init(&t->hits, 0);
    atomic_init(&t->stores, 0);
    return t;
}

void perft_table_free(perft_table *t)
{
    if (t != NULL)
        free(t->at);
    free(t);
}

size_t perft_table_entries(const perft_table *t) { return t->mask + 1; }

static uint64_t sides_key(const fastpos *p) { return (uint64_t)p->black << 32 | p->white; }
static uint64_t kings_key(const fastpos *p, int depth)
{
    return (uint64_t)p->kings << 32 | (uint64_t)depth << 1 | (uint64_t)p->white_to_move;
}

/* Where p at depth goes: a mix of every bit of it. */
static size_t slot(const perft_table *t, uint64_t sides, uint64_t kings)
{
    uint64_t h = sides * 0x9E3779B97F4A7C15U ^ kings * 0xC2B2AE3D27D4EB4FU;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9U;
    h ^= h >> 29;
    return (size_t)h & t->mask;
}

/* The entry's count if it holds p at depth (sides, kings), else false. */
static bool entry_get(entry *e, uint64_t sides, uint64_t kings, uint64_t *count)
{
    uint64_t before = atomic_load_explicit(&e->seq, memory_order_acquire);
    if (before & 1)
        return false;
    uint64_t s = atomic_load_explicit(&e->sides, memory_order_relaxed);
    uint64_t k = atomic_load_explicit(&e->kings, memory_order_relaxed);
    uint64_t c = atomic_load_explicit(&e->count, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    if (atomic_load_explicit(&e->seq, memory_order_relaxed) != before || s != sides || k != kings)
        return false;
    *count = c;
    return true;
}

/* A bucket is two entries side by side (one cache line): the first keeps
 * the deeper tree, the second the newest. */
static entry *bucket(const perft_table *t, uint64_t sides, uint64_t kings)
{
    return &t->at[slot(t, sides, kings) & ~(size_t)1];
}

bool perft_table_get(perft_table *t, const fastpos *p, int depth, uint64_t *count)
{
    uint64_t sides = sides_key(p), kings = kings_key(p, depth);
    entry *e = bucket(t, sides, kings);
    bool hit = entry_get(&e[0], sides, kings, count) || (t->mask > 0 && entry_get(&e[1], sides, kings, count));
    if (t->counting) {
        atomic_fetch_add_explicit(&t->probes, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&t->hits, hit, memory_order_relaxed);
    }
    return hit;
}

static void entry_put(entry *e, uint64_t sides, uint64_t kings, uint64_t count)
{
    uint64_t seq = atomic_load_explicit(&e->seq, memory_order_relaxed);
    if ((seq & 1) || !atomic_compare_exchange_strong_explicit(&e->seq, &seq, seq + 1, memory_order_acquire,
                                                              memory_order_relaxed))
        return; /* another thread is writing it: skip */
    atomic_store_explicit(&e->sides, sides, memory_order_relaxed);
    atomic_store_explicit(&e->kings, kings, memory_order_relaxed);
    atomic_store_explicit(&e->count, count, memory_order_relaxed);
    atomic_store_explicit(&e->seq, seq + 2, memory_order_release);
}

void perft_table_put(perft_table *t, const fastpos *p, int depth, uint64_t count)
{
    uint64_t sides = sides_key(p), kings = kings_key(p, depth);
    entry *e = bucket(t, sides, kings);
    int deepest = (int)(atomic_load_explicit(&e[0].kings, memory_order_relaxed) >> 1 & 0x7F);
    if (t->counting)
        atomic_fetch_add_explicit(&t->stores, 1, memory_order_relaxed);
    entry_put(depth >= deepest || t->mask == 0 ? &e[0] : &e[1], sides, kings, count);
}

/* ==================== Counts ==================== */

void write_count(perft_count c, char out[COUNT_TEXT_SIZE])
{
    char digits[COUNT_TEXT_SIZE];
    int n = 0;
    do {
        digits[n++] = (char)('0' + (int)(c % 10));
        c /= 10;
    } while (c != 0);
    for (int i = 0; i < n; i++)
        out[i] = digits[n - 1 - i];
    out[n] = '\0';
}

/* a x b, or PERFT_COUNT_MAX if it does not fit. */
static perft_count times(perft_count a, perft_count b)
{
    if (a != 0 && b > PERFT_COUNT_MAX / a)
        return PERFT_COUNT_MAX;
    return a * b;
}

static perft_count plus(perft_count a, perft_count b) { return a + b < a ? PERFT_COUNT_MAX : a + b; }

/* ==================== Jobs: the positions a few plies on ==================== */

/* A job: a position and the number of paths that reach it. */
typedef struct {
    fastpos pos;
    perft_count paths;
} job;

typedef struct {
    job *at;
    size_t n, cap;
    size_t *index; /* open addressing into at, when merging */
    size_t index_mask;
    bool merge, failed;
} job_list;

static void jobs_free(job_list *l)
{
    free(l->at);
    free(l->index);
    *l = (job_list){0};
}

static size_t job_slot(const job_list *l, const fastpos *p)
{
    return slot(&(perft_table){.mask = l->index_mask}, sides_key(p), kings_key(p, 0));
}

static bool same_position(const fastpos *a, const fastpos *b)
{
    return a->black == b->black && a->white == b->white && a->kings == b->kings &&
           a->white_to_move == b->white_to_move;
}

/* Rebuilds the index at twice the list's room (index entries: position + 1). */
static bool reindex(job_list *l)
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

/* Adds `paths` paths to p: a new job, or (merging) more paths to p's. */
static void jobs_add(job_list *l, const fastpos *p, perft_count paths)
{
    if (l->failed)
        return;
    size_t s = 0;
    if (l->merge && l->index != NULL) {
        for (s = job_slot(l, p); l->index[s] != 0; s = (s + 1) & l->index_mask)
            if (same_position(&l->at[l->index[s] - 1].pos, p)) {
                job *j = &l->at[l->index[s] - 1];
                j->paths = plus(j->paths, paths);
                return;
            }
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        job *at = realloc(l->at, cap * sizeof *at);
        if (at == NULL) {
            l->failed = true;
            return;
        }
        l->at = at;
        l->cap = cap;
        if (l->merge) {
            if (!reindex(l)) {
                l->failed = true;
                return;
            }
            for (s = job_slot(l, p); l->index[s] != 0; s = (s + 1) & l->index_mask)
                ;
        }
    }
    l->at[l->n] = (job){*p, paths};
    if (l->merge)
        l->index[s] = l->n + 1;
    l->n++;
}

typedef struct {
    job_list *next;
    perft_count paths;
} expansion;

static void add_child(void *ctx, const move *m, const fastpos *after)
{
    (void)m;
    expansion *e = ctx;
    jobs_add(e->next, after, e->paths);
}

/* The jobs one ply on from l's; false (l freed) if out of memory. */
static bool expand(job_list *l)
{
    job_list next = {.merge = l->merge};
    for (size_t i = 0; i < l->n; i++) {
        expansion e = {&next, l->at[i].paths};
        fast_each_move(&l->at[i].pos, add_child, &e);
    }
    jobs_free(l);
    *l = next;
    return !next.failed;
}

/* ==================== Running the jobs on threads ==================== */

typedef struct {
    const job_list *jobs;
    int depth; /* each job's */
    perft_table *table;
    perft_count *counts;        /* each job's tree */
    perft_journal *journal;     /* or NULL: the jobs it has are done */
    bool nobulk;                /* every move of the last ply played */
    atomic_size_t next, done, fresh; /* fresh: done by this run */
    _Atomic uint64_t leaves;    /* for progress: count x paths so far, capped */
    atomic_bool journal_failed;
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
        perft_count w = times(c, r->jobs->at[i].paths);
        atomic_fetch_add(&r->leaves, w > UINT64_MAX / 4 ? UINT64_MAX / 4 : (uint64_t)w);
        atomic_fetch_add(&r->fresh, 1);
        atomic_fetch_add(&r->done, 1);
    }
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The choices a run is made with. */
typedef struct {
    int threads;
    bool divide, stats, nobulk;
    bool progress, progress_lines; /* progress: on a terminal, or (--progress) as lines */
    const char *journal;           /* --journal FILE, or NULL */
} perft_options;

/* What a count took. */
typedef struct {
    perft_count count;
    double seconds;
    bool out_of_memory, failed; /* failed: said on stderr */
} result;

/* With a journal the jobs are the same whatever the threads: this many at
 * least, the positions merged. */
enum { JOURNAL_JOBS = 1024 };

/* The journal of p's count at depth, in jobs of `ply` plies on; NULL (said)
 * if it cannot be opened. */
static perft_journal *open_journal(const char *path, const fastpos *p, int depth, int ply, size_t jobs)
{
    position pos = position_of(p);
    char fen[FEN_SIZE], key[FEN_SIZE + 96], err[JOURNAL_ERROR_SIZE];
    write_fen(&pos, fen);
    snprintf(key, sizeof key, "perft %s %d, %d plies, %zu jobs", fen, depth, ply, jobs);
    perft_journal *j = journal_open(path, key, jobs, err);
    if (j == NULL)
        fprintf(stderr, "reference: %s\n", err);
    return j;
}

/* Counts p's tree at depth: expands it until there are jobs enough for the
 * threads (or for a journal), then counts the jobs on them. */
static result count_tree(const fastpos *p, int depth, perft_table *t, const perft_options *o, const char *what)
{
    result res = {0};
    double start = seconds_now();
    bool shown = o->progress || o->progress_lines;
    job_list jobs = {.merge = t != NULL || o->journal != NULL};
    jobs_add(&jobs, p, 1);
    int ply = 0;
    size_t want = o->threads > 1 || shown ? (size_t)o->threads * 32 : 1;
    if (o->journal != NULL)
        want = JOURNAL_JOBS;
    while (!jobs.failed && ply < depth - 5 && jobs.n < want && jobs.n > 0) {
        if (!expand(&jobs))
            break;
        ply++;
    }
    perft_count *counts = calloc(jobs.n ? jobs.n : 1, sizeof *counts);
    if (jobs.failed || counts == NULL) {
        free(counts);
        jobs_free(&jobs);
        res.out_of_memory = true;
        return res;
    }
    run r = {.jobs = &jobs, .depth = depth - ply, .table = t, .counts = counts, .nobulk = o->nobulk};
    if (o->journal != NULL && (r.journal = open_journal(o->journal, p, depth, ply, jobs.n)) == NULL) {
        free(counts);
        jobs_free(&jobs);
        res.failed = true;
        return res;
    }
    int threads = o->threads < 1 ? 1 : o->threads;
    if ((size_t)threads > jobs.n)
        threads = jobs.n ? (int)jobs.n : 1;
    pthread_t ids[threads];
    int started = 0;
    for (; started < threads - 1; started++)
        if (pthread_create(&ids[started], NULL, worker, &r) != 0)
            break; /* fewer threads: the work still gets done */
    if (shown && pthread_create(&ids[started], NULL, worker, &r) == 0) {
        started++; /* this thread shows the progress while the others count */
        progress pr;
        progress_start(&pr, stderr, !o->progress_lines, start);
        while (atomic_load(&r.done) < jobs.n) {
            nanosleep(&(struct timespec){0, 250000000}, NULL);
            progress_show(&pr, what, atomic_load(&r.done), atomic_load(&r.fresh), jobs.n, atomic_load(&r.leaves),
                          seconds_now());
        }
        progress_end(&pr);
    } else {
        worker(&r);
    }
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    if (r.journal != NULL) {
        if (journal_resumed(r.journal) > 0)
            fprintf(stderr, "reference: journal %s: %zu of %zu jobs resumed\n", o->journal,
                    journal_resumed(r.journal), jobs.n);
        journal_close(r.journal);
        if (atomic_load(&r.journal_failed)) {
            fprintf(stderr, "reference: journal %s: a job could not be recorded\n", o->journal);
            res.failed = true;
        }
    }
    res.count = 0;
    for (size_t i = 0; i < jobs.n; i++)
        res.count = plus(res.count, times(counts[i], jobs.at[i].paths));
    res.seconds = seconds_now() - start;
    free(counts);
    jobs_free(&jobs);
    return res;
}

perft_count perft_tree(const fastpos *p, int depth, perft_table *t, int threads)
{
    perft_options o = {.threads = threads};
    result r = count_tree(p, depth, t, &o, "perft");
    return r.out_of_memory ? PERFT_COUNT_MAX : r.count;
}

/* ==================== The command line ==================== */

static void perft_usage(FILE *out)
{
    fprintf(out,
            "usage: reference perft FEN DEPTH [--divide] [--after MOVES] [--hash MIB] [--threads N]\n"
            "                         [--stats] [--journal FILE] [--progress] [--nobulk]\n"
            "       reference perft FEN FROM-TO              a line a depth: count, time, leaves/s\n"
            "       reference perft FEN DEPTH --split PLIES  the jobs of a deep perft\n"
            "       reference perft [DEPTH] < LINES          one count a line\n"
            "       reference perft --sum < RESULTS          their exact total\n"
            "       reference perft --suite FILE             counts against expected ones\n"
            "\n"
            "The number of move sequences of DEPTH moves (0-%d) from FEN, every capture\n"
            "path counted, on the last line: \"perft DEPTH: COUNT\" (exact past 2^64).\n"
            "\n"
            "  --divide        first the count after each first move, \"MOVE: COUNT\", each\n"
            "                  line written as it is counted\n"
            "  --after MOVES   count from the position after MOVES (\"11-15 22-18\", read as\n"
            "                  game reads them); with --divide, the drill-down\n"
            "  --hash MIB      the transposition table's size in MiB (default %d; 0: none);\n"
            "                  a count gets no more than its depth can fill\n"
            "  --hash-entries N  a table of N entries (32 bytes each) at any depth\n"
            "  --threads N     threads to count with, 1-1024 (default: the processors, here %ld)\n"
            "  --stats         a line before each count: the table as used (and why smaller\n"
            "                  than asked), threads, time, leaves/s, the table's probes,\n"
            "                  hits and stores\n"
            "  --journal FILE  record each finished job in FILE; the same command with the\n"
            "                  same FILE resumes an interrupted count\n"
            "  --progress      progress lines on standard error on a pipe or a file too\n"
            "                  (after 1, 2, 4 ... s, then once a minute; with the time left)\n"
            "  --nobulk        play every move of the last ply instead of counting them\n"
            "                  (slower: checks the bulk count)\n"
            "  --split K       write the positions K plies on, one job a line,\n"
            "                  \"N/OF FEN DEPTH-K PATHS\" (PATHS: the move sequences\n"
            "                  reaching it), streamed\n"
            "  --sum           add result lines from standard input; refuses a line that is\n"
            "                  no result and names a job missing or given twice\n"
            "  --suite FILE    lines \"FEN ;D1 N ;D2 N ...\": \"ok\" or \"MISMATCH\" for each\n"
            "                  depth with its line, expected and got; exit 1 on a mismatch\n"
            "\n"
            "LINES are \"FEN\" (with DEPTH given), \"FEN DEPTH\", \"FEN DEPTH PATHS\" or a job\n"
            "\"N/OF FEN DEPTH PATHS\", blank and # lines skipped; each gets \"perft DEPTH:\n"
            "COUNT\", or \"[N/OF ]perft DEPTH x PATHS: COUNT x PATHS\", or error (the fault\n"
            "on standard error after its line number; exit status 2).\n"
            "On a terminal, standard error shows the progress of a long count.\n",
            MAX_DEPTH, DEFAULT_HASH_MIB, sysconf(_SC_NPROCESSORS_ONLN));
}

/* text as a depth 0-MAX_DEPTH into *depth; else a message naming it, after
 * `where` ("reference: ", or "line N: " in a batch). */
static bool read_depth_at(const char *where, const char *text, size_t len, int *depth)
{
    perft_count c;
    if (read_count(text, len, &c) && c <= MAX_DEPTH) {
        *depth = (int)c;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text, len, q);
    fprintf(stderr, "%sdepth: %s is not a depth: a whole number 0-%d\n", where, q, MAX_DEPTH);
    return false;
}

static bool read_depth(const char *text, size_t len, int *depth) { return read_depth_at("reference: ", text, len, depth); }

/* A whole number min-max from an option's value; else a message. */
static bool read_number_in(const char *option, const char *text, size_t min, size_t max, size_t *n)
{
    perft_count c;
    if (read_count(text, strlen(text), &c) && c >= min && c <= max) {
        *n = (size_t)c;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text, strlen(text), q);
    fprintf(stderr, "reference: %s: %s is not a whole number %zu-%zu\n", option, q, min, max);
    return false;
}

static bool read_number(const char *option, const char *text, size_t max, size_t *n)
{
    return read_number_in(option, text, 0, max, n);
}

static bool read_fen_at(const char *where, const char *text, size_t len, int column, fastpos *p)
{
    char err[NOTATION_ERROR_SIZE];
    position pos;
    if (!parse_fen(text, len, column, &pos, err)) {
        fprintf(stderr, "%s%s\n", where, err);
        return false;
    }
    *p = fastpos_of(&pos);
    return true;
}

static bool read_fen_text(const char *text, size_t len, int column, fastpos *p)
{
    return read_fen_at("reference: ", text, len, column, p);
}

static int written(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("reference: writing output");
        return 1;
    }
    return status;
}

/* The count's line; false (with a message) if it overflowed. */
static bool print_count(const char *label, perft_count c)
{
    if (c == PERFT_COUNT_MAX) {
        fprintf(stderr, "reference: %s: the count does not fit in 128 bits\n", label);
        return false;
    }
    char text[COUNT_TEXT_SIZE];
    write_count(c, text);
    printf("%s: %s\n", label, text);
    return true;
}

/* The processor time of the whole process, every thread's, in seconds. */
static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The table a count gets: as big as its depth can fill, up to what was
 * asked; made anew only when a deeper count needs more. */
typedef struct {
    perft_table *t;
    size_t asked; /* entries --hash or --hash-entries asked for; 0: none */
    bool exact;   /* --hash-entries: that size at any depth */
    bool stats;   /* count probes, hits and stores */
} table_store;

/* The entries a count at depth gets: none under TABLE_WORTH (quick without
 * one), at most 4^(depth-2) (no more trees to store). */
static size_t entries_for(const table_store *s, int depth)
{
    if (s->exact)
        return s->asked;
    if (depth < TABLE_WORTH)
        return 0;
    if (depth < 22 && s->asked > (size_t)1 << (2 * depth - 4))
        return (size_t)1 << (2 * depth - 4);
    return s->asked;
}

/* The table for a count at depth (NULL for none); *no_memory if wanted
 * and there was no memory for it (said). */
static perft_table *table_for(table_store *s, int depth, bool *no_memory)
{
    size_t want = entries_for(s, depth);
    *no_memory = false;
    if (want == 0)
        return NULL;
    if (s->t != NULL && perft_table_entries(s->t) * 2 > want)
        return s->t; /* big enough: the same rounding down to a power of two */
    perft_table_free(s->t);
    s->t = perft_table_new(want);
    if (s->t == NULL) {
        fprintf(stderr, "reference: no memory for a table of %zu entries (try a smaller --hash)\n", want);
        *no_memory = true;
        return NULL;
    }
    s->t->counting = s->stats;
    return s->t;
}

static void size_text(size_t bytes, char out[32])
{
    snprintf(out, 32, bytes >> 20 ? "%zu MiB" : "%zu KiB", bytes >> (bytes >> 20 ? 20 : 10));
}

/* --stats: the table as used (and why it is smaller than asked), the wall
 * time and the processor time the count took, the leaves a second of each
 * (on a busy machine the second is the fair one), the table's probes, hits
 * and stores (since the last stats line). */
static void print_stats(table_store *s, int depth, const perft_options *o, perft_count count, double seconds,
                        double cpu)
{
    perft_table *t = s->t != NULL && entries_for(s, depth) > 0 ? s->t : NULL;
    char used[32] = "none", asked[32], why[96] = "";
    if (t != NULL)
        size_text(perft_table_entries(t) * sizeof(entry), used);
    size_text(s->asked * sizeof(entry), asked);
    if (t == NULL && s->asked > 0)
        snprintf(why, sizeof why, " (a perft %d is quick without one)", depth);
    else if (t != NULL && !s->exact && entries_for(s, depth) < s->asked)
        snprintf(why, sizeof why, " (of %s asked: a perft %d fills no more)", asked, depth);
    printf("table %s%s, threads %d, %.3f s, %.1f M leaves/s; cpu %.3f s, %.1f M leaves/s", used, why, o->threads,
           seconds, seconds > 0 ? (double)count / seconds / 1e6 : 0.0, cpu, cpu > 0 ? (double)count / cpu / 1e6 : 0.0);
    if (t != NULL) {
        uint64_t probes = atomic_exchange(&t->probes, 0), hits = atomic_exchange(&t->hits, 0);
        printf("; probes %" PRIu64 ", hits %" PRIu64 " (%.1f%%), stores %" PRIu64, probes, hits,
               probes ? 100.0 * (double)hits / (double)probes : 0.0, atomic_exchange(&t->stores, 0));
    }
    putchar('\n');
}

/* One count, or --divide's lines and then the count. */
static int count_one(const fastpos *p, int depth, table_store *ts, const perft_options *o)
{
    bool no_memory;
    perft_table *t = table_for(ts, depth, &no_memory);
    if (no_memory)
        return 1;
    char label[32];
    snprintf(label, sizeof label, "perft %d", depth);
    result total = {0};
    double start = seconds_now(), cpu_start = cpu_seconds();
    if (o->divide && depth > 0) {
        position pos = position_of(p);
        move_list moves = {0};
        side_moves(&pos.b, pos.turn, &moves); /* the readable list: its order and its text */
        for (size_t i = 0; i < moves.n; i++) {
            position next = pos;
            play_position(&next, &moves.at[i]);
            fastpos q = fastpos_of(&next);
            char what[128], text[MOVE_TEXT_SIZE];
            write_move(&moves.at[i], text);
            snprintf(what, sizeof what, "perft %d, move %zu/%zu %s", depth, i + 1, moves.n, text);
            result r = count_tree(&q, depth - 1, t, o, what);
            if (r.out_of_memory) {
                move_list_free(&moves);
                fputs("reference: out of memory for perft's jobs\n", stderr);
                return 1;
            }
            if (!print_count(text, r.count)) {
                move_list_free(&moves);
                return written(1);
            }
            fflush(stdout); /* each line as it is counted, through a pipe too */
            total.count = plus(total.count, r.count);
        }
        move_list_free(&moves);
    } else {
        total = count_tree(p, depth, t, o, label);
        if (total.out_of_memory)
            fputs("reference: out of memory for perft's jobs\n", stderr);
        if (total.out_of_memory || total.failed)
            return 1;
    }
    if (o->stats)
        print_stats(ts, depth, o, total.count, seconds_now() - start, cpu_seconds() - cpu_start);
    return written(print_count(label, total.count) ? 0 : 1);
}

/* --split keeps at most about this many jobs in memory.  Past it, the last
 * plies stream out in windows of this many, each merged within itself: a
 * position in two windows is two jobs (more lines, the same sum). */
#ifndef SPLIT_WINDOW_JOBS
#define SPLIT_WINDOW_JOBS (1 << 20) /* perft.bats builds a copy with a small one */
#endif
enum { SPLIT_WINDOW = SPLIT_WINDOW_JOBS };

/* The jobs of a split as they come: numbered, written or only counted. */
typedef struct {
    job_list window;
    int depth;      /* each job's */
    bool write;     /* false: a first pass that only counts them */
    uint64_t n, of; /* jobs so far; how many there are (when writing) */
} split_out;

static void flush_window(split_out *s)
{
    for (size_t i = 0; i < s->window.n; i++) {
        s->n++;
        if (!s->write)
            continue;
        position pos = position_of(&s->window.at[i].pos);
        char fen[FEN_SIZE], paths[COUNT_TEXT_SIZE], id[JOB_ID_SIZE];
        write_fen(&pos, fen);
        write_count(s->window.at[i].paths, paths);
        write_job_id((job_id){s->n, s->of}, id);
        printf("%s %s %d %s\n", id, fen, s->depth, paths);
    }
    jobs_free(&s->window);
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
    jobs_add(&d->out->window, after, d->paths);
    if (d->out->window.n >= SPLIT_WINDOW)
        flush_window(d->out);
}

/* The jobs `left` plies on from each of the frontier's, through s; false
 * if out of memory. */
static bool split_pass(const job_list *frontier, int left, split_out *s)
{
    s->n = 0;
    s->window = (job_list){.merge = true};
    for (size_t i = 0; i < frontier->n && !s->window.failed; i++) {
        if (left == 0) {
            jobs_add(&s->window, &frontier->at[i].pos, frontier->at[i].paths);
            continue;
        }
        descent d = {s, left, frontier->at[i].paths};
        fast_each_move(&frontier->at[i].pos, descend, &d);
    }
    bool ok = !s->window.failed;
    if (ok)
        flush_window(s);
    jobs_free(&s->window);
    return ok;
}

/* --split: the jobs K plies on, merged, one a line with its id "n/of",
 * written as they come.  The positions are expanded in memory while they
 * are few; the rest of the plies stream (then a first pass counts them, for
 * the ids' "of"). */
static int split(const fastpos *p, int depth, int plies)
{
    if (plies > depth) {
        fprintf(stderr, "reference: --split %d: deeper than the perft (%d)\n", plies, depth);
        return 2;
    }
    job_list frontier = {.merge = true};
    jobs_add(&frontier, p, 1);
    int ply = 0;
    for (; ply < plies && !frontier.failed && frontier.n < SPLIT_WINDOW / 16; ply++)
        expand(&frontier);
    split_out s = {.depth = depth - plies};
    bool ok = !frontier.failed;
    if (ok && ply < plies)
        ok = split_pass(&frontier, plies - ply, &s); /* count them first */
    else
        s.n = frontier.n;
    s.of = s.n;
    s.write = true;
    ok = ok && split_pass(&frontier, plies - ply, &s);
    jobs_free(&frontier);
    if (!ok) {
        fputs("reference: out of memory for perft's jobs\n", stderr);
        return 1;
    }
    return written(0);
}

/* The fields of a line, split at spaces and tabs: at most 5 kept. */
typedef struct {
    const char *at[5];
    size_t len[5];
    int n;
} fields;

static fields split_fields(const char *line, size_t len)
{
    fields f = {0};
    size_t i = 0;
    while (i < len) {
        while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            i++;
        if (f.n < 5) {
            f.at[f.n] = line + start;
            f.len[f.n] = i - start;
        }
        f.n++;
    }
    return f;
}

/* One batch line, number `number`: "FEN", "FEN DEPTH", "FEN DEPTH PATHS" or
 * a job "N/OF FEN DEPTH PATHS"; false (the fault on stderr after "line
 * N: ") if bad. */
static bool count_line(const char *line, size_t len, long number, int depth, table_store *ts, const perft_options *o)
{
    fields f = split_fields(line, len);
    char where[32];
    snprintf(where, sizeof where, "line %ld: ", number);
    job_id id = {0, 0};
    if (f.n == 4 && !read_job_id(f.at[0], f.len[0], &id)) {
        char q[QUOTE_SIZE];
        quote_text(f.at[0], f.len[0], q);
        fprintf(stderr, "%sjob: %s is not a job id N/OF (1 <= N <= OF), as --split writes it\n", where, q);
        return false;
    }
    if (f.n == 4) { /* the id read: the rest is FEN DEPTH PATHS */
        for (int i = 0; i < 3; i++) {
            f.at[i] = f.at[i + 1];
            f.len[i] = f.len[i + 1];
        }
        f.n = 3;
    }
    perft_count paths = 1;
    fastpos p;
    if (f.n > 4) {
        fprintf(stderr, "%sa line is FEN, FEN DEPTH, FEN DEPTH PATHS or a job N/OF FEN DEPTH PATHS, not %d fields\n",
                where, f.n);
        return false;
    }
    if (f.n == 1 && depth < 0) {
        fprintf(stderr, "%sno DEPTH: give one on the line (FEN DEPTH) or as perft's argument\n", where);
        return false;
    }
    if (!read_fen_at(where, f.at[0], f.len[0], (int)(f.at[0] - line) + 1, &p))
        return false;
    if (f.n >= 2 && !read_depth_at(where, f.at[1], f.len[1], &depth))
        return false;
    if (f.n == 3 && (!read_count(f.at[2], f.len[2], &paths) || paths == 0)) {
        fprintf(stderr, "%spaths: not a whole number 1 or more\n", where);
        return false;
    }
    bool no_memory;
    perft_table *t = table_for(ts, depth, &no_memory);
    if (no_memory)
        return false;
    double start = seconds_now(), cpu_start = cpu_seconds();
    result r = count_tree(&p, depth, t, o, "perft");
    if (r.out_of_memory) {
        fputs("reference: out of memory for perft's jobs\n", stderr);
        return false;
    }
    if (o->stats)
        print_stats(ts, depth, o, r.count, seconds_now() - start, cpu_seconds() - cpu_start);
    char label[128], name[JOB_ID_SIZE + 1] = "";
    if (id.of != 0) {
        char id_text[JOB_ID_SIZE];
        write_job_id(id, id_text);
        snprintf(name, sizeof name, "%s ", id_text);
    }
    if (f.n == 3) {
        char text[COUNT_TEXT_SIZE];
        write_count(paths, text);
        snprintf(label, sizeof label, "%sperft %d x %s", name, depth, text);
    } else {
        snprintf(label, sizeof label, "%sperft %d", depth < 0 ? "" : name, depth);
    }
    return print_count(label, times(r.count, paths));
}

/* Reads a line of any length from in into *buf; false at the end. */
static bool read_line(FILE *in, char **buf, size_t *cap, size_t *len)
{
    size_t n = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n + 1 >= *cap) {
            size_t grown = *cap ? 2 * *cap : 256;
            char *b = realloc(*buf, grown);
            if (b == NULL) {
                fputs("reference: out of memory for a line\n", stderr);
                exit(1);
            }
            *buf = b;
            *cap = grown;
        }
        (*buf)[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return false;
    *len = n;
    return true;
}

static bool skipped(const char *line, size_t len)
{
    fields f = split_fields(line, len);
    return f.n == 0 || f.at[0][0] == '#';
}

/* perft [DEPTH] < LINES: a count a line, flushed as it comes. */
static int batch(int depth, table_store *t, const perft_options *o)
{
    char *line = NULL;
    size_t cap = 0, len;
    int status = 0;
    long number = 0;
    while (read_line(stdin, &line, &cap, &len)) {
        number++;
        if (skipped(line, len))
            continue;
        if (!count_line(line, len, number, depth, t, o)) {
            puts("error");
            status = 2;
        }
        fflush(stdout);
    }
    free(line);
    return written(status);
}

/* perft FEN FROM-TO: a line a depth, its count, time and leaves a second,
 * the table shared (a deeper count finds the shallower subtrees). */
static int depth_table(const fastpos *p, int from, int to, table_store *ts, const perft_options *o)
{
    for (int depth = from; depth <= to; depth++) {
        char label[32], text[COUNT_TEXT_SIZE];
        snprintf(label, sizeof label, "perft %d", depth);
        bool no_memory;
        perft_table *t = table_for(ts, depth, &no_memory);
        if (no_memory)
            return 1;
        double cpu_start = cpu_seconds();
        result r = count_tree(p, depth, t, o, label);
        if (r.out_of_memory)
            fputs("reference: out of memory for perft's jobs\n", stderr);
        if (r.out_of_memory || r.failed)
            return 1;
        if (o->stats)
            print_stats(ts, depth, o, r.count, r.seconds, cpu_seconds() - cpu_start);
        if (r.count == PERFT_COUNT_MAX)
            return written(print_count(label, r.count) ? 0 : 1);
        write_count(r.count, text);
        printf("perft %2d: %22s %10.3f s %10.1f M leaves/s\n", depth, text, r.seconds,
               r.seconds > 0 ? (double)r.count / r.seconds / 1e6 : 0.0);
        fflush(stdout);
    }
    return written(0);
}

/* perft --suite FILE: each line's counts against the expected ones. */
static int run_suite(const char *path, table_store *ts, const perft_options *o)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        fprintf(stderr, "reference: --suite %s: %s\n", path, strerror(errno));
        return 2;
    }
    char *line = NULL;
    size_t cap = 0, len;
    int status = 0;
    long number = 0, positions = 0, counts = 0, mismatches = 0, bad = 0;
    double start = seconds_now();
    while (status < 2 && read_line(in, &line, &cap, &len)) {
        number++;
        if (skipped(line, len))
            continue;
        suite_line sl;
        char err[NOTATION_ERROR_SIZE];
        if (!read_suite_line(line, len, &sl, err)) {
            printf("error line %ld\n", number);
            fprintf(stderr, "reference: --suite %s, line %ld: %s\n", path, number, err);
            bad++;
            continue;
        }
        positions++;
        fastpos p = fastpos_of(&sl.pos);
        for (int i = 0; i < sl.n; i++) {
            bool no_memory;
            perft_table *t = table_for(ts, sl.at[i].depth, &no_memory);
            if (no_memory) {
                status = 1;
                break;
            }
            result r = count_tree(&p, sl.at[i].depth, t, o, "perft");
            if (r.out_of_memory)
                fputs("reference: out of memory for perft's jobs\n", stderr);
            if (r.out_of_memory || r.failed) {
                status = 1;
                break;
            }
            char got[COUNT_TEXT_SIZE], expected[COUNT_TEXT_SIZE];
            write_count(r.count, got);
            write_count(sl.at[i].expected, expected);
            counts++;
            if (r.count == sl.at[i].expected) {
                printf("ok line %ld depth %d: %s\n", number, sl.at[i].depth, got);
            } else {
                printf("MISMATCH line %ld depth %d: expected %s, got %s\n", number, sl.at[i].depth, expected, got);
                mismatches++;
            }
            fflush(stdout);
        }
    }
    free(line);
    if (ferror(in))
        fprintf(stderr, "reference: --suite %s: %s\n", path, strerror(errno));
    fclose(in);
    printf("suite: %ld positions, %ld counts, %ld mismatches, %ld bad lines, %.3f s\n", positions, counts, mismatches,
           bad, seconds_now() - start);
    return written(status ? status : mismatches ? 1 : bad ? 2 : 0);
}

/* "FROM-TO" (1-12): a range of depths, FROM <= TO; false if it is none (a
 * message if it looks like one). */
static bool read_range(const char *text, int *from, int *to, bool *is_range)
{
    const char *dash = strchr(text, '-');
    *is_range = dash != NULL && dash != text;
    if (!*is_range)
        return false;
    if (!read_depth(text, (size_t)(dash - text), from) || !read_depth(dash + 1, strlen(dash + 1), to))
        return false;
    if (*from > *to) {
        fprintf(stderr, "reference: depths %s: the first is deeper than the last\n", text);
        return false;
    }
    return true;
}

/* ==================== Arguments ==================== */

/* Is arg a number such as -1 (a word, if a bad depth), not an option? */
static bool is_negative_number(const char *arg) { return arg[0] == '-' && arg[1] >= '0' && arg[1] <= '9'; }

/* The value of option `name` if arg is it: --name=VALUE, or --name VALUE
 * (next, then *skip is 1); NULL if arg is another option. */
static const char *option_value(const char *arg, const char *next, int *skip, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return NULL;
    if (arg[n] == '=')
        return arg + n + 1;
    if (arg[n] != '\0')
        return NULL;
    if (next == NULL) {
        fprintf(stderr, "reference: %s needs a value (try perft --help)\n", name);
        return "";
    }
    *skip = 1;
    return next;
}

/* The options that take a value: one message when it is missing. */
static bool missing_value(const char *arg, bool last)
{
    static const char *const valued[] = {"--hash", "--hash-entries", "--threads", "--split",
                                         "--after", "--suite", "--journal"};
    for (size_t i = 0; last && i < sizeof valued / sizeof *valued; i++)
        if (!strcmp(arg, valued[i])) {
            fprintf(stderr, "reference: %s needs a value (try perft --help)\n", arg);
            return true;
        }
    return false;
}

int perft_main(int argc, char *argv[])
{
    perft_options o = {.threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .progress = isatty(2) == 1};
    size_t hash_mib = DEFAULT_HASH_MIB, entries = 0, threads = 0, plies = 0;
    bool sum = false, has_split = false, has_threads = false, seen_perft = false;
    const char *word[3], *after = NULL, *suite = NULL;
    int words = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL, *v;
        int skip = 0;
        if (missing_value(arg, next == NULL))
            return 2;
        if (!seen_perft && !strcmp(arg, "perft")) {
            seen_perft = true;
        } else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            perft_usage(stdout);
            return 0;
        } else if (!strcmp(arg, "--divide")) {
            o.divide = true;
        } else if (!strcmp(arg, "--stats")) {
            o.stats = true;
        } else if (!strcmp(arg, "--nobulk")) {
            o.nobulk = true;
        } else if (!strcmp(arg, "--progress")) {
            o.progress_lines = true;
        } else if (!strcmp(arg, "--sum")) {
            sum = true;
        } else if ((v = option_value(arg, next, &skip, "--hash")) != NULL) {
            if (!read_number("--hash", v, (size_t)1 << 20, &hash_mib))
                return 2;
        } else if ((v = option_value(arg, next, &skip, "--hash-entries")) != NULL) {
            if (!read_number_in("--hash-entries", v, 1, (size_t)1 << 40, &entries))
                return 2;
        } else if ((v = option_value(arg, next, &skip, "--threads")) != NULL) {
            if (!read_number_in("--threads", v, 1, 1024, &threads))
                return 2;
            has_threads = true;
        } else if ((v = option_value(arg, next, &skip, "--split")) != NULL) {
            if (!read_number("--split", v, MAX_DEPTH, &plies))
                return 2;
            has_split = true;
        } else if ((v = option_value(arg, next, &skip, "--after")) != NULL) {
            after = v;
        } else if ((v = option_value(arg, next, &skip, "--suite")) != NULL) {
            suite = v;
        } else if ((v = option_value(arg, next, &skip, "--journal")) != NULL) {
            o.journal = v;
        } else if (!strcmp(arg, "--show")) {
            fputs("reference: --show is for moves and game, not perft\n", stderr);
            return 2;
        } else if (!strcmp(arg, "--legend")) {
            fputs("reference: --legend is for the question and moves, not perft\n", stderr);
            return 2;
        } else if (!strcmp(arg, "--explain") || !strcmp(arg, "--moves") || !strcmp(arg, "--rule") ||
                   !strncmp(arg, "--rule=", 7)) {
            fputs("reference: --rule, --explain and --moves are for the challenge's question, not perft\n", stderr);
            return 2;
        } else if (arg[0] == '-' && arg[1] != '\0' && !is_negative_number(arg)) {
            fprintf(stderr, "reference: unknown option %s (try perft --help)\n", arg);
            return 2;
        } else {
            if (words == 3) {
                fputs("reference: perft takes two arguments, FEN and DEPTH (try --help)\n", stderr);
                return 2;
            }
            word[words++] = arg;
        }
        i += skip;
    }
    if (has_threads)
        o.threads = (int)threads;
    if (o.threads < 1)
        o.threads = 1;
    if (sum) {
        if (words > 0 || o.divide || has_split || suite || after) {
            fputs("reference: perft --sum takes no arguments: the results come on standard input\n", stderr);
            return 2;
        }
        return written(sum_results(stdin, stdout));
    }
    table_store ts = {.asked = entries > 0 ? entries : hash_mib * ((size_t)1 << 20) / sizeof(entry),
                      .exact = entries > 0, .stats = o.stats};
    if (suite != NULL) {
        if (words > 0 || o.divide || has_split || after || o.journal) {
            fputs("reference: perft --suite FILE takes no FEN, DEPTH, --divide, --split, --after or --journal\n",
                  stderr);
            return 2;
        }
        int status = run_suite(suite, &ts, &o);
        perft_table_free(ts.t);
        return status;
    }
    /* One word: a depth for the lines on standard input, else a FEN alone. */
    int depth = -1, from = -1;
    bool one_depth = words == 1 && strspn(word[0], "0123456789-") == strlen(word[0]), is_range = false;
    if (words == 2 && read_range(word[1], &from, &depth, &is_range)) {
        /* FEN FROM-TO */
    } else if (is_range) {
        return 2;
    } else if (words == 2 || one_depth) {
        const char *d = word[words - 1];
        if (!read_depth(d, strlen(d), &depth))
            return 2;
    } else if (words != 0) {
        fputs("reference: perft takes two arguments, FEN and DEPTH (try --help)\n", stderr);
        return 2;
    }
    if (words < 2 && (o.divide || has_split || after || o.journal)) {
        fputs("reference: --divide, --split, --after and --journal take FEN and DEPTH as arguments\n", stderr);
        return 2;
    }
    if (o.divide && has_split) {
        fputs("reference: --divide or --split, not both\n", stderr);
        return 2;
    }
    if (o.journal && (o.divide || has_split || is_range || o.nobulk)) {
        fputs("reference: --journal is for one count: not with --divide, --split, --nobulk or a range of depths\n",
              stderr);
        return 2;
    }
    fastpos p;
    if (words == 2 && !read_fen_text(word[0], strlen(word[0]), 1, &p))
        return 2;
    if (after != NULL) {
        position pos = position_of(&p);
        char err[NOTATION_ERROR_SIZE];
        if (!play_after(&pos, after, err)) {
            fprintf(stderr, "reference: %s\n", err);
            return 2;
        }
        p = fastpos_of(&pos);
    }
    if (has_split)
        return split(&p, depth, (int)plies);
    if (o.nobulk)
        ts.asked = 0; /* the last ply played, the tree counted with no table */
    int status = is_range ? depth_table(&p, from, depth, &ts, &o)
                 : words == 2 ? count_one(&p, depth, &ts, &o)
                              : batch(depth, &ts, &o);
    perft_table_free(ts.t);
    return status;
}
