/* cmd_moves.c - `moves`: the legal moves of a position given as an
 * argument, or of each FEN line of standard input. */
#include <stdio.h>

#include "cmd_moves.h"
#include "line.h"
#include "notation.h"
#include "show.h"
#include "text.h"

void print_moves(const position *pos, const char *indent, FILE *out)
{
    move_list moves = {0};
    side_moves(&pos->b, pos->turn, &moves);
    for (size_t i = 0; i < moves.n; i++) {
        char text[MOVE_TEXT_SIZE];
        write_move(&moves.at[i], text);
        fprintf(out, "%s%s\n", indent, text);
    }
    if (moves.n == 0)
        fprintf(out, "%snone: %s has no move, %s wins\n", indent, side_name(pos->turn),
                side_name(opponent_of(pos->turn)));
    move_list_free(&moves);
}

/* One line of the batch (ctx: show). */
static line_status moves_line(const char *text, size_t len, void *ctx, FILE *out, char err[LINE_ERROR_SIZE])
{
    size_t first = 0;
    while (first < len && is_space(text[first]))
        first++;
    if (first == len || text[first] == '#')
        return LINE_SKIP;
    position pos;
    char note[FEN_NOTE_SIZE];
    if (!read_fen(text, len, 1, &pos, err, note))
        return LINE_ERROR;
    char fen[FEN_SIZE];
    write_fen(&pos, fen);
    move_list moves = {0};
    side_moves(&pos.b, pos.turn, &moves);
    fprintf(out, "%s\t%zu moves\n", fen, moves.n);
    move_list_free(&moves);
    if (*(const bool *)ctx)
        show_position(&pos, "  ", out);
    print_moves(&pos, "  ", out);
    return LINE_OK;
}

int run_moves(FILE *in, FILE *out, bool show) { return run_batch(in, out, moves_line, &show); }

int moves_command(const request *r)
{
    bool show = r->given[OPT_SHOW], legend = r->given[OPT_LEGEND];
    if (r->words == 0) /* FENs over standard input */
        return run_moves(stdin, stdout, show);
    if (r->words != 1) {
        fputs("reference: moves takes one argument, a FEN, or none to read FENs from standard input (try --help)\n",
              stderr);
        return 2;
    }
    position pos;
    if (!fen_argument(r->word[0], &pos))
        return 2;
    if (show || legend)
        show_numbered_position(&pos, legend, "  ", stdout);
    print_moves(&pos, "", stdout);
    return 0;
}
