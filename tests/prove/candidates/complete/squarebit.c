/* The golf's board with each man's bit read through the list pointer by a
   helper: sq(p) is the bit of the square *p, read again where f read it.
   Square n is bit (n-1)*9/8 (steps up 4 and 5 bits down, jumps 8 and 10; a
   step off a side lands on a bit that is never empty). */
static long sq(int *p)
{
    return 1L << (*p - 1) * 9 / 8;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL, at = 1L << (s - 1) * 9 / 8;
    int round, jumped = 0;
    for (; *b; b++)
        black |= sq(b);
    for (; *w; w++)
        empty &= ~sq(w);
    empty &= ~black;
    for (round = 0; round < 3; round++) {
        long j8 = at >> 8 & black >> 4 & empty, j10 = at >> 10 & black >> 5 & empty;
        if (!(j8 | j10))
            break; /* no man jumps: nor will one in a later round */
        jumped = 1;
        at = (at & ~(j8 << 8) & ~(j10 << 10)) | j8 | j10;
    }
    return (jumped ? at : (at >> 4 | at >> 5) & empty) >> (e - 1) * 9 / 8 & 1;
}
