/* library.c - the library's interface (checkers.h) over the readable
 * rules: each ck_ function converts its arguments to the rules' own types
 * and calls the module that answers it.  Nothing here decides a rule.
 * Running out of memory is the caller's to handle: the modules below mark
 * it (a list's or a buffer's failed, a record's out_of_memory), and each
 * ck_ function that allocates checks them once and says CK_OUT_OF_MEMORY.
 * Nothing the caller gives is trusted: each ck_ function checks its
 * arguments first (the checks below), and the rules' modules are only
 * ever handed what passed. */
#ifndef CK_NO_NONNULL
#define CK_NO_NONNULL /* the checks of NULL below must stay: no nonnull marks here */
#endif
#include "checkers.h"
#include "library.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "fastgen.h"
#include "game.h"
#include "moves.h"
#include "notation.h"
#include "pdn.h"
#include "pdn_replay.h"
#include "perft.h"
#include "rules.h"
#include "table.h"
#include "text.h"

/* The public sizes hold what the rules write, and the pieces and rules are
 * the same numbers on both sides. */
_Static_assert((int)CK_SQUARES == SQUARES && (int)CK_MAX_JUMPS == MAX_JUMPS, "the board's sizes");
_Static_assert((int)CK_FEN_SIZE >= FEN_SIZE && (int)CK_MOVE_SIZE >= MOVE_TEXT_SIZE, "room for a FEN and a move");
_Static_assert((int)CK_ERROR_SIZE >= NOTATION_ERROR_SIZE && (int)CK_ERROR_SIZE >= REASON_SIZE, "room for a message");
_Static_assert((int)CK_COUNT_SIZE >= COUNT_TEXT_SIZE, "room for a count");
_Static_assert((int)CK_EMPTY == EMPTY && (int)CK_BLACK == BLACK && (int)CK_WHITE == WHITE && (int)CK_KING == KING,
               "the pieces");
_Static_assert((int)CK_RULE_CHALLENGE == RULE_CHALLENGE && (int)CK_RULE_ENGLISH == RULE_ENGLISH, "the rules");

const char *ck_version(void) { return CK_VERSION; }

/* ==================== The rules' types and ours ==================== */

static position position_in(const ck_position *p)
{
    position q = {empty_board(), (piece)p->turn};
    for (int n = 1; n <= SQUARES; n++)
        q.b.at[n] = (piece)p->at[n];
    return q;
}

static ck_position position_out(const position *q)
{
    ck_position p = {{CK_EMPTY}, (ck_piece)q->turn};
    for (int n = 1; n <= SQUARES; n++)
        p.at[n] = (ck_piece)q->b.at[n];
    return p;
}

ck_position as_ck(const position *pos) { return position_out(pos); }

static move move_in(const ck_move *m)
{
    move q = {m->from, m->n, {0}, {0}};
    for (int i = 0; i < MAX_JUMPS; i++)
        q.land[i] = m->land[i], q.over[i] = m->over[i];
    return q;
}

static ck_move move_out(const move *q)
{
    ck_move m = {q->from, q->n, {0}, {0}};
    for (int i = 0; i < MAX_JUMPS; i++)
        m.land[i] = q->land[i], m.over[i] = q->over[i];
    return m;
}

static ck_outcome outcome_out(outcome o)
{
    return o == BLACK_WINS ? CK_BLACK_WINS : o == WHITE_WINS ? CK_WHITE_WINS : o == DRAWN ? CK_DRAWN : CK_IN_PLAY;
}

/* A message into the caller's buffer, which may be NULL. */
static void tell(char *err, const char *what)
{
    if (err)
        snprintf(err, CK_ERROR_SIZE, "%s", what);
}

/* ==================== What the caller gives: the checks ==================== */

