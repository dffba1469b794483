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
    _Atomic uint64_t kings;  /* kings << 32 | half << 8 | depth << 1 | white to move */
    _Atomic uint64_t count;
} entry;

/* A count of 2^64 or more (a deep count: perft 64 of two kings is near
 * 2^110) takes both entries of a bucket: its low 64 bits in the first,
 * tagged LOW_HALF, its high ones in the second, tagged HIGH_HALF.  Each
 * half is read whole or not at all (its sequence number); two halves read
 * at different times are still one count, as a position's count at a depth
 * is the same whoever stores it.  One half alone is a miss. */
enum { WHOLE = 0, LOW_HALF = 1, HIGH_HALF = 2, HALF_SHIFT = 8 };
#define HALF_BITS ((uint64_t)3 << HALF_SHIFT)

struct perft_table {
    entry *at;
    size_t mask;   /* entries - 1 */
    bool counting; /* --stats: probes, hits and stores counted */
    _Atomic uint64_t probes, hits, stores;
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
    t->counting = false;
    atomic_init(&t->probes, 0);
    atomic_init(&t->hits, 0);
    atomic_init(&t->stores, 0);
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

/* If the entry holds p at depth (sides, kings, half 0), its word in *count
 * and which half it is (WHOLE, LOW_HALF, HIGH_HALF); else -1. */
static int entry_get(entry *e, uint64_t sides, uint64_t kings, uint64_t *count)
{
    uint64_t before = atomic_load_explicit(&e->seq, memory_order_acquire);
    if (before & 1)
        return -1;
    uint64_t s = atomic_load_explicit(&e->sides, memory_order_relaxed);
    uint64_t k = atomic_load_explicit(&e->kings, memory_order_relaxed);
    uint64_t c = atomic_load_explicit(&e->count, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    if (atomic_load_explicit(&e->seq, memory_order_relaxed) != before || s != sides || (k & ~HALF_BITS) != kings)
        return -1;
    *count = c;
    return (int)((k & HALF_BITS) >> HALF_SHIFT);
}

/* A bucket is two entries side by side (one cache line): the first keeps
 * the deeper tree, the second the newest. */
static entry *bucket(const perft_table *t, uint64_t sides, uint64_t kings)
{
    return &t->at[slot(t, sides, kings) & ~(size_t)1];
}

bool perft_table_get(perft_table *t, const fastpos *p, int depth, perft_count *count)
{
    uint64_t sides = sides_key(p), kings = kings_key(p, depth), first = 0, second = 0;
    entry *e = bucket(t, sides, kings);
    int half = entry_get(&e[0], sides, kings, &first), other = -1;
    bool hit = half == WHOLE;
    if (!hit && t->mask > 0) {
        other = entry_get(&e[1], sides, kings, &second);
        hit = other == WHOLE || (half == LOW_HALF && other == HIGH_HALF);
    }
    if (hit)
        *count = half == WHOLE ? first : other == WHOLE ? second : (perft_count)second << 64 | first;
    if (t->counting) {
        atomic_fetch_add_explicit(&t->probes, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&t->hits, hit, memory_order_relaxed);
    }
    return hit;
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

void perft_table_put(perft_table *t, const fastpos *p, int depth, perft_count count)
{
    uint64_t sides = sides_key(p), kings = kings_key(p, depth);
    entry *e = bucket(t, sides, kings);
    if (count > UINT64_MAX) { /* both entries: the halves (a one-entry table keeps none) */
        if (t->mask > 0) {
            entry_put(&e[0], sides, kings | (uint64_t)LOW_HALF << HALF_SHIFT, (uint64_t)count);
            entry_put(&e[1], sides, kings | (uint64_t)HIGH_HALF << HALF_SHIFT, (uint64_t)(count >> 64));
        }
    } else {
        int deepest = (int)(atomic_load_explicit(&e[0].kings, memory_order_relaxed) >> 1 & 0x7F);
        entry_put(depth >= deepest || t->mask == 0 ? &e[0] : &e[1], sides, kings, (uint64_t)count);
    }
    if (t->counting)
        atomic_fetch_add_explicit(&t->stores, 1, memory_order_relaxed);
}

void perft_table_count_uses(perft_table *t, bool on) { t->counting = on; }

perft_table_uses perft_table_take_uses(perft_table *t)
{
    return (perft_table_uses){atomic_exchange(&t->probes, 0), atomic_exchange(&t->hits, 0),
                              atomic_exchange(&t->stores, 0)};
}

size_t perft_table_entry_bytes(void) { return sizeof(entry); }
