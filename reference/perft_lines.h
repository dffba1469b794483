/* perft_lines.h - the lines a deep count travels in: its jobs (--split),
 * their results (the batch's answers to them) and its journal (--journal),
 * each naming the run it belongs to and ending in a check over the line, so
 * that a line of another run, a line cut short and a digit changed are
 * refused rather than counted (reference/README.md, "Lines that carry
 * their run"):
 *
 *   the run:     perft 10 B:WK32:BK1 split 2 fastgen 1
 *   a job:       1/4 B:WK27:BK5 8 1 in RUN crc b46cf6d9
 *   its result:  1/4 perft 8 x 1: 7616 in RUN crc cfe70a69
 *   a journal:   # journal of RUN, 24 jobs crc 348ce3a0
 *                then a result line for each finished job
 *
 * RUN is the whole count's position (canonical FEN), depth, the plies it is
 * split at and the generator's version; a job's depth is the run's depth
 * less its plies, and a result's COUNT is the job's tree times its PATHS.
 * The check is the CRC-32 (zlib's, ISO-HDLC) of the line's bytes before
 * " crc ", in 8 lowercase hex digits: every change of one character, and of
 * any run of 4 bytes, changes it.  A journal's jobs are a split's: the
 * journal of perft 13 split at 5 plies and `--split 5` number the same
 * jobs, and their lines mix and sum as one. */
#ifndef PERFT_LINES_H
#define PERFT_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fastgen.h"
#include "perft_count.h"

/* A job's id: job `n` of `of` (1 <= n <= of); of == 0 is no id. */
typedef struct {
    uint64_t n, of;
} job_id;

/* Room for "n/of" of two 20-digit numbers. */
enum { JOB_ID_SIZE = 44 };

/* The most jobs one split may have. */
#define JOB_ID_MAX ((uint64_t)1 << 34)

/* Reads text[0..len) as "n/of": true for "17/216", false for "0/3", "4/3",
 * "17", "1/2x". */
bool read_job_id(const char *text, size_t len, job_id *id);

/* "17/216". */
void write_job_id(job_id id, char out[JOB_ID_SIZE]);

/* Room for a run's text, and for any line here with its newline. */
enum { RUN_TEXT_SIZE = 200, PERFT_LINE_SIZE = 640, LINE_FAULT_SIZE = 160 };

/* A run: the count every line of it names. */
typedef struct {
    char text[RUN_TEXT_SIZE]; /* "perft 14 FEN split 4 fastgen 1" */
    int depth, plies;
    long version; /* the generator's */
} perft_run;

/* The run of perft(root, depth) split at `plies`, by this generator. */
perft_run run_of(const fastpos *root, int depth, int plies);

/* The check of text[0..len): CRC-32 as zlib's crc32() computes it;
 * line_crc("123456789", 9) is 0xcbf43926. */
uint32_t line_crc(const char *text, size_t len);

/* A job: --split writes it, the batch counts it. */
typedef struct {
    job_id id;
    const char *fen; /* the job's position, text[fen..fen + fen_len) of the line read */
    size_t fen_len, fen_at;
    int depth;
    perft_count paths;
    perft_run run;
} job_line;

/* A result: a job's count times its paths, in the job's run. */
typedef struct {
    job_id id;
    int depth;
    perft_count paths, count;
    perft_run run;
} result_line;

/* The lines written, with their newline: false if they do not fit out
 * (they always do in PERFT_LINE_SIZE). */
bool write_job_line(const job_id *id, const fastpos *p, perft_count paths, const perft_run *run,
                    char out[PERFT_LINE_SIZE]);
bool write_result_line(const result_line *r, char out[PERFT_LINE_SIZE]);
bool write_journal_head(const perft_run *run, uint64_t jobs, char out[PERFT_LINE_SIZE]);

/* What is wrong with a line read. */
typedef enum {
    LINE_READ,       /* nothing */
    LINE_NOT_ONE,    /* no check at its end, or not the line asked for */
    LINE_CHECK_FAILS /* its check fails, or it is at odds with itself */
} line_fault;

/* Reads text[0..len) (no newline; a '\r' before it is dropped) as a job
 * line, a result line; the fault, with why in `why` ("its check fails
 * ...", "no check at its end ...").  A line whose check holds is taken
 * apart strictly, and its job's depth must be its run's less its plies.
 * A job must be of this generator (one of another version is not counted
 * here); a result may be of any (--sum adds a run's results, all of one). */
line_fault read_job_line(const char *text, size_t len, job_line *j, char why[LINE_FAULT_SIZE]);
line_fault read_result_line(const char *text, size_t len, result_line *r, char why[LINE_FAULT_SIZE]);

#endif
