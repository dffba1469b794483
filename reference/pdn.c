/* pdn.c - reading PDN files: the movetext's tokens, records and their
 * tags, each move read once into squares (with the leniency real files
 * need), and the record's start.  The replay is pdn_replay.c's; what is
 * said about a record is the pdn command's (pdn_answer.c). */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "text.h"
#include "words.h"

/* ==================== Tokens ==================== */

/* Where the reader is in the file.  first_col: the column of text[0]
 * when the text starts inside a line (a piece of a file streamed), until
 * the first line end; else 0. */
typedef struct {
    const char *text;
    size_t len, at, line_start;
    long line;
    int first_col;
    bool comments; /* give comments as tokens (pdn_comments), not skip them */
    /* A comma parts moves as a space does (11-15, 22-18, as next_move reads
     * movetext), in both readings, so --strict reads the same records as
     * the default; strictly a word with a comma is a fault of its record
     * besides: its start and length here, once, until the reader takes it. */
    bool strict;
    bool comma_fault;
    size_t comma_at, comma_len;
    long comma_line;
    int comma_col;
} cursor;

static void advance(cursor *c, size_t to)
{
    for (; c->at < to && c->at < c->len; c->at++)
        if (c->text[c->at] == '\n') {
            c->line++;
            c->line_start = c->at + 1;
            c->first_col = 0;
        }
}

/* The column of text[at] on the cursor's line (from 1). */
static int column(const cursor *c, size_t at) { return (int)(at - c->line_start) + 1 + c->first_col; }

static void skip_line(cursor *c)
{
    const char *nl = memchr(c->text + c->at, '\n', c->len - c->at);
    advance(c, nl ? (size_t)(nl - c->text) : c->len);
}

typedef enum { T_END, T_TAG, T_NUMBER, T_RESULT, T_MOVE, T_BAD, T_COMMENT } token_kind;

enum { WHAT_SIZE = 200 };

typedef struct {
    token_kind kind;
    size_t at, len;            /* the token's text */
    size_t name_at, name_len;  /* a tag's name */
    size_t value_at, value_len; /* a tag's value, as written (escapes kept) */
    long line;
    int col;
    char what[WHAT_SIZE]; /* a T_BAD's fault */
} token;

static bool bad(token *t, const char *what)
{
    t->kind = T_BAD;
    snprintf(t->what, WHAT_SIZE, "%s", what);
    return true;
}

/* A tag pair, [Name "value"], from c->at (on its '['). */
static bool read_tag(cursor *c, token *t)
{
    const char *s = c->text;
    size_t p = c->at + 1, end = c->len;
    while (p < end && (s[p] == ' ' || s[p] == '\t'))
        p++;
    t->name_at = p;
    while (p < end && (is_digit(s[p]) || (upper(s[p]) >= 'A' && upper(s[p]) <= 'Z') || s[p] == '_'))
        p++;
    t->name_len = p - t->name_at;
    while (p < end && (s[p] == ' ' || s[p] == '\t'))
        p++;
    if (t->name_len == 0 || p == end || s[p] != '"') {
        skip_line(c);
        return bad(t, t->name_len == 0 ? "a tag with no name: a tag is [Name \"value\"]"
                                        : "a tag's value is missing or not quoted: a tag is [Name \"value\"]");
    }
    t->value_at = ++p;
    while (p < end && s[p] != '"' && s[p] != '\n')
        p += s[p] == '\\' && p + 1 < end && s[p + 1] != '\n' ? 2 : 1;
    if (p >= end || s[p] != '"') {
        skip_line(c);
        return bad(t, "a tag's value is not closed by \" on its line");
    }
    t->value_len = p - t->value_at;
    p++;
    while (p < end && (s[p] == ' ' || s[p] == '\t'))
        p++;
    if (p == end || s[p] != ']') {
        skip_line(c);
        return bad(t, "a tag is not closed by ]");
    }
    t->kind = T_TAG;
    t->len = p + 1 - t->at;
    advance(c, p + 1);
    return true;
}

/* Skips a variation from c->at (on its '('), nested ones and comments in it
 * included; false if it is never closed. */
static bool skip_variation(cursor *c)
{
    int depth = 0;
    while (c->at < c->len) {
        char ch = c->text[c->at];
        if (ch == '{') {
            const char *close = memchr(c->text + c->at, '}', c->len - c->at);
            if (close == NULL)
                break;
            advance(c, (size_t)(close - c->text));
        } else if (ch == '(') {
            depth++;
        } else if (ch == ')' && --depth == 0) {
            advance(c, c->at + 1);
            return true;
        }
        advance(c, c->at + 1);
    }
    advance(c, c->len);
    return false;
}

