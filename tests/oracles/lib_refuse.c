/* lib_refuse.c - the library given what it cannot answer for, as a careless
 * or hostile caller gives it: NULL for every pointer a function needs,
 * positions ck_valid refuses, corrupt moves, games and enums out of range.
 * Each call must refuse as checkers.h says (false, CK_REPLAY_REFUSED, a
 * reader that stops), with the reason given here word for word, write ""
 * to a text it was to write, leave its other outputs as they were, and
 * write nothing past any buffer: each sits in a block of its exact size
 * followed by guard bytes that must stay as they were (and ASan, under
 * make sanitize, sees the block's end).
 *
 * Every call that passes a literal NULL where checkers.h marks the pointer
 * CK_NONNULL ends its line with the comment  nonnull  : tests/library.bats
 * compiles this file with the marks (gcc and clang: each such line must
 * warn, -Wnonnull, and no other) and runs it built with -DCK_NO_NONNULL.
 *
 *     lib_refuse      a line for each failure, then "lib_refuse: N calls refused as said" */
#include <checkers.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int calls, failures;

/* ==================== Buffers with guards ==================== */

enum { GUARD = 16 };

/* n bytes, filled with 0x5a, then GUARD bytes of 0xa5. */
static char *guarded(size_t n)
{
    char *b = malloc(n + GUARD);
    if (b == NULL) {
        fputs("lib_refuse: out of memory\n", stderr);
        exit(2);
    }
    memset(b, 0x5a, n);
    memset(b + n, 0xa5, GUARD);
    return b;
}

/* Are b's guard bytes (after its n) untouched? */
static bool guards_kept(const char *b, size_t n)
{
    for (size_t i = 0; i < GUARD; i++)
        if ((unsigned char)b[n + i] != 0xa5)
            return false;
    return true;
}

/* ==================== The check ==================== */

static char *err, *text;  /* CK_ERROR_SIZE; the text written (CK_MOVE_SIZE, CK_FEN_SIZE or CK_COUNT_SIZE) */
static size_t text_size;

/* err and text filled again, each still a string (a call that writes
 * nothing leaves one the test can read). */
static void scrub(void)
{
    memset(err, 0x5a, CK_ERROR_SIZE - 1), err[CK_ERROR_SIZE - 1] = '\0';
    if (text)
        memset(text, 0x5a, text_size - 1), text[text_size - 1] = '\0';
}

static void use_text(size_t n)
{
    free(text);
    text = guarded(n);
    text_size = n;
    scrub();
}

/* One call at `line`: `refused` is whether it refused (its return value
 * said so), and err must read `want`; the text, if it was to write one,
 * must be "" (empty_text), and no guard touched. */
static void check(int line, const char *call, bool refused, const char *want, bool empty_text)
{
    calls++;
    const char *fault = !refused                               ? "answered"
                        : strcmp(err, want) != 0               ? "refused, but said otherwise"
                        : empty_text && text[0] != '\0'        ? "left its text unwritten"
                        : !guards_kept(err, CK_ERROR_SIZE)     ? "wrote past err"
                        : text && !guards_kept(text, text_size) ? "wrote past its text"
                                                               : NULL;
    if (fault != NULL) {
        failures++;
        printf("line %d: %s: %s", line, call, fault);
        if (refused && guards_kept(err, CK_ERROR_SIZE))
            printf(" (\"%s\")", err);
        printf(", where it should refuse: \"%s\"\n", want);
    }
    scrub();
}

/* CALL must refuse, saying WANT. */
#define REFUSES(call, want) check(__LINE__, #call, !(call), want, false)
/* The same, for a call that writes a text (text, of its size). */
#define REFUSES_TEXT(call, want) check(__LINE__, #call, !(call), want, true)

/* A position from a FEN (the test's own are valid). */
static ck_position fen(const char *f)
{
    ck_position p;
    if (!ck_from_fen(f, &p, NULL)) {
        printf("lib_refuse: the test's FEN %s does not read\n", f);
        exit(2);
    }
    return p;
}

