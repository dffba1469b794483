/* ungolfed.c - golf/checkers.c written out: the same algorithm, step by step.
 *
 * Board: each square n (1-32) gets a bit index i = (9n + 71) / 8, so every
 * row pair holds 8 squares then one unused "ghost" index:
 *
 *     squares  1- 8 -> 10-17    ghost 18
 *     squares  9-16 -> 19-26    ghost 27
 *     squares 17-24 -> 28-35    ghost 36
 *     squares 25-32 -> 37-44
 *
 * With that padding the two forward (up-board) steps are always i-4 and i-5,
 * and the jumps i-8 (over i-4) and i-10 (over i-5), on every row: a step
 * that would cross the left or right edge lands on a ghost, one off the top
 * lands below 10.  Both are marked occupied, so nothing can land there.
 *
 * Two 64-bit masks hold the position: `black` (pieces that can be captured)
 * and `occupied` (black, white, and every ghost or off-board index). */
typedef struct {
    long black, occupied;
    int end; /* the end square's index */
} position;

/* Bits 0-9 (off the top) and the ghosts 18, 27, 36. */
#define NOT_A_SQUARE 0x10080403FFL

static int bit_index(int square) { return (square * 9 + 71) >> 3; }

/* Can the man on index p finish its move on the end square?
 * first: p is the start (no jump made yet).
 * The golf folds "some jump existed" and "some chain worked" into one int:
 * bit 1 = a jump was available, bit 0 = a chain through it can end at `end`. */
static int reaches_end(const position *pos, int p, int first)
{
    int found = 0;
    for (int step = 4; step <= 5; step++) {
        int over = p - step, land = p - 2 * step;
        if ((pos->black >> over & 1) && !(pos->occupied >> land & 1))
            found |= 2 | reaches_end(pos, land, 0);
    }
    if (found) /* capture is mandatory: only the jumps count */
        return found & 1;
    /* No jump from here.  At the start, a simple step: the end must be free
     * and 4 or 5 indices ahead; the golf writes this !(p - end - 4 >> 1).
     * Mid-chain, the chain ends here: the end must be p itself; the golf
     * writes it with the same expression, first = 0 making it !(p - end). */
    if (pos->occupied >> pos->end & 1)
        return 0;
    return first ? p - pos->end == 4 || p - pos->end == 5 : p == pos->end;
}

int f(const int *b, const int *w, int s, int e)
{
    position pos = {0, NOT_A_SQUARE, bit_index(e)};
    for (; *w; w++)
        pos.occupied |= 1L << bit_index(*w);
    for (; *b; b++)
        pos.black |= 1L << bit_index(*b);
    pos.occupied |= pos.black;
    return reaches_end(&pos, bit_index(s), 1);
}
