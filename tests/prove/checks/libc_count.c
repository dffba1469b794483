/* The time allowance of memset and memcpy (bound.py's libc_call) against
 * the processor: the instructions the C library's memset and memcpy execute
 * for n bytes, counted one at a time, for sizes from 0 to 8192 (every one
 * to 256, and past glibc's thresholds: see the plans below), at
 * destinations (and memcpy's sources) aligned and not.
 *
 * Each is called as a golf's program calls it: from this position-
 * independent program through its PLT to the C library it is dynamically
 * linked with, the name bound lazily (built with -z lazy) at its first
 * call.  The count is of single steps: the trap flag set just before the
 * call and cleared after it (as count_main.c counts f), one SIGTRAP after
 * each instruction, and after each iteration of a rep-prefixed string
 * instruction (rep stosb of n bytes counts n; of 0, 1), as bound.rep counts
 * rep in f.  What is counted for a call is what the allowance covers: every
 * step after the call instruction until the return lands back (the PLT's
 * jump, the first call's lazy binding in the dynamic linker, the routine
 * its IFUNC selected, its ret).  The harness's own steps are measured on a
 * routine of known length (calib: 3 instructions and rep stosb) and taken
 * off; that routine's count at several lengths must come out exact, or
 * nothing is claimed (exit 2).
 *
 * The first call of each name (the one the dynamic linker binds) is
 * measured at one size and again there later: its extra (the binding) is
 * added to every size, so each is checked as if it were the first call.
 *
 * stdin: the allowance for n bytes on line n + 1, n = 0, 1, ... (the
 * prover's bound.libc_call(n), printed by the test).  Output: for each
 * name, the binding's extra and the most instructions in each size range;
 * the steps counted in all; last line "memset/memcpy: N sizes, at most n + K instructions for n
 * bytes (allowance A + n): within" (or "over", and exit 1, listing the
 * first sizes over; with --first, after the first).
 *
 * It counts this machine's C library on this processor: which routine the
 * IFUNC picks, and its thresholds, depend on both. */
#define _GNU_SOURCE
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 8192
#define SLACK 128 /* room for the alignment offsets beyond MAXN */

#include "stepped.h" /* stepped_NAME: NAME with the trap flag set around the call */

/* calib(d, c, n): stores c's low byte n times from d: 3 instructions and
 * rep stosb's max(n, 1) steps. */
__asm__(STEPPED("memset", "memset@PLT") STEPPED("memcpy", "memcpy@PLT") STEPPED("calib", "calib")
        "    .p2align 4\n"
        "    .type calib, @function\n"
        "calib:\n"
        "    mov %rdx, %rcx\n"
        "    mov %esi, %eax\n"
        "    rep stosb\n"
        "    ret\n"
        "    .size calib, .-calib\n");

void *stepped_memset(void *, int, size_t);
void *stepped_memcpy(void *, const void *, size_t);
void *stepped_calib(void *, int, size_t);

static volatile sig_atomic_t steps;

static void trapped(int sig)
{
    (void)sig;
    steps++;
}

static _Alignas(4096) unsigned char dst_buf[MAXN + SLACK], src_buf[MAXN + SLACK];

/* The steps of one stepped call (the harness's included). */
static long count_memset(size_t off, int c, size_t n)
{
    steps = 0;
    stepped_memset(dst_buf + off, c, n);
    return steps;
}

static long count_memcpy(size_t doff, size_t soff, size_t n)
{
    steps = 0;
    stepped_memcpy(dst_buf + doff, src_buf + soff, n);
    return steps;
}

static long count_calib(size_t n)
{
    steps = 0;
    stepped_calib(dst_buf, 0x5a, n);
    return steps;
}

/* The offsets (destination, source) from 4096-aligned buffers. */
static const size_t offsets[][2] = {{0, 0}, {63, 1}, {33, 15}, {1, 0}, {0, 7}, {15, 33}};
#define OFFSETS (sizeof offsets / sizeof *offsets)

/* The sizes, each at the first `pairs` offsets: a step costs a signal
 * (tens of microseconds on a loaded virtual machine), and a rep string
 * instruction steps once a byte, so the quick plan (the test's, about
 * 130,000 steps) is every n to 256 and every 31st to 2048 (and 512, 1024,
 * 2048) at three offsets (below four vectors the routines store without
 * aligning; the loops beyond align the destination), three sizes past
 * glibc's thresholds at two (rep stosb and rep movsb from 2049 here; 2113,
 * past fast short rep movsb's 2112; 4097, past 4096, other processors'
 * vector widths), and 8192 at one (first: with --first, which stops at the
 * first call over its allowance, a planted allowance too small by the byte
 * is shown over at once); the wide plan (--wide, by hand, minutes), every n
 * to 2048 at every offset and every 64th to 8192 at two. */
