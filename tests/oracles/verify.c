/* verify.c - golf == reference: exhaustive near the mover, then seeded random
 * positions, for every compiler build of the golf linked into this program.
 * It also holds the reference's english reading to a second formulation.
 * `make verify` runs it; tests/README.md (Verify) says why the search suffices.
 *
 * usage: verify [--quick | --sample N] [--random N] [--seed S] [--jobs J] [--stall S] [--all]
 * --sample N: only N random positions, no exhaustive part (a smoke check).
 * It stops at the first mismatch in position order (the same one however
 * the work is split); --all checks every position and counts them all.
 * --stall S: a worker with no progress for S seconds (default 60) counts as
 * a build that hangs.
 * Exit 0 if everything agrees, 1 on any mismatch, 2 on bad usage. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS, nanosleep, kill */
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../reference/rules.h"
#include "golf_builds.h"
#include "rows.h"

/* ==================== The builds ==================== */

/* Every matrix build of golf/checkers.c: golf_builds, listed by the
 * Makefile (see golf_builds.h). */

/* ==================== Random numbers ==================== */

typedef unsigned long long u64;

/* splitmix64: every (seed, position) pair gets its own stream, so a position
 * is the same whichever worker draws it and however the work is split. */
static u64 mix(u64 x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ x >> 30) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ x >> 27) * 0x94D049BB133111EBULL;
    return x ^ x >> 31;
}

static u64 next(u64 *state) { return mix(*state += 0x9E3779B97F4A7C15ULL); }

static int below(u64 *state, int n) { return (int)((next(state) >> 33) % (u64)n); }

/* ==================== The cone ==================== */

/* What the reference can ask about a square of the cone, and so the states
 * the search gives it:
 *   MIDDLE  only ever jumped over:          black / not black
 *   TARGET  only landed on or stepped to:   empty / occupied
 *   BOTH    a forward neighbour that is also jumped over: empty / black / white */
typedef enum { MIDDLE, TARGET, BOTH } role;

typedef struct {
    int n, square[SQUARES]; /* the cone squares (start excluded), in order */
    role as[SQUARES];
    long assignments;       /* product of the state counts */
    int rims, rim[SQUARES]; /* the rim: see cone_of */
} cone;

static int states_of(role r) { return r == BOTH ? 3 : 2; }

static const char *state_name(role r, int digit)
{
    static const char *const names[][3] = {{"not black", "black"}, {"empty", "occupied"}, {"empty", "black", "white"}};
    return names[r][digit];
}

/* The squares the man on `from` could ever read: every square it could land
 * on in a chain of jumps, every square such a jump goes over, and its two
 * forward neighbours (a simple step's targets).  From the geometry alone.
 * Also the rim: squares just ahead of a cone square that the reference never
 * reads because the jump over them would leave the board, where a golf that
 * wraps round an edge would jump. */
static cone cone_of(int from)
{
    bool middle[SQUARES + 1] = {false}, target[SQUARES + 1] = {false}, seen[SQUARES + 1] = {false};
    bool rim[SQUARES + 1] = {false};
    int queue[SQUARES], head = 0, tail = 0;
    queue[tail++] = from;
    seen[from] = true;
    while (head < tail) {
        int at = queue[head++];
        for (int dir = LEFT; dir <= RIGHT; dir += 2) {
            int over = ahead(at, dir, 1), land = ahead(at, dir, 2);
            if (over != NO_SQUARE && land == NO_SQUARE)
                rim[over] = true;
            if (over == NO_SQUARE || land == NO_SQUARE)
                continue;
            middle[over] = target[land] = true;
            if (!seen[land])
                seen[land] = true, queue[tail++] = land;
        }
    }
    for (int dir = LEFT; dir <= RIGHT; dir += 2)
        if (ahead(from, dir, 1) != NO_SQUARE)
            target[ahead(from, dir, 1)] = true;
    cone c = {.n = 0, .assignments = 1, .rims = 0};
    for (int n = 1; n <= SQUARES; n++) {
        if (n == from)
            continue;
        if (middle[n] || target[n]) {
            role r = middle[n] && target[n] ? BOTH : middle[n] ? MIDDLE : TARGET;
            c.square[c.n] = n, c.as[c.n++] = r;
            c.assignments *= states_of(r);
        } else if (rim[n]) {
            c.rim[c.rims++] = n;
        }
    }
    return c;
}

