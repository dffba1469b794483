/* notation.c - reading and writing FEN positions and PDN moves, and the
 * lenient FEN reader every FEN from a user or a file goes through.
 *
 * Like the line parser, the strict readers never copy their text: they walk it by index,
 * so text of any length, NUL bytes included, is fine.  Each fault names the
 * column where the faulty element starts and quotes it, escaped and cut
 * short. */
#include "notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "words.h"
#include "rules.h"
#include "text.h"

/* ==================== Faults ==================== */

/* The text being read: its field's name, and the column of text[0]. */
typedef struct {
    const char *field, *text;
    int column;
    char *err;
} source;

/* "<field>, column N: <printf-formatted what>" into err, N the column of
 * text[at]; always false. */
static bool fail(const source *s, size_t at, const char *what, ...)
{
    char detail[NOTATION_ERROR_SIZE - 40]; /* room for "moves, column N: " */
    va_list args;
    va_start(args, what);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): a false alarm, va_start is just above */
    vsnprintf(detail, sizeof detail, what, args);
    va_end(args);
    snprintf(s->err, NOTATION_ERROR_SIZE, "%s, column %d: %s", s->field, s->column + (int)at, detail);
    return false;
}

/* The same, with text[at..at + len) quoted before `what`. */
static bool fail_quoted(const source *s, size_t at, size_t len, const char *what)
{
    char q[QUOTE_SIZE];
    quote_text(s->text + at, len, q);
    return fail(s, at, "%s %s", q, what);
}

/* The first of c in text[from..to), or `to`. */
static size_t find(const source *s, size_t from, size_t to, char c)
{
    const char *hit = from < to ? memchr(s->text + from, c, to - from) : NULL;
    return hit ? (size_t)(hit - s->text) : to;
}

const char *side_name(piece side) { return side == WHITE ? "white" : "black"; }

/* ==================== FEN ==================== */

/* What a FEN is being filled in with. */
typedef struct {
    position *pos;
    int pieces[3];   /* per side (indexed BLACK, WHITE) */
    bool listed[3];  /* has that side's field been read? */
} filling;

/* Puts a piece of `side` on square n, read from the element at `at`. */
static bool place(const source *s, size_t at, filling *f, piece side, bool king, int n)
{
    piece there = f->pos->b.at[n];
    if (there != EMPTY)
        return side_of(there) == side ? fail(s, at, "square %d is listed twice", n)
                                      : fail(s, at, "square %d is both white and black", n);
    if (!king && crowns_on(side, n))
        return fail(s, at, "a %s man on %d would have been crowned (%s men crown on %s): K%d is a king", side_name(side),
                    n, side_name(side), side == WHITE ? "1-4" : "29-32", n);
    if (++f->pieces[side] > MAX_PIECES)
        return fail(s, at, "%s has more than %d pieces (the %dth is on %d)", side_name(side), MAX_PIECES,
                    f->pieces[side], n);
    f->pos->b.at[n] = king ? crowned(side) : side;
    return true;
}

/* One square of an element, text[from..to); `at` is the element's start. */
static bool square_of(const source *s, size_t at, size_t from, size_t to, int *n)
{
    *n = square_number(s->text + from, to - from);
    if (*n < 0)
        return fail_quoted(s, at, to - at, "is not a square: a square is a number 1-32, K before a king's, as in K30");
    if (!on_board(*n))
        return fail_quoted(s, at, to - at, "is off the board (squares are 1-32)");
    return true;
}

/* One element of a colour field, text[at..end): a square or a range, a K
 * before it for kings. */
static bool read_element(const source *s, size_t at, size_t end, filling *f, piece side)
{
    if (at == end)
        return fail(s, at, "an empty element (a stray comma)");
    bool king = s->text[at] == 'K';
    size_t from = at + king, dash = find(s, from, end, '-');
    int first, last;
    if (dash < end && (dash == from || dash + 1 == end)) /* "-5", "5-": a sign, or a range's end missing */
        return fail_quoted(s, at, end - at, "is neither a square nor a range: a range has a square each side of its -, as in 1-12");
    if (!square_of(s, at, from, dash, &first))
        return false;
    last = first;
    if (dash < end && !square_of(s, at, dash + 1, end, &last))
        return false;
    if (last < first)
        return fail_quoted(s, at, end - at, "is a range that goes down: ranges go up, as in 1-12");
    for (int n = first; n <= last; n++)
        if (!place(s, at, f, side, king, n))
            return false;
    return true;
}

