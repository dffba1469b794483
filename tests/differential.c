/* differential.c - the golf against the reference on seeded random positions,
 * all in one process.  Prints the first mismatch as a ready cases.tsv row.
 *
 * usage: differential [POSITIONS [SEED]]   (defaults 1000000, 1) */
#include <stdio.h>
#include <stdlib.h>

#include "../reference/rules.h"

int f(); /* the golf (or its ungolfed twin): int f(b, w, s, e) */

/* xorshift64*: small, fast, and the same stream on every machine. */
static unsigned long long next(unsigned long long *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

static int below(unsigned long long *state, int n) { return (int)(next(state) >> 33) % n; }

static void print_list(const int *list)
{
    if (!*list)
        putchar('-');
    for (const int *p = list; *p; p++)
        printf(p == list ? "%d" : ",%d", *p);
}

int main(int argc, char *argv[])
{
    long positions = argc > 1 ? atol(argv[1]) : 1000000;
    unsigned long long state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    state = state * 0x9E3779B97F4A7C15ULL + 1; /* never 0: xorshift would stick */
    long legal = 0;
    for (long i = 0; i < positions; i++) {
        /* Densities from empty to crowded; white at least one piece. */
        int pblack = below(&state, 100), pwhite = below(&state, 60);
        board bd = empty_board();
        int black[SQUARES + 1], white[SQUARES + 1], nb = 0, nw = 0;
        for (int n = 1; n <= SQUARES; n++) {
            int roll = below(&state, 100);
            if (roll < pblack)
                bd.at[n] = BLACK, black[nb++] = n;
            else if (roll < pblack + pwhite * (100 - pblack) / 100)
                bd.at[n] = WHITE, white[nw++] = n;
        }
        if (nw == 0) {
            int n = 1 + below(&state, SQUARES);
            if (bd.at[n] == BLACK) { /* take it out of the black list */
                int k = 0;
                for (int j = 0; j < nb; j++)
                    if (black[j] != n)
                        black[k++] = black[j];
                nb = k;
            }
            bd.at[n] = WHITE, white[nw++] = n;
        }
        black[nb] = white[nw] = 0;
        int from = white[below(&state, nw)];
        /* Ends near the start are where the answers differ: favour them. */
        int to = below(&state, 2) ? 1 + below(&state, SQUARES)
                                  : from - 1 - below(&state, 12);
        if (to < 1)
            to = 1 + below(&state, SQUARES);
        int want = is_legal(&bd, from, to, RULE_CHALLENGE);
        int got = f(black, white, from, to) != 0;
        legal += want;
        if (got != want) {
            printf("mismatch at position %ld: golf says %s, reference says %s\n", i,
                   got ? "true" : "false", want ? "true" : "false");
            print_list(black);
            putchar('\t');
            print_list(white);
            printf("\t%d\t%d\t%s\t%s\tdifferential mismatch\n", from, to, want ? "true" : "false",
                   is_legal(&bd, from, to, RULE_ENGLISH) ? "true" : "false");
            return 1;
        }
    }
    printf("differential: %ld positions, %ld legal, 0 mismatches\n", positions, legal);
    return 0;
}
