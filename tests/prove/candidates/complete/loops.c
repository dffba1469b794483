/* The readable way: an 8x8 bitboard, built by a loop over each list, and
   the jump chains followed by loops over the rounds and the two forward
   directions.  Bit 8*row+column, row 0 the far side (squares 1-4); square n
   stands on the odd columns of even rows and the even columns of odd rows.
   A white man moves up the board, to lower bits: 7 bits down is up and
   right, 9 bits down up and left. */
#define ROW(n) (((n) - 1) / 4)
#define COLUMN(n) (2 * (((n) - 1) % 4) + 1 - ROW(n) % 2)
#define INDEX(n) (8 * ROW(n) + COLUMN(n))
#define BIT(n) (1ULL << INDEX(n))
#define COLUMN_A 0x0101010101010101ULL
#define COLUMN_H 0x8080808080808080ULL

int f(int *b, int *w, int s, int e)
{
    unsigned long long black = 0, empty = 0, at = BIT(s), edge, over, to,
                       jumpers, landings;
    int i, d, round, jumped = 0;

    for (i = 1; i <= 32; i++)
        empty |= BIT(i);
    for (i = 0; b[i]; i++) {
        black |= BIT(b[i]);
        empty &= ~BIT(b[i]);
    }
    for (i = 0; w[i]; i++)
        empty &= ~BIT(w[i]);

    /* Breadth-first over every chain at once: each round, the men of `at`
       that can jump are replaced by their landings.  A man goes up two rows
       a jump, so three rounds end every chain. */
    for (round = 0; round < 3; round++) {
        jumpers = landings = 0;
        for (d = 7; d <= 9; d += 2) {
            /* a step that way from column H (up and right) or A (up and
               left) would leave the board */
            edge = d == 7 ? COLUMN_H : COLUMN_A;
            over = (at & ~edge) >> d & black;
            to = (over & ~edge) >> d & empty;
            landings |= to;
            jumpers |= to << d << d;
        }
        if (jumpers)
            jumped = 1;
        at = (at & ~jumpers) | landings;
    }

    /* After a capture the move must end where a complete chain ends;
       without one, it is a step up to an empty square. */
    if (jumped)
        return at >> INDEX(e) & 1;
    for (d = 7; d <= 9; d += 2) {
        edge = d == 7 ? COLUMN_H : COLUMN_A;
        if (((at & ~edge) >> d & empty) == BIT(e))
            return 1;
    }
    return 0;
}