/* ==================== Positions ==================== */

/* A board as the golf takes it too: 0-terminated black and white lists. */
typedef struct {
    board bd;
    int black[SQUARES + 1], white[SQUARES + 1];
} position;

static void shuffle(u64 *state, int *list)
{
    int len = 0;
    while (list[len])
        len++;
    for (int i = len - 1; i > 0; i--) {
        int j = below(state, i + 1), t = list[i];
        list[i] = list[j], list[j] = t;
    }
}

/* Second formulation of "some white piece can capture", built on the
 * challenge reading alone: a piece can capture iff that reading lets it
 * finish a move two or more rows ahead (a jump chain always ends there, a
 * simple step one row ahead). */
static bool some_white_can_capture(const board *bd)
{
    for (int w = 1; w <= SQUARES; w++) {
        if (bd->at[w] != WHITE)
            continue;
        for (int to = 1; to <= SQUARES; to++)
            if (row_of(to) <= row_of(w) - 2 && is_legal(bd, w, to, RULE_CHALLENGE))
                return true;
    }
    return false;
}

/* ==================== Reports ==================== */

enum { KEEP = 5, JOBS_MAX = 16 };

/* What a check found wrong with one position, kept to print as a row. */
typedef struct {
    int phase;  /* 0 exhaustive, 1 random: with index, orders the rows */
    long index;
    int black[SQUARES + 1], white[SQUARES + 1], from, to;
    bool challenge, english;
    char what[200];
} finding;

/* One worker's results, in memory shared with the parent. */
typedef struct {
    atomic_long done;              /* positions checked so far: the progress line */
    atomic_int at_phase;           /* the position being checked, to name it */
    atomic_long at_index;          /* if the worker dies there */
    long positions, mismatches;
    long legal, chains[4], edge;   /* what the random positions were like */
    int kept;
    finding first[KEEP];
    int faults; /* broken claims about the cone itself */
    char fault[200];
} report;

/* ==================== Checking one position ==================== */

typedef struct {
    report *rep;
    int phase;
    long index;
    int capture; /* some_white_can_capture of the current board, -1 = not yet known */
    atomic_long *first_bad; /* shared: the order of the first mismatch found, or NULL (--all) */
    long offset;            /* this phase's first position in that order */
} checker;

/* Stopping at the first mismatch: every worker skips the positions after
 * the first mismatch found so far (in position order, exhaustive part
 * first), and checks every one before it, so the one reported is the first
 * of all, whichever worker owns it. */
static bool past_first_bad(const checker *ck, long index)
{
    return ck->first_bad && ck->offset + index > atomic_load_explicit(ck->first_bad, memory_order_relaxed);
}

static void found_bad(checker *ck)
{
    if (!ck->first_bad)
        return;
    long key = ck->offset + ck->index, was = atomic_load(ck->first_bad);
    while (key < was && !atomic_compare_exchange_weak(ck->first_bad, &was, key))
        ;
}

static int by_order(const void *a, const void *b)
{
    const finding *x = a, *y = b;
    if (x->phase != y->phase)
        return x->phase - y->phase;
    return (x->index > y->index) - (x->index < y->index);
}

/* Counts a mismatch and keeps it if it is among the KEEP first in position
 * order (a job does its starts largest first, not in order). */
static void keep(checker *ck, const position *p, int from, int to, bool ch, bool en, const char *what)
{
    report *r = ck->rep;
    finding key = {.phase = ck->phase, .index = ck->index}, *f;
    r->mismatches++;
    found_bad(ck);
    if (r->kept < KEEP) {
        f = &r->first[r->kept++];
    } else {
        f = &r->first[0];
        for (int k = 1; k < KEEP; k++)
            if (by_order(&r->first[k], f) > 0)
                f = &r->first[k];
        if (by_order(&key, f) > 0)
            return;
    }
    f->phase = ck->phase, f->index = ck->index;
    memcpy(f->black, p->black, sizeof f->black);
    memcpy(f->white, p->white, sizeof f->white);
    f->from = from, f->to = to, f->challenge = ch, f->english = en;
    snprintf(f->what, sizeof f->what, "%s", what);
}

