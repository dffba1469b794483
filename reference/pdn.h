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

/* ==================== FEN as PDN writes it ==================== */

/* Room for the note read_pdn_fen writes about what it ignored. */
enum { FEN_NOTE_SIZE = 160 };

/* parse_fen, for a FEN as files and users write it: surrounding spaces,
 * tabs and line ends, a trailing dot, lowercase letters (w:wk30:b1) and
 * fields past the two colour fields (:H0:F1, ignored, named in note; note is
 * "" when nothing was ignored).  Faults as parse_fen's, columns counted in
 * the text as given.  read_pdn_fen(" b:W21-32:B1-12.\r", ...) is the start. */
bool read_pdn_fen(const char *text, size_t len, int column, position *pos, char err[NOTATION_ERROR_SIZE],
                  char note[FEN_NOTE_SIZE]);

/* ==================== The pdn command ==================== */

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
    long x_steps, dash_captures, mixed_signs, unsigned_moves, resolved, fen_notes, glued;
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

/* The command: `pdn [--strict] [--notes] [--plies] [--write] [FILE...]`,
 * argv[0] being "pdn"; standard input when no file is named.  Prints the
 * totals (print_pdn_totals) on standard error; returns the exit status. */
int pdn_command(int argc, const char *const argv[]);

/* ==================== Moves of a position ==================== */

/* The legal moves of pos, one a line after `indent`, every landing written;
 * for a side with none, the line "none: white has no move, black wins". */
void print_moves(const position *pos, const char *indent, FILE *out);

/* `moves` over standard input: a FEN a line (as read_pdn_fen reads it;
 * blank and # lines skipped), each answered by a block: the line
 * "FEN<TAB>N moves" (FEN canonical), then print_moves indented by two spaces
 * (with show, the board first), so grep -v '^ ' leaves one line a position.
 * A malformed line gets "error", and "line N: <fault>" on stderr.  Returns 2
 * if a line was malformed, 1 if reading or writing failed, else 0. */
int run_moves(FILE *in, FILE *out, bool show);

#endif
