/* pdn_answer.h - the pdn command's answers: a verdict line a record (with
 * notes on lenient readings and the FEN after each ply on request), or the
 * record written back (pdn_write.h); and the closing summary. */
#ifndef PDN_ANSWER_H
#define PDN_ANSWER_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    bool strict; /* no leniency: moves as notation.h reads them */
    bool notes;  /* list each lenient reading: a "note" line before the record's verdict */
    bool write;  /* write each record back as canonical PDN instead of verdicts */
    bool plies;  /* before each verdict, a "ply" line with the FEN after every ply */
    bool named;  /* several inputs: the line field is FILE:LINE */
} pdn_options;

/* Counts over every input read. */
typedef struct {
    long records, legal, illegal, errors, plies;
    long x_steps, dash_captures, mixed_signs, unsigned_moves, resolved, fen_notes, glued, no_result;
} pdn_totals;

/* Reads the PDN text of `in` (named `name` in the line field when
 * o->named) and prints one line per record, in file order, tab-separated:
 *
 *   legal    N  LINE  WHO  final FEN  quiet Q/80  [white wins|black wins|draw]
 *   illegal  N  LINE  WHO  ply P  MOVE-NUMBER  MOVE  reason
 *   error    N  LINE  WHO  L:C  what is wrong
 *
 * N counts records from 1 across inputs (t->records), LINE is where the
 * record starts, WHO "Black - White" from the tags, else the Event, else -.
 * Adds to *t; returns 2 if a record was malformed, 1 if reading failed
 * (said on stderr), else 0; a failed write is left to the caller. */
int run_pdn(FILE *in, const char *name, FILE *out, const pdn_options *o, pdn_totals *t);

/* "reference: pdn: NAME: <errno's words>" on stderr, NAME shown printable:
 * a file that could not be opened or read. */
void say_file_error(const char *name);

/* The closing summary: "pdn: R records: L legal, I illegal, E malformed;
 * P plies; lenient: ..." */
void print_pdn_totals(const pdn_totals *t, FILE *out);

#endif
