/* lib_example.c - the rules in-process, through the static library alone
 * (make lib): reads a FEN, lists its moves, plays the first, prints the
 * position after it.  tests/pdn.bats builds and runs it.
 *
 *     cc -Ibuild/lib/include tests/oracles/lib_example.c build/lib/libcheckers.a
 *     ./a.out B:W21-32:B1-12      9-13 ... 12-16, then "after 9-13: W:W21,...:B1,...,13" */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "moves.h"
#include "notation.h"
#include "pdn.h"

int main(int argc, char *argv[])
{
    if (argc != 2) {
        fprintf(stderr, "usage: lib_example FEN\n");
        return 2;
    }
    position pos;
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (!read_fen(argv[1], strlen(argv[1]), 1, &pos, err, note)) {
        fprintf(stderr, "lib_example: %s\n", err);
        return 2;
    }
    move_list moves = {0};
    side_moves(&pos.b, pos.turn, &moves);
    for (size_t i = 0; i < moves.n; i++) {
        char text[MOVE_TEXT_SIZE];
        write_move(&moves.at[i], text);
        printf("%s\n", text);
    }
    if (moves.n > 0) {
        game g = {pos, 0};
        char text[MOVE_TEXT_SIZE], fen[FEN_SIZE];
        game_play(&g, &moves.at[0]);
        write_move(&moves.at[0], text);
        write_fen(&g.pos, fen);
        printf("after %s: %s\n", text, fen);
    }
    move_list_free(&moves);
    return 0;
}
