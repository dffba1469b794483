/* The time allowance of libgcc's __popcountdi2 (bound.py's libgcc_call)
 * against the processor: the instructions the routine executes for a
 * call, counted one at a time, on every single bit, the edges and
 * pseudo-random words, the first call of the program among them.
 *
 * It is called as a golf's program calls it: `call __popcountdi2@PLT`
 * (gcc's call for __builtin_popcount* without -mpopcnt), from a program
 * built and linked by gcc's driver as the site's is (-fPIE -pie, libgcc
 * as the driver links it: -lgcc, the static archive, before libgcc_s,
 * which is only --as-needed), so the routine counted is the one such a
 * program runs, and a PLT or a lazy binding on the way would be counted
 * too.  The count is of single steps: the trap flag set just before the
 * call and cleared after it (as libc_count.c counts memset), one SIGTRAP
 * after each instruction; what is counted for a call is every step after
 * the call instruction until the return lands back, the routine's ret
 * included.  The harness's own steps are measured on a routine of known
 * length (calib: 4 + 2n instructions for n) and taken off; that routine
 * must count exactly at several lengths, or nothing is claimed (exit 2).
 * Each call's result is checked against a count bit by bit.
 *
 * Argument: the allowance (the prover's bound.libgcc_call(), given by the
 * test).  Output: the routine's most and least, the steps counted, last
 * line "__popcountdi2: N calls, at most K instructions a call (allowance
 * A): within" (or "over", and exit 1, with the first inputs over). */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stepped.h" /* stepped_NAME: NAME with the trap flag set around the call */

/* calib(n): n turns of a two-instruction loop: 4 + 2n instructions. */
__asm__(STEPPED("popcount", "__popcountdi2@PLT") STEPPED("calib", "calib")
        "    .p2align 4\n"
        "    .type calib, @function\n"
        "calib:\n"
        "    mov %rdi, %rcx\n"
        "    test %rcx, %rcx\n"
        "    jz 2f\n"
        "1:  dec %rcx\n"
        "    jnz 1b\n"
        "2:  ret\n"
        "    .size calib, .-calib\n");

int stepped_popcount(unsigned long);
long stepped_calib(unsigned long);

static volatile sig_atomic_t steps;

static void trapped(int sig)
{
    (void)sig;
    steps++;
}

static int bits(unsigned long x)
{
    int n = 0;
    for (; x; x >>= 1)
        n += (int)(x & 1);
    return n;
}

int main(int argc, char **argv)
{
    static const unsigned long len[] = {0, 1, 2, 3, 17, 64, 1000};
    static struct sigaction sa;
    unsigned long x, seed = 0x9e3779b97f4a7c15UL;
    long harness = -1, allowance, most = -1, least = -1, total = 0, calls = 0, over = 0;
    unsigned long most_x = 0;
    size_t k;
    char *end;
    int i;

    if (argc != 2 || (allowance = strtol(argv[1], &end, 10)) <= 0 || *end) {
        fprintf(stderr, "usage: libgcc_count ALLOWANCE (the instructions a call of __popcountdi2 may take beyond "
                        "the call)\n");
        return 2;
    }
    sa.sa_handler = trapped;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGTRAP, &sa, NULL) != 0) {
        perror("libgcc_count: sigaction");
        return 2;
    }
    for (k = 0; k < sizeof len / sizeof *len; k++) {
        long h;
        steps = 0;
        stepped_calib(len[k]);
        h = steps - 4 - 2 * (long)len[k];
        total += steps;
        if (harness < 0)
            harness = h;
        if (h != harness || h <= 0) {
            printf("libgcc_count: single steps do not count one an instruction here (calib of %lu: %ld steps "
                   "beyond its own, %ld before): nothing measured\n",
                   len[k], h, harness);
            return 2;
        }
    }
    /* the inputs: 0, every single bit, their complements, all ones, the
     * alternating patterns, then pseudo-random words (xorshift) of every
     * density; the first is the program's first call of the routine */
    for (i = -6; i < 128 + 2000; i++) {
        long got;
        int n;
        if (i < 0)
            x = (unsigned long[]){0, ~0UL, 0x5555555555555555UL, 0xaaaaaaaaaaaaaaaaUL, 0xffffffffUL,
                                  0xffffffff00000000UL}[i + 6];
        else if (i < 128)
            x = i < 64 ? 1UL << i : ~(1UL << (i - 64));
        else {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            x = (seed & (i % 3 ? ~0UL : seed >> (i % 64))) | (i % 5 ? 0 : seed << 32);
        }
        steps = 0;
        n = stepped_popcount(x);
        got = steps - harness;
        total += steps;
        calls++;
        if (n != bits(x)) {
            printf("libgcc_count: __popcountdi2(0x%lx) is %d, not %d: not libgcc's count\n", x, n, bits(x));
            return 2;
        }
        if (got > most) {
            most = got;
            most_x = x;
        }
        if (least < 0 || got < least)
            least = got;
        if (got > allowance && over++ < 5)
            printf("  __popcountdi2(0x%lx): %ld instructions, over the allowance %ld\n", x, got, allowance);
    }
    printf("__popcountdi2: %ld to %ld instructions a call, the ret included (most at 0x%lx)\n", least, most,
           most_x);
    printf("__popcountdi2: %ld single steps\n", total);
    printf("__popcountdi2: %ld calls, at most %ld instructions a call (allowance %ld): %s\n", calls, most, allowance,
           over ? "over" : "within");
    return over ? 1 : 0;
}
