/* pdn_answer.c - the pdn command's answers to PDN files: each record read
 * and replayed (pdn.h), counted, and said in one verdict line (with notes
 * and plies before it on request) or written back (pdn_write.h). */
#include "pdn_answer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "words.h"
#include "pdn.h"
#include "pdn_replay.h"
#include "pdn_write.h"
#include "text.h"

/* ==================== Lines ==================== */

/* What reading a file needs, shared by its records. */
typedef struct {
    const char *text;
    const char *name;
    FILE *out;
    const pdn_options *o;
    pdn_totals *t;
    int status;
} reader;

/* How much of a value an answer line shows: a name, a move as written, a
 * file's name. */
enum { SHOWN_NAME = 60, SHOWN_MOVE = 40, SHOWN_NOTE = 100, SHOWN_FILE = 4096 };

/* A tag's value, its escapes (\" and \\) undone, shown as every value is
 * (words.h: UTF-8 kept, control bytes escaped) and cut short, so the
 * verdict line stays one line of text. */
static void append_value(buffer *b, const char *text, const pdn_tag *g)
{
    const char *v = text + g->value_at;
    buffer plain = {0};
    for (size_t i = 0; i < g->value_len; i++) {
        if (v[i] == '\\' && i + 1 < g->value_len)
            i++;
        append(&plain, v + i, 1);
    }
    append_shown(b, plain.text ? plain.text : "", plain.len, SHOWN_NAME, SHOW_UTF8);
    b->failed |= plain.failed;
    free(plain.text);
}

/* WHO: "Black - White" when either is tagged, else the Event, else "-". */
static void append_who(buffer *b, const char *text, const pdn_record *r)
{
    const pdn_tag *black = pdn_find_tag(text, r, "Black"), *white = pdn_find_tag(text, r, "White"), *event;
    if (black || white) {
        if (black)
            append_value(b, text, black);
        else
            append(b, "?", 1);
        append(b, " - ", 3);
        if (white)
            append_value(b, text, white);
        else
            append(b, "?", 1);
    } else if ((event = pdn_find_tag(text, r, "Event")) != NULL && event->value_len > 0) {
        append_value(b, text, event);
    } else {
        append(b, "-", 1);
    }
}

static void start_line(const reader *rd, const pdn_record *r, buffer *b, const char *verdict)
{
    b->len = 0;
    appendf(b, "%s\t%ld\t", verdict, rd->t->records);
    if (rd->o->named) {
        append_shown(b, rd->name, strlen(rd->name), SHOWN_FILE, SHOW_UTF8);
        append(b, ":", 1);
    }
    appendf(b, "%ld\t", r->first_line);
    append_who(b, rd->text, r);
}

static void emit(reader *rd, buffer *b)
{
    append(b, "\n", 1);
    if (b->failed)
        exit_out_of_memory();
    fwrite(b->text, 1, b->len, rd->out);
}

static outcome outcome_now(const game *g)
{
    return game_outcome(g, side_has_move(&g->pos.b, g->pos.turn));
}

static void count_readings(pdn_totals *t, unsigned how)
{
    t->x_steps += (how & READ_X_STEP) != 0;
    t->dash_captures += (how & READ_DASH_CAPTURE) != 0;
    t->mixed_signs += (how & READ_MIXED) != 0;
    t->unsigned_moves += (how & READ_UNSIGNED) != 0;
    t->resolved += (how & READ_RESOLVED) != 0;
    t->glued += (how & READ_GLUED) != 0;
}

static void say_reading(buffer *b, unsigned how)
{
    const char *sep = "";
    if (how & READ_X_STEP)
        appendf(b, "%sa step written with x", sep), sep = "; ";
    if (how & READ_DASH_CAPTURE)
        appendf(b, "%sa capture written with -", sep), sep = "; ";
    if (how & READ_MIXED)
        appendf(b, "%sa capture written with both - and x", sep), sep = "; ";
    if (how & READ_UNSIGNED)
        appendf(b, "%stwo squares written without a sign", sep), sep = "; ";
    if (how & READ_RESOLVED)
        appendf(b, "%stwo ends naming several captures: the only one the rest of the game allows", sep), sep = "; ";
    if (how & READ_GLUED)
        appendf(b, "%stext glued to the move, read as a comment", sep);
}

