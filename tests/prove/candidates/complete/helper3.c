/* One round of jumps in a static helper, called once a round: every man of
   at that can jump is replaced by its landings, one that cannot stays where
   its chain ends.  Square n is bit (n-1)*9/8 (steps up 4 and 5 bits down,
   jumps 8 and 10; a step off a side lands on a bit that is never empty). */
static long round_of(long at, long black, long empty)
{
    long right = at >> 8 & black >> 4 & empty;
    long left = at >> 10 & black >> 5 & empty;
    long jumpers = right << 8 | left << 10;
    return (at & ~jumpers) | right | left;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL, start = 1L << (s - 1) * 9 / 8, at;
    for (; *b; b++)
        black |= 1L << (*b - 1) * 9 / 8;
    for (; *w; w++)
        empty &= ~(1L << (*w - 1) * 9 / 8);
    empty &= ~black;
    at = round_of(round_of(round_of(start, black, empty), black, empty), black, empty);
    if (at != start)
        return at >> (e - 1) * 9 / 8 & 1;
    return ((start >> 4 | start >> 5) & empty) >> (e - 1) * 9 / 8 & 1;
}
