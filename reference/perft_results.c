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
#include "text.h"
#include "words.h"

/* A result's job and the line it came on. */
typedef struct {
    uint64_t job, line;
} job_seen;

/* What --sum has seen: the run and job total of its first result, and each
 * result's job and line, as many as the lines read (never as many as the
 * job total says: that number comes from the input). */
typedef struct {
    perft_run run;
    uint64_t of, first_line;
    job_seen *seen;
    size_t n, cap;
} job_tally;

static int by_job_then_line(const void *a, const void *b)
{
    const job_seen *x = a, *y = b;
    if (x->job != y->job)
        return x->job < y->job ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* The jobs seen, in order; *distinct how many differ, *twice the first job
 * (by its line) given again, 0 if none, and that line in *twice_line. */
static void sort_seen(job_tally *t, uint64_t *distinct, uint64_t *twice, uint64_t *twice_line)
{
    qsort(t->seen, t->n, sizeof *t->seen, by_job_then_line);
    *distinct = 0, *twice = 0, *twice_line = 0;
    for (size_t i = 0; i < t->n; i++)
        if (i == 0 || t->seen[i].job != t->seen[i - 1].job)
            (*distinct)++;
        else if (*twice == 0 || t->seen[i].line < *twice_line) /* the first line that repeats a job */
            *twice = t->seen[i].job, *twice_line = t->seen[i].line;
}

/* The first ten missing jobs named, and how many there are (of - distinct):
 * the gaps between the sorted jobs seen, so its time is that of the results
 * read, whatever the job total. */
static void report_missing(const job_tally *t, uint64_t distinct)
{
    uint64_t missing = t->of - distinct, named = 0, next = 1; /* the first job not yet accounted for */
    for (size_t i = 0; i <= t->n && named < 10; i++) {
        uint64_t upto = i < t->n ? t->seen[i].job : t->of + 1; /* jobs next..upto-1 are missing */
        for (; next < upto && named < 10; next++, named++)
            fprintf(stderr, "reference: --sum: job %" PRIu64 "/%" PRIu64 " has no result\n", next, t->of);
        if (i < t->n && next == upto)
            next = upto + 1;
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
    job_seen *seen = grow_array(t->seen, &t->cap, t->n + 1, sizeof *t->seen);
    if (seen == NULL) {
        fprintf(stderr, "reference: --sum: no memory to check %zu results\n", t->n + 1);
        return false;
    }
    t->seen = seen;
    t->seen[t->n++] = (job_seen){.job = r->id.n, .line = line};
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
    uint64_t distinct = 0, twice = 0, twice_line = 0;
    if (ok)
        sort_seen(&t, &distinct, &twice, &twice_line);
    if (ok && twice != 0) {
        fprintf(stderr,
                "reference: --sum: job %" PRIu64 "/%" PRIu64 " has more than one result (again on line %" PRIu64 "): no sum\n",
                twice, t.of, twice_line);
        ok = false;
    }
    if (ok && distinct < t.of) {
        report_missing(&t, distinct);
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
