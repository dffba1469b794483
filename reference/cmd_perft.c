/* cmd_perft.c - `perft`: the counts of one position, of a range of depths,
 * of lines of positions, of a suite with expected counts; the jobs of a
 * deep count (--split) and their checked sum (--sum).  perft's engine
 * (perft.c) counts; perft_*.c hold the command's own parts: the table each
 * count gets (perft_tables.c), --split (perft_split.c), job ids and --sum
 * (perft_results.c), --journal, --progress, --after, --suite and
 * --nobulk. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd_perft.h"
#include "batch.h"
#include "notation.h"
#include "perft.h"
#include "perft_after.h"
#include "perft_lines.h"
#include "perft_results.h"
#include "perft_split.h"
#include "perft_suite.h"
#include "perft_tables.h"
#include "text.h"
#include "words.h"

/* The table's size when none is asked for: fits a small machine. */
enum { DEFAULT_HASH_MIB = 256 };

/* What the command was asked for: the engine's choices and its own. */
typedef struct {
    perft_options o;
    bool divide, stats, strict;
} choices;

void perft_usage(FILE *out)
{
    fprintf(out,
            "usage: reference perft FEN DEPTH [--divide] [--after MOVES] [--hash MIB] [--threads N]\n"
            "                         [--stats] [--journal FILE] [--progress] [--nobulk] [--strict]\n"
            "       reference perft FEN FROM-TO              a line a depth: count, time, leaves/s\n"
            "       reference perft FEN DEPTH --split PLIES  the jobs of a deep perft\n"
            "       reference perft [DEPTH] < LINES          one count a line\n"
            "       reference perft --sum < RESULTS          their exact total\n"
            "       reference perft --suite FILE             counts against expected ones\n"
            "\n"
            "The number of move sequences of DEPTH moves (0-%d) from FEN, every capture\n"
            "path counted, on the last line: \"perft DEPTH: COUNT\" (exact past 2^64).\n"
            "An option that does not apply to the form given is refused, by name.\n"
            "\n"
            "  --divide        first the count after each first move, \"MOVE: COUNT\", each\n"
            "                  line written as it is counted\n"
            "  --after MOVES   count from the position after MOVES (\"11-15 22-18\", read as\n"
            "                  game reads them); with --divide, the drill-down\n"
            "  --strict        FENs and moves exactly as the notation writes them\n"
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
            "  --split PLIES   write the positions PLIES plies on, one job a line,\n"
            "                  \"N/OF FEN DEPTH-PLIES PATHS in RUN crc C\" (PATHS: the move\n"
            "                  sequences reaching it; RUN: the count's FEN, depth, PLIES\n"
            "                  and generator; C: a CRC-32 of the line), streamed\n"
            "  --sum           add result lines from standard input; refuses a line whose\n"
            "                  check fails or that is cut short, of another run or job\n"
            "                  total, and names a job missing or given twice\n"
            "  --suite FILE    lines \"FEN ;D1 N ;D2 N ...\": \"ok\" or \"MISMATCH\" for each\n"
            "                  depth with its line, expected and got; exit 1 on a mismatch\n"
            "\n"
            "LINES are \"FEN\" (with DEPTH given), \"FEN DEPTH\", \"FEN DEPTH PATHS\" or a job\n"
            "of --split, blank and # lines skipped; each gets \"perft DEPTH: COUNT\", or\n"
            "\"perft DEPTH x PATHS: COUNT x PATHS\", or the job's result line \"N/OF perft\n"
            "DEPTH x PATHS: COUNT x PATHS in RUN crc C\", or error (the fault on standard\n"
            "error after its line number; exit status 2).\n"
            "On a terminal, standard error shows the progress of a long count.\n",
            PERFT_MAX_DEPTH, DEFAULT_HASH_MIB, sysconf(_SC_NPROCESSORS_ONLN));
}

/* text as a depth 0-PERFT_MAX_DEPTH into *depth; else a message naming it, after
 * `where` ("reference: ", or "line N: " in a batch). */
