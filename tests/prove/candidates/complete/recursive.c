/* f follows a jump chain by calling itself: a start above 32 stands for
   a man that has just jumped to square s-32 (it must jump on if it can,
   and ends there if it cannot).  Squares are bits (n-1)*9/8 of a mask, as
   in the golf: the steps ahead are 4 and 5 bits down, the jumps 8 and 10,
   and a move off a side edge lands on an unused bit. */
int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL;
    int *p, d, at, to, chain = s > 32, jumps = 0, ok = 0;
    for (p = b; *p; p++)
        black |= 1L << (*p - 1) * 9 / 8;
    for (p = w; *p; p++)
        empty &= ~(1L << (*p - 1) * 9 / 8);
    empty &= ~black;
    at = (s - 1 - 32 * chain) * 9 / 8;
    for (d = 4; d <= 5; d++)
        if (at >= 2 * d && (black >> (at - d) & empty >> (at - 2 * d) & 1)) {
            to = at - 2 * d;
            jumps = 1;
            ok |= f(b, w, to - to / 9 + 33, e);
        }
    if (jumps)
        return ok;
    if (chain)
        return s - 32 == e;
    to = (e - 1) * 9 / 8;
    return (to == at - 4 || to == at - 5) && empty >> to & 1;
}
