/* text.c - small text tools: character classes, a growing buffer, and
 * allocation that says when memory runs out (and never exits). */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

char upper(char c)
{
    static const char lower[] = "abcdefghijklmnopqrstuvwxyz", capital[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const char *at = c != '\0' ? strchr(lower, c) : NULL;
    if (at != NULL)
        return capital[at - lower];
    return c;
}

/* Room in b for `more` bytes and the NUL; false (b->failed) if there is
 * no memory for it. */
static bool grow(buffer *b, size_t more)
{
    if (b->failed)
        return false;
    if (more >= SIZE_MAX - b->len) { /* no size_t holds it: no memory could */
        b->failed = true;
        return false;
    }
    size_t need = b->len + more + 1; /* a text starts with room for 256 */
    char *text = grow_array(b->text, &b->cap, need > 256 ? need : 256, 1);
    if (text == NULL) {
        b->failed = true;
        return false;
    }
    b->text = text;
    return true;
}

void append(buffer *b, const char *text, size_t len)
{
    if (!grow(b, len))
        return;
    memcpy(b->text + b->len, text, len);
    b->len += len;
    b->text[b->len] = '\0';
}

void appendf(buffer *b, const char *what, ...)
{
    char piece[512];
    va_list args;
    va_start(args, what);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): a false alarm, va_start is just above */
    int n = vsnprintf(piece, sizeof piece, what, args);
    va_end(args);
    if (n > 0)
        append(b, piece, (size_t)n < sizeof piece ? (size_t)n : sizeof piece - 1);
}

void *allocate(size_t n, size_t size) { return calloc(n ? n : 1, size); }

void *grow_array(void *array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return array;
    size_t more = *cap <= SIZE_MAX / 2 ? 2 * *cap : need;
    if (more < need)
        more = need;
    if (more < 8)
        more = 8;
    if (more > SIZE_MAX / size) /* past what a size_t counts (size: a sizeof) */
        return NULL;
    void *bigger = realloc(array, more * size);
    if (bigger != NULL)
        *cap = more;
    return bigger;
}

bool next_word(const char *text, size_t len, const char *seps, size_t *i, size_t *start)
{
    while (*i < len && strchr(seps, text[*i]) != NULL && text[*i] != '\0')
        (*i)++;
    if (*i == len)
        return false;
    *start = *i;
    while (*i < len && (strchr(seps, text[*i]) == NULL || text[*i] == '\0'))
        (*i)++;
    return true;
}
