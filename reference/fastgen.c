/* fastgen.c - the bitboard move generator and perft's inner loop.
 *
 * Square n is bit n - 1: row r holds bits 4r..4r+3.  Even rows (0, 2, ...)
 * sit one column in, so a diagonal step is a shift by 3, 4 or 5 depending on
 * the row's parity, with the edge column masked off where the shift would
 * wrap.  Perft never builds a move list: it plays each move as it is found
 * and counts the last ply by popcount (or, for captures, by counting paths). */
#include "fastgen.h"

#include <stddef.h>

/* ==================== Geometry ==================== */

#define EVEN_ROWS 0x0F0F0F0FU /* rows 0, 2, 4, 6: columns 1, 3, 5, 7 */
#define ODD_ROWS 0xF0F0F0F0U  /* rows 1, 3, 5, 7: columns 0, 2, 4, 6 */
#define LEFT_EDGE 0x11111111U /* each row's first square (column 0 or 1) */
#define RIGHT_EDGE 0x88888888U
#define TOP_ROW 0x0000000FU    /* squares 1-4: white is crowned here */
#define BOTTOM_ROW 0xF0000000U /* squares 29-32: black is crowned here */

#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* The squares one diagonal step from each of s, in each direction (toward
 * square 1 is up).  up_left(bit of 9) is the bit of 5; a step off the board
 * is no square: up_left(bit of 5) is 0. */
HOT uint32_t up_left(uint32_t s) { return ((s & EVEN_ROWS) >> 4) | ((s & ODD_ROWS & ~LEFT_EDGE) >> 5); }
HOT uint32_t up_right(uint32_t s) { return ((s & EVEN_ROWS & ~RIGHT_EDGE) >> 3) | ((s & ODD_ROWS) >> 4); }
HOT uint32_t down_left(uint32_t s) { return ((s & EVEN_ROWS) << 4) | ((s & ODD_ROWS & ~LEFT_EDGE) << 3); }
HOT uint32_t down_right(uint32_t s) { return ((s & EVEN_ROWS & ~RIGHT_EDGE) << 5) | ((s & ODD_ROWS) << 4); }

/* Directions 0-3: up-left, up-right, down-left, down-right (the readable
 * generator's order); the opposite of d is 3 - d. */
HOT uint32_t step(int dir, uint32_t s)
{
    switch (dir) {
    case 0: return up_left(s);
    case 1: return up_right(s);
    case 2: return down_left(s);
    default: return down_right(s);
    }
}

/* A man of white goes up (directions 0, 1), of black down (2, 3). */
HOT int first_forward(bool white) { return white ? 0 : 2; }
HOT uint32_t far_row(bool white) { return white ? TOP_ROW : BOTTOM_ROW; }

/* The pieces in a and b together.  Without the processor's own instruction
 * (-mpopcnt, -march=native), the compiler's builtin is a library call: the
 * bit-slicing sum below is inline and counts two words at once. */
HOT unsigned popcount2(uint32_t a, uint32_t b)
{
    uint64_t x = (uint64_t)a << 32 | b;
#if defined(__POPCNT__) || defined(__ARM_NEON)
    return (unsigned)__builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555U;
    x = (x & 0x3333333333333333U) + ((x >> 2) & 0x3333333333333333U);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FU;
    return (unsigned)((x * 0x0101010101010101U) >> 56);
#endif
}