/* A printf-formatted refusal into err (which may be NULL); always false. */
static bool refuse(char *err, const char *what, ...)
{
    char why[CK_ERROR_SIZE];
    va_list args;
    va_start(args, what);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): a false alarm, va_start is just above */
    vsnprintf(why, sizeof why, what, args);
    va_end(args);
    tell(err, why);
    return false;
}

/* A pointer the caller must give: false, named in err, if it is NULL. */
static bool given(const void *p, const char *name, char *err)
{
    return p != NULL || refuse(err, "%s: NULL", name);
}

static bool is_piece(ck_piece p)
{
    return p == CK_EMPTY || p == CK_BLACK || p == CK_WHITE || p == CK_BLACK_KING || p == CK_WHITE_KING;
}

static const char *piece_name(ck_piece p)
{
    return p == CK_BLACK ? "CK_BLACK" : p == CK_WHITE ? "CK_WHITE" : p == CK_BLACK_KING ? "CK_BLACK_KING" : "CK_WHITE_KING";
}

/* Every square of pos holds a ck_piece, and at[0], no square, nothing: the
 * rules may read it (what ck_is_legal asks of the challenge's boards). */
static bool board_ok(const ck_position *pos, char *err)
{
    if (!given(pos, "pos", err))
        return false;
    if (pos->at[0] != CK_EMPTY)
        return refuse(err, "at[0]: %d, but there is no square 0 (it holds CK_EMPTY)", (int)pos->at[0]);
    for (int n = 1; n <= CK_SQUARES; n++)
        if (!is_piece(pos->at[n]))
            return refuse(err, "square %d: %d is no ck_piece", n, (int)pos->at[n]);
    return true;
}

/* pos is a position of the game: board_ok, a side to move, and what
 * read_fen asks of a FEN (its place()): no man on the row where it would
 * have been crowned, at most MAX_PIECES a side.  (The suite holds the two
 * to each other: tests/fuzz/fuzz_api.c's ck_valid against the FEN read
 * back.) */
static bool position_ok(const ck_position *pos, char *err)
{
    if (!board_ok(pos, err))
        return false;
    if (pos->turn != CK_BLACK && pos->turn != CK_WHITE)
        return refuse(err, "turn: %d is neither CK_BLACK nor CK_WHITE", (int)pos->turn);
    int pieces[CK_WHITE + 1] = {0};
    for (int n = 1; n <= CK_SQUARES; n++) {
        piece p = (piece)pos->at[n], side = side_of(p);
        if (crowns_on(p, n))
            return refuse(err, "square %d: a %s man on %d would have been crowned (%s men crown on %s): %s is a king", n,
                          side_name(side), n, side_name(side), side == WHITE ? "1-4" : "29-32",
                          piece_name((ck_piece)crowned(p)));
        if (side != EMPTY && ++pieces[side] > MAX_PIECES)
            return refuse(err, "%s has more than %d pieces (the %dth is on %d)", side_name(side), MAX_PIECES,
                          pieces[side], n);
    }
    return true;
}

/* A game: its position, and quiet 0 to the draw's count. */
static bool game_ok(const ck_game *g, char *err)
{
    if (!given(g, "game", err) || !position_ok(&g->pos, err))
        return false;
    return (g->quiet >= 0 && g->quiet <= DRAW_QUIET_MOVES) ||
           refuse(err, "quiet: %d is not 0-%d", g->quiet, DRAW_QUIET_MOVES);
}

/* Is `to` one diagonal step (steps 1) or jump (steps 2) from `from`, and
 * which square is between (a jump's)? */
static bool diagonal_of(int from, int to, int steps, int *between)
{
    static const int vert[] = {UP, UP, DOWN, DOWN}, horiz[] = {LEFT, RIGHT, LEFT, RIGHT};
    for (int d = 0; d < 4; d++)
        if (diagonal(from, vert[d], horiz[d], steps) == to) {
            *between = diagonal(from, vert[d], horiz[d], 1);
            return true;
        }
    return false;
}

