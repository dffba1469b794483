/* ungolfed.c - golf/checkers.c written out: the same algorithm, step by step.
 *
 * Board: square n (1-32) gets bit i = (n - 1) * 9 / 8 of a 64-bit mask, so
 * every pair of rows holds 8 squares and then one unused "ghost" bit:
 *
 *     squares  1- 8 -> bits  0- 7    ghost  8
 *     squares  9-16 -> bits  9-16    ghost 17
 *     squares 17-24 -> bits 18-25    ghost 26
 *     squares 25-32 -> bits 27-34
 *
 * With that padding the two forward (up-board) steps from bit i are i-4 and
 * i-5 on every row, and the jumps i-8 (over i-4) and i-10 (over i-5).  A step
 * across the left or right edge lands on a ghost, which is never empty; one off
 * the top shifts out of the mask.  So no move needs an edge test.
 *
 * The whole position is two masks: `empty` (empty squares) and `black`.  The
 * search is breadth-first over all chains at once, on masks: no recursion. */
#include <stdint.h>

typedef uint64_t mask;

static int bit_index(int square) { return (square - 1) * 9 / 8; }

static mask bit(int square) { return (mask)1 << bit_index(square); }

/* Bits 0-34 without the ghosts 8, 17, 26: the golf writes ~67240192, whose
 * set bits above 34 are never read as squares.  Its sign bit also tells the
 * golf's single list loop that the black list is done. */
#define ALL_SQUARES (~(mask)67240192)

/* The squares the man on `from` may land on after one jump, for every man in
 * `from` at once.  black4 is the black mask shifted down by 4: bit x of it
 * says "square x + 4 holds black", the piece a jump to x passes over.  Black
 * men on squares 1-4 drop out, and rightly: no jump passes over the top row. */
static mask landings(mask from, mask black4, mask empty)
{
    return empty & ((from >> 8 & black4) | (from >> 10 & black4 >> 1));
}

/* The men in `from` that have a jump: the landings' bits moved back up. */
static mask jumpers(mask from, mask black4, mask empty)
{
    return from & ((black4 & empty) | (black4 << 1 & empty << 2)) << 8;
}

int f(const int *b, const int *w, int s, int e)
{
    /* The golf does both lists in one loop, switching at the black list's
     * end; here they are two. */
    mask taken = 0;
    for (; *b; b++)
        taken ^= bit(*b);
    mask black4 = taken >> 4;
    mask empty = taken ^ ALL_SQUARES;
    for (; *w; w++)
        empty ^= bit(*w);

    /* `at` holds every man still moving plus every chain that has ended.
     * Each round, men with a jump are replaced by their landings and men
     * without one stay.  Landings are two rows further up than anything
     * already in `at`, so the golf can use ^ for the |.  A chain of k jumps
     * needs a start on row 2k or lower, so square s > k: s rounds are enough. */
    const mask start = bit(s);
    mask at = start;
    for (int round = s; round > 0; round--)
        at = (at ^ jumpers(at, black4, empty)) | landings(at, black4, empty);

    /* Still only the start: it could not capture, so a simple step to a free
     * forward square (bits start-4 and start-5: the golf's S*3>>5) is the
     * move.  Otherwise the chains' ends are exactly the legal ends.  Every end
     * lies below the start's bit, so the golf tests "only the start" with
     * P%S, which is P itself otherwise, and takes it with gcc's `?:`. */
    mask ends = at != start ? at : empty & (start * 3 >> 5);
    return ends >> bit_index(e) & 1;
}
