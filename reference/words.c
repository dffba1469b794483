/* words.c - values shown printable, square numbers, out of memory. */
#include "words.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

/* The length of the UTF-8 character at s[0..len) past ASCII (a lead byte
 * and its continuation bytes, no overlong two-byte form), or 0 if none. */
static size_t utf8_length(const unsigned char *s, size_t len)
{
    size_t n = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    if (n == 0 || n > len)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

size_t show_text(char *out, size_t cap, const char *text, size_t len, size_t max, unsigned how)
{
    static const char hex[] = "0123456789abcdef";
    bool quoted = how & SHOW_QUOTED;
    size_t o = 0, i = 0, shown = 0;
    /* Stops while there is room for the longest piece, "...", the quote
     * and the terminator. */
#define ROOM(n) (o + (n) + 3 + quoted + 1 <= cap)
    if (quoted && ROOM(0))
        out[o++] = '"';
    for (; i < len && shown < max; shown++) {
        const unsigned char *c = (const unsigned char *)text + i;
        size_t n = *c >= 0x80 && (how & SHOW_UTF8) ? utf8_length(c, len - i) : 0;
        if (n > 0) {
            if (!ROOM(n))
                break;
            memcpy(out + o, c, n);
            o += n;
            i += n;
            continue;
        }
        if (!ROOM(4))
            break;
        if (*c < 0x20 || *c >= 0x7f) {
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hex[*c >> 4];
            out[o++] = hex[*c & 0xf];
        } else {
            if (quoted && (*c == '"' || *c == '\\'))
                out[o++] = '\\';
            out[o++] = (char)*c;
        }
        i++;
    }
#undef ROOM
    if (i < len && o + 3 + quoted + 1 <= cap) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    if (quoted && o + 2 <= cap)
        out[o++] = '"';
    if (cap > 0)
        out[o < cap ? o : cap - 1] = '\0';
    return o;
}

void append_shown(buffer *b, const char *text, size_t len, size_t max, unsigned how)
{
    size_t cap = SHOW_SIZE(len < max ? len : max);
    char *shown = malloc(cap);
    if (shown == NULL) {
        b->failed = true;
        return;
    }
    append(b, shown, show_text(shown, cap, text, len, max, how));
    free(shown);
}

void quote_text(const char *text, size_t len, char out[QUOTE_SIZE])
{
    show_text(out, QUOTE_SIZE, text, len, QUOTE_BYTES, SHOW_QUOTED);
}

int square_number(const char *text, size_t len)
{
    int value = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        if (value <= SQUARES) /* saturate: huge numbers are simply off the board */
            value = value * 10 + (text[i] - '0');
    }
    return len > 0 ? value : -1;
}

void exit_out_of_memory(void)
{
    fputs("reference: out of memory\n", stderr);
    exit(1);
}

void *or_exit(void *p)
{
    if (p == NULL)
        exit_out_of_memory();
    return p;
}