static bool read_depth_at(const char *where, const char *text, size_t len, int *depth)
{
    perft_count c;
    if (read_count(text, len, &c) && c <= PERFT_MAX_DEPTH) {
        *depth = (int)c;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text, len, q);
    fprintf(stderr, "%sdepth: %s is not a depth: a whole number 0-%d\n", where, q, PERFT_MAX_DEPTH);
    return false;
}

static bool read_depth(const char *text, size_t len, int *depth) { return read_depth_at("reference: ", text, len, depth); }

static bool read_fen_at(const char *where, const char *text, size_t len, int column, bool strict, fastpos *p)
{
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    position pos;
    if (!read_fen(text, len, column, strict, &pos, err, note)) { /* what it ignores is not said, as in the moves batch */
        fprintf(stderr, "%s%s\n", where, err);
        return false;
    }
    *p = fastpos_of(&pos);
    return true;
}

/* The processor time of the whole process, every thread's, in seconds. */
static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

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

/* One count, or --divide's lines and then the count. */
static int count_one(const fastpos *p, int depth, table_store *ts, const choices *c)
{
    bool no_memory;
    perft_table *t = table_for(ts, depth, &no_memory);
    if (no_memory)
        return 1;
    char label[32];
    snprintf(label, sizeof label, "perft %d", depth);
    perft_result total = {0};
    double start = perft_seconds(), cpu_start = cpu_seconds();
    if (c->divide && depth > 0) {
        position pos = position_of(p);
        move_list moves = {0};
        side_moves(&pos.b, pos.turn, &moves); /* the readable list: its order and its text */
        if (moves.failed)
            exit_out_of_memory();
        for (size_t i = 0; i < moves.n; i++) {
            position next = pos;
            play_position(&next, &moves.at[i]);
            fastpos q = fastpos_of(&next);
            char what[128], text[MOVE_TEXT_SIZE];
            write_move(&moves.at[i], text);
            snprintf(what, sizeof what, "perft %d, move %zu/%zu %s", depth, i + 1, moves.n, text);
            perft_result r = perft_count_tree(&q, depth - 1, t, &c->o, what);
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
            total.count = perft_plus(total.count, r.count);
        }
        move_list_free(&moves);
    } else {
        total = perft_count_tree(p, depth, t, &c->o, label);
        if (total.out_of_memory)
            fputs("reference: out of memory for perft's jobs\n", stderr);
        if (total.out_of_memory || total.failed)
            return 1;
    }
    if (c->stats)
        print_stats(ts, depth, c->o.threads, total.count, perft_seconds() - start, cpu_seconds() - cpu_start);
    return written(print_count(label, total.count) ? 0 : 1);
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
    size_t start;
    while (next_word(line, len, " \t\r", &i, &start)) {
        if (f.n < 5) {
            f.at[f.n] = line + start;
            f.len[f.n] = i - start;
        }
        f.n++;
    }
    return f;
}

/* p's tree at depth, with the table its depth gets, into *count, and
 * --stats' line before it; false (said) if out of memory. */
static bool count_at(const fastpos *p, int depth, table_store *ts, const choices *c, perft_count *count)
{
    bool no_memory;
    perft_table *t = table_for(ts, depth, &no_memory);
    if (no_memory)
        return false;
    double start = perft_seconds(), cpu_start = cpu_seconds();
    perft_result r = perft_count_tree(p, depth, t, &c->o, "perft");
    if (r.out_of_memory) {
        fputs("reference: out of memory for perft's jobs\n", stderr);
        return false;
    }
    if (c->stats)
        print_stats(ts, depth, c->o.threads, r.count, perft_seconds() - start, cpu_seconds() - cpu_start);
    *count = r.count;
    return true;
}

/* A job line of a split, "N/OF FEN DEPTH PATHS in RUN crc C": its result
 * line, "N/OF perft DEPTH x PATHS: COUNT in RUN crc C"; false (the fault on
 * stderr after `where`) if the line is not a job whose check holds. */
