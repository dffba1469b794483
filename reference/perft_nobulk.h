/* perft_nobulk.h - perft without bulk counting: every move of the last ply
 * played and its position made (as DarkHorse's `nobulk`), to check what the
 * fast count skips (fastgen.c counts the last ply by popcount and by sets
 * of paths, never playing it). */
#ifndef PERFT_NOBULK_H
#define PERFT_NOBULK_H

#include "fastgen.h"

/* p's tree at depth through fast_each_move, every move played to the last
 * ply; no table.  fast_perft_nobulk(start, 5) is 7361. */
perft_count fast_perft_nobulk(const fastpos *p, int depth);

#endif
