/* verify.c - golf == reference: exhaustive near the mover, then seeded random
 * positions, for every compiler build of the golf linked into this program.
 * It also holds the reference's english reading to a second formulation.
 * `make verify` runs it; README (Verification) says why the search suffices.
 *
 * usage: verify [--quick] [--random N] [--seed S] [--jobs J]
 * Exit 0 if everything agrees, 1 on any mismatch, 2 on bad usage. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS, nanosleep, kill */
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../reference/rules.h"

/* ==================== The builds ==================== */

/* golf/checkers.c compiled by each compiler at each level, its own symbols
 * made local and f renamed (see the Makefile), so all five live here.
 * Declared without a prototype, as the golf's driver does. */
int golf_gcc_O0(), golf_gcc_O2(), golf_gcc_O3(), golf_clang_O0(), golf_clang_O2();

static const struct {
    const char *name;
    int (*fn)();
} builds[] = {
    {"gcc -O0", golf_gcc_O0},     {"gcc -O2", golf_gcc_O2},     {"gcc -O3", golf_gcc_O3},
    {"clang -O0", golf_clang_O0}, {"clang -O2", golf_clang_O2},
};
enum { BUILDS = sizeof builds / sizeof builds[0] };

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

static void make_lists(position *p)
{
    int nb = 0, nw = 0;
    for (int n = 1; n <= SQUARES; n++) {
        if (p->bd.at[n] == BLACK)
            p->black[nb++] = n;
        else if (p->bd.at[n] == WHITE)
            p->white[nw++] = n;
    }
    p->black[nb] = p->white[nw] = 0;
}

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
} checker;

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

/* Every build and both readings on one (board, from, to).  Returns the
 * reference's challenge verdict; `expected` (or NULL) is the verdict the cone
 * argument says it must repeat. */
static bool check(checker *ck, const position *p, int from, int to, const bool *expected)
{
    bool ch = is_legal(&p->bd, from, to, RULE_CHALLENGE);
    bool en = is_legal(&p->bd, from, to, RULE_ENGLISH);
    char what[200] = "";
    size_t len = 0;
    int said[2] = {0, 0}; /* builds saying false, true */
    char names[2][120] = {"", ""};
    for (int k = 0; k < BUILDS; k++) {
        int black[SQUARES + 1], white[SQUARES + 1]; /* fresh copies: a golf may write to them */
        memcpy(black, p->black, sizeof black);
        memcpy(white, p->white, sizeof white);
        bool got = builds[k].fn(black, white, from, to) != 0;
        if (got != ch) {
            size_t at = strlen(names[got]);
            snprintf(names[got] + at, sizeof names[got] - at, "%s%s", said[got]++ ? ", " : "",
                     builds[k].name);
        }
    }
    for (int v = 0; v < 2; v++)
        if (said[v])
            len += (size_t)snprintf(what + len, sizeof what - len, "%s%s say%s %s", len ? "; " : "",
                                    said[v] == BUILDS ? "all builds" : names[v], said[v] > 1 ? "" : "s",
                                    v ? "true" : "false");
    /* The english reading: the challenge verdict, unless the move is a step
     * (one row ahead) while some white piece could capture. */
    bool step = row_of(from) - row_of(to) == 1;
    if (ch && step && ck->capture < 0)
        ck->capture = some_white_can_capture(&p->bd);
    bool en2 = ch && !(step && ck->capture == 1);
    if (en2 != en && len < sizeof what)
        len += (size_t)snprintf(what + len, sizeof what - len,
                                "%senglish reading disagrees with its per-piece formulation (%s)",
                                len ? "; " : "", en2 ? "true" : "false");
    if (expected && *expected != ch && len < sizeof what)
        len += (size_t)snprintf(what + len, sizeof what - len,
                                "%sreference changed with the squares outside the cone (was %s)",
                                len ? "; " : "", *expected ? "true" : "false");
    if (len)
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
    make_lists(p);
}

/* The boards each cone assignment is tried on: the fills, then (if `rims`)
 * every non-empty set of black rim squares with the rest empty. */
static long variants(const cone *c, int fills, bool rims) { return fills + (rims ? (1L << c->rims) - 1 : 0); }

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
 * board, with every end square 1-32.  Positions are indexed in that order
 * from `base[from]`, so a finding names the same index however the work is
 * split.  The first fill gives the verdicts the others must repeat. */
