/* A mailbox: a[i] says what stands at place i, 0 for no square, 1 empty, 2
   black, 3 white.  Square n is place (n-1)*9/8+10, read from a local copy
   of a string: two rows of the board hold 8 squares and then a place that
   is no square, so every move up is 4 or 5 places down and every jump 8 or
   10, and the 10 places before square 1 are off the board too.  The men of
   every chain are followed at once, a round a jump, on a second mailbox. */
int f(int *b, int *w, int s, int e)
{
    char a[45] = {0}, at[45] = {0}, place[] = "23456789;<=>?@ABDEFGHIJKMNOPQRST";
    int n, x, d, t, round, moved, jumped = 0;

    for (n = 0; n < 32; n++)
        a[place[n] - 40] = 1;
    for (; *b; b++)
        a[place[*b - 1] - 40] = 2;
    for (; *w; w++)
        a[place[*w - 1] - 40] = 3;
    x = place[s - 1] - 40;
    t = place[e - 1] - 40;
    at[x] = 1;
    for (round = 0; round < 3; round++) {
        char next[45] = {0};
        for (n = 10; n < 45; n++)
            if (at[n]) {
                moved = 0;
                for (d = 4; d <= 5; d++)
                    if (a[n - d] == 2 && a[n - 2 * d] == 1)
                        next[n - 2 * d] = moved = 1;
                if (moved)
                    jumped = 1;
                else
                    next[n] = 1;
            }
        for (n = 0; n < 45; n++)
            at[n] = next[n];
    }
    if (jumped)
        return at[t];
    return a[t] == 1 && (t == x - 4 || t == x - 5);
}
