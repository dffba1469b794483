/* The golf's board counted with __builtin_popcountl: bit(n) is square n's
   bit in a mask, (n-1)*9/8 (steps up 4 and 5 bits down, jumps 8 and 10;
   a step off a side lands on a bit that is never empty).  The chains are
   followed a round a jump: the men that can jump and their landings
   change places, and the black men they jump over are counted; with none
   captured, the man may only step.  The end is legal when the legal ends
   and its one-bit mask have a bit in common.  gcc without -mpopcnt calls
   libgcc's __popcountdi2 for each count. */
static long bit(int n)
{
    return 1L << (n - 1) * 9 / 8;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL, at = bit(s), right, left;
    int round, captured = 0;
    for (; *b; b++)
        black |= bit(*b);
    for (; *w; w++)
        empty &= ~bit(*w);
    empty &= ~black;
    for (round = 0; round < 3; round++) {
        right = at >> 8 & black >> 4 & empty;
        left = at >> 10 & black >> 5 & empty;
        captured += __builtin_popcountl(right << 4 | left << 5);
        at ^= right * 257 | left * 1025;
    }
    if (!captured)
        at = (at >> 4 | at >> 5) & empty;
    return __builtin_popcountl(at & bit(e));
}
