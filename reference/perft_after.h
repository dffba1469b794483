/* perft_after.h - the position after some moves, for `perft --after`: the
 * drill-down of a --divide (Stockfish's "position ... moves ..."). */
#ifndef PERFT_AFTER_H
#define PERFT_AFTER_H

#include <stdbool.h>

#include "notation.h"

/* Plays the moves of text, separated by spaces ("11-15 22-18", read as the
 * game command reads a move: every landing, or the ends of a capture that
 * only one path has), on *pos.  False with "--after, move N "11-16": <why>"
 * in err if one is malformed or illegal; *pos is then the position before
 * it. */
bool play_after(position *pos, const char *text, char err[NOTATION_ERROR_SIZE]);

#endif
