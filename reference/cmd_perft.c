/* cmd_perft.c - `perft`: the counts of one position, of lines of positions,
 * the jobs of a deep count (--split), and their exact sum (--sum); perft's
 * engine (perft.c) counts. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd_perft.h"
#include "line.h"
#include "notation.h"
#include "perft.h"

/* The table's size when none is asked for: fits a small machine. */
enum { DEFAULT_HASH_MIB = 256 };

/* Below this depth a count is quick without a table (and without its memory). */
enum { TABLE_WORTH = 9 };

void perft_usage(FILE *out)
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
            PERFT_MAX_DEPTH, DEFAULT_HASH_MIB, sysconf(_SC_NPROCESSORS_ONLN));
}

/* text as a depth 0-PERFT_MAX_DEPTH into *depth; else a message naming it. */
static bool read_depth(const char *text, size_t len, int *depth)
{
    perft_count c;
    if (read_count(text, len, &c) && c <= PERFT_MAX_DEPTH) {
        *depth = (int)c;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text, len, q);
    fprintf(stderr, "reference: depth: %s is not a depth: a whole number 0-%d\n", q, PERFT_MAX_DEPTH);
    return false;
}

/* A FEN of a batch line, text[0..len) at column, into *p (read_fen; what it
 * ignores is not said, as in the moves batch); false with the fault on
 * stderr. */
static bool read_fen_text(const char *text, size_t len, int column, fastpos *p)
{
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    position pos;
    if (!read_fen(text, len, column, &pos, err, note)) {
        fprintf(stderr, "reference: %s\n", err);
        return false;
    }
    *p = fastpos_of(&pos);
    return true;
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
    size_t bytes = t != NULL ? perft_table_entries(t) * perft_table_entry_bytes() : 0;
    if (t != NULL)
        snprintf(mib, sizeof mib, bytes >> 20 ? "%zu MiB" : "%zu KiB", bytes >> (bytes >> 20 ? 20 : 10));
    printf("table %s, threads %d, %.3f s, %.1f M leaves/s; cpu %.3f s, %.1f M leaves/s\n", mib, o->threads, seconds,
           seconds > 0 ? (double)count / seconds / 1e6 : 0.0, cpu, cpu > 0 ? (double)count / cpu / 1e6 : 0.0);
}

/* One count, or --divide's lines and then the count; --stats before it. */
static int count_one(const fastpos *p, int depth, perft_table *t, const perft_options *o, const request *rq)
{
    char label[32];
    snprintf(label, sizeof label, "perft %d", depth);
    perft_result total = {0};
    double start = perft_seconds(), cpu_start = cpu_seconds();
    if (rq->given[OPT_DIVIDE] && depth > 0) {
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
            perft_result r = perft_count_tree(&q, depth - 1, t, o, what);
            if (r.out_of_memory) {
                move_list_free(&moves);
                fputs("reference: out of memory for perft's jobs\n", stderr);
                return 1;
            }
            if (!print_count(text, r.count)) {
                move_list_free(&moves);
                return 1;
            }
            fflush(stdout); /* each line as it is counted, through a pipe too */
            total.count = perft_plus(total.count, r.count);
        }
        move_list_free(&moves);
    } else {
        total = perft_count_tree(p, depth, t, o, label);
        if (total.out_of_memory) {
            fputs("reference: out of memory for perft's jobs\n", stderr);
            return 1;
        }
    }
    if (rq->given[OPT_STATS])
        print_stats(t, o, total.count, perft_seconds() - start, cpu_seconds() - cpu_start);
    return print_count(label, total.count) ? 0 : 1;
}

