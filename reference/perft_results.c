/* perft_results.c - --sum.
 *
 * --sum is the last step of a run that may have taken days on many
 * machines, so it adds only lines whose check holds, all of one run and one
 * job total, and checks that every job is there exactly once: a lost,
 * repeated, stale or damaged result is named, never summed past. */
#include "perft_results.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "perft_count.h"
#include "words.h"

/* What --sum has seen: the run and job total of its first result, a bit a
 * job (64 to a word), and the first job seen twice. */
typedef struct {
    perft_run run;
    uint64_t of, first_line, distinct;
    uint64_t *seen;
    uint64_t twice, twice_line; /* a job seen again (0: none), and where */
} job_tally;

/* The number of x's lowest 1 bit (x is not 0). */
static uint64_t lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return (uint64_t)__builtin_ctzll(x);
#else
    uint64_t n = 0;
    for (; !(x & 1); x >>= 1)
        n++;
    return n;
#endif
}

/* The first ten missing jobs named, and how many there are (of - distinct):
 * the scan goes by whole words and stops at the tenth, so its time is that
 * of the results read, whatever the job total. */
static void report_missing(const job_tally *t)
{
    uint64_t missing = t->of - t->distinct, named = 0;
    for (uint64_t w = 0; named < missing && named < 10 && w * 64 < t->of; w++) {
        uint64_t absent = ~t->seen[w];
        for (; absent != 0 && named < 10; absent &= absent - 1) {
            uint64_t j = w * 64 + lowest_bit(absent);
            if (j >= t->of)
                break;
            fprintf(stderr, "reference: --sum: job %" PRIu64 "/%" PRIu64 " has no result\n", j + 1, t->of);
            named++;
        }
    }
    if (missing > 10)
        fprintf(stderr, "reference: --sum: and %" PRIu64 " more jobs have no result\n", missing - 10);
    fprintf(stderr, "reference: --sum: %" PRIu64 " of %" PRIu64 " jobs missing: no sum (rerun them alone)\n", missing,
            t->of);
}

/* A run's text as a message shows it (a line's check holds, but its bytes
 * came from outside). */
static void show_run(const perft_run *run, char out[SHOW_SIZE(RUN_TEXT_SIZE)])
{
    show_text(out, SHOW_SIZE(RUN_TEXT_SIZE), run->text, strlen(run->text), RUN_TEXT_SIZE, SHOW_QUOTED);
}

/* One result into the tally; false (said) if it is not of the first's run
 * and job total, or there is no memory to check them. */
static bool tally(job_tally *t, const result_line *r, uint64_t line)
{
    if (t->of == 0) {
        t->seen = calloc((size_t)((r->id.of + 63) / 64), sizeof *t->seen); /* untouched pages cost nothing */
        if (t->seen == NULL) {
            fprintf(stderr, "reference: --sum: no memory to check %" PRIu64 " jobs\n", r->id.of);
            return false;
        }
        t->run = r->run;
        t->of = r->id.of;
        t->first_line = line;
    } else if (strcmp(r->run.text, t->run.text) != 0) {
        char here[SHOW_SIZE(RUN_TEXT_SIZE)], first[SHOW_SIZE(RUN_TEXT_SIZE)];
        show_run(&r->run, here);
        show_run(&t->run, first);
        fprintf(stderr, "reference: --sum: line %" PRIu64 " is of another run: %s, line %" PRIu64 " of %s\n", line,
                here, t->first_line, first);
        return false;
    } else if (r->id.of != t->of) {
        fprintf(stderr, "reference: --sum: line %" PRIu64 " is a job of %" PRIu64 ", line %" PRIu64 " of %" PRIu64 "\n",
                line, r->id.of, t->first_line, t->of);
        return false;
    }
    uint64_t j = r->id.n - 1, bit = (uint64_t)1 << (j % 64);
    if (t->seen[j / 64] & bit) {
        if (t->twice == 0) {
            t->twice = r->id.n;
            t->twice_line = line;
        }
    } else {
        t->seen[j / 64] |= bit;
        t->distinct++;
    }
    return true;
}

/* The line lines read last, text[0..len): false (said) if it is not a
 * result to add; *r the result (r->id.of 0 for a line that asks nothing). */
static bool read_one(const line_reader *lines, const char *text, size_t len, result_line *r)
{
    uint64_t line = (uint64_t)lines->number;
    r->id.of = 0;
    if (lines->too_long) {
        fprintf(stderr, "reference: --sum: line %" PRIu64 " is longer than any result (%d bytes): no sum\n", line,
                PERFT_LINE_SIZE - 1);
        return false;
    }
    if (asks_nothing(text, len))
        return true;
    if (!lines->ended) {
        fprintf(stderr, "reference: --sum: line %" PRIu64 ", the last, has no newline: cut short? no sum\n", line);
        return false;
    }
    char why[LINE_FAULT_SIZE];
    line_fault f = read_result_line(text, len, r, why);
    if (f == LINE_NOT_ONE) {
        char q[QUOTE_SIZE];
        quote_text(text, len, q);
        fprintf(stderr, "reference: --sum: line %" PRIu64 " is not a result: %s (%s)\n", line, q, why);
    } else if (f != LINE_READ) {
        fprintf(stderr, "reference: --sum: line %" PRIu64 " is refused: %s\n", line, why);
    }
    return f == LINE_READ;
}

int sum_results(FILE *in, FILE *out)
{
    line_reader lines = {.in = in, .max = PERFT_LINE_SIZE - 1}; /* no result is longer: none held whole */
    const char *text;
    size_t len;
    perft_count total = 0;
    job_tally t = {0};
    bool ok = true;
    while (ok && next_line(&lines, &text, &len)) {
        result_line r;
        ok = read_one(&lines, text, len, &r) && (r.id.of == 0 || tally(&t, &r, (uint64_t)lines.number));
        if (ok && r.id.of != 0)
            total = perft_plus(total, r.count);
    }
    line_reader_free(&lines);
    if (lines.failed || ferror(in)) { /* no sum of part of the results: the front door says why (written) */
        free(t.seen);
        return 1;
    }
    if (ok && t.of == 0) {
        fputs("reference: --sum: no result to add (the input is empty, or blank and # lines): no sum\n", stderr);
        ok = false;
    }
    if (ok && t.twice != 0) {
        fprintf(stderr,
                "reference: --sum: job %" PRIu64 "/%" PRIu64 " has more than one result (again on line %" PRIu64 "): no sum\n",
                t.twice, t.of, t.twice_line);
        ok = false;
    }
    if (ok && t.distinct < t.of) {
        report_missing(&t);
        ok = false;
    }
    free(t.seen);
    if (!ok)
        return 2;
    if (total == PERFT_COUNT_MAX) {
        fputs("reference: sum: the count does not fit in 128 bits\n", stderr);
        return 1;
    }
    char digits[COUNT_TEXT_SIZE], run[SHOW_SIZE(RUN_TEXT_SIZE)];
    write_count(total, digits);
    show_text(run, sizeof run, t.run.text, strlen(t.run.text), RUN_TEXT_SIZE, 0);
    fprintf(out, "sum: %s in %s\n", digits, run);
    return 0;
}
