/* bitboard.c - English checkers on 64-bit masks, the golf's ghost-bit layout.
 *
 * Square n (1-32) is bit (n - 1) * 9 / 8, so after every eight squares (two
 * rows) one bit is left out, a ghost: bits 8, 17 and 26.  With that padding a
 * diagonal step is the same shift from every square:
 *
 *     up-left -5, up-right -4, down-left +4, down-right +5
 *
 * and a step across a side edge lands on a ghost, one off the top or bottom
 * outside bits 0-34: never on a square, so no move needs an edge test.  A
 * jump is two such steps.  Up is toward square 1, where white men go.
 *
 * Written from the rules, not from reference/: a chain goes on while a jump
 * is open, over opposing pieces not yet taken (they stay on the board until
 * the move ends), to an empty square or the square the piece started from;
 * a man that reaches the far row is crowned and stops; if any piece can
 * take, only captures are legal. */
#include "bitboard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BITS = 35 };

static const uint64_t SQUARES_MASK = ((1ULL << BITS) - 1) & ~(1ULL << 8 | 1ULL << 17 | 1ULL << 26);
static const uint64_t TOP_ROW = 0xFULL;            /* squares 1-4: white men crown there */
static const uint64_t BOTTOM_ROW = 0xFULL << 31;   /* squares 29-32: black men crown there */
static const int SHIFT[4] = {-5, -4, +4, +5};      /* up-left, up-right, down-left, down-right */

int bb_bit(int square) { return (square - 1) * 9 / 8; }

static int square_of(int bit) { return bit - bit / 9 + 1; }

/* Is bit i (any int) set in m?  False outside 0-34. */
static bool has(uint64_t m, int i) { return i >= 0 && i < BITS && (m >> i & 1) != 0; }

static uint64_t bit(int i) { return 1ULL << i; }

/* ==================== Lists ==================== */

void bb_free(bb_list *l)
{
    free(l->at);
    *l = (bb_list){0};
}

static void add(bb_list *l, const bb_move *m)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 32;
        l->at = realloc(l->at, l->cap * sizeof *l->at);
        if (l->at == NULL) {
            fputs("bitboard: out of memory\n", stderr);
            exit(1);
        }
    }
    l->at[l->n++] = *m;
}

/* ==================== Moves ==================== */

/* The four directions a piece on bit i of p's side may take: 0-1 up, 2-3
 * down; a man only forward. */
static void directions(const bb_position *p, int i, int *first, int *last)
{
    bool king = has(p->kings, i);
    *first = king || p->white_to_move ? 0 : 2;
    *last = king || !p->white_to_move ? 3 : 1;
}

/* The jumps on from bit `at` of a chain that began on `origin`, has taken
 * `taken` and landed so far as m says; complete chains go into out. */
static void jumps(const bb_position *p, int origin, int at, uint64_t taken, bb_move *m, bb_list *out)
{
    uint64_t foes = p->white_to_move ? p->black : p->white;
    uint64_t empty = SQUARES_MASK & ~(p->black | p->white);
    bool man = !has(p->kings, origin);
    if (m->n > 1 && man && has(p->white_to_move ? TOP_ROW : BOTTOM_ROW, at)) {
        add(out, m); /* crowned: the move ends */
        return;
    }
    int first, last;
    directions(p, origin, &first, &last);
    bool jumped = false;
    for (int d = first; d <= last; d++) {
        int over = at + SHIFT[d], land = at + 2 * SHIFT[d];
        if (!has(foes & ~taken, over) || !(has(empty, land) || land == origin))
            continue;
        jumped = true;
        m->sq[m->n++] = square_of(land);
        jumps(p, origin, land, taken | bit(over), m, out);
        m->n--;
    }
    if (!jumped && m->n > 1)
        add(out, m);
}

void bb_moves(const bb_position *p, bb_list *out)
{
    uint64_t own = p->white_to_move ? p->white : p->black;
    uint64_t empty = SQUARES_MASK & ~(p->black | p->white);
    out->n = 0;
    for (int i = 0; i < BITS; i++)
        if (has(own, i)) {
            bb_move m = {{square_of(i)}, 1, true};
            jumps(p, i, i, 0, &m, out);
        }
    if (out->n > 0)
        return;
    for (int i = 0; i < BITS; i++) {
        if (!has(own, i))
            continue;
        int first, last;
        directions(p, i, &first, &last);
        for (int d = first; d <= last; d++)
            if (has(empty, i + SHIFT[d])) {
                bb_move m = {{square_of(i), square_of(i + SHIFT[d])}, 2, false};
                add(out, &m);
            }
    }
}

