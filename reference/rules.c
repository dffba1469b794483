/* rules.c - the legality of a white man's move, composed from predicates. */
#include "rules.h"

bool is_empty(const board *b, int n) { return on_board(n) && b->at[n] == EMPTY; }

bool is_forward_step(int from, int to)
{
    return on_board(to) && (ahead(from, LEFT, 1) == to || ahead(from, RIGHT, 1) == to);
}

int jump_landing(const board *b, int from, int dir)
{
    int over = ahead(from, dir, 1), land = ahead(from, dir, 2);
    if (over == NO_SQUARE || b->at[over] != BLACK || !is_empty(b, land))
        return NO_SQUARE;
    return land;
}

bool can_jump_from(const board *b, int n)
{
    return jump_landing(b, n, LEFT) != NO_SQUARE || jump_landing(b, n, RIGHT) != NO_SQUARE;
}

/* Jumps only go forward, so a chain never revisits a square or meets a piece
 * it already took: the board need not change as the chain goes on. */
bool chain_can_end_at(const board *b, int at, int end)
{
    if (!can_jump_from(b, at))
        return at == end;
    for (int dir = LEFT; dir <= RIGHT; dir += 2) {
        int land = jump_landing(b, at, dir);
        if (land != NO_SQUARE && chain_can_end_at(b, land, end))
            return true;
    }
    return false;
}

bool is_jump_move(const board *b, int from, int to)
{
    return can_jump_from(b, from) && chain_can_end_at(b, from, to);
}

bool is_simple_move(const board *b, int from, int to)
{
    return is_forward_step(from, to) && is_empty(b, to);
}

bool any_white_can_jump(const board *b)
{
    for (int n = 1; n <= SQUARES; n++)
        if (b->at[n] == WHITE && can_jump_from(b, n))
            return true;
    return false;
}

bool is_legal(const board *b, int from, int to, rule r)
{
    if (!on_board(from) || b->at[from] != WHITE)
        return false;
    if (can_jump_from(b, from)) /* capture is mandatory for the mover */
        return is_jump_move(b, from, to);
    if (r == RULE_ENGLISH && any_white_can_jump(b)) /* ... and for the side */
        return false;
    return is_simple_move(b, from, to);
}

/* Grows the chain c (landed so far on c->land[0..n)) by every jump it can
 * make; a chain that can jump no more is complete and goes into out.  The
 * same test as chain_can_end_at: go on while can_jump_from, else stop here. */
static void grow_chain(const board *b, path *c, path out[MAX_CHAINS], int *count)
{
    int at = c->n ? c->land[c->n - 1] : c->from;
    if (c->n > 0 && !can_jump_from(b, at)) {
        if (*count < MAX_CHAINS) /* always true: see MAX_CHAINS */
            out[(*count)++] = *c;
        return;
    }
    for (int dir = LEFT; dir <= RIGHT && c->n < MAX_JUMPS; dir += 2) {
        int land = jump_landing(b, at, dir);
        if (land == NO_SQUARE)
            continue;
        c->land[c->n] = land;
        c->over[c->n] = ahead(at, dir, 1);
        c->n++;
        grow_chain(b, c, out, count);
        c->n--;
    }
}

int jump_chains(const board *b, int from, path out[MAX_CHAINS])
{
    path c = {.from = from, .n = 0};
    int count = 0;
    grow_chain(b, &c, out, &count);
    return count;
}