/* One colour field, text[at..end): W or B, then its squares. */
static bool read_field(const source *s, size_t at, size_t end, filling *f)
{
    if (at == end)
        return fail(s, at, "an empty field: a colour field is W or B and its squares, as in W21-32");
    char c = s->text[at];
    if (c != 'W' && c != 'B')
        return fail_quoted(s, at, end - at, "is no colour field: it starts with W (white) or B (black)");
    piece side = c == 'W' ? WHITE : BLACK;
    if (f->listed[side])
        return fail(s, at, "a second %s field: one field for each colour", side_name(side));
    f->listed[side] = true;
    if (at + 1 == end) /* no pieces of that colour */
        return true;
    for (size_t from = at + 1;;) {
        size_t comma = find(s, from, end, ',');
        if (!read_element(s, from, comma, f, side))
            return false;
        if (comma == end)
            return true;
        from = comma + 1;
    }
}

/* A FEN exactly as PDN writes it, text[0..len): the faults of read_fen
 * but the lenient forms. */
static bool parse_fen(const char *text, size_t len, int column, position *pos, char err[NOTATION_ERROR_SIZE])
{
    source s = {"fen", text, column, err};
    err[0] = '\0';
    if (len == 0)
        return fail(&s, 0, "empty: a position is needed, such as B:W21-32:B1-12 (the start)");
    size_t colon = find(&s, 0, len, ':');
    bool side = text[0] == 'B' || text[0] == 'W';
    if (side && len == 1)
        return fail(&s, 1, "ends after the side to move: the colour fields follow, as in B:W21-32:B1-12");
    if (!side || colon != 1)
        return fail_quoted(&s, 0, colon, "is no side to move: B (black) or W (white), then a colon");
    *pos = (position){empty_board(), text[0] == 'B' ? BLACK : WHITE};
    filling f = {pos, {0}, {false}};
    size_t from = colon + 1;
    for (int fields = 0;; fields++) {
        size_t end = find(&s, from, len, ':');
        if (fields == 2)
            return fail(&s, from, "a third field: a position is the side to move and two colour fields");
        if (!read_field(&s, from, end, &f))
            return false;
        if (end == len)
            break;
        from = end + 1;
    }
    if (!f.listed[WHITE] || !f.listed[BLACK])
        return fail(&s, len, "no %s field: give both colours, as in B:W21-32:B1-12", f.listed[WHITE] ? "black" : "white");
    return true;
}

position initial_position(void)
{
    position pos;
    char err[NOTATION_ERROR_SIZE];
    parse_fen("B:W21-32:B1-12", 14, 1, &pos, err);
    return pos;
}

/* ==================== FEN as users and files write it ==================== */

/* Is the field at text[at] (up to its colon) a colour field, W or B? */
static bool colour_field(const char *text, size_t at, size_t end)
{
    while (at < end && text[at] == ' ')
        at++;
    return at < end && (upper(text[at]) == 'W' || upper(text[at]) == 'B');
}

/* What strict reading refuses that the lenient one reads, at text[at]. */
static bool not_strict(const source *s, size_t at, const char *what)
{
    return fail(s, at, "%s, read only without --strict", what);
}

