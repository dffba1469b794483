/* fuzz_line.c - libFuzzer target: any bytes through the line parser, the
 * batch loop, the rules and everything --show, --explain and --moves print;
 * and the same bytes through the game's parsers (FEN, PDN moves) and the
 * `game` batch, with every position that parses checked against the
 * bitboard generator of tests/oracles/bitboard.c.
 *
 * Besides crashes and sanitizer reports it aborts when an answer is out of
 * line (not exactly one verdict line per question or game), when the listed
 * moves and is_legal disagree on any end, when a move's path breaks the
 * rules, when an illegal move finds no reason, when a FEN does not read back
 * as itself, or when the two move generators differ.  `make fuzz` runs it; tests/fuzz.bats a
 * short run.  run_lines reports bad lines on stderr: pass -close_fd_mask=2 to
 * keep that quiet (libFuzzer's own report still shows). */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "bitboard.h"
#include "cmd_game.h"
#include "explain.h"
#include "game.h"
#include "line.h"
#include "notation.h"
#include "rules.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_line: %s\n", what);
        abort();
    }
}

/* A growing in-memory output file. */
typedef struct {
    FILE *f;
    char *text;
    size_t len;
} sink;

static void sink_open(sink *s)
{
    s->text = NULL;
    s->len = 0;
    s->f = open_memstream(&s->text, &s->len);
    require(s->f != NULL, "open_memstream failed");
}

static void sink_close(sink *s)
{
    require(fclose(s->f) == 0, "writing to memory failed");
}

/* ==================== One valid question ==================== */

/* Does this move of a white man keep the rules, checked square by square? */
static void check_path(const board *b, const move *p)
{
    require(p->n >= 1 && p->n <= 3, "a path of no or too many landings");
    if (!is_capture_move(p)) {
        require(p->n == 1 && is_step(b, p->from, p->land[0]), "a step that is no simple move");
        return;
    }
    int at = p->from;
    for (int i = 0; i < p->n; i++) {
        int dir = ahead(at, LEFT, 2) == p->land[i] ? LEFT : RIGHT;
        require(ahead(at, dir, 2) == p->land[i] && ahead(at, dir, 1) == p->over[i], "a jump that is no diagonal");
        require(b->at[p->over[i]] == BLACK && b->at[p->land[i]] == EMPTY, "a jump over no black or onto a piece");
        at = p->land[i];
    }
    require(!can_jump_from(b, at), "a chain that stops while it can jump");
}

/* Moves, verdicts and reasons agree for every end, under both readings.
 * (The reasons are printed for the question's own end, by the batch.) */
static void check_question(const question *q)
{
    board b = question_board(q);
    for (rule r = RULE_CHALLENGE; r <= RULE_ENGLISH; r++) {
        move_list moves = {0};
        legal_moves(&b, q->from, r, &moves);
        require(moves.n <= 8, "too many moves");
        bool listed[SQUARES + 1] = {false};
        for (size_t i = 0; i < moves.n; i++) {
            check_path(&b, &moves.at[i]);
            require(moves.at[i].from == q->from, "a move of another man");
            listed[move_end(&moves.at[i])] = true;
        }
        move_list_free(&moves);
        /* why_not asks is_legal first: LEGAL is is_legal's yes. */
        for (int to = 1; to <= SQUARES; to++) {
            reason why = why_not(&b, q->from, to, r);
            require(listed[to] == (why.kind == LEGAL), "--moves and is_legal disagree on an end");
            require(why.kind != UNEXPLAINED, "an illegal move with no reason");
        }
    }
}

/* ==================== The batch loop ==================== */

typedef struct {
    answer_options challenge, english;
    FILE *english_out; /* the same answers under the other reading */
    size_t questions;
} batch;

static void answer(const question *q, void *ctx, FILE *out)
{
    batch *t = ctx;
    t->questions++;
    check_question(q);
    print_answer(q, &t->challenge, out);
    print_answer(q, &t->english, t->english_out);
}

/* How many lines of text a batch loop must answer: split at '\n' (a "\r"
 * before it no part of the line), those that ask something. */
static size_t answerable(const uint8_t *data, size_t size)
{
    size_t count = 0;
    for (size_t begin = 0; begin < size;) {
        const uint8_t *nl = memchr(data + begin, '\n', size - begin);
        size_t end = nl ? (size_t)(nl - data) : size, last = end;
        if (last > begin && data[last - 1] == '\r')
            last--;
        count += !asks_nothing((const char *)data + begin, last - begin);
        begin = end + 1;
    }
    return count;
}

/* Checks a batch's output: every line a verdict or an indented detail, all
 * printable; returns the number of verdict lines. */
static size_t verdicts(const char *text, size_t len)
{
    size_t count = 0;
    require(len == 0 || text[len - 1] == '\n', "output that does not end a line");
    for (size_t begin = 0; begin < len;) {
        const char *nl = memchr(text + begin, '\n', len - begin);
        size_t end = (size_t)(nl - text), n = end - begin;
        const char *line = text + begin;
        for (size_t i = 0; i < n; i++)
            require(line[i] >= 0x20 && line[i] < 0x7f, "an output line with a byte that is not printable");
        if (n >= 2 && line[0] == ' ' && line[1] == ' ')
            require(count > 0, "details before any verdict");
        else {
            require((n == 4 && !memcmp(line, "true", 4)) || (n == 5 && !memcmp(line, "false", 5)) ||
                        (n == 5 && !memcmp(line, "error", 5)),
                    "a line that is neither a verdict nor an indented detail");
            count++;
        }
        begin = end + 1;
    }
    return count;
}

