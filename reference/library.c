/* library.c - the library's interface (checkers.h) over the readable
 * rules: each ck_ function converts its arguments to the rules' own types
 * and calls the module that answers it.  Nothing here decides a rule.
 * Running out of memory is the caller's to handle: the modules below mark
 * it (a list's or a buffer's failed, a record's out_of_memory), and each
 * ck_ function that allocates checks them once and says CK_OUT_OF_MEMORY. */
#include "checkers.h"
#include "library.h"

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

/* ==================== Positions ==================== */

ck_position ck_start(void)
{
    position q = initial_position();
    return position_out(&q);
}

bool ck_from_fen(const char *fen, ck_position *pos, char err[CK_ERROR_SIZE])
{
    position q;
    char why[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (!read_fen(fen, strlen(fen), 1, false, &q, why, note)) {
        tell(err, why);
        return false;
    }
    *pos = position_out(&q);
    return true;
}

void ck_to_fen(const ck_position *pos, char out[CK_FEN_SIZE])
{
    position q = position_in(pos);
    write_fen(&q, out);
}

static bool is_piece(ck_piece p)
{
    return p == CK_EMPTY || p == CK_BLACK || p == CK_WHITE || p == CK_BLACK_KING || p == CK_WHITE_KING;
}

/* Valid when every square holds a piece of ck_piece and the FEN it writes
 * reads back as itself: read_fen has every other rule of a position. */
bool ck_valid(const ck_position *pos, char err[CK_ERROR_SIZE])
{
    if (pos->turn != CK_BLACK && pos->turn != CK_WHITE) {
        tell(err, "turn: neither CK_BLACK nor CK_WHITE");
        return false;
    }
    for (int n = 1; n <= CK_SQUARES; n++)
        if (!is_piece(pos->at[n])) {
            char what[64];
            snprintf(what, sizeof what, "square %d: %d is no ck_piece", n, (int)pos->at[n]);
            tell(err, what);
            return false;
        }
    char fen[FEN_SIZE], why[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    position q = position_in(pos), back;
    write_fen(&q, fen);
    if (!read_fen(fen, strlen(fen), 1, true, &back, why, note)) {
        tell(err, why);
        return false;
    }
    return true;
}

/* ==================== Moves ==================== */

bool ck_moves(const ck_position *pos, ck_move *out, size_t max, size_t *count)
{
    position q = position_in(pos);
    move_list legal = {0};
    side_moves(&q.b, q.turn, &legal);
    bool ok = !legal.failed;
    for (size_t i = 0; ok && i < legal.n && i < max; i++)
        out[i] = move_out(&legal.at[i]);
    *count = ok ? legal.n : 0;
    move_list_free(&legal);
    return ok;
}

void ck_move_text(const ck_move *m, char out[CK_MOVE_SIZE])
{
    move q = move_in(m);
    write_move(&q, out);
}

void ck_play_move(ck_position *pos, const ck_move *m)
{
    position q = position_in(pos);
    move r = move_in(m);
    play_position(&q, &r);
    *pos = position_out(&q);
}

bool ck_play(ck_position *pos, const char *move, char reason[CK_ERROR_SIZE])
{
    game g = {position_in(pos), 0};
    replay_stop stop;
    movetext t = {move, strlen(move), 0, 1, false};
    written_move w;
    size_t at, len;
    char err[NOTATION_ERROR_SIZE];
    if (!next_move(&t, &w, &at, &len, err) || next_move(&t, &w, &at, &len, err)) { /* exactly one move */
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

ck_outcome ck_outcome_of(const ck_game *g)
{
    game q = game_in(g);
    return outcome_out(game_outcome(&q, side_has_move(&q.pos.b, q.pos.turn)));
}

size_t ck_replay(ck_game *g, const char *moves, char reason[CK_ERROR_SIZE])
{
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
    write_count((perft_count)c.high << 64 | c.low, out);
}

/* ==================== PDN files ==================== */

/* The text and pdn.h's reader over it, or over a piece of it; the last
 * record's replay, its moves in our types, its tags as strings; why reading
 * stopped (NULL: not, or at the end).
 *
 * A text given whole has one reader over all of it.  A file is read a
 * piece at a time (next_in_file): text holds what is read of it from the
 * start of the record to give next (`from`, on `line` at `col`), and a new
 * reader goes over that piece for each record, more of the file read in
 * while the piece may have cut the record short.  So the text is as long
 * as the longest record and one read more, whatever the file's length. */
struct ck_pdn {
    buffer text;
    FILE *in;           /* the file, or NULL */
    bool at_eof;        /* all of it is in text */
    size_t from, given; /* the piece's start; how much of it the last record took */
    long line, next_line;
    int col, next_col;
    const char *piece;  /* the reader's text */
    pdn_reader *reader;
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

/* A reader over text (taken), or NULL if there is no memory for it. */
static ck_pdn *pdn_over(buffer text, bool strict)
{
    ck_pdn *p = text.failed ? NULL : calloc(1, sizeof *p);
    if (p != NULL)
        p->reader = pdn_reader_new(text.text, text.len, strict);
    if (p == NULL || p->reader == NULL) {
        free(text.text);
        free(p);
        return NULL;
    }
    p->text = text;
    p->piece = text.text;
    p->strict = strict;
    return p;
}

ck_pdn *ck_pdn_open(const char *text, size_t len, bool strict)
{
    buffer b = {0};
    append(&b, text, len);
    return pdn_over(b, strict);
}

ck_pdn *ck_pdn_open_file(FILE *in, bool strict)
{
    ck_pdn *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    *p = (ck_pdn){.in = in, .line = 1, .col = 1, .strict = strict};
    append(&p->text, "", 0); /* text is never NULL */
    if (p->text.failed) {
        free(p);
        return NULL;
    }
    return p;
}

/* Drops what the records given took, then reads the next piece of the
 * file onto the text: 4 kB, or as much as the text holds (a record cut
 * again and again is read in twice as much each time, so it is read over
 * a few times only).  False, said in p->error, if there is no memory or
 * reading fails. */
static bool read_more(ck_pdn *p)
{
    memmove(p->text.text, p->text.text + p->from, p->text.len - p->from + 1);
    p->text.len -= p->from;
    p->from = 0;
    char chunk[4096];
    size_t want = p->text.len > sizeof chunk ? p->text.len : sizeof chunk;
    for (size_t got = 0; got < want && !p->at_eof && !p->text.failed;) {
        size_t n = fread(chunk, 1, sizeof chunk, p->in);
        append(&p->text, chunk, n);
        got += n;
        p->at_eof = n < sizeof chunk;
    }
    if (p->text.failed)
        p->error = CK_OUT_OF_MEMORY;
    else if (ferror(p->in))
        p->error = "reading the file failed";
    return p->error == NULL;
}

/* The next record of a file into *r, from a reader over the text from the
 * record's start.  A record is taken when the reader stopped inside the
 * text (its last token ended before the text did), or at the file's end;
 * else the piece may have cut it, and more is read. */
static bool next_in_file(ck_pdn *p, pdn_record **r)
{
    p->from += p->given;
    p->line = p->next_line ? p->next_line : p->line;
    p->col = p->next_col ? p->next_col : p->col;
    p->given = 0;
    for (;;) {
        pdn_reader_free(p->reader);
        p->piece = p->text.text + p->from;
        size_t len = p->text.len - p->from;
        bool file_start = p->from == 0 && p->line == 1 && p->col == 1; /* where a byte-order mark may be */
        p->reader = file_start ? pdn_reader_new(p->piece, len, p->strict)
                               : pdn_reader_at(p->piece, len, p->strict, p->line, p->col);
        if (p->reader == NULL)
            return no_memory(p);
        bool got = pdn_reader_next(p->reader, r), in_text;
        size_t next = pdn_reader_where(p->reader, &p->next_line, &p->next_col, &in_text);
        if (p->at_eof || (got && in_text)) {
            p->given = next;
            return got;
        }
        if (!read_more(p))
            return false;
    }
}

/* array (of *cap elements of size bytes) with room for n, or NULL if there
 * is no memory for it (array is left as it was). */
static void *with_room(void *array, size_t *cap, size_t n, size_t size)
{
    if (n <= *cap)
        return array;
    void *bigger = realloc(array, n * size);
    if (bigger != NULL)
        *cap = n;
    return bigger;
}

/* r's tags into p->tags: each name and value NUL-terminated in p->strings,
 * the value's escapes (\" and \\) undone.  False if there is no memory. */
static bool copy_tags(ck_pdn *p, const pdn_record *r)
{
    const char *text = p->piece;
    ck_tag *tags = with_room(p->tags, &p->tag_cap, r->ntags, sizeof *tags);
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
    pdn_record *r;
    pdn_replay_free(&p->replay);
    p->replay = (pdn_replay){.played = NULL};
    if (p->error != NULL || !(p->in != NULL ? next_in_file(p, &r) : pdn_reader_next(p->reader, &r)))
        return false;
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
    ck_move *moves = with_room(p->moves, &p->move_cap, rp->stop, sizeof *moves);
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
    out->outcome = ck_outcome_of(&out->end);
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

const char *ck_pdn_error(const ck_pdn *p) { return p->error; }

void ck_pdn_close(ck_pdn *p)
{
    if (p == NULL)
        return;
    pdn_reader_free(p->reader);
    pdn_replay_free(&p->replay);
    free(p->text.text);
    free(p->moves);
    free(p->strings.text);
    free(p->tags);
    free(p);
}

/* ==================== The challenge's question ==================== */

bool ck_is_legal(const ck_position *pos, int from, int to, ck_rule r)
{
    if (!on_board(from) || !on_board(to))
        return false;
    position q = position_in(pos);
    return is_legal(&q.b, from, to, r == CK_RULE_ENGLISH ? RULE_ENGLISH : RULE_CHALLENGE);
}
