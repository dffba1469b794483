/* pdn.c - reading PDN files: FENs as files write them, the movetext's
 * tokens, records, their replay (with the leniency real files need), and the
 * answers: one verdict line a record, or the record written back. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "pdn.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "line.h"
#include "rules.h"
#include "show.h"

/* ==================== Small helpers ==================== */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* c in upper case, for the few letters PDN writes either way. */
static char upper(char c)
{
    static const char lower[] = "abcdefghijklmnopqrstuvwxyz", capital[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const char *at = c != '\0' ? strchr(lower, c) : NULL;
    if (at != NULL)
        return capital[at - lower];
    return c;
}

/* A buffer that grows: start it {0}, free text. */
typedef struct {
    char *text;
    size_t len, cap;
} buffer;

static void grow(buffer *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *text = realloc(b->text, cap);
    if (text == NULL) {
        perror("reference");
        exit(1);
    }
    b->text = text;
    b->cap = cap;
}

static void append(buffer *b, const char *text, size_t len)
{
    grow(b, len);
    memcpy(b->text + b->len, text, len);
    b->len += len;
    b->text[b->len] = '\0';
}

static void appendf(buffer *b, const char *what, ...)
{
    char piece[512];
    va_list args;
    va_start(args, what);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): a false alarm, va_start is just above */
    int n = vsnprintf(piece, sizeof piece, what, args);
    va_end(args);
    if (n > 0)
        append(b, piece, (size_t)n < sizeof piece ? (size_t)n : sizeof piece - 1);
}

static void *allocate(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (p == NULL) {
        perror("reference");
        exit(1);
    }
    return p;
}

/* ==================== FEN as PDN writes it ==================== */

/* Is the field at text[at] (up to its colon) a colour field, W or B? */
static bool colour_field(const char *text, size_t at, size_t end)
{
    while (at < end && text[at] == ' ')
        at++;
    return at < end && (upper(text[at]) == 'W' || upper(text[at]) == 'B');
}

bool read_pdn_fen(const char *text, size_t len, int column, position *pos, char err[NOTATION_ERROR_SIZE],
                  char note[FEN_NOTE_SIZE])
{
    size_t from = 0, to = len;
    note[0] = '\0';
    while (from < to && is_space(text[from]))
        from++;
    while (to > from && is_space(text[to - 1]))
        to--;
    if (to > from && text[to - 1] == '.')
        to--;
    /* Fields past the side and two colour fields (H0, F1 of other programs)
     * are cut off with a note; an odd field before them stays a fault. */
    int fields = 0;
    for (size_t at = from; at < to; at++) {
        if (text[at] != ':')
            continue;
        if (++fields == 3 && !colour_field(text, at + 1, to)) {
            char q[QUOTE_SIZE];
            quote_text(text + at, to - at, q);
            snprintf(note, FEN_NOTE_SIZE, "ignored %s: fields past the two colour fields", q);
            to = at;
            break;
        }
    }
    /* Lowercase letters: b:w21:bk1 is B:W21:BK1. */
    char *copy = allocate(to - from + 1, 1);
    for (size_t i = from; i < to; i++) {
        copy[i - from] = text[i];
        if (text[i] != '\0' && strchr("bwk", text[i]))
            copy[i - from] = upper(text[i]);
    }
    bool ok = parse_fen(copy, to - from, column + (int)from, pos, err);
    free(copy);
    return ok;
}

/* ==================== Tokens ==================== */

/* Where the reader is in the file. */
typedef struct {
    const char *text;
    size_t len, at, line_start;
    long line;
} cursor;

static void advance(cursor *c, size_t to)
{
    for (; c->at < to && c->at < c->len; c->at++)
        if (c->text[c->at] == '\n') {
            c->line++;
            c->line_start = c->at + 1;
        }
}

static void skip_line(cursor *c)
{
    const char *nl = memchr(c->text + c->at, '\n', c->len - c->at);
    advance(c, nl ? (size_t)(nl - c->text) : c->len);
}

typedef enum { T_END, T_TAG, T_NUMBER, T_RESULT, T_MOVE, T_BAD } token_kind;

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

/* The results PDN writes, the old ones (2-0 ...) included. */
static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"};

