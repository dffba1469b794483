/* fastgen.h - English checkers on 32-bit bitboards: a second, fast move
 * generator for perft, beside the readable one (moves.h) it is checked
 * against (tests/oracles/movegen.c).  Square n is bit n - 1.  Nothing here allocates,
 * parses or prints: it counts and it plays.
 *
 * Same rules as rules.h: a man moves and jumps forward, a king both ways; a
 * capture is mandatory for the side; a chain takes each piece once, taken
 * pieces stay on their squares until the move ends, a king may end where it
 * started, and a man crowned by a jump stops there.  Every capture path is a
 * move of its own, as the published perft counts have it. */
#ifndef FASTGEN_H
#define FASTGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "moves.h"

/* Counts exact past 2^64 (perft from the start passes it at depth 29).
 * __extension__: ISO C has no 128-bit type, gcc and clang do. */
__extension__ typedef unsigned __int128 perft_count;

/* The largest count: a sum that reaches it has overflowed (saturated). */
#define PERFT_COUNT_MAX (~(perft_count)0)

/* A position: each side's pieces, which pieces are kings, who moves. */
typedef struct {
    uint32_t black, white, kings;
    bool white_to_move;
} fastpos;

/* The readable position as bitboards, and back. */
fastpos fastpos_of(const position *pos);
position position_of(const fastpos *p);

/* The start: black on 1-12, white on 21-32, black to move. */
fastpos fastpos_start(void);

/* The number of legal moves of the side to move (perft at depth 1), every
 * capture path counted: 7 from the start. */
unsigned fast_count_moves(const fastpos *p);

/* A transposition table, or NULL for none (perft.h makes them). */
typedef struct perft_table perft_table;

/* The move sequences of `depth` moves from p, with table t (or NULL);
 * PERFT_COUNT_MAX if the count does not fit.  fast_perft(start, 10) is
 * 18391564. */
perft_count fast_perft(const fastpos *p, int depth, perft_table *t);

/* Calls visit(ctx, m, after) for every legal move m of the side to move, with
 * the position it leads to; m as moves.h writes a move (every landing, every
 * piece taken).  Order: captures before steps, pieces by square. */
typedef void fast_visit(void *ctx, const move *m, const fastpos *after);
void fast_each_move(const fastpos *p, fast_visit *visit, void *ctx);

/* ==================== The table's interface, for fastgen.c ==================== */

/* Looks p up at depth in t: true with *count if stored. */
bool perft_table_get(perft_table *t, const fastpos *p, int depth, uint64_t *count);

/* Stores p's count at depth in t (replacing what the table chooses). */
void perft_table_put(perft_table *t, const fastpos *p, int depth, uint64_t count);

#endif
