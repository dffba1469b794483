/* game.c - moves played in turn, the draw counter, the result, and the
 * reasons for an illegal move or a move after the end, in words. */
#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "text.h"

/* ==================== The game ==================== */

bool is_progress(const board *b, const move *m) { return !is_king(b->at[m->from]) || is_capture_move(m); }

void game_play(game *g, const move *m)
{
    g->quiet = is_progress(&g->pos.b, m) ? 0 : g->quiet + 1;
    play_position(&g->pos, m);
}

outcome game_outcome(const game *g, bool can_move)
{
    if (!can_move)
        return g->pos.turn == WHITE ? BLACK_WINS : WHITE_WINS;
    return g->quiet >= DRAW_QUIET_MOVES ? DRAWN : IN_PLAY;
}

/* ==================== Finding a written move ==================== */

/* Does m have exactly w's squares? */
static bool same_path(const move *m, const written_move *w)
{
    if (m->from != w->sq[0] || m->n + 1 != w->n || is_capture_move(m) != w->capture)
        return false;
    for (int i = 0; i < m->n; i++)
        if (m->land[i] != w->sq[i + 1])
            return false;
    return true;
}

/* Is m a capture from w's first square to its second (w given by its ends)? */
static bool same_ends(const move *m, const written_move *w)
{
    return w->capture && w->n == 2 && is_capture_move(m) && m->from == w->sq[0] && move_end(m) == w->sq[1];
}

/* A reason being written: printf-style pieces appended, cut short if long. */
typedef struct {
    char *text;
    size_t at;
} writer;

static void say(writer *w, const char *what, ...)
{
    if (w->at >= REASON_SIZE - 1)
        return;
    va_list args;
    va_start(args, what);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): a false alarm, va_start is just above */
    int n = vsnprintf(w->text + w->at, REASON_SIZE - w->at, what, args);
    va_end(args);
    if (n > 0)
        w->at += (size_t)n < REASON_SIZE - w->at ? (size_t)n : REASON_SIZE - 1 - w->at;
}

/* Says the moves of `legal` that pass keep(m, from, to) (at most three, then
 * "..."), joined by ", " and a last " or ". */
static void say_moves(writer *w, const move_list *legal, bool (*keep)(const move *, int, int), int from, int to)
{
    enum { SHOWN = 3 };
    int shown = 0, total = 0;
    for (size_t i = 0; i < legal->n; i++)
        total += keep(&legal->at[i], from, to);
    for (size_t i = 0; i < legal->n && shown < SHOWN; i++)
        if (keep(&legal->at[i], from, to)) {
            char text[MOVE_TEXT_SIZE];
            write_move(&legal->at[i], text);
            shown++;
            say(w, "%s%s", shown == 1 ? "" : shown == total ? " or " : ", ", text);
        }
    if (total > SHOWN)
        say(w, " or another %d", total - SHOWN);
}

/* Filters for say_moves: every move, the moves from a square, the moves
 * from one square to another. */
static bool any_move(const move *m, int from, int to)
{
    (void)m, (void)from, (void)to;
    return true;
}

static bool from_square(const move *m, int from, int to)
{
    (void)to;
    return m->from == from;
}

static bool from_to(const move *m, int from, int to) { return m->from == from && move_end(m) == to; }

static const char *piece_name(piece p)
{
    if (side_of(p) == EMPTY)
        return "nothing";
    if (side_of(p) == BLACK)
        return is_king(p) ? "black king" : "black man";
    return is_king(p) ? "white king" : "white man";
}

/* Which way a side's men go, in words. */
static const char *forward_words(piece side)
{
    return side == WHITE ? "up the board, toward 1-4" : "down the board, toward 29-32";
}

/* The direction (vert, horiz) in which `to` is `steps` squares from `from`;
 * false if it is on no diagonal at that distance. */
static bool direction_to(int from, int to, int steps, int *vert, int *horiz)
{
    for (*vert = UP; *vert <= DOWN; *vert += 2)
        for (*horiz = LEFT; *horiz <= RIGHT; *horiz += 2)
            if (on_board(to) && diagonal(from, *vert, *horiz, steps) == to)
                return true;
    return false;
}

