/* perft_journal.h - a long count's finished jobs, kept in a file as they
 * finish, so that the same command with the same journal resumes where an
 * interrupted run stopped and gives the same count.
 *
 * The file: a line naming the count ("perft FEN DEPTH, PLY plies, JOBS
 * jobs"), then "job N COUNT" for each finished job (N from 1), each line
 * flushed as it is written (a killed run loses none) and synced to the disk
 * at most once a second.  A line cut short by a crash is
 * dropped when the journal is read again. */
#ifndef PERFT_JOURNAL_H
#define PERFT_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "fastgen.h"

typedef struct perft_journal perft_journal;

/* Room for any message journal_open writes. */
enum { JOURNAL_ERROR_SIZE = 1024 };

/* Opens (or creates) the journal at path for the count named `key` (one
 * line, no newline) of `jobs` jobs: the jobs it records are done.  NULL with
 * the fault in err: the file cannot be read or written, it is the journal of
 * another count, or a line of it is not a job of this one. */
perft_journal *journal_open(const char *path, const char *key, size_t jobs, char err[JOURNAL_ERROR_SIZE]);

/* Is job i (from 0) done, and with what count? */
bool journal_done(const perft_journal *j, size_t i, perft_count *count);

/* How many jobs the journal had when it was opened. */
size_t journal_resumed(const perft_journal *j);

/* Records job i's count (any thread); false if it could not be written. */
bool journal_record(perft_journal *j, size_t i, perft_count count);

void journal_close(perft_journal *j);

#endif
