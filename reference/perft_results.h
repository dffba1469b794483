/* perft_results.h - --sum: a split count's result lines (perft_lines.h)
 * added exactly, and only when it can vouch for them. */
#ifndef PERFT_RESULTS_H
#define PERFT_RESULTS_H

#include <stdio.h>

#include "perft_lines.h"

/* perft --sum: reads result lines from in (blank and # lines skipped, so a
 * journal reads too), writes "sum: TOTAL in RUN" to out, returns 0.  Each
 * line must be whole (its newline), its check must hold, and all must be of
 * one run and one job total, every job once: a line that is not, a job
 * missing or given twice, or no result at all, is named on stderr (with
 * its line number), no sum, returns 2. */
int sum_results(FILE *in, FILE *out);

#endif