bool bb_progress(const bb_position *p, const bb_move *m) { return m->capture || !has(p->kings, bb_bit(m->sq[0])); }

void bb_play(bb_position *p, const bb_move *m)
{
    uint64_t *own = p->white_to_move ? &p->white : &p->black, *foes = p->white_to_move ? &p->black : &p->white;
    int from = bb_bit(m->sq[0]), to = bb_bit(m->sq[m->n - 1]);
    bool king = has(p->kings, from);
    *own &= ~bit(from);
    p->kings &= ~bit(from);
    for (int i = 1; m->capture && i < m->n; i++) { /* the piece between two landings */
        int over = (bb_bit(m->sq[i - 1]) + bb_bit(m->sq[i])) / 2;
        *foes &= ~bit(over);
        p->kings &= ~bit(over);
    }
    *own |= bit(to);
    if (king || has(p->white_to_move ? TOP_ROW : BOTTOM_ROW, to))
        p->kings |= bit(to);
    p->white_to_move = !p->white_to_move;
}

uint64_t bb_perft(const bb_position *p, int depth)
{
    if (depth == 0)
        return 1;
    bb_list l = {0};
    bb_moves(p, &l);
    uint64_t count = 0;
    if (depth == 1)
        count = l.n;
    else
        for (size_t i = 0; i < l.n; i++) {
            bb_position next = *p;
            bb_play(&next, &l.at[i]);
            count += bb_perft(&next, depth - 1);
        }
    bb_free(&l);
    return count;
}

void bb_move_text(const bb_move *m, char *out, size_t size)
{
    size_t at = 0;
    for (int i = 0; i < m->n && at < size; i++)
        at += (size_t)snprintf(out + at, size - at, "%s%d", i == 0 ? "" : m->capture ? "x" : "-", m->sq[i]);
}

/* ==================== Positions ==================== */

bb_position bb_start(void)
{
    bb_position p = {0, 0, 0, false};
    for (int n = 1; n <= 12; n++)
        p.black |= bit(bb_bit(n));
    for (int n = 21; n <= 32; n++)
        p.white |= bit(bb_bit(n));
    return p;
}

/* One number of a FEN at *s, 1-32; advances *s. */
static bool number(const char **s, int *n)
{
    char *end;
    long v = strtol(*s, &end, 10);
    if (end == *s || **s == '+' || **s == '-' || **s == ' ' || v < 1 || v > 32)
        return false;
    *n = (int)v;
    *s = end;
    return true;
}

bool bb_read_fen(const char *s, bb_position *p)
{
    *p = (bb_position){0, 0, 0, false};
    if ((s[0] != 'B' && s[0] != 'W') || s[1] != ':')
        return false;
    p->white_to_move = s[0] == 'W';
    s += 2;
    for (int field = 0; field < 2; field++) {
        if (*s != 'W' && *s != 'B')
            return false;
        uint64_t *side = *s == 'W' ? &p->white : &p->black;
        for (s++; *s != '\0' && *s != ':';) {
            bool king = *s == 'K';
            int a, b;
            s += king;
            if (!number(&s, &a))
                return false;
            b = a;
            if (*s == '-' && (s++, !number(&s, &b)))
                return false;
            for (int n = a; n <= b; n++) {
                *side |= bit(bb_bit(n));
                if (king)
                    p->kings |= bit(bb_bit(n));
            }
            if (*s == ',')
                s++;
        }
        if (field == 0 && *s++ != ':')
            return false;
    }
    return *s == '\0';
}

static void write_side(const bb_position *p, uint64_t side, char *out, size_t size, size_t *at)
{
    bool first = true;
    for (int n = 1; n <= 32; n++)
        if (has(side, bb_bit(n)) && *at < size) {
            *at += (size_t)snprintf(out + *at, size - *at, "%s%s%d", first ? "" : ",",
                                    has(p->kings, bb_bit(n)) ? "K" : "", n);
            first = false;
        }
}

void bb_write_fen(const bb_position *p, char *out, size_t size)
{
    size_t at = (size_t)snprintf(out, size, "%c:W", p->white_to_move ? 'W' : 'B');
    write_side(p, p->white, out, size, &at);
    if (at < size)
        at += (size_t)snprintf(out + at, size - at, ":B");
    write_side(p, p->black, out, size, &at);
}