/* ==================== One record ==================== */

static void answer_error(reader *rd, const pdn_record *r)
{
    rd->t->errors++;
    rd->status = 2;
    if (rd->o->write) {
        char comment[NOTATION_ERROR_SIZE + 64];
        snprintf(comment, sizeof comment, "error: line %ld, column %d: %s", r->bad_line, r->bad_col, r->bad_what);
        position start = initial_position();
        pdn_write_record(rd->out, rd->text, r, &start, NULL, 0, comment);
        return;
    }
    buffer b = {0};
    start_line(rd, r, &b, "error");
    appendf(&b, "\t%ld:%d\t%s", r->bad_line, r->bad_col, r->bad_what);
    emit(rd, &b);
    free(b.text);
}

/* The record's start (pdn_start); what its FEN had ignored is counted, and
 * with --notes said. */
static bool record_start(reader *rd, pdn_record *r, position *start)
{
    char note[FEN_NOTE_SIZE];
    if (!pdn_start(rd->text, r, rd->o->strict, start, note)) {
        if (r->out_of_memory)
            exit_out_of_memory();
        return false;
    }
    if (note[0] != '\0') {
        rd->t->fen_notes++;
        if (rd->o->notes && !rd->o->write) {
            buffer b = {0};
            start_line(rd, r, &b, "note");
            appendf(&b, "\tFEN\t%s", note);
            emit(rd, &b);
            free(b.text);
        }
    }
    return true;
}

/* The plies and lenient readings of a replay, into the totals. */
static void count_replay(pdn_totals *t, const pdn_replay *rp)
{
    t->plies += (long)rp->stop;
    for (size_t i = 0; i < rp->stop; i++)
        count_readings(t, rp->how[i]);
    if (rp->ok)
        t->legal++;
    else
        t->illegal++;
}

/* --notes and --plies: before the verdict, a "note" line for each move read
 * leniently and a "ply" line with the FEN before the first ply and after
 * each, in ply order. */
static void say_plies(reader *rd, const pdn_record *r, const position *start, const pdn_replay *rp)
{
    buffer b = {0};
    game at = {*start, 0};
    for (size_t i = 0; i <= rp->stop && (rd->o->plies || rd->o->notes); i++) {
        char mv[MOVE_TEXT_SIZE];
        if (rd->o->notes && i < rp->stop && rp->how[i] != 0) {
            const pdn_word *w = &r->words[i];
            start_line(rd, r, &b, "note");
            write_move(&rp->played[i], mv);
            appendf(&b, "\tply %zu\t", i + 1);
            append_shown(&b, rd->text + w->at, w->len, SHOWN_NOTE, SHOW_UTF8);
            appendf(&b, "\tread as %s: ", mv);
            say_reading(&b, rp->how[i]);
            emit(rd, &b);
        }
        if (rd->o->plies) {
            char fen[FEN_SIZE];
            write_fen(&at.pos, fen);
            start_line(rd, r, &b, "ply");
            if (i == 0)
                appendf(&b, "\tply 0\t-\t%s", fen);
            else {
                write_move(&rp->played[i - 1], mv);
                appendf(&b, "\tply %zu\t%s\t%s", i, mv, fen);
            }
            emit(rd, &b);
        }
        if (i < rp->stop)
            game_play(&at, &rp->played[i]);
    }
    free(b.text);
}

/* The verdict line: legal with the final position, or illegal with the
 * move and why. */
static void say_verdict(reader *rd, const pdn_record *r, const position *start, const pdn_replay *rp)
{
    buffer b = {0};
    if (rp->ok) {
        char fen[FEN_SIZE];
        write_fen(&rp->end.pos, fen);
        start_line(rd, r, &b, "legal");
        appendf(&b, "\t%s\tquiet %d/%d", fen, rp->end.quiet, DRAW_QUIET_MOVES);
        outcome o = outcome_now(&rp->end);
        if (o != IN_PLAY)
            appendf(&b, "\t%s", outcome_words(o));
    } else {
        const pdn_word *w = &r->words[rp->stop];
        char number[32];
        pdn_move_number(w, rp->stop, start->turn, number);
        start_line(rd, r, &b, "illegal");
        appendf(&b, "\tply %zu\t%s\t", rp->stop + 1, number);
        append_shown(&b, rd->text + w->at, w->len, SHOWN_MOVE, SHOW_UTF8);
        appendf(&b, "\t%s", rp->reason);
    }
    emit(rd, &b);
    free(b.text);
}

