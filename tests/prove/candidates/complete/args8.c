/* helper3.c's round of jumps with every number it uses passed in: eight
   arguments, so the seventh and eighth go on the stack (the System V ABI
   passes six in registers), where gcc -O0 pushes them and the helper reads
   them above its return address.  keep is every square a man may end a
   round on: the empty ones and the start. */
static long round_of(long at, long black, long empty, int r, int l, int rs, int ls, long keep)
{
    long right = at >> r & black >> rs & empty;
    long left = at >> l & black >> ls & empty;
    long jumpers = right << r | left << l;
    return (at & ~jumpers & keep) | right | left;
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, empty = 0x7fbfdfeffL, start = 1L << (s - 1) * 9 / 8, at, keep;
    for (; *b; b++)
        black |= 1L << (*b - 1) * 9 / 8;
    for (; *w; w++)
        empty &= ~(1L << (*w - 1) * 9 / 8);
    empty &= ~black;
    keep = empty | start;
    at = round_of(start, black, empty, 8, 10, 4, 5, keep);
    at = round_of(at, black, empty, 8, 10, 4, 5, keep);
    at = round_of(at, black, empty, 8, 10, 4, 5, keep);
    if (at != start)
        return at >> (e - 1) * 9 / 8 & 1;
    return ((start >> 4 | start >> 5) & empty) >> (e - 1) * 9 / 8 & 1;
}
