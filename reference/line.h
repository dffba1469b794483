/* line.h - the line protocol shared by every program of the project.
 *
 * One question per line, tab-separated columns:  black  white  from  to
 * A list is comma-separated square numbers, or "-" for no pieces.  Columns
 * past the fourth are ignored (so rows of cases.tsv can be piped in); blank
 * lines (empty, or only spaces and tabs) and lines starting with '#' are
 * skipped.  A line may end in "\n", "\r\n" or nothing (the last line).
 * Squares are decimal digits only: no sign, point, space or brackets. */
#ifndef LINE_H
#define LINE_H

#include <stddef.h>
#include <stdio.h>

#include "board.h"

/* One question, as read: the pieces in input order, and the move. */
typedef struct {
    int black[SQUARES], nblack;
    int white[SQUARES], nwhite;
    int from, to;
} question;

/* What became of a line: answered, skipped (blank or a comment), bad, or
 * bad so that the batch must end there (run_batch). */
typedef enum { LINE_OK, LINE_SKIP, LINE_ERROR, LINE_STOP } line_status;

/* Room enough for any message parse_line writes (long values are cut short). */
enum { LINE_ERROR_SIZE = 256 };

/* Parses the line text[0..len) (it may hold NUL bytes; a trailing "\n" or
 * "\r\n" is ignored) into *q.  On LINE_ERROR, err holds "<column>: <what is
 * wrong>", naming the offending value (quoted, escaped, cut short if long)
 * or square.  Every list is checked: squares 1-32, no square twice, black and
 * white disjoint, white not empty, from white.  Columns are checked in order
 * and the first fault is reported. */
line_status parse_line(const char *text, size_t len, question *q, char err[LINE_ERROR_SIZE]);

/* The board a valid question describes. */
board question_board(const question *q);

/* Answers one line of a batch, text[0..len) (its "\n" included, if it has
 * one; NUL bytes possible), printing its answer to out.  Returns LINE_SKIP
 * for a line that asks nothing, LINE_ERROR with the fault in err (or err
 * left "" when the fault is already on stderr), LINE_STOP to end the batch
 * (the fault already said). */
typedef line_status (*batch_fn)(const char *text, size_t len, void *ctx, FILE *out, char err[LINE_ERROR_SIZE]);

/* The batch loop, the one every command that reads lines runs: reads lines
 * from in to EOF and answers each; a bad line gets "error" on out and
 * "line N: <message>" on stderr (N counting every line read, from 1).
 * Returns 0, 2 if any line was bad, or 1 if reading in or writing out failed
 * (checked with ferror; the caller names the failure). */
int run_batch(FILE *in, FILE *out, batch_fn answer, void *ctx);

/* Answers one valid question, printing its output line(s) to out. */
typedef void (*answer_fn)(const question *q, void *ctx, FILE *out);

/* run_batch over question lines (parse_line): each valid one answered by
 * answer(q, ctx, out). */
int run_lines(FILE *in, FILE *out, answer_fn answer, void *ctx);

#endif
