/* The golf's board with the white list's first square read by a helper,
   first(p), before f reads the rest: f goes on from the square after it.
   Square n is bit (n-1)*9/8 (steps up 4 and 5 bits down, jumps 8 and 10; a
   step off a side lands on a bit that is never empty). */
static int first(int *p)
{
    return *p;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL, at = 1L << (s - 1) * 9 / 8, right, left;
    int round, x;
    for (; *b; b++)
        black |= 1L << (*b - 1) * 9 / 8;
    if ((x = first(w)))
        for (empty &= ~(1L << (x - 1) * 9 / 8); *++w;)
            empty &= ~(1L << (*w - 1) * 9 / 8);
    empty &= ~black;
    right = at >> 8 & black >> 4 & empty;
    left = at >> 10 & black >> 5 & empty;
    if (!(right | left))
        return ((at >> 4 | at >> 5) & empty) >> (e - 1) * 9 / 8 & 1;
    for (round = 1; round <= 3; round++) {
        at &= ~(right << 8 | left << 10);
        at |= right | left;
        right = at >> 8 & black >> 4 & empty;
        left = at >> 10 & black >> 5 & empty;
    }
    return at >> (e - 1) * 9 / 8 & 1;
}
