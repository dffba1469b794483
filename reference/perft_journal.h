/* perft_journal.h - a long count's finished jobs, kept in a file as they
 * finish, so that the same command with the same journal resumes where an
 * interrupted run stopped and gives the same count.
 *
 * The file (perft_lines.h): "# journal of RUN, JOBS jobs crc C", then a
 * result line for each finished job, "N/JOBS perft DEPTH x PATHS: COUNT in
 * RUN crc C", each line flushed as it is written (a killed run loses none)
 * and synced to the disk at most once a second.  A journal's jobs are the
 * split's at its plies, so `perft --sum` adds a finished journal. */
#ifndef PERFT_JOURNAL_H
#define PERFT_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fastgen.h"
#include "perft_lines.h"

typedef struct perft_journal perft_journal;

/* Room for any message journal_open writes. */
enum { JOURNAL_ERROR_SIZE = 2048 };

/* Opens (or creates) the journal at `file` for `run`, of `jobs` jobs, job i
 * reached by paths[i] paths: the jobs it records are done.  NULL with the
 * fault in err, the file left as it was: it cannot be read or written; it
 * is no regular file (a FIFO, a device; a directory cannot be opened); it
 * is the journal of another count, or no journal (its first line another,
 * or cut short and not this count's); a line of it is not a finished job of
 * this run (longer than a line, its check fails, of another run, a job the
 * run does not have or with other paths, a job again with another count).
 * Only this count's journal is written to: a last line cut short by a crash
 * (no newline) is dropped, and said on `notes`, and the job counted again. */
perft_journal *journal_open(const char *file, const perft_run *run, size_t jobs, const perft_count *paths,
                            FILE *notes, char err[JOURNAL_ERROR_SIZE]);

/* Is job i (from 0) done, and with what count (its tree, not times its
 * paths)? */
bool journal_done(const perft_journal *j, size_t i, perft_count *count);

/* How many jobs the journal had when it was opened, and has now. */
size_t journal_resumed(const perft_journal *j);
size_t journal_recorded(perft_journal *j);

/* The journal's file name as messages show it. */
const char *journal_name(const perft_journal *j);

/* Records job i's count, its tree (any thread); false if it could not be
 * written. */
bool journal_record(perft_journal *j, size_t i, perft_count count);

/* After an interrupt: the journal flushed and synced, and nothing written
 * to it after (a job finishing meanwhile is not recorded). */
void journal_stop(perft_journal *j);

void journal_close(perft_journal *j);

#endif