struct plan {
    size_t from, to, step, pairs;
};
static const struct plan quick[] = {
    {MAXN, MAXN, 1, 1}, {0, 256, 1, 3}, {257, 2048, 31, 3}, {512, 512, 1, 3}, {1024, 1024, 1, 3},
    {2048, 2048, 1, 3}, {2049, 2049, 1, 2}, {2113, 2113, 1, 2}, {4097, 4097, 1, 2}, {0, 0, 0, 0}};
static const struct plan wide[] = {{0, 2048, 1, OFFSETS}, {2049, 2049, 1, 2}, {2111, 2113, 1, 2},
                                   {2112, MAXN, 64, 2}, {4095, 4097, 1, 2}, {0, 0, 0, 0}};

/* One name's most in a size range. */
struct range {
    size_t lo, hi;
    size_t largest; /* the largest size measured in it */
    long calls;     /* the calls measured in it */
    long most;      /* the most instructions of a call (binding added) */
    size_t most_n;  /* at this size */
    size_t most_at; /* and this destination offset */
    long beyond;    /* the most instructions beyond n */
};

static const char *const names[] = {"memset", "memcpy"};
static const struct range ranges[] = {{0, 64, 0, 0, 0, 0, 0, LONG_MIN}, {65, 512, 0, 0, 0, 0, 0, LONG_MIN},
                                      {513, 2048, 0, 0, 0, 0, 0, LONG_MIN}, {2049, MAXN, 0, 0, 0, 0, 0, LONG_MIN}};
#define RANGES (sizeof ranges / sizeof *ranges)

struct results {
    long harness;       /* the stepped wrappers' own steps */
    long binding[2];    /* a first call's extra, memset's and memcpy's */
    const long *allowance;
    struct range seen[2][RANGES];
    long worst;         /* the most instructions beyond n */
    long calls, over, steps; /* steps: every step counted, the harness's too */
    char sized[MAXN + 1]; /* the sizes measured */
};

/* One call of memset (fn 0) or memcpy (1) of n bytes at offset pair o,
 * counted and checked (did it do its work?); 0, or 2 when it did not. */
static int measure(struct results *res, int fn, size_t n, size_t o)
{
    size_t d = offsets[o][0], s = offsets[o][1], j, r;
    unsigned char c = (unsigned char)(n * 13 + o);
    long got;
    for (j = 0; j < n; j++)
        src_buf[s + j] = (unsigned char)(j * 7 + o + 1);
    memset(dst_buf, 0xee, sizeof dst_buf);
    got = fn ? count_memcpy(d, s, n) : count_memset(d, c, n);
    res->steps += got;
    got += res->binding[fn] - res->harness;
    for (j = 0; j < n; j++)
        if (dst_buf[d + j] != (fn ? src_buf[s + j] : c))
            break;
    if (j < n || dst_buf[d + n] != 0xee || (d && dst_buf[d - 1] != 0xee)) {
        printf("libc_count: %s of %zu bytes at offset %zu did not do its work\n", names[fn], n, d);
        return 2;
    }
    res->calls++;
    res->sized[n] = 1;
    for (r = 0; r < RANGES; r++)
        if (n >= ranges[r].lo && n <= ranges[r].hi) {
            struct range *seen = &res->seen[fn][r];
            seen->calls++;
            seen->largest = n > seen->largest ? n : seen->largest;
            seen->beyond = got - (long)n > seen->beyond ? got - (long)n : seen->beyond;
            if (got > seen->most) {
                seen->most = got;
                seen->most_n = n;
                seen->most_at = d;
            }
        }
    if (got - (long)n > res->worst)
        res->worst = got - (long)n;
    if (got > res->allowance[n] && res->over++ < 5)
        printf("  %s of %zu bytes at offset %zu: %ld instructions, over the allowance %ld\n", names[fn], n, d, got,
               res->allowance[n]);
    return 0;
}

/* The harness's steps, from calib, exact at every length tried (else 2);
 * then the first calls' extra: each name's first call (before this, none
 * was made) against a later one at the same size. */
