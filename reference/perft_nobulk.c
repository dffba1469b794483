/* perft_nobulk.c - a perft that plays every move, the last ply's too. */
#include "perft_nobulk.h"

typedef struct {
    int left;
    perft_count sum;
} nobulk;

static void visit(void *ctx, const move *m, const fastpos *after)
{
    (void)m;
    nobulk *n = ctx;
    perft_count c = fast_perft_nobulk(after, n->left);
    n->sum = n->sum + c < n->sum ? PERFT_COUNT_MAX : n->sum + c;
}

perft_count fast_perft_nobulk(const fastpos *p, int depth)
{
    if (depth <= 0)
        return 1;
    nobulk n = {depth - 1, 0};
    fast_each_move(p, visit, &n);
    return n.sum;
}