/* ==================== NULL ==================== */

static void nulls(void)
{
    ck_position p = ck_start(), was = p;
    ck_move m[8];
    size_t n = 99;
    ck_game g = {p, 0};
    ck_count c;
    ck_outcome o;
    ck_move step = {11, 1, {15}, {0}};

    REFUSES(ck_from_fen(NULL, &p, err), "fen: NULL"); /* nonnull */
    REFUSES(ck_from_fen("B:W21-32:B1-12", NULL, err), "pos: NULL"); /* nonnull */
    use_text(CK_FEN_SIZE);
    REFUSES_TEXT(ck_to_fen(NULL, text, err), "pos: NULL"); /* nonnull */
    REFUSES(ck_to_fen(&p, NULL, err), "out: NULL"); /* nonnull */
    REFUSES(ck_valid(NULL, err), "pos: NULL"); /* nonnull */
    REFUSES(ck_moves(NULL, m, 8, &n, err) || n != 0, "pos: NULL"); /* nonnull */
    REFUSES(ck_moves(&p, m, 8, NULL, err), "count: NULL"); /* nonnull */
    REFUSES(ck_moves(&p, NULL, 5, &n, err) || n != 0, "out: NULL, with max 5");
    use_text(CK_MOVE_SIZE);
    REFUSES_TEXT(ck_move_text(NULL, text, err), "move: NULL"); /* nonnull */
    REFUSES(ck_move_text(&step, NULL, err), "out: NULL"); /* nonnull */
    REFUSES(ck_play_move(NULL, &step, err), "pos: NULL"); /* nonnull */
    REFUSES(ck_play_move(&p, NULL, err) || memcmp(&p, &was, sizeof p) != 0, "move: NULL"); /* nonnull */
    REFUSES(ck_play(NULL, "11-15", err), "pos: NULL"); /* nonnull */
    REFUSES(ck_play(&p, NULL, err) || memcmp(&p, &was, sizeof p) != 0, "move: NULL"); /* nonnull */
    REFUSES(ck_outcome_of(NULL, &o, err), "game: NULL"); /* nonnull */
    REFUSES(ck_outcome_of(&g, NULL, err), "outcome: NULL"); /* nonnull */
    REFUSES(ck_replay(NULL, "11-15", err) != CK_REPLAY_REFUSED, "game: NULL"); /* nonnull */
    REFUSES(ck_replay(&g, NULL, err) != CK_REPLAY_REFUSED || memcmp(&g.pos, &was, sizeof p) != 0, "moves: NULL"); /* nonnull */
    REFUSES(ck_perft(NULL, 3, NULL, 1, &c, err), "pos: NULL"); /* nonnull */
    REFUSES(ck_perft(&p, 3, NULL, 1, NULL, err), "count: NULL"); /* nonnull */
    REFUSES(ck_is_legal(NULL, 10, 1, CK_RULE_CHALLENGE, err), "pos: NULL"); /* nonnull */
    ck_count_text((ck_count){0, 302}, NULL); /* nonnull */
    ck_table_free(NULL);
    ck_pdn_close(NULL);

    /* The readers: a NULL text with no length is an empty text; with a
     * length, and a NULL file, a reader that stops at once and says why. */
    ck_record r;
    ck_pdn *rd = ck_pdn_open(NULL, 0, false);
    REFUSES(rd == NULL || ck_pdn_next(rd, &r) || ck_pdn_error(rd) != NULL || !strcpy(err, "empty"), "empty");
    ck_pdn_close(rd);
    rd = ck_pdn_open(NULL, 5, false);
    REFUSES(rd == NULL || ck_pdn_next(rd, &r) || !strcpy(err, ck_pdn_error(rd)), "text: NULL, with a length");
    ck_pdn_close(rd);
    /* a length no memory can hold (one a caller got wrong): no reader, and nothing read */
    REFUSES(ck_pdn_open("11-15 *", SIZE_MAX, false) != NULL || !strcpy(err, "none"), "none");
    rd = ck_pdn_open_file(NULL, true); /* nonnull */
    REFUSES(rd == NULL || ck_pdn_next(rd, &r) || !strcpy(err, ck_pdn_error(rd)), "in: NULL");
    ck_pdn_close(rd);
    REFUSES(ck_pdn_next(NULL, &r) || !strcpy(err, "no record"), "no record"); /* nonnull */
    REFUSES(!strcpy(err, ck_pdn_error(NULL)), "reader: NULL"); /* nonnull */
    rd = ck_pdn_open("11-15 *\n22-18 *", 15, false);
    REFUSES(rd == NULL || ck_pdn_next(rd, NULL) || ck_pdn_next(rd, &r) || !strcpy(err, ck_pdn_error(rd)), /* nonnull */
            "record: NULL");
    ck_pdn_close(rd);
}