static inline int lowest_bit(uint32_t x)
{
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int n = 0;
    while (!(x & 1U)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* ==================== Positions ==================== */

fastpos fastpos_of(const position *pos)
{
    fastpos p = {0, 0, 0, pos->turn == WHITE};
    for (int n = 1; n <= SQUARES; n++) {
        uint32_t bit = 1U << (n - 1);
        piece at = pos->b.at[n];
        if (at & BLACK)
            p.black |= bit;
        if (at & WHITE)
            p.white |= bit;
        if ((at & KING) && (at & (BLACK | WHITE)))
            p.kings |= bit;
    }
    return p;
}

position position_of(const fastpos *p)
{
    position pos = {empty_board(), p->white_to_move ? WHITE : BLACK};
    for (int n = 1; n <= SQUARES; n++) {
        uint32_t bit = 1U << (n - 1);
        piece king = (p->kings & bit) ? KING : EMPTY;
        if (p->black & bit)
            pos.b.at[n] = (piece)(BLACK | king);
        else if (p->white & bit)
            pos.b.at[n] = (piece)(WHITE | king);
    }
    return pos;
}

fastpos fastpos_start(void) { return (fastpos){0x00000FFFU, 0xFFF00000U, 0, false}; }

/* ==================== Counting: perft's inner loop ==================== */

/* The side to move's view: its pieces, the other side's, all kings. */
typedef struct {
    uint32_t own, opp, kings;
} side_view;

/* A capture being searched: the position, the piece's start, the squares it
 * may land on (the empty ones and its own start), and what to do at each
 * chain's end: count 1 (depth 1) or count the child's tree. */
typedef struct {
    side_view v;
    uint32_t from, empty;
    int depth;
    perft_table *table;
} capture;

static perft_count perft_white(const side_view *v, int depth, perft_table *t);
static perft_count perft_black(const side_view *v, int depth, perft_table *t);
static inline perft_count child(const side_view *next, int depth, perft_table *t, bool white);

HOT perft_count add(perft_count a, perft_count b)
{
    perft_count s = a + b;
    return s < a ? PERFT_COUNT_MAX : s;
}

/* The other side to move after the piece on c->from ended on `at`, having
 * taken `taken`; its tree at depth - 1. */
HOT perft_count chain_end(const capture *c, uint32_t at, uint32_t taken, bool white)
{
    if (c->depth == 1)
        return 1;
    uint32_t moved = c->from ^ at; /* 0 when a king ends where it started */
    side_view next = {c->v.opp & ~taken, c->v.own ^ moved, c->v.kings & ~taken};
    if (c->v.kings & c->from)
        next.kings ^= moved;
    else
        next.kings |= at & far_row(white);
    return child(&next, c->depth, c->table, white);
}

/* The chains a man on `at` can go on with, having taken `taken`: forward
 * only, so a man crowned on the far row has no jump left and stops. */
static perft_count man_jumps_white(const capture *c, uint32_t at, uint32_t taken);
static perft_count man_jumps_black(const capture *c, uint32_t at, uint32_t taken);

HOT perft_count man_jumps(const capture *c, uint32_t at, uint32_t taken, bool white)
{
    perft_count sum = 0;
    bool went_on = false;
    for (int d = first_forward(white); d < first_forward(white) + 2; d++) {
        uint32_t over = step(d, at) & c->v.opp & ~taken;
        uint32_t land = step(d, over) & c->empty;
        if (land) {
            went_on = true;
            sum = add(sum, white ? man_jumps_white(c, land, taken | over) : man_jumps_black(c, land, taken | over));
        }
    }
    return went_on ? sum : chain_end(c, at, taken, white);
}

static perft_count man_jumps_white(const capture *c, uint32_t at, uint32_t taken) { return man_jumps(c, at, taken, true); }
static perft_count man_jumps_black(const capture *c, uint32_t at, uint32_t taken) { return man_jumps(c, at, taken, false); }

/* The same for a king: all four directions. */
static perft_count king_jumps_white(const capture *c, uint32_t at, uint32_t taken);
static perft_count king_jumps_black(const capture *c, uint32_t at, uint32_t taken);

HOT perft_count king_jumps(const capture *c, uint32_t at, uint32_t taken, bool white)
{
    perft_count sum = 0;
    bool went_on = false;
    for (int d = 0; d < 4; d++) {
        uint32_t over = step(d, at) & c->v.opp & ~taken;
        uint32_t land = step(d, over) & c->empty;
        if (land) {
            went_on = true;
            sum = add(sum, white ? king_jumps_white(c, land, taken | over) : king_jumps_black(c, land, taken | over));
        }
    }
    return went_on ? sum : chain_end(c, at, taken, white);
}

static perft_count king_jumps_white(const capture *c, uint32_t at, uint32_t taken) { return king_jumps(c, at, taken, true); }
static perft_count king_jumps_black(const capture *c, uint32_t at, uint32_t taken) { return king_jumps(c, at, taken, false); }

/* The pieces among `pieces` that can jump in direction d: an opponent next
 * to them that way, an empty square behind it. */
HOT uint32_t jumpers_toward(int d, uint32_t pieces, uint32_t opp, uint32_t empty)
{
    return step(3 - d, step(3 - d, empty) & opp) & pieces;
}

/* The pieces of the side to move that can jump: men forward, kings both ways. */
HOT uint32_t jumpers(const side_view *v, bool white)
{
    uint32_t empty = ~(v->own | v->opp), kings = v->own & v->kings;
    int fwd = first_forward(white), back = 2 - fwd;
    uint32_t j = jumpers_toward(fwd, v->own, v->opp, empty) | jumpers_toward(fwd + 1, v->own, v->opp, empty);
    if (kings)
        j |= jumpers_toward(back, kings, v->opp, empty) | jumpers_toward(back + 1, kings, v->opp, empty);
    return j;
}

/* Every capture path of the side to move, each counted with its tree. */
HOT perft_count captures(const side_view *v, uint32_t movers, int depth, perft_table *t, bool white)
{
    perft_count sum = 0;
    capture c = {*v, 0, ~(v->own | v->opp), depth, t};
    uint32_t empty = c.empty;
    for (; movers; movers &= movers - 1) {
        c.from = movers & -movers;
        c.empty = empty | c.from;
        if (v->kings & c.from)
            sum = add(sum, white ? king_jumps_white(&c, c.from, 0) : king_jumps_black(&c, c.from, 0));
        else
            sum = add(sum, white ? man_jumps_white(&c, c.from, 0) : man_jumps_black(&c, c.from, 0));
    }
    return sum;
}

/* The steps of the side to move, when it has no capture, by popcount. */
HOT unsigned step_count(const side_view *v, bool white)
{
    uint32_t empty = ~(v->own | v->opp), kings = v->own & v->kings;
    int fwd = first_forward(white), back = 2 - fwd;
    return popcount2(step(fwd, v->own) & empty, step(fwd + 1, v->own) & empty) +
           (kings ? popcount2(step(back, kings) & empty, step(back + 1, kings) & empty) : 0);
}

/* The capture paths of men that have landed on the squares of `landed`,
 * one path each, counted to their ends.  A man only goes forward, so the
 * pieces it took are behind it and never in its way again: a whole set of
 * paths goes on at once, a jump at a time (at most three for a man). */
static unsigned man_paths_white(uint32_t landed, uint32_t opp, uint32_t empty);
static unsigned man_paths_black(uint32_t landed, uint32_t opp, uint32_t empty);

HOT unsigned man_paths(uint32_t landed, uint32_t opp, uint32_t empty, bool white)
{
    int f = first_forward(white);
    uint32_t on0 = jumpers_toward(f, landed, opp, empty), on1 = jumpers_toward(f + 1, landed, opp, empty);
    unsigned n = popcount2(landed & ~(on0 | on1), 0);
    if (on0)
        n += white ? man_paths_white(step(f, step(f, on0)), opp, empty) : man_paths_black(step(f, step(f, on0)), opp, empty);
    if (on1)
        n += white ? man_paths_white(step(f + 1, step(f + 1, on1)), opp, empty)
                   : man_paths_black(step(f + 1, step(f + 1, on1)), opp, empty);
    return n;
}

static unsigned man_paths_white(uint32_t landed, uint32_t opp, uint32_t empty) { return man_paths(landed, opp, empty, true); }
static unsigned man_paths_black(uint32_t landed, uint32_t opp, uint32_t empty) { return man_paths(landed, opp, empty, false); }

/* perft at depth 1: the moves of the side to move, counted, none listed:
 * men's capture paths set by set, kings' one by one. */
HOT perft_count leaf(const side_view *v, bool white)
{
    uint32_t movers = jumpers(v, white);
    if (!movers)
        return step_count(v, white);
    uint32_t empty = ~(v->own | v->opp), men = movers & ~v->kings, kings = movers & v->kings;
    perft_count n = kings ? captures(v, kings, 1, NULL, white) : 0;
    int f = first_forward(white);
    uint32_t go0 = jumpers_toward(f, men, v->opp, empty), go1 = jumpers_toward(f + 1, men, v->opp, empty);
    if (go0)
        n += man_paths(step(f, step(f, go0)), v->opp, empty, white);
    if (go1)
        n += man_paths(step(f + 1, step(f + 1, go1)), v->opp, empty, white);
    return n;
}

/* The tree below the other side's position `next`, depth - 1 deep. */
HOT perft_count child(const side_view *next, int depth, perft_table *t, bool white)
{
    if (depth == 2)
        return leaf(next, !white);
    return white ? perft_black(next, depth - 1, t) : perft_white(next, depth - 1, t);
}

/* The steps of the side to move, when it has no capture, each played and
 * its tree counted (depth >= 2). */
HOT perft_count steps(const side_view *v, int depth, perft_table *t, bool white)
{
    uint32_t empty = ~(v->own | v->opp), kings = v->own & v->kings;
    int fwd = first_forward(white);
    perft_count sum = 0;
    for (int d = 0; d < 4; d++) {
        uint32_t movers = (d == fwd || d == fwd + 1) ? v->own : kings;
        for (uint32_t to = step(d, movers) & empty; to; to &= to - 1) {
            uint32_t bit = to & -to, from = step(3 - d, bit);
            side_view next = {v->opp, v->own ^ from ^ bit, v->kings};
            if (v->kings & from)
                next.kings ^= from ^ bit;
            else
                next.kings |= bit & far_row(white);
            sum = add(sum, child(&next, depth, t, white));
        }
    }
    return sum;
}

/* The table is worth a probe only where a tree is big enough. */
enum { TABLE_MIN_DEPTH = 4 };

HOT perft_count perft_node(const side_view *v, int depth, perft_table *t, bool white)
{
    if (depth == 1)
        return leaf(v, white);
    fastpos p;
    bool tabled = t != NULL && depth >= TABLE_MIN_DEPTH;
    if (tabled) {
        perft_count stored;
        p = white ? (fastpos){v->opp, v->own, v->kings, true} : (fastpos){v->own, v->opp, v->kings, false};
        if (perft_table_get(t, &p, depth, &stored))
            return stored;
    }
    uint32_t movers = jumpers(v, white);
    perft_count sum = movers ? captures(v, movers, depth, t, white) : steps(v, depth, t, white);
    if (tabled)
        perft_table_put(t, &p, depth, sum); /* any count: deep ones past 2^64 too */
    return sum;
}

static perft_count perft_white(const side_view *v, int depth, perft_table *t) { return perft_node(v, depth, t, true); }
static perft_count perft_black(const side_view *v, int depth, perft_table *t) { return perft_node(v, depth, t, false); }

perft_count fast_perft(const fastpos *p, int depth, perft_table *t)
{
    if (depth <= 0)
        return 1;
    if (p->white_to_move) {
        side_view v = {p->white, p->black, p->kings};
        return perft_white(&v, depth, t);
    }
    side_view v = {p->black, p->white, p->kings};
    return perft_black(&v, depth, t);
}

unsigned fast_count_moves(const fastpos *p) { return (unsigned)fast_perft(p, 1, NULL); }

/* ==================== Listing: every move, written out ==================== */

/* A capture being listed: the path so far in m. */
typedef struct {
    fastpos p;
    uint32_t own, opp, from, empty;
    bool king, white;
    move m;
    fast_visit *visit;
    void *ctx;
} listing;

static int square_of(uint32_t bit) { return lowest_bit(bit) + 1; }

/* The position after l's move, ending on `at` with `taken` taken. */
static fastpos after_move(const listing *l, uint32_t at, uint32_t taken)
{
    fastpos next = l->p;
    uint32_t moved = l->from ^ at, *own = l->white ? &next.white : &next.black;
    uint32_t *opp = l->white ? &next.black : &next.white;
    *own ^= moved;
    *opp &= ~taken;
    next.kings &= ~taken;
    if (l->king)
        next.kings ^= moved;
    else
        next.kings |= at & far_row(l->white);
    next.white_to_move = !l->white;
    return next;
}

static void list_chains(listing *l, uint32_t at, uint32_t taken)
{
    bool went_on = false;
    for (int d = 0; d < 4; d++) {
        if (!l->king && (d < 2) != l->white)
            continue;
        uint32_t over = step(d, at) & l->opp & ~taken;
        uint32_t land = step(d, over) & l->empty;
        if (!land)
            continue;
        went_on = true;
        l->m.over[l->m.n] = square_of(over);
        l->m.land[l->m.n] = square_of(land);
        l->m.n++;
        list_chains(l, land, taken | over);
        l->m.n--;
    }
    if (!went_on && l->m.n > 0) {
        fastpos next = after_move(l, at, taken);
        l->visit(l->ctx, &l->m, &next);
    }
}

void fast_each_move(const fastpos *p, fast_visit *visit, void *ctx)
{
    listing l = {.p = *p, .white = p->white_to_move, .visit = visit, .ctx = ctx};
    l.own = l.white ? p->white : p->black;
    l.opp = l.white ? p->black : p->white;
    side_view v = {l.own, l.opp, p->kings};
    uint32_t empty = ~(l.own | l.opp), movers = jumpers(&v, l.white);
    for (uint32_t left = movers; left; left &= left - 1) {
        l.from = left & -left;
        l.king = (p->kings & l.from) != 0;
        l.empty = empty | l.from;
        l.m = (move){.from = square_of(l.from), .n = 0};
        list_chains(&l, l.from, 0);
    }
    if (movers)
        return;
    for (uint32_t left = l.own; left; left &= left - 1) {
        l.from = left & -left;
        l.king = (p->kings & l.from) != 0;
        for (int d = 0; d < 4; d++) {
            uint32_t to = step(d, l.from) & empty;
            if (!to || (!l.king && (d < 2) != l.white))
                continue;
            l.m = (move){.from = square_of(l.from), .n = 1, .land = {square_of(to)}, .over = {NO_SQUARE}};
            fastpos next = after_move(&l, to, 0);
            visit(ctx, &l.m, &next);
        }
    }
}