static void exhaustive(report *r, const int *starts, int nstarts, const long *base, const int *fill, int fills,
                       bool rims, u64 seed)
{
    checker ck = {r, 0, 0, -1};
    for (int k = 0; k < nstarts; k++) {
        int from = starts[k];
        cone c = cone_of(from);
        long nv = variants(&c, fills, rims);
        unsigned *verdicts = calloc((size_t)c.assignments, sizeof *verdicts);
        if (!verdicts) {
            perror("verify");
            exit(2);
        }
        for (long a = 0; a < c.assignments; a++) {
            for (long v = 0; v < nv; v++) {
                position p;
                if (v < fills)
                    cone_board(&p, &c, from, a, fill[v], 0, seed);
                else
                    cone_board(&p, &c, from, a, FILL_EMPTY, (unsigned)(v - fills + 1), seed);
                ck.capture = -1;
                for (int to = 1; to <= SQUARES; to++) {
                    ck.index = base[from] + (a * nv + v) * SQUARES + (to - 1);
                    bool was = verdicts[a] >> (to - 1) & 1;
                    bool ch = check(&ck, &p, from, to, v ? &was : NULL);
                    if (!v)
                        verdicts[a] |= (unsigned)ch << (to - 1);
                }
            }
            atomic_fetch_add_explicit(&r->done, nv * SQUARES, memory_order_relaxed);
        }
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
    make_lists(p);
    shuffle(&state, p->black);
    shuffle(&state, p->white);
}

/* Positions [first, last) that belong to `job` of `jobs` (blocks of 4096). */
static void sampled(report *r, long count, int job, int jobs, u64 seed)
{
    checker ck = {r, 1, 0, -1};
    enum { BLOCK = 4096 };
    for (long block = (long)job * BLOCK; block < count; block += (long)jobs * BLOCK) {
        long end = block + BLOCK < count ? block + BLOCK : count;
        for (long i = block; i < end; i++) {
            position p;
            int from, to;
            random_position(seed, i, &p, &from, &to);
            ck.index = i, ck.capture = -1;
            check(&ck, &p, from, to, NULL);
        }
        atomic_fetch_add_explicit(&r->done, end - block, memory_order_relaxed);
    }
}

/* ==================== The run ==================== */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void print_list(const int *list)
{
    if (!*list)
        putchar('-');
    for (const int *p = list; *p; p++)
        printf(p == list ? "%d" : ",%d", *p);
}

static void progress(long done, long total, double elapsed, bool tty)
{
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0;
    printf("%sverify: %ld/%ld positions, %.2f M/s, ETA %.0f s%s", tty ? "\r" : "", done, total, rate / 1e6,
           eta, tty ? "\033[K" : "\n");
    fflush(stdout);
}

static void usage(void)
{
    fputs("usage: verify [--quick] [--random N] [--seed S] [--jobs J]\n", stderr);
    exit(2);
}

int main(int argc, char *argv[])
{
    double t0 = now();
    long random_count = 20000000;
    u64 seed = 20240611;
    int jobs = 2, fill[FILLS] = {FILL_EMPTY, FILL_BLACK, FILL_WHITE, FILL_SPARSE, FILL_CROWDED}, fills = FILLS;
    bool quick = false, rims = true;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = true;
        else if (!strcmp(argv[i], "--random") && i + 1 < argc)
            random_count = atol(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--jobs") && i + 1 < argc)
            jobs = atoi(argv[++i]);
        else
            usage();
    }
    if (jobs < 1 || jobs > JOBS_MAX || random_count < 0)
        usage();
    if (quick) { /* the slice `make test` runs: every cone with the rest black, few random */
        fill[0] = FILL_BLACK, fills = 1, rims = false;
        random_count = random_count < 100000 ? random_count : 100000;
    }

    /* Plan: each start's positions and first index; starts dealt to the
     * jobs largest first, each to the least loaded, so the split is fixed. */
    long base[SQUARES + 1], size[SQUARES + 1], total_cone = 0, load[JOBS_MAX] = {0}, assignments = 0, rim = 0;
    int starts[JOBS_MAX][SQUARES], nstarts[JOBS_MAX] = {0}, order[SQUARES];
    for (int s = 1; s <= SQUARES; s++) {
        cone c = cone_of(s);
        base[s] = total_cone;
        size[s] = c.assignments * variants(&c, fills, rims) * SQUARES;
        total_cone += size[s];
        assignments += c.assignments;
        rim += c.assignments * (variants(&c, fills, rims) - fills) * SQUARES;
        order[s - 1] = s;
    }
    for (int i = 1; i < SQUARES; i++) /* insertion sort, largest first */
        for (int j = i; j > 0 && size[order[j]] > size[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (int i = 0; i < SQUARES; i++) {
        int least = 0;
        for (int j = 1; j < jobs; j++)
            if (load[j] < load[least])
                least = j;
        starts[least][nstarts[least]++] = order[i];
        load[least] += size[order[i]];
    }
    long total = total_cone + random_count;
    printf("verify: builds:");
    for (int k = 0; k < BUILDS; k++)
        printf(" %s%s", builds[k].name, k + 1 < BUILDS ? "," : "\n");
    printf("verify: exhaustive: %ld cone assignments (32 starts) x 32 ends, the rest ", assignments);
    for (int f = 0; f < fills; f++)
        printf("%s%s", fill_name[fill[f]], f + 1 < fills ? ", " : "");
    if (rims)
        printf("; rim squares black in every combination, the rest empty");
    printf(": %ld positions (%ld with rim)\n", total_cone, rim);
    printf("verify: random: %ld positions, seed %llu\n", random_count, seed);
    fflush(stdout);

    report *reps = mmap(NULL, sizeof(report) * (size_t)jobs, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                        -1, 0);
    if (reps == MAP_FAILED) {
        perror("verify: mmap");
        return 2;
    }
    memset(reps, 0, sizeof(report) * (size_t)jobs);
    pid_t pid[JOBS_MAX];
    for (int j = 0; j < jobs; j++) {
        pid[j] = fork();
        if (pid[j] < 0) {
            perror("verify: fork");
            return 2;
        }
        if (pid[j] == 0) {
            exhaustive(&reps[j], starts[j], nstarts[j], base, fill, fills, rims, seed);
            sampled(&reps[j], random_count, j, jobs, seed);
            _exit(0);
        }
    }

    bool tty = isatty(STDOUT_FILENO);
    double last = now();
    int running = jobs, crashed = 0;
    while (running) {
        struct timespec pause = {0, 200 * 1000 * 1000};
        nanosleep(&pause, NULL);
        for (int j = 0; j < jobs; j++) {
            int status;
            if (pid[j] > 0 && waitpid(pid[j], &status, WNOHANG) == pid[j]) {
                pid[j] = 0, running--;
                if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                    crashed++;
                    printf("%sverify: worker %d died (%s %d): a build crashed or hung\n", tty ? "\n" : "", j,
                           WIFSIGNALED(status) ? "signal" : "exit", WIFSIGNALED(status) ? WTERMSIG(status)
                                                                                        : WEXITSTATUS(status));
                }
            }
        }
        long done = 0;
        for (int j = 0; j < jobs; j++)
            done += atomic_load(&reps[j].done);
        if (tty || now() - last >= 20 || !running) {
            if (running || tty)
                progress(done, total, now() - t0, tty);
            last = now();
        }
    }
    if (tty)
        putchar('\n');

    long positions = 0, mismatches = 0;
    int faults = 0, kept = 0;
    finding all[JOBS_MAX * KEEP];
    for (int j = 0; j < jobs; j++) {
        positions += reps[j].positions, mismatches += reps[j].mismatches;
        for (int k = 0; k < reps[j].kept; k++)
            all[kept++] = reps[j].first[k];
        if (reps[j].faults && faults++ < KEEP)
            printf("verify: FAULT %s\n", reps[j].fault);
    }
    if (kept) {
        qsort(all, (size_t)kept, sizeof all[0], by_order);
        printf("verify: first mismatches as cases.tsv rows (challenge, english: the reference's verdicts):\n");
        for (int k = 0; k < kept && k < KEEP; k++) {
            finding *f = &all[k];
            print_list(f->black);
            putchar('\t');
            print_list(f->white);
            printf("\t%d\t%d\t%s\t%s\tverify %s %ld: %s\n", f->from, f->to, f->challenge ? "true" : "false",
                   f->english ? "true" : "false", f->phase ? "random" : "exhaustive", f->index, f->what);
        }
    }
    if (positions != total && !crashed)
        printf("verify: planned %ld positions, checked %ld\n", total, positions);
    printf("verify: %ld positions, %ld mismatches, %.1f s\n", positions, mismatches, now() - t0);
    return mismatches || faults || crashed || positions != total;
}