/* ==================== Positions and games ==================== */

/* Every function that takes a position refuses q, saying want. */
static void refused_everywhere(int line, ck_position q, const char *want)
{
    ck_position was = q;
    ck_move m[64], step = {9, 1, {13}, {0}};
    size_t n = 99;
    ck_count c = {7, 7};
    ck_game g = {q, 0}, g_was = g;
    ck_outcome o = CK_DRAWN;
    int before = failures;
    REFUSES(ck_valid(&q, err), want);
    use_text(CK_FEN_SIZE);
    REFUSES_TEXT(ck_to_fen(&q, text, err), want);
    REFUSES(ck_moves(&q, m, 64, &n, err) || n != 0, want);
    REFUSES(ck_play_move(&q, &step, err) || memcmp(&q, &was, sizeof q) != 0, want);
    REFUSES(ck_play(&q, "9-13", err) || memcmp(&q, &was, sizeof q) != 0, want);
    REFUSES(ck_perft(&q, 2, NULL, 1, &c, err) || c.high != 7 || c.low != 7, want);
    REFUSES(ck_outcome_of(&g, &o, err) || o != CK_DRAWN, want);
    REFUSES(ck_replay(&g, "9-13", err) != CK_REPLAY_REFUSED || memcmp(&g, &g_was, sizeof g) != 0, want);
    REFUSES(ck_replay(&g, "", err) != CK_REPLAY_REFUSED, want);
    if (failures > before)
        printf("  (the position of line %d)\n", line);
}

