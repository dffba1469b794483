/* table.c - perft's transposition table: the count of a position's tree at
 * a depth, shared by every thread without a lock.  It sits below the fast
 * generator, which looks counts up and stores them (fastgen.c), and the
 * perft engine, which makes the tables (perft.c). */
#include "table.h"

#include <stdatomic.h>
#include <stdlib.h>

/* One entry: a sequence number (odd while written), the position, its depth
 * and its count.  Readers check the number before and after, so a torn
 * entry is a miss, never a wrong count; every field is atomic, so two
 * threads on one entry are no data race. */
typedef struct {
    _Atomic uint64_t seq;
    _Atomic uint64_t sides;  /* black << 32 | white */
    _Atomic uint64_t kings;  /* kings << 32 | depth << 1 | white to move */
    _Atomic uint64_t count;
} entry;

struct perft_table {
    entry *at;
    size_t mask; /* entries - 1 */
};

perft_table *perft_table_new(size_t entries)
{
    size_t n = 1;
    while (n <= entries / 2)
        n *= 2;
    perft_table *t = malloc(sizeof *t);
    if (t == NULL)
        return NULL;
    t->at = calloc(n, sizeof *t->at); /* all zero: depth 0, never asked for */
    if (t->at == NULL) {
        free(t);
        return NULL;
    }
    t->mask = n - 1;
    return t;
}

void perft_table_free(perft_table *t)
{
    if (t != NULL)
        free(t->at);
    free(t);
}

size_t perft_table_entries(const perft_table *t) { return t->mask + 1; }

static uint64_t sides_key(const fastpos *p) { return (uint64_t)p->black << 32 | p->white; }
static uint64_t kings_key(const fastpos *p, int depth)
{
    return (uint64_t)p->kings << 32 | (uint64_t)depth << 1 | (uint64_t)p->white_to_move;
}

/* A mix of every bit of a position at a depth (sides, kings). */
static uint64_t mix(uint64_t sides, uint64_t kings)
{
    uint64_t h = sides * 0x9E3779B97F4A7C15U ^ kings * 0xC2B2AE3D27D4EB4FU;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9U;
    h ^= h >> 29;
    return h;
}

uint64_t perft_hash(const fastpos *p, int depth) { return mix(sides_key(p), kings_key(p, depth)); }

/* Where p at depth goes. */
static size_t slot(const perft_table *t, uint64_t sides, uint64_t kings) { return (size_t)mix(sides, kings) & t->mask; }

/* The entry's count if it holds p at depth (sides, kings), else false. */
static bool entry_get(entry *e, uint64_t sides, uint64_t kings, uint64_t *count)
{
    uint64_t before = atomic_load_explicit(&e->seq, memory_order_acquire);
    if (before & 1)
        return false;
    uint64_t s = atomic_load_explicit(&e->sides, memory_order_relaxed);
    uint64_t k = atomic_load_explicit(&e->kings, memory_order_relaxed);
    uint64_t c = atomic_load_explicit(&e->count, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    if (atomic_load_explicit(&e->seq, memory_order_relaxed) != before || s != sides || k != kings)
        return false;
    *count = c;
    return true;
}

/* A bucket is two entries side by side (one cache line): the first keeps
 * the deeper tree, the second the newest. */
static entry *bucket(const perft_table *t, uint64_t sides, uint64_t kings)
{
    return &t->at[slot(t, sides, kings) & ~(size_t)1];
}

bool perft_table_get(perft_table *t, const fastpos *p, int depth, uint64_t *count)
{
    uint64_t sides = sides_key(p), kings = kings_key(p, depth);
    entry *e = bucket(t, sides, kings);
    return entry_get(&e[0], sides, kings, count) || (t->mask > 0 && entry_get(&e[1], sides, kings, count));
}

static void entry_put(entry *e, uint64_t sides, uint64_t kings, uint64_t count)
{
    uint64_t seq = atomic_load_explicit(&e->seq, memory_order_relaxed);
    if ((seq & 1) || !atomic_compare_exchange_strong_explicit(&e->seq, &seq, seq + 1, memory_order_acquire,
                                                              memory_order_relaxed))
        return; /* another thread is writing it: skip */
    atomic_store_explicit(&e->sides, sides, memory_order_relaxed);
    atomic_store_explicit(&e->kings, kings, memory_order_relaxed);
    atomic_store_explicit(&e->count, count, memory_order_relaxed);
    atomic_store_explicit(&e->seq, seq + 2, memory_order_release);
}

void perft_table_put(perft_table *t, const fastpos *p, int depth, uint64_t count)
{
    uint64_t sides = sides_key(p), kings = kings_key(p, depth);
    entry *e = bucket(t, sides, kings);
    int deepest = (int)(atomic_load_explicit(&e[0].kings, memory_order_relaxed) >> 1 & 0x7F);
    entry_put(depth >= deepest || t->mask == 0 ? &e[0] : &e[1], sides, kings, count);
}

size_t perft_table_entry_bytes(void) { return sizeof(entry); }
