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
    size_t mask; /* entries - 1 */
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
    return entry_get(&e[0], sides, kings, count) || (t->mask > 0 && entry_get(&e[1], sides, kings, count));
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

/* A count in decimal, all of text[0..len): false if junk or too big. */
static bool read_count(const char *text, size_t len, perft_count *c)
{
    *c = 0;
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        perft_count next = *c * 10 + (perft_count)(text[i] - '0');
        if (*c > PERFT_COUNT_MAX / 10 || next < *c * 10)
            return false;
        *c = next;
    }
    return true;
}

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
    return slot(&(perft_table){NULL, l->index_mask}, sides_key(p), kings_key(p, 0));
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
    atomic_size_t next, done;
    _Atomic uint64_t leaves;    /* for progress: count x paths so far, capped */
} run;

static void *worker(void *arg)
{
    run *r = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&r->next, 1);
        if (i >= r->jobs->n)
            return NULL;
        perft_count c = fast_perft(&r->jobs->at[i].pos, r->depth, r->table);
        r->counts[i] = c;
        perft_count w = times(c, r->jobs->at[i].paths);
        atomic_fetch_add(&r->leaves, w > UINT64_MAX / 4 ? UINT64_MAX / 4 : (uint64_t)w);
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
    bool divide, stats, progress; /* progress: stderr is a terminal */
} perft_options;

/* What a count took. */
typedef struct {
    perft_count count;
    double seconds;
    bool out_of_memory;
} result;

/* Progress on stderr, over itself: the jobs done, leaves a second, time. */
static void show_progress(const char *what, size_t done, size_t total, uint64_t leaves, double elapsed)
{
    fprintf(stderr, "\r%s: %zu/%zu jobs, %.1f M leaves/s, %.1f s  ", what, done, total,
            elapsed > 0 ? (double)leaves / elapsed / 1e6 : 0.0, elapsed);
}

/* Counts p's tree at depth: expands it until there are jobs enough for the
 * threads, then counts the jobs on them. */
static result count_tree(const fastpos *p, int depth, perft_table *t, const perft_options *o, const char *what)
{
    result res = {0};
    double start = seconds_now();
    job_list jobs = {.merge = t != NULL};
    jobs_add(&jobs, p, 1);
    int ply = 0;
    size_t want = o->threads > 1 || o->progress ? (size_t)o->threads * 32 : 1;
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
    run r = {.jobs = &jobs, .depth = depth - ply, .table = t, .counts = counts};
    int threads = o->threads < 1 ? 1 : o->threads;
    if ((size_t)threads > jobs.n)
        threads = jobs.n ? (int)jobs.n : 1;
    pthread_t ids[threads];
    int started = 0;
    for (; started < threads - 1; started++)
        if (pthread_create(&ids[started], NULL, worker, &r) != 0)
            break; /* fewer threads: the work still gets done */
    if (o->progress && pthread_create(&ids[started], NULL, worker, &r) == 0) {
        started++; /* this thread shows the progress while the others count */
        bool shown = false;
        while (atomic_load(&r.done) < jobs.n) {
            nanosleep(&(struct timespec){0, 250000000}, NULL);
            double elapsed = seconds_now() - start;
            if (elapsed >= 1.0) {
                show_progress(what, atomic_load(&r.done), jobs.n, atomic_load(&r.leaves), elapsed);
                shown = true;
            }
        }
        if (shown)
            fputs("\r\033[K", stderr);
    } else {
        worker(&r);
    }
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
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
            "usage: reference perft FEN DEPTH [--divide] [--hash MIB] [--threads N] [--stats]\n"
            "       reference perft FEN DEPTH --split PLIES      the jobs of a deep perft\n"
            "       reference perft [DEPTH] < LINES              one count a line\n"
            "       reference perft --sum < RESULTS              their exact total\n"
            "\n"
            "The number of move sequences of DEPTH moves (0-%d) from FEN, every capture\n"
            "path counted, on the last line: \"perft DEPTH: COUNT\" (exact past 2^64).\n"
            "\n"
            "  --divide      first the count after each first move, \"MOVE: COUNT\", each\n"
            "                line written as it is counted\n"
            "  --hash MIB    the transposition table's size in MiB (default %d; 0: none)\n"
            "  --threads N   threads to count with (default: the processors, here %ld)\n"
            "  --stats       a line before the count: table, threads, time, leaves/s\n"
            "  --split K     write the positions K plies on, one job a line,\n"
            "                \"FEN DEPTH-K PATHS\" (PATHS: the move sequences reaching it)\n"
            "\n"
            "LINES are \"FEN\" (with DEPTH given) or \"FEN DEPTH\" or a job \"FEN DEPTH PATHS\",\n"
            "blank and # lines skipped; each gets \"perft DEPTH: COUNT\", or for a job\n"
            "\"perft DEPTH x PATHS: COUNT x PATHS\", or error (the fault on standard\n"
            "error; exit status 2).  --sum adds the last number of each line.\n"
            "On a terminal, standard error shows the progress of a long count.\n",
            MAX_DEPTH, DEFAULT_HASH_MIB, sysconf(_SC_NPROCESSORS_ONLN));
}