/* --split: the jobs K plies on, merged, one a line. */
static int split(const fastpos *p, int depth, int plies)
{
    if (plies > depth) {
        fprintf(stderr, "reference: --split %d: deeper than the perft (%d)\n", plies, depth);
        return 2;
    }
    perft_jobs jobs = {.merge = true};
    perft_jobs_add(&jobs, p, 1);
    for (int i = 0; i < plies && !jobs.failed; i++)
        perft_expand(&jobs);
    if (jobs.failed) {
        perft_jobs_free(&jobs);
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
    perft_jobs_free(&jobs);
    return 0;
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

/* What the batch lines share: the depth given (or -1), the table, the options. */
typedef struct {
    int depth;
    perft_table *t;
    const perft_options *o;
} batch;

/* One batch line: "FEN", "FEN DEPTH" or "FEN DEPTH PATHS"; false (the fault
 * on stderr) if bad. */
static bool count_line(const char *line, size_t len, const batch *b)
{
    int depth = b->depth;
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
    perft_result r = perft_count_tree(&p, depth, b->t, b->o, "perft");
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
    return print_count(label, perft_times(r.count, paths));
}

/* text[0..len) without its line end. */
static size_t line_length(const char *text, size_t len) { return len > 0 && text[len - 1] == '\n' ? len - 1 : len; }

static bool skipped(const char *line, size_t len)
{
    fields f = split_fields(line, len);
    return f.n == 0 || f.at[0][0] == '#';
}

/* A line of perft [DEPTH] < LINES (ctx: batch): its count, flushed as it comes. */
// NOLINTNEXTLINE(readability-non-const-parameter): a batch_fn, whose err others write
static line_status batch_line(const char *text, size_t len, void *ctx, FILE *out, char err[LINE_ERROR_SIZE])
{
    (void)err; /* count_line says its faults */
    len = line_length(text, len);
    if (skipped(text, len))
        return LINE_SKIP;
    if (!count_line(text, len, ctx))
        return LINE_ERROR;
    fflush(out);
    return LINE_OK;
}

/* The sum of --sum, and the lines it has added. */
typedef struct {
    perft_count total;
    size_t lines;
} summing;

/* A line of perft --sum < RESULTS (ctx: summing): its last number added;
 * a line without one ends the batch. */
// NOLINTNEXTLINE(readability-non-const-parameter): a batch_fn, whose err others write
static line_status sum_line(const char *text, size_t len, void *ctx, FILE *out, char err[LINE_ERROR_SIZE])
{
    (void)out, (void)err;
    summing *s = ctx;
    len = line_length(text, len);
    if (skipped(text, len))
        return LINE_SKIP;
    s->lines++;
    size_t end = len;
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r'))
        end--;
    size_t start = end;
    while (start > 0 && text[start - 1] >= '0' && text[start - 1] <= '9')
        start--;
    perft_count c;
    if (!read_count(text + start, end - start, &c) || !strncmp(text, "error", 5)) {
        fprintf(stderr, "reference: --sum: line %zu has no count at its end\n", s->lines);
        return LINE_STOP;
    }
    s->total = perft_plus(s->total, c);
    return LINE_OK;
}

/* perft --sum < RESULTS: the last number of each line, added exactly. */
static int sum_results(void)
{
    summing s = {0};
    int status = run_batch(stdin, stdout, sum_line, &s);
    if (status != 0)
        return status;
    return print_count("sum", s.total) ? 0 : 1;
}

int perft_command(const request *r)
{
    const char *const *word = r->word;
    int words = r->words;
    bool divide = r->given[OPT_DIVIDE], has_split = r->given[OPT_SPLIT];
    perft_options o = {.threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .progress = isatty(2) == 1};
    if (r->given[OPT_THREADS])
        o.threads = (int)r->number[OPT_THREADS];
    if (o.threads < 1)
        o.threads = 1;
    if (r->given[OPT_SUM]) {
        if (words > 0 || divide || has_split) {
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
    if (words < 2 && (divide || has_split)) {
        fputs("reference: --divide and --split take FEN and DEPTH as arguments\n", stderr);
        return 2;
    }
    if (divide && has_split) {
        fputs("reference: --divide or --split, not both\n", stderr);
        return 2;
    }
    fastpos p;
    position pos;
    if (words == 2) {
        if (!fen_argument(word[0], &pos))
            return 2;
        p = fastpos_of(&pos);
    }
    if (has_split)
        return split(&p, depth, (int)r->number[OPT_SPLIT]);
    size_t entries = r->given[OPT_HASH_ENTRIES] ? r->number[OPT_HASH_ENTRIES] : 0;
    size_t hash_mib = r->given[OPT_HASH] ? r->number[OPT_HASH] : DEFAULT_HASH_MIB;
    bool asked_entries = entries > 0;
    if (entries == 0)
        entries = hash_mib * ((size_t)1 << 20) / perft_table_entry_bytes();
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
    int status;
    if (words == 2) {
        status = count_one(&p, depth, t, &o, r);
    } else {
        batch b = {depth, t, &o};
        status = run_batch(stdin, stdout, batch_line, &b);
    }
    perft_table_free(t);
    return status;
}
