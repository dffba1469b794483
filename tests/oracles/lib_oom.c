/* lib_oom.c - the library when memory runs out, as an engine would meet it.
 *
 * Linked with the archive and -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=free, so that every allocation the library makes passes through the
 * counters below.  Each allocating ck_ function is called first with memory
 * plentiful (its allocations counted: N), then again for each k in 1..N,
 * once with the k-th allocation failing and every one after it ("from k"),
 * once with only the k-th failing ("only k").  Every call must end as its
 * header says: with CK_OUT_OF_MEMORY (false, NULL, or the reason), or, in
 * "only k" where the failure was got round, with the same answer as with
 * memory plentiful; never an abort or an exit, and with every block freed
 * (counted here; ASan's leak check sees the same under make sanitize).
 *
 *     lib_oom PDN-FILE      one line per function, then "lib_oom: ok"
 *
 * A test program: its counters are globals, as a malloc shim's must be. */
#include <checkers.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ==================== The allocator, wrapped ==================== */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static atomic_long calls, live, failed; /* allocations asked for, blocks held, allocations refused */
static long fail_at;                     /* the allocation that fails first (0: none) */
static bool fail_only;                   /* only that one, not those after it */

static bool refuse(void)
{
    long n = atomic_fetch_add(&calls, 1) + 1;
    bool no = fail_at > 0 && (fail_only ? n == fail_at : n >= fail_at);
    if (no)
        atomic_fetch_add(&failed, 1);
    return no;
}

void *__wrap_malloc(size_t n)
{
    void *p = refuse() ? NULL : __real_malloc(n);
    if (p != NULL)
        atomic_fetch_add(&live, 1);
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    void *p = refuse() ? NULL : __real_calloc(n, size);
    if (p != NULL)
        atomic_fetch_add(&live, 1);
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    void *q = refuse() ? NULL : __real_realloc(p, n);
    if (p == NULL && q != NULL)
        atomic_fetch_add(&live, 1);
    return q;
}

void __wrap_free(void *p)
{
    if (p != NULL)
        atomic_fetch_sub(&live, 1);
    __real_free(p);
}

/* ==================== The calls ==================== */

/* What a call gave: out of memory (said as its header says), or an answer,
 * summed up as a hash to compare with the answer given plentiful memory. */
typedef struct {
    bool no_memory;
    uint64_t answer;
} outcome;

static uint64_t mix(uint64_t h, const void *data, size_t len)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}

static uint64_t mix_text(uint64_t h, const char *s) { return mix(h, s, strlen(s) + 1); }

static bool said_no_memory(const char *reason) { return strcmp(reason, CK_OUT_OF_MEMORY) == 0; }

static outcome from_fen(const char *arg)
{
    ck_position p;
    char err[CK_ERROR_SIZE] = "";
    if (!ck_from_fen(arg, &p, err))
        return (outcome){said_no_memory(err), mix_text(1, err)};
    return (outcome){false, mix(2, &p, sizeof p)};
}

static outcome moves(const char *arg)
{
    ck_position p;
    ck_move m[64];
    size_t n = 99;
    if (!ck_from_fen(arg, &p, NULL))
        return (outcome){true, 0};
    char err[CK_ERROR_SIZE] = "";
    if (!ck_moves(&p, m, 64, &n, err))
        return (outcome){n == 0 && said_no_memory(err), 0};
    return (outcome){false, mix(n, m, (n < 64 ? n : 64) * sizeof *m)};
}

static outcome play(const char *arg)
{
    ck_position p = ck_start(), was = p;
    char reason[CK_ERROR_SIZE] = "";
    if (!ck_play(&p, arg, reason))
        return (outcome){said_no_memory(reason) && memcmp(&p, &was, sizeof p) == 0, mix_text(1, reason)};
    return (outcome){false, mix(2, &p, sizeof p)};
}

/* arg: a move's squares, "from land over land over ...", played from the
 * start. */
static outcome play_move(const char *arg)
{
    ck_position p = ck_start(), was = p;
    ck_move m = {0, 0, {0}, {0}};
    int at = 0, used;
    sscanf(arg, "%d%n", &m.from, &used);
    for (at = used; m.n < CK_MAX_JUMPS && sscanf(arg + at, "%d %d%n", &m.land[m.n], &m.over[m.n], &used) == 2; at += used)
        m.n++;
    char err[CK_ERROR_SIZE] = "";
    if (!ck_play_move(&p, &m, err))
        return (outcome){said_no_memory(err) && memcmp(&p, &was, sizeof p) == 0, mix_text(1, err)};
    return (outcome){false, mix(2, &p, sizeof p)};
}

static outcome replay(const char *arg)
{
    ck_game g = {ck_start(), 0};
    char reason[CK_ERROR_SIZE] = "";
    size_t bad = ck_replay(&g, arg, reason);
    if (bad > 0 && said_no_memory(reason))
        return (outcome){true, 0};
    return (outcome){false, mix_text(mix(bad, &g, sizeof g), bad ? reason : "")};
}

static outcome perft(const char *arg)
{
    ck_position p = ck_start();
    ck_count c;
    char err[CK_ERROR_SIZE] = "";
    int depth = atoi(arg);
    if (!ck_perft(&p, depth, NULL, 2, &c, err))
        return (outcome){said_no_memory(err), 0};
    return (outcome){false, mix(3, &c, sizeof c)};
}

static outcome table(const char *arg)
{
    ck_table *t = ck_table_new((size_t)atoi(arg));
    if (t == NULL)
        return (outcome){true, 0};
    ck_position p = ck_start();
    ck_count c;
    char err[CK_ERROR_SIZE] = "";
    bool ok = ck_perft(&p, 6, t, 1, &c, err);
    ck_table_free(t);
    if (!ok)
        return (outcome){said_no_memory(err), 0};
    return (outcome){false, mix(4, &c, sizeof c)};
}

