/* cmd_game.c - `game`: games from standard input, one a line, each replayed
 * from its FEN and answered legal (with the final position) or illegal (with
 * the first illegal move and why). */
#include <stdio.h>
#include <string.h>

#include "cmd_game.h"
#include "game.h"
#include "line.h"
#include "show.h"

/* The span of the line's next space-separated word at or after *at, before
 * end; false when there is none. */
static bool next_word(const char *text, size_t end, size_t *at, size_t *len)
{
    while (*at < end && text[*at] == ' ')
        (*at)++;
    size_t stop = *at;
    while (stop < end && text[stop] != ' ')
        stop++;
    *len = stop - *at;
    return *len > 0;
}

/* Plays the moves text[at..end) from g and prints the answer line; the
 * moves are known to be well formed.  With show, the board follows. */
static void play_line(game *g, const char *text, size_t at, size_t end, bool show, FILE *out)
{
    move_list legal = {0};
    size_t len;
    int number = 0;
    side_moves(&g->pos.b, g->pos.turn, &legal);
    for (; next_word(text, end, &at, &len); at += len) {
        written_move w;
        char err[NOTATION_ERROR_SIZE], reason[REASON_SIZE];
        number++;
        parse_move(text + at, len, 0, &w, err);
        outcome o = game_outcome(g, &legal);
        int found = -1;
        if (o != IN_PLAY) {
            say_over(g, o, reason);
        } else {
            found = find_move(g, &legal, &w, reason);
        }
        if (found < 0) {
            char as_given[MOVE_TEXT_SIZE];
            write_written(&w, as_given);
            fprintf(out, "illegal\t%d\t%s\t%s\n", number, as_given, reason);
            if (show)
                show_position(&g->pos, "  ", out);
            move_list_free(&legal);
            return;
        }
        game_play(g, &legal.at[found]);
        legal.n = 0;
        side_moves(&g->pos.b, g->pos.turn, &legal);
    }
    char fen[FEN_SIZE];
    write_fen(&g->pos, fen);
    outcome o = game_outcome(g, &legal);
    fprintf(out, "legal\t%s\tquiet %d/%d", fen, g->quiet, DRAW_QUIET_MOVES);
    if (o != IN_PLAY)
        fprintf(out, "\t%s", outcome_words(o));
    fputc('\n', out);
    if (show)
        show_position(&g->pos, "  ", out);
    move_list_free(&legal);
}

/* Checks every move of text[at..end) for form; false with the first fault. */
static bool check_moves(const char *text, size_t at, size_t end, char err[NOTATION_ERROR_SIZE])
{
    size_t len, words = 0;
    for (; next_word(text, end, &at, &len); at += len, words++) {
        written_move w;
        if (!parse_move(text + at, len, (int)at + 1, &w, err))
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
    game g = {.quiet = 0};
    if (!parse_fen(text, fen_len, 1, &g.pos, err))
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
    play_line(&g, text, at, end, show, out);
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
