/* pdn_replay.c - a second reader of PDN game files, written apart from
 * reference/ (it includes none of it): records cut by blank-line-free rules
 * of its own, moves matched on the bitboard generator of tests/oracles/bitboard.c.
 * tests/pdn.bats compares its verdicts with `reference pdn`.
 *
 * Usage: pdn_replay [--plies] [FILE]  (standard input without FILE).  One
 * line a record, in file order (with --plies, before it "ply<TAB>N<TAB>P<TAB>
 * FEN" for the start, P = 0, and after each ply played):
 *   legal<TAB>N<TAB>final FEN<TAB>quiet Q/80
 *   illegal<TAB>N<TAB>ply P      (P: the first ply no reading can play)
 *   error<TAB>N                  (a word that is no move, number or result)
 * It reads moves leniently on purpose: a move matches a legal move if its
 * squares are the move's path or its two ends, whatever sign joins them
 * (1118 for 11-18 too), and when several match it tries each with the rest
 * of the record, keeping any that replays to the end.  A move after 80
 * plies without a man moving or a capture is refused (the game is drawn). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"

enum { MAX_PLIES = 4096, WORD = 64 };

typedef struct {
    int sq[13], n;
} written;

typedef struct {
    bb_position start;
    written w[MAX_PLIES];
    int n;
    bool bad;
    bb_position path[MAX_PLIES + 1]; /* the position after each ply of the reading played */
} game_record;

static bool matches(const bb_move *m, const written *w)
{
    if (m->sq[0] != w->sq[0])
        return false;
    if (w->n == 2 && m->sq[m->n - 1] == w->sq[1])
        return true;
    if (w->n != m->n)
        return false;
    for (int i = 0; i < m->n; i++)
        if (m->sq[i] != w->sq[i])
            return false;
    return true;
}

/* Replays r's moves from ply i on p; returns the ply where every reading
 * failed (r->n when one replayed it all), with the end in *end. */
static int replay(game_record *r, bb_position p, int quiet, int i, bb_position *end, int *end_quiet, long *budget)
{
    for (; i < r->n; i++) {
        if (--*budget < 0 || quiet >= 80)
            return i;
        bb_list l = {0};
        bb_moves(&p, &l);
        int hits = 0, last = -1;
        for (size_t j = 0; j < l.n; j++)
            if (matches(&l.at[j], &r->w[i]))
                hits++, last = (int)j;
        if (hits == 0) {
            bb_free(&l);
            return i;
        }
        if (hits > 1) {
            int deepest = i;
            for (size_t j = 0; j < l.n; j++) {
                if (!matches(&l.at[j], &r->w[i]))
                    continue;
                bb_position q = p;
                int qq = bb_progress(&p, &l.at[j]) ? 0 : quiet + 1;
                bb_play(&q, &l.at[j]);
                r->path[i + 1] = q;
                int got = replay(r, q, qq, i + 1, end, end_quiet, budget);
                if (got == r->n) {
                    bb_free(&l);
                    return got;
                }
                deepest = got > deepest ? got : deepest;
            }
            bb_free(&l);
            return i; /* no reading replays: the ambiguous move is blamed */
        }
        quiet = bb_progress(&p, &l.at[last]) ? 0 : quiet + 1;
        bb_play(&p, &l.at[last]);
        r->path[i + 1] = p;
        bb_free(&l);
    }
    *end = p;
    *end_quiet = quiet;
    return i;
}

static void answer(game_record *r, int number, bool plies)
{
    if (r->bad) {
        printf("error\t%d\n", number);
        return;
    }
    bb_position end;
    int quiet = 0;
    long budget = 1000000;
    r->path[0] = r->start;
    int got = replay(r, r->start, 0, 0, &end, &quiet, &budget);
    for (int i = 0; plies && i <= got; i++) {
        char fen[200];
        bb_write_fen(&r->path[i], fen, sizeof fen);
        printf("ply\t%d\t%d\t%s\n", number, i, fen);
    }
    if (got < r->n) {
        printf("illegal\t%d\tply %d\n", number, got + 1);
        return;
    }
    char fen[200];
    bb_write_fen(&end, fen, sizeof fen);
    printf("legal\t%d\t%s\tquiet %d/80\n", number, fen, quiet);
}