/* Every record of r into one hash; out of memory if ck_pdn_next stopped
 * for it. */
static outcome records(ck_pdn *r)
{
    if (r == NULL)
        return (outcome){true, 0};
    uint64_t h = 5;
    ck_record rec;
    while (ck_pdn_next(r, &rec)) {
        h = mix(h, &rec.number, sizeof rec.number);
        h = mix(h, &rec.line, sizeof rec.line);
        h = mix(h, &rec.verdict, sizeof rec.verdict);
        for (size_t i = 0; i < rec.ntags; i++)
            h = mix_text(mix_text(h, rec.tags[i].name), rec.tags[i].value);
        h = mix(h, &rec.start, sizeof rec.start);
        h = mix(h, rec.moves, rec.plies * sizeof *rec.moves);
        h = mix(h, &rec.end, sizeof rec.end);
        h = mix(h, &rec.outcome, sizeof rec.outcome);
        h = mix_text(mix_text(mix_text(h, rec.number_text), rec.move), rec.reason);
        h = mix(h, &rec.error_line, sizeof rec.error_line);
    }
    const char *error = ck_pdn_error(r);
    ck_pdn_close(r);
    if (error != NULL)
        return (outcome){said_no_memory(error), 0};
    return (outcome){false, h};
}

static outcome pdn_text(const char *arg) { return records(ck_pdn_open(arg, strlen(arg), false)); }

static outcome pdn_strict(const char *arg) { return records(ck_pdn_open(arg, strlen(arg), true)); }

static outcome pdn_file(const char *arg)
{
    FILE *in = fopen(arg, "rb");
    if (in == NULL) {
        perror(arg);
        exit(2);
    }
    outcome o = records(ck_pdn_open_file(in, false));
    fclose(in);
    return o;
}

/* ==================== Every call, every failure ==================== */

/* A record of each kind: legal with tags and comments, a set-up, a capture
 * given by its two ends resolved by the rest of the game, one not
 * resolved, an illegal move, a malformed FEN. */
static const char pdn[] = "[Event \"Forms\"]\n[Black \"An \\\"e\\\"\"]\n1. 9-13 21-17 {c} 2. 5-9 17-14 3. 10x17 22-18 *\n"
                          "[FEN \"w:wK30,22:b1,5.\"]\n1... 22-18 1-6 2. 30-26 *\n"
                          "[FEN \"B:W14,15,22,23,30:B10,1\"]\n10x26 30x23 *\n"
                          "[FEN \"B:W14,15,22,23,30:B10,1\"]\n10x26 *\n"
                          "1. 11-15 11-16 *\n[FEN \"B:W5:B5\"]\n1. 5-9 *\n";

typedef struct {
    const char *name;
    outcome (*call)(const char *arg);
    const char *arg;
} call;

int main(int argc, char *argv[])
{
    if (argc != 2) {
        fputs("usage: lib_oom PDN-FILE\n", stderr);
        return 2;
    }
    const call calls_[] = {
        {"ck_from_fen", from_fen, " b:w21-32:bK1-12. "},
        {"ck_moves", moves, "W:WK13:B9,10,17,18"},
        {"ck_moves", moves, "B:W21-32:B1-12"},
        {"ck_play_move", play_move, "11 15 0"},
        {"ck_play_move", play_move, "22 18 0"},
        {"ck_play", play, "11-15"},
        {"ck_play", play, "22-18"},
        {"ck_replay", replay, "11-15 22-18 15x22 26x17 8-11 17-13"},
        {"ck_perft", perft, "8"},
        {"ck_table_new", table, "1"},
        {"ck_pdn_open", pdn_text, pdn},
        {"ck_pdn_open strict", pdn_strict, pdn},
        {"ck_pdn_open_file", pdn_file, argv[1]},
    };
    setvbuf(stdout, NULL, _IOLBF, 0); /* each line out before a planted abort */
    int bad = 0;
    for (size_t c = 0; c < sizeof calls_ / sizeof *calls_; c++) {
        const call *f = &calls_[c];
        fail_at = 0;
        atomic_store(&calls, 0);
        outcome plenty = f->call(f->arg);
        long n = atomic_load(&calls), noted = 0, got_round = 0;
        if (plenty.no_memory || atomic_load(&live) != 0 || n == 0) {
            printf("%s(%s): with memory plentiful: %s, %ld blocks held, %ld allocations\n", f->name, f->arg,
                   plenty.no_memory ? "out of memory" : "answered", atomic_load(&live), n);
            bad = 1;
            continue;
        }
        for (int only = 0; only <= 1; only++)
            for (long k = 1; k <= n; k++) {
                fail_at = k;
                fail_only = only;
                atomic_store(&calls, 0);
                atomic_store(&failed, 0);
                outcome o = f->call(f->arg);
                bool right = o.no_memory || (only && o.answer == plenty.answer);
                noted += o.no_memory;
                got_round += !o.no_memory;
                if (!right || atomic_load(&live) != 0 || atomic_load(&failed) == 0) {
                    printf("%s: allocation %ld of %ld failing (%s): %s, %ld blocks held\n", f->name, k, n,
                           only ? "only it" : "and all after it", o.no_memory ? "out of memory" : "a wrong answer",
                           atomic_load(&live));
                    bad = 1;
                    atomic_store(&live, 0);
                }
            }
        printf("%s: %ld allocations; each failing: %ld times out of memory, %ld got round, 0 blocks held\n", f->name, n,
               noted, got_round);
    }
    puts(bad ? "lib_oom: FAILED" : "lib_oom: ok");
    return bad;
}
