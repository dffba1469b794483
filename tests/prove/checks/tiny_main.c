/* The x86 model's test harness (tests/prove/checks/x86check.py): each input line is
 * "b1,b2,... w1,... s e" (a list may be -), the output line f's whole int. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "read_list.h"

int f(int *, int *, int, int);

int main(void)
{
    char b[400], w[400];
    long s, e;
    while (scanf("%399s %399s %ld %ld", b, w, &s, &e) == 4) {
        int bl[33], wl[33];
        read_list(b, bl);
        read_list(w, wl);
        printf("%d\n", f(bl, wl, (int)s, (int)e));
    }
    return 0;
}
