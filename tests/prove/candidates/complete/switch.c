/* Squares by a switch: bit(n) is square n's bit in an 8x8 board (8*row +
   column, row 0 the far side).  The dark squares are the odd columns of
   even rows and the even columns of odd rows, so n's place in its pair of
   rows, (n - 1) % 8, gives its column and (n - 1) / 8 the pair.  A white man
   moves up, to lower bits: 7 bits down is up and right, 9 up and left; H
   and A are the columns a step that way would leave the board from. */
#define H 0x8080808080808080ULL
#define A 0x0101010101010101ULL

static int bit(int n)
{
    int pair = 16 * ((n - 1) / 8);
    switch ((n - 1) % 8) {
    case 0: return pair + 1;
    case 1: return pair + 3;
    case 2: return pair + 5;
    case 3: return pair + 7;
    case 4: return pair + 8;
    case 5: return pair + 10;
    case 6: return pair + 12;
    default: return pair + 14;
    }
}

int f(int *b, int *w, int s, int e)
{
    unsigned long long black = 0, empty = 0x55AA55AA55AA55AAULL, at = 1ULL << bit(s), right, left;
    int round, jumped = 0;

    for (; *b; b++)
        black |= 1ULL << bit(*b);
    for (; *w; w++)
        empty &= ~(1ULL << bit(*w));
    empty &= ~black;
    /* Every chain at once, a round a jump: the men that can jump are
       replaced by their landings.  A man goes up two rows a jump, so three
       rounds end every chain. */
    for (round = 0; round < 3; round++) {
        right = ((at & ~H) >> 7 & black & ~H) >> 7 & empty;
        left = ((at & ~A) >> 9 & black & ~A) >> 9 & empty;
        if (right | left)
            jumped = 1;
        at = (at & ~(right << 14 | left << 18)) | right | left;
    }
    /* No capture: a step up to an empty square. */
    if (!jumped)
        at = ((at & ~H) >> 7 | (at & ~A) >> 9) & empty;
    return at >> bit(e) & 1;
}
