/* perft_results.c - job ids, result lines and --sum.
 *
 * --sum is the last step of a run that may have taken days on many
 * machines, so it adds only what it can read as a result, and with job ids
 * it checks that every job is there exactly once: a lost or repeated task is
 * named, never summed past. */
#include "perft_results.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "perft_count.h"
#include "words.h"

/* A whole number 1..max in text[0..len). */
static bool read_positive(const char *text, size_t len, uint64_t max, uint64_t *n)
{
    perft_count c;
    if (!read_count(text, len, &c) || c == 0 || c > max)
        return false;
    *n = (uint64_t)c;
    return true;
}

bool read_job_id(const char *text, size_t len, job_id *id)
{
    const char *slash = memchr(text, '/', len);
    if (slash == NULL)
        return false;
    size_t left = (size_t)(slash - text);
    return read_positive(text, left, JOB_ID_MAX, &id->n) &&
           read_positive(slash + 1, len - left - 1, JOB_ID_MAX, &id->of) && id->n <= id->of;
}

void write_job_id(job_id id, char out[JOB_ID_SIZE])
{
    snprintf(out, JOB_ID_SIZE, "%" PRIu64 "/%" PRIu64, id.n, id.of);
}

/* ==================== A result line ==================== */

/* A cursor over one line. */
typedef struct {
    const char *at, *end;
} cursor;

static bool take(cursor *c, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(c->end - c->at) < n || memcmp(c->at, word, n) != 0)
        return false;
    c->at += n;
    return true;
}

/* The digits at the cursor (at least one), as [*from, *len). */
static bool digits(cursor *c, const char **from, size_t *len)
{
    *from = c->at;
    while (c->at < c->end && *c->at >= '0' && *c->at <= '9')
        c->at++;
    *len = (size_t)(c->at - *from);
    return *len > 0;
}

/* "[n/of ]perft DEPTH[ x PATHS]: COUNT", nothing more (a '\r' and spaces
 * at the end aside): the count in *count, the id in *id (of 0 if none). */
static bool read_result(const char *text, size_t len, job_id *id, perft_count *count)
{
    while (len > 0 && (text[len - 1] == '\r' || text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    cursor c = {text, text + len};
    const char *d;
    size_t n;
    *id = (job_id){0, 0};
    const char *space = memchr(text, ' ', len);
    if (space != NULL && memchr(text, '/', (size_t)(space - text)) != NULL) {
        if (!read_job_id(text, (size_t)(space - text), id))
            return false;
        c.at = space + 1;
    }
    if (!take(&c, "perft ") || !digits(&c, &d, &n))
        return false;
    if (take(&c, " x ") && !digits(&c, &d, &n))
        return false;
    return take(&c, ": ") && digits(&c, &d, &n) && c.at == c.end && read_count(d, n, count);
}

/* ==================== The sum ==================== */

/* What --sum has seen of the jobs: a bit each, and the first duplicate. */
typedef struct {
    uint64_t of, seen_first_line; /* the line that set `of` */
    unsigned char *seen;
    uint64_t twice, twice_line; /* a job seen again (0: none), and where */
} job_tally;

/* Missing jobs, the first ten named; false if none is missing. */
static bool report_missing(const job_tally *t)
{
    uint64_t missing = 0;
    for (uint64_t j = 0; j < t->of; j++)
        if (!(t->seen[j / 8] >> (j % 8) & 1)) {
            if (missing < 10)
                fprintf(stderr, "reference: --sum: job %" PRIu64 "/%" PRIu64 " has no result\n", j + 1, t->of);
            missing++;
        }
    if (missing > 10)
        fprintf(stderr, "reference: --sum: and %" PRIu64 " more jobs have no result\n", missing - 10);
    if (missing > 0)
        fprintf(stderr, "reference: --sum: %" PRIu64 " of %" PRIu64 " jobs missing: no sum (rerun them alone)\n",
                missing, t->of);
    return missing > 0;
}

/* One result line's job id into the tally; false (said) if it cannot be. */
static bool tally(job_tally *t, job_id id, uint64_t line, bool *plain_seen, uint64_t *plain_line)
{
    if (id.of == 0) {
        if (t->of != 0) {
            fprintf(stderr, "reference: --sum: line %" PRIu64 " has no job id, line %" PRIu64 " has one\n", line,
                    t->seen_first_line);
            return false;
        }
        if (!*plain_seen)
            *plain_line = line;
        *plain_seen = true;
        return true;
    }
    if (*plain_seen) {
        fprintf(stderr, "reference: --sum: line %" PRIu64 " has a job id, line %" PRIu64 " has none\n", line,
                *plain_line);
        return false;
    }
    if (t->of == 0) {
        t->seen = calloc((size_t)(id.of / 8 + 1), 1);
        if (t->seen == NULL) {
            fprintf(stderr, "reference: --sum: no memory to check %" PRIu64 " jobs\n", id.of);
            return false;
        }
        t->of = id.of;
        t->seen_first_line = line;
    } else if (id.of != t->of) {
        fprintf(stderr, "reference: --sum: line %" PRIu64 " is a job of %" PRIu64 ", line %" PRIu64 " of %" PRIu64 "\n",
                line, id.of, t->seen_first_line, t->of);
        return false;
    }
    uint64_t j = id.n - 1;
    if (t->seen[j / 8] >> (j % 8) & 1) {
        if (t->twice == 0) {
            t->twice = id.n;
            t->twice_line = line;
        }
    }
    t->seen[j / 8] |= (unsigned char)(1U << (j % 8));
    return true;
}

int sum_results(FILE *in, FILE *out)
{
    line_reader lines = {.in = in};
    const char *text;
    size_t len;
    perft_count total = 0;
    job_tally t = {0};
    bool plain_seen = false, ok = true;
    uint64_t plain_line = 0, line = 0;
    while (ok && next_line(&lines, &text, &len)) {
        line = (uint64_t)lines.number;
        if (asks_nothing(text, len))
            continue;
        job_id id;
        perft_count c;
        if (!read_result(text, len, &id, &c)) {
            char q[QUOTE_SIZE];
            quote_text(text, len, q);
            fprintf(stderr, "reference: --sum: line %" PRIu64 " is not a result: %s\n", line, q);
            ok = false;
            break;
        }
        ok = tally(&t, id, line, &plain_seen, &plain_line);
        total = total + c < total ? PERFT_COUNT_MAX : total + c;
    }
    line_reader_free(&lines);
    if (lines.failed || ferror(in)) { /* no sum of part of the results: the front door says why (written) */
        free(t.seen);
        return 1;
    }
    if (ok && t.twice != 0) {
        fprintf(stderr, "reference: --sum: job %" PRIu64 "/%" PRIu64 " has more than one result (again on line %" PRIu64 "): no sum\n",
                t.twice, t.of, t.twice_line);
        ok = false;
    }
    if (ok && t.of != 0 && report_missing(&t))
        ok = false;
    free(t.seen);
    if (!ok)
        return 2;
    if (total == PERFT_COUNT_MAX) {
        fputs("reference: sum: the count does not fit in 128 bits\n", stderr);
        return 1;
    }
    char digits_text[COUNT_TEXT_SIZE];
    write_count(total, digits_text);
    fprintf(out, "sum: %s\n", digits_text);
    return 0;
}
