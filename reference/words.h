/* words.h - what the readers, the writers and the command line say the same
 * way: a value from the input shown so that no control byte reaches a
 * terminal (quoted in a message, or as a field of an answer), a square
 * number read, and the programs' one answer to memory running out.  The
 * challenge's protocol (line.h), the notation, PDN and every command use
 * these; nothing here knows any of them. */
#ifndef WORDS_H
#define WORDS_H

#include <stddef.h>

#include "text.h"

/* How show_text writes a value. */
enum {
    SHOW_QUOTED = 1, /* in double quotes, with " and \ escaped: a value in a message */
    SHOW_UTF8 = 2    /* a valid UTF-8 character past ASCII kept as it is (a player's name) */
};

/* Room for show_text's output of max characters: each at most 4 bytes, the
 * quotes, "..." and the terminator. */
#define SHOW_SIZE(max) (4 * (size_t)(max) + 6)

/* Writes text[0..len) into out (cap bytes, the terminator included) as
 * printable text, the one way every value from the input reaches stdout or
 * stderr: each control byte, DEL and byte past ASCII as \xNN (but, with
 * SHOW_UTF8, a whole valid UTF-8 character as it is), cut with "..." after
 * max characters.  The length written; out stays one line whatever the
 * input.  show_text(o, sizeof o, "a\tb", 3, 20, SHOW_QUOTED) writes
 * "\"a\\x09b\"". */
size_t show_text(char *out, size_t cap, const char *text, size_t len, size_t max, unsigned how);

/* show_text's output appended to b (b->failed if there is no memory). */
void append_shown(buffer *b, const char *text, size_t len, size_t max, unsigned how);

/* Room for a value quoted by quote_text: QUOTE_BYTES characters. */
enum { QUOTE_BYTES = 20, QUOTE_SIZE = SHOW_SIZE(QUOTE_BYTES) };

/* show_text quoted, cut after QUOTE_BYTES bytes: a value named in a
 * message.  A message stays one short line whatever the input. */
void quote_text(const char *text, size_t len, char out[QUOTE_SIZE]);

/* The number text[0..len) spells in decimal digits, or -1 if it is empty
 * or holds anything else (a sign, a space, a point).  Leading zeros are
 * harmless, and a number past 32 saturates: it is off the board however
 * long.  square_number("05", 2) == 5, square_number("+5", 2) == -1. */
int square_number(const char *text, size_t len);

/* What a program does when memory runs out: says "reference: out of
 * memory" and exits 1.  The programs' own code calls it; the rules and the
 * library never do (they return a status: text.h). */
_Noreturn void exit_out_of_memory(void);

/* p, or exit_out_of_memory() if p is NULL: the programs' allocations. */
void *or_exit(void *p);

#endif
