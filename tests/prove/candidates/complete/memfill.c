/* A 10-wide mailbox, a[p] for place p: 0 off the board, 1 empty, 2 black,
   3 white.  Square n is place sq[n], rows of ten under two rows of border,
   so a man steps up 9 or 11 places and jumps 18 or 22, and a step off a
   side lands on the border.  end[q] says whether a chain of jumps going on
   from place q must end at t: places top rows first, so that the places a
   jump lands on are done before it.  The board is cleared by memset (gcc
   -O0 calls the C library's, -O2 stores with rep stosq), end by its
   initializer (rep stosq) and the places are a local table (gcc copies it
   from read-only data with rep movsq). */
#define JUMP(p, d) (a[(p) - (d)] == 2 & a[(p) - 2 * (d)] == 1)

int f(int *b, int *w, int s, int e)
{
    long sq[33] = {0, 22, 24, 26, 28, 31, 33, 35, 37, 42, 44, 46, 48, 51, 53, 55, 57,
                   62, 64, 66, 68, 71, 73, 75, 77, 82, 84, 86, 88, 91, 93, 95, 97};
    char a[100], end[100] = {0};
    int p = sq[s], t = sq[e], q, k, left, right;

    memset(a, 0, sizeof a);
    for (k = 1; k <= 32; k++)
        a[sq[k]] = 1;
    for (; *b; b++)
        a[sq[*b]] = 2;
    for (; *w; w++)
        a[sq[*w]] = 3;
    for (k = 1; k <= 32; k++) {
        q = sq[k];
        left = JUMP(q, 11);
        right = JUMP(q, 9);
        end[q] = (left & end[q - 22]) | (right & end[q - 18]) | (!(left | right) & (q == t));
    }
    if (JUMP(p, 9) | JUMP(p, 11))
        return end[p];
    return a[t] == 1 && (t == p - 9 || t == p - 11);
}