static void positions(void)
{
    ck_position q = ck_start();
    q.turn = CK_EMPTY;
    refused_everywhere(__LINE__, q, "turn: 0 is neither CK_BLACK nor CK_WHITE");
    q.turn = (ck_piece)7;
    refused_everywhere(__LINE__, q, "turn: 7 is neither CK_BLACK nor CK_WHITE");
    q = ck_start(), q.at[5] = (ck_piece)9;
    refused_everywhere(__LINE__, q, "square 5: 9 is no ck_piece");
    q = ck_start(), q.at[32] = (ck_piece)INT_MIN;
    refused_everywhere(__LINE__, q, "square 32: -2147483648 is no ck_piece");
    q = ck_start(), q.at[17] = (ck_piece)3; /* both sides' bits */
    refused_everywhere(__LINE__, q, "square 17: 3 is no ck_piece");
    q = ck_start(), q.at[0] = CK_BLACK;
    refused_everywhere(__LINE__, q, "at[0]: 1, but there is no square 0 (it holds CK_EMPTY)");
    q = fen("W:W21:B1"), q.at[3] = CK_WHITE;
    refused_everywhere(__LINE__, q,
                       "square 3: a white man on 3 would have been crowned (white men crown on 1-4): CK_WHITE_KING is a king");
    q = fen("B:W21:B1"), q.at[30] = CK_BLACK;
    refused_everywhere(__LINE__, q,
                       "square 30: a black man on 30 would have been crowned (black men crown on 29-32): CK_BLACK_KING is a king");
    q = ck_start(), q.at[17] = CK_WHITE_KING;
    refused_everywhere(__LINE__, q, "white has more than 12 pieces (the 13th is on 32)");
    q = ck_start(), q.at[16] = CK_BLACK;
    refused_everywhere(__LINE__, q, "black has more than 12 pieces (the 13th is on 16)");

    /* the game's count of quiet moves */
    ck_game g = {ck_start(), -1}, g_was = g;
    ck_outcome o;
    REFUSES(ck_outcome_of(&g, &o, err), "quiet: -1 is not 0-80");
    REFUSES(ck_replay(&g, "11-15", err) != CK_REPLAY_REFUSED || memcmp(&g, &g_was, sizeof g) != 0, "quiet: -1 is not 0-80");
    g.quiet = 81;
    REFUSES(ck_outcome_of(&g, &o, err), "quiet: 81 is not 0-80");
    g.quiet = INT_MIN;
    REFUSES(ck_replay(&g, "", err) != CK_REPLAY_REFUSED, "quiet: -2147483648 is not 0-80");

    /* perft's numbers (its position is good) */
    ck_position p = ck_start();
    ck_count c;
    REFUSES(ck_perft(&p, 65, NULL, 1, &c, err), "depth: not 0-64");
    REFUSES(ck_perft(&p, INT_MIN, NULL, 1, &c, err), "depth: not 0-64");
    REFUSES(ck_perft(&p, 3, NULL, 0, &c, err), "threads: not 1-1024");
    REFUSES(ck_perft(&p, 3, NULL, 1025, &c, err), "threads: not 1-1024");
    REFUSES(ck_table_new(0) != NULL || !strcpy(err, "none"), "none");
    REFUSES(ck_table_new(SIZE_MAX) != NULL || !strcpy(err, "none"), "none");
    REFUSES(ck_table_new(((size_t)1 << 20) + 1) != NULL || !strcpy(err, "none"), "none");

    /* the challenge's question: any board, but every square a ck_piece,
     * and a rule of ck_rule */
    ck_position b = fen("W:W10,30:B6,7");
    REFUSES(ck_is_legal(&b, 10, 1, (ck_rule)2, err), "rule: 2 is neither CK_RULE_CHALLENGE nor CK_RULE_ENGLISH");
    REFUSES(ck_is_legal(&b, 10, 1, (ck_rule)-1, err), "rule: -1 is neither CK_RULE_CHALLENGE nor CK_RULE_ENGLISH");
    b.at[6] = (ck_piece)9;
    REFUSES(ck_is_legal(&b, 10, 1, CK_RULE_ENGLISH, err), "square 6: 9 is no ck_piece");
    /* but not the game's rules: 14 white men and one on 2, white to move or not */
    b = fen("W:W10,30:B6,7"), b.turn = CK_EMPTY, b.at[2] = CK_WHITE;
    for (int n = 17; n <= 28; n++)
        b.at[n] = CK_WHITE;
    calls++;
    if (!ck_is_legal(&b, 10, 1, CK_RULE_CHALLENGE, err) || strcmp(err, "") != 0)
        failures++, printf("line %d: ck_is_legal refused a board of the challenge: %s\n", __LINE__, err);
    calls++;
    if (ck_is_legal(&b, 10, 33, CK_RULE_CHALLENGE, err) || strcmp(err, "") != 0)
        failures++, printf("line %d: ck_is_legal(..., 10, 33) is not a plain no: \"%s\"\n", __LINE__, err);
}

/* ==================== Moves ==================== */

