/* bitboard.h - English checkers on 64-bit masks: a second move generator,
 * written apart from reference/ (it includes none of it), to check the
 * reference against.  It knows the same rules and nothing of how the
 * reference states them.  tests/oracles/movegen.c compares the two. */
#ifndef BITBOARD_H
#define BITBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A position: black's and white's pieces, which of them are kings, and who
 * moves.  Square n is bit (n - 1) * 9 / 8 (see bitboard.c). */
typedef struct {
    uint64_t black, white, kings;
    bool white_to_move;
} bb_position;

/* A move: its squares (1-32) in order, the start then every landing. */
typedef struct {
    int sq[13], n;
    bool capture;
} bb_move;

/* A growing list of moves: start it {0}, free it with bb_free. */
typedef struct {
    bb_move *at;
    size_t n, cap;
} bb_list;

void bb_free(bb_list *l);

/* The bit of square n (1-32). */
int bb_bit(int square);

/* The start: black on 1-12, white on 21-32, black to move. */
bb_position bb_start(void);

/* Reads a FEN ("B:W21-32:B1-12", "W:WK30,22:B1"); false for anything it does
 * not understand (it checks nothing else: the reference does that). */
bool bb_read_fen(const char *text, bb_position *p);

/* Writes p as a FEN: the side, white's squares then black's, ascending, K
 * before a king, no ranges. */
void bb_write_fen(const bb_position *p, char *out, size_t size);

/* Every legal move of the side to move, into out (emptied first). */
void bb_moves(const bb_position *p, bb_list *out);

/* Plays m, one of bb_moves(p), and hands the move to the other side. */
void bb_play(bb_position *p, const bb_move *m);

/* Does m move a man or take a piece (for the draw counter)? */
bool bb_progress(const bb_position *p, const bb_move *m);

/* The move sequences of `depth` moves from p. */
uint64_t bb_perft(const bb_position *p, int depth);

/* m as PDN: "11-15", "27x18x11". */
void bb_move_text(const bb_move *m, char *out, size_t size);

#endif