/* m has a move's shape (whatever the position): n 1-12, squares on the
 * board, a step one diagonal step, a capture jumps over the square
 * between each of its landings. */
static bool move_ok(const ck_move *m, char *err)
{
    if (!given(m, "move", err))
        return false;
    if (m->n < 1 || m->n > CK_MAX_JUMPS)
        return refuse(err, "move: n is %d, not 1-%d", m->n, CK_MAX_JUMPS);
    if (!on_board(m->from))
        return refuse(err, "move: from is %d, not a square 1-32", m->from);
    bool capture = m->over[0] != NO_SQUARE;
    if (!capture && m->n != 1)
        return refuse(err, "move: a step (over[0] 0) lands once, not n %d times", m->n);
    for (int i = 0, at = m->from, between; i < m->n; at = m->land[i++]) {
        if (!on_board(m->land[i]))
            return refuse(err, "move: land[%d] is %d, not a square 1-32", i, m->land[i]);
        if (!diagonal_of(at, m->land[i], capture ? 2 : 1, &between))
            return refuse(err, "move: %d to %d is no diagonal %s", at, m->land[i], capture ? "jump" : "step");
        if (capture && m->over[i] != between)
            return refuse(err, "move: over[%d] is %d, but %d to %d jumps over %d", i, m->over[i], at, m->land[i],
                          between);
    }
    return true;
}

/* ==================== Positions ==================== */

ck_position ck_start(void)
{
    position q = initial_position();
    return position_out(&q);
}

