/* The jump chain in a static helper that calls itself: ends(at, e) says
   whether a chain from bit at can end on square e.  Squares are bits
   (n-1)*9/8 of a mask, as in the golf. */
static int ends(long black, long empty, int at, int e)
{
    int d, to, jumps = 0, ok = 0;
    for (d = 4; d <= 5; d++)
        if (at >= 2 * d && (black >> (at - d) & empty >> (at - 2 * d) & 1)) {
            to = at - 2 * d;
            jumps = 1;
            ok |= ends(black, empty, to, e);
        }
    return jumps ? ok : at == (e - 1) * 9 / 8;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL;
    int at = (s - 1) * 9 / 8, to = (e - 1) * 9 / 8;
    for (; *b; b++)
        black |= 1L << (*b - 1) * 9 / 8;
    for (; *w; w++)
        empty &= ~(1L << (*w - 1) * 9 / 8);
    empty &= ~black;
    if (at >= 8 && (black >> (at - 4) & empty >> (at - 8) & 1) ||
        at >= 10 && (black >> (at - 5) & empty >> (at - 10) & 1))
        return ends(black, empty, at, e);
    return (to == at - 4 || to == at - 5) && empty >> to & 1;
}