/* Why the step w (from -> to, written with -) is not legal. */
static void why_not_step(const board *b, const move_list *legal, const written_move *w, writer *r)
{
    int from = w->sq[0], to = w->sq[1], vert, horiz;
    piece p = b->at[from];
    if (legal->n > 0 && is_capture_move(&legal->at[0])) {
        say(r, "capture is mandatory: %s must take (", side_name(side_of(p)));
        say_moves(r, legal, any_move, 0, 0);
        say(r, ")");
    } else if (!direction_to(from, to, 1, &vert, &horiz)) {
        say(r, "%d is not diagonally next to %d: a step goes to a neighbouring square", to, from);
    } else if (!is_empty(b, to)) {
        say(r, "%d is taken by a %s: a step goes to an empty square", to, piece_name(b->at[to]));
    } else if (!may_go(p, vert)) {
        say(r, "a man moves only forward: %s men go %s", side_name(side_of(p)), forward_words(side_of(p)));
    } else {
        say(r, "no rule explains this (a bug: please report it)");
    }
}

/* Why the capture w, written with every landing or by its ends, is not one
 * of the legal ones: it walks w's jumps and names the first wrong one. */
static void why_not_capture(const board *b, const move_list *legal, const written_move *w, writer *r)
{
    int from = w->sq[0], vert, horiz;
    piece p = b->at[from];
    if (legal->n == 0 || !is_capture_move(&legal->at[0])) {
        if (w->n == 2 && is_step(b, from, w->sq[1]))
            say(r, "a step is written with -: %d-%d", from, w->sq[1]);
        else
            say(r, "there is nothing to capture: %s has no jump", side_name(side_of(p)));
        return;
    }
    if (!can_capture(b, from)) {
        say(r, "the %s on %d has no capture; %s can take: ", piece_name(p), from, side_name(side_of(p)));
        say_moves(r, legal, any_move, 0, 0);
        return;
    }
    if (w->n == 2 && !direction_to(from, w->sq[1], 2, &vert, &horiz)) {
        say(r, "no capture from %d ends on %d: its captures are ", from, w->sq[1]);
        say_moves(r, legal, from_square, from, 0);
        return;
    }
    taken_set taken = 0;
    int at = from;
    for (int i = 1; i < w->n; i++) {
        int next = w->sq[i];
        if (i > 1 && crowns_on(p, at)) {
            say(r, "the man is crowned on %d, and that ends its move", at);
            return;
        }
        if (!direction_to(at, next, 2, &vert, &horiz)) {
            say(r, "%d to %d is not a jump: a jump goes over a diagonal neighbour to the square beyond it", at, next);
            return;
        }
        int over = diagonal(at, vert, horiz, 1);
        if (!may_go(p, vert)) {
            say(r, "a man jumps only forward: %s men go %s", side_name(side_of(p)), forward_words(side_of(p)));
            return;
        }
        if ((taken & taken_bit(over)) != 0) {
            say(r, "the piece on %d is taken already: no piece is jumped twice", over);
            return;
        }
        if (!is_opponent(p, b->at[over])) {
            if (b->at[over] == EMPTY)
                say(r, "there is no piece on %d to jump", over);
            else
                say(r, "%d holds a %s: only the other side's pieces are taken", over, piece_name(b->at[over]));
            return;
        }
        if (!is_empty(b, next) && next != from) {
            say(r, "%d is taken by a %s: a jump lands on an empty square", next, piece_name(b->at[next]));
            return;
        }
        taken |= taken_bit(over);
        at = next;
    }
    if (!crowns_on(p, at) && can_jump_on(b, p, from, taken, at)) {
        say(r, "the capture must go on from %d, as capture is mandatory: ", at);
        say_moves(r, legal, from_square, from, 0);
        return;
    }
    say(r, "no rule explains this (a bug: please report it)");
}

/* find_move, strict: w as the notation writes it. */
static int find_written(const game *g, const move_list *legal, const written_move *w, char reason[REASON_SIZE])
{
    const board *b = &g->pos.b;
    writer r = {reason, 0};
    reason[0] = '\0';
    int by_ends = -1, ends = 0;
    for (size_t i = 0; i < legal->n; i++) {
        if (same_path(&legal->at[i], w))
            return (int)i;
        if (same_ends(&legal->at[i], w)) {
            by_ends = (int)i;
            ends++;
        }
    }
    if (ends == 1)
        return by_ends;
    int from = w->sq[0];
    piece p = b->at[from];
    char text[MOVE_TEXT_SIZE];
    write_written(w, text);
    if (ends > 1) {
        say(&r, "%s is ambiguous: ", text);
        say_moves(&r, legal, from_to, from, w->sq[1]);
        say(&r, "; give every landing");
    } else if (p == EMPTY) {
        say(&r, "there is no piece on %d", from);
    } else if (side_of(p) != g->pos.turn) {
        say(&r, "%d holds a %s, and %s is to move", from, piece_name(p), side_name(g->pos.turn));
    } else if (w->capture) {
        why_not_capture(b, legal, w, &r);
    } else {
        why_not_step(b, legal, w, &r);
    }
    return -1;
}

