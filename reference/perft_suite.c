/* perft_suite.c - perft --suite: a file of positions with their expected
 * counts, each line read and each count run. */
#define _POSIX_C_SOURCE 200809L /* fdopen, O_CLOEXEC */

#include "perft_suite.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"

#include "perft.h"
#include "words.h"

/* How much of a file's name a message shows. */
enum { SHOWN_PATH = 4096 };

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* One entry "D<depth> <count>" in text[from..to) (spaces around it allowed). */
static bool read_entry(const char *text, size_t from, size_t to, suite_count *c, char err[NOTATION_ERROR_SIZE])
{
    while (from < to && blank(text[from]))
        from++;
    while (to > from && blank(text[to - 1]))
        to--;
    size_t i = from;
    if (i < to && text[i] == 'D')
        i++;
    size_t depth_at = i;
    while (i < to && text[i] >= '0' && text[i] <= '9')
        i++;
    size_t depth_end = i;
    while (i < to && blank(text[i]))
        i++;
    perft_count d;
    if (depth_at == from + 1 && depth_end > depth_at && i > depth_end && read_count(text + depth_at, depth_end - depth_at, &d) &&
        d <= 64 && read_count(text + i, to - i, &c->expected)) {
        c->depth = (int)d;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(text + from, to - from, q);
    snprintf(err, NOTATION_ERROR_SIZE, "suite, column %zu: %s is not \"D<depth> <count>\" (depth 0-64)", from + 1, q);
    return false;
}

bool read_suite_line(const char *text, size_t len, bool strict, suite_line *s, char err[NOTATION_ERROR_SIZE])
{
    const char *semi = memchr(text, ';', len);
    size_t fen_end = semi ? (size_t)(semi - text) : len, fen_start = 0;
    while (fen_start < fen_end && blank(text[fen_start]))
        fen_start++;
    while (fen_end > fen_start && blank(text[fen_end - 1]))
        fen_end--;
    char note[FEN_NOTE_SIZE];
    if (!read_fen(text + fen_start, fen_end - fen_start, (int)fen_start + 1, strict, &s->pos, err, note))
        return false;
    s->n = 0;
    for (size_t at = semi ? (size_t)(semi - text) : len; at < len;) {
        const char *next = memchr(text + at + 1, ';', len - at - 1);
        size_t end = next ? (size_t)(next - text) : len;
        if (s->n == SUITE_MAX_COUNTS) {
            snprintf(err, NOTATION_ERROR_SIZE, "suite, column %zu: more than %d counts on a line", at + 1,
                     SUITE_MAX_COUNTS);
            return false;
        }
        if (!read_entry(text, at + 1, end, &s->at[s->n], err))
            return false;
        s->n++;
        at = end;
    }
    if (s->n == 0) {
        snprintf(err, NOTATION_ERROR_SIZE, "suite: no counts: a line is FEN ;D1 N ;D2 N ...");
        return false;
    }
    return true;
}

/* The suite at path, opened to read if it is a regular file; NULL with
 * why in err ("Is a directory", "a FIFO, not a regular file", ...).  A
 * FIFO is refused without waiting for a writer. */
static FILE *open_suite(const char *path, char err[NOTATION_ERROR_SIZE])
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    FILE *in = NULL;
    bool opened = fd >= 0 && fstat(fd, &st) == 0;
    if (opened && S_ISDIR(st.st_mode))
        snprintf(err, NOTATION_ERROR_SIZE, "%s", strerror(EISDIR));
    else if (opened && !S_ISREG(st.st_mode))
        snprintf(err, NOTATION_ERROR_SIZE, "%s, not a regular file: a suite is a file of positions",
                 S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" : "no file");
    else if (!opened || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 || (in = fdopen(fd, "r")) == NULL)
        snprintf(err, NOTATION_ERROR_SIZE, "%s", strerror(errno));
    if (in == NULL && fd >= 0)
        close(fd);
    return in;
}

int run_suite(const char *path, table_store *ts, const perft_options *o, bool strict, bool stats)
{
    char shown_path[SHOW_SIZE(SHOWN_PATH)], why[NOTATION_ERROR_SIZE];
    show_text(shown_path, sizeof shown_path, path, strlen(path), SHOWN_PATH, SHOW_UTF8);
    FILE *in = open_suite(path, why);
    if (in == NULL) {
        fprintf(stderr, "reference: --suite %s: %s\n", shown_path, why);
        return 2;
    }
    line_reader lines = {.in = in};
    const char *line;
    size_t len;
    int status = 0;
    long positions = 0, counts = 0, mismatches = 0, bad = 0;
    double start = perft_seconds();
    while (status == 0 && next_line(&lines, &line, &len)) {
        if (asks_nothing(line, len))
            continue;
        suite_line sl;
        char err[NOTATION_ERROR_SIZE];
        if (!read_suite_line(line, len, strict, &sl, err)) {
            printf("error line %ld\n", lines.number);
            fprintf(stderr, "reference: --suite %s, line %ld: %s\n", shown_path, lines.number, err);
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
            double cpu_start = (double)clock() / CLOCKS_PER_SEC;
            perft_result r = perft_count_tree(&p, sl.at[i].depth, t, o, "perft");
            if (r.out_of_memory)
                fputs("reference: out of memory for perft's jobs\n", stderr);
            if (r.out_of_memory || r.failed) {
                status = 1;
                break;
            }
            if (stats)
                print_stats(ts, sl.at[i].depth, o->threads, r.count, r.seconds,
                            (double)clock() / CLOCKS_PER_SEC - cpu_start);
            char got[COUNT_TEXT_SIZE + 32] = "a count past 128 bits", expected[COUNT_TEXT_SIZE];
            if (r.count != PERFT_COUNT_MAX)
                write_count(r.count, got);
            write_count(sl.at[i].expected, expected);
            counts++;
            if (r.count == sl.at[i].expected) {
                printf("ok line %ld depth %d: %s\n", lines.number, sl.at[i].depth, got);
            } else {
                printf("MISMATCH line %ld depth %d: expected %s, got %s\n", lines.number, sl.at[i].depth, expected, got);
                mismatches++;
            }
            fflush(stdout);
        }
    }
    line_reader_free(&lines);
    if (lines.failed || ferror(in)) { /* a suite not read to its end is no pass */
        fprintf(stderr, "reference: --suite %s: %s\n", shown_path, strerror(errno));
        status = 1;
    }
    fclose(in);
    if (status == 0 && positions + bad == 0) {
        fprintf(stderr, "reference: --suite %s: no positions (the file is empty, or blank and # lines): nothing checked\n",
                shown_path);
        return 2;
    }
    printf("suite: %ld positions, %ld counts, %ld mismatches, %ld bad lines, %.3f s\n", positions, counts, mismatches,
           bad, perft_seconds() - start);
    return status ? status : mismatches ? 1 : bad ? 2 : 0;
}