/* printf onto the end of the text in buf, "; " first if buf is not empty. */
static void appendf(char *buf, size_t size, const char *format, ...)
{
    size_t len = strlen(buf);
    if (len && len + 2 < size)
        strcpy(buf + len, "; "), len += 2;
    va_list args;
    va_start(args, format);
    vsnprintf(buf + len, size - len, format, args);
    va_end(args);
}

/* Every build and both readings on one (board, from, to).  Returns the
 * reference's challenge verdict; `expected` (or NULL) is the verdict the cone
 * argument says it must repeat. */
static bool check(checker *ck, const position *p, int from, int to, const bool *expected)
{
    bool ch = is_legal(&p->bd, from, to, RULE_CHALLENGE);
    bool en = is_legal(&p->bd, from, to, RULE_ENGLISH);
    char what[400] = "", names[2][160] = {"", ""}; /* the builds saying false, true */
    int said[2] = {0, 0};
    for (int k = 0; k < golf_build_count; k++) {
        int black[SQUARES + 1], white[SQUARES + 1]; /* fresh copies: a golf may write to them */
        memcpy(black, p->black, sizeof black);
        memcpy(white, p->white, sizeof white);
        bool got = golf_builds[k].fn(black, white, from, to) != 0;
        if (got != ch) {
            size_t len = strlen(names[got]);
            snprintf(names[got] + len, sizeof names[got] - len, "%s%s", said[got]++ ? ", " : "",
                     golf_builds[k].name);
        }
    }
    for (int v = 0; v < 2; v++)
        if (said[v])
            appendf(what, sizeof what, "%s say%s %s", said[v] == golf_build_count ? "all builds" : names[v],
                    said[v] > 1 ? "" : "s", v ? "true" : "false");
    /* The english reading: the challenge verdict, unless the move is a step
     * (one row ahead) while some white piece could capture. */
    bool step = row_of(from) - row_of(to) == 1;
    if (ch && step && ck->capture < 0)
        ck->capture = some_white_can_capture(&p->bd);
    bool en2 = ch && !(step && ck->capture == 1);
    if (en2 != en)
        appendf(what, sizeof what, "english reading disagrees with its per-piece formulation, which says %s",
                en2 ? "true" : "false");
    if (expected && *expected != ch)
        appendf(what, sizeof what, "reference changed with the squares outside the cone (was %s)",
                *expected ? "true" : "false");
    if (*what)
        keep(ck, p, from, to, ch, en, what);
    ck->rep->positions++;
    return ch;
}

/* Marks the position about to be checked, for a worker that dies on it. */
static void at(checker *ck, long index)
{
    ck->index = index;
    atomic_store_explicit(&ck->rep->at_phase, ck->phase, memory_order_relaxed);
    atomic_store_explicit(&ck->rep->at_index, index, memory_order_relaxed);
}

/* ==================== Part 1: exhaustive near the mover ==================== */

/* How the squares outside the cone are filled, and which piece stands for
 * "not black" and "occupied" on two-state cone squares. */
enum { FILL_EMPTY, FILL_BLACK, FILL_WHITE, FILL_SPARSE, FILL_CROWDED, FILLS };
static const char *const fill_name[FILLS] = {"empty", "black", "white", "random sparse", "random crowded"};

static piece random_piece(u64 *state, int occupied_percent)
{
    if (below(state, 100) >= occupied_percent)
        return EMPTY;
    return below(state, 2) ? BLACK : WHITE;
}

/* The board for assignment `a` of start `from`'s cone, the rest filled by
 * `fill`, then black on the rim squares whose bits are set in `rim`. */
