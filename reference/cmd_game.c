/* cmd_game.c - `game`: games from standard input, one a line, each replayed
 * from its FEN (game_replay, as ck_replay does) and answered legal (with the
 * final position) or illegal (with the first illegal move and why). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_game.h"
#include "game.h"
#include "batch.h"
#include "show.h"
#include "text.h"
#include "words.h"

/* What the batch was asked for. */
typedef struct {
    bool show, strict;
} asked;

/* Plays the moves text[at..end) from pos (game_replay: they are known to be
 * well formed) and prints the answer line; with show, the board follows. */
static void play_line(const position *pos, const char *text, size_t at, size_t end, const asked *a, FILE *out)
{
    game g = {*pos, 0};
    replay_stop stop;
    game_replay(&g, text + at, end - at, (int)at + 1, a->strict, &stop);
    if (stop.number > 0 && strcmp(stop.reason, OUT_OF_MEMORY) == 0)
        exit_out_of_memory();
    if (stop.number > 0) {
        char as_given[MOVE_TEXT_SIZE];
        write_written(&stop.move, as_given);
        fprintf(out, "illegal\t%zu\t%s\t%s\n", stop.number, as_given, stop.reason);
    } else {
        char fen[FEN_SIZE];
        write_fen(&g.pos, fen);
        outcome o = game_outcome(&g, side_has_move(&g.pos.b, g.pos.turn));
        fprintf(out, "legal\t%s\tquiet %d/%d", fen, g.quiet, DRAW_QUIET_MOVES);
        if (o != IN_PLAY)
            fprintf(out, "\t%s", outcome_words(o));
        fputc('\n', out);
    }
    if (a->show)
        show_position(&g.pos, "  ", out);
}

/* Checks every move of text[at..end) for form; false with the first fault. */
static bool check_moves(const char *text, size_t at, size_t end, bool strict, char err[NOTATION_ERROR_SIZE])
{
    movetext t = {text, end, at, 1, strict};
    written_move w;
    size_t start, len, moves = 0;
    while (next_move(&t, &w, &start, &len, err))
        moves++;
    if (err[0] != '\0')
        return false;
    if (moves == 0)
        snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: no moves: give at least one, such as 11-15", (int)end + 1);
    return moves > 0;
}

/* One line of the batch (ctx: what was asked).  Columns are counted from 1
 * at the line's start. */
static line_status game_line(const char *text, size_t len, long number, void *ctx, FILE *out,
                             char err[LINE_ERROR_SIZE])
{
    const asked *a = ctx;
    (void)number;
    const char *tab = memchr(text, '\t', len);
    size_t fen_len = tab ? (size_t)(tab - text) : len;
    position pos;
    char note[FEN_NOTE_SIZE]; /* what it ignores is not said, as in the moves batch */
    if (!read_fen(text, fen_len, 1, a->strict, &pos, err, note))
        return LINE_ERROR;
    if (tab == NULL) {
        snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: missing: a line is a FEN, a tab, then the moves",
                 (int)len + 1);
        return LINE_ERROR;
    }
    size_t at = fen_len + 1;
    const char *tab2 = memchr(text + at, '\t', len - at);
    size_t end = tab2 ? (size_t)(tab2 - text) : len;
    if (!check_moves(text, at, end, a->strict, err))
        return LINE_ERROR;
    play_line(&pos, text, at, end, a, out);
    return LINE_OK;
}

int run_games(FILE *in, FILE *out, bool show, bool strict)
{
    asked a = {show, strict};
    return run_batch(in, out, game_line, &a);
}

void game_usage(FILE *out)
{
    fputs("usage: reference game [--show] [--strict] < LINES\n"
          "Reads lines FEN<TAB>moves separated by spaces (more columns ignored;\n"
          "blank and # lines skipped) and prints one line for each game:\n"
          "  legal<TAB>final FEN<TAB>quiet N/80[<TAB>RESULT]\n"
          "  illegal<TAB>N<TAB>move<TAB>reason  (the first illegal move)\n"
          "  error  (a malformed line; the fault on standard error; exit status 2)\n"
          "quiet N/80 counts the single moves since a man moved or a piece was\n"
          "taken: at 80 (40 each) the game is drawn.  RESULT, once the game is over:\n"
          "white wins, black wins (the side to move has no move), or draw.\n"
          "  --show    after each answer, the final position or the one the illegal\n"
          "            move was tried on: b w men, B W kings, whose move it is\n"
          "  --strict  the FEN and moves exactly as the notation writes them (else\n"
          "            11x15 for a step, commas, move numbers and a result read too)\n",
          out);
}

int game_command(const request *r)
{
    if (r->words != 0) {
        fputs("reference: game takes no arguments: the games come on standard input (try reference game --help)\n", stderr);
        return 2;
    }
    return run_games(stdin, stdout, r->given[OPT_SHOW], r->given[OPT_STRICT]);
}
