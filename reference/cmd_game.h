/* cmd_game.h - `game`: games from standard input, one a line, replayed. */
#ifndef CMD_GAME_H
#define CMD_GAME_H

#include <stdbool.h>
#include <stdio.h>

#include "command.h"

/* The game command; the exit status. */
int game_command(const request *r);

/* Its help: reference game --help. */
void game_usage(FILE *out);

/* The batch: reads lines "FEN<TAB>moves separated by spaces" (columns past
 * the second ignored; blank and # lines skipped) to EOF and prints one line
 * for each: "legal<TAB>final FEN<TAB>quiet N/80" with "<TAB>white wins",
 * "black wins" or "draw" when the game is over; "illegal<TAB>N<TAB>move<TAB>
 * reason" for the first illegal move (N from 1); "error" for a malformed
 * line, with "line N: <field>, column C: <what>" on stderr.  The FEN and
 * the moves are read leniently (notation.h), or with strict exactly as the
 * notation writes them.  With show, each
 * answer is followed by the board (the final one, or the one the illegal
 * move was tried on), indented.  Returns 2 if a line was malformed, else 0
 * (1 if reading or writing failed, left to the caller to report). */
int run_games(FILE *in, FILE *out, bool show, bool strict);

#endif
