/* moves.h - the move generator: every legal move of a side or of one piece,
 * each capture with every landing; playing a move; perft.
 *
 * The moves are built from the predicates of rules.h (step_target,
 * jump_target, crowns_on), so a move listed here is one those predicates
 * allow, and tests/oracles/unit.c checks the lists against is_legal_move. */
#ifndef MOVES_H
#define MOVES_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

/* A chain takes each opposing piece at most once: at most 12 jumps. */
enum { MAX_JUMPS = 12 };

/* A position: the board and the side to move (BLACK or WHITE). */
typedef struct {
    board b;
    piece turn;
} position;

/* A move: from `from`, landing on land[0..n) in turn, the last its end.  A
 * step has n == 1 and over[0] == NO_SQUARE; a capture's over[i] is the piece
 * taken on the way to land[i]. */
typedef struct {
    int from, n;
    int land[MAX_JUMPS], over[MAX_JUMPS];
} move;

/* Is m a capture?  A step is not. */
bool is_capture_move(const move *m);

/* The square m ends on: its last landing. */
int move_end(const move *m);

/* A list of moves that grows as needed: start it as {0}, free it with
 * move_list_free.  failed: a move found no memory and is missing; from then
 * on nothing is added (check it once the list is made). */
typedef struct {
    move *at;
    size_t n, cap;
    bool failed;
} move_list;

void move_list_free(move_list *l);

/* Appends a copy of m to l, or sets l->failed. */
void move_list_add(move_list *l, const move *m);

/* Appends the moves of the piece on `from`, capture mandatory for it alone:
 * its complete capture chains if it has any, else its steps.  Directions go
 * up-left, up-right, down-left, down-right; a chain's branches in the same
 * order.  With black on 7, 14 and a white man on 17: one move, 17 x14 10 x7 3. */
void piece_moves(const board *b, int from, move_list *out);

/* Appends every legal move of `side`: its captures if any piece of it can
 * capture, else its steps, piece by piece in square order.  From the start
 * position, black has 7: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16. */
void side_moves(const board *b, piece side, move_list *out);

/* Has `side` a move on b: can a piece of it capture or step?  Nothing is
 * listed, so nothing can run out of memory.  From the start, black has;
 * on W:W5:B1, white (its man on 5 blocked by 1) has not. */
bool side_has_move(const board *b, piece side);

/* Plays m, a move listed for b: the piece leaves `from`, the pieces taken
 * are removed, and a man that ends on its far row is crowned. */
void play(board *b, const move *m);

/* Plays m and hands the move to the other side. */
void play_position(position *pos, const move *m);

/* Counts the move sequences of `depth` moves from pos into *count (every
 * capture path counted, as the published counts do); false if the count
 * would not fit 64 bits or there is no memory for the lists.  From the start, depth 1 gives 7, depth 2 gives 49. */
bool perft(const position *pos, int depth, uint64_t *count);

#endif