static void cone_board(position *p, const cone *c, int from, long a, int fill, unsigned rim, u64 seed)
{
    u64 state = mix(seed ^ mix((u64)from << 40 ^ (u64)a << 4 ^ (u64)fill));
    static const piece rest[] = {EMPTY, BLACK, WHITE};
    for (int n = 1; n <= SQUARES; n++)
        p->bd.at[n] = fill < FILL_SPARSE ? rest[fill] : random_piece(&state, fill == FILL_SPARSE ? 25 : 75);
    p->bd.at[from] = WHITE;
    for (int i = 0; i < c->n; i++) {
        int states = states_of(c->as[i]), digit = (int)(a % states);
        a /= states;
        piece not_black = fill == FILL_BLACK || (fill >= FILL_SPARSE && below(&state, 2)) ? WHITE : EMPTY;
        piece occupied = fill == FILL_EMPTY || (fill >= FILL_SPARSE && below(&state, 2)) ? WHITE : BLACK;
        piece s;
        if (c->as[i] == BOTH)
            s = (piece[]){EMPTY, BLACK, WHITE}[digit];
        else if (c->as[i] == MIDDLE)
            s = digit ? BLACK : not_black;
        else
            s = digit ? occupied : EMPTY;
        p->bd.at[c->square[i]] = s;
    }
    for (int i = 0; i < c->rims; i++)
        if (rim >> i & 1)
            p->bd.at[c->rim[i]] = BLACK;
    board_lists(&p->bd, p->black, p->white);
}

/* The whole search, fixed before the workers start. */
typedef struct {
    int fill[FILLS], fills; /* the fills of the rest of the board, in order */
    bool rims;              /* also every set of black rim squares, rest empty */
    long random;            /* random positions */
    u64 seed;
    long base[SQUARES + 1], size[SQUARES + 1]; /* each start's positions and first index */
    long exhaustive;                           /* their sum */
    atomic_long *first_bad;                    /* see past_first_bad; NULL with --all */
    int stall;                                 /* seconds without progress that count as a hang */
} plan;

/* The boards each cone assignment is tried on: the fills, then (if rims)
 * every non-empty set of black rim squares with the rest empty. */
static long variants(const plan *pl, const cone *c) { return pl->fills + (pl->rims ? (1L << c->rims) - 1 : 0); }

/* Variant v of assignment a of the cone of `from`. */
static void variant_board(const plan *pl, const cone *c, int from, long a, long v, position *p)
{
    if (v < pl->fills)
        cone_board(p, c, from, a, pl->fill[v], 0, pl->seed);
    else
        cone_board(p, c, from, a, FILL_EMPTY, (unsigned)(v - pl->fills + 1), pl->seed);
}

/* The claim that each square's states are the fewest that work: for every
 * cone square and every pair of its states, some assignment and end square
 * where switching between the two changes the answer.  verdicts[a] holds
 * the end squares legal (bit to-1) under assignment a, on the first fill. */
static void check_minimal(report *r, const cone *c, int from, const unsigned *verdicts)
{
    long weight = 1;
    for (int i = 0; i < c->n; i++) {
        int states = states_of(c->as[i]);
        for (int x = 0; x < states; x++)
            for (int y = x + 1; y < states; y++) {
                bool needed = false;
                for (long a = 0; a < c->assignments && !needed; a++)
                    if ((a / weight) % states == x)
                        needed = verdicts[a] != verdicts[a + (y - x) * weight];
                if (!needed && r->faults++ == 0)
                    snprintf(r->fault, sizeof r->fault,
                             "cone of %d: square %d as %s or %s never changes the answer", from,
                             c->square[i], state_name(c->as[i], x), state_name(c->as[i], y));
            }
        weight *= states;
    }
}

/* Every start in `starts`: every assignment of its cone, on every variant
 * board, with every end square 1-32.  Positions are numbered in that order
 * from base[from], so a finding names the same position however the work is
 * split.  The first fill gives the verdicts the other variants must repeat. */
static void exhaustive(report *r, const plan *pl, const int *starts, int nstarts)
{
    checker ck = {r, 0, 0, -1, pl->first_bad, 0};
    for (int k = 0; k < nstarts; k++) {
        int from = starts[k];
        if (past_first_bad(&ck, pl->base[from]))
            continue;
        cone c = cone_of(from);
        long nv = variants(pl, &c);
        unsigned *verdicts = calloc((size_t)c.assignments, sizeof *verdicts);
        if (!verdicts) {
            perror("verify");
            exit(2);
        }
        bool whole = true;
        for (long a = 0; a < c.assignments; a++) {
            if (past_first_bad(&ck, pl->base[from] + a * nv * SQUARES)) {
                whole = false;
                break;
            }
            for (long v = 0; v < nv; v++) {
                position p;
                variant_board(pl, &c, from, a, v, &p);
                ck.capture = -1;
                for (int to = 1; to <= SQUARES; to++) {
                    at(&ck, pl->base[from] + (a * nv + v) * SQUARES + (to - 1));
                    bool was = verdicts[a] >> (to - 1) & 1;
                    bool ch = check(&ck, &p, from, to, v ? &was : NULL);
                    if (!v)
                        verdicts[a] |= (unsigned)ch << (to - 1);
                }
            }
            atomic_fetch_add_explicit(&r->done, nv * SQUARES, memory_order_relaxed);
        }
        if (whole) /* the claim needs every assignment's verdicts */
            check_minimal(r, &c, from, verdicts);
        free(verdicts);
    }
}