/* Does ch part words as --strict reads them: a space, a bracket of a
 * comment, variation or tag? */
static bool ends_strict_word(char ch) { return is_space(ch) || (ch != '\0' && strchr("{}()[];$", ch) != NULL); }

/* Does ch part words: those, and a comma. */
static bool ends_word(char ch) { return ends_strict_word(ch) || ch == ','; }

/* Strictly, is the word at c->at as --strict reads it (to the next space or
 * bracket) one with a comma, starting there?  Then it is the cursor's comma
 * fault (the first one only, until the reader takes it). */
static void strict_word(cursor *c)
{
    const char *s = c->text;
    if (!c->strict || c->comma_fault || (c->at > 0 && !ends_strict_word(s[c->at - 1])))
        return; /* not strict, a fault waiting, or inside a word already seen */
    size_t end = c->at;
    bool comma = false;
    for (; end < c->len && !ends_strict_word(s[end]); end++)
        comma |= s[end] == ',';
    if (comma) {
        c->comma_fault = true;
        c->comma_at = c->at;
        c->comma_len = end - c->at;
        c->comma_line = c->line;
        c->comma_col = column(c, c->at);
    }
}

/* A word: a move number (and what is glued to it), a result, a mark, a move
 * (notation.h reads each as the movetext of a game line does). */
static bool read_word(cursor *c, token *t)
{
    const char *s = c->text;
    size_t end = c->at;
    strict_word(c);
    while (end < c->len && !ends_word(s[end]))
        end++;
    size_t number = move_number_length(s + c->at, end - c->at);
    if (number > 0) { /* 12. or 12..., and what is glued to it read next */
        t->kind = T_NUMBER;
        t->len = number;
        advance(c, c->at + number);
        return true;
    }
    size_t kept = without_marks(s + c->at, end - c->at);
    advance(c, end);
    if (kept == 0) /* a mark on its own */
        return false;
    t->len = kept;
    t->kind = result_index(s + t->at, kept) >= 0 ? T_RESULT : T_MOVE;
    return true;
}

/* The next token from c into *t; false at the end of the text. */
static bool next_token(cursor *c, token *t)
{
    for (;;) {
        while (c->at < c->len && (is_space(c->text[c->at]) || c->text[c->at] == ',')) {
            if (c->text[c->at] == ',')
                strict_word(c);
            advance(c, c->at + 1);
        }
        if (c->at == c->len)
            return false;
        char ch = c->text[c->at];
        t->at = c->at;
        t->len = 1;
        t->line = c->line;
        t->col = column(c, c->at);
        if ((ch == '%' && t->col == 1) || ch == ';') {
            skip_line(c);
            if (ch == ';' && c->comments) { /* its text, to the line's end */
                t->kind = T_COMMENT, t->at++, t->len = c->at - t->at;
                return true;
            }
        } else if (ch == '{') {
            const char *close = memchr(c->text + c->at, '}', c->len - c->at);
            advance(c, close ? (size_t)(close - c->text) + 1 : c->len);
            if (close == NULL)
                return bad(t, "a comment { is never closed by }");
            if (c->comments) { /* its text, between the braces */
                t->kind = T_COMMENT, t->at++, t->len = (size_t)(close - c->text) - t->at;
                return true;
            }
        } else if (ch == '(') {
            if (!skip_variation(c))
                return bad(t, "a variation ( is never closed by )");
        } else if (ch == '$') {
            advance(c, c->at + 1);
            size_t from = c->at;
            while (c->at < c->len && is_digit(c->text[c->at]))
                advance(c, c->at + 1);
            if (c->at == from)
                return bad(t, "a $ with no number: a NAG is $ and a number, as in $1");
        } else if (ch == '[') {
            return read_tag(c, t);
        } else if (ch == ')' || ch == '}' || ch == ']') {
            advance(c, c->at + 1);
            return bad(t, ch == ')' ? "a ) that closes no variation" : ch == '}' ? "a } that closes no comment"
                                                                                 : "a ] that closes no tag");
        } else if (read_word(c, t)) {
            return true;
        }
    }
}

/* ==================== Records ==================== */