static void moves(void)
{
    ck_move m = {11, 13, {15}, {0}};
    use_text(CK_MOVE_SIZE);
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: n is 13, not 1-12");
    m.n = 0;
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: n is 0, not 1-12");
    m.n = INT_MIN;
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: n is -2147483648, not 1-12");
    /* twelve landings of INT_MIN: 12 * 11 characters would pass CK_MOVE_SIZE */
    ck_move big = {INT_MIN, 12, {0}, {0}};
    for (int i = 0; i < 12; i++)
        big.land[i] = big.over[i] = INT_MIN;
    REFUSES_TEXT(ck_move_text(&big, text, err), "move: from is -2147483648, not a square 1-32");
    big.from = 1;
    REFUSES_TEXT(ck_move_text(&big, text, err), "move: land[0] is -2147483648, not a square 1-32");
    m = (ck_move){40, 1, {15}, {0}};
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: from is 40, not a square 1-32");
    m = (ck_move){11, 2, {15, 18}, {0}};
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: a step (over[0] 0) lands once, not n 2 times");
    m = (ck_move){11, 1, {20}, {0}};
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: 11 to 20 is no diagonal step");
    m = (ck_move){4, 1, {5}, {0}}; /* the board's edge: 4 and 5 are not neighbours */
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: 4 to 5 is no diagonal step");
    m = (ck_move){27, 2, {18, 11}, {23, 14}};
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: over[1] is 14, but 18 to 11 jumps over 15");
    m = (ck_move){27, 2, {18, 12}, {23, 15}};
    REFUSES_TEXT(ck_move_text(&m, text, err), "move: 18 to 12 is no diagonal jump");

    /* a move of the right shape that the position does not have */
    ck_position p = ck_start(), was = p;
    m = (ck_move){40, 1, {15}, {0}};
    REFUSES(ck_play_move(&p, &m, err) || memcmp(&p, &was, sizeof p) != 0, "move: from is 40, not a square 1-32");
    m = (ck_move){22, 1, {18}, {0}};
    REFUSES(ck_play_move(&p, &m, err) || memcmp(&p, &was, sizeof p) != 0,
            "move: 22-18 is not one of black's legal moves here");
    m = (ck_move){11, 1, {15}, {0}};
    m.land[1] = INT_MIN, m.over[5] = 40; /* past n: not the move's */
    calls++;
    if (!ck_play_move(&p, &m, err) || p.at[15] != CK_BLACK || p.turn != CK_WHITE)
        failures++, printf("line %d: 11-15 with stray squares past n was not played\n", __LINE__);
    p = fen("W:W26,32:B14,15,22,23"), was = p;
    m = (ck_move){26, 2, {19, 10}, {23, 14}}; /* 26x19x10 takes 23 then 15, not 14 */
    REFUSES(ck_play_move(&p, &m, err) || memcmp(&p, &was, sizeof p) != 0, "move: over[1] is 14, but 19 to 10 jumps over 15");
    m = (ck_move){26, 1, {17}, {22}}; /* a capture cut short: it goes on */
    REFUSES(ck_play_move(&p, &m, err) || memcmp(&p, &was, sizeof p) != 0,
            "move: 26x17 is not one of white's legal moves here");
    m = (ck_move){32, 1, {27}, {0}}; /* a step, where capture is mandatory */
    REFUSES(ck_play_move(&p, &m, err) || memcmp(&p, &was, sizeof p) != 0,
            "move: 32-27 is not one of white's legal moves here");

    /* the largest count fits its text */
    use_text(CK_COUNT_SIZE);
    ck_count_text((ck_count){UINT64_MAX, UINT64_MAX}, text);
    calls++;
    if (strcmp(text, "340282366920938463463374607431768211455") != 0 || !guards_kept(text, text_size))
        failures++, printf("line %d: 2^128 - 1 is written \"%.40s\"\n", __LINE__, text);
}

int main(void)
{
    err = guarded(CK_ERROR_SIZE);
    scrub();
    nulls();
    positions();
    moves();
    free(text);
    free(err);
    printf("lib_refuse: %d calls %s\n", calls, failures ? "FAILED" : "refused as said");
    return failures != 0;
}
