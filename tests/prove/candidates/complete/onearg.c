/* The golf's board through a one-argument helper: bit(n) is square n's
   place in a mask, (n-1)*9/8 (steps up 4 and 5 bits down, jumps 8 and 10;
   a step off a side lands on a bit that is never empty).  The chains are
   followed a round a jump: the men that can jump are replaced by their
   landings, those that cannot stay where their chains end. */
static unsigned char bit(int n)
{
    return (n - 1) * 9 / 8;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL, at = 1L << bit(s), right, left;
    int round, jumped = 0;
    for (; *b; b++)
        black |= 1L << bit(*b);
    for (; *w; w++)
        empty &= ~(1L << bit(*w));
    empty &= ~black;
    for (round = 0; round < 3; round++) {
        right = at >> 8 & black >> 4 & empty;
        left = at >> 10 & black >> 5 & empty;
        if (right | left)
            jumped = 1;
        at = (at & ~(right << 8 | left << 10)) | right | left;
    }
    if (jumped)
        return at >> bit(e) & 1;
    return ((at >> 4 | at >> 5) & empty) >> bit(e) & 1;
}
