/* lib_example.c - an engine of its own that links the rules as a library
 * (checkers.h): its board, piece, move, position, perft, play, diagonal,
 * on_board, row_of, is_empty, parse_move and side_of are its own, as in any
 * engine, and every name of the library starts with ck_, so both link into
 * one program.  tests/library.bats builds it against an installed library:
 *
 *     cc -o engine tests/oracles/lib_example.c $(pkg-config --cflags --libs checkers)
 *
 *     engine moves FEN            the board, whose move, the legal moves (as `reference --show moves FEN`)
 *     engine perft FEN DEPTH      perft DEPTH: COUNT (as `reference perft FEN DEPTH`)
 *     engine game FEN MOVE...     the game replayed (as a line of `reference game`)
 *     engine pdn FILE             one line a record (as `reference pdn FILE`, its first six columns) */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <checkers.h>

/* ==================== The engine's own board ==================== */

typedef enum { NONE, MAN, KING } piece;
typedef struct {
    piece sq[33];
    bool black[33];
} board;
typedef struct {
    int from, to;
} move;
typedef struct {
    board b;
    bool black_to_move;
} position;

bool on_board(int n) { return n >= 1 && n <= 32; }
int row_of(int n) { return (n - 1) / 4; }
bool is_empty(const board *b, int n) { return on_board(n) && b->sq[n] == NONE; }
char side_of(const board *b, int n) { return b->black[n] ? 'b' : 'w'; }

/* The square one step from n, up or down, left or right; 0 off the board. */
int diagonal(int n, int down, int right)
{
    int row = row_of(n), col = 2 * ((n - 1) % 4) + (row % 2 == 0);
    row += down ? 1 : -1, col += right ? 1 : -1;
    return row < 0 || row > 7 || col < 0 || col > 7 ? 0 : 4 * row + col / 2 + 1;
}

position from_library(const ck_position *p)
{
    position e = {.black_to_move = p->turn == CK_BLACK};
    for (int n = 1; n <= 32; n++) {
        e.b.sq[n] = p->at[n] == CK_EMPTY ? NONE : p->at[n] & CK_KING ? KING : MAN;
        e.b.black[n] = p->at[n] & CK_BLACK;
    }
    return e;
}

/* "11-15" or "18x11": the ends of a move. */
bool parse_move(const char *text, move *m)
{
    char sign;
    return sscanf(text, "%d%c%d", &m->from, &sign, &m->to) == 3 && (sign == '-' || sign == 'x');
}

/* The library's moves of p, the first 64 in legal, and how many there are
 * (an engine has its own way to run out of memory; this one stops). */
size_t moves_of(const ck_position *p, ck_move legal[64])
{
    size_t n;
    char err[CK_ERROR_SIZE];
    if (!ck_moves(p, legal, 64, &n, err)) {
        fprintf(stderr, "engine: %s\n", err);
        exit(1);
    }
    return n;
}

/* Plays the legal move with m's ends (the first, if several share them). */
bool play(ck_position *p, const move *m)
{
    ck_move legal[64];
    size_t n = moves_of(p, legal);
    for (size_t i = 0; i < n && i < 64; i++)
        if (legal[i].from == m->from && legal[i].land[legal[i].n - 1] == m->to)
            return ck_play_move(p, &legal[i], NULL);
    return false;
}

/* The engine's own perft: a walk over the library's move lists. */
uint64_t perft(const ck_position *p, int depth)
{
    ck_move legal[64];
    size_t n = moves_of(p, legal);
    if (depth == 0 || n > 64)
        return depth == 0 ? 1 : 0;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        ck_position next = *p;
        char err[CK_ERROR_SIZE];
        if (!ck_play_move(&next, &legal[i], err)) {
            fprintf(stderr, "engine: %s\n", err);
            exit(1);
        }
        sum += perft(&next, depth - 1);
    }
    return sum;
}

/* The board as `reference --show` draws it: b and w men, B and W kings. */
void draw(const position *e)
{
    for (int row = 0; row < 8; row++) {
        printf(" ");
        for (int col = 0; col < 8; col++) {
            int n = 4 * row + col / 2 + 1;
            bool dark = (row + col) % 2 == 1;
            char c = !dark ? '.' : is_empty(&e->b, n) ? '_' : side_of(&e->b, n);
            printf(" %c", e->b.sq[n] == KING && dark ? c - 'a' + 'A' : c);
        }
        printf("\n");
    }
    printf("  %s to move\n", e->black_to_move ? "black" : "white");
}

/* ==================== The commands ==================== */

static int moves(const ck_position *p)
{
    ck_move legal[64];
    size_t n = moves_of(p, legal);
    position e = from_library(p);
    draw(&e);
    for (size_t i = 0; i < n && i < 64; i++) {
        char text[CK_MOVE_SIZE];
        ck_move_text(&legal[i], text, NULL);
        printf("%s\n", text);
    }
    if (n == 0)
        printf("none: %s has no move, %s wins\n", e.black_to_move ? "black" : "white",
               e.black_to_move ? "white" : "black");
    return 0;
}