/* Does m have the squares sq[0..n): every landing, or the two ends of a
 * capture? */
static bool names(const move *m, const int *sq, int n)
{
    if (m->from != sq[0])
        return false;
    if (n == 2 && move_end(m) == sq[1] && is_capture_move(m))
        return true;
    if (n != m->n + 1)
        return false;
    for (int i = 0; i < m->n; i++)
        if (m->land[i] != sq[i + 1])
            return false;
    return true;
}

bool written_names(const written_move *w, const move *m)
{
    if (w->n > 0)
        return names(m, w->sq, w->n);
    for (int i = 0; i < w->splits; i++)
        if (names(m, w->split[i], 2))
            return true;
    return false;
}

/* Does m have exactly w's squares, whatever its signs? */
static bool same_squares(const written_move *w, const move *m)
{
    written_move plain = *w;
    plain.capture = is_capture_move(m);
    return w->n > 0 && same_path(m, &plain);
}

/* w as the notation would write it, to say why it names no legal move: its
 * squares (1118 as its first reading), a capture when `several` captures
 * share its ends, when it has more than two squares, or when it is written
 * with x and its squares are no neighbours; else a step. */
static written_move as_notation(const written_move *w, bool several)
{
    written_move m = *w;
    int vert, horiz;
    if (w->n == 0) {
        m.n = 2;
        m.sq[0] = w->split[0][0], m.sq[1] = w->split[0][1];
    }
    m.capture = several || m.n > 2 || (w->capture && !direction_to(m.sq[0], m.sq[1], 1, &vert, &horiz));
    return m;
}

int find_move(const game *g, const move_list *legal, const written_move *w, bool strict, char reason[REASON_SIZE])
{
    if (strict)
        return find_written(g, legal, w, reason);
    /* The legal moves its squares name, whatever its signs: every landing
     * given is the one move that has them, else the one its ends name. */
    int exact = -1, exacts = 0, named = -1, nameds = 0;
    for (size_t i = 0; i < legal->n; i++) {
        if (same_squares(w, &legal->at[i]))
            exact = (int)i, exacts++;
        if (written_names(w, &legal->at[i]))
            named = (int)i, nameds++;
    }
    if (exacts == 1)
        return exact;
    if (nameds == 1)
        return named;
    written_move m = as_notation(w, nameds > 1);
    find_written(g, legal, &m, reason);
    return -1;
}

/* ==================== Replaying written moves ==================== */

/* Plays w on g if it is legal; else false, and why in reason. */
static bool play_written(game *g, const written_move *w, bool strict, char reason[REASON_SIZE])
{
    move_list legal = {0};
    side_moves(&g->pos.b, g->pos.turn, &legal);
    outcome o = game_outcome(g, legal.n > 0);
    int found = -1;
    if (legal.failed)
        snprintf(reason, REASON_SIZE, OUT_OF_MEMORY);
    else if (o != IN_PLAY)
        say_over(g, o, reason);
    else
        found = find_move(g, &legal, w, strict, reason);
    if (found >= 0)
        game_play(g, &legal.at[found]);
    move_list_free(&legal);
    return found >= 0;
}

void game_replay(game *g, const char *text, size_t len, int column, bool strict, replay_stop *stop)
{
    movetext t = {text, len, 0, column, strict};
    char err[NOTATION_ERROR_SIZE];
    *stop = (replay_stop){.number = 0};
    for (size_t number = 1;; number++) {
        bool read = next_move(&t, &stop->move, &stop->at, &stop->len, err);
        if (!read && err[0] == '\0')
            return;
        stop->number = number;
        if (!read) {
            stop->malformed = true;
            snprintf(stop->reason, REASON_SIZE, "%s", err);
            return;
        }
        if (!play_written(g, &stop->move, strict, stop->reason))
            return;
        stop->number = 0;
    }
}

/* ==================== The outcome in words ==================== */

const char *outcome_words(outcome o)
{
    switch (o) {
    case BLACK_WINS:
        return "black wins";
    case WHITE_WINS:
        return "white wins";
    case DRAWN:
        return "draw";
    case IN_PLAY:
        break;
    }
    return "in play";
}

void say_over(const game *g, outcome o, char reason[REASON_SIZE])
{
    if (o == DRAWN)
        snprintf(reason, REASON_SIZE,
                 "the game is over: drawn, as %d single moves passed without a man moving or a capture", g->quiet);
    else
        snprintf(reason, REASON_SIZE, "the game is over: %s has no move, and %s", side_name(g->pos.turn),
                 outcome_words(o));
}
