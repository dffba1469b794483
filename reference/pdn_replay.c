/* pdn_replay.c - a PDN record's moves replayed by the rules of game.h: each
 * move as read, and a move that names several captures told apart by the
 * rest of the record (the one reading that replays to the end wins). */
#include "pdn_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ==================== Replaying a record ==================== */

/* The moves of a record, and what replaying them may spend on readings. */
typedef struct {
    const pdn_word *w;
    size_t n;
    bool strict;
    long budget;        /* plies left to try readings of ambiguous captures */
    bool out_of_memory; /* somewhere in the tries: the replay's answer is none */
} script;

/* Where a replay ended: the game then, and the ply it stopped on (n when
 * every move was played), with the reason. */
typedef struct {
    game g;
    size_t stop;
    char reason[REASON_SIZE];
} replay;

static bool word_names(const pdn_word *w, const move *m) { return written_names(&w->m, m); }

/* How w's writing of m departs from notation.h's forms. */
static unsigned reading_of(const pdn_word *pw, const move *m)
{
    const written_move *w = &pw->m;
    unsigned how = 0;
    if (w->n == 0)
        how |= READ_UNSIGNED;
    else if (w->capture && w->dash)
        how |= READ_MIXED;
    else if (is_capture_move(m) && !w->capture)
        how |= READ_DASH_CAPTURE;
    else if (!is_capture_move(m) && w->capture)
        how |= READ_X_STEP;
    if (w->glued)
        how |= READ_GLUED;
    return how;
}

/* The written move find_move reasons about (strictly: as it was written). */
static written_move as_written(const pdn_word *w)
{
    written_move m = w->m;
    if (m.n == 0)
        m.n = 2, m.sq[0] = m.split[0][0], m.sq[1] = m.split[0][1];
    return m;
}

static bool replay_from(script *s, game g, size_t i, move *played, unsigned *how, replay *r);

/* The move at ply i names several of `legal` (idx[0..k)): plays each and
 * the rest of the record; true if exactly one reading replays to the end. */
static bool resolve(script *s, const game *g, size_t i, const move_list *legal, const int *idx, int k, move *played,
                    unsigned *how, replay *r)
{
    move *try_played = allocate(s->n, sizeof *try_played);
    unsigned *try_how = allocate(s->n, sizeof *try_how);
    replay sub;
    int wins = 0, won = -1;
    if (try_played == NULL || try_how == NULL)
        s->out_of_memory = true;
    for (int j = 0; j < k && s->budget > 0 && !s->out_of_memory; j++) {
        game h = *g;
        game_play(&h, &legal->at[idx[j]]);
        if (replay_from(s, h, i + 1, try_played, try_how, &sub)) {
            if (++wins == 1) {
                won = idx[j];
                memcpy(played + i + 1, try_played + i + 1, (s->n - i - 1) * sizeof *played);
                memcpy(how + i + 1, try_how + i + 1, (s->n - i - 1) * sizeof *how);
                r->g = sub.g;
            }
        }
    }
    free(try_played);
    free(try_how);
    if (wins == 1 && s->budget > 0 && !s->out_of_memory) {
        played[i] = legal->at[won];
        how[i] = reading_of(&s->w[i], &legal->at[won]) | READ_RESOLVED;
        r->stop = s->n;
        return true;
    }
    return false;
}

/* Plays the record's moves from ply i on g; true if all of them are legal.
 * played[i..] and how[i..] get the moves as read. */
