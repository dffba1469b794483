/* show.h - a position drawn as the full 8x8 board.
 *
 * The challenge's question is drawn like the challenge's diagrams: B black,
 * W white, O the man that moves, X where it should end, _ an empty dark
 * square, . a light square (no piece ever stands there).  A game's position
 * is drawn with its kings: b and w men, B and W kings, then whose move it
 * is. */
#ifndef SHOW_H
#define SHOW_H

#include <stdbool.h>
#include <stdio.h>

#include "board.h"
#include "moves.h"

/* Prints the board as 8 lines, each starting with indent; X is drawn over
 * whatever stands on `to` (so an occupied end still shows as the end).  With
 * legend, the square numbers are drawn beside it, light squares as '.'.
 * With white on 10, black on 6, 7, from 10 to 1, the top three lines are
 *   . X . _ . _ . _
 *   _ . B . B . _ .
 *   . _ . O . _ . _                                                        */
void show_board(const board *b, int from, int to, bool legend, const char *indent, FILE *out);

/* Prints pos as 8 lines and a ninth that says whose move it is, each
 * starting with indent.  The start's first and last lines:
 *   . b . b . b . b
 *   w . w . w . w .
 *   black to move                                                          */
void show_position(const position *pos, const char *indent, FILE *out);

/* The same, with legend the square numbers beside it, as show_board's. */
void show_numbered_position(const position *pos, bool legend, const char *indent, FILE *out);

#endif
