/* differential.c - the golf against the reference on seeded random positions,
 * all in one process.  Prints the first mismatch as a ready cases.tsv row.
 *
 * usage: differential [POSITIONS [SEED]]   (defaults 1000000, 1)
 *
 * Half the positions are scattered pieces at random densities.  The other
 * half are built around the mover: black men on alternating forward
 * diagonals so that jump chains (up to the longest, three jumps) and their
 * branches exist, with ends picked among the squares those chains reach and
 * their near misses.  On success the last lines say how many moves of each
 * kind were legal, so a weak generator shows. */
#include <stdio.h>
#include <stdlib.h>

#include "../../reference/rules.h"
#include "rows.h"

/* The golf (K&R, compatible with this prototype) or its ungolfed twin. */
int f(int *b, int *w, int s, int e);

/* ==================== Random numbers ==================== */

/* xorshift64*: small, fast, and the same stream on every machine. */
static unsigned long long next(unsigned long long *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

static int below(unsigned long long *state, int n) { return (int)(next(state) >> 33) % n; }

/* True with probability percent / 100. */
static int chance(unsigned long long *state, int percent) { return below(state, 100) < percent; }

/* ==================== Positions ==================== */

typedef struct {
    board bd;
    int from, to;
} position;

/* Scattered pieces, densities from empty to crowded; the mover is one of the
 * white pieces, the end anywhere, with a lean towards squares near the start. */
static position scattered(unsigned long long *st)
{
    position p = {empty_board(), 0, 0};
    int pblack = below(st, 100), pwhite = below(st, 60), whites[SQUARES], nw = 0;
    for (int n = 1; n <= SQUARES; n++) {
        int roll = below(st, 100);
        if (roll < pblack)
            p.bd.at[n] = BLACK;
        else if (roll < pblack + pwhite * (100 - pblack) / 100)
            p.bd.at[n] = WHITE, whites[nw++] = n;
    }
    if (nw == 0) {
        whites[nw++] = 1 + below(st, SQUARES);
        p.bd.at[whites[0]] = WHITE;
    }
    p.from = whites[below(st, nw)];
    p.to = chance(st, 50) ? 1 + below(st, SQUARES) : p.from - 1 - below(st, 12);
    if (p.to < 1)
        p.to = 1 + below(st, SQUARES);
    return p;
}

/* What grow() has laid down: the landings (where a built position's end is
 * mostly drawn from) and the squares it fixed. */
typedef struct {
    int landing[SQUARES], nlanding; /* every square some jump lands on */
    bool fixed[SQUARES + 1];        /* placed by the chains: not refilled */
} chains;

/* Lays black men ahead of square n, mostly with their landing squares left
 * empty, and goes on from each landing: a tree of jump chains from the start.
 * Some landings get a blocker, some black men sit where the landing is off
 * the board: the cases where a jump is not there. */
static void grow(position *p, chains *c, int n, unsigned long long *st)
{
    for (int dir = LEFT; dir <= RIGHT; dir += 2) {
        int over = ahead(n, dir, 1), land = ahead(n, dir, 2);
        if (over == NO_SQUARE || c->fixed[over] || !chance(st, 70))
            continue;
        p->bd.at[over] = BLACK, c->fixed[over] = true;
        if (land == NO_SQUARE || c->fixed[land])
            continue;
        c->fixed[land] = true;
        if (chance(st, 15)) { /* a blocker: this jump is not there */
            p->bd.at[land] = chance(st, 50) ? BLACK : WHITE;
            continue;
        }
        c->landing[c->nlanding++] = land;
        grow(p, c, land, st);
    }
}

/* Some square near n (a neighbour in numbering, a row up or down), or 0. */
static int near(int n, unsigned long long *st)
{
    static const int offset[] = {-1, 1, -3, -4, -5, 3, 4, 5, -8, -9, -7, 8, 9, 7};
    int m = n + offset[below(st, sizeof offset / sizeof offset[0])];
    return on_board(m) ? m : 0;
}

/* A position built around the mover's possible chains (see the top). */
static position built(unsigned long long *st)
{
    position p = {empty_board(), 0, 0};
    chains c = {{0}, 0, {false}};
    /* Mostly from the lower half, where a chain has room to run. */
    p.from = chance(st, 75) ? 17 + below(st, 16) : 1 + below(st, SQUARES);
    p.bd.at[p.from] = WHITE, c.fixed[p.from] = true;
    grow(&p, &c, p.from, st);
    int pblack = below(st, 30), pwhite = below(st, 30);
    for (int n = 1; n <= SQUARES; n++) {
        if (c.fixed[n])
            continue;
        int roll = below(st, 100);
        p.bd.at[n] = roll < pblack ? BLACK : roll < pblack + pwhite ? WHITE : EMPTY;
    }
    int roll = below(st, 100), step = ahead(p.from, chance(st, 50) ? LEFT : RIGHT, 1);
    if (c.nlanding && roll < 55)
        p.to = c.landing[below(st, c.nlanding)];
    else if (roll < 70)
        p.to = step;
    else if (c.nlanding && roll < 80)
        p.to = ahead(c.landing[below(st, c.nlanding)], chance(st, 50) ? LEFT : RIGHT, 1);
    else if (roll < 92)
        p.to = near(c.nlanding ? c.landing[below(st, c.nlanding)] : p.from, st);
    if (!on_board(p.to))
        p.to = 1 + below(st, SQUARES);
    return p;
}

/* ==================== The comparison ==================== */

int main(int argc, char *argv[])
{
    long positions = argc > 1 ? atol(argv[1]) : 1000000;
    unsigned long long state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    state = state * 0x9E3779B97F4A7C15ULL + 1; /* never 0: xorshift would stick */
    /* Legal moves by kind: [0] simple steps, [k] chains of k jumps. */
    long legal[4] = {0}, illegal = 0;
    for (long i = 0; i < positions; i++) {
        position p = chance(&state, 50) ? scattered(&state) : built(&state);
        int black[SQUARES + 1], white[SQUARES + 1];
        board_lists(&p.bd, black, white);
        bool want = is_legal(&p.bd, p.from, p.to, RULE_CHALLENGE);
        bool got = f(black, white, p.from, p.to) != 0;
        if (got != want) {
            printf("mismatch at position %ld: golf says %s, reference says %s\n", i,
                   got ? "true" : "false", want ? "true" : "false");
            print_row_start(black, white, p.from, p.to, want, is_legal(&p.bd, p.from, p.to, RULE_ENGLISH));
            puts("differential mismatch");
            return 1;
        }
        if (!want)
            illegal++;
        else /* each jump climbs two rows, a step one */
            legal[(row_of(p.from) - row_of(p.to)) / 2]++;
    }
    printf("differential: %ld positions, 0 mismatches\n", positions);
    printf("legal: %ld simple, %ld 1-jump, %ld 2-jump, %ld 3-jump; illegal: %ld\n", legal[0],
           legal[1], legal[2], legal[3], illegal);
    return 0;
}