/* text as a depth 0-MAX_DEPTH into *depth; else a message naming it. */
static bool read_depth(const char *text, size_t len, int *depth)
{
    perft_count c;
    if (read_count(text, len, &c) && c <= MAX_DEPTH) {
        *depth = (int)c;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text, len, q);
    fprintf(stderr, "reference: depth: %s is not a depth: a whole number 0-%d\n", q, MAX_DEPTH);
    return false;
}

/* A whole number 0-max from an option's value; else a message. */
static bool read_number(const char *option, const char *text, size_t max, size_t *n)
{
    perft_count c;
    if (read_count(text, strlen(text), &c) && c <= max) {
        *n = (size_t)c;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text, strlen(text), q);
    fprintf(stderr, "reference: %s: %s is not a whole number 0-%zu\n", option, q, max);
    return false;
}

static bool read_fen_text(const char *text, size_t len, int column, fastpos *p)
{
    char err[NOTATION_ERROR_SIZE];
    position pos;
    if (!parse_fen(text, len, column, &pos, err)) {
        fprintf(stderr, "reference: %s\n", err);
        return false;
    }
    *p = fastpos_of(&pos);
    return true;
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

/* --stats: the wall time and the processor time the count took, and the
 * leaves a second of each (on a busy machine the second is the fair one). */
static void print_stats(const perft_table *t, const perft_options *o, perft_count count, double seconds, double cpu)
{
    char mib[32] = "none";
    size_t bytes = t != NULL ? perft_table_entries(t) * sizeof(entry) : 0;
    if (t != NULL)
        snprintf(mib, sizeof mib, bytes >> 20 ? "%zu MiB" : "%zu KiB", bytes >> (bytes >> 20 ? 20 : 10));
    printf("table %s, threads %d, %.3f s, %.1f M leaves/s; cpu %.3f s, %.1f M leaves/s\n", mib, o->threads, seconds,
           seconds > 0 ? (double)count / seconds / 1e6 : 0.0, cpu, cpu > 0 ? (double)count / cpu / 1e6 : 0.0);
}

/* One count, or --divide's lines and then the count. */
static int count_one(const fastpos *p, int depth, perft_table *t, const perft_options *o)
{
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
        if (total.out_of_memory) {
            fputs("reference: out of memory for perft's jobs\n", stderr);
            return 1;
        }
    }
    if (o->stats)
        print_stats(t, o, total.count, seconds_now() - start, cpu_seconds() - cpu_start);
    return written(print_count(label, total.count) ? 0 : 1);
}

