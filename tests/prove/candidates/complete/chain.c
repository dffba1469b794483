/* No board at all: each square is looked up in the lists as it is needed,
   and f follows a jump chain by calling itself, a negative start standing
   for a man that has just jumped onto -s (it must jump on while it can,
   and its move ends where it cannot).  up(n, right) is the square up-left
   or up-right of n, or 0 off the board: the rows alternate between
   starting half a square in and half a square out. */
static int in(int *p, int n)
{
    for (; *p; p++)
        if (*p == n)
            return 1;
    return 0;
}

static int up(int n, int right)
{
    int column = (n - 1) % 4;
    if (n < 5)
        return 0;
    if ((n - 1) / 4 % 2)
        return right ? n - 4 : column ? n - 5 : 0;
    return right ? (column < 3 ? n - 3 : 0) : n - 4;
}

int f(int *b, int *w, int s, int e)
{
    int n = s < 0 ? -s : s, right, over, to, jumped = 0, ok = 0;
    for (right = 0; right < 2; right++) {
        over = up(n, right);
        to = up(over, right);
        if (to && in(b, over) && !in(b, to) && !in(w, to)) {
            jumped = 1;
            ok |= f(b, w, -to, e);
        }
    }
    if (jumped)
        return ok;
    if (s < 0)
        return n == e;
    return (up(n, 0) == e || up(n, 1) == e) && !in(b, e) && !in(w, e);
}
