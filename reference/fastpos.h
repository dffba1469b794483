/* fastpos.h - the fast generator's data, which its table shares: a position
 * as three bitboards (square n is bit n - 1) and an exact count. */
#ifndef FASTPOS_H
#define FASTPOS_H

#include <stdbool.h>
#include <stdint.h>

/* Counts exact past 2^64 (perft from the start passes it at depth 29).
 * __extension__: ISO C has no 128-bit type, gcc and clang do. */
__extension__ typedef unsigned __int128 perft_count;

/* The largest count: a sum that reaches it has overflowed (saturated). */
#define PERFT_COUNT_MAX (~(perft_count)0)

/* A position: each side's pieces, which pieces are kings, who moves. */
typedef struct {
    uint32_t black, white, kings;
    bool white_to_move;
} fastpos;

#endif