static int result_index(const char *text, size_t len)
{
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strlen(results[i]) == len && memcmp(results[i], text, len) == 0)
            return (int)i;
    return -1;
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

static bool ends_word(char ch) { return is_space(ch) || (ch != '\0' && strchr("{}()[];$", ch) != NULL); }

/* A word: a move number (and what is glued to it), a result, a mark, a move. */
static bool read_word(cursor *c, token *t)
{
    const char *s = c->text;
    size_t p = c->at;
    while (p < c->len && !ends_word(s[p]))
        p++;
    size_t end = p;
    p = c->at;
    while (p < end && is_digit(s[p]))
        p++;
    if (p > c->at && p < end && s[p] == '.') { /* 12. or 12... */
        while (p < end && s[p] == '.')
            p++;
        t->kind = T_NUMBER;
        t->len = p - c->at;
        advance(c, p);
        return true;
    }
    t->len = end - c->at;
    size_t kept = t->len;
    while (kept > 0 && (s[c->at + kept - 1] == '!' || s[c->at + kept - 1] == '?'))
        kept--;
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
        while (c->at < c->len && is_space(c->text[c->at]))
            advance(c, c->at + 1);
        if (c->at == c->len)
            return false;
        char ch = c->text[c->at];
        t->at = c->at;
        t->len = 1;
        t->line = c->line;
        t->col = (int)(c->at - c->line_start) + 1;
        if ((ch == '%' && c->at == c->line_start) || ch == ';') {
            skip_line(c);
        } else if (ch == '{') {
            const char *close = memchr(c->text + c->at, '}', c->len - c->at);
            advance(c, close ? (size_t)(close - c->text) + 1 : c->len);
            if (close == NULL)
                return bad(t, "a comment { is never closed by }");
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

/* A move as the file writes it, read once into squares. */
typedef struct {
    size_t at, len;           /* its text */
    int sq[MAX_JUMPS + 1], n; /* the squares given; n == 0 for 1118 */
    int split[2][2], splits;  /* 1118: its readings as two squares */
    bool x, dash;             /* the signs used */
    bool glued;               /* text glued to its end (8-11Redoverstepped...): a comment */
    char number[24];          /* the move number as written: "12." or "12...", or "" */
} pdn_word;

typedef struct {
    size_t name_at, name_len, value_at, value_len;
    long line;
    int col, value_col; /* of its [ and of its value's first character */
} tag;

typedef struct {
    long first_line;
    tag *tags;
    size_t ntags, tag_cap;
    pdn_word *words;
    size_t nwords, word_cap;
    int result; /* index in results, or -1 */
    bool in_movetext;
    bool bad;
    long bad_line;
    int bad_col;
    char bad_what[NOTATION_ERROR_SIZE + 32];
    size_t number_at, number_len; /* the last move number token */
    int after_number;             /* moves since it */
} record;

static void set_bad(record *r, long line, int col, const char *what)
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

static void set_bad_notation(record *r, long line, const char *err)
{
    int col = 0;
    const char *what = after_column(err, &col);
    set_bad(r, line, what ? col : 0, what ? what : err);
}

static const char move_forms[] = "a move is 11-15 (a step) or 18x11, 27x18x11 (a capture)";

/* Reads the move text t into w, leniently; false with the fault in err. */
static bool read_move_lenient(const char *text, const token *t, pdn_word *w, char err[NOTATION_ERROR_SIZE])
{
    char q[QUOTE_SIZE];
    quote_text(text + t->at, t->len, q);
    w->n = w->splits = 0;
    w->x = w->dash = w->glued = false;
    size_t at = t->at, end = t->at + t->len;
    for (;;) {
        size_t stop = at;
        while (stop < end && is_digit(text[stop]))
            stop++;
        if (stop == at) {
            snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: %s is not a move: %s", t->col, q, move_forms);
            return false;
        }
        int n = square_number(text + at, stop - at);
        if (w->n == MAX_JUMPS + 1) {
            snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: %s has more than 12 jumps", t->col, q);
            return false;
        }
        w->sq[w->n++] = n;
        if (stop == end)
            break;
        char c = text[stop];
        if (w->n >= 2 && c != 'x' && c != 'X' && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
            w->glued = true; /* prose glued to a whole move, as the Tinsley archive has it: a comment */
            break;
        }
        if (c != '-' && c != 'x' && c != 'X') {
            snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: %s is not a move: %s", t->col, q, move_forms);
            return false;
        }
        w->x |= c != '-';
        w->dash |= c == '-';
        at = stop + 1;
    }
    if (w->n == 1 && t->len >= 3 && t->len <= 4) { /* 1118: two squares without a sign */
        const char *d = text + t->at;
        for (size_t cut = 1; cut < t->len; cut++) {
            int a = square_number(d, cut), b = square_number(d + cut, t->len - cut);
            if (d[0] != '0' && d[cut] != '0' && on_board(a) && on_board(b) && w->splits < 2) {
                w->split[w->splits][0] = a;
                w->split[w->splits++][1] = b;
            }
        }
        w->n = 0;
        if (w->splits > 0)
            return true;
        snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: %s is not a move: %s", t->col, q, move_forms);
        return false;
    }
    if (w->n == 1) {
        snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: %s is a square, not a move: %s", t->col, q, move_forms);
        return false;
    }
    for (int i = 0; i < w->n; i++)
        if (!on_board(w->sq[i])) {
            snprintf(err, NOTATION_ERROR_SIZE, "moves, column %d: %s has a square off the board (squares are 1-32)",
                     t->col, q);
            return false;
        }
    return true;
}

/* Reads the move text t into w: strictly as notation.h reads a move, or
 * leniently; false with the fault in err. */
static bool read_move(const char *text, const token *t, bool strict, pdn_word *w, char err[NOTATION_ERROR_SIZE])
{
    if (!strict)
        return read_move_lenient(text, t, w, err);
    written_move m;
    if (!parse_move(text + t->at, t->len, t->col, &m, err))
        return false;
    memcpy(w->sq, m.sq, sizeof m.sq);
    w->n = m.n;
    w->splits = 0;
    w->x = m.capture;
    w->dash = !m.capture;
    return true;
}

/* An array of *cap elements of size bytes each, doubled (first elements at
 * the start); out of memory ends the program, as every allocation here does. */
static void *grow_array(void *array, size_t *cap, size_t first, size_t size)
{
    *cap = *cap ? 2 * *cap : first;
    void *bigger = realloc(array, *cap * size);
    if (bigger == NULL) {
        perror("reference");
        exit(1);
    }
    return bigger;
}

static void add_tag(record *r, const token *t)
{
    if (r->ntags == r->tag_cap)
        r->tags = grow_array(r->tags, &r->tag_cap, 8, sizeof *r->tags);
    r->tags[r->ntags++] =
        (tag){t->name_at, t->name_len, t->value_at, t->value_len, t->line, t->col, t->col + (int)(t->value_at - t->at)};
}

static void add_word(record *r, const char *text, const token *t, bool strict)
{
    pdn_word w = {.at = t->at, .len = t->len};
    char err[NOTATION_ERROR_SIZE];
    if (!read_move(text, t, strict, &w, err)) {
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
    if (r->nwords == r->word_cap)
        r->words = grow_array(r->words, &r->word_cap, 64, sizeof *r->words);
    r->words[r->nwords++] = w;
}

/* ==================== Replaying a record ==================== */

/* How a move was read, when not as notation.h reads it. */
enum {
    READ_X_STEP = 1,       /* a step written with x */
    READ_DASH_CAPTURE = 2, /* a capture written with - */
    READ_MIXED = 4,        /* a capture's landings joined by both signs */
    READ_UNSIGNED = 8,     /* two squares without a sign: 1118 */
    READ_RESOLVED = 16,    /* two ends naming several captures, told apart by the rest of the game */
    READ_GLUED = 32        /* text glued to the move's end, read as a comment */
};

/* The moves of a record, and what replaying them may spend on readings. */
typedef struct {
    const pdn_word *w;
    size_t n;
    bool strict;
    long budget; /* plies left to try readings of ambiguous captures */
} script;

/* Where a replay ended: the game then, and the ply it stopped on (n when
 * every move was played), with the reason. */
typedef struct {
    game g;
    size_t stop;
    char reason[REASON_SIZE];
} replay;

/* Does m have the squares sq[0..n): every landing, or the two ends? */
static bool names(const move *m, const int *sq, int n)
{
    if (m->from != sq[0])
        return false;
    if (n == 2 && move_end(m) == sq[1])
        return true;
    if (n != m->n + 1)
        return false;
    for (int i = 0; i < m->n; i++)
        if (m->land[i] != sq[i + 1])
            return false;
    return true;
}

static bool word_names(const pdn_word *w, const move *m)
{
    if (w->n > 0)
        return names(m, w->sq, w->n);
    for (int i = 0; i < w->splits; i++)
        if (names(m, w->split[i], 2))
            return true;
    return false;
}

/* How w's writing of m departs from notation.h's forms. */
static unsigned reading_of(const pdn_word *w, const move *m)
{
    unsigned how = 0;
    if (w->n == 0)
        how |= READ_UNSIGNED;
    else if (w->x && w->dash)
        how |= READ_MIXED;
    else if (is_capture_move(m) && !w->x)
        how |= READ_DASH_CAPTURE;
    else if (!is_capture_move(m) && w->x)
        how |= READ_X_STEP;
    if (w->glued)
        how |= READ_GLUED;
    return how;
}

/* The written move find_move reasons about. */
static written_move as_written(const pdn_word *w)
{
    written_move m = {.n = w->n > 0 ? w->n : 2, .capture = w->x};
    if (w->n > 0)
        memcpy(m.sq, w->sq, sizeof m.sq);
    else
        m.sq[0] = w->split[0][0], m.sq[1] = w->split[0][1];
    return m;
}

static const char *side_name(piece side) { return side == WHITE ? "white" : "black"; }

static void say_over(const game *g, outcome o, char reason[REASON_SIZE])
{
    if (o == DRAWN)
        snprintf(reason, REASON_SIZE,
                 "the game is over: drawn, as %d single moves passed without a man moving or a capture", g->quiet);
    else
        snprintf(reason, REASON_SIZE, "the game is over: %s has no move, and %s wins", side_name(g->pos.turn),
                 side_name(opponent_of(g->pos.turn)));
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
    for (int j = 0; j < k && s->budget > 0; j++) {
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
    if (wins == 1 && s->budget > 0) {
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
        outcome o = game_outcome(&g, &legal);
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
            int found = find_move(&g, &legal, &m, r->reason);
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
            find_move(&g, &legal, &m, r->reason);
        } else if (resolve(s, &g, i, &legal, idx, k, played, how, r)) {
            free(idx);
            move_list_free(&legal);
            return true;
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

/* ==================== Answers ==================== */

/* What reading a file needs, shared by its records. */
typedef struct {
    const char *text;
    const char *name;
    FILE *out;
    const pdn_options *o;
    pdn_totals *t;
    int status;
} reader;

static bool tag_is(const char *text, const tag *g, const char *name)
{
    return g->name_len == strlen(name) && memcmp(text + g->name_at, name, g->name_len) == 0;
}

static const tag *find_tag(const char *text, const record *r, const char *name)
{
    for (size_t i = 0; i < r->ntags; i++)
        if (tag_is(text, &r->tags[i], name))
            return &r->tags[i];
    return NULL;
}

/* The length of the UTF-8 sequence at s[0..len) (a character past ASCII:
 * a lead byte and its continuation bytes, no overlong two-byte form), or 0
 * if it is not one. */
static size_t utf8_length(const unsigned char *s, size_t len)
{
    size_t n = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    if (n == 0 || n > len)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* A tag's value, unescaped, cut short: control bytes and tabs as spaces,
 * UTF-8 characters as they are, other bytes past ASCII as ?, so the verdict
 * line stays one line of text. */
static void append_value(buffer *b, const char *text, const tag *g)
{
    const char *v = text + g->value_at;
    for (size_t i = 0, shown = 0; i < g->value_len && shown < 60; i++, shown++) {
        if (v[i] == '\\' && i + 1 < g->value_len)
            i++;
        unsigned char c = (unsigned char)v[i];
        size_t n = c > 127 ? utf8_length((const unsigned char *)v + i, g->value_len - i) : 0;
        if (n > 0) {
            append(b, v + i, n);
            i += n - 1;
        } else {
            append(b, c < ' ' || c == 127 ? " " : c > 127 ? "?" : v + i, 1);
        }
    }
}

/* WHO: "Black - White" when either is tagged, else the Event, else "-". */
static void append_who(buffer *b, const char *text, const record *r)
{
    const tag *black = find_tag(text, r, "Black"), *white = find_tag(text, r, "White"), *event;
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
    } else if ((event = find_tag(text, r, "Event")) != NULL && event->value_len > 0) {
        append_value(b, text, event);
    } else {
        append(b, "-", 1);
    }
}

static void start_line(const reader *rd, const record *r, buffer *b, const char *verdict)
{
    b->len = 0;
    appendf(b, "%s\t%ld\t", verdict, rd->t->records);
    if (rd->o->named)
        appendf(b, "%s:", rd->name);
    appendf(b, "%ld\t", r->first_line);
    append_who(b, rd->text, r);
}

static void emit(reader *rd, buffer *b)
{
    append(b, "\n", 1);
    fwrite(b->text, 1, b->len, rd->out);
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
static bool check_game_type(const char *text, record *r)
{
    const tag *g = find_tag(text, r, "GameType");
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

static const char *outcome_words(outcome o)
{
    return o == BLACK_WINS ? "black wins" : o == WHITE_WINS ? "white wins" : o == DRAWN ? "draw" : "in play";
}

static outcome outcome_now(const game *g)
{
    move_list legal = {0};
    side_moves(&g->pos.b, g->pos.turn, &legal);
    outcome o = game_outcome(g, &legal);
    move_list_free(&legal);
    return o;
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

/* ==================== Writing a record back ==================== */

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

static void write_record(reader *rd, const record *r, const position *start, const move *played, size_t plies,
                         const char *comment)
{
    buffer b = {0};
    const char *text = rd->text;
    int result = r->result;
    for (size_t i = 0; i < r->ntags; i++) {
        const tag *g = &r->tags[i];
        if (tag_is(text, g, "FEN") || tag_is(text, g, "SetUp"))
            continue;
        if (tag_is(text, g, "Result")) {
            int n = result_index(text + g->value_at, g->value_len);
            if (n >= 0)
                result = n;
            appendf(&b, "[Result \"%s\"]\n", canonical_result(result >= 0 ? result : -1));
            continue;
        }
        appendf(&b, "[%.*s \"", (int)g->name_len, text + g->name_at);
        append(&b, text + g->value_at, g->value_len);
        append(&b, "\"]\n", 3);
    }
    position initial = {0};
    parse_fen("B:W21-32:B1-12", 14, 1, &initial, (char[NOTATION_ERROR_SIZE]){0});
    if (memcmp(&initial, start, sizeof initial) != 0) {
        char fen[FEN_SIZE];
        write_fen(start, fen);
        appendf(&b, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
    }
    if (b.len > 0)
        append(&b, "\n", 1);
    size_t column = 0;
    int number = 1;
    piece turn = start->turn;
    for (size_t i = 0; i < plies; i++) {
        char word[MOVE_TEXT_SIZE + 24], mv[MOVE_TEXT_SIZE];
        write_move(&played[i], mv);
        if (turn == BLACK) /* a number stays on the line of its move */
            snprintf(word, sizeof word, "%d. %s", number, mv);
        else if (i == 0)
            snprintf(word, sizeof word, "%d... %s", number, mv);
        else
            snprintf(word, sizeof word, "%s", mv);
        put_word(&b, &column, word);
        if (turn == WHITE)
            number++;
        turn = opponent_of(turn);
    }
    if (comment) {
        append(&b, column ? "\n{" : "{", column ? 2 : 1);
        for (const char *c = comment; *c; c++) /* a brace would end the comment early */
            append(&b, *c == '{' ? "(" : *c == '}' ? ")" : c, 1);
        append(&b, "}\n", 2);
        column = 0;
    }
    put_word(&b, &column, comment ? "*" : canonical_result(result));
    append(&b, "\n\n", 2);
    fwrite(b.text, 1, b.len, rd->out);
    free(b.text);
}

/* ==================== One record ==================== */

static void answer_error(reader *rd, const record *r)
{
    buffer b = {0};
    rd->t->errors++;
    rd->status = 2;
    if (rd->o->write) {
        char comment[NOTATION_ERROR_SIZE + 64];
        snprintf(comment, sizeof comment, "error: line %ld, column %d: %s", r->bad_line, r->bad_col, r->bad_what);
        position start;
        parse_fen("B:W21-32:B1-12", 14, 1, &start, (char[NOTATION_ERROR_SIZE]){0});
        write_record(rd, r, &start, NULL, 0, comment);
        return;
    }
    start_line(rd, r, &b, "error");
    appendf(&b, "\t%ld:%d\t%s", r->bad_line, r->bad_col, r->bad_what);
    emit(rd, &b);
    free(b.text);
}

/* The record's start: its [FEN], or the start of the game. */
static bool record_start(reader *rd, record *r, position *start)
{
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    const tag *fen = find_tag(rd->text, r, "FEN");
    if (fen == NULL)
        return parse_fen("B:W21-32:B1-12", 14, 1, start, err);
    if (!read_pdn_fen(rd->text + fen->value_at, fen->value_len, fen->value_col, start, err, note)) {
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

static void answer_record(reader *rd, record *r)
{
    rd->t->records++;
    position start;
    if (r->bad || !check_game_type(rd->text, r) || !record_start(rd, r, &start)) {
        answer_error(rd, r);
        return;
    }
    move *played = allocate(r->nwords, sizeof *played);
    unsigned *how = allocate(r->nwords, sizeof *how);
    script s = {r->words, r->nwords, rd->o->strict, 100000};
    replay rp = {.stop = 0};
    game g = {start, 0};
    bool ok = replay_from(&s, g, 0, played, how, &rp);
    rd->t->plies += (long)rp.stop;
    for (size_t i = 0; i < rp.stop; i++)
        count_readings(rd->t, how[i]);
    buffer b = {0};
    const char *text = rd->text;
    if (!rd->o->write) {
        game at = {start, 0};
        for (size_t i = 0; i <= rp.stop && (rd->o->plies || rd->o->notes); i++) {
            char mv[MOVE_TEXT_SIZE];
            if (rd->o->notes && i < rp.stop && how[i] != 0) {
                const pdn_word *w = &r->words[i];
                start_line(rd, r, &b, "note");
                write_move(&played[i], mv);
                appendf(&b, "\tply %zu\t%.*s\tread as %s: ", i + 1, (int)w->len, text + w->at, mv);
                say_reading(&b, how[i]);
                emit(rd, &b);
            }
            if (rd->o->plies) {
                char fen[FEN_SIZE];
                write_fen(&at.pos, fen);
                start_line(rd, r, &b, "ply");
                if (i == 0)
                    appendf(&b, "\tply 0\t-\t%s", fen);
                else {
                    write_move(&played[i - 1], mv);
                    appendf(&b, "\tply %zu\t%s\t%s", i, mv, fen);
                }
                emit(rd, &b);
            }
            if (i < rp.stop)
                game_play(&at, &played[i]);
        }
    }
    if (ok) {
        rd->t->legal++;
        if (rd->o->write) {
            write_record(rd, r, &start, played, rp.stop, NULL);
        } else {
            char fen[FEN_SIZE];
            write_fen(&rp.g.pos, fen);
            start_line(rd, r, &b, "legal");
            appendf(&b, "\t%s\tquiet %d/%d", fen, rp.g.quiet, DRAW_QUIET_MOVES);
            outcome o = outcome_now(&rp.g);
            if (o != IN_PLAY)
                appendf(&b, "\t%s", outcome_words(o));
            emit(rd, &b);
        }
    } else {
        rd->t->illegal++;
        const pdn_word *w = &r->words[rp.stop];
        char number[32];
        if (w->number[0] != '\0')
            snprintf(number, sizeof number, "%s", w->number);
        else /* no number written: the one it would have */
            snprintf(number, sizeof number, "(%zu%s)", (rp.stop + (start.turn == WHITE)) / 2 + 1,
                     (rp.stop + (start.turn == WHITE)) % 2 ? "..." : ".");
        if (rd->o->write) {
            char comment[REASON_SIZE + 96];
            snprintf(comment, sizeof comment, "illegal: ply %zu, %s %.*s: %s", rp.stop + 1, number,
                     (int)(w->len < 40 ? w->len : 40), text + w->at, rp.reason);
            write_record(rd, r, &start, played, rp.stop, comment);
        } else {
            start_line(rd, r, &b, "illegal");
            appendf(&b, "\tply %zu\t%s\t%.*s\t%s", rp.stop + 1, number, (int)(w->len < 40 ? w->len : 40), text + w->at,
                    rp.reason);
            emit(rd, &b);
        }
    }
    free(b.text);
    free(played);
    free(how);
}

/* ==================== The file ==================== */

static void reset(record *r, long line)
{
    tag *tags = r->tags;
    pdn_word *words = r->words;
    size_t tag_cap = r->tag_cap, word_cap = r->word_cap;
    *r = (record){.first_line = line, .tags = tags, .tag_cap = tag_cap, .words = words, .word_cap = word_cap,
                  .result = -1};
}

/* Reads all of in into *b; false if reading failed. */
static bool slurp(FILE *in, buffer *b)
{
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
        append(b, chunk, n);
    if (b->text == NULL)
        append(b, "", 0);
    return !ferror(in);
}

int run_pdn(FILE *in, const char *name, FILE *out, const pdn_options *o, pdn_totals *t)
{
    buffer file = {0};
    reader rd = {NULL, name, out, o, t, 0};
    if (!slurp(in, &file)) {
        fprintf(stderr, "reference: pdn: ");
        perror(name);
        rd.status = 1;
    }
    rd.text = file.text;
    cursor c = {file.text, file.len, 0, 0, 1};
    if (c.len >= 3 && memcmp(c.text, "\xEF\xBB\xBF", 3) == 0) /* a UTF-8 byte-order mark */
        c.at = c.line_start = 3;
    record r = {0};
    bool open = false;
    token tk;
    while (next_token(&c, &tk)) {
        if (open && tk.kind == T_TAG && r.in_movetext) {
            answer_record(&rd, &r);
            open = false;
        }
        if (!open) {
            reset(&r, tk.line);
            open = true;
        }
        switch (tk.kind) {
        case T_TAG:
            add_tag(&r, &tk);
            break;
        case T_NUMBER:
            r.in_movetext = true;
            r.number_at = tk.at;
            r.number_len = tk.len;
            r.after_number = 0;
            break;
        case T_MOVE:
            r.in_movetext = true;
            add_word(&r, file.text, &tk, o->strict);
            break;
        case T_RESULT:
            r.result = result_index(file.text + tk.at, tk.len);
            answer_record(&rd, &r);
            open = false;
            break;
        case T_BAD:
            set_bad(&r, tk.line, tk.col, tk.what);
            break;
        case T_END:
            break;
        }
    }
    if (open)
        answer_record(&rd, &r);
    free(r.tags);
    free(r.words);
    free(file.text);
    if (fflush(out) != 0 || ferror(out)) {
        perror("reference: writing output");
        rd.status = 1;
    }
    return rd.status;
}

void print_pdn_totals(const pdn_totals *t, FILE *out)
{
    fprintf(out,
            "pdn: %ld records: %ld legal, %ld illegal, %ld malformed; %ld plies; lenient: %ld steps written with x, "
            "%ld captures with -, %ld with both signs, %ld moves without a sign, %ld captures resolved by the rest of "
            "the game, %ld FEN fields ignored, %ld moves with text glued on\n",
            t->records, t->legal, t->illegal, t->errors, t->plies, t->x_steps, t->dash_captures, t->mixed_signs,
            t->unsigned_moves, t->resolved, t->fen_notes, t->glued);
}

/* ==================== The command ==================== */

static void pdn_usage(FILE *out)
{
    fputs("usage: reference pdn [--strict] [--notes] [--plies] [--write] [FILE...]\n"
          "Replays every record of the PDN files (standard input when none is named)\n"
          "and prints one line a record, in file order, tab-separated:\n"
          "  legal    N  LINE  WHO  final FEN  quiet Q/80  [white wins|black wins|draw]\n"
          "  illegal  N  LINE  WHO  ply P  MOVE-NUMBER  MOVE  reason\n"
          "  error    N  LINE  WHO  L:C  what is wrong\n"
          "N counts records, LINE is where one starts (FILE:LINE for several files),\n"
          "WHO is \"Black - White\" or the Event.  Exit status 2 if a record was\n"
          "malformed.  A summary line goes to standard error.  Read leniently (counted\n"
          "in the summary): a step written with x, a capture with -, 1118 for 11-18,\n"
          "two ends naming several captures when one alone lets the game go on,\n"
          "letters glued to a move's end (8-11Redovers...: the move and a comment).\n"
          "  --strict  moves only as the notation writes them (11-15, 18x11, 27x18x11)\n"
          "  --notes   a \"note\" line for each move read leniently, before its record\n"
          "  --plies   a \"ply\" line with the FEN after every ply, before its record\n"
          "  --write   each record written back as canonical PDN instead\n",
          out);
}

int pdn_command(int argc, const char *const argv[])
{
    pdn_options o = {0};
    const char **files = allocate((size_t)argc, sizeof *files);
    int nfiles = 0;
    bool options = true; /* until "--" */
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!options || arg[0] != '-' || arg[1] == '\0')
            files[nfiles++] = arg;
        else if (!strcmp(arg, "--"))
            options = false;
        else if (!strcmp(arg, "--strict"))
            o.strict = true;
        else if (!strcmp(arg, "--notes"))
            o.notes = true;
        else if (!strcmp(arg, "--plies"))
            o.plies = true;
        else if (!strcmp(arg, "--write"))
            o.write = true;
        else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            pdn_usage(stdout);
            free(files);
            return 0;
        } else {
            fprintf(stderr, "reference: pdn: unknown option %s (try reference pdn --help)\n", arg);
            free(files);
            return 2;
        }
    }
    pdn_totals t = {0};
    int status = 0;
    o.named = nfiles > 1;
    if (nfiles == 0)
        status = run_pdn(stdin, "-", stdout, &o, &t);
    for (int i = 0; i < nfiles; i++) {
        FILE *in = strcmp(files[i], "-") ? fopen(files[i], "rb") : stdin;
        if (in == NULL) {
            fprintf(stderr, "reference: pdn: ");
            perror(files[i]);
            status = status ? status : 1;
            continue;
        }
        int s = run_pdn(in, files[i], stdout, &o, &t);
        if (in != stdin)
            fclose(in);
        status = s > status ? s : status;
    }
    free(files);
    print_pdn_totals(&t, stderr);
    return status;
}

/* ==================== Moves of a position ==================== */

void print_moves(const position *pos, const char *indent, FILE *out)
{
    move_list moves = {0};
    side_moves(&pos->b, pos->turn, &moves);
    for (size_t i = 0; i < moves.n; i++) {
        char text[MOVE_TEXT_SIZE];
        write_move(&moves.at[i], text);
        fprintf(out, "%s%s\n", indent, text);
    }
    if (moves.n == 0)
        fprintf(out, "%snone: %s has no move, %s wins\n", indent, side_name(pos->turn),
                side_name(opponent_of(pos->turn)));
    move_list_free(&moves);
}

/* One line of the moves batch; false with the fault in err. */
static line_status moves_line(const char *text, size_t len, bool show, FILE *out, char err[NOTATION_ERROR_SIZE])
{
    size_t first = 0;
    while (first < len && is_space(text[first]))
        first++;
    if (first == len || text[first] == '#')
        return LINE_SKIP;
    position pos;
    char note[FEN_NOTE_SIZE];
    if (!read_pdn_fen(text, len, 1, &pos, err, note))
        return LINE_ERROR;
    char fen[FEN_SIZE];
    write_fen(&pos, fen);
    move_list moves = {0};
    side_moves(&pos.b, pos.turn, &moves);
    fprintf(out, "%s\t%zu moves\n", fen, moves.n);
    move_list_free(&moves);
    if (show)
        show_position(&pos, "  ", out);
    print_moves(&pos, "  ", out);
    return LINE_OK;
}

int run_moves(FILE *in, FILE *out, bool show)
{
    return run_batch(in, out, show, moves_line);
}
