/* The time bound's test against the processor (tests/prove/checks/timecheck.py):
 * f run one instruction at a time (the trap flag: SIGTRAP after each), and
 * the instructions counted whose address lies in the candidate's code, f
 * and its static functions: the object's .text, from f - OFF for SIZE
 * bytes (the arguments).  Each input line is a row as the driver reads it,
 * "black white from to" (comma-separated squares, - for none); each output
 * line f's verdict (0 or 1) and the count. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include "read_list.h"

int f(int *, int *, int, int);

static uintptr_t lo, hi;
static volatile uintptr_t prev;
static volatile unsigned long long count;

/* After each instruction: the one just run (prev) counts if it is the
 * candidate's. */
static void trapped(int sig, siginfo_t *info, void *context)
{
    uintptr_t rip = (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
    (void)sig;
    (void)info;
    if (prev >= lo && prev < hi)
        count++;
    prev = rip;
}

/* f(b, w, s, e) with the trap flag set just before the call and cleared
 * after it (built with -mno-red-zone: pushfq writes below rsp). */
__attribute__((noinline)) static int stepped(int *b, int *w, int s, int e)
{
    int r;
    __asm__ volatile("pushfq\n\torq $0x100, (%%rsp)\n\tpopfq" ::: "memory", "cc");
    r = f(b, w, s, e);
    __asm__ volatile("pushfq\n\tandq $~0x100, (%%rsp)\n\tpopfq" ::: "memory", "cc");
    return r;
}

int main(int argc, char **argv)
{
    char b[400], w[400];
    long s, e;
    struct sigaction sa;
    if (argc != 3)
        return 2;
    lo = (uintptr_t)&f - strtoul(argv[1], NULL, 10);
    hi = lo + strtoul(argv[2], NULL, 10);
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = trapped;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGTRAP, &sa, NULL);
    while (scanf("%399s %399s %ld %ld", b, w, &s, &e) == 4) {
        int bl[33], wl[33], r;
        read_list(b, bl);
        read_list(w, wl);
        count = 0;
        prev = 0;
        r = stepped(bl, wl, (int)s, (int)e);
        printf("%d %llu\n", r != 0, count);
    }
    return 0;
}
