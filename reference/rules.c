/* rules.c - the rules of English checkers, composed from predicates. */
#include "rules.h"

/* ==================== Pieces ==================== */

/* The pieces are bits (board.h), so these are masks and comparisons: no
 * table or switch that a tool reading the compiled code must know. */
piece side_of(piece p) { return (piece)(p & (BLACK | WHITE)); }

bool is_king(piece p) { return (p & KING) != 0; }

piece opponent_of(piece side) { return side == BLACK ? WHITE : BLACK; }

bool is_opponent(piece a, piece b)
{
    return side_of(a) != EMPTY && side_of(b) == opponent_of(side_of(a));
}

int forward_of(piece side) { return side == WHITE ? UP : DOWN; }

bool may_go(piece p, int vert)
{
    return side_of(p) != EMPTY && (is_king(p) || vert == forward_of(side_of(p)));
}

/* The far row of a side's men: 0 for white, 7 for black. */
static int crowning_row(piece side) { return side == WHITE ? 0 : 7; }

bool crowns_on(piece p, int n)
{
    return side_of(p) != EMPTY && !is_king(p) && on_board(n) && row_of(n) == crowning_row(side_of(p));
}

piece crowned(piece p) { return side_of(p) == EMPTY ? EMPTY : (piece)(p | KING); }

/* ==================== Steps ==================== */

bool is_empty(const board *b, int n) { return on_board(n) && b->at[n] == EMPTY; }

int step_target(const board *b, int from, int vert, int horiz)
{
    if (!on_board(from) || !may_go(b->at[from], vert))
        return NO_SQUARE;
    int to = diagonal(from, vert, horiz, 1);
    return is_empty(b, to) ? to : NO_SQUARE;
}

bool is_step(const board *b, int from, int to)
{
    if (!on_board(to))
        return false;
    for (int vert = UP; vert <= DOWN; vert += 2)
        for (int horiz = LEFT; horiz <= RIGHT; horiz += 2)
            if (step_target(b, from, vert, horiz) == to)
                return true;
    return false;
}

/* ==================== Jumps and chains ==================== */

taken_set taken_bit(int n) { return (taken_set)1 << (n - 1); }

int jump_target(const board *b, piece mover, int start, taken_set taken, int at, int vert, int horiz)
{
    int over = diagonal(at, vert, horiz, 1), land = diagonal(at, vert, horiz, 2);
    if (!may_go(mover, vert) || over == NO_SQUARE || land == NO_SQUARE)
        return NO_SQUARE;
    if (!is_opponent(mover, b->at[over]) || (taken & taken_bit(over)) != 0)
        return NO_SQUARE;
    if (!is_empty(b, land) && land != start)
        return NO_SQUARE;
    return land;
}

bool can_jump_on(const board *b, piece mover, int start, taken_set taken, int at)
{
    for (int vert = UP; vert <= DOWN; vert += 2)
        for (int horiz = LEFT; horiz <= RIGHT; horiz += 2)
            if (jump_target(b, mover, start, taken, at, vert, horiz) != NO_SQUARE)
                return true;
    return false;
}

/* Each jump takes one more piece, so the recursion is at most as deep as the
 * opponent has pieces (a man's, three: each jump climbs two of eight rows). */
bool chain_may_end_at(const board *b, piece mover, int start, taken_set taken, int at, int end)
{
    if (taken != 0 && crowns_on(mover, at)) /* crowned: the move ends here */
        return at == end;
    if (!can_jump_on(b, mover, start, taken, at))
        return at == end;
    for (int vert = UP; vert <= DOWN; vert += 2)
        for (int horiz = LEFT; horiz <= RIGHT; horiz += 2) {
            int land = jump_target(b, mover, start, taken, at, vert, horiz);
            if (land == NO_SQUARE)
                continue;
            taken_set now = taken | taken_bit(diagonal(at, vert, horiz, 1));
            if (chain_may_end_at(b, mover, start, now, land, end))
                return true;
        }
    return false;
}

/* ==================== Moves of a side ==================== */

bool can_capture(const board *b, int from)
{
    return on_board(from) && can_jump_on(b, b->at[from], from, 0, from);
}

bool is_capture(const board *b, int from, int to)
{
    return can_capture(b, from) && chain_may_end_at(b, b->at[from], from, 0, from, to);
}

bool side_can_capture(const board *b, piece side)
{
    for (int n = 1; n <= SQUARES; n++)
        if (side_of(b->at[n]) == side && can_capture(b, n))
            return true;
    return false;
}

bool is_legal_move(const board *b, piece side, int from, int to)
{
    if (!on_board(from) || side_of(b->at[from]) != side)
        return false;
    if (side_can_capture(b, side)) /* capture is mandatory for the side */
        return is_capture(b, from, to);
    return is_step(b, from, to);
}

/* ==================== The challenge's question ==================== */

bool is_legal(const board *b, int from, int to, rule r)
{
    if (!on_board(from) || side_of(b->at[from]) != WHITE)
        return false;
    if (r == RULE_ENGLISH)
        return is_legal_move(b, WHITE, from, to);
    if (can_capture(b, from)) /* capture is mandatory for the mover */
        return is_capture(b, from, to);
    return is_step(b, from, to);
}

int jump_landing(const board *b, int from, int dir) { return jump_target(b, WHITE, from, 0, from, UP, dir); }

bool can_jump_from(const board *b, int n) { return can_jump_on(b, WHITE, n, 0, n); }
