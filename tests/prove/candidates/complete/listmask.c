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
    long black = mask(b, 0), empty = mask(w, 0x7fbfdfeffL), at = 1L << (s - 1) * 9 / 8, right, left;
    int round, jumped = 0;
    empty &= ~black;
    for (round = 0; round < 3; round++) {
        right = at >> 8 & black >> 4 & empty;
        left = at >> 10 & black >> 5 & empty;
        if (right | left)
            jumped = 1;
        at = (at & ~(right << 8 | left << 10)) | right | left;
    }
    if (jumped)
        return at >> (e - 1) * 9 / 8 & 1;
    return ((at >> 4 | at >> 5) & empty) >> (e - 1) * 9 / 8 & 1;
}