bool read_fen(const char *text, size_t len, int column, bool strict, position *pos, char err[NOTATION_ERROR_SIZE],
              char note[FEN_NOTE_SIZE])
{
    source s = {"fen", text, column, err};
    size_t from = 0, to = len;
    note[0] = '\0';
    err[0] = '\0';
    while (from < to && is_space(text[from]))
        from++;
    if (strict && from > 0)
        return not_strict(&s, 0, "a space before the position");
    while (to > from && is_space(text[to - 1]))
        to--;
    if (strict && to < len)
        return not_strict(&s, to, "a space after the position");
    if (to > from && text[to - 1] == '.') {
        if (strict)
            return not_strict(&s, to - 1, "a trailing dot");
        to--;
    }
    /* Fields past the side and two colour fields (H0, F1 of other programs)
     * are cut off with a note; an odd field before them stays a fault. */
    int fields = 0;
    for (size_t at = from; at < to; at++) {
        if (text[at] != ':')
            continue;
        if (++fields == 3 && !colour_field(text, at + 1, to)) {
            char q[QUOTE_SIZE];
            quote_text(text + at, to - at, q);
            if (strict) {
                char what[QUOTE_SIZE + 48];
                snprintf(what, sizeof what, "%s, fields past the two colour fields", q);
                return not_strict(&s, at, what);
            }
            snprintf(note, FEN_NOTE_SIZE, "ignored %s: fields past the two colour fields", q);
            to = at;
            break;
        }
    }
    /* Lowercase letters: b:w21:bk1 is B:W21:BK1. */
    char *copy = allocate(to - from + 1, 1);
    if (copy == NULL) {
        snprintf(err, NOTATION_ERROR_SIZE, OUT_OF_MEMORY);
        return false;
    }
    for (size_t i = from; i < to; i++) {
        copy[i - from] = text[i];
        if (text[i] != '\0' && strchr("bwk", text[i])) {
            if (strict) {
                free(copy);
                char what[48];
                snprintf(what, sizeof what, "a lowercase \"%c\"", text[i]);
                return not_strict(&s, i, what);
            }
            copy[i - from] = upper(text[i]);
        }
    }
    bool ok = parse_fen(copy, to - from, column + (int)from, pos, err);
    free(copy);
    return ok;
}

/* Appends side's squares to out at *at: "21,22,K30". */
static void write_side(const board *b, piece side, char *out, size_t *at)
{
    bool first = true;
    for (int n = 1; n <= SQUARES; n++)
        if (side_of(b->at[n]) == side) {
            *at += (size_t)snprintf(out + *at, FEN_SIZE - *at, "%s%s%d", first ? "" : ",", is_king(b->at[n]) ? "K" : "", n);
            first = false;
        }
}

void write_fen(const position *pos, char out[FEN_SIZE])
{
    size_t at = (size_t)snprintf(out, FEN_SIZE, "%c:W", pos->turn == WHITE ? 'W' : 'B');
    write_side(&pos->b, WHITE, out, &at);
    at += (size_t)snprintf(out + at, FEN_SIZE - at, ":B");
    write_side(&pos->b, BLACK, out, &at);
}

/* ==================== Moves ==================== */

static const char move_forms[] = "a move is 11-15 for a step, 18x11 or 27x18x11 for a capture";

static bool not_a_move(const source *s, size_t len)
{
    char what[128];
    snprintf(what, sizeof what, "is not a move: %s", move_forms);
    return fail_quoted(s, 0, len, what);
}

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Leniently, a single number of 3 or 4 digits is two squares without a
 * sign: its readings as two squares (no square starting with 0), if any
 * (m->n 0); else false, m->n as it was (364 has none: a square, no move). */
static bool unsigned_move(const char *text, size_t len, written_move *m)
{
    m->splits = 0;
    if (len < 3 || len > 4)
        return false;
    for (size_t cut = 1; cut < len; cut++) {
        int a = square_number(text, cut), b = square_number(text + cut, len - cut);
        if (text[0] != '0' && text[cut] != '0' && on_board(a) && on_board(b) && m->splits < 2) {
            m->split[m->splits][0] = a;
            m->split[m->splits++][1] = b;
        }
    }
    if (m->splits == 0)
        return false;
    m->n = 0;
    return true;
}