/* --split: the jobs K plies on, merged, one a line. */
static int split(const fastpos *p, int depth, int plies)
{
    if (plies > depth) {
        fprintf(stderr, "reference: --split %d: deeper than the perft (%d)\n", plies, depth);
        return 2;
    }
    job_list jobs = {.merge = true};
    jobs_add(&jobs, p, 1);
    for (int i = 0; i < plies && !jobs.failed; i++)
        expand(&jobs);
    if (jobs.failed) {
        jobs_free(&jobs);
        fputs("reference: out of memory for perft's jobs\n", stderr);
        return 1;
    }
    for (size_t i = 0; i < jobs.n; i++) {
        position pos = position_of(&jobs.at[i].pos);
        char fen[FEN_SIZE], paths[COUNT_TEXT_SIZE];
        write_fen(&pos, fen);
        write_count(jobs.at[i].paths, paths);
        printf("%s %d %s\n", fen, depth - plies, paths);
    }
    jobs_free(&jobs);
    return written(0);
}

/* The fields of a line, split at spaces and tabs: at most 4. */
typedef struct {
    const char *at[4];
    size_t len[4];
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
        if (f.n < 4) {
            f.at[f.n] = line + start;
            f.len[f.n] = i - start;
        }
        f.n++;
    }
    return f;
}

