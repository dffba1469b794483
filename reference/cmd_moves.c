/* cmd_moves.c - `moves`: the legal moves of a position given as an
 * argument, or of each FEN line of standard input. */
#include <stdio.h>
#include <stdlib.h>

#include "checkers.h"
#include "cmd_moves.h"
#include "library.h"
#include "batch.h"
#include "notation.h"
#include "show.h"
#include "text.h"
#include "words.h"

/* The moves come from the library's interface (checkers.h), as an engine
 * would ask for them. */

/* How many moves p has (exits if there is no memory to list them). */
static size_t count_moves(const ck_position *p)
{
    size_t n;
    if (!ck_moves(p, NULL, 0, &n, NULL))
        exit_out_of_memory();
    return n;
}

/* Writes the n moves of p, each behind indent, or that its side (turn) has
 * none. */
static void write_moves(const ck_position *p, piece turn, size_t n, const char *indent, FILE *out)
{
    ck_move *moves = or_exit(allocate(n, sizeof *moves));
    if (!ck_moves(p, moves, n, &n, NULL))
        exit_out_of_memory();
    for (size_t i = 0; i < n; i++) {
        char text[CK_MOVE_SIZE];
        ck_move_text(&moves[i], text, NULL);
        fprintf(out, "%s%s\n", indent, text);
    }
    if (n == 0)
        fprintf(out, "%snone: %s has no move, %s wins\n", indent, side_name(turn), side_name(opponent_of(turn)));
    free(moves);
}

void print_moves(const position *pos, const char *indent, FILE *out)
{
    ck_position p = as_ck(pos);
    write_moves(&p, pos->turn, count_moves(&p), indent, out);
}

/* What the batch was asked for. */
typedef struct {
    bool show, strict;
} asked;

/* One line of the batch (ctx: what was asked). */
static line_status moves_line(const char *text, size_t len, long number, void *ctx, FILE *out,
                              char err[LINE_ERROR_SIZE])
{
    const asked *a = ctx;
    (void)number;
    position pos;
    char note[FEN_NOTE_SIZE];
    if (!read_fen(text, len, 1, a->strict, &pos, err, note))
        return LINE_ERROR;
    char fen[FEN_SIZE];
    ck_position p = as_ck(&pos);
    size_t n = count_moves(&p);
    ck_to_fen(&p, fen, NULL);
    fprintf(out, "%s\t%zu moves\n", fen, n);
    if (a->show)
        show_position(&pos, "  ", out);
    write_moves(&p, pos.turn, n, "  ", out);
    return LINE_OK;
}

int run_moves(FILE *in, FILE *out, bool show, bool strict)
{
    asked a = {show, strict};
    return run_batch(in, out, moves_line, &a);
}

void moves_usage(FILE *out)
{
    fputs("usage: reference moves [--show] [--legend] [--strict] [FEN]\n"
          "Every legal move of the side to move, one a line, every landing of a\n"
          "capture written out (\"none: ...\" and the winner when it has none).\n"
          "Without FEN, FENs from standard input, one a line (blank and # lines\n"
          "skipped), each answered by \"FEN<TAB>N moves\" and its moves indented by two\n"
          "spaces; a malformed line gets \"error\", its fault on standard error, and\n"
          "the exit status is 2.\n"
          "  --show    the position, drawn before its moves: b w men, B W kings, whose\n"
          "            move it is\n"
          "  --legend  --show, with the square numbers beside the board\n"
          "  --strict  a FEN exactly as PDN writes it (else b:w21-32:b1-12. reads too)\n",
          out);
}

int moves_command(const request *r)
{
    bool show = r->given[OPT_SHOW], legend = r->given[OPT_LEGEND], strict = r->given[OPT_STRICT];
    if (r->words == 0) /* FENs over standard input */
        return run_moves(stdin, stdout, show, strict);
    if (r->words != 1) {
        fputs("reference: moves takes one argument, a FEN, or none to read FENs from standard input (try reference moves --help)\n",
              stderr);
        return 2;
    }
    position pos;
    if (!fen_argument(r->word[0], strict, &pos))
        return 2;
    if (show || legend)
        show_numbered_position(&pos, legend, "  ", stdout);
    print_moves(&pos, "", stdout);
    return 0;
}
