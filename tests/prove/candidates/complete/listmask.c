/* The golf's board with each list's mask built by one helper, a loop over
   the list: mask(p, m) toggles in m the bit of each square of p.  Square n
   is bit (n-1)*9/8 (steps up 4 and 5 bits down, jumps 8 and 10; a step off
   a side lands on a bit that is never empty). */
static long mask(int *p, long m)
{
    for (; *p; p++)
        m ^= 1L << (*p - 1) * 9 / 8;
    return m;
}

int f(int *b, int *w, int s, int e)
{
    long black = mask(b, 0), empty = mask(w, 0x7fbfdfeffL), at = 1L << (s - 1) * 9 / 8;
    int round, d, jumped = 0;
    empty &= ~black;
    for (round = 0; round < 3; round++) {
        long landed = 0, left_from = 0;
        for (d = 4; d <= 5; d++) {
            long to = at >> 2 * d & black >> d & empty;
            landed |= to;
            left_from |= to << 2 * d;
        }
        jumped |= landed != 0;
        at = (at & ~left_from) | landed;
    }
    if (!jumped)
        at = (at >> 4 | at >> 5) & empty; /* no capture: a step */
    return at >> (e - 1) * 9 / 8 & 1;
}
