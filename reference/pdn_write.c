/* pdn_write.c - a record written back as canonical PDN: its tags (the
 * Result made modern, the start as SetUp and FEN when it is not the usual
 * one), the moves as read, numbered and wrapped before 80 columns, and a
 * comment for a record that could not be replayed to its end. */
#include "pdn_write.h"

#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "text.h"
#include "words.h"

static const char *canonical_result(int result)
{
    static const char *const modern[] = {"1-0", "0-1", "1/2-1/2", "*", "1-0", "0-1", "1/2-1/2", "0-0"};
    return result >= 0 ? modern[result] : "*";
}

/* Appends word to the movetext, wrapping lines before 80 columns. */
static void put_word(buffer *b, size_t *column, const char *word)
{
    size_t len = strlen(word);
    if (*column > 0 && *column + 1 + len > 79) {
        append(b, "\n", 1);
        *column = 0;
    } else if (*column > 0) {
        append(b, " ", 1);
        (*column)++;
    }
    append(b, word, len);
    *column += len;
}

/* The movetext being written: the moves played, how many are written, the
 * column, the number of the next move and the side to play it. */
typedef struct {
    buffer *b;
    const move *played;
    size_t plies, written, column;
    int number;
    piece turn;
} movetext_out;

/* Writes the moves played up to ply `upto`, numbered. */
static void put_moves(movetext_out *w, size_t upto)
{
    for (; w->written < upto && w->written < w->plies; w->written++) {
        char word[MOVE_TEXT_SIZE + 24], mv[MOVE_TEXT_SIZE];
        write_move(&w->played[w->written], mv);
        if (w->turn == BLACK) /* a number stays on the line of its move */
            snprintf(word, sizeof word, "%d. %s", w->number, mv);
        else if (w->written == 0)
            snprintf(word, sizeof word, "%d... %s", w->number, mv);
        else
            snprintf(word, sizeof word, "%s", mv);
        put_word(w->b, &w->column, word);
        if (w->turn == WHITE)
            w->number++;
        w->turn = opponent_of(w->turn);
    }
}

/* A comment of the record (pdn_comments) written in its place, after the
 * moves before it, in braces: its spaces and line ends run together, a
 * brace in it a parenthesis, a control byte escaped (words.h).  A comment
 * after a move that is not written goes with it. */
static void put_comment(void *ctx, size_t ply, const char *text, size_t len)
{
    movetext_out *w = ctx;
    if (ply > w->plies)
        return;
    put_moves(w, ply);
    buffer plain = {0}, one = {0};
    for (size_t i = 0; i < len; i++) {
        if (is_space(text[i])) {
            if (plain.len > 0 && plain.text[plain.len - 1] != ' ')
                append(&plain, " ", 1);
            continue;
        }
        append(&plain, text[i] == '{' ? "(" : text[i] == '}' ? ")" : text + i, 1);
    }
    if (plain.len > 0 && plain.text[plain.len - 1] == ' ')
        plain.len--;
    append(&one, "{", 1);
    append_shown(&one, plain.text ? plain.text : "", plain.len, plain.len, SHOW_UTF8);
    append(&one, "}", 1);
    if (one.failed || plain.failed)
        w->b->failed = true;
    else if (plain.len > 0)
        put_word(w->b, &w->column, one.text);
    free(plain.text);
    free(one.text);
}

void pdn_write_record(FILE *out, const char *text, const pdn_record *r, const position *start, const move *played,
                      size_t plies, const char *comment)
{
    buffer b = {0};
    int result = r->result;
    for (size_t i = 0; i < r->ntags; i++) {
        const pdn_tag *g = &r->tags[i];
        if (pdn_tag_is(text, g, "FEN") || pdn_tag_is(text, g, "SetUp"))
            continue;
        if (pdn_tag_is(text, g, "Result")) {
            int n = result_index(text + g->value_at, g->value_len);
            if (n >= 0)
                result = n;
            appendf(&b, "[Result \"%s\"]\n", canonical_result(result >= 0 ? result : -1));
            continue;
        }
        appendf(&b, "[%.*s \"", (int)g->name_len, text + g->name_at);
        append_shown(&b, text + g->value_at, g->value_len, g->value_len, SHOW_UTF8); /* its escapes as written */
        append(&b, "\"]\n", 3);
    }
    position initial = initial_position();
    if (memcmp(&initial, start, sizeof initial) != 0) {
        char fen[FEN_SIZE];
        write_fen(start, fen);
        appendf(&b, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
    }
    if (b.len > 0)
        append(&b, "\n", 1);
    movetext_out w = {&b, played, plies, 0, 0, 1, start->turn};
    if (!r->bad)
        pdn_comments(text, r, put_comment, &w);
    put_moves(&w, plies);
    size_t column = w.column;
    if (comment) {
        append(&b, column ? "\n{" : "{", column ? 2 : 1);
        for (const char *c = comment; *c; c++) /* a brace would end the comment early */
            append(&b, *c == '{' ? "(" : *c == '}' ? ")" : c, 1);
        append(&b, "}\n", 2);
        column = 0;
    }
    put_word(&b, &column, comment ? "*" : canonical_result(result));
    append(&b, "\n\n", 2);
    if (b.failed)
        exit_out_of_memory();
    fwrite(b.text, 1, b.len, out);
    free(b.text);
}
