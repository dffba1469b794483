/* perft_count.c - perft's counts in decimal, exact past 2^64. */
#include "perft_count.h"

void write_count(perft_count c, char out[COUNT_TEXT_SIZE])
{
    char digits[COUNT_TEXT_SIZE];
    int n = 0;
    do {
        digits[n++] = (char)('0' + (int)(c % 10));
        c /= 10;
    } while (c != 0);
    for (int i = 0; i < n; i++)
        out[i] = digits[n - 1 - i];
    out[n] = '\0';
}

perft_count perft_times(perft_count a, perft_count b)
{
    if (a != 0 && b > PERFT_COUNT_MAX / a)
        return PERFT_COUNT_MAX;
    return a * b;
}

perft_count perft_plus(perft_count a, perft_count b) { return a + b < a ? PERFT_COUNT_MAX : a + b; }

bool read_count(const char *text, size_t len, perft_count *c)
{
    *c = 0;
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        perft_count next = *c * 10 + (perft_count)(text[i] - '0');
        if (*c > PERFT_COUNT_MAX / 10 || next < *c * 10)
            return false;
        *c = next;
    }
    return true;
}
