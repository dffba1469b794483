/* rules.h - is this white move legal?  The rules as small predicates.
 *
 * The moving piece is a man: it steps or jumps diagonally forward only.  A
 * jump goes over a black piece to the empty square right behind it; after a
 * jump the man keeps jumping while it can, and any such chain may be chosen
 * (the longest is not required).  Capture is mandatory, read one of two ways
 * (see `rule`).  Each predicate's examples are its unit tests. */
#ifndef RULES_H
#define RULES_H

#include "board.h"

/* How far "capture is mandatory" reaches. */
typedef enum {
    RULE_CHALLENGE, /* the challenge's wording: a mover that can jump must jump */
    RULE_ENGLISH    /* the rulebook: if any white man can jump, no simple move */
} rule;

/* Is square n on the board and empty?  is_empty(empty_board(), 5);
 * with black on 5, not is_empty(b, 5); on any board, not is_empty(b, 0) and
 * not is_empty(b, 33): no square, so nothing can go there. */
bool is_empty(const board *b, int n);

/* Is `to` one diagonal step forward of `from`?
 * is_forward_step(9, 5), is_forward_step(9, 6); not (5, 9) (backward), not (12, 9)
 * (sideways), not (5, 4) (no wrapping round the edge), not (2, 0) (off the board). */
bool is_forward_step(int from, int to);

/* Where a man on `from` lands jumping in direction dir, or NO_SQUARE if it
 * cannot: the square ahead must hold black, the one behind it be empty.
 * With black on 6: jump_landing(b, 9, RIGHT) == 2, jump_landing(b, 9, LEFT) == NO_SQUARE;
 * with black on 6 and 2: jump_landing(b, 9, RIGHT) == NO_SQUARE (the landing is taken). */
int jump_landing(const board *b, int from, int dir);

/* Can a man on square n capture anything right now?
 * With black on 6: can_jump_from(b, 9), can_jump_from(b, 10);
 * with black on 5 only: not can_jump_from(b, 9) (the landing is off the board). */
bool can_jump_from(const board *b, int n);

/* A man has just landed on `at` in a jump chain: can the chain finish on
 * `end`?  It must go on while it can; where it cannot, it ends where it is.
 * With black on 7 and 14: chain_can_end_at(b, 10, 3); not chain_can_end_at(b, 10, 10).
 * With black on 8, 15, 23, 24, both branches from 27 count, short or long:
 * chain_can_end_at(b, 27, 20), chain_can_end_at(b, 27, 4); not (b, 27, 18), where
 * the jump over 15 is left. */
bool chain_can_end_at(const board *b, int at, int end);

/* Can the man on `from` reach `to` by a complete jump chain (one jump or more)?
 * With black on 7, 14: is_jump_move(b, 17, 3); not is_jump_move(b, 17, 10).
 * On an empty board, not is_jump_move(b, 9, 9): no jump at all is no chain. */
bool is_jump_move(const board *b, int from, int to);

/* Is `from` -> `to` a simple step onto an empty forward square?
 * On an empty board: is_simple_move(b, 9, 5); not is_simple_move(b, 9, 1) (too far),
 * not is_simple_move(b, 5, 9) (backward); with black on 5, not is_simple_move(b, 9, 5). */
bool is_simple_move(const board *b, int from, int to);

/* Can any white man on the board capture?  With white on 9, black on 6: yes;
 * with white on 9, black on 5: no (the landing is off the board); with white
 * on 9, black on 6 and 2: no (the landing is taken); black alone: no. */
bool any_white_can_jump(const board *b);

/* The answer: is moving the white man on `from` to `to` legal under rule r?
 * With black on 6, 7 and white on 10: is_legal(b, 10, 1, r), is_legal(b, 10, 3, r);
 * not is_legal(b, 10, 10, r), not is_legal(b, 6, 2, r) (6 holds no white man).
 * With white also on 30: is_legal(b, 30, 26, RULE_CHALLENGE), but not under
 * RULE_ENGLISH, as the man on 10 can capture. */
bool is_legal(const board *b, int from, int to, rule r);

/* ==================== Paths, for showing moves ==================== */

enum {
    MAX_JUMPS = 3, /* each jump climbs two of the eight rows */
    MAX_CHAINS = 8 /* at most two ways on at each of those jumps */
};

/* A move's route: the squares landed on in order (the last is the end) and
 * the black piece taken on the way to each, NO_SQUARE there for a step. */
typedef struct {
    int from, n;
    int land[MAX_JUMPS], over[MAX_JUMPS];
} path;

/* Writes every complete jump chain of the man on `from` into out and returns
 * how many there are; their ends are exactly the `to` of is_jump_move.
 * With black on 7, 14: one chain from 17, landing on 10 then 3, taking 14 then 7;
 * with black on 6 only: none from 5. */
int jump_chains(const board *b, int from, path out[MAX_CHAINS]);

#endif
