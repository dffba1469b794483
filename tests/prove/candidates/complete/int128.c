/* A 10x10 mailbox in an unsigned __int128: square n is bit
   10*row+column+23 (row 0 the far side), with a border of bits that are
   never empty around the 8x8 board, so a move that would leave the board
   lands on the border, and every move up is 9 bits down (up and right) or
   11 (up and left). */
typedef unsigned __int128 board;

static int at(int n)
{
    int row = (n - 1) / 4;
    return 10 * row + 2 * ((n - 1) % 4) + !(row % 2) + 23;
}

/* Does a chain from bit x end on bit t?  It ends where no jump is left. */
static int ends(board black, board empty, int x, int t)
{
    int d, jumped = 0, ok = 0;
    for (d = 9; d <= 11; d += 2)
        if (black >> (x - d) & empty >> (x - 2 * d) & 1) {
            jumped = 1;
            ok |= ends(black, empty, x - 2 * d, t);
        }
    return jumped ? ok : x == t;
}

int f(int *b, int *w, int s, int e)
{
    board black = 0, empty = 0;
    int n, x = at(s), t = at(e), d;
    for (n = 1; n <= 32; n++)
        empty |= (board)1 << at(n);
    for (; *b; b++)
        black |= (board)1 << at(*b);
    for (; *w; w++)
        empty &= ~((board)1 << at(*w));
    empty &= ~black;
    for (d = 9; d <= 11; d += 2)
        if (black >> (x - d) & empty >> (x - 2 * d) & 1)
            return ends(black, empty, x, t);
    return (t == x - 9 || t == x - 11) && empty >> t & 1;
}
