/* A 10x10 mailbox in one unsigned __int128: square n is bit 10*row +
   column + 11 (row 0 the far side, columns 0-7 the board's), so a border
   of bits that are never empty surrounds the board and a move off it lands
   there.  A white man's steps up are 9 bits down (up and right) and 11 (up
   and left), its jumps 18 and 22. */
typedef unsigned __int128 board;

#define AT(n) (((n) - 1) / 4 * 10 + ((n) - 1) % 4 * 2 + !(((n) - 1) / 4 % 2) + 11)

int f(int *b, int *w, int s, int e)
{
    board black = 0, empty = 0, at = (board)1 << AT(s), right, left;
    int n, round, jumped = 0;

    for (n = 1; n <= 32; n++)
        empty |= (board)1 << AT(n);
    for (; *b; b++)
        black |= (board)1 << AT(*b);
    for (; *w; w++)
        empty &= ~((board)1 << AT(*w));
    empty &= ~black;
    /* Every chain at once, a round a jump; three rounds end every chain. */
    for (round = 0; round < 3; round++) {
        right = at >> 18 & black >> 9 & empty;
        left = at >> 22 & black >> 11 & empty;
        if (right | left)
            jumped = 1;
        at = (at & ~(right << 18 | left << 22)) | right | left;
    }
    if (!jumped)
        at = (at >> 9 | at >> 11) & empty;
    return at >> AT(e) & 1;
}
