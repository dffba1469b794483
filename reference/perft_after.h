/* perft_after.h - the position after some moves, for `perft --after`: the
 * drill-down of a --divide (Stockfish's "position ... moves ..."). */
#ifndef PERFT_AFTER_H
#define PERFT_AFTER_H

#include <stdbool.h>

#include "notation.h"

/* Plays the moves of text on *pos, read as the game command reads them
 * (game_replay: "11-15 22-18", "11-15, 22-18" or "1. 11-15 22-18"; strict,
 * as the notation writes them).  False with "--after, move N "11-16":
 * <why>" in err if one is illegal, "--after: moves, column C: <what>" if
 * one is malformed; *pos is then the position before it. */
bool play_after(position *pos, const char *text, bool strict, char err[NOTATION_ERROR_SIZE]);

#endif
