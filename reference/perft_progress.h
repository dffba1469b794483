/* perft_progress.h - a long count's progress on standard error: over
 * itself on a terminal; on a pipe or a file (a nohup or Slurm log), whole
 * lines at a bounded rate: after 1 s, 2 s, 4 s, ... then once a minute. */
#ifndef PERFT_PROGRESS_H
#define PERFT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    FILE *out;
    bool terminal; /* over itself, four times a second */
    double start, next, gap;
    bool shown;
} progress;

/* Starts the clock at `now` (seconds); out is where the lines go. */
void progress_start(progress *pr, FILE *out, bool terminal, double now);

/* Called often (four times a second) by the run: a line when one is due,
 * "perft 16: 37/98 jobs, 2841.5 M leaves/s, 12.3 s, about 20 s left"
 * (the time left from the jobs done so far, when some are; jobs resumed
 * from a journal count as done but took no time: `fresh` is those done
 * here). */
void progress_show(progress *pr, const char *what, size_t done, size_t fresh, size_t total, uint64_t leaves,
                   double now);

/* The end: a terminal's line cleared. */
void progress_end(progress *pr);

#endif