bool read_move(const char *text, size_t len, int column, bool strict, written_move *m, char err[NOTATION_ERROR_SIZE])
{
    source s = {"moves", text, column, err};
    size_t square_start[MAX_JUMPS + 1];
    err[0] = '\0';
    *m = (written_move){.n = 0};
    for (size_t at = 0;;) {
        size_t end = at;
        while (end < len && is_digit(text[end]))
            end++;
        if (end == at)
            return at == len && at > 0 ? fail_quoted(&s, 0, len, "ends without its last square") : not_a_move(&s, len);
        if (m->n == MAX_JUMPS + 1)
            return fail_quoted(&s, 0, len, "has more than 12 jumps, and a side has only 12 pieces to take");
        square_start[m->n] = at;
        m->sq[m->n++] = square_number(text + at, end - at);
        if (end == len)
            break;
        char c = text[end];
        if (!strict && m->n >= 2 && c != 'x' && c != 'X' && is_letter(c)) {
            m->glued = true; /* prose glued to a whole move, as the Tinsley archive has it: a comment */
            m->len = end;
            break;
        }
        bool x = c == 'x' || (!strict && c == 'X');
        if (c != '-' && !x)
            return not_a_move(&s, len);
        if (strict && (x ? m->dash : m->capture))
            return fail_quoted(&s, 0, len, "mixes - and x: a step is 11-15, a capture 18x11 or 27x18x11");
        if (strict && c == '-' && m->n == 2)
            return fail_quoted(&s, 0, len, "is a step of more than one square: a step is one square, as in 11-15");
        m->capture |= x;
        m->dash |= !x;
        at = end + 1;
    }
    if (!m->glued)
        m->len = len;
    if (m->n == 1 && !strict && unsigned_move(text, len, m))
        return true;
    if (m->n == 1)
        return fail_quoted(&s, 0, len, "is a square, not a move: a move is 11-15, 18x11 or 27x18x11");
    for (int i = 0; i < m->n; i++)
        if (!on_board(m->sq[i])) {
            size_t end = square_start[i];
            while (end < len && is_digit(text[end]))
                end++;
            return fail_quoted(&s, square_start[i], end - square_start[i], "is off the board (squares are 1-32)");
        }
    return true;
}

/* ==================== Movetext ==================== */

static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"};

int result_index(const char *text, size_t len)
{
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strlen(results[i]) == len && memcmp(results[i], text, len) == 0)
            return (int)i;
    return -1;
}

size_t move_number_length(const char *text, size_t len)
{
    size_t p = 0;
    while (p < len && is_digit(text[p]))
        p++;
    if (p == 0 || p == len || text[p] != '.')
        return 0;
    while (p < len && text[p] == '.')
        p++;
    return p;
}

size_t without_marks(const char *text, size_t len)
{
    while (len > 0 && (text[len - 1] == '!' || text[len - 1] == '?'))
        len--;
    return len;
}

bool next_move(movetext *t, written_move *m, size_t *start, size_t *len, char err[NOTATION_ERROR_SIZE])
{
    const char *seps = t->strict ? " \t" : " \t,\r\n";
    err[0] = '\0';
    for (;;) {
        size_t i = t->at, from;
        if (!next_word(t->text, t->len, seps, &i, &from))
            return false;
        size_t n = i - from;
        t->at = i;
        if (!t->strict) {
            size_t number = move_number_length(t->text + from, n);
            if (number > 0) { /* 12. alone, or glued to its move: 1.11-15 */
                t->at = from + number;
                continue;
            }
            n = without_marks(t->text + from, n);
            size_t rest = t->at;
            if (n == 0 || (result_index(t->text + from, n) >= 0 && !next_word(t->text, t->len, seps, &rest, &rest)))
                continue; /* a mark alone, or the result at the end */
        }
        *start = from;
        *len = n;
        return read_move(t->text + from, n, t->column + (int)from, t->strict, m, err);
    }
}

/* Writes squares sq[0..n) joined by sign into out, cut short if they do
 * not fit (squares 1-32 always do; a corrupt move's may not, and must not
 * write past out). */
static void write_squares(const int *sq, int n, char sign, char out[MOVE_TEXT_SIZE])
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < n && at + 1 < MOVE_TEXT_SIZE; i++) {
        if (i > 0)
            out[at++] = sign;
        int wrote = snprintf(out + at, MOVE_TEXT_SIZE - at, "%d", sq[i]);
        at = wrote < 0 || (size_t)wrote >= MOVE_TEXT_SIZE - at ? MOVE_TEXT_SIZE - 1 : at + (size_t)wrote;
    }
    out[at] = '\0';
}

void write_move(const move *m, char out[MOVE_TEXT_SIZE])
{
    int n = m->n < 0 ? 0 : m->n > MAX_JUMPS ? MAX_JUMPS : m->n; /* at most sq's room */
    int sq[MAX_JUMPS + 1] = {m->from};
    for (int i = 0; i < n; i++)
        sq[i + 1] = m->land[i];
    write_squares(sq, n + 1, n > 0 && is_capture_move(m) ? 'x' : '-', out);
}

void write_written(const written_move *w, char out[MOVE_TEXT_SIZE])
{
    if (w->n == 0)
        write_squares(w->split[0], 2, '-', out);
    else
        write_squares(w->sq, w->n, w->capture ? 'x' : '-', out);
}
