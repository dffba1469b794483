/* complete/popcount.c with a function of its own named __popcountdi2 by
   an asm label (gnu89's asm keyword, no __ name): gcc's calls for
   __builtin_popcountl bind to it in the program, which counts one bit
   where libgcc's routine counts them all (gcc -O0 makes the name global
   and calls it; -O2 drops the function, unused, and calls libgcc's).
   Refused by name (allow.py, LIBGCC_NAMES). */
static int one(unsigned long x) asm("__popcountdi2");
static int one(unsigned long x)
{
    return x != 0;
}

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
