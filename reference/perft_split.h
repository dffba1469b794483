/* perft_split.h - `perft FEN DEPTH --split PLIES`: the positions PLIES plies
 * on, duplicates merged, one job a line with its id and its run, "N/OF FEN
 * DEPTH-PLIES PATHS in RUN crc C" (PATHS: the move sequences that reach it;
 * perft_lines.h), for a deep count on many machines; perft_results.h sums
 * their results. */
#ifndef PERFT_SPLIT_H
#define PERFT_SPLIT_H

#include "fastgen.h"

/* Writes the jobs of perft(p, depth) split at `plies` on stdout, as they
 * come: the positions are expanded in memory while they are few, and the
 * rest of the plies stream in windows merged within themselves (then a
 * first pass counts them, for the ids' OF).  0, 2 if plies > depth (said),
 * 1 if out of memory (said); a failed write is the caller's to say. */
int perft_split(const fastpos *p, int depth, int plies);

#endif
