/* A readable 8x8 bitboard, square by square: bit 8*row+column, row 0 the
   far side (squares 1-4), the dark squares on the odd columns of even rows
   and the even columns of odd rows.  Every chain is followed at once, a
   round a jump, by a loop over the 64 squares and the two ways up; a man
   goes up two rows a jump, so three rounds end every chain. */
static int square(int n)
{
    int row = (n - 1) / 4;
    return 8 * row + 2 * ((n - 1) % 4) + (row % 2 == 0);
}

int f(int *b, int *w, int s, int e)
{
    unsigned long long black = 0, empty = 0, at, next, hit, can, jumped = 0;
    int i, x, row, column, d, round, to = square(e), from = square(s);

    for (i = 1; i <= 32; i++)
        empty |= 1ULL << square(i);
    for (i = 0; b[i]; i++)
        black |= 1ULL << square(b[i]);
    for (i = 0; w[i]; i++)
        empty &= ~(1ULL << square(w[i]));
    empty &= ~black;

    at = 1ULL << from;
    for (round = 0; round < 3; round++) {
        next = 0;
        for (x = 0; x < 64; x++) {
            row = x / 8;
            column = x % 8;
            can = 0;
            for (d = -1; d <= 1; d += 2)
                if (row >= 2 && column + 2 * d >= 0 && column + 2 * d < 8) {
                    hit = at >> x & black >> (x - 8 + d) & empty >> (x - 16 + 2 * d) & 1;
                    next |= hit << (x - 16 + 2 * d);
                    can |= hit;
                }
            next |= (at >> x & 1 & ~can) << x;
            jumped |= can;
        }
        at = next;
    }
    if (jumped)
        return at >> to & 1;
    return (to == from - 7 && from % 8 < 7 || to == from - 9 && from % 8 > 0) && empty >> to & 1;
}
