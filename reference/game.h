/* game.h - a game played on from a position: PDN moves checked against the
 * legal moves, the draw counter, the result, and why a move is illegal.
 *
 * The draw is the forty-move rule of the English game (WCDF rule 1.32.2):
 * drawn once each side has made 40 moves in which no man moved and no piece
 * was taken.  Men only ever move forward, so "no man advanced" is "no man
 * moved".  The counter is the number of single moves (plies) since the last
 * move of a man or the last capture, counted from the position given (what
 * happened before it is unknown); at 80 the game is drawn. */
#ifndef GAME_H
#define GAME_H

#include <stdbool.h>

#include "moves.h"
#include "notation.h"

/* 40 moves by each side without a man moving or a piece taken. */
enum { DRAW_QUIET_MOVES = 80 };

typedef enum { IN_PLAY, BLACK_WINS, WHITE_WINS, DRAWN } outcome;

/* A game in progress: the position, and the single moves since a man last
 * moved or a piece was taken. */
typedef struct {
    position pos;
    int quiet;
} game;

/* Does m, a move on b, make progress: move a man, or take a piece?  A king's
 * step does not; a king's capture does. */
bool is_progress(const board *b, const move *m);

/* Plays m, a legal move of g's side, and counts it. */
void game_play(game *g, const move *m);

/* How g stands, given whether its side to move can move (side_has_move, or
 * a list of its moves not empty): a side with no move has lost (WCDF 1.30);
 * else 80 quiet moves are a draw.  The loss comes first: the move that left
 * the opponent no reply won the game. */
outcome game_outcome(const game *g, bool can_move);

/* Room for any reason find_move writes. */
enum { REASON_SIZE = 256 };

/* The index in `legal` (g's legal moves) of the move w names: every landing
 * given, or only the two ends if one capture alone has them.  -1 if there is
 * none, with the reason in `reason` ("capture is mandatory: ...", "...
 * is ambiguous: ...", "no piece is jumped twice: ...", and so on). */
int find_move(const game *g, const move_list *legal, const written_move *w, char reason[REASON_SIZE]);

/* The outcome in words: "black wins", "white wins", "draw", "in play". */
const char *outcome_words(outcome o);

/* Why a game whose outcome o is not IN_PLAY admits no more moves, in
 * reason: "the game is over: black has no move, and white wins", or drawn
 * after g->quiet single moves. */
void say_over(const game *g, outcome o, char reason[REASON_SIZE]);

#endif
