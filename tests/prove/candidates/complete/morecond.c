/* The golf's board with each list loop's condition a helper reading the
   list: more(p) is the square *p, 0 at the end.  The loop reads the square
   in f only after the helper did.  Square n is bit (n-1)*9/8 (steps up 4
   and 5 bits down, jumps 8 and 10; a step off a side lands on a bit that is
   never empty). */
static int more(int *p)
{
    return *p;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL, at = 1L << (s - 1) * 9 / 8, ends;
    int rounds = 3, jumped = 0;
    for (; more(b); b++)
        black |= 1L << (*b - 1) * 9 / 8;
    for (; more(w); w++)
        empty &= ~(1L << (*w - 1) * 9 / 8);
    empty &= ~black;
    ends = (at >> 4 | at >> 5) & empty;
    while (rounds--) {
        long over4 = at >> 8 & black >> 4 & empty;
        long over5 = at >> 10 & black >> 5 & empty;
        if (over4 | over5)
            jumped = 1, at = (at & ~(over4 << 8 | over5 << 10)) | over4 | over5;
    }
    if (jumped)
        ends = at;
    return ends >> (e - 1) * 9 / 8 & 1;
}
