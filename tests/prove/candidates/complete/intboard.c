/* The board and the places a jumping man reaches as ints on the stack,
   stored at an index (gcc -O2 and -O3: mov dword ptr [rsp + rax*4 + d],
   2).  Square n is place n + (n - 1) / 8 + 10, as in staticboard.c: a
   man steps to p - 4 or p - 5 and jumps to p - 8 or p - 10, so a chain
   only goes down the places, and one sweep from the start down follows
   every chain: R is 1 at the start, 2 where a jump lands, 3 where a
   jump goes on (the chain cannot stop there). */
int f(int *b, int *w, int s, int e)
{
    int B[56] = {0}, R[56] = {0}, n, q, d, any = 0;
    int p = s + (s - 1) / 8 + 10, t = e + (e - 1) / 8 + 10;

    for (n = 1; n <= 32; n++)
        B[n + (n - 1) / 8 + 10] = 1;
    for (; *b; b++)
        B[*b + (*b - 1) / 8 + 10] = 2;
    for (; *w; w++)
        B[*w + (*w - 1) / 8 + 10] = 3;
    R[p] = 1;
    for (q = p; q > 10; q--)
        if (R[q])
            for (d = 4; d <= 5; d++)
                if (B[q - d] == 2 && B[q - 2 * d] == 1) {
                    R[q - 2 * d] = 2;
                    R[q] = 3;
                    any = 1;
                }
    return any ? R[t] == 2 : B[t] == 1 && (t == p - 4 || t == p - 5);
}
