/* rules.h - English checkers as small predicates: both sides, men and kings.
 *
 * Black men move down the board, toward 32, white men up, toward 1; kings go
 * both ways, one square at a time.  A jump goes over an opposing piece to the
 * empty square just beyond it.  After a jump the piece jumps on while it can,
 * and any complete chain may be chosen, not only the longest.  No piece is
 * jumped twice in one chain: the pieces taken stay on the board until the
 * move ends, and cannot be jumped again.  A man that reaches the far row is
 * crowned, and its move ends there.  Capture is mandatory for the side to
 * move.  (WCDF rules 1.15-1.21; reference/README.md cites them.)
 *
 * The challenge's question, "may the white man on s move to e?", is one
 * special case of these rules: is_legal, at the end.  Each predicate's
 * examples are its unit tests (tests/oracles/unit.c).
 *
 * For a tool that builds a board itself (a proof shim, say), the challenge's
 * entry point is, with no other set-up:
 *
 *     board b = empty_board();
 *     b.at[n] = BLACK;  (or WHITE, or EMPTY: men; kings are BLACK_KING, WHITE_KING)
 *     bool legal = is_legal(&b, from, to, RULE_CHALLENGE);
 *
 * Its code path allocates nothing, calls through no function pointer, and has
 * no loop whose trip count depends on the board: only the recursion along
 * jump chains (at most 3 deep for a man) follows the pieces. */
#ifndef RULES_H
#define RULES_H

#include <stdint.h>

#include "board.h"

/* ==================== Pieces ==================== */

/* The side a piece belongs to: BLACK or WHITE, or EMPTY for no piece.
 * side_of(BLACK_KING) == BLACK, side_of(WHITE) == WHITE, side_of(EMPTY) == EMPTY. */
piece side_of(piece p);

/* Is p a king?  is_king(WHITE_KING), is_king(BLACK_KING); not is_king(WHITE),
 * not is_king(EMPTY). */
bool is_king(piece p);

/* The other side: opponent_of(BLACK) == WHITE, opponent_of(WHITE) == BLACK. */
piece opponent_of(piece side);

/* Do a and b stand for opposing sides?  is_opponent(WHITE, BLACK_KING),
 * is_opponent(BLACK_KING, WHITE_KING); not is_opponent(WHITE, WHITE_KING),
 * not is_opponent(WHITE, EMPTY). */
bool is_opponent(piece a, piece b);

/* The way a side's men go: forward_of(WHITE) == UP, forward_of(BLACK) == DOWN. */
int forward_of(piece side);

/* May p go in vertical direction vert?  A man only forward, a king both ways.
 * may_go(WHITE, UP), may_go(BLACK, DOWN), may_go(WHITE_KING, DOWN);
 * not may_go(WHITE, DOWN), not may_go(BLACK, UP), not may_go(EMPTY, UP). */
bool may_go(piece p, int vert);

/* Is n on the far row, where a man of p is crowned?  White men crown on 1-4,
 * black men on 29-32; a king is not crowned again.  crowns_on(WHITE, 3),
 * crowns_on(BLACK, 30); not crowns_on(WHITE, 30), not crowns_on(BLACK, 3),
 * not crowns_on(WHITE_KING, 3). */
bool crowns_on(piece p, int n);

/* The king a man becomes: crowned(WHITE) == WHITE_KING, crowned(BLACK) ==
 * BLACK_KING; a king stays one: crowned(BLACK_KING) == BLACK_KING. */
piece crowned(piece p);

/* ==================== Steps ==================== */

/* Is square n on the board and empty?  is_empty(empty_board(), 5);
 * with black on 5, not is_empty(b, 5); on any board, not is_empty(b, 0) and
 * not is_empty(b, 33): no square, so nothing can go there. */
bool is_empty(const board *b, int n);

/* Where the piece on `from` steps going (vert, horiz): the diagonal
 * neighbour, if the piece may go that way and the square is empty, else
 * NO_SQUARE.  With a white man on 9: step_target(b, 9, UP, LEFT) == 5, but
 * step_target(b, 9, DOWN, LEFT) == NO_SQUARE (a man never goes back); with a
 * white king on 9, step_target(b, 9, DOWN, LEFT) == 13; from an empty
 * square, NO_SQUARE. */
int step_target(const board *b, int from, int vert, int horiz);

/* Is from -> to a step of the piece on `from`?  With a white man on 9:
 * is_step(b, 9, 5), is_step(b, 9, 6); not is_step(b, 9, 13) (backward), not
 * (9, 1) (too far), not (9, 9); with a black man on 9: is_step(b, 9, 13), not
 * is_step(b, 9, 5); with black on 5 and white on 9, not is_step(b, 9, 5). */
bool is_step(const board *b, int from, int to);

/* ==================== Jumps and chains ==================== */

/* The pieces a chain of jumps has taken so far: bit n - 1 for square n. */
typedef uint32_t taken_set;

/* The set of square n alone: taken_bit(1) == 1, taken_bit(6) == 32. */
taken_set taken_bit(int n);

