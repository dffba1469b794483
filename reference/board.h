/* board.h - the 32 dark squares of an 8x8 checkers board and their geometry.
 *
 * Squares are numbered 1-32 in the standard English-checkers way: four per
 * row, square 1 in the top row, rows alternating their offset.  Black starts
 * on 1-12 and its men move down the board, toward 32; white starts on 21-32
 * and its men move up, toward 1.  Nothing here wraps around an edge: a step
 * that would leave the board has no square. */
#ifndef BOARD_H
#define BOARD_H

#include <stdbool.h>

enum { SQUARES = 32, NO_SQUARE = 0 };

/* What stands on a square: a side's bit, BLACK or WHITE, and KING for a
 * king.  EMPTY, BLACK and WHITE (a man of each side) are 0, 1 and 2, as the
 * challenge's callers have always set them. */
typedef enum {
    EMPTY = 0,
    BLACK = 1,
    WHITE = 2,
    KING = 4,
    BLACK_KING = BLACK | KING,
    WHITE_KING = WHITE | KING
} piece;

/* A board: what stands on each square, indexed 1..32 (index 0 unused). */
typedef struct {
    piece at[SQUARES + 1];
} board;

/* The diagonal directions: vertically UP (toward square 1) or DOWN, and
 * horizontally LEFT or RIGHT.  A white man's forward is UP. */
enum { UP = -1, DOWN = +1, LEFT = -1, RIGHT = +1 };

/* Is n a square number?  on_board(1), on_board(32); not on_board(0), on_board(33). */
bool on_board(int n);

/* Row of square n (on the board), 0 at the top.
 * row_of(1) == 0, row_of(4) == 0, row_of(5) == 1, row_of(32) == 7. */
int row_of(int n);

/* Column of square n (on the board), 0 at the left; even rows start one
 * column in.  col_of(1) == 1, col_of(4) == 7, col_of(5) == 0, col_of(32) == 6. */
int col_of(int n);

/* The square at (row, col), or NO_SQUARE for a light square or off the board.
 * square_at(0, 1) == 1, square_at(1, 0) == 5, square_at(0, 0) == NO_SQUARE. */
int square_at(int row, int col);

/* The square `steps` diagonal steps from n, going vert (UP or DOWN) and
 * horiz (LEFT or RIGHT), or NO_SQUARE if that leaves the board.
 * diagonal(9, UP, RIGHT, 1) == 6, diagonal(9, DOWN, LEFT, 1) == 13,
 * diagonal(9, DOWN, RIGHT, 2) == 18, diagonal(13, DOWN, LEFT, 1) == NO_SQUARE. */
int diagonal(int n, int vert, int horiz, int steps);

/* The square `steps` diagonal steps forward (up) from n in direction dir, or
 * NO_SQUARE if that leaves the board: diagonal(n, UP, dir, steps).
 * ahead(9, LEFT, 1) == 5, ahead(9, RIGHT, 2) == 2, ahead(5, LEFT, 1) == NO_SQUARE. */
int ahead(int n, int dir, int steps);

/* An empty board: empty_board().at[n] == EMPTY for every n in 0..32. */
board empty_board(void);

#endif
