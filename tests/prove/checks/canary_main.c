/* The x86 model's test of the stack protector (tests/prove/checks/x86check.py
 * --each): one input line "b1,b2,... w1,... s e" (a list may be -); the
 * process's canary (fs:0x28) in hex on the first output line, then f's
 * whole int, unless the protector aborts the program first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "read_list.h"

int f(int *, int *, int, int);

int main(void)
{
    char b[400], w[400];
    long s, e;
    unsigned long long canary;
    int bl[33], wl[33];
    if (scanf("%399s %399s %ld %ld", b, w, &s, &e) != 4)
        return 2;
    read_list(b, bl);
    read_list(w, wl);
    __asm__("movq %%fs:0x28, %0" : "=r"(canary));
    printf("%llx\n", canary);
    fflush(stdout);
    printf("%d\n", f(bl, wl, (int)s, (int)e));
    return 0;
}