static int calibrate(struct results *res)
{
    static const size_t len[] = {0, 1, 2, 3, 17, 64, 1000, 4096};
    long first[2];
    size_t k;
    int fn;
    first[0] = count_memset(0, 0, 64);
    first[1] = count_memcpy(0, 0, 64);
    res->harness = -1;
    for (k = 0; k < sizeof len / sizeof *len; k++) {
        long h = count_calib(len[k]) - 3 - (long)(len[k] ? len[k] : 1);
        if (res->harness < 0)
            res->harness = h;
        if (h != res->harness || h <= 0) {
            printf("libc_count: single steps do not count one an instruction here (calib of %zu bytes: %ld steps "
                   "beyond its own, %ld before): nothing measured\n",
                   len[k], h, res->harness);
            return 2;
        }
    }
    res->binding[0] = first[0] - count_memset(0, 0, 64);
    res->binding[1] = first[1] - count_memcpy(0, 0, 64);
    for (fn = 0; fn < 2; fn++)
        if (res->binding[fn] <= 0) {
            printf("libc_count: %s's first call took no more steps than a later one: no lazy binding seen "
                   "(LD_BIND_NOW set?)\n",
                   names[fn]);
            return 2;
        }
    return 0;
}

int main(int argc, char **argv)
{
    static long allowance[MAXN + 1];
    static struct results res;
    static struct sigaction sa; /* zero: no memset before the first measured call binds it */
    const struct plan *plan = quick;
    int first = 0, a;
    long base;
    int fn, affine = 1, sizes = 0;
    size_t n, o, r;

    for (a = 1; a < argc; a++)
        if (strcmp(argv[a], "--wide") == 0)
            plan = wide;
        else if (strcmp(argv[a], "--first") == 0)
            first = 1;
        else
            break;
    if (a < argc) {
        fprintf(stderr,
                "usage: libc_count [--wide] [--first] < ALLOWANCES (the allowance for n bytes on line n + 1, n = 0 "
                "to %d)\n",
                MAXN);
        return 2;
    }
    for (n = 0; n <= MAXN; n++)
        if (scanf("%ld", &allowance[n]) != 1) {
            fprintf(stderr, "libc_count: the allowance for %zu bytes missing on stdin (0 to %d, one a line)\n", n,
                    MAXN);
            return 2;
        }
    base = allowance[0];
    for (n = 0; n <= MAXN; n++)
        affine &= allowance[n] == base + (long)n;
    sa.sa_handler = trapped;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGTRAP, &sa, NULL) != 0) {
        perror("libc_count: sigaction");
        return 2;
    }
    /* First, before this program calls memset or memcpy itself (through
     * the same PLT entries). */
    if (calibrate(&res))
        return 2;
    res.allowance = allowance;
    for (fn = 0; fn < 2; fn++)
        memcpy(res.seen[fn], ranges, sizeof ranges);

    for (; plan->step && !(first && res.over); plan++)
        for (n = plan->from; n <= plan->to && !(first && res.over); n += plan->step)
            for (o = 0; o < plan->pairs && !(first && res.over); o++)
                for (fn = 0; fn < 2 && !(first && res.over); fn++)
                    if (measure(&res, fn, n, o))
                        return 2;

    for (fn = 0; fn < 2; fn++) {
        printf("%s: the first call's lazy binding: %ld instructions more (added to every size)\n", names[fn],
               res.binding[fn]);
        for (r = 0; r < RANGES; r++)
            if (res.seen[fn][r].calls)
                printf("%s: %zu-%zu bytes: at most %ld instructions (%zu bytes at offset %zu), at most n + %ld\n",
                       names[fn], res.seen[fn][r].lo, res.seen[fn][r].largest, res.seen[fn][r].most,
                       res.seen[fn][r].most_n, res.seen[fn][r].most_at, res.seen[fn][r].beyond);
    }
    for (n = 0; n <= MAXN; n++)
        sizes += res.sized[n];
    printf("memset/memcpy: %ld single steps\n", res.steps);
    printf("memset/memcpy: %d sizes, %ld calls, at most n + %ld instructions for n bytes (allowance ", sizes, res.calls,
           res.worst);
    if (affine)
        printf("%ld + n", base);
    else
        printf("the prover's, not A + n");
    printf("): %s\n", res.over ? "over" : "within");
    return res.over ? 1 : 0;
}
