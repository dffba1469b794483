/* notation.h - positions and moves as PDN (Portable Draughts Notation)
 * writes them, read once into squares and written once from squares.
 *
 * A position is a FEN: the side to move, then each side's squares, a K
 * before a king:
 *
 *     B:W21,22,K30:B1,5,K9    black to move; white men on 21 and 22, a white
 *                             king on 30; black men on 1 and 5, a king on 9
 *
 * The two colour fields may come in either order, a field may list no
 * squares (W:W18:B), and a list may hold ranges: B:W21-32:B1-12 is the start
 * (a K before a range crowns all of it: K1-3).  What is written back is
 * canonical: white's field then black's, squares ascending, no ranges.
 *
 * A move is 11-15 for a step, 18x11 or 27x18x11 for a capture: every
 * landing, or the two ends alone when they name exactly one capture (the
 * game, not the notation, decides that).
 *
 * A fault is reported as "<field>, column N: <what is wrong>", N counting
 * characters from 1 at the start of the line the text came from. */
#ifndef NOTATION_H
#define NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "moves.h"

/* Room for any message the parsers write (quoted values are cut short). */
enum { NOTATION_ERROR_SIZE = 256 };

/* Room for any FEN write_fen writes: all 32 squares as kings fit. */
enum { FEN_SIZE = 3 + 2 * 2 + SQUARES * 4 + 1 };

/* Room for any move write_move writes: 13 squares of two digits and a sign. */
enum { MOVE_TEXT_SIZE = (MAX_JUMPS + 1) * 3 + 1 };

/* A side has 12 pieces at the start, and can only lose some. */
enum { MAX_PIECES = 12 };

/* Room for the note read_fen writes about what it ignored. */
enum { FEN_NOTE_SIZE = 160 };

/* The one reader of a position, for every FEN a user, a file or a caller
 * gives: text[0..len) into *pos, column the column of text[0] in its line.
 * Leniently (strict false) it takes surrounding spaces, tabs and line ends,
 * a trailing dot, lowercase letters (w:wk30:b1) and fields past the two
 * colour fields (:H0:F1, ignored and named in note; note is "" when nothing
 * was ignored); strict, each of these is a fault at its column ("fen,
 * column 15: a trailing dot, read only without --strict").  Faults either
 * way: an unknown side to move or colour, a field missing or too many, a
 * list element that is no square or range, a square listed twice, a man on
 * the row where it would have been crowned, more than 12 pieces a side;
 * false with "fen, column N: <what>" in err.
 * read_fen(" b:W21-32:B1-12.\r", ..., false, ...) is the start;
 * read_fen("B:W5:B5", ..., true, ...) fails with "fen, column 7: square 5
 * is both white and black". */
bool read_fen(const char *text, size_t len, int column, bool strict, position *pos, char err[NOTATION_ERROR_SIZE],
              char note[FEN_NOTE_SIZE]);

/* The start of the game, B:W21-32:B1-12: black on 1-12, white on 21-32,
 * black to move. */
position initial_position(void);

/* Writes pos as a canonical FEN.  The start: "B:W21,22,...,32:B1,2,...,12". */
void write_fen(const position *pos, char out[FEN_SIZE]);

/* A move as written, read once into squares: the start, then the landings
 * given (n of them in all); or, for two squares written without a sign
 * (1118), n == 0 and its readings as two squares in split.  The signs used,
 * and whether text was glued to its end (a comment: 8-11Redoverstepped...). */
typedef struct {
    int sq[MAX_JUMPS + 1], n;
    int split[2][2], splits;
    bool capture, dash; /* written with x (or X), with - */
    bool glued;         /* text glued to its end, from text[len] on */
    size_t len;         /* the move's own text, without what is glued to it */
} written_move;

/* The one reader of a move, text[0..len) (one word: no spaces), into *m;
 * column as for read_fen.  Strict, exactly as the notation writes a move:
 * "11-15" a step, "18x11", "27x18x11" a capture ("11-15-19", "27x18-11",
 * "11", "11-33" are faults).  Leniently, as real files write them too: x
 * or X for a step, - for a capture, both signs in one capture, two squares
 * without a sign (1118 is 11-18; 123 is 1-23 or 12-3, as the game allows),
 * letters glued to the end of a whole move (read as a comment); which legal
 * move it names is the game's to say (game.h).  On a fault false with
 * "moves, column N: ..." in err, N the column of the fault. */
bool read_move(const char *text, size_t len, int column, bool strict, written_move *m, char err[NOTATION_ERROR_SIZE]);

/* Movetext: moves one after another, as a game line, --after or a caller
 * writes them.  Strict, moves as read_move reads them, parted by spaces or
 * tabs.  Leniently also parted by commas and line ends, with move numbers
 * (1. 1... and glued 1.11-15), marks (! ?) and a last result (1-0, 0-1,
 * 1/2-1/2, *, 2-0, 0-2, 1-1, 0-0) skipped: pasted movetext such as
 * "1. 11-15 22-18 2. 15x22 *".  column: of text[0] in its line. */
typedef struct {
    const char *text;
    size_t len, at;
    int column;
    bool strict;
} movetext;

/* The next move of t into *m, its text at t->text[*start..*start + *len);
 * false at the end (err "") or at a malformed move (err says why, as
 * read_move does). */
bool next_move(movetext *t, written_move *m, size_t *start, size_t *len, char err[NOTATION_ERROR_SIZE]);

/* The length of the move number that starts text[0..len) ("12." or
 * "12..."), or 0: move_number_length("1.11-15", 7) == 2. */
size_t move_number_length(const char *text, size_t len);

/* len without the marks (! ?) at the end of text[0..len). */
size_t without_marks(const char *text, size_t len);

/* The result's index among 1-0, 0-1, 1/2-1/2, *, 2-0, 0-2, 1-1, 0-0 (the
 * old forms last), or -1: result_index("0-1", 3) == 1. */
int result_index(const char *text, size_t len);

/* Writes m with every landing: "11-15", "27x18x11". */
void write_move(const move *m, char out[MOVE_TEXT_SIZE]);

/* Writes w's squares with the sign it was given: "11-15", "26x10" (x when
 * it has both; 1118 as its first reading, 11-18). */
void write_written(const written_move *w, char out[MOVE_TEXT_SIZE]);

/* A side in words: side_name(WHITE) is "white", side_name(BLACK) "black". */
const char *side_name(piece side);

#endif
