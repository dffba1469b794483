/* driver.c - the golf's footer: reads protocol lines, turns each into the
 * golf's arguments (0-terminated int lists, start, end) and prints its answer.
 * It does no part of the solving. */
#include <stdio.h>

#include "../reference/line.h"

int f(); /* the golf: golf/checkers.c, K&R-style int f(b, w, s, e) */

static void answer(const question *q, void *ctx, FILE *out)
{
    int b[SQUARES + 1], w[SQUARES + 1], i;
    (void)ctx;
    for (i = 0; i < q->nblack; i++)
        b[i] = q->black[i];
    b[i] = 0;
    for (i = 0; i < q->nwhite; i++)
        w[i] = q->white[i];
    w[i] = 0;
    fputs(f(b, w, q->from, q->to) ? "true\n" : "false\n", out);
}

int main(void) { return run_lines(stdin, stdout, answer, NULL); }
