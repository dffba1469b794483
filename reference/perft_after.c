/* perft_after.c - moves played before a perft. */
#include "perft_after.h"

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "words.h"

bool play_after(position *pos, const char *text, bool strict, char err[NOTATION_ERROR_SIZE])
{
    game g = {*pos, 0};
    replay_stop stop;
    game_replay(&g, text, strlen(text), 1, strict, &stop);
    *pos = g.pos;
    if (stop.number == 0)
        return true;
    if (stop.malformed) {
        snprintf(err, NOTATION_ERROR_SIZE, "--after: %.200s", stop.reason);
    } else {
        char q[QUOTE_SIZE];
        quote_text(text + stop.at, stop.len, q);
        snprintf(err, NOTATION_ERROR_SIZE, "--after, move %zu %s: %.140s", stop.number, q, stop.reason);
    }
    return false;
}