bool ck_from_fen(const char *fen, ck_position *pos, char err[CK_ERROR_SIZE])
{
    if (!given(fen, "fen", err) || !given(pos, "pos", err))
        return false;
    position q;
    char why[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (!read_fen(fen, strlen(fen), 1, false, &q, why, note)) {
        tell(err, why);
        return false;
    }
    *pos = position_out(&q);
    return true;
}

/* A text the caller gave room for: false, named in err, if out is NULL;
 * else "" until it is written (what a refusal leaves). */
static bool text_out(char *out, char *err)
{
    if (!given(out, "out", err))
        return false;
    out[0] = '\0';
    return true;
}

bool ck_to_fen(const ck_position *pos, char out[CK_FEN_SIZE], char err[CK_ERROR_SIZE])
{
    if (!text_out(out, err) || !position_ok(pos, err))
        return false;
    position q = position_in(pos);
    write_fen(&q, out);
    return true;
}

bool ck_valid(const ck_position *pos, char err[CK_ERROR_SIZE]) { return position_ok(pos, err); }

/* ==================== Moves ==================== */

bool ck_moves(const ck_position *pos, ck_move *out, size_t max, size_t *count, char err[CK_ERROR_SIZE])
{
    if (!given(count, "count", err))
        return false;
    *count = 0;
    if (!position_ok(pos, err))
        return false;
    if (out == NULL && max > 0)
        return refuse(err, "out: NULL, with max %zu", max);
    position q = position_in(pos);
    move_list legal = {0};
    side_moves(&q.b, q.turn, &legal);
    bool ok = !legal.failed;
    for (size_t i = 0; ok && i < legal.n && i < max; i++)
        out[i] = move_out(&legal.at[i]);
    *count = ok ? legal.n : 0;
    if (!ok)
        tell(err, CK_OUT_OF_MEMORY);
    move_list_free(&legal);
    return ok;
}

bool ck_move_text(const ck_move *m, char out[CK_MOVE_SIZE], char err[CK_ERROR_SIZE])
{
    if (!text_out(out, err) || !move_ok(m, err))
        return false;
    move q = move_in(m);
    write_move(&q, out);
    return true;
}

/* Is a the same move as b: from, n, and each landing and piece taken? */
static bool same_move(const move *a, const move *b)
{
    if (a->from != b->from || a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->land[i] != b->land[i] || a->over[i] != b->over[i])
            return false;
    return true;
}

bool ck_play_move(ck_position *pos, const ck_move *m, char err[CK_ERROR_SIZE])
{
    if (!position_ok(pos, err) || !move_ok(m, err))
        return false;
    position q = position_in(pos);
    move r = move_in(m);
    move_list legal = {0};
    side_moves(&q.b, q.turn, &legal);
    const move *found = NULL;
    for (size_t i = 0; !legal.failed && i < legal.n && found == NULL; i++)
        if (same_move(&legal.at[i], &r))
            found = &legal.at[i];
    if (found != NULL) {
        play_position(&q, found);
        *pos = position_out(&q);
    } else if (legal.failed)
        tell(err, CK_OUT_OF_MEMORY);
    else {
        char text[MOVE_TEXT_SIZE];
        write_move(&r, text);
        refuse(err, "move: %s is not one of %s's legal moves here", text, side_name(q.turn));
    }
    move_list_free(&legal);
    return found != NULL;
}

bool ck_play(ck_position *pos, const char *move, char reason[CK_ERROR_SIZE])
{
    if (!position_ok(pos, reason) || !given(move, "move", reason))
        return false;
    game g = {position_in(pos), 0};
    replay_stop stop;
    movetext t = {move, strlen(move), 0, 1, false};
    written_move w;
    size_t at, len;
    char err[NOTATION_ERROR_SIZE];
    bool first = next_move(&t, &w, &at, &len, err);
    if (!first || next_move(&t, &w, &at, &len, err)) { /* exactly one move: a first, and no second */
        tell(reason, err[0] != '\0' ? err : "one move is needed, such as 11-15 (ck_replay plays several)");
        return false;
    }
    game_replay(&g, move, strlen(move), 1, false, &stop);
    if (stop.number > 0) {
        tell(reason, stop.reason);
        return false;
    }
    *pos = position_out(&g.pos);
    return true;
}

/* ==================== Games ==================== */

static game game_in(const ck_game *g) { return (game){position_in(&g->pos), g->quiet}; }

bool ck_outcome_of(const ck_game *g, ck_outcome *outcome, char err[CK_ERROR_SIZE])
{
    if (!game_ok(g, err) || !given(outcome, "outcome", err))
        return false;
    game q = game_in(g);
    *outcome = outcome_out(game_outcome(&q, side_has_move(&q.pos.b, q.pos.turn)));
    return true;
}

size_t ck_replay(ck_game *g, const char *moves, char reason[CK_ERROR_SIZE])
{
    if (!game_ok(g, reason) || !given(moves, "moves", reason))
        return CK_REPLAY_REFUSED;
    game q = game_in(g);
    replay_stop stop;
    game_replay(&q, moves, strlen(moves), 1, false, &stop);
    if (stop.number > 0)
        tell(reason, stop.reason);
    g->pos = position_out(&q.pos);
    g->quiet = q.quiet;
    return stop.number;
}

/* ==================== Perft ==================== */

struct ck_table {
    perft_table *t;
};

ck_table *ck_table_new(size_t mib)
{
    if (mib == 0 || mib > (size_t)1 << 20)
        return NULL;
    ck_table *t = malloc(sizeof *t);
    if (t == NULL)
        return NULL;
    t->t = perft_table_new(mib * ((size_t)1 << 20) / 32);
    if (t->t == NULL) {
        free(t);
        return NULL;
    }
    return t;
}

void ck_table_free(ck_table *t)
{
    if (t == NULL)
        return;
    perft_table_free(t->t);
    free(t);
}

bool ck_perft(const ck_position *pos, int depth, ck_table *t, int threads, ck_count *count, char err[CK_ERROR_SIZE])
{
    if (!position_ok(pos, err) || !given(count, "count", err))
        return false;
    if (depth < 0 || depth > 64 || threads < 1 || threads > 1024) {
        tell(err, depth < 0 || depth > 64 ? "depth: not 0-64" : "threads: not 1-1024");
        return false;
    }
    position q = position_in(pos);
    fastpos p = fastpos_of(&q);
    perft_options o = {.threads = threads};
    perft_result r = perft_count_tree(&p, depth, t ? t->t : NULL, &o, "perft");
    if (r.out_of_memory || r.count == PERFT_COUNT_MAX) {
        tell(err, r.out_of_memory ? CK_OUT_OF_MEMORY : "the count passes 2^128 - 1");
        return false;
    }
    perft_count c = r.count;
    count->high = (uint64_t)(c >> 64);
    count->low = (uint64_t)c;
    return true;
}

void ck_count_text(ck_count c, char out[CK_COUNT_SIZE])
{
    if (out == NULL)
        return;
    write_count((perft_count)c.high << 64 | c.low, out);
}

/* ==================== PDN files ==================== */

/* The records of a text or a file (pdn.h's stream: a file is read a line
 * at a time, so its memory is the longest record's); the last record's
 * text, its replay, its moves in our types, its tags as strings; why
 * reading stopped (NULL: not, or at the end). */
struct ck_pdn {
    pdn_stream *stream; /* NULL: an argument was refused (error says which) */
    const char *piece;  /* the last record's text */
    bool strict;
    const char *error;
    long records;
    pdn_replay replay;
    ck_move *moves;
    size_t move_cap;
    buffer strings;
    ck_tag *tags;
    size_t tag_cap;
};

/* Stops the reader for want of memory: no record now, nor after. */
static bool no_memory(ck_pdn *p)
{
    p->error = CK_OUT_OF_MEMORY;
    return false;
}

/* A reader over stream (taken), or NULL if there is no memory for it. */
static ck_pdn *pdn_over(pdn_stream *stream, bool strict)
{
    ck_pdn *p = stream != NULL ? calloc(1, sizeof *p) : NULL;
    if (p == NULL) {
        pdn_stream_free(stream);
        return NULL;
    }
    p->stream = stream;
    p->strict = strict;
    return p;
}

/* A reader that gives no record, and why (an argument refused). */
static ck_pdn *refusing(const char *why, bool strict)
{
    ck_pdn *p = calloc(1, sizeof *p);
    if (p != NULL) {
        p->strict = strict;
        p->error = why;
    }
    return p;
}

ck_pdn *ck_pdn_open(const char *text, size_t len, bool strict)
{
    if (text == NULL && len > 0)
        return refusing("text: NULL, with a length", strict);
    return pdn_over(pdn_stream_text(text != NULL ? text : "", len, strict), strict);
}

ck_pdn *ck_pdn_open_file(FILE *in, bool strict)
{
    if (in == NULL)
        return refusing("in: NULL", strict);
    return pdn_over(pdn_stream_file(in, strict), strict);
}

/* r's tags into p->tags: each name and value NUL-terminated in p->strings,
 * the value's escapes (\" and \\) undone.  False if there is no memory. */
static bool copy_tags(ck_pdn *p, const pdn_record *r)
{
    const char *text = p->piece;
    ck_tag *tags = grow_array(p->tags, &p->tag_cap, r->ntags, sizeof *tags);
    if (tags == NULL && r->ntags > 0)
        return false;
    p->tags = tags;
    p->strings.len = 0;
    for (size_t i = 0; i < r->ntags; i++) {
        const pdn_tag *g = &r->tags[i];
        append(&p->strings, text + g->name_at, g->name_len);
        append(&p->strings, "", 1);
        for (size_t j = 0; j < g->value_len; j++) {
            if (text[g->value_at + j] == '\\' && j + 1 < g->value_len)
                j++;
            append(&p->strings, text + g->value_at + j, 1);
        }
        append(&p->strings, "", 1);
    }
    if (p->strings.failed)
        return false;
    const char *at = p->strings.text; /* where the strings stay, once all are in */
    for (size_t i = 0; i < r->ntags; i++) {
        p->tags[i].name = at;
        at += strlen(at) + 1;
        p->tags[i].value = at;
        at += strlen(at) + 1;
    }
    return true;
}

bool ck_pdn_next(ck_pdn *p, ck_record *out)
{
    if (p == NULL)
        return false;
    if (out == NULL) {
        p->error = p->error != NULL ? p->error : "record: NULL";
        return false;
    }
    pdn_record *r;
    pdn_replay_free(&p->replay);
    p->replay = (pdn_replay){.played = NULL};
    if (p->error != NULL || !pdn_stream_next(p->stream, &r, &p->piece)) {
        p->error = p->error != NULL ? p->error : pdn_stream_error(p->stream);
        return false;
    }
    position start;
    char note[FEN_NOTE_SIZE];
    *out = (ck_record){.line = r->first_line, .number = ++p->records};
    if (r->out_of_memory || !copy_tags(p, r))
        return no_memory(p);
    out->tags = p->tags;
    out->ntags = r->ntags;
    bool started = !r->bad && pdn_start(p->piece, r, p->strict, &start, note);
    if (r->out_of_memory)
        return no_memory(p);
    if (!started) {
        out->verdict = CK_RECORD_MALFORMED;
        out->start = out->end.pos = ck_start();
        out->error_line = r->bad_line;
        out->error_column = r->bad_col;
        snprintf(out->reason, sizeof out->reason, "%s", r->bad_what);
        return true;
    }
    pdn_replay_record(r, &start, p->strict, &p->replay);
    const pdn_replay *rp = &p->replay;
    if (rp->out_of_memory)
        return no_memory(p);
    ck_move *moves = grow_array(p->moves, &p->move_cap, rp->stop, sizeof *moves);
    if (moves == NULL && rp->stop > 0)
        return no_memory(p);
    p->moves = moves;
    for (size_t i = 0; i < rp->stop; i++)
        p->moves[i] = move_out(&rp->played[i]);
    out->verdict = rp->ok ? CK_RECORD_LEGAL : CK_RECORD_ILLEGAL;
    out->start = position_out(&start);
    out->moves = p->moves;
    out->plies = rp->stop;
    out->end = (ck_game){position_out(&rp->end.pos), rp->end.quiet};
    out->outcome = outcome_out(game_outcome(&rp->end, side_has_move(&rp->end.pos.b, rp->end.pos.turn)));
    if (!rp->ok) {
        const pdn_word *w = &r->words[rp->stop];
        out->ply = rp->stop + 1;
        pdn_move_number(w, rp->stop, start.turn, out->number_text);
        snprintf(out->move, sizeof out->move, "%.*s", (int)(w->len < CK_MOVE_SIZE - 1 ? w->len : CK_MOVE_SIZE - 1),
                 p->piece + w->at);
        snprintf(out->reason, sizeof out->reason, "%s", rp->reason);
    }
    return true;
}

const char *ck_pdn_error(const ck_pdn *p) { return p != NULL ? p->error : "reader: NULL"; }

void ck_pdn_close(ck_pdn *p)
{
    if (p == NULL)
        return;
    pdn_stream_free(p->stream);
    pdn_replay_free(&p->replay);
    free(p->moves);
    free(p->strings.text);
    free(p->tags);
    free(p);
}

/* ==================== The challenge's question ==================== */

bool ck_is_legal(const ck_position *pos, int from, int to, ck_rule r, char err[CK_ERROR_SIZE])
{
    if (!board_ok(pos, err))
        return false;
    if (r != CK_RULE_CHALLENGE && r != CK_RULE_ENGLISH)
        return refuse(err, "rule: %d is neither CK_RULE_CHALLENGE nor CK_RULE_ENGLISH", (int)r);
    tell(err, "");
    if (!on_board(from) || !on_board(to))
        return false;
    position q = position_in(pos);
    return is_legal(&q.b, from, to, r == CK_RULE_ENGLISH ? RULE_ENGLISH : RULE_CHALLENGE);
}
