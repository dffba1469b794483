/* text.h - small text tools the readers and writers share: character
 * classes that ignore the locale, a buffer that grows, and allocation.
 * Nothing here ends the program when memory runs out (the library's code
 * calls it): a buffer remembers that it failed, an allocation returns NULL,
 * and the caller says "out of memory" (OUT_OF_MEMORY) its own way. */
#ifndef TEXT_H
#define TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Space, tab, CR, LF, FF or VT: is_space('\t'), !is_space('x'). */
bool is_space(char c);

/* The next word of text[0..len) from *i, words parted by any character of
 * seps: its start in *start, *i just past it; false when only separators
 * are left.  With seps " ,", "a, bc" gives "a" (start 0), then "bc" (3). */
bool next_word(const char *text, size_t len, const char *seps, size_t *i, size_t *start);

/* A decimal digit: is_digit('7'), !is_digit('x'). */
bool is_digit(char c);

/* c in upper case for the letters a-z, else c: upper('k') == 'K'. */
char upper(char c);

/* What every part says when an allocation fails: checkers.h's
 * CK_OUT_OF_MEMORY too (tests/oracles/lib_oom.c holds ck_from_fen to it). */
#define OUT_OF_MEMORY "out of memory"

/* A buffer that grows: start it {0}, free text.  text is kept
 * NUL-terminated.  failed: an append found no memory; from then on appends
 * do nothing (check it once, when the text is complete). */
typedef struct {
    char *text;
    size_t len, cap;
    bool failed;
} buffer;

/* Appends text[0..len) to b, or sets b->failed. */
void append(buffer *b, const char *text, size_t len);

/* Appends printf-formatted text to b (each call's text cut at 511 bytes). */
void appendf(buffer *b, const char *what, ...);

/* n elements of size bytes, zeroed (at least one element); NULL if there is
 * no memory for them. */
void *allocate(size_t n, size_t size);

/* The one way an array grows: array, of *cap elements of size bytes each,
 * with room for at least `need` (doubled, or to need, at least 8), *cap
 * updated; array itself when it has the room already; NULL if there is no
 * memory for it, or no size_t could count it (array and *cap as they
 * were).  Every list, buffer and table of the reference grows by it. */
void *grow_array(void *array, size_t *cap, size_t need, size_t size);

#endif