/* ==================== Part 2: seeded random positions ==================== */

static bool on_edge(int n) { return col_of(n) == 0 || col_of(n) == 7 || row_of(n) == 0; }

/* Random position number i: occupancy from empty to full, starts favouring
 * deep rows and edge columns, often a planted jump chain, sometimes black on
 * edge squares (where a wrap-around bug would jump), ends favouring the
 * squares the man can actually reach. */
static void random_position(u64 seed, long i, position *p, int *from, int *to)
{
    u64 state = mix(seed ^ mix((u64)i));
    int occupied = below(&state, 101), black_share = below(&state, 101);
    for (int n = 1; n <= SQUARES; n++)
        p->bd.at[n] = below(&state, 100) >= occupied         ? EMPTY
                      : below(&state, 100) < black_share ? BLACK
                                                             : WHITE;
    do {
        int kind = below(&state, 4);
        *from = 1 + below(&state, SQUARES);
        if (kind & 1) /* deep: rows 5-7 */
            *from = 21 + below(&state, 12);
        if (kind & 2) /* an edge column or its neighbour */
            *from = square_at(row_of(*from), (int[]){0, 1, 6, 7}[below(&state, 4)]);
    } while (*from == NO_SQUARE);
    p->bd.at[*from] = WHITE;
    if (below(&state, 3) == 0) /* black on edge squares: bait for wrap-around jumps */
        for (int k = below(&state, 6); k >= 0; k--) {
            int n = 1 + below(&state, SQUARES);
            if (on_edge(n) && n != *from)
                p->bd.at[n] = BLACK;
        }
    int end = *from;
    if (below(&state, 4)) { /* plant a chain of up to three jumps */
        for (int k = 1 + below(&state, 3); k > 0; k--) {
            int dir = below(&state, 2) ? LEFT : RIGHT;
            if (ahead(end, dir, 2) == NO_SQUARE)
                dir = -dir;
            if (ahead(end, dir, 2) == NO_SQUARE)
                break;
            p->bd.at[ahead(end, dir, 1)] = BLACK;
            p->bd.at[end = ahead(end, dir, 2)] = EMPTY;
        }
    }
    switch (below(&state, 8)) {
    case 0: case 1: case 2:
        *to = 1 + below(&state, SQUARES);
        break;
    case 3: case 4:
        *to = end == *from ? 1 + below(&state, SQUARES) : end;
        break;
    default: { /* a forward neighbour, or a square two or four rows ahead */
        int steps = (int[]){1, 1, 2, 4}[below(&state, 4)];
        *to = square_at(row_of(*from) - steps, col_of(*from) + (below(&state, 2) ? steps : -steps));
        if (*to == NO_SQUARE)
            *to = 1 + below(&state, SQUARES);
    }
    }
    board_lists(&p->bd, p->black, p->white);
    shuffle(&state, p->black);
    shuffle(&state, p->white);
}

/* The longest jump chain the man on `from` can make (0-3), for the stats. */
static int longest_chain(const board *bd, int from)
{
    int most = 0;
    for (int dir = LEFT; dir <= RIGHT; dir += 2) {
        int land = jump_landing(bd, from, dir);
        if (land != NO_SQUARE) {
            int n = 1 + longest_chain(bd, land);
            most = n > most ? n : most;
        }
    }
    return most;
}