/* One batch line: "FEN", "FEN DEPTH" or "FEN DEPTH PATHS"; false if bad. */
static bool count_line(const char *line, size_t len, int depth, perft_table *t, const perft_options *o)
{
    fields f = split_fields(line, len);
    perft_count paths = 1;
    fastpos p;
    if (f.n > 3 || (f.n == 1 && depth < 0)) {
        fprintf(stderr, "reference: a line is FEN, FEN DEPTH or FEN DEPTH PATHS%s\n",
                depth < 0 ? " (no DEPTH was given)" : "");
        return false;
    }
    if (!read_fen_text(f.at[0], f.len[0], (int)(f.at[0] - line) + 1, &p))
        return false;
    if (f.n >= 2 && !read_depth(f.at[1], f.len[1], &depth))
        return false;
    if (f.n == 3 && (!read_count(f.at[2], f.len[2], &paths) || paths == 0)) {
        fputs("reference: paths: not a whole number 1 or more\n", stderr);
        return false;
    }
    result r = count_tree(&p, depth, t, o, "perft");
    if (r.out_of_memory) {
        fputs("reference: out of memory for perft's jobs\n", stderr);
        return false;
    }
    char label[64];
    if (f.n == 3) {
        char text[COUNT_TEXT_SIZE];
        write_count(paths, text);
        snprintf(label, sizeof label, "perft %d x %s", depth, text);
    } else {
        snprintf(label, sizeof label, "perft %d", depth);
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
static int batch(int depth, perft_table *t, const perft_options *o)
{
    char *line = NULL;
    size_t cap = 0, len;
    int status = 0;
    while (read_line(stdin, &line, &cap, &len)) {
        if (skipped(line, len))
            continue;
        if (!count_line(line, len, depth, t, o)) {
            puts("error");
            status = 2;
        }
        fflush(stdout);
    }
    free(line);
    return written(status);
}

/* perft --sum < RESULTS: the last number of each line, added exactly. */
static int sum_results(void)
{
    char *line = NULL;
    size_t cap = 0, len, lines = 0;
    perft_count total = 0;
    while (read_line(stdin, &line, &cap, &len)) {
        if (skipped(line, len))
            continue;
        lines++;
        size_t end = len;
        while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r'))
            end--;
        size_t start = end;
        while (start > 0 && line[start - 1] >= '0' && line[start - 1] <= '9')
            start--;
        perft_count c;
        if (!read_count(line + start, end - start, &c) || !strncmp(line, "error", 5)) {
            fprintf(stderr, "reference: --sum: line %zu has no count at its end\n", lines);
            free(line);
            return 2;
        }
        total = plus(total, c);
    }
    free(line);
    return written(print_count("sum", total) ? 0 : 1);
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

int perft_main(int argc, char *argv[])
{
    perft_options o = {.threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .progress = isatty(2) == 1};
    size_t hash_mib = DEFAULT_HASH_MIB, entries = 0, threads = 0, plies = 0;
    bool sum = false, has_split = false, has_threads = false, seen_perft = false;
    const char *word[3];
    int words = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL, *v;
        int skip = 0;
        if (!seen_perft && !strcmp(arg, "perft")) {
            seen_perft = true;
        } else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            perft_usage(stdout);
            return 0;
        } else if (!strcmp(arg, "--divide")) {
            o.divide = true;
        } else if (!strcmp(arg, "--stats")) {
            o.stats = true;
        } else if (!strcmp(arg, "--sum")) {
            sum = true;
        } else if ((v = option_value(arg, next, &skip, "--hash")) != NULL) {
            if (!read_number("--hash", v, (size_t)1 << 20, &hash_mib))
                return 2;
        } else if ((v = option_value(arg, next, &skip, "--hash-entries")) != NULL) {
            if (!read_number("--hash-entries", v, (size_t)1 << 40, &entries))
                return 2;
            if (entries == 0) {
                fputs("reference: --hash-entries: at least 1 (--hash 0 for no table)\n", stderr);
                return 2;
            }
        } else if ((v = option_value(arg, next, &skip, "--threads")) != NULL) {
            if (!read_number("--threads", v, 1024, &threads) || threads == 0) {
                if (threads == 0 && *v == '0')
                    fputs("reference: --threads: at least 1\n", stderr);
                return 2;
            }
            has_threads = true;
        } else if ((v = option_value(arg, next, &skip, "--split")) != NULL) {
            if (!read_number("--split", v, MAX_DEPTH, &plies))
                return 2;
            has_split = true;
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
        if (words > 0 || o.divide || has_split) {
            fputs("reference: perft --sum takes no arguments: the results come on standard input\n", stderr);
            return 2;
        }
        return sum_results();
    }
    /* One word: a depth for the lines on standard input, else a FEN alone. */
    int depth = -1;
    bool one_depth = words == 1 && strspn(word[0], "0123456789-") == strlen(word[0]);
    if (words == 2 || one_depth) {
        const char *d = word[words - 1];
        if (!read_depth(d, strlen(d), &depth))
            return 2;
    } else if (words != 0) {
        fputs("reference: perft takes two arguments, FEN and DEPTH (try --help)\n", stderr);
        return 2;
    }
    if (words < 2 && (o.divide || has_split)) {
        fputs("reference: --divide and --split take FEN and DEPTH as arguments\n", stderr);
        return 2;
    }
    if (o.divide && has_split) {
        fputs("reference: --divide or --split, not both\n", stderr);
        return 2;
    }
    fastpos p;
    if (words == 2 && !read_fen_text(word[0], strlen(word[0]), 1, &p))
        return 2;
    if (has_split)
        return split(&p, depth, (int)plies);
    bool asked_entries = entries > 0;
    if (entries == 0)
        entries = hash_mib * ((size_t)1 << 20) / sizeof(entry);
    perft_table *t = NULL;
    bool small = words == 2 && depth < TABLE_WORTH && !asked_entries; /* quick without one */
    /* A shallow count stores few trees: more room than 4^(depth-2) entries
     * would only cost the time to clear it. */
    if (words == 2 && !asked_entries && depth >= 2 && depth < 22 && entries > (size_t)1 << (2 * depth - 4))
        entries = (size_t)1 << (2 * depth - 4);
    if (entries > 0 && !small) {
        t = perft_table_new(entries);
        if (t == NULL) {
            fprintf(stderr, "reference: no memory for a table of %zu entries (try a smaller --hash)\n", entries);
            return 1;
        }
    }
    int status = words == 2 ? count_one(&p, depth, t, &o) : batch(depth, t, &o);
    perft_table_free(t);
    return status;
}
