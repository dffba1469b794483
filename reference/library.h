/* library.h - what the programs (cmd_*.c) take from library.c beside
 * checkers.h.  Not installed, and not exported: the library's only
 * external names are checkers.h's (the Makefile keeps those alone). */
#ifndef LIBRARY_H
#define LIBRARY_H

#include "checkers.h"
#include "moves.h"

/* pos, a position of the rules, as the interface's: the programs ask the
 * library about it as an engine would. */
ck_position as_ck(const position *pos);

#endif
