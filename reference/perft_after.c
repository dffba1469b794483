/* perft_after.c - moves played before a perft. */
#include "perft_after.h"

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "text.h"
#include "words.h"

bool play_after(position *pos, const char *text, char err[NOTATION_ERROR_SIZE])
{
    game g = {*pos, 0};
    size_t i = 0, len = strlen(text);
    size_t start;
    for (int n = 1; next_word(text, len, " \t,", &i, &start); n++) {
        written_move w;
        char why[(int)NOTATION_ERROR_SIZE + (int)REASON_SIZE]; /* room for either message */
        bool ok = parse_move(text + start, i - start, (int)start + 1, &w, why);
        if (ok) {
            move_list legal = {0};
            side_moves(&g.pos.b, g.pos.turn, &legal);
            int k = legal.failed ? -1 : find_move(&g, &legal, &w, why);
            if (legal.failed)
                snprintf(why, sizeof why, OUT_OF_MEMORY);
            if (k >= 0)
                game_play(&g, &legal.at[k]);
            move_list_free(&legal);
            ok = k >= 0;
        }
        if (!ok) {
            char q[QUOTE_SIZE];
            quote_text(text + start, i - start, q);
            snprintf(err, NOTATION_ERROR_SIZE, "--after, move %d %s: %.140s", n, q, why);
            *pos = g.pos;
            return false;
        }
    }
    *pos = g.pos;
    return true;
}
