/* board.c - square numbering <-> (row, column), and the diagonals. */
#include "board.h"

bool on_board(int n) { return n >= 1 && n <= SQUARES; }

int row_of(int n) { return (n - 1) / 4; }

/* Even rows (0, 2, ...) start on column 1, odd rows on column 0. */
int col_of(int n) { return 2 * ((n - 1) % 4) + (row_of(n) % 2 == 0); }

int square_at(int row, int col)
{
    if (row < 0 || row > 7 || col < 0 || col > 7)
        return NO_SQUARE;
    if ((row + col) % 2 == 0) /* light square: no piece ever stands there */
        return NO_SQUARE;
    return row * 4 + col / 2 + 1;
}

int diagonal(int n, int vert, int horiz, int steps)
{
    if (!on_board(n))
        return NO_SQUARE;
    return square_at(row_of(n) + vert * steps, col_of(n) + horiz * steps);
}

int ahead(int n, int dir, int steps) { return diagonal(n, UP, dir, steps); }

board empty_board(void)
{
    board b = {{EMPTY}};
    return b;
}