static void set_bad(pdn_record *r, long line, int col, const char *what)
{
    if (r->bad)
        return;
    r->bad = true;
    r->bad_line = line;
    r->bad_col = col;
    snprintf(r->bad_what, sizeof r->bad_what, "%s", what);
}

/* A notation message "<field>, column N: what": N into *col, and where
 * `what` starts; NULL if the message has no column. */
static const char *after_column(const char *err, int *col)
{
    const char *at = strstr(err, ", column ");
    if (at == NULL)
        return NULL;
    at += strlen(", column ");
    *col = 0;
    for (; is_digit(*at) && *col < 100000000; at++)
        *col = *col * 10 + (*at - '0');
    return strncmp(at, ": ", 2) == 0 ? at + 2 : NULL;
}

static void set_bad_notation(pdn_record *r, long line, const char *err)
{
    int col = 0;
    const char *what = after_column(err, &col);
    set_bad(r, line, what ? col : 0, what ? what : err);
}

static void add_tag(pdn_record *r, const token *t)
{
    if (r->ntags == PDN_MAX_TAGS) {
        char what[64];
        snprintf(what, sizeof what, "more than %d tags", PDN_MAX_TAGS);
        set_bad(r, t->line, t->col, what);
        return;
    }
    if (r->ntags == r->tag_cap) {
        pdn_tag *tags = grow_array(r->tags, &r->tag_cap, r->ntags + 1, sizeof *r->tags);
        if (tags == NULL) {
            r->out_of_memory = true;
            return;
        }
        r->tags = tags;
    }
    r->tags[r->ntags++] =
        (pdn_tag){t->name_at, t->name_len, t->value_at, t->value_len, t->line, t->col, t->col + (int)(t->value_at - t->at)};
}

static void add_word(pdn_record *r, const char *text, const token *t, bool strict)
{
    pdn_word w = {.at = t->at, .len = t->len};
    char err[NOTATION_ERROR_SIZE];
    if (!read_move(text + t->at, t->len, t->col, strict, &w.m, err)) {
        set_bad_notation(r, t->line, err);
        return;
    }
    if (r->number_len > 0) {
        size_t digits = 0;
        while (digits < r->number_len && is_digit(text[r->number_at + digits]))
            digits++;
        bool dots3 = r->number_len - digits >= 2 || r->after_number > 0;
        snprintf(w.number, sizeof w.number, "%.*s%s", (int)(digits < 16 ? digits : 16), text + r->number_at,
                 dots3 ? "..." : ".");
    }
    r->after_number++;
    if (r->nwords == PDN_MAX_PLIES) { /* read for its faults, but no game gets this far */
        r->dropped = true;
        return;
    }
    if (r->nwords == r->word_cap) {
        pdn_word *words = grow_array(r->words, &r->word_cap, r->nwords + 1, sizeof *r->words);
        if (words == NULL) {
            r->out_of_memory = true;
            return;
        }
        r->words = words;
    }
    r->words[r->nwords++] = w;
}

/* ==================== Tags ==================== */

bool pdn_tag_is(const char *text, const pdn_tag *g, const char *name)
{
    return g->name_len == strlen(name) && memcmp(text + g->name_at, name, g->name_len) == 0;
}

const pdn_tag *pdn_find_tag(const char *text, const pdn_record *r, const char *name)
{
    for (size_t i = 0; i < r->ntags; i++)
        if (pdn_tag_is(text, &r->tags[i], name))
            return &r->tags[i];
    return NULL;
}