static bool count_job(const char *line, size_t len, const char *where, table_store *ts, const choices *c)
{
    job_line j;
    char why[LINE_FAULT_SIZE];
    line_fault fault = read_job_line(line, len, &j, why);
    if (fault == LINE_NOT_ONE) {
        char q[QUOTE_SIZE];
        quote_text(line, len, q);
        fprintf(stderr, "%sjob: %s is not a job as --split writes it (%s)\n", where, q, why);
        return false;
    }
    if (fault != LINE_READ) {
        fprintf(stderr, "%sjob refused: %s\n", where, why);
        return false;
    }
    fastpos p;
    result_line r = {j.id, j.depth, j.paths, 0, j.run};
    if (!read_fen_at(where, j.fen, j.fen_len, (int)j.fen_at + 1, c->strict, &p) || !count_at(&p, j.depth, ts, c, &r.count))
        return false;
    r.count = perft_times(r.count, j.paths);
    char text[PERFT_LINE_SIZE];
    if (r.count == PERFT_COUNT_MAX || !write_result_line(&r, text)) {
        char id[JOB_ID_SIZE];
        write_job_id(j.id, id);
        fprintf(stderr, "reference: job %s: the count does not fit in 128 bits\n", id);
        return false;
    }
    fputs(text, stdout);
    return true;
}

/* One batch line, number `number`: "FEN", "FEN DEPTH", "FEN DEPTH PATHS" or
 * a job of a split (count_job); false (the fault on stderr after "line N:
 * ") if bad. */
static bool count_line(const char *line, size_t len, long number, int depth, table_store *ts, const choices *c)
{
    fields f = split_fields(line, len);
    char where[32];
    snprintf(where, sizeof where, "line %ld: ", number);
    if (f.n > 0 && memchr(f.at[0], '/', f.len[0]) != NULL) /* no FEN has a '/' */
        return count_job(line, len, where, ts, c);
    perft_count paths = 1, count;
    fastpos p;
    if (f.n > 3) {
        fprintf(stderr, "%sa line is FEN, FEN DEPTH, FEN DEPTH PATHS or a job N/OF FEN DEPTH PATHS in RUN crc C, not %d fields\n",
                where, f.n);
        return false;
    }
    if (f.n == 1 && depth < 0) {
        fprintf(stderr, "%sno DEPTH: give one on the line (FEN DEPTH) or as perft's argument\n", where);
        return false;
    }
    if (!read_fen_at(where, f.at[0], f.len[0], (int)(f.at[0] - line) + 1, c->strict, &p))
        return false;
    if (f.n >= 2 && !read_depth_at(where, f.at[1], f.len[1], &depth))
        return false;
    if (f.n == 3 && (!read_count(f.at[2], f.len[2], &paths) || paths == 0)) {
        fprintf(stderr, "%spaths: not a whole number 1 or more\n", where);
        return false;
    }
    if (!count_at(&p, depth, ts, c, &count))
        return false;
    char label[128];
    if (f.n == 3) {
        char text[COUNT_TEXT_SIZE];
        write_count(paths, text);
        snprintf(label, sizeof label, "perft %d x %s", depth, text);
    } else {
        snprintf(label, sizeof label, "perft %d", depth);
    }
    return print_count(label, perft_times(count, paths));
}

/* perft [DEPTH] < LINES, a line of run_batch: its count, flushed as it
 * comes; count_line says a fault on stderr itself, after "line N: ". */
typedef struct {
    int depth;
    table_store *t;
    const choices *c;
} batch_of;

static line_status batch_line(const char *text, size_t len, long number, void *ctx, FILE *out,
                              char err[LINE_ERROR_SIZE])
{
    batch_of *b = ctx;
    err[0] = '\0'; /* a fault is on stderr already, said by count_line */
    if (!count_line(text, len, number, b->depth, b->t, b->c))
        return LINE_ERROR;
    fflush(out);
    return LINE_OK;
}

static int batch(int depth, table_store *t, const choices *c)
{
    batch_of b = {depth, t, c};
    return written(run_batch(stdin, stdout, batch_line, &b));
}

/* perft FEN FROM-TO: a line a depth, its count, time and leaves a second,
 * the table shared (a deeper count finds the shallower subtrees). */
