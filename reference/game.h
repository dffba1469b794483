/* game.h - a game played on from a position: PDN moves checked against the
 * legal moves, the draw counter, the result; and the `game` batch, which
 * replays one game a line.
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
#include <stdio.h>

#include "line.h"
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

/* How g stands, given `legal`, the moves of its side to move: a side with no
 * move has lost (WCDF 1.30); else 80 quiet moves are a draw.  The loss comes
 * first: the move that left the opponent no reply won the game. */
outcome game_outcome(const game *g, const move_list *legal);

/* Room for any reason find_move writes. */
enum { REASON_SIZE = 256 };

/* The index in `legal` (g's legal moves) of the move w names: every landing
 * given, or only the two ends if one capture alone has them.  -1 if there is
 * none, with the reason in `reason` ("capture is mandatory: ...", "...
 * is ambiguous: ...", "no piece is jumped twice: ...", and so on). */
int find_move(const game *g, const move_list *legal, const written_move *w, char reason[REASON_SIZE]);

/* The batch: reads lines "FEN<TAB>moves separated by spaces" (columns past
 * the second ignored; blank and # lines skipped) to EOF and prints one line
 * for each: "legal<TAB>final FEN<TAB>quiet N/80" with "<TAB>white wins",
 * "black wins" or "draw" when the game is over; "illegal<TAB>N<TAB>move<TAB>
 * reason" for the first illegal move (N from 1); "error" for a malformed
 * line, with "line N: <field>, column C: <what>" on stderr.  With show, each
 * answer is followed by the board (the final one, or the one the illegal
 * move was tried on), indented.  Returns 2 if a line was malformed, else 0
 * (1 if reading or writing failed, left to the caller to report). */
int run_games(FILE *in, FILE *out, bool show);

/* The batch loop run_games and run_moves share: each line of in (its
 * length, the show option, out, and err for a fault) to answer; a line it
 * calls LINE_ERROR gets "error" on out and "line N: <err>" on stderr.
 * Returns 2 if a line was malformed, 1 if reading or writing failed, else
 * 0. */
typedef line_status (*batch_line_fn)(const char *text, size_t len, bool show, FILE *out,
                                     char err[NOTATION_ERROR_SIZE]);
int run_batch(FILE *in, FILE *out, bool show, batch_line_fn answer);

#endif
