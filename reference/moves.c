/* moves.c - listing moves, playing them, and counting them (perft). */
#include "moves.h"

#include <stdlib.h>

#include "rules.h"
#include "text.h"

/* ==================== Lists ==================== */

bool is_capture_move(const move *m) { return m->over[0] != NO_SQUARE; }

int move_end(const move *m) { return m->land[m->n - 1]; }

void move_list_free(move_list *l)
{
    free(l->at);
    *l = (move_list){0};
}

/* A list is as long as a position's moves, a few dozen; still, the
 * library's caller decides what running out of memory means, so the list
 * only remembers it (failed) and keeps what it has. */
void move_list_add(move_list *l, const move *m)
{
    if (l->failed)
        return;
    if (l->n == l->cap) {
        move *at = grow_array(l->at, &l->cap, l->n + 1, sizeof *at);
        if (at == NULL) {
            l->failed = true;
            return;
        }
        l->at = at;
    }
    l->at[l->n++] = *m;
}

/* ==================== Generating ==================== */

/* Grows the chain m (landed so far on m->land[0..n), having taken `taken`)
 * by every jump it can make; a complete chain goes into out.  The same test
 * as chain_may_end_at: it ends where a man is crowned or no jump is left. */
static void add_chains(const board *b, piece mover, move *m, taken_set taken, move_list *out)
{
    int at = m->n ? m->land[m->n - 1] : m->from;
    if (m->n > 0 && (crowns_on(mover, at) || !can_jump_on(b, mover, m->from, taken, at) || m->n == MAX_JUMPS)) {
        move_list_add(out, m); /* MAX_JUMPS is never the reason: see its comment */
        return;
    }
    for (int vert = UP; vert <= DOWN; vert += 2)
        for (int horiz = LEFT; horiz <= RIGHT; horiz += 2) {
            int land = jump_target(b, mover, m->from, taken, at, vert, horiz);
            if (land == NO_SQUARE)
                continue;
            m->over[m->n] = diagonal(at, vert, horiz, 1);
            m->land[m->n] = land;
            m->n++;
            add_chains(b, mover, m, taken | taken_bit(m->over[m->n - 1]), out);
            m->n--;
        }
}

static void add_captures(const board *b, int from, move_list *out)
{
    move m = {.from = from, .n = 0};
    add_chains(b, b->at[from], &m, 0, out);
}

static void add_steps(const board *b, int from, move_list *out)
{
    for (int vert = UP; vert <= DOWN; vert += 2)
        for (int horiz = LEFT; horiz <= RIGHT; horiz += 2) {
            int to = step_target(b, from, vert, horiz);
            if (to != NO_SQUARE) {
                move m = {.from = from, .n = 1, .land = {to}, .over = {NO_SQUARE}};
                move_list_add(out, &m);
            }
        }
}

void piece_moves(const board *b, int from, move_list *out)
{
    if (!on_board(from))
        return;
    size_t before = out->n;
    add_captures(b, from, out);
    if (out->n == before)
        add_steps(b, from, out);
}

void side_moves(const board *b, piece side, move_list *out)
{
    size_t before = out->n;
    for (int n = 1; n <= SQUARES; n++)
        if (side_of(b->at[n]) == side)
            add_captures(b, n, out);
    if (out->n > before) /* capture is mandatory for the side */
        return;
    for (int n = 1; n <= SQUARES; n++)
        if (side_of(b->at[n]) == side)
            add_steps(b, n, out);
}

static bool can_step(const board *b, int from)
{
    for (int vert = UP; vert <= DOWN; vert += 2)
        for (int horiz = LEFT; horiz <= RIGHT; horiz += 2)
            if (step_target(b, from, vert, horiz) != NO_SQUARE)
                return true;
    return false;
}

/* A side with a capture has a move, so the steps matter only without one:
 * any piece that can capture or step will do. */
bool side_has_move(const board *b, piece side)
{
    for (int n = 1; n <= SQUARES; n++)
        if (side_of(b->at[n]) == side && (can_capture(b, n) || can_step(b, n)))
            return true;
    return false;
}

/* ==================== Playing ==================== */

/* The piece leaves first: a king's chain may end where it started. */
void play(board *b, const move *m)
{
    piece p = b->at[m->from];
    int end = move_end(m);
    b->at[m->from] = EMPTY;
    for (int i = 0; i < m->n; i++)
        if (m->over[i] != NO_SQUARE)
            b->at[m->over[i]] = EMPTY;
    b->at[end] = crowns_on(p, end) ? crowned(p) : p;
}

void play_position(position *pos, const move *m)
{
    play(&pos->b, m);
    pos->turn = opponent_of(pos->turn);
}

/* ==================== perft ==================== */

/* Adds the sequences of `depth` (>= 1) moves from (b, side) to *count, with
 * lists[0..depth) as each level's list.  The last level is counted, not
 * played ("bulk counting"). */
static bool count_sequences(const board *b, piece side, int depth, move_list *lists, uint64_t *count)
{
    move_list *l = &lists[0];
    l->n = 0;
    side_moves(b, side, l);
    if (l->failed)
        return false;
    if (depth == 1) {
        if (*count > UINT64_MAX - l->n)
            return false;
        *count += l->n;
        return true;
    }
    for (size_t i = 0; i < l->n; i++) {
        board next = *b;
        play(&next, &l->at[i]);
        if (!count_sequences(&next, opponent_of(side), depth - 1, lists + 1, count))
            return false;
    }
    return true;
}

bool perft(const position *pos, int depth, uint64_t *count)
{
    *count = 0;
    if (depth <= 0) {
        *count = 1;
        return true;
    }
    move_list *lists = calloc((size_t)depth, sizeof *lists);
    if (lists == NULL)
        return false;
    bool ok = count_sequences(&pos->b, pos->turn, depth, lists, count);
    for (int i = 0; i < depth; i++)
        move_list_free(&lists[i]);
    free(lists);
    return ok;
}
