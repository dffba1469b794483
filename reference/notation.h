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

/* Parses text[0..len) as a FEN into *pos.  column is the column of text[0]
 * in its line.  On a fault, returns false with the message in err.  Faults:
 * an unknown side to move or colour, a field missing or too many, a list
 * element that is no square or range, a square listed twice, a man on the
 * row where it would have been crowned, more than 12 pieces a side.
 * parse_fen("B:W21-32:B1-12", ...) is the start; parse_fen("B:W5:B5", ...)
 * fails with "fen, column 7: square 5 is both white and black". */
bool parse_fen(const char *text, size_t len, int column, position *pos, char err[NOTATION_ERROR_SIZE]);

/* Room for the note read_fen writes about what it ignored. */
enum { FEN_NOTE_SIZE = 160 };

/* The FEN reader of every FEN a user or a file gives: parse_fen, lenient
 * in what it reads: surrounding spaces, tabs and line ends, a trailing dot,
 * lowercase letters (w:wk30:b1) and fields past the two colour fields
 * (:H0:F1, ignored, named in note; note is "" when nothing was ignored).
 * Faults as parse_fen's, columns counted in the text as given.
 * read_fen(" b:W21-32:B1-12.\r", ...) is the start. */
bool read_fen(const char *text, size_t len, int column, position *pos, char err[NOTATION_ERROR_SIZE],
              char note[FEN_NOTE_SIZE]);

/* The start of the game, B:W21-32:B1-12: black on 1-12, white on 21-32,
 * black to move. */
position initial_position(void);

/* Writes pos as a canonical FEN.  The start: "B:W21,22,...,32:B1,2,...,12". */
void write_fen(const position *pos, char out[FEN_SIZE]);

/* A move as written: the squares in order (the start, then the landings
 * given), and whether it was written as a capture (with x). */
typedef struct {
    int sq[MAX_JUMPS + 1], n;
    bool capture;
} written_move;

/* Parses one move, text[0..len) (no spaces), into *m; column as for
 * parse_fen.  On a fault returns false with "moves, column N: ..." in err.
 * "11-15" is a step from 11 to 15; "27x18x11" a capture landing on 18 then
 * 11; "11-15-19", "27x18-11", "11", "11-33" are faults. */
bool parse_move(const char *text, size_t len, int column, written_move *m, char err[NOTATION_ERROR_SIZE]);

/* Writes m with every landing: "11-15", "27x18x11". */
void write_move(const move *m, char out[MOVE_TEXT_SIZE]);

/* Writes w as it was given: "11-15", "26x10". */
void write_written(const written_move *w, char out[MOVE_TEXT_SIZE]);

/* A side in words: side_name(WHITE) is "white", side_name(BLACK) "black". */
const char *side_name(piece side);

#endif