static void check_batch(const uint8_t *data, size_t size)
{
    if (size == 0)
        return;
    FILE *in = fmemopen((void *)data, size, "r");
    require(in != NULL, "fmemopen failed");
    sink out, english;
    sink_open(&out);
    sink_open(&english);
    batch t = {
        .challenge = {.r = RULE_CHALLENGE, .show = true, .legend = true, .explain = true, .moves = true},
        .english = {.r = RULE_ENGLISH, .show = true, .explain = true, .moves = true},
        .english_out = english.f,
    };
    int status = run_lines(in, out.f, answer, &t);
    fclose(in);
    sink_close(&out);
    sink_close(&english);
    size_t want = answerable(data, size);
    require(verdicts(out.text, out.len) == want, "not one verdict line per question");
    require(verdicts(english.text, english.len) == t.questions, "not one english verdict per question");
    require(status == (want == t.questions ? 0 : 2), "an exit status that does not match the bad lines");
    free(out.text);
    free(english.text);
}

/* ==================== The game's parsers and batch ==================== */

/* A position that parsed: it writes back canonically and reads back the
 * same, and its moves keep the rules and are the bitboard's. */
static void check_position(const position *p)
{
    char text[FEN_SIZE], again[FEN_SIZE], err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    position back;
    write_fen(p, text);
    require(read_fen(text, strlen(text), 1, true, &back, err, note), "a written FEN that does not read back");
    require(memcmp(&back.b, &p->b, sizeof back.b) == 0 && back.turn == p->turn, "a FEN that reads back as another");
    write_fen(&back, again);
    require(strcmp(text, again) == 0, "a canonical FEN that is written two ways");
    move_list moves = {0};
    side_moves(&p->b, p->turn, &moves);
    bb_position q;
    require(bb_read_fen(text, &q), "a canonical FEN the bitboard cannot read");
    bb_list theirs = {0};
    bb_moves(&q, &theirs);
    require(theirs.n == moves.n, "the two generators list different numbers of moves");
    for (size_t i = 0; i < moves.n; i++) {
        const move *m = &moves.at[i];
        require(is_legal_move(&p->b, p->turn, m->from, move_end(m)), "a listed move is_legal_move refuses");
        char mine[MOVE_TEXT_SIZE], other[MOVE_TEXT_SIZE];
        write_move(m, mine);
        bool found = false;
        for (size_t k = 0; k < theirs.n && !found; k++) {
            bb_move_text(&theirs.at[k], other, sizeof other);
            found = strcmp(mine, other) == 0;
        }
        require(found, "a move the bitboard does not list");
    }
    bb_free(&theirs);
    move_list_free(&moves);
}

/* How many lines of text the game batch must answer (not blank, not #). */
static size_t games(const uint8_t *data, size_t size) { return answerable(data, size); }

/* The batch's answers: one legal, illegal or error line per game, details
 * indented, all printable; returns the number of answers. */
static size_t game_answers(const char *text, size_t len)
{
    size_t count = 0;
    require(len == 0 || text[len - 1] == '\n', "game output that does not end a line");
    for (size_t begin = 0; begin < len;) {
        const char *nl = memchr(text + begin, '\n', len - begin);
        size_t n = (size_t)(nl - text) - begin;
        const char *line = text + begin;
        for (size_t i = 0; i < n; i++)
            require((line[i] >= 0x20 && line[i] < 0x7f) || line[i] == '\t', "game output that is not printable");
        if (n >= 2 && line[0] == ' ' && line[1] == ' ')
            require(count > 0, "a board before any answer");
        else {
            require((n > 6 && !memcmp(line, "legal\t", 6)) || (n > 8 && !memcmp(line, "illegal\t", 8)) ||
                        (n == 5 && !memcmp(line, "error", 5)),
                    "a game answer that is neither legal, illegal nor error");
            count++;
        }
        begin += n + 1;
    }
    return count;
}

static void check_games(const uint8_t *data, size_t size)
{
    position p;
    written_move w;
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (read_fen((const char *)data, size, 1, true, &p, err, note))
        check_position(&p);
    else
        require(memchr(err, '\0', sizeof err) && !strchr(err, '\n') && !strncmp(err, "fen, column ", 12),
                "a FEN fault that is not one line naming its column");
    if (!read_move((const char *)data, size, 1, size % 2 == 0, &w, err)) /* strict or not */
        require(memchr(err, '\0', sizeof err) && !strchr(err, '\n') && !strncmp(err, "moves, column ", 14),
                "a move fault that is not one line naming its column");
    if (size == 0)
        return;
    FILE *in = fmemopen((void *)data, size, "r");
    require(in != NULL, "fmemopen failed");
    sink out;
    sink_open(&out);
    int status = run_games(in, out.f, true, size % 3 == 0);
    fclose(in);
    sink_close(&out);
    require(game_answers(out.text, out.len) == games(data, size), "not one answer per game");
    require(status == 0 || status == 2, "a game batch that failed");
    free(out.text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The whole input as one line (the batch checks the questions). */
    question q;
    char err[LINE_ERROR_SIZE];
    if (parse_line((const char *)data, size, &q, err) == LINE_ERROR)
        require(memchr(err, '\0', LINE_ERROR_SIZE) != NULL && strchr(err, '\n') == NULL,
                "an error message that is not one line");
    check_batch(data, size);
    check_games(data, size);
    return 0;
}