/* The random positions of `job` of `jobs`: blocks of 4096 dealt in turn. */
static void sampled(report *r, const plan *pl, int job, int jobs)
{
    checker ck = {r, 1, 0, -1, pl->first_bad, pl->exhaustive};
    enum { BLOCK = 4096 };
    for (long block = (long)job * BLOCK; block < pl->random; block += (long)jobs * BLOCK) {
        long end = block + BLOCK < pl->random ? block + BLOCK : pl->random;
        if (past_first_bad(&ck, block))
            break;
        for (long i = block; i < end; i++) {
            position p;
            int from, to;
            random_position(pl->seed, i, &p, &from, &to);
            at(&ck, i);
            ck.capture = -1;
            r->legal += check(&ck, &p, from, to, NULL);
            r->chains[longest_chain(&p.bd, from)]++;
            r->edge += col_of(from) == 0 || col_of(from) == 7;
        }
        atomic_fetch_add_explicit(&r->done, end - block, memory_order_relaxed);
    }
}

/* Position `index` of a phase, rebuilt (for a worker that died on it). */
static void rebuild(const plan *pl, int phase, long index, position *p, int *from, int *to)
{
    if (phase) {
        random_position(pl->seed, index, p, from, to);
        return;
    }
    int s = 1;
    while (s < SQUARES && index >= pl->base[s] + pl->size[s])
        s++;
    cone c = cone_of(s);
    long local = index - pl->base[s], nv = variants(pl, &c);
    *from = s, *to = (int)(local % SQUARES) + 1;
    variant_board(pl, &c, s, local / SQUARES / nv, local / SQUARES % nv, p);
}

/* ==================== The run ==================== */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One cases.tsv row: the position, the reference's verdicts, and a name. */
static void print_row(const finding *f)
{
    print_row_start(f->black, f->white, f->from, f->to, f->challenge, f->english);
    printf("verify %s #%ld: %s\n", f->phase ? "random" : "exhaustive", f->index, f->what);
}

/* A list as cases.tsv writes it, into buf (32 squares fit in 96 bytes). */
static int list_text(char *buf, size_t size, const int *list)
{
    int len = snprintf(buf, size, "%s", *list ? "" : "-");
    for (const int *p = list; *p && len >= 0 && (size_t)len < size; p++)
        len += snprintf(buf + len, size - (size_t)len, p == list ? "%d" : ",%d", *p);
    return len;
}

/* The findings for a person: their columns padded with spaces so that they
 * line up (cases.tsv rows hold tabs, which do not), then the same as
 * cases.tsv rows, tab-separated, to paste into the table. */
static void print_findings(const finding *f, int n)
{
    char text[2][JOBS_MAX][100];
    n = n < JOBS_MAX ? n : JOBS_MAX;
    int wide[2] = {5, 5};
    for (int k = 0; k < n; k++)
        for (int c = 0; c < 2; c++) {
            int len = list_text(text[c][k], sizeof text[c][k], c ? f[k].white : f[k].black);
            wide[c] = len > wide[c] ? len : wide[c];
        }
    printf("  %-*s  %-*s  from  to  challenge  english  (the reference's verdicts)\n", wide[0], "black", wide[1],
           "white");
    for (int k = 0; k < n; k++)
        printf("  %-*s  %-*s  %4d  %2d  %-9s  %-7s  %s\n", wide[0], text[0][k], wide[1], text[1][k], f[k].from,
               f[k].to, f[k].challenge ? "true" : "false", f[k].english ? "true" : "false", f[k].what);
    printf("verify: the same as cases.tsv rows (tab-separated, to paste):\n");
    for (int k = 0; k < n; k++)
        print_row(&f[k]);
}

static void progress(long done, long total, double elapsed, bool tty)
{
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0;
    printf("%sverify: %ld/%ld positions, %.2f M/s, ETA %.0f s%s", tty ? "\r" : "", done, total, rate / 1e6,
           eta, tty ? "\033[K" : "\n");
    fflush(stdout);
}

static long positions_done(report *reps, int jobs)
{
    long done = 0;
    for (int j = 0; j < jobs; j++)
        done += atomic_load(&reps[j].done);
    return done;
}

static void usage(void)
{
    fputs("usage: verify [--quick | --sample N] [--random N] [--seed S] [--jobs J] [--stall S] [--all]\n", stderr);
    exit(2);
}

/* Plans the search: each start's size and first index, and the starts dealt
 * to the jobs largest first, each to the least loaded, so the split is fixed. */
