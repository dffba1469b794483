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
    long black = 0, empty = 0x7fbfdfeffL, at = 1L << (s - 1) * 9 / 8, right, left;
    int round, jumped = 0;
    for (; more(b); b++)
        black |= 1L << (*b - 1) * 9 / 8;
    for (; more(w); w++)
        empty &= ~(1L << (*w - 1) * 9 / 8);
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