static int count(const ck_position *p, int depth)
{
    ck_table *table = ck_table_new(16);
    ck_count c;
    char text[CK_COUNT_SIZE], err[CK_ERROR_SIZE];
    bool ok = ck_perft(p, depth, table, 2, &c, err);
    ck_table_free(table);
    if (!ok) {
        fprintf(stderr, "engine: perft %d: %s\n", depth, err);
        return 1;
    }
    ck_count_text(c, text);
    printf("perft %d: %s\n", depth, text);
    /* the library's count (a table, two threads) against the engine's walk */
    if (depth <= 6 && (c.high != 0 || c.low != perft(p, depth))) {
        fprintf(stderr, "engine: perft %d: the walk counts %llu\n", depth, (unsigned long long)perft(p, depth));
        return 1;
    }
    return 0;
}

static const char *const outcomes[] = {"", "\tblack wins", "\twhite wins", "\tdraw"};

static int game(const ck_position *p, int argc, char *argv[])
{
    ck_game g = {*p, 0};
    char reason[CK_ERROR_SIZE], moves[4096] = "", fen[CK_FEN_SIZE];
    for (int i = 0; i < argc; i++)
        snprintf(moves + strlen(moves), sizeof moves - strlen(moves), "%s%s", i ? " " : "", argv[i]);
    size_t bad = ck_replay(&g, moves, reason);
    ck_outcome o;
    if (bad == CK_REPLAY_REFUSED || !ck_to_fen(&g.pos, fen, reason) || !ck_outcome_of(&g, &o, reason)) {
        fprintf(stderr, "engine: %s\n", reason);
        return 1;
    }
    if (bad > 0)
        printf("illegal\t%zu\t%s\t%s\n", bad, argv[bad - 1], reason);
    else
        printf("legal\t%s\tquiet %d/80%s\n", fen, g.quiet, outcomes[o]);
    return 0;
}

static const char *tag(const ck_record *r, const char *name)
{
    for (size_t i = 0; i < r->ntags; i++)
        if (strcmp(r->tags[i].name, name) == 0)
            return r->tags[i].value;
    return NULL;
}

static int pdn(const char *path)
{
    FILE *in = fopen(path, "rb");
    ck_pdn *records = in ? ck_pdn_open_file(in, false) : NULL;
    if (records == NULL) {
        perror(path);
        if (in)
            fclose(in);
        return 1;
    }
    static const char *const verdicts[] = {"legal", "illegal", "error"};
    ck_record r;
    while (ck_pdn_next(records, &r)) {
        const char *black = tag(&r, "Black"), *white = tag(&r, "White"), *event = tag(&r, "Event");
        printf("%s\t%ld\t%ld\t", verdicts[r.verdict], r.number, r.line);
        if (black || white)
            printf("%s - %s\t", black ? black : "?", white ? white : "?");
        else
            printf("%s\t", event && *event ? event : "-");
        if (r.verdict == CK_RECORD_LEGAL) {
            char fen[CK_FEN_SIZE];
            ck_to_fen(&r.end.pos, fen, NULL);
            printf("%s\tquiet %d/80%s\n", fen, r.end.quiet, outcomes[r.outcome]);
        } else if (r.verdict == CK_RECORD_ILLEGAL) {
            printf("ply %zu\t%s\t%s\t%s\n", r.ply, r.number_text, r.move, r.reason);
        } else {
            printf("%ld:%d\t%s\n", r.error_line, r.error_column, r.reason);
        }
    }
    const char *error = ck_pdn_error(records);
    if (error != NULL)
        fprintf(stderr, "engine: %s: %s\n", path, error);
    ck_pdn_close(records);
    fclose(in);
    return error != NULL;
}

int main(int argc, char *argv[])
{
    ck_position p;
    char err[CK_ERROR_SIZE];
    if (argc == 3 && strcmp(argv[1], "pdn") == 0)
        return pdn(argv[2]);
    if (argc < 3 || !ck_from_fen(argv[2], &p, err)) {
        fprintf(stderr, "engine: %s\n", argc < 3 ? "usage: engine moves|perft|game FEN ..., engine pdn FILE" : err);
        return 2;
    }
    if (strcmp(argv[1], "moves") == 0 && argc == 3)
        return moves(&p);
    if (strcmp(argv[1], "perft") == 0 && argc == 4)
        return count(&p, atoi(argv[3]));
    if (strcmp(argv[1], "game") == 0)
        return game(&p, argc - 3, argv + 3);
    fprintf(stderr, "engine: usage: engine moves|perft|game FEN ..., engine pdn FILE\n");
    return 2;
}
