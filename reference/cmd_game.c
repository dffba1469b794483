/* cmd_game.c - `game`: games from standard input, one a line, each replayed
 * from its FEN and answered legal (with the final position) or illegal (with
 * the first illegal move and why). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers.h"
#include "cmd_game.h"
#include "game.h"
#include "library.h"
#include "line.h"
#include "show.h"
#include "text.h"
#include "words.h"

_Static_assert((int)CK_IN_PLAY == IN_PLAY && (int)CK_BLACK_WINS == BLACK_WINS && (int)CK_WHITE_WINS == WHITE_WINS &&
                   (int)CK_DRAWN == DRAWN,
               "an outcome of the interface is the rules' own");

/* Plays the moves text[at..end) from pos through the library's interface
 * (ck_replay, as an engine would) and prints the answer line; the moves are
 * known to be well formed.  With show, the board follows. */
static void play_line(const position *pos, const char *text, size_t at, size_t end, bool show, FILE *out)
{
    char fen[FEN_SIZE], reason[CK_ERROR_SIZE], err[NOTATION_ERROR_SIZE];
    ck_game g = {as_ck(pos), 0};
    char *moves = or_exit(allocate(end - at + 1, 1));
    memcpy(moves, text + at, end - at);
    size_t bad = ck_replay(&g, moves, reason);
    free(moves);
    if (bad > 0 && strcmp(reason, CK_OUT_OF_MEMORY) == 0)
        exit_out_of_memory();
    ck_to_fen(&g.pos, fen, NULL);
    if (bad > 0) {
        size_t start = at; /* the bad-th move */
        for (size_t n = 0; n < bad && next_word(text, end, " ", &at, &start); n++)
            ;
        written_move w;
        char as_given[MOVE_TEXT_SIZE];
        parse_move(text + start, at - start, 0, &w, err);
        write_written(&w, as_given);
        fprintf(out, "illegal\t%zu\t%s\t%s\n", bad, as_given, reason);
    } else {
        ck_outcome o = CK_IN_PLAY;
        ck_outcome_of(&g, &o, NULL);
        fprintf(out, "legal\t%s\tquiet %d/%d", fen, g.quiet, DRAW_QUIET_MOVES);
        if (o != CK_IN_PLAY)
            fprintf(out, "\t%s", outcome_words((outcome)o));
        fputc('\n', out);
    }
    if (show) {
        position now;
        parse_fen(fen, strlen(fen), 1, &now, err);
        show_position(&now, "  ", out);
    }
}

/* Checks every move of text[at..end) for form; false with the first fault. */
static bool check_moves(const char *text, size_t at, size_t end, char err[NOTATION_ERROR_SIZE])
{
    size_t start, words = 0;
    for (; next_word(text, end, " ", &at, &start); words++) {
        written_move w;
        if (!parse_move(text + start, at - start, (int)start + 1, &w, err))
            return false;
    }
    if (words == 0)
        snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: no moves: give at least one, such as 11-15", (int)at + 1);
    return words > 0;
}

/* One line of the batch (ctx: show).  Columns are counted from 1 at the
 * line's start. */
static line_status game_line(const char *text, size_t len, void *ctx, FILE *out, char err[LINE_ERROR_SIZE])
{
    bool show = *(const bool *)ctx;
    if (len > 0 && text[len - 1] == '\n')
        len--;
    if (len > 0 && text[len - 1] == '\r')
        len--;
    size_t first = 0;
    while (first < len && (text[first] == ' ' || text[first] == '\t'))
        first++;
    if (first == len || text[0] == '#')
        return LINE_SKIP;
    const char *tab = memchr(text, '\t', len);
    size_t fen_len = tab ? (size_t)(tab - text) : len;
    position pos;
    if (!parse_fen(text, fen_len, 1, &pos, err))
        return LINE_ERROR;
    if (tab == NULL) {
        snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: missing: a line is a FEN, a tab, then the moves",
                 (int)len + 1);
        return LINE_ERROR;
    }
    size_t at = fen_len + 1;
    const char *tab2 = memchr(text + at, '\t', len - at);
    size_t end = tab2 ? (size_t)(tab2 - text) : len;
    if (!check_moves(text, at, end, err))
        return LINE_ERROR;
    play_line(&pos, text, at, end, show, out);
    return LINE_OK;
}

int run_games(FILE *in, FILE *out, bool show) { return run_batch(in, out, game_line, &show); }

int game_command(const request *r)
{
    if (r->words != 0) {
        fputs("reference: game takes no arguments: the games come on standard input (try --help)\n", stderr);
        return 2;
    }
    if (r->given[OPT_LEGEND]) {
        /* game draws a board after each answer: numbers beside each would bury them */
        fputs("reference: --legend is for the question and moves, not game (try --show)\n", stderr);
        return 2;
    }
    return run_games(stdin, stdout, r->given[OPT_SHOW]);
}
