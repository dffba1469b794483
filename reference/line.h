/* line.h - the line protocol shared by every program of the project.
 *
 * One question per line, tab-separated columns:  black  white  from  to
 * A list is comma-separated square numbers, or "-" for no pieces.  Columns
 * past the fourth are ignored (so rows of cases.tsv can be piped in); a line
 * that asks nothing, blank or a # comment (batch.h's one rule), is skipped.
 * A line may end in "\n", "\r\n" or nothing (the last line).
 * Squares are decimal digits only: no sign, point, space or brackets. */
#ifndef LINE_H
#define LINE_H

#include <stddef.h>
#include <stdio.h>

#include "batch.h"
#include "board.h"

/* One question, as read: the pieces in input order, and the move. */
typedef struct {
    int black[SQUARES], nblack;
    int white[SQUARES], nwhite;
    int from, to;
} question;



/* Parses the line text[0..len) (without its line end; it may hold NUL
 * bytes) into *q; LINE_SKIP for a line that asks nothing (asks_nothing).  On LINE_ERROR, err holds "<column>: <what is
 * wrong>", naming the offending value (quoted, escaped, cut short if long)
 * or square.  Every list is checked: squares 1-32, no square twice, black and
 * white disjoint, white not empty, from white.  Columns are checked in order
 * and the first fault is reported. */
line_status parse_line(const char *text, size_t len, question *q, char err[LINE_ERROR_SIZE]);

/* The board a valid question describes. */
board question_board(const question *q);

/* Answers one valid question, printing its output line(s) to out. */
typedef void (*answer_fn)(const question *q, void *ctx, FILE *out);

/* run_batch (batch.h) over question lines (parse_line): each valid one
 * answered by answer(q, ctx, out). */
int run_lines(FILE *in, FILE *out, answer_fn answer, void *ctx);

#endif
