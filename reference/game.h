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
 * given, or only the two ends if one capture alone has them; strict, with
 * the sign the notation gives it, else whatever its signs (11x15 a step,
 * 27-18 a capture; 123 whichever of 1-23 and 12-3 is legal).  -1 if there
 * is none, with the reason in `reason` ("capture is mandatory: ...", "...
 * is ambiguous: ...", "no piece is jumped twice: ...", and so on). */
int find_move(const game *g, const move_list *legal, const written_move *w, bool strict, char reason[REASON_SIZE]);

/* Does w name m, whatever its signs: every landing of m, or the two ends of
 * a capture (1118: either reading)?  "26x10" names 26x17x10 and 26x19x10. */
bool written_names(const written_move *w, const move *m);

/* Where a replay of movetext stopped: the number (from 1) of the first move
 * not played, 0 if every one was; whether it was malformed (no move: the
 * reason is read_move's fault) or illegal; its text, text[at..at + len);
 * the move as read. */
typedef struct {
    size_t number;
    bool malformed;
    size_t at, len;
    written_move move;
    char reason[REASON_SIZE];
} replay_stop;

/* Plays the movetext text[0..len) (notation.h: column is text[0]'s) on g in
 * turn, each move read by read_move (strict or leniently) and found by
 * find_move, a move after the game's end illegal; g is left where the
 * first move not played was tried.  The one replay of written moves: the
 * game command's lines, perft's --after, ck_play and ck_replay.  From the
 * start, "1. 11-15 22-18 2. 15x22" plays three moves; "11-15 11-16" stops
 * at 2 ("there is no piece on 11"). */
void game_replay(game *g, const char *text, size_t len, int column, bool strict, replay_stop *stop);

/* The outcome in words: "black wins", "white wins", "draw", "in play". */
const char *outcome_words(outcome o);

/* Why a game whose outcome o is not IN_PLAY admits no more moves, in
 * reason: "the game is over: black has no move, and white wins", or drawn
 * after g->quiet single moves. */
void say_over(const game *g, outcome o, char reason[REASON_SIZE]);

#endif
