/* cmd_moves.h - `moves [FEN]`: the legal moves of a position, or of each FEN line. */
#ifndef CMD_MOVES_H
#define CMD_MOVES_H

#include <stdbool.h>
#include <stdio.h>

#include "command.h"

/* The moves command; the exit status. */
int moves_command(const request *r);

/* Its help: reference moves --help. */
void moves_usage(FILE *out);

/* `moves` over standard input: a FEN a line (read_fen, strictly or not;
 * blank and # lines skipped), each answered by "FEN<TAB>N moves" (the FEN as write_fen writes
 * it), then with show the board, then its moves as print_moves writes them,
 * indented by two spaces.  A malformed line gets "error", and "line N:
 * <fault>" on stderr.  Returns 2 if a line was malformed, 1 if reading or
 * writing failed, else 0. */
int run_moves(FILE *in, FILE *out, bool show, bool strict);

/* The legal moves of pos, one a line after `indent`, every landing written;
 * for a side with none, the line "none: white has no move, black wins". */
void print_moves(const position *pos, const char *indent, FILE *out);

#endif
