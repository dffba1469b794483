/* pdn_write.h - a record written back as canonical PDN (pdn --write). */
#ifndef PDN_WRITE_H
#define PDN_WRITE_H

#include <stddef.h>
#include <stdio.h>

#include "pdn.h"

/* Writes r (read from text) to out as canonical PDN: its tags, the start
 * position's SetUp and FEN tags unless it is the usual start, the moves
 * played[0..plies) numbered from start, and then either its result or, with
 * comment, the comment in braces and the result "*". */
void pdn_write_record(FILE *out, const char *text, const pdn_record *r, const position *start, const move *played,
                      size_t plies, const char *comment);

#endif
