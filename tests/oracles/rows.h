/* rows.h - what the test programs that hunt for mismatches share: a board
 * turned into the golf's arguments, and a mismatch printed as a cases.tsv row. */
#ifndef ROWS_H
#define ROWS_H

#include <stdbool.h>
#include <stdio.h>

#include "../../reference/board.h"

/* The golf's list arguments: the black and the white squares, each
 * 0-terminated. */
static inline void board_lists(const board *bd, int black[SQUARES + 1], int white[SQUARES + 1])
{
    int nb = 0, nw = 0;
    for (int n = 1; n <= SQUARES; n++) {
        if (bd->at[n] == BLACK)
            black[nb++] = n;
        else if (bd->at[n] == WHITE)
            white[nw++] = n;
    }
    black[nb] = white[nw] = 0;
}

/* One list as cases.tsv writes it: "6,7", or "-" for none. */
static inline void print_list(const int *list)
{
    if (!*list)
        putchar('-');
    for (const int *p = list; *p; p++)
        printf(p == list ? "%d" : ",%d", *p);
}

/* A cases.tsv row up to its name column (the caller prints the name and the
 * newline): position, move, and the reference's verdicts under both readings. */
static inline void print_row_start(const int *black, const int *white, int from, int to, bool challenge,
                                   bool english)
{
    print_list(black);
    putchar('\t');
    print_list(white);
    printf("\t%d\t%d\t%s\t%s\t", from, to, challenge ? "true" : "false", english ? "true" : "false");
}

#endif