/* Where `mover`, in a chain that started on `start` and has taken `taken`,
 * lands jumping from `at` going (vert, horiz), or NO_SQUARE if it cannot: it
 * must be allowed that way, the next square must hold an opponent not taken
 * yet, and the one beyond must be empty or be `start`, which the mover has
 * left.  With black on 6: jump_target(b, WHITE, 9, 0, 9, UP, RIGHT) == 2, but
 * jump_target(b, WHITE, 9, 0, 9, UP, LEFT) == NO_SQUARE (nothing on 5), and
 * with 6 taken, jump_target(b, WHITE, 9, taken_bit(6), 9, UP, RIGHT) ==
 * NO_SQUARE (no piece is jumped twice).  With black on 9, 10, 17, 18 and a
 * white king on 13, the king that took 9, 10, 18 and stands on 22 may land
 * on 13 again: jump_target(b, WHITE_KING, 13, t, 22, UP, LEFT) == 13. */
int jump_target(const board *b, piece mover, int start, taken_set taken, int at, int vert, int horiz);

/* Can `mover` jump on from `at`, in a chain from `start` that took `taken`?
 * With black on 6: can_jump_on(b, WHITE, 9, 0, 9), can_jump_on(b, WHITE, 10,
 * 0, 10), not can_jump_on(b, WHITE, 1, 0, 1) (backward), but
 * can_jump_on(b, WHITE_KING, 1, 0, 1). */
bool can_jump_on(const board *b, piece mover, int start, taken_set taken, int at);

/* `mover` has landed on `at` in a chain from `start` that took `taken`: can
 * the chain end on `end`?  It ends where it can jump no more, or where a man
 * is crowned; elsewhere it must go on.  Any complete chain counts.
 * With black on 7 and 14, a white man from 17 that took 14 stands on 10:
 * chain_may_end_at(b, WHITE, 17, taken_bit(14), 10, 3), but not (..., 10, 10).
 * With black on 6 and 7, a white man from 11 that took 7 is crowned on 2 and
 * stops there: chain_may_end_at(b, WHITE, 11, taken_bit(7), 2, 2); a king
 * on 2 would have to go on over 6: not chain_may_end_at(b, WHITE_KING, 11,
 * taken_bit(7), 2, 2). */
bool chain_may_end_at(const board *b, piece mover, int start, taken_set taken, int at, int end);

/* ==================== Moves of a side ==================== */

/* Can the piece on `from` capture?  With black on 6, a white man on 9 can;
 * a white man on 1 cannot, a white king on 1 can (over 6 to 10); a black man
 * on 9 cannot (6 is its own side's). */
bool can_capture(const board *b, int from);

/* Does some complete capture chain of the piece on `from` end on `to`?
 * With white on 17 and black on 7, 14: is_capture(b, 17, 3), not
 * is_capture(b, 17, 10) (the chain must go on).  A king may end where it
 * started: white king on 13, black on 9, 10, 17, 18: is_capture(b, 13, 13). */
bool is_capture(const board *b, int from, int to);

/* Can some piece of `side` capture?  With white on 9 and black on 6, 13:
 * side_can_capture(b, WHITE) (9 over 6), not side_can_capture(b, BLACK) (6
 * would land on 13, its own piece). */
bool side_can_capture(const board *b, piece side);

/* The full rules by a move's ends: may `side`, to move, take its piece on
 * `from` to `to`?  If any piece of the side can capture, only a capture will
 * do.  With white on 10, 30 and black on 6, 7: is_legal_move(b, WHITE, 10, 1),
 * but not is_legal_move(b, WHITE, 30, 26), and not is_legal_move(b, BLACK, 10, 1). */
bool is_legal_move(const board *b, piece side, int from, int to);

/* ==================== The challenge's question ==================== */

/* How far "capture is mandatory" reaches. */
typedef enum {
    RULE_CHALLENGE, /* the challenge's wording: a mover that can jump must jump */
    RULE_ENGLISH    /* the rulebook: if any white piece can jump, it must be a capture */
} rule;

/* The answer: is moving the white piece on `from` (in the challenge, a man)
 * to `to` legal under rule r?  RULE_ENGLISH is the full rules for white to
 * move, is_legal_move(b, WHITE, from, to); RULE_CHALLENGE makes capture
 * mandatory for the mover only.
 * With black on 6, 7 and white on 10: is_legal(b, 10, 1, r), is_legal(b, 10, 3, r);
 * not is_legal(b, 10, 10, r), not is_legal(b, 6, 2, r) (6 holds no white piece).
 * With white also on 30: is_legal(b, 30, 26, RULE_CHALLENGE), but not under
 * RULE_ENGLISH, as the man on 10 can capture. */
bool is_legal(const board *b, int from, int to, rule r);

/* Where a white man on `from` lands jumping forward in direction dir (LEFT
 * or RIGHT) to start a chain, or NO_SQUARE: jump_target(b, WHITE, from, 0,
 * from, UP, dir).  With black on 6: jump_landing(b, 9, RIGHT) == 2,
 * jump_landing(b, 9, LEFT) == NO_SQUARE; with black on 6 and 2:
 * jump_landing(b, 9, RIGHT) == NO_SQUARE (the landing is taken). */
int jump_landing(const board *b, int from, int dir);

/* Could a white man on n capture now?  With black on 6: can_jump_from(b, 9),
 * can_jump_from(b, 10); with black on 5 only: not can_jump_from(b, 9). */
bool can_jump_from(const board *b, int n);

#endif
