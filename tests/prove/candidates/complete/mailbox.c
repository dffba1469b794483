/* A mailbox: a[p] says what stands on place p, 0 off the board, 1 empty,
   2 black, 3 white.  Square n is place at[n - 1] - 30, from a local copy of
   a string: every 9th place is no square and the 11 before square 1 are
   off the board, so a step up is 4 or 5 places down, a jump 8 or 10, and a
   step off a side lands off the board.  A man goes up two rows a jump, so
   its chain has at most three: they are followed jump by jump. */
#define JUMP(p, d) (a[(p) - (d)] == 2 && a[(p) - 2 * (d)] == 1)

int f(int *b, int *w, int s, int e)
{
    char a[48] = {0}, at[] = ")*+,-./023456789;<=>?@ABDEFGHIJK";
    int n, x = at[s - 1] - 30, t = at[e - 1] - 30, y, z, d, d2, d3, more, more2, jumped = 0, ok = 0;

    for (n = 0; n < 32; n++)
        a[at[n] - 30] = 1;
    for (; *b; b++)
        a[at[*b - 1] - 30] = 2;
    for (; *w; w++)
        a[at[*w - 1] - 30] = 3;
    for (d = 4; d <= 5; d++)
        if (JUMP(x, d)) {
            jumped = 1;
            y = x - 2 * d;
            more = 0;
            for (d2 = 4; d2 <= 5; d2++)
                if (JUMP(y, d2)) {
                    more = 1;
                    z = y - 2 * d2;
                    more2 = 0;
                    for (d3 = 4; d3 <= 5; d3++)
                        if (JUMP(z, d3)) {
                            more2 = 1;
                            ok |= z - 2 * d3 == t;
                        }
                    if (!more2)
                        ok |= z == t;
                }
            if (!more)
                ok |= y == t;
        }
    if (jumped)
        return ok;
    return a[t] == 1 && (t == x - 4 || t == x - 5);
}