/* The word as a move: squares joined by -, x or X, or four or three digits. */
static bool read_move(const char *s, written *w)
{
    w->n = 0;
    size_t len = strlen(s);
    bool sign = strpbrk(s, "-xX") != NULL;
    if (!sign && (len == 4 || len == 3)) {
        int a = len == 4 ? (s[0] - '0') * 10 + s[1] - '0' : s[0] - '0';
        int b = atoi(s + (len == 4 ? 2 : 1));
        w->sq[0] = a, w->sq[1] = b, w->n = 2;
        return a >= 1 && a <= 32 && b >= 1 && b <= 32;
    }
    for (const char *p = s;;) {
        if (*p < '0' || *p > '9' || w->n == 13)
            return false;
        int v = 0;
        while (*p >= '0' && *p <= '9')
            v = v * 10 + (*p++ - '0');
        if (v < 1 || v > 32)
            return false;
        w->sq[w->n++] = v;
        if (*p == '\0')
            return w->n >= 2;
        if (*p != '-' && *p != 'x' && *p != 'X')
            return false;
        p++;
    }
}

static bool is_result(const char *s)
{
    static const char *const r[] = {"1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"};
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
        if (!strcmp(s, r[i]))
            return true;
    return false;
}

/* The text read, walked a character at a time. */
typedef struct {
    char *text;
    size_t len, at;
} source;

static int next(source *s) { return s->at < s->len ? (unsigned char)s->text[s->at++] : EOF; }

static void back(source *s) { s->at--; }

int main(int argc, char *argv[])
{
    bool plies = argc > 1 && !strcmp(argv[1], "--plies");
    const char *name = argc > 1 + plies ? argv[1 + plies] : NULL;
    FILE *f = name ? fopen(name, "rb") : stdin;
    if (f == NULL) {
        perror(name);
        return 1;
    }
    source src = {NULL, 0, 0}, *in = &src;
    size_t cap = 0;
    for (int ch; (ch = getc(f)) != EOF;) {
        if (src.len == cap && (src.text = realloc(src.text, cap = cap ? 2 * cap : 65536)) == NULL)
            return 1;
        src.text[src.len++] = (char)ch;
    }
    static game_record r;
    int number = 0, depth = 0, c, prev = '\n';
    bool open = false, moves = false, comment = false;
    char word[WORD];
    size_t wl = 0;
    /* Character by character: comments and variations dropped, tags read
     * whole, words gathered between spaces. */
    for (;;) {
        c = next(in);
        if ((c == '{' || c == '(') && wl > 0 && depth == 0 && !comment) { /* ends the word before it */
            back(in);
            c = ' ';
        }
        if (c == '{' && depth == 0 && !comment)
            comment = true;
        if (comment) {
            comment = c != '}' && c != EOF;
            prev = c;
            if (c != EOF)
                continue;
        }
        if (c == '(' || (depth > 0 && c == ')')) {
            depth += c == '(' ? 1 : -1;
            continue;
        }
        if (depth > 0 && c != EOF)
            continue;
        if ((c == '%' && prev == '\n') || c == ';') {
            while (c != '\n' && c != EOF)
                c = next(in);
        }
        bool space = c == EOF || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '[' || c == '$';
        if (!space && wl < WORD - 1) {
            word[wl++] = (char)c;
            prev = c;
            continue;
        }
        if (wl > 0) {
            word[wl] = '\0';
            char *w = word;
            while (*w >= '0' && *w <= '9' && strchr(w, '.')) /* a move number, 12. or 12... */
                w++;
            if (w != word && *w == '.')
                while (*w == '.')
                    w++;
            else
                w = word;
            size_t n = strlen(w);
            while (n > 0 && (w[n - 1] == '!' || w[n - 1] == '?'))
                w[--n] = '\0';
            if (!open && (*w != '\0' && (w[0] != '$'))) {
                r.start = bb_start(), r.n = 0, r.bad = false, open = true;
            }
            if (is_result(w)) {
                answer(&r, ++number, plies);
                open = moves = false;
            } else if (*w != '\0' && strspn(w, "!?") != strlen(w)) {
                moves = true;
                if (r.n == MAX_PLIES || !read_move(w, &r.w[r.n]))
                    r.bad = true;
                else
                    r.n++;
            }
            wl = 0;
        }
        if (c == '$')
            while ((c = next(in)) >= '0' && c <= '9')
                ;
        if (c == '[') { /* a tag: a new record if moves came before */
            char line[512];
            size_t n = 0;
            if (open && moves) {
                answer(&r, ++number, plies);
                open = moves = false;
            }
            if (!open)
                r.start = bb_start(), r.n = 0, r.bad = false, open = true;
            while ((c = next(in)) != EOF && c != ']' && c != '\n')
                if (n < sizeof line - 1)
                    line[n++] = (char)c;
            line[n] = '\0';
            if (!strncmp(line, "FEN \"", 5)) {
                char *q = strchr(line + 5, '"');
                if (q)
                    *q = '\0';
                if (!bb_read_fen(line + 5, &r.start))
                    r.bad = true;
            }
            c = ' ';
        }
        if (c == EOF)
            break;
        prev = c;
    }
    if (open)
        answer(&r, ++number, plies);
    free(src.text);
    return 0;
}
