/* perft_results.h - the lines a split perft travels in: job ids, result
 * lines, and their exact sum, which refuses anything it cannot vouch for.
 *
 * A job line, as --split writes it:        17/216 FEN DEPTH PATHS
 * its result, as the batch answers it:     17/216 perft DEPTH x PATHS: COUNT
 * (COUNT is the job's tree times PATHS).  A result without a job id,
 * "perft DEPTH: COUNT" or "perft DEPTH x PATHS: COUNT", is a result too. */
#ifndef PERFT_RESULTS_H
#define PERFT_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fastgen.h"

/* A job's id: job `n` of `of` (1 <= n <= of); of == 0 is no id. */
typedef struct {
    uint64_t n, of;
} job_id;

/* Room for "n/of" of two 20-digit numbers. */
enum { JOB_ID_SIZE = 44 };

/* The most jobs one split may have: --sum keeps a bit for each. */
#define JOB_ID_MAX ((uint64_t)1 << 34)

/* Reads text[0..len) as "n/of": true for "17/216", false for "0/3", "4/3",
 * "17", "1/2x". */
bool read_job_id(const char *text, size_t len, job_id *id);

/* "17/216". */
void write_job_id(job_id id, char out[JOB_ID_SIZE]);

/* read_count (perft.h) reads a count in decimal. */

/* perft --sum: reads result lines from in (blank and # lines skipped),
 * writes "sum: TOTAL" to out, returns 0.  A line that is no result, a job
 * whose total differs from the others', a job missing or given twice: each
 * named on stderr (with its line number), no sum, returns 2. */
int sum_results(FILE *in, FILE *out);

#endif