/* --write: the record as canonical PDN, with a comment where it stopped. */
static void write_back(reader *rd, const pdn_record *r, const position *start, const pdn_replay *rp)
{
    if (rp->ok) {
        pdn_write_record(rd->out, rd->text, r, start, rp->played, rp->stop, NULL);
        return;
    }
    const pdn_word *w = &r->words[rp->stop];
    char number[32], move[SHOW_SIZE(SHOWN_MOVE)], comment[REASON_SIZE + sizeof move + 64];
    pdn_move_number(w, rp->stop, start->turn, number);
    show_text(move, sizeof move, rd->text + w->at, w->len, SHOWN_MOVE, SHOW_UTF8);
    snprintf(comment, sizeof comment, "illegal: ply %zu, %s %s: %s", rp->stop + 1, number, move, rp->reason);
    pdn_write_record(rd->out, rd->text, r, start, rp->played, rp->stop, comment);
}

/* One record (its text rd->text): its start, its replay, counted, then
 * said or written back. */
static void answer_record(reader *rd, pdn_record *r)
{
    rd->t->records++;
    if (r->out_of_memory)
        exit_out_of_memory();
    if (r->result < 0) { /* read leniently: it ends where the next record begins */
        rd->t->no_result++;
        if (rd->o->notes && !rd->o->write) {
            buffer b = {0};
            start_line(rd, r, &b, "note");
            appendf(&b, "\tresult\tnone: the record ends where the next begins, or with the file");
            emit(rd, &b);
            free(b.text);
        }
    }
    position start;
    if (r->bad || !record_start(rd, r, &start)) {
        answer_error(rd, r);
        return;
    }
    pdn_replay rp;
    pdn_replay_record(r, &start, rd->o->strict, &rp);
    if (rp.out_of_memory)
        exit_out_of_memory();
    count_replay(rd->t, &rp);
    if (rd->o->write) {
        write_back(rd, r, &start, &rp);
    } else {
        say_plies(rd, r, &start, &rp);
        say_verdict(rd, r, &start, &rp);
    }
    pdn_replay_free(&rp);
}

/* ==================== The file ==================== */

int run_pdn(FILE *in, const char *name, FILE *out, const pdn_options *o, pdn_totals *t)
{
    reader rd = {NULL, name, out, o, t, 0};
    pdn_stream *s = or_exit(pdn_stream_file(in, o->strict));
    pdn_record *r;
    while (pdn_stream_next(s, &r, &rd.text))
        answer_record(&rd, r);
    const char *error = pdn_stream_error(s);
    if (error != NULL && strcmp(error, OUT_OF_MEMORY) == 0)
        exit_out_of_memory();
    if (error != NULL) {
        say_file_error(name);
        clearerr(in); /* said */
        rd.status = 1;
    }
    pdn_stream_free(s);
    return rd.status;
}

void print_pdn_totals(const pdn_totals *t, FILE *out)
{
    fprintf(out,
            "pdn: %ld records: %ld legal, %ld illegal, %ld malformed; %ld plies; lenient: %ld steps written with x, "
            "%ld captures with -, %ld with both signs, %ld moves without a sign, %ld captures resolved by the rest of "
            "the game, %ld FEN fields ignored, %ld moves with text glued on, %ld records without a result\n",
            t->records, t->legal, t->illegal, t->errors, t->plies, t->x_steps, t->dash_captures, t->mixed_signs,
            t->unsigned_moves, t->resolved, t->fen_notes, t->glued, t->no_result);
}

void say_file_error(const char *name)
{
    const char *why = strerror(errno);
    char shown[SHOW_SIZE(SHOWN_FILE)];
    show_text(shown, sizeof shown, name, strlen(name), SHOWN_FILE, SHOW_UTF8);
    fprintf(stderr, "reference: pdn: %s: %s\n", shown, why);
}