static bool replay_from(script *s, game g, size_t i, move *played, unsigned *how, replay *r)
{
    move_list legal = {0};
    bool ok = true;
    for (; i < s->n; i++) {
        const pdn_word *w = &s->w[i];
        legal.n = 0;
        side_moves(&g.pos.b, g.pos.turn, &legal);
        if (legal.failed) {
            s->out_of_memory = true;
            snprintf(r->reason, REASON_SIZE, OUT_OF_MEMORY);
            ok = false;
            break;
        }
        outcome o = game_outcome(&g, legal.n > 0);
        if (o != IN_PLAY) {
            say_over(&g, o, r->reason);
            ok = false;
            break;
        }
        if (--s->budget <= 0) {
            snprintf(r->reason, REASON_SIZE, "too many readings of ambiguous captures to try");
            ok = false;
            break;
        }
        if (s->strict) {
            written_move m = as_written(w);
            int found = find_move(&g, &legal, &m, true, r->reason);
            if (found < 0) {
                ok = false;
                break;
            }
            played[i] = legal.at[found];
            how[i] = 0;
            game_play(&g, &legal.at[found]);
            continue;
        }
        int *idx = allocate(legal.n, sizeof *idx), k = 0;
        if (idx == NULL) {
            s->out_of_memory = true;
            snprintf(r->reason, REASON_SIZE, OUT_OF_MEMORY);
            ok = false;
            break;
        }
        for (size_t j = 0; j < legal.n; j++)
            if (word_names(w, &legal.at[j]))
                idx[k++] = (int)j;
        if (k == 1) {
            played[i] = legal.at[idx[0]];
            how[i] = reading_of(w, &legal.at[idx[0]]);
            game_play(&g, &legal.at[idx[0]]);
            free(idx);
            continue;
        }
        if (k == 0) {
            written_move m = as_written(w);
            find_move(&g, &legal, &m, true, r->reason);
        } else if (resolve(s, &g, i, &legal, idx, k, played, how, r)) {
            free(idx);
            move_list_free(&legal);
            return true;
        } else if (s->out_of_memory) {
            snprintf(r->reason, REASON_SIZE, OUT_OF_MEMORY);
        } else {
            /* Name the readings: "10x17x26 or 10x19x26". */
            size_t at = 0;
            at += (size_t)snprintf(r->reason, REASON_SIZE, "it names %d captures (", k);
            for (int j = 0; j < k && at < REASON_SIZE - 40; j++) {
                char text[MOVE_TEXT_SIZE];
                write_move(&legal.at[idx[j]], text);
                at += (size_t)snprintf(r->reason + at, REASON_SIZE - at, "%s%s", j ? j + 1 == k ? " or " : ", " : "",
                                       text);
            }
            if (at < REASON_SIZE)
                snprintf(r->reason + at, REASON_SIZE - at, "), and %s", s->budget <= 0 ? "there were too many readings to try"
                                                                      : "no single one lets the rest of the game replay legally");
        }
        free(idx);
        ok = false;
        break;
    }
    move_list_free(&legal);
    r->g = g;
    r->stop = i;
    return ok;
}

void pdn_replay_record(const pdn_record *r, const position *start, bool strict, pdn_replay *out)
{
    out->played = allocate(r->nwords, sizeof *out->played);
    out->how = allocate(r->nwords, sizeof *out->how);
    script s = {r->words, r->nwords, strict, 100000, false};
    replay rp = {.g = {*start, 0}, .stop = 0};
    out->ok = false;
    if (out->played == NULL || out->how == NULL) {
        s.out_of_memory = true;
        snprintf(rp.reason, REASON_SIZE, OUT_OF_MEMORY);
    } else {
        out->ok = replay_from(&s, (game){*start, 0}, 0, out->played, out->how, &rp);
    }
    out->ok = out->ok && !s.out_of_memory;
    if (out->ok && r->dropped) { /* PDN_MAX_PLIES says this cannot be: said, never passed over */
        out->ok = false;
        rp.stop = r->nwords - 1;
        snprintf(rp.reason, REASON_SIZE, "more than %d plies, more than a game of English checkers can have",
                 PDN_MAX_PLIES);
    }
    out->out_of_memory = s.out_of_memory;
    out->end = rp.g;
    out->stop = rp.stop;
    memcpy(out->reason, rp.reason, sizeof out->reason);
}

void pdn_replay_free(pdn_replay *rp)
{
    free(rp->played);
    free(rp->how);
}
