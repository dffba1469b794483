/* pdn.h - PDN game files as checkers programs write them: many records a
 * file, tag pairs, numbered moves, comments, variations, results; each
 * record replayed by the rules of game.h and answered on one line.
 *
 * A record is its tags ([Event "..."], [FEN "..."], ...) and its movetext up
 * to a result (1-0, 0-1, 1/2-1/2, *, or the old 2-0, 0-2, 1-1, 0-0) or the
 * next tag.  Skipped as PDN allows: move numbers (1. 1... 1.11-15), comments
 * {...}, % lines, ; to the end of the line, variations (...) (skipped, not
 * checked), NAGs ($1) and marks (! ? !? ?!), CRLF, a UTF-8 byte-order mark.
 *
 * Leniency (off with strict): a step written with x or a capture with -, a
 * capture's landings joined by both signs, a move written without a sign
 * (1118), and a capture given by two ends that name several captures, when
 * exactly one of them lets the rest of the record replay legally.  Each is
 * counted, and listed on request. */
#ifndef PDN_H
#define PDN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "moves.h"
#include "notation.h"

/* ==================== Reading and answering PDN files ==================== */

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
    long x_steps, dash_captures, mixed_signs, unsigned_moves, resolved, fen_notes;
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
 * Adds to *t; returns 2 if a record was malformed, 1 if reading or writing
 * failed, else 0. */
int run_pdn(FILE *in, const char *name, FILE *out, const pdn_options *o, pdn_totals *t);

/* The closing summary: "pdn: R records: L legal, I illegal, E malformed;
 * P plies; lenient: ..." */
void print_pdn_totals(const pdn_totals *t, FILE *out);

#endif