static void plan_search(plan *pl, int jobs, int starts[][SQUARES], int *nstarts)
{
    long load[JOBS_MAX] = {0};
    int order[SQUARES];
    pl->exhaustive = 0;
    for (int s = 1; s <= SQUARES; s++) {
        cone c = cone_of(s);
        pl->base[s] = pl->exhaustive;
        pl->size[s] = c.assignments * variants(pl, &c) * SQUARES;
        pl->exhaustive += pl->size[s];
        order[s - 1] = s;
    }
    for (int i = 1; i < SQUARES; i++) /* insertion sort, largest first */
        for (int j = i; j > 0 && pl->size[order[j]] > pl->size[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (int j = 0; j < jobs; j++)
        nstarts[j] = 0;
    for (int i = 0; i < SQUARES; i++) {
        int least = 0;
        for (int j = 1; j < jobs; j++)
            if (load[j] < load[least])
                least = j;
        starts[least][nstarts[least]++] = order[i];
        load[least] += pl->size[order[i]];
    }
}

static void print_plan(const plan *pl)
{
    long assignments = 0;
    for (int s = 1; s <= SQUARES; s++)
        assignments += cone_of(s).assignments;
    printf("verify: builds:");
    for (int k = 0; k < golf_build_count; k++)
        printf(" %s%s", golf_builds[k].name, k + 1 < golf_build_count ? "," : "\n");
    printf("verify: exhaustive: %ld cone states x 32 ends, rest of board ", assignments);
    for (int f = 0; f < pl->fills; f++)
        printf("%s%s", fill_name[pl->fill[f]], f + 1 < pl->fills ? ", " : "");
    if (pl->rims)
        printf("; every set of black rim squares, rest empty");
    printf(": %ld positions\n", pl->exhaustive);
    printf("verify: random: %ld positions, seed %llu\n", pl->random, pl->seed);
    fflush(stdout);
}

int main(int argc, char *argv[])
{
    double t0 = now();
    plan pl = {{FILL_EMPTY, FILL_BLACK, FILL_WHITE, FILL_SPARSE, FILL_CROWDED}, FILLS, true, -1, 20240611, {0}, {0}, 0,
               NULL, 60};
    bool all = false;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = cpus < 1 ? 1 : cpus > JOBS_MAX ? JOBS_MAX : (int)cpus;
    bool quick = false, sample = false;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--quick"))
            quick = true;
        else if (!strcmp(argv[i], "--sample") && i + 1 < argc)
            sample = true, pl.random = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--random") && i + 1 < argc)
            pl.random = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            pl.seed = strtoull(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--jobs") && i + 1 < argc)
            jobs = (int)strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--stall") && i + 1 < argc)
            pl.stall = (int)strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--all"))
            all = true;
        else
            usage();
        if (end && *end)
            usage();
    }
    if (jobs < 1 || jobs > JOBS_MAX || pl.random < -1 || (quick && sample) || pl.stall < 1)
        usage();
    if (quick) /* the slice `make test` runs: every cone state, the rest black */
        pl.fill[0] = FILL_BLACK, pl.fills = 1, pl.rims = false;
    if (pl.random < 0)
        pl.random = quick ? 100000 : 20000000;
    int starts[JOBS_MAX][SQUARES], nstarts[JOBS_MAX];
    plan_search(&pl, jobs, starts, nstarts);
    if (sample) { /* no start searched exhaustively */
        pl.exhaustive = 0;
        for (int j = 0; j < jobs; j++)
            nstarts[j] = 0;
    }
    print_plan(&pl);
    long total = pl.exhaustive + pl.random;

    report *reps = mmap(NULL, sizeof(report) * (size_t)jobs, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                        -1, 0);
    if (reps == MAP_FAILED) {
        perror("verify: mmap");
        return 2;
    }
    memset(reps, 0, sizeof(report) * (size_t)jobs);
    if (!all) {
        pl.first_bad = mmap(NULL, sizeof *pl.first_bad, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (pl.first_bad == MAP_FAILED) {
            perror("verify: mmap");
            return 2;
        }
        atomic_init(pl.first_bad, LONG_MAX);
    }
    pid_t pid[JOBS_MAX];
    for (int j = 0; j < jobs; j++) {
        pid[j] = fork();
        if (pid[j] < 0) {
            perror("verify: fork");
            return 2;
        }
        if (pid[j] == 0) { /* processes, not threads: the golf keeps its state in globals */
            exhaustive(&reps[j], &pl, starts[j], nstarts[j]);
            sampled(&reps[j], &pl, j, jobs);
            _exit(0);
        }
    }

    /* Wait, showing progress: a live line on a terminal, a plain line every
     * 20 s otherwise.  A worker that dies, or makes no progress for a minute
     * (a build caught in a loop), is a failure named by its position. */
    bool tty = isatty(STDOUT_FILENO);
    double last_line = now(), moved[JOBS_MAX];
    long seen[JOBS_MAX] = {0};
    int running = jobs, died = 0;
    finding dead[JOBS_MAX];
    for (int j = 0; j < jobs; j++)
        moved[j] = now();
    while (running) {
        struct timespec pause = {0, 200 * 1000 * 1000};
        nanosleep(&pause, NULL);
        for (int j = 0; j < jobs; j++) {
            long d = atomic_load(&reps[j].done);
            if (d != seen[j])
                seen[j] = d, moved[j] = now();
            int status;
            bool stalled = pid[j] > 0 && now() - moved[j] > pl.stall;
            if (stalled)
                kill(pid[j], SIGKILL);
            if (pid[j] <= 0 || waitpid(pid[j], &status, stalled ? 0 : WNOHANG) != pid[j])
                continue;
            pid[j] = 0, running--;
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
                continue;
            finding *f = &dead[died++];
            position p;
            f->phase = atomic_load(&reps[j].at_phase), f->index = atomic_load(&reps[j].at_index);
            rebuild(&pl, f->phase, f->index, &p, &f->from, &f->to);
            memcpy(f->black, p.black, sizeof f->black);
            memcpy(f->white, p.white, sizeof f->white);
            f->challenge = is_legal(&p.bd, f->from, f->to, RULE_CHALLENGE);
            f->english = is_legal(&p.bd, f->from, f->to, RULE_ENGLISH);
            if (stalled)
                snprintf(f->what, sizeof f->what, "a build hangs here (no answer in %d s)", pl.stall);
            else if (WIFSIGNALED(status))
                snprintf(f->what, sizeof f->what, "a build crashed here: signal %d (%s)", WTERMSIG(status),
                         strsignal(WTERMSIG(status)));
            else
                snprintf(f->what, sizeof f->what, "worker exited %d here", WEXITSTATUS(status));
        }
        if (tty || (running && now() - last_line >= 20)) {
            progress(positions_done(reps, jobs), total, now() - t0, tty);
            last_line = now();
        }
    }
    if (tty) /* the line at the end, complete */
        progress(positions_done(reps, jobs), total, now() - t0, tty), putchar('\n');

    long positions = 0, mismatches = 0, legal = 0, chains[4] = {0}, edge = 0;
    int faults = 0, kept = 0;
    finding found[JOBS_MAX * KEEP];
    for (int j = 0; j < jobs; j++) {
        report *r = &reps[j];
        positions += r->positions, mismatches += r->mismatches, legal += r->legal, edge += r->edge;
        for (int k = 0; k < 4; k++)
            chains[k] += r->chains[k];
        for (int k = 0; k < r->kept; k++)
            found[kept++] = r->first[k];
        if (r->faults && faults++ < KEEP)
            printf("verify: FAULT %s\n", r->fault);
    }
    if (pl.random > 0 && !died) {
        double per = 100.0 / (double)pl.random;
        printf("verify: random positions: %.0f%% legal, start on a side edge %.0f%%, longest jump chain "
               "0/1/2/3: %.0f/%.0f/%.0f/%.0f%%\n",
               legal * per, edge * per, chains[0] * per, chains[1] * per, chains[2] * per, chains[3] * per);
    }
    if (died) {
        printf("verify: %d worker(s) failed, each on this position:\n", died);
        print_findings(dead, died);
    }
    if (kept) {
        qsort(found, (size_t)kept, sizeof found[0], by_order);
        if (all) {
            printf("verify: first mismatches:\n");
            print_findings(found, kept < KEEP ? kept : KEEP);
        } else {
            printf("verify: the first mismatch (verify stops there; --all checks every position):\n");
            print_findings(found, 1);
            mismatches = 1;
        }
    }
    printf("verify: %ld positions, %ld mismatches, %.1f s\n", positions, mismatches + died, now() - t0);
    return mismatches || faults || died || positions != total;
}