static int depth_table(const fastpos *p, int from, int to, table_store *ts, const choices *c)
{
    for (int depth = from; depth <= to; depth++) {
        char label[32], text[COUNT_TEXT_SIZE];
        snprintf(label, sizeof label, "perft %d", depth);
        bool no_memory;
        perft_table *t = table_for(ts, depth, &no_memory);
        if (no_memory)
            return 1;
        double cpu_start = cpu_seconds();
        perft_result r = perft_count_tree(p, depth, t, &c->o, label);
        if (r.out_of_memory)
            fputs("reference: out of memory for perft's jobs\n", stderr);
        if (r.out_of_memory || r.failed)
            return 1;
        if (c->stats)
            print_stats(ts, depth, c->o.threads, r.count, r.seconds, cpu_seconds() - cpu_start);
        if (r.count == PERFT_COUNT_MAX)
            return written(print_count(label, r.count) ? 0 : 1);
        write_count(r.count, text);
        printf("perft %2d: %22s %10.3f s %10.1f M leaves/s\n", depth, text, r.seconds,
               r.seconds > 0 ? (double)r.count / r.seconds / 1e6 : 0.0);
        fflush(stdout);
    }
    return written(0);
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

/* ==================== The command ==================== */

/* perft's forms, each with the options it takes: the others cannot apply,
 * and are refused by name rather than ignored. */
typedef enum { ONE_COUNT, DEPTH_RANGE, SPLIT_JOBS, COUNT_LINES, SUM_RESULTS, SUITE } perft_form;

static const struct {
    const char *what; /* "--stats does not apply to WHAT" */
    option_id takes[12]; /* ended by OPTIONS */
} forms[] = {
    [ONE_COUNT] = {"one count", {OPT_DIVIDE, OPT_AFTER, OPT_HASH, OPT_HASH_ENTRIES, OPT_THREADS, OPT_STATS, OPT_JOURNAL,
                                 OPT_PROGRESS, OPT_NOBULK, OPT_STRICT, OPTIONS}},
    [DEPTH_RANGE] = {"a range of depths", {OPT_AFTER, OPT_HASH, OPT_HASH_ENTRIES, OPT_THREADS, OPT_STATS, OPT_PROGRESS,
                                           OPT_NOBULK, OPT_STRICT, OPTIONS}},
    [SPLIT_JOBS] = {"--split, which writes jobs and counts nothing", {OPT_SPLIT, OPT_AFTER, OPT_STRICT, OPTIONS}},
    [COUNT_LINES] = {"lines of standard input (no FEN and DEPTH given)",
                     {OPT_HASH, OPT_HASH_ENTRIES, OPT_THREADS, OPT_STATS, OPT_PROGRESS, OPT_NOBULK, OPT_STRICT, OPTIONS}},
    [SUM_RESULTS] = {"--sum, which adds result lines and counts nothing", {OPT_SUM, OPTIONS}},
    [SUITE] = {"--suite, which counts the depths each line asks for",
               {OPT_SUITE, OPT_HASH, OPT_HASH_ENTRIES, OPT_THREADS, OPT_STATS, OPT_PROGRESS, OPT_NOBULK, OPT_STRICT, OPTIONS}},
};

/* Options that each apply, but not together. */
static const struct {
    option_id a, b;
} conflicts[] = {{OPT_HASH, OPT_HASH_ENTRIES}, {OPT_NOBULK, OPT_HASH}, {OPT_NOBULK, OPT_HASH_ENTRIES},
                 {OPT_JOURNAL, OPT_DIVIDE}, {OPT_JOURNAL, OPT_NOBULK}};

/* Does form f take every option given, and no two that conflict?  Else
 * the first that cannot apply is named, false. */
static bool form_takes(perft_form f, const request *r)
{
    for (int id = 0; id < OPTIONS; id++) {
        if (!r->given[id] || id == OPT_END)
            continue;
        bool taken = false;
        for (const option_id *t = forms[f].takes; *t != OPTIONS; t++)
            taken |= (int)*t == id;
        if (!taken) {
            fprintf(stderr, "reference: %s does not apply to %s (try reference perft --help)\n",
                    option_name((option_id)id), forms[f].what);
            return false;
        }
    }
    for (size_t i = 0; i < sizeof conflicts / sizeof conflicts[0]; i++)
        if (r->given[conflicts[i].a] && r->given[conflicts[i].b]) {
            fprintf(stderr, "reference: %s and %s: not both (try reference perft --help)\n", option_name(conflicts[i].a),
                    option_name(conflicts[i].b));
            return false;
        }
    return true;
}

int perft_command(const request *r)
{
    const char *const *word = r->word;
    int words = r->words;
    choices c = {.o = {.threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .progress = isatty(2) == 1},
                 .divide = r->given[OPT_DIVIDE],
                 .stats = r->given[OPT_STATS],
                 .strict = r->given[OPT_STRICT]};
    c.o.nobulk = r->given[OPT_NOBULK];
    c.o.progress_lines = r->given[OPT_PROGRESS];
    c.o.journal = r->given[OPT_JOURNAL] ? r->text[OPT_JOURNAL] : NULL;
    const char *after = r->given[OPT_AFTER] ? r->text[OPT_AFTER] : NULL;
    if (r->given[OPT_THREADS])
        c.o.threads = (int)r->number[OPT_THREADS];
    if (c.o.threads < 1)
        c.o.threads = 1;
    if (r->given[OPT_SUM] || r->given[OPT_SUITE]) {
        perft_form f = r->given[OPT_SUM] ? SUM_RESULTS : SUITE;
        if (words > 0) {
            fprintf(stderr, "reference: perft %s takes no FEN or DEPTH: %s (try reference perft --help)\n",
                    f == SUM_RESULTS ? "--sum" : "--suite FILE",
                    f == SUM_RESULTS ? "the results come on standard input" : "the positions come from FILE");
            return 2;
        }
        if (!form_takes(f, r))
            return 2;
    }
    size_t entries = r->given[OPT_HASH_ENTRIES] ? r->number[OPT_HASH_ENTRIES] : 0;
    size_t hash_mib = r->given[OPT_HASH] ? r->number[OPT_HASH] : DEFAULT_HASH_MIB;
    table_store ts = {.asked = entries > 0 ? entries : hash_mib * ((size_t)1 << 20) / perft_table_entry_bytes(),
                      .exact = entries > 0,
                      .stats = c.stats};
    if (c.o.nobulk)
        ts.asked = 0; /* the last ply played, the tree counted with no table */
    if (r->given[OPT_SUM])
        return written(sum_results(stdin, stdout));
    if (r->given[OPT_SUITE]) {
        int status = run_suite(r->text[OPT_SUITE], &ts, &c.o, c.strict, c.stats);
        perft_table_free(ts.t);
        return written(status);
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
        fputs("reference: perft takes two arguments, FEN and DEPTH (try reference perft --help)\n", stderr);
        return 2;
    }
    perft_form f = words < 2 ? COUNT_LINES : is_range ? DEPTH_RANGE : r->given[OPT_SPLIT] ? SPLIT_JOBS : ONE_COUNT;
    if (!form_takes(f, r))
        return 2;
    fastpos p = {0};
    if (words == 2) {
        position pos;
        if (!fen_argument(word[0], c.strict, &pos))
            return 2;
        p = fastpos_of(&pos);
    }
    if (after != NULL) {
        position pos = position_of(&p);
        char err[NOTATION_ERROR_SIZE];
        if (!play_after(&pos, after, c.strict, err)) {
            fprintf(stderr, "reference: %s\n", err);
            return 2;
        }
        p = fastpos_of(&pos);
    }
    if (f == SPLIT_JOBS)
        return written(perft_split(&p, depth, (int)r->number[OPT_SPLIT]));
    int status = f == DEPTH_RANGE ? depth_table(&p, from, depth, &ts, &c)
                 : f == ONE_COUNT ? count_one(&p, depth, &ts, &c)
                                  : batch(depth, &ts, &c);
    perft_table_free(ts.t);
    return status;
}
