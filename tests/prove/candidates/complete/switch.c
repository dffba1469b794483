/* Neighbours by a switch: the squares up-left and up-right of n (right = 0
   or 1), or 0 where the board ends.  The two rows of a pair are shifted
   half a square against each other, so the place of n in its pair of rows,
   (n - 1) % 8, says which numbers its neighbours have.  Pieces are bits n
   of a mask, by their square numbers. */
static int up(int n, int right)
{
    if (n < 5 || n > 32)
        return 0;
    switch ((n - 1) % 8) {
    case 0: return n - 4 + right;
    case 1: return n - 4 + right;
    case 2: return n - 4 + right;
    case 3: return right ? 0 : n - 4;
    case 4: return right ? n - 4 : 0;
    case 5: return n - 5 + right;
    case 6: return n - 5 + right;
    default: return n - 5 + right;
    }
}

/* The squares down-left and down-right of n, the same way. */
static int down(int n, int right)
{
    if (n < 1 || n > 28)
        return 0;
    switch ((n - 1) % 8) {
    case 0: return n + 4 + right;
    case 1: return n + 4 + right;
    case 2: return n + 4 + right;
    case 3: return right ? 0 : n + 4;
    case 4: return right ? n + 4 : 0;
    case 5: return n + 3 + right;
    case 6: return n + 3 + right;
    default: return n + 3 + right;
    }
}

int f(int *b, int *w, int s, int e)
{
    long black = 0, taken = 0, at = 1L << s, next;
    int n, right, over, to, round, moved, jumped = 0;

    for (; *b; b++)
        black |= 1L << *b;
    for (; *w; w++)
        taken |= 1L << *w;
    taken |= black;
    /* Every chain at once, a round a jump: a man that can jump is replaced
       by its landings, one that cannot is where its chain ends.  A man goes
       up two rows a jump, so three rounds end every chain. */
    for (round = 0; round < 3; round++) {
        next = 0;
        for (n = 1; n <= 32; n++)
            if (at >> n & 1) {
                moved = 0;
                for (right = 0; right < 2; right++) {
                    over = up(n, right);
                    to = up(over, right);
                    if (to && black >> over & 1 && !(taken >> to & 1)) {
                        next |= 1L << to;
                        moved = 1;
                    }
                }
                if (moved)
                    jumped = 1;
                else
                    next |= 1L << n;
            }
        at = next;
    }
    if (jumped)
        return at >> e & 1;
    /* No capture: a step to an empty square, s one down from e. */
    return !(taken >> e & 1) && (down(e, 0) == s || down(e, 1) == s);
}
