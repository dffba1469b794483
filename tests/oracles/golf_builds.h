/* golf_builds.h - the builds of the golf that tests/oracles/verify.c checks: one per
 * entry of the Makefile's GOLF_MATRIX, each golf/checkers.c compiled by that
 * compiler at that level with its other symbols made local and f renamed.
 * The Makefile writes the list (builds.c), so verify.c is compiled once
 * whatever the matrix holds.  The prototype is the one the golf's K&R
 * definition f(b,w,s,e)int*b,*w; is compatible with. */
#ifndef GOLF_BUILDS_H
#define GOLF_BUILDS_H

typedef struct {
    const char *name; /* "compiler level" */
    int (*fn)(int *black, int *white, int from, int to);
} golf_build;

extern const golf_build golf_builds[];
extern const int golf_build_count;

#endif
