/* The board in static arrays, kept between calls as a golfer's globals
   are: f clears (memset: gcc -O0 calls the C library's, -O2 stores) and
   fills them on each call (the proof lets them hold anything when a call
   starts).  Square n is place n + (n - 1) / 8 + 10:
   a man steps to p - 4 or p - 5 and jumps to p - 8 or p - 10, and the
   places between rows, above and below the board stay 0, never a man.
   The chain is followed breadth first: a queue of the places the jumping
   man may stand on, each once; one with no jump on is where a chain ends. */
static char sq[56], seen[56];
static int queue[16];

static int jump(int p, int d)
{
    return sq[p - d] == 2 && sq[p - 2 * d] == 1;
}

int f(int *b, int *w, int s, int e)
{
    int p = s + (s - 1) / 8 + 10, t = e + (e - 1) / 8 + 10, n, d, head = 0, tail = 0, ok = 0;

    memset(sq, 0, sizeof sq);
    memset(seen, 0, sizeof seen);
    for (n = 1; n <= 32; n++)
        sq[n + (n - 1) / 8 + 10] = 1;
    for (; *b; b++)
        sq[*b + (*b - 1) / 8 + 10] = 2;
    for (; *w; w++)
        sq[*w + (*w - 1) / 8 + 10] = 3;
    if (!(jump(p, 4) | jump(p, 5)))
        return sq[t] == 1 && (t == p - 4 || t == p - 5);
    queue[tail++] = p;
    while (head < tail) {
        p = queue[head++];
        if (!(jump(p, 4) | jump(p, 5)))
            ok |= p == t;
        for (d = 4; d <= 5; d++)
            if (jump(p, d) && !seen[p - 2 * d]) {
                seen[p - 2 * d] = 1;
                queue[tail++] = p - 2 * d;
            }
    }
    return ok;
}
