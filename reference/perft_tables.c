/* perft_tables.c - the table each count of the perft command gets, sized
 * to its depth, and --stats' line about it. */
#include "perft_tables.h"

#include <inttypes.h>
#include <stdio.h>

/* Below this depth a count is quick without a table (and without its memory). */
enum { TABLE_WORTH = 9 };


size_t entries_for(const table_store *s, int depth)
{
    if (s->exact)
        return s->asked;
    if (depth < TABLE_WORTH)
        return 0;
    if (depth < 22 && s->asked > (size_t)1 << (2 * depth - 4))
        return (size_t)1 << (2 * depth - 4);
    return s->asked;
}

perft_table *table_for(table_store *s, int depth, bool *no_memory)
{
    size_t want = entries_for(s, depth);
    *no_memory = false;
    if (want == 0)
        return NULL;
    if (s->t != NULL && perft_table_entries(s->t) * 2 > want)
        return s->t; /* big enough: the same rounding down to a power of two */
    perft_table_free(s->t);
    s->t = perft_table_new(want);
    if (s->t == NULL) {
        fprintf(stderr, "reference: no memory for a table of %zu entries (try a smaller --hash)\n", want);
        *no_memory = true;
        return NULL;
    }
    perft_table_count_uses(s->t, s->stats);
    return s->t;
}

static void size_text(size_t bytes, char out[32])
{
    snprintf(out, 32, bytes >> 20 ? "%zu MiB" : "%zu KiB", bytes >> (bytes >> 20 ? 20 : 10));
}

void print_stats(table_store *s, int depth, int threads, perft_count count, double seconds, double cpu)
{
    perft_table *t = s->t != NULL && entries_for(s, depth) > 0 ? s->t : NULL;
    char used[32] = "none", asked[32], why[96] = "";
    if (t != NULL)
        size_text(perft_table_entries(t) * perft_table_entry_bytes(), used);
    size_text(s->asked * perft_table_entry_bytes(), asked);
    if (t == NULL && s->asked > 0)
        snprintf(why, sizeof why, " (a perft %d is quick without one)", depth);
    else if (t != NULL && !s->exact && entries_for(s, depth) < s->asked)
        snprintf(why, sizeof why, " (of %s asked: a perft %d fills no more)", asked, depth);
    printf("table %s%s, threads %d, %.3f s, %.1f M leaves/s; cpu %.3f s, %.1f M leaves/s", used, why, threads,
           seconds, seconds > 0 ? (double)count / seconds / 1e6 : 0.0, cpu, cpu > 0 ? (double)count / cpu / 1e6 : 0.0);
    if (t != NULL) {
        perft_table_uses u = perft_table_take_uses(t);
        printf("; probes %" PRIu64 ", hits %" PRIu64 " (%.1f%%), stores %" PRIu64, u.probes, u.hits,
               u.probes ? 100.0 * (double)u.hits / (double)u.probes : 0.0, u.stores);
    }
    putchar('\n');
}
