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
 * The position is two masks, the empty squares and the black men, and the
 * search is breadth-first over every jump chain at once, on one more mask.
 * Each round replaces the men that can jump by their landings.  A jump's
 * landing bit x and its jumper bit x+8 (or x+10) come from one product:
 * x * 257 = x | x << 8 and x * 1025 = x | x << 10, and one XOR takes the
 * jumpers out and puts the landings in.  When no man can jump any more, the
 * mask holds the ends of the complete chains, or still the start alone, which
 * then may only step.  The start is a white man, so it is never empty: that
 * tells "only the start is left" without keeping the start's bit. */
#include <stdint.h>

typedef uint64_t mask;

static int bit_index(int square) { return (square - 1) * 9 / 8; }

static mask bit(int square) { return (mask)1 << bit_index(square); }

/* Bits 0-34 without the ghosts 8, 17, 26, that is ~67240192 = 0xFBFDFEFF as
 * a 32-bit int.  The golf writes it as minus a character constant of four
 * raw control bytes, -'\4\2\1\1' (04 02 01 01: 7 bytes, against 9 for
 * the number).  gcc and clang pack a multi-character constant's bytes
 * big-endian into an int, so the constant is 0x04020101 = 67240193, and its
 * negative is ~67240192.  Those bytes are UTF-8 text, which both sites'
 * links can hold; FB FD FE FF, the mask's own bytes, are not.  As a negative
 * int turned long, every bit above 31 is set; those above 34 are never read
 * as squares, and the sign bit tells the golf's single loop that the black
 * list is done. */
#define ALL_SQUARES (~(mask)67240192)

/* One round for every man in `at` at once.  black4 is the black mask shifted
 * down by 4: bit x of it says "square x + 4 holds black", the piece a jump
 * to the right (from x + 8) passes over, and bit x + 1 of it the piece a jump
 * to the left (from x + 10) passes over.  Black men on squares 1-4 drop out,
 * and rightly: no jump passes over the top row.
 *
 * right and left are the landings, bit x for a jump from x + 8 or x + 10.
 * right * 257 is right | right << 8: the landings and the men that made them,
 * and the same for left * 1025.  Every jumper is in `at`, every landing is
 * two rows further up than anything in `at`, so one XOR with the union takes
 * the jumpers out and puts the landings in.  A man that can jump both ways is
 * in both products and goes out once; two men landing on one square put it
 * in once.  Men that cannot jump stay: they are the ends of their chains. */
static mask round_of_jumps(mask at, mask black4, mask empty)
{
    mask right = at >> 8 & black4 & empty;
    mask left = at >> 10 & black4 >> 1 & empty;
    return at ^ (right * 257 | left * 1025);
}

int f(const int *b, const int *w, int s, int e)
{
    /* The golf reads both lists in one loop: the blacks first, then at the
     * black list's end it keeps the blacks shifted down by 4, turns the mask
     * into "every square but the ghosts and the blacks" with ^ALL_SQUARES
     * (which sets the sign bit, so the switch happens once), and goes on with
     * the white list.  Here the lists get a loop each. */
    mask taken = 0;
    for (; *b; b++)
        taken ^= bit(*b);
    mask black4 = taken >> 4;
    mask empty = taken ^ ALL_SQUARES;
    for (; *w; w++)
        empty ^= bit(*w);

    /* The rounds.  A chain of k jumps needs a start on row 2k or lower, so
     * square s > k: s rounds are more than enough, and the golf counts them
     * on s itself, in the same loop as the lists (the loop's third branch,
     * taken once both lists are read). */
    mask at = bit(s);
    for (int k = s; k >= 0; k--)
        at = round_of_jumps(at, black4, empty);

    /* The landings are empty squares and the start, a white man, is not: if
     * nothing of `at` is empty, only the start is left.  It could not
     * capture, so a simple step to a free forward square (bits start-4 and
     * start-5: at * 3 >> 5 with `at` still the start) is the move.
     * Otherwise the chains' ends are exactly the legal ends, and the golf
     * takes them with gcc's `?:`. */
    mask ends = (at & empty) != 0 ? at : empty & (at * 3 >> 5);
    return ends >> bit_index(e) & 1;
}
