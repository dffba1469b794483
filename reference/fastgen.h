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

#include "fastpos.h"
#include "moves.h"
#include "table.h"

/* The generator's version, which every line of a split or journaled count
 * names (perft_lines.h): raised whenever a count, or the order in which a
 * count's jobs are numbered, could change, so that no line of one version
 * is counted or added with another's. */
enum { FASTGEN_VERSION = 1 };

/* The readable position as bitboards, and back. */
fastpos fastpos_of(const position *pos);
position position_of(const fastpos *p);

/* The start: black on 1-12, white on 21-32, black to move. */
fastpos fastpos_start(void);

/* The number of legal moves of the side to move (perft at depth 1), every
 * capture path counted: 7 from the start. */
unsigned fast_count_moves(const fastpos *p);

/* The move sequences of `depth` moves from p, with table t (or NULL);
 * PERFT_COUNT_MAX if the count does not fit.  fast_perft(start, 10) is
 * 18391564. */
perft_count fast_perft(const fastpos *p, int depth, perft_table *t);

/* Calls visit(ctx, m, after) for every legal move m of the side to move, with
 * the position it leads to; m as moves.h writes a move (every landing, every
 * piece taken).  Order: captures before steps, pieces by square. */
typedef void fast_visit(void *ctx, const move *m, const fastpos *after);
void fast_each_move(const fastpos *p, fast_visit *visit, void *ctx);

#endif