/* The GameType names of PDN 3.0, for a refusal that says what the file is. */
static const char *game_type_name(long n)
{
    static const struct {
        int n;
        const char *name;
    } types[] = {{20, "international draughts"}, {21, "English checkers"},  {22, "Italian draughts"},
                 {23, "American pool checkers"}, {24, "Spanish draughts"},  {25, "Russian draughts"},
                 {26, "Brazilian draughts"},     {27, "Canadian draughts"}, {28, "Portuguese draughts"},
                 {29, "Czech draughts"},         {30, "Turkish draughts"},  {31, "Thai draughts"},
                 {40, "Frisian draughts"},       {41, "Spantsiretti"}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (types[i].n == n)
            return types[i].name;
    return NULL;
}

/* Is the record's game English checkers?  False with the fault set. */
static bool check_game_type(const char *text, pdn_record *r)
{
    const pdn_tag *g = pdn_find_tag(text, r, "GameType");
    if (g == NULL)
        return true;
    long n = 0;
    size_t i = 0;
    while (i < g->value_len && is_digit(text[g->value_at + i]) && n < 1000)
        n = n * 10 + (text[g->value_at + i++] - '0');
    if (i > 0 && n == 21)
        return true;
    char what[NOTATION_ERROR_SIZE], q[QUOTE_SIZE];
    quote_text(text + g->value_at, g->value_len, q);
    const char *name = i > 0 ? game_type_name(n) : NULL;
    if (name)
        snprintf(what, sizeof what, "GameType %s is %s: only 21, English checkers, is read", q, name);
    else
        snprintf(what, sizeof what, "GameType %s is not 21, English checkers, the only game read", q);
    set_bad(r, g->line, g->col, what);
    return false;
}

/* ==================== The start ==================== */

bool pdn_start(const char *text, pdn_record *r, bool strict, position *start, char note[FEN_NOTE_SIZE])
{
    char err[NOTATION_ERROR_SIZE];
    note[0] = '\0';
    if (!check_game_type(text, r))
        return false;
    const pdn_tag *fen = pdn_find_tag(text, r, "FEN");
    if (fen == NULL) {
        *start = initial_position();
        return true;
    }
    if (!read_fen(text + fen->value_at, fen->value_len, fen->value_col, strict, start, err, note)) {
        if (strcmp(err, OUT_OF_MEMORY) == 0) {
            r->out_of_memory = true;
            return false;
        }
        int col = 0;
        const char *detail = after_column(err, &col);
        if (detail != NULL) {
            char what[NOTATION_ERROR_SIZE + 8];
            snprintf(what, sizeof what, "FEN: %s", detail);
            set_bad(r, fen->line, col, what);
        } else {
            set_bad(r, fen->line, fen->col, err);
        }
        return false;
    }
    return true;
}

/* ==================== A file ==================== */

static void reset(pdn_record *r, long line, size_t from)
{
    pdn_tag *tags = r->tags;
    pdn_word *words = r->words;
    size_t tag_cap = r->tag_cap, word_cap = r->word_cap;
    *r = (pdn_record){.first_line = line, .from = from, .tags = tags, .tag_cap = tag_cap, .words = words,
                      .word_cap = word_cap, .result = -1};
}

/* Does tag t start a record after r's: a tag after movetext, or an [Event
 * after r's tags (a record of tags alone, with no result token, ends there
 * rather than take the next record's tags as its own)? */
static bool starts_record(const char *text, const pdn_record *r, const token *t)
{
    if (t->kind != T_TAG)
        return false;
    return r->in_movetext || (r->ntags > 0 && t->name_len == 5 && memcmp(text + t->name_at, "Event", 5) == 0);
}

/* The records of a text, one after another: the tokens up to a result, or
 * to a tag after movetext, which starts the next record (kept as pending). */
typedef struct pdn_reader {
    cursor c;
    pdn_record r;
    bool has_pending;
    token pending;
} pdn_reader;

static pdn_reader *pdn_reader_at(const char *text, size_t len, bool strict, long line, int col);

/* A reader over text[0..len) from its start (a byte-order mark skipped), or
 * NULL if there is no memory for it. */
static pdn_reader *pdn_reader_new(const char *text, size_t len, bool strict)
{
    pdn_reader *rd = pdn_reader_at(text, len, strict, 1, 1);
    if (rd != NULL && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) /* a UTF-8 byte-order mark */
        rd->c.at = rd->c.line_start = 3;
    return rd;
}

/* A reader over a piece of a file, text[0..len), that starts on `line` at
 * column `col` (no byte-order mark looked for). */
static pdn_reader *pdn_reader_at(const char *text, size_t len, bool strict, long line, int col)
{
    pdn_reader *rd = allocate(1, sizeof *rd);
    if (rd == NULL)
        return NULL;
    *rd = (pdn_reader){.c = {.text = text, .len = len, .line = line, .first_col = col - 1, .strict = strict}};
    return rd;
}

/* Where the next record starts (after pdn_reader_next): its offset in the
 * text, its line and column; *in_text: the reader stopped before the
 * text's end (a piece that ends at its last token may have cut it). */
static size_t pdn_reader_where(const pdn_reader *rd, long *line, int *col, bool *in_text)
{
    *in_text = rd->c.at < rd->c.len;
    if (rd->has_pending) {
        *line = rd->pending.line;
        *col = rd->pending.col;
        return rd->pending.at;
    }
    *line = rd->c.line;
    *col = column(&rd->c, rd->c.at);
    return rd->c.at;
}

/* The cursor's comma fault, if one waits, made r's: what read_move says of
 * the word as --strict reads it ("11-15," is not a move...). */
static void take_comma_fault(cursor *c, pdn_record *r)
{
    if (!c->comma_fault)
        return;
    c->comma_fault = false;
    written_move m;
    char err[NOTATION_ERROR_SIZE];
    if (read_move(c->text + c->comma_at, c->comma_len, c->comma_col, true, &m, err))
        set_bad(r, c->comma_line, c->comma_col, "a comma parts moves only without --strict");
    else
        set_bad_notation(r, c->comma_line, err);
}

/* Points *out at the next record (reused), false after the last. */
static bool pdn_reader_next(pdn_reader *rd, pdn_record **out)
{
    pdn_record *r = &rd->r;
    const char *text = rd->c.text;
    bool open = false;
    size_t from = rd->has_pending ? rd->pending.at : rd->c.at;
    token tk;
    *out = r;
    for (;;) {
        if (rd->has_pending)
            tk = rd->pending, rd->has_pending = false;
        else if (!next_token(&rd->c, &tk)) {
            if (rd->c.comma_fault && !open) { /* a comma after the last record: strictly one of its own */
                reset(r, rd->c.comma_line, from);
                open = true;
            }
            take_comma_fault(&rd->c, r);
            r->to = rd->c.len;
            return open;
        }
        if (open && starts_record(text, r, &tk)) {
            take_comma_fault(&rd->c, r); /* a comma before the tag: this record's */
            rd->pending = tk;
            rd->has_pending = true;
            r->to = tk.at;
            return true;
        }
        if (!open) {
            reset(r, tk.line, from);
            open = true;
        }
        take_comma_fault(&rd->c, r);
        switch (tk.kind) {
        case T_TAG:
            add_tag(r, &tk);
            break;
        case T_NUMBER:
            r->in_movetext = true;
            r->number_at = tk.at;
            r->number_len = tk.len;
            r->after_number = 0;
            break;
        case T_MOVE:
            r->in_movetext = true;
            add_word(r, text, &tk, rd->c.strict);
            break;
        case T_RESULT:
            r->result = result_index(text + tk.at, tk.len);
            while (rd->c.at < rd->c.len && text[rd->c.at] == ',') /* "1-0,": the word's commas are its record's */
                advance(&rd->c, rd->c.at + 1);
            r->to = rd->c.at;
            return true;
        case T_BAD:
            set_bad(r, tk.line, tk.col, tk.what);
            break;
        case T_END:
        case T_COMMENT:
            break;
        }
    }
}

void pdn_comments(const char *text, const pdn_record *r, pdn_comment_fn *each, void *ctx)
{
    cursor c = {.text = text, .len = r->to, .at = r->from, .line = 1, .comments = true};
    token t;
    size_t ply = 0;
    while (next_token(&c, &t)) {
        if (t.kind == T_COMMENT)
            each(ctx, ply, text + t.at, t.len);
        if (t.kind != T_MOVE)
            continue;
        const written_move *m = ply < r->nwords ? &r->words[ply].m : NULL;
        ply++;
        if (m != NULL && m->glued)
            each(ctx, ply, text + t.at + m->len, t.len - m->len);
    }
}

static void pdn_reader_free(pdn_reader *rd)
{
    if (rd == NULL)
        return;
    free(rd->r.tags);
    free(rd->r.words);
    free(rd);
}

/* ==================== A file, a record at a time ==================== */

/* The text and a reader over a piece of it.  A file (or a text given
 * whole, through a FILE of its own) is read a line at a time
 * (read_more): text holds what is read of it from the start of the record
 * to give next (`from`, on `line` at `col`), and a new reader goes over
 * that piece for each record, more of the file read in while the piece may
 * have cut the record short.  So the text is as long as the longest record
 * and one read more, whatever the file's length. */
struct pdn_stream {
    buffer text;
    line_reader lines;  /* the file's */
    bool at_eof;        /* all of it is in text */
    size_t from, given; /* the piece's start; how much of it the last record took */
    long line, next_line;
    int col, next_col;
    pdn_reader *reader;
    bool strict;
    const char *error;
    char *own; /* a text given whole: its copy, read through a FILE of its own */
};

pdn_stream *pdn_stream_text(const char *text, size_t len, bool strict)
{
    /* Read as a file is, a line at a time, so that a text and a file of the
     * same bytes give the same records (their CRLF, their # lines). */
    buffer copy = {0};
    append(&copy, text, len); /* (a length no size_t can count fails as no memory) */
    FILE *in = copy.failed ? NULL : fmemopen(copy.text != NULL ? copy.text : (char *)"", len, "r");
    pdn_stream *s = in != NULL ? pdn_stream_file(in, strict) : NULL;
    if (s == NULL) {
        if (in != NULL)
            fclose(in);
        free(copy.text);
        return NULL;
    }
    s->own = copy.text;
    return s;
}

pdn_stream *pdn_stream_file(FILE *in, bool strict)
{
    pdn_stream *s = allocate(1, sizeof *s);
    if (s == NULL)
        return NULL;
    *s = (pdn_stream){.lines = {.in = in}, .line = 1, .col = 1, .strict = strict};
    append(&s->text, "", 0); /* text is never NULL */
    if (s->text.failed) {
        free(s);
        return NULL;
    }
    return s;
}

/* Drops what the records given took, then reads lines of the file onto
 * the text, 4 kB of them or as much as the text holds (a record cut again
 * and again is read in twice as much each time, so it is read over a few
 * times only), each with its "\n" (a # comment line as an empty one, so
 * the lines keep their numbers).  False, said in s->error, if there is no
 * memory or reading fails. */
static bool read_more(pdn_stream *s)
{
    memmove(s->text.text, s->text.text + s->from, s->text.len - s->from + 1);
    s->text.len -= s->from;
    s->from = 0;
    size_t want = s->text.len > 4096 ? s->text.len : 4096;
    const char *line;
    size_t len;
    for (size_t got = 0; got < want && !s->at_eof && !s->text.failed;) {
        if (!next_line(&s->lines, &line, &len)) {
            s->at_eof = true;
            break;
        }
        if (comment_line(line, len))
            len = 0;
        append(&s->text, line, len);
        append(&s->text, "\n", 1);
        got += len + 1;
    }
    if (s->text.failed || (s->lines.failed && !ferror(s->lines.in)))
        s->error = OUT_OF_MEMORY;
    else if (s->lines.failed)
        s->error = "reading the file failed";
    return s->error == NULL;
}

/* The next record of a file into *r, from a reader over the text from the
 * record's start.  A record is taken when the reader stopped inside the
 * text (its last token ended before the text did), or at the file's end;
 * else the piece may have cut it, and more is read. */
static bool next_in_file(pdn_stream *s, pdn_record **r, const char **text)
{
    s->from += s->given;
    s->line = s->next_line ? s->next_line : s->line;
    s->col = s->next_col ? s->next_col : s->col;
    s->given = 0;
    for (;;) {
        pdn_reader_free(s->reader);
        *text = s->text.text + s->from;
        size_t len = s->text.len - s->from;
        bool file_start = s->from == 0 && s->line == 1 && s->col == 1; /* where a byte-order mark may be */
        s->reader = file_start ? pdn_reader_new(*text, len, s->strict)
                               : pdn_reader_at(*text, len, s->strict, s->line, s->col);
        if (s->reader == NULL) {
            s->error = OUT_OF_MEMORY;
            return false;
        }
        bool got = pdn_reader_next(s->reader, r), in_text;
        size_t next = pdn_reader_where(s->reader, &s->next_line, &s->next_col, &in_text);
        if (s->at_eof || (got && in_text)) {
            s->given = next;
            return got;
        }
        if (!read_more(s))
            return false;
    }
}

bool pdn_stream_next(pdn_stream *s, pdn_record **r, const char **text)
{
    return s->error == NULL && next_in_file(s, r, text);
}

const char *pdn_stream_error(const pdn_stream *s) { return s->error; }

void pdn_stream_free(pdn_stream *s)
{
    if (s == NULL)
        return;
    pdn_reader_free(s->reader);
    line_reader_free(&s->lines);
    if (s->own != NULL) {
        fclose(s->lines.in);
        free(s->own);
    }
    free(s->text.text);
    free(s);
}

void pdn_move_number(const pdn_word *w, size_t stop, piece first, char number[32])
{
    if (w->number[0] != '\0')
        snprintf(number, 32, "%s", w->number);
    else
        snprintf(number, 32, "(%zu%s)", (stop + (first == WHITE)) / 2 + 1, (stop + (first == WHITE)) % 2 ? "..." : ".");
}
