/* unit.c - the examples in the reference's headers (board.h, rules.h,
 * moves.h, notation.h, words.h's square_number), as checks, plus the edges the
 * examples leave out.  No framework: CHECK counts, prints
 * file:line and the expression when it fails, and the exit status says it all.
 *
 *   build/unit            every group
 *   build/unit ahead ...  only the named groups (one per predicate)
 *   build/unit --list     the group names */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../reference/board.h"
#include "../../reference/moves.h"
#include "../../reference/notation.h"
#include "../../reference/rules.h"
#include "../../reference/words.h"

/* ==================== The harness ==================== */

typedef struct {
    int checks, failed;
} tally;

#define CHECK(t, expr) check((t), (expr), __FILE__, __LINE__, #expr)

static void check(tally *t, bool ok, const char *file, int line, const char *text)
{
    t->checks++;
    if (!ok) {
        t->failed++;
        printf("%s:%d: CHECK failed: %s\n", file, line, text);
    }
}

/* A board from two comma-separated lists, "-" or "" for none, K before a
 * king: the tests read like the header comments ("with black on 6, 7 and
 * white on 10"; pos("6,K7", "10") has a black king on 7). */
static board pos(const char *black, const char *white)
{
    board b = empty_board();
    const char *lists[] = {black, white};
    const piece kinds[] = {BLACK, WHITE};
    for (int k = 0; k < 2; k++)
        for (const char *p = lists[k]; *p != '\0' && *p != '-';) {
            bool king = *p == 'K';
            char *end;
            long n = strtol(p + king, &end, 10);
            if (end == p + king || !on_board((int)n)) { /* a typo in a test, not a failing rule */
                fprintf(stderr, "unit: bad square list \"%s\"\n", lists[k]);
                exit(2);
            }
            b.at[n] = king ? crowned(kinds[k]) : kinds[k];
            p = *end == ',' ? end + 1 : end;
        }
    return b;
}

/* The position a FEN the test knows to be good describes. */
static position fen(const char *text)
{
    position p;
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (!read_fen(text, strlen(text), 1, true, &p, err, note)) { /* a typo in a test */
        fprintf(stderr, "unit: bad FEN \"%s\": %s\n", text, err);
        exit(2);
    }
    return p;
}

/* ==================== board.h ==================== */

static void test_on_board(tally *t)
{
    CHECK(t, on_board(1));
    CHECK(t, on_board(32));
    CHECK(t, !on_board(0));
    CHECK(t, !on_board(33));
    CHECK(t, !on_board(-1));
    for (int n = 1; n <= 32; n++)
        CHECK(t, on_board(n));
}

static void test_row_of(tally *t)
{
    CHECK(t, row_of(1) == 0);
    CHECK(t, row_of(4) == 0);
    CHECK(t, row_of(5) == 1);
    CHECK(t, row_of(32) == 7);
    for (int n = 1; n <= 32; n++) /* four squares to a row */
        CHECK(t, row_of(n) == (n - 1) / 4);
}

static void test_col_of(tally *t)
{
    CHECK(t, col_of(1) == 1);
    CHECK(t, col_of(4) == 7);
    CHECK(t, col_of(5) == 0);
    CHECK(t, col_of(32) == 6);
    CHECK(t, col_of(29) == 0);
    CHECK(t, col_of(28) == 7);
    for (int n = 1; n <= 32; n++) { /* every square is dark: row + col odd */
        CHECK(t, col_of(n) >= 0 && col_of(n) <= 7);
        CHECK(t, (row_of(n) + col_of(n)) % 2 == 1);
    }
}

static void test_square_at(tally *t)
{
    CHECK(t, square_at(0, 1) == 1);
    CHECK(t, square_at(1, 0) == 5);
    CHECK(t, square_at(0, 0) == NO_SQUARE);
    CHECK(t, square_at(7, 6) == 32);
    CHECK(t, square_at(-1, 1) == NO_SQUARE);
    CHECK(t, square_at(8, 0) == NO_SQUARE);
    CHECK(t, square_at(1, -1) == NO_SQUARE);
    CHECK(t, square_at(0, 8) == NO_SQUARE);
    /* The inverse of (row_of, col_of) on dark squares; light squares have none. */
    for (int n = 1; n <= 32; n++)
        CHECK(t, square_at(row_of(n), col_of(n)) == n);
    int dark = 0;
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++)
            dark += square_at(row, col) != NO_SQUARE;
    CHECK(t, dark == 32);
}

static void test_ahead(tally *t)
{
    CHECK(t, ahead(9, LEFT, 1) == 5);
    CHECK(t, ahead(9, RIGHT, 1) == 6);
    CHECK(t, ahead(9, RIGHT, 2) == 2);
    CHECK(t, ahead(5, LEFT, 1) == NO_SQUARE);
    CHECK(t, ahead(5, RIGHT, 1) == 1);
    CHECK(t, ahead(4, RIGHT, 1) == NO_SQUARE);
    CHECK(t, ahead(8, RIGHT, 1) == 4);
    CHECK(t, ahead(12, RIGHT, 1) == NO_SQUARE); /* 12 is on the right edge: no wrap to 9 */
    CHECK(t, ahead(13, LEFT, 1) == NO_SQUARE);  /* 13 is on the left edge: no wrap to 12 */
    CHECK(t, ahead(9, LEFT, 2) == NO_SQUARE);
    CHECK(t, ahead(0, LEFT, 1) == NO_SQUARE);
    CHECK(t, ahead(33, RIGHT, 1) == NO_SQUARE);
    for (int n = 1; n <= 4; n++) /* the top row has nothing ahead */
        CHECK(t, ahead(n, LEFT, 1) == NO_SQUARE && ahead(n, RIGHT, 1) == NO_SQUARE);
    /* Wherever a square ahead exists, it is one row up and one column over. */
    for (int n = 1; n <= 32; n++)
        for (int dir = LEFT; dir <= RIGHT; dir += 2) {
            int m = ahead(n, dir, 1);
            if (m != NO_SQUARE)
                CHECK(t, row_of(m) == row_of(n) - 1 && col_of(m) == col_of(n) + dir);
            else
                CHECK(t, row_of(n) == 0 || col_of(n) + dir < 0 || col_of(n) + dir > 7);
        }
}

static void test_empty_board(tally *t)
{
    board b = empty_board();
    for (int n = 0; n <= 32; n++)
        CHECK(t, b.at[n] == EMPTY);
}

static void test_diagonal(tally *t)
{
    CHECK(t, diagonal(9, UP, RIGHT, 1) == 6);
    CHECK(t, diagonal(9, DOWN, LEFT, 1) == 13);
    CHECK(t, diagonal(9, DOWN, RIGHT, 2) == 18);
    CHECK(t, diagonal(13, DOWN, LEFT, 1) == NO_SQUARE);
    CHECK(t, diagonal(29, DOWN, RIGHT, 1) == NO_SQUARE); /* the bottom row has nothing below */
    CHECK(t, diagonal(4, DOWN, RIGHT, 1) == NO_SQUARE);  /* 4 is on the right edge */
    CHECK(t, diagonal(0, DOWN, RIGHT, 1) == NO_SQUARE);
    /* Every diagonal step is one row and one column, and it is undone by the
     * opposite step; ahead is the upward half. */
    for (int n = 1; n <= 32; n++)
        for (int vert = UP; vert <= DOWN; vert += 2)
            for (int horiz = LEFT; horiz <= RIGHT; horiz += 2) {
                int m = diagonal(n, vert, horiz, 1);
                if (m != NO_SQUARE) {
                    CHECK(t, row_of(m) == row_of(n) + vert && col_of(m) == col_of(n) + horiz);
                    CHECK(t, diagonal(m, -vert, -horiz, 1) == n);
                }
                if (vert == UP)
                    CHECK(t, ahead(n, horiz, 1) == m && ahead(n, horiz, 2) == diagonal(n, UP, horiz, 2));
            }
}

/* ==================== rules.h: pieces ==================== */

static void test_side_of(tally *t)
{
    CHECK(t, side_of(BLACK_KING) == BLACK);
    CHECK(t, side_of(BLACK) == BLACK);
    CHECK(t, side_of(WHITE) == WHITE);
    CHECK(t, side_of(WHITE_KING) == WHITE);
    CHECK(t, side_of(EMPTY) == EMPTY);
}

static void test_is_king(tally *t)
{
    CHECK(t, is_king(WHITE_KING));
    CHECK(t, is_king(BLACK_KING));
    CHECK(t, !is_king(WHITE));
    CHECK(t, !is_king(BLACK));
    CHECK(t, !is_king(EMPTY));
}

static void test_opponent_of(tally *t)
{
    CHECK(t, opponent_of(BLACK) == WHITE);
    CHECK(t, opponent_of(WHITE) == BLACK);
}

static void test_is_opponent(tally *t)
{
    CHECK(t, is_opponent(WHITE, BLACK_KING));
    CHECK(t, is_opponent(BLACK_KING, WHITE_KING));
    CHECK(t, is_opponent(BLACK, WHITE));
    CHECK(t, !is_opponent(WHITE, WHITE_KING));
    CHECK(t, !is_opponent(BLACK, BLACK));
    CHECK(t, !is_opponent(WHITE, EMPTY));
    CHECK(t, !is_opponent(EMPTY, WHITE));
    CHECK(t, !is_opponent(EMPTY, EMPTY));
}

static void test_forward_of(tally *t)
{
    CHECK(t, forward_of(WHITE) == UP);
    CHECK(t, forward_of(BLACK) == DOWN);
}

static void test_may_go(tally *t)
{
    CHECK(t, may_go(WHITE, UP));
    CHECK(t, may_go(BLACK, DOWN));
    CHECK(t, may_go(WHITE_KING, DOWN));
    CHECK(t, may_go(WHITE_KING, UP));
    CHECK(t, may_go(BLACK_KING, UP));
    CHECK(t, !may_go(WHITE, DOWN));
    CHECK(t, !may_go(BLACK, UP));
    CHECK(t, !may_go(EMPTY, UP));
    CHECK(t, !may_go(EMPTY, DOWN));
}

static void test_crowns_on(tally *t)
{
    CHECK(t, crowns_on(WHITE, 3));
    CHECK(t, crowns_on(BLACK, 30));
    CHECK(t, !crowns_on(WHITE, 30));
    CHECK(t, !crowns_on(BLACK, 3));
    CHECK(t, !crowns_on(WHITE_KING, 3));
    CHECK(t, !crowns_on(EMPTY, 3));
    CHECK(t, !crowns_on(WHITE, 0));
    int white = 0, black = 0; /* four squares each: the far row */
    for (int n = 1; n <= 32; n++) {
        white += crowns_on(WHITE, n);
        black += crowns_on(BLACK, n);
        CHECK(t, crowns_on(WHITE, n) == (n <= 4) && crowns_on(BLACK, n) == (n >= 29));
    }
    CHECK(t, white == 4 && black == 4);
}

static void test_crowned(tally *t)
{
    CHECK(t, crowned(WHITE) == WHITE_KING);
    CHECK(t, crowned(BLACK) == BLACK_KING);
    CHECK(t, crowned(BLACK_KING) == BLACK_KING);
    CHECK(t, crowned(WHITE_KING) == WHITE_KING);
}

/* ==================== rules.h: steps ==================== */

static void test_is_empty(tally *t)
{
    board e = empty_board(), b = pos("5", "9");
    CHECK(t, is_empty(&e, 5));
    CHECK(t, !is_empty(&b, 5));
    CHECK(t, !is_empty(&b, 9));
    CHECK(t, is_empty(&b, 1));
    CHECK(t, !is_empty(&e, 0));
    CHECK(t, !is_empty(&e, 33));
    CHECK(t, !is_empty(&b, 0));
    board k = pos("K5", "-");
    CHECK(t, !is_empty(&k, 5));
}

static void test_step_target(tally *t)
{
    board man = pos("-", "9");
    CHECK(t, step_target(&man, 9, UP, LEFT) == 5);
    CHECK(t, step_target(&man, 9, UP, RIGHT) == 6);
    CHECK(t, step_target(&man, 9, DOWN, LEFT) == NO_SQUARE);
    CHECK(t, step_target(&man, 9, DOWN, RIGHT) == NO_SQUARE);
    board king = pos("-", "K9");
    CHECK(t, step_target(&king, 9, DOWN, LEFT) == 13);
    CHECK(t, step_target(&king, 9, DOWN, RIGHT) == 14);
    CHECK(t, step_target(&king, 9, UP, LEFT) == 5);
    CHECK(t, step_target(&man, 10, UP, LEFT) == NO_SQUARE); /* nothing on 10 */
    board black = pos("9", "-");
    CHECK(t, step_target(&black, 9, DOWN, LEFT) == 13);
    CHECK(t, step_target(&black, 9, UP, LEFT) == NO_SQUARE);
    board blocked = pos("5", "9");
    CHECK(t, step_target(&blocked, 9, UP, LEFT) == NO_SQUARE);
    board edge = pos("-", "K13");
    CHECK(t, step_target(&edge, 13, DOWN, LEFT) == NO_SQUARE); /* off the left edge */
    CHECK(t, step_target(&edge, 0, UP, LEFT) == NO_SQUARE);
}

static void test_is_step(tally *t)
{
    board w = pos("-", "9");
    CHECK(t, is_step(&w, 9, 5));
    CHECK(t, is_step(&w, 9, 6));
    CHECK(t, !is_step(&w, 9, 13));
    CHECK(t, !is_step(&w, 9, 1));
    CHECK(t, !is_step(&w, 9, 9));
    CHECK(t, !is_step(&w, 9, 33));
    board b = pos("9", "-");
    CHECK(t, is_step(&b, 9, 13));
    CHECK(t, !is_step(&b, 9, 5));
    board blocked = pos("5", "9");
    CHECK(t, !is_step(&blocked, 9, 5));
    board wrap = pos("-", "5,12");
    CHECK(t, !is_step(&wrap, 5, 4)); /* no wrapping round the edge */
    CHECK(t, !is_step(&wrap, 12, 9));
    /* Alone on the board, a man steps to each square ahead of it, a king to
     * each neighbour: 49 forward pairs, 98 both ways. */
    int men = 0, blacks = 0, kings = 0;
    for (int from = 1; from <= 32; from++)
        for (int to = 1; to <= 32; to++) {
            board one = empty_board();
            one.at[from] = WHITE;
            men += is_step(&one, from, to);
            CHECK(t, is_step(&one, from, to) == (ahead(from, LEFT, 1) == to || ahead(from, RIGHT, 1) == to));
            one.at[from] = BLACK;
            blacks += is_step(&one, from, to);
            one.at[from] = WHITE_KING;
            kings += is_step(&one, from, to);
        }
    CHECK(t, men == 49 && blacks == 49 && kings == 98);
}

/* ==================== rules.h: jumps and chains ==================== */

static void test_taken_bit(tally *t)
{
    CHECK(t, taken_bit(1) == 1);
    CHECK(t, taken_bit(6) == 32);
    CHECK(t, taken_bit(32) == (taken_set)1 << 31);
    taken_set all = 0;
    for (int n = 1; n <= 32; n++)
        all |= taken_bit(n);
    CHECK(t, all == UINT32_MAX);
}

static void test_jump_target(tally *t)
{
    board b = pos("6", "9");
    CHECK(t, jump_target(&b, WHITE, 9, 0, 9, UP, RIGHT) == 2);
    CHECK(t, jump_target(&b, WHITE, 9, 0, 9, UP, LEFT) == NO_SQUARE);
    CHECK(t, jump_target(&b, WHITE, 9, taken_bit(6), 9, UP, RIGHT) == NO_SQUARE);
    CHECK(t, jump_target(&b, BLACK, 9, 0, 9, UP, RIGHT) == NO_SQUARE); /* 6 is black's own, and black goes down */
    board circuit = pos("9,10,17,18", "K13");
    taken_set t3 = taken_bit(9) | taken_bit(10) | taken_bit(18);
    CHECK(t, jump_target(&circuit, WHITE_KING, 13, t3, 22, UP, LEFT) == 13);
    CHECK(t, jump_target(&circuit, WHITE_KING, 15, t3, 22, UP, LEFT) == NO_SQUARE); /* 13 is not the start */
    CHECK(t, jump_target(&circuit, WHITE_KING, 13, 0, 13, UP, RIGHT) == 6);
    CHECK(t, jump_target(&circuit, WHITE_KING, 13, 0, 13, DOWN, RIGHT) == 22);
    CHECK(t, jump_target(&circuit, WHITE, 13, 0, 13, DOWN, RIGHT) == NO_SQUARE); /* a man goes up only */
    board back = pos("-", "9,K14");
    back.at[18] = BLACK;
    CHECK(t, jump_target(&back, BLACK, 18, 0, 18, UP, LEFT) == NO_SQUARE);      /* black men go down */
    CHECK(t, jump_target(&back, BLACK_KING, 18, 0, 18, UP, LEFT) == NO_SQUARE); /* over 14, but 9 is taken */
    back.at[9] = EMPTY;
    CHECK(t, jump_target(&back, BLACK_KING, 18, 0, 18, UP, LEFT) == 9);
    board edge = pos("5", "9");
    CHECK(t, jump_target(&edge, WHITE, 9, 0, 9, UP, LEFT) == NO_SQUARE); /* landing off the board */
    board kings = pos("K6", "K9");
    CHECK(t, jump_target(&kings, WHITE_KING, 9, 0, 9, UP, RIGHT) == 2); /* a king is jumped like a man */
}

static void test_can_jump_on(tally *t)
{
    board b = pos("6", "-");
    CHECK(t, can_jump_on(&b, WHITE, 9, 0, 9));
    CHECK(t, can_jump_on(&b, WHITE, 10, 0, 10));
    CHECK(t, !can_jump_on(&b, WHITE, 1, 0, 1));
    CHECK(t, can_jump_on(&b, WHITE_KING, 1, 0, 1));
    CHECK(t, !can_jump_on(&b, WHITE, 9, taken_bit(6), 9));
    CHECK(t, !can_jump_on(&b, BLACK, 9, 0, 9));
    board e = empty_board();
    for (int n = 1; n <= 32; n++)
        CHECK(t, !can_jump_on(&e, WHITE_KING, n, 0, n));
}

static void test_chain_may_end_at(tally *t)
{
    board b = pos("7,14", "17");
    CHECK(t, chain_may_end_at(&b, WHITE, 17, taken_bit(14), 10, 3));
    CHECK(t, !chain_may_end_at(&b, WHITE, 17, taken_bit(14), 10, 10));
    CHECK(t, chain_may_end_at(&b, WHITE, 17, 0, 17, 3));
    board crown = pos("6,7", "-");
    CHECK(t, chain_may_end_at(&crown, WHITE, 11, taken_bit(7), 2, 2));
    CHECK(t, !chain_may_end_at(&crown, WHITE_KING, 11, taken_bit(7), 2, 2));
    CHECK(t, chain_may_end_at(&crown, WHITE_KING, 11, taken_bit(7), 2, 9));
    board split = pos("8,15,23,24", "27"); /* both branches count, short or long */
    CHECK(t, chain_may_end_at(&split, WHITE, 27, 0, 27, 20));
    CHECK(t, chain_may_end_at(&split, WHITE, 27, 0, 27, 4));
    CHECK(t, !chain_may_end_at(&split, WHITE, 27, 0, 27, 18));
    CHECK(t, !chain_may_end_at(&split, WHITE, 27, 0, 27, 11));
    board rejump = pos("14", "K10"); /* the king may not come back over 14 */
    CHECK(t, chain_may_end_at(&rejump, WHITE_KING, 10, taken_bit(14), 17, 17));
    CHECK(t, !chain_may_end_at(&rejump, WHITE_KING, 10, taken_bit(14), 17, 10));
}

/* ==================== rules.h: moves of a side ==================== */

static void test_can_capture(tally *t)
{
    board man = pos("6", "9");
    CHECK(t, can_capture(&man, 9));
    board top = pos("6", "1");
    CHECK(t, !can_capture(&top, 1));
    board king = pos("6", "K1");
    CHECK(t, can_capture(&king, 1));
    board own = pos("6,9", "-");
    CHECK(t, !can_capture(&own, 9));
    CHECK(t, !can_capture(&man, 10)); /* no piece on 10 */
    CHECK(t, !can_capture(&man, 0));
    board black = pos("9", "13"); /* black men jump down */
    CHECK(t, !can_capture(&black, 9));
    board below = pos("9", "14");
    CHECK(t, can_capture(&below, 9));
}

static void test_is_capture(tally *t)
{
    board b = pos("7,14", "17");
    CHECK(t, is_capture(&b, 17, 3));
    CHECK(t, !is_capture(&b, 17, 10));
    CHECK(t, !is_capture(&b, 17, 17));
    board circuit = pos("9,10,17,18", "K13");
    CHECK(t, is_capture(&circuit, 13, 13));
    CHECK(t, !is_capture(&circuit, 13, 6));
    board e = pos("-", "9");
    CHECK(t, !is_capture(&e, 9, 9)); /* no jump at all is no capture */
    CHECK(t, !is_capture(&e, 9, 5));
    board black = pos("K23", "18,19"); /* a black king takes both ways */
    CHECK(t, is_capture(&black, 23, 14));
    CHECK(t, is_capture(&black, 23, 16));
}

static void test_side_can_capture(tally *t)
{
    board b = pos("6,13", "9");
    CHECK(t, side_can_capture(&b, WHITE));
    CHECK(t, !side_can_capture(&b, BLACK));
    board both = pos("6", "9");
    CHECK(t, side_can_capture(&both, BLACK)); /* 6 over 9 to 13 */
    board far = pos("6", "30,9");
    CHECK(t, side_can_capture(&far, WHITE));
    board behind = pos("6", "1");
    CHECK(t, !side_can_capture(&behind, WHITE));
    board e = empty_board();
    CHECK(t, !side_can_capture(&e, WHITE) && !side_can_capture(&e, BLACK));
}

static void test_is_legal_move(tally *t)
{
    board b = pos("6,7", "10,30");
    CHECK(t, is_legal_move(&b, WHITE, 10, 1));
    CHECK(t, is_legal_move(&b, WHITE, 10, 3));
    CHECK(t, !is_legal_move(&b, WHITE, 30, 26));
    CHECK(t, !is_legal_move(&b, BLACK, 10, 1));
    CHECK(t, is_legal_move(&b, BLACK, 6, 15)); /* black can take 10 as well */
    CHECK(t, is_legal_move(&b, BLACK, 7, 14));
    CHECK(t, !is_legal_move(&b, BLACK, 6, 9));
    board quiet = pos("1", "30");
    CHECK(t, is_legal_move(&quiet, WHITE, 30, 26));
    CHECK(t, is_legal_move(&quiet, BLACK, 1, 5));
    CHECK(t, !is_legal_move(&quiet, BLACK, 30, 26));
}

static void test_is_legal(tally *t)
{
    board b = pos("6,7", "10");
    for (rule r = RULE_CHALLENGE; r <= RULE_ENGLISH; r++) {
        CHECK(t, is_legal(&b, 10, 1, r));
        CHECK(t, is_legal(&b, 10, 3, r));
        CHECK(t, !is_legal(&b, 10, 10, r));
        CHECK(t, !is_legal(&b, 6, 2, r));
        CHECK(t, !is_legal(&b, 10, 6, r)); /* onto a piece */
        CHECK(t, !is_legal(&b, 11, 8, r)); /* 11 is empty */
    }
    board two = pos("6,7", "10,30");
    CHECK(t, is_legal(&two, 30, 26, RULE_CHALLENGE));
    CHECK(t, !is_legal(&two, 30, 26, RULE_ENGLISH));
    CHECK(t, is_legal(&two, 10, 1, RULE_ENGLISH));
    board must = pos("6", "9"); /* the mover can jump: its step is illegal either way */
    CHECK(t, !is_legal(&must, 9, 5, RULE_CHALLENGE));
    CHECK(t, !is_legal(&must, 9, 5, RULE_ENGLISH));
    CHECK(t, is_legal(&must, 9, 2, RULE_CHALLENGE));
    board printed6 = pos("4", "8"); /* the jump over 4 would leave the board */
    CHECK(t, is_legal(&printed6, 8, 3, RULE_CHALLENGE));
    CHECK(t, is_legal(&printed6, 8, 3, RULE_ENGLISH));
    board diagrammed6 = pos("5", "9");
    CHECK(t, !is_legal(&diagrammed6, 9, 4, RULE_CHALLENGE));
    board e = empty_board();
    CHECK(t, !is_legal(&e, 9, 5, RULE_CHALLENGE)); /* no man to move */
    CHECK(t, !is_legal(&e, 0, 1, RULE_CHALLENGE));
    CHECK(t, !is_legal(&e, 33, 29, RULE_CHALLENGE));
    /* RULE_ENGLISH is the full rules for white to move, on every from and to. */
    const board boards[] = {b, two, must, printed6, pos("6,K23", "K19,30"), pos("7,14,K6", "17,K2")};
    for (int k = 0; k < 6; k++)
        for (int from = 1; from <= 32; from++)
            for (int to = 1; to <= 32; to++)
                CHECK(t, is_legal(&boards[k], from, to, RULE_ENGLISH) == is_legal_move(&boards[k], WHITE, from, to));
}

static void test_jump_landing(tally *t)
{
    board b = pos("6", "9");
    CHECK(t, jump_landing(&b, 9, RIGHT) == 2);
    CHECK(t, jump_landing(&b, 9, LEFT) == NO_SQUARE);
    CHECK(t, jump_landing(&b, 10, LEFT) == 1);
    CHECK(t, jump_landing(&b, 6, LEFT) == NO_SQUARE); /* nothing to jump */
    board taken = pos("6,2", "9");
    CHECK(t, jump_landing(&taken, 9, RIGHT) == NO_SQUARE);
    board white_behind = pos("6", "9,2");
    CHECK(t, jump_landing(&white_behind, 9, RIGHT) == NO_SQUARE);
    board over_white = pos("-", "9,6");
    CHECK(t, jump_landing(&over_white, 9, RIGHT) == NO_SQUARE); /* white is never jumped */
    board edge = pos("5", "9");
    CHECK(t, jump_landing(&edge, 9, LEFT) == NO_SQUARE); /* landing off the board */
    board right_edge = pos("4", "8");
    CHECK(t, jump_landing(&right_edge, 8, RIGHT) == NO_SQUARE); /* over 4, then off the top */
    board top = pos("1", "-");
    CHECK(t, jump_landing(&top, 5, RIGHT) == NO_SQUARE);
}

static void test_can_jump_from(tally *t)
{
    board b = pos("6", "-");
    CHECK(t, can_jump_from(&b, 9));
    CHECK(t, can_jump_from(&b, 10));
    CHECK(t, !can_jump_from(&b, 11));
    CHECK(t, !can_jump_from(&b, 1)); /* behind the black piece */
    board edge = pos("5", "-");
    CHECK(t, !can_jump_from(&edge, 9));
    board e = empty_board();
    for (int n = 1; n <= 32; n++)
        CHECK(t, !can_jump_from(&e, n));
}

/* ==================== moves.h ==================== */

/* The moves of a list as text, "a b c". */
static void list_text(const move_list *l, char *out, size_t size)
{
    size_t at = 0;
    out[0] = '\0';
    for (size_t i = 0; i < l->n && at < size; i++) {
        char text[MOVE_TEXT_SIZE];
        write_move(&l->at[i], text);
        at += (size_t)snprintf(out + at, size - at, "%s%s", i ? " " : "", text);
    }
}

/* Do the moves of the piece on `from` read `want`? */
static bool piece_moves_are(const board *b, int from, const char *want)
{
    move_list l = {0};
    char got[512];
    piece_moves(b, from, &l);
    list_text(&l, got, sizeof got);
    move_list_free(&l);
    if (strcmp(got, want) != 0)
        printf("  piece_moves from %d: \"%s\", want \"%s\"\n", from, got, want);
    return strcmp(got, want) == 0;
}

/* Do the moves of the side to move in `text` (a FEN) read `want`? */
static bool side_moves_are(const char *text, const char *want)
{
    position p = fen(text);
    move_list l = {0};
    char got[1024];
    side_moves(&p.b, p.turn, &l);
    list_text(&l, got, sizeof got);
    move_list_free(&l);
    if (strcmp(got, want) != 0)
        printf("  side_moves of %s: \"%s\", want \"%s\"\n", text, got, want);
    return strcmp(got, want) == 0;
}

static void test_piece_moves(tally *t)
{
    board b = pos("7,14", "17");
    CHECK(t, piece_moves_are(&b, 17, "17x10x3"));
    board none = pos("6", "5");
    CHECK(t, piece_moves_are(&none, 5, "5-1"));
    board blocked = pos("1,2", "5,6");
    CHECK(t, piece_moves_are(&blocked, 5, ""));
    board split = pos("8,15,23,24", "27"); /* the triple jump and the single one */
    CHECK(t, piece_moves_are(&split, 27, "27x18x11x4 27x20"));
    board king = pos("-", "K14");
    CHECK(t, piece_moves_are(&king, 14, "14-9 14-10 14-17 14-18"));
    board circuit = pos("9,10,17,18", "K13"); /* round and back to the start, both ways */
    CHECK(t, piece_moves_are(&circuit, 13, "13x6x15x22x13 13x22x15x6x13"));
    board rejump = pos("14", "K10"); /* 14 is taken once: the king stops on 17 */
    CHECK(t, piece_moves_are(&rejump, 10, "10x17"));
    board crown = pos("6,7", "11"); /* crowned on 2, the man stops though 6 is there */
    CHECK(t, piece_moves_are(&crown, 11, "11x2"));
    board black = pos("6", "10,18"); /* a black man jumps down, and on */
    CHECK(t, piece_moves_are(&black, 6, "6x15x22"));
    CHECK(t, piece_moves_are(&b, 0, "") && piece_moves_are(&b, 12, ""));
    move_list l = {0};
    piece_moves(&b, 17, &l);
    CHECK(t, l.n == 1 && is_capture_move(&l.at[0]) && move_end(&l.at[0]) == 3 && l.at[0].over[0] == 14);
    move_list_free(&l);
    piece_moves(&none, 5, &l);
    CHECK(t, l.n == 1 && !is_capture_move(&l.at[0]) && move_end(&l.at[0]) == 1);
    move_list_free(&l);
}

static void test_side_has_move(tally *t)
{
    position start = fen("B:W21-32:B1-12"), blocked = fen("W:W5:B1");
    CHECK(t, side_has_move(&start.b, BLACK) && side_has_move(&start.b, WHITE));
    CHECK(t, !side_has_move(&blocked.b, WHITE) && side_has_move(&blocked.b, BLACK));
    position jump_only = fen("W:W9:B5,6"); /* 9 cannot step (5, 6 taken), but jumps 6 */
    CHECK(t, side_has_move(&jump_only.b, WHITE));
    position none = fen("W:W:B1");
    CHECK(t, !side_has_move(&none.b, WHITE));
}

static void test_side_moves(tally *t)
{
    CHECK(t, side_moves_are("B:W21-32:B1-12", "9-13 9-14 10-14 10-15 11-15 11-16 12-16"));
    CHECK(t, side_moves_are("W:W21-32:B1-12", "21-17 22-17 22-18 23-18 23-19 24-19 24-20"));
    CHECK(t, side_moves_are("W:W9,30:B6", "9x2")); /* capture is mandatory for the side */
    CHECK(t, side_moves_are("B:W9,30:B6", "6x13"));
    CHECK(t, side_moves_are("B:W30:B6", "6-9 6-10"));
    CHECK(t, side_moves_are("W:W:B1", ""));
    /* Every move listed is legal by the predicates, and every legal
     * (from, to) is listed. */
    const char *fens[] = {"B:W21-32:B1-12", "W:WK13,30:B9,10,17,18", "B:W9,10,18,K27:BK23,6,1", "W:W17,K2:B7,14,K6"};
    for (int k = 0; k < 4; k++) {
        position p = fen(fens[k]);
        move_list l = {0};
        side_moves(&p.b, p.turn, &l);
        bool listed[SQUARES + 1][SQUARES + 1] = {{false}};
        for (size_t i = 0; i < l.n; i++) {
            CHECK(t, is_legal_move(&p.b, p.turn, l.at[i].from, move_end(&l.at[i])));
            listed[l.at[i].from][move_end(&l.at[i])] = true;
        }
        for (int from = 1; from <= 32; from++)
            for (int to = 1; to <= 32; to++)
                CHECK(t, listed[from][to] == is_legal_move(&p.b, p.turn, from, to));
        move_list_free(&l);
    }
}

static void test_play(tally *t)
{
    board b = pos("7,14", "17");
    move_list l = {0};
    piece_moves(&b, 17, &l);
    play(&b, &l.at[0]); /* 17x10x3: both taken, crowned on 3 */
    CHECK(t, b.at[3] == WHITE_KING && b.at[17] == EMPTY && b.at[14] == EMPTY && b.at[7] == EMPTY && b.at[10] == EMPTY);
    move_list_free(&l);
    board circuit = pos("9,10,17,18", "K13");
    piece_moves(&circuit, 13, &l);
    play(&circuit, &l.at[0]); /* back on 13, the four taken */
    CHECK(t, circuit.at[13] == WHITE_KING && circuit.at[9] == EMPTY && circuit.at[10] == EMPTY &&
                 circuit.at[17] == EMPTY && circuit.at[18] == EMPTY);
    move_list_free(&l);
    board step = pos("9", "-");
    piece_moves(&step, 9, &l);
    play(&step, &l.at[0]); /* 9-13 */
    CHECK(t, step.at[9] == EMPTY && step.at[13] == BLACK);
    move_list_free(&l);
    board crown = pos("25", "-");
    piece_moves(&crown, 25, &l);
    play(&crown, &l.at[0]); /* 25-29: crowned */
    CHECK(t, crown.at[29] == BLACK_KING);
    move_list_free(&l);
    position p = fen("B:W21-32:B1-12");
    side_moves(&p.b, p.turn, &l);
    play_position(&p, &l.at[0]);
    CHECK(t, p.turn == WHITE && p.b.at[13] == BLACK && p.b.at[9] == EMPTY);
    move_list_free(&l);
}

static void test_perft(tally *t)
{
    position start = fen("B:W21-32:B1-12");
    const uint64_t published[] = {1, 7, 49, 302, 1469, 7361, 36768};
    for (int depth = 0; depth <= 6; depth++) {
        uint64_t count = 0;
        CHECK(t, perft(&start, depth, &count) && count == published[depth]);
    }
    uint64_t count = 0;
    position circuit = fen("W:WK13:B9,10,17,18");
    CHECK(t, perft(&circuit, 1, &count) && count == 2); /* the two ways round both count */
    position over = fen("W:W:B1");
    CHECK(t, perft(&over, 3, &count) && count == 0);
}

/* ==================== words.h: square numbers ==================== */

static void test_square_number(tally *t)
{
    CHECK(t, square_number("05", 2) == 5);
    CHECK(t, square_number("+5", 2) == -1);
    CHECK(t, square_number("32", 2) == 32);
    CHECK(t, square_number("", 0) == -1);
    CHECK(t, square_number("5 ", 2) == -1);
    CHECK(t, !on_board(square_number("33", 2)));
    CHECK(t, !on_board(square_number("99999999999999999999", 20))); /* saturates, never wraps */
    CHECK(t, !on_board(square_number("4294967297", 10)));
}

/* ==================== notation.h ==================== */

/* Does reading `text` as a FEN (strict or not) fail with exactly `want`? */
static bool fen_fault_read(const char *text, bool strict, const char *want)
{
    position p;
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (read_fen(text, strlen(text), 1, strict, &p, err, note)) {
        printf("  read_fen(\"%s\") succeeded, want \"%s\"\n", text, want);
        return false;
    }
    if (strcmp(err, want) != 0)
        printf("  read_fen(\"%s\"): \"%s\", want \"%s\"\n", text, err, want);
    return strcmp(err, want) == 0;
}

/* A fault of the strict reading that the lenient one has too. */
static bool fen_fault(const char *text, const char *want)
{
    return fen_fault_read(text, true, want) && fen_fault_read(text, false, want);
}

/* Does `text`, read leniently, give the position `same` gives strictly, and
 * the note `note`? */
static bool fen_lenient(const char *text, const char *same, const char *want_note)
{
    position p, q = fen(same);
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (!read_fen(text, strlen(text), 1, false, &p, err, note)) {
        printf("  read_fen(\"%s\"): %s\n", text, err);
        return false;
    }
    if (strcmp(note, want_note) != 0)
        printf("  read_fen(\"%s\"): note \"%s\", want \"%s\"\n", text, note, want_note);
    return memcmp(&p, &q, sizeof p) == 0 && strcmp(note, want_note) == 0;
}

/* Does `text` read and write back as `want`? */
static bool fen_canonical(const char *text, const char *want)
{
    char out[FEN_SIZE];
    position p = fen(text);
    write_fen(&p, out);
    if (strcmp(out, want) != 0)
        printf("  write_fen(%s): \"%s\", want \"%s\"\n", text, out, want);
    return strcmp(out, want) == 0;
}

static void test_read_fen(tally *t)
{
    position p = fen("B:W21-32:B1-12");
    CHECK(t, p.turn == BLACK && p.b.at[1] == BLACK && p.b.at[12] == BLACK && p.b.at[13] == EMPTY && p.b.at[21] == WHITE);
    p = fen("W:BK1,5:W30,K9");
    CHECK(t, p.turn == WHITE && p.b.at[1] == BLACK_KING && p.b.at[5] == BLACK && p.b.at[9] == WHITE_KING &&
                 p.b.at[30] == WHITE);
    p = fen("W:W:BK1-3");
    CHECK(t, p.b.at[1] == BLACK_KING && p.b.at[3] == BLACK_KING && p.b.at[4] == EMPTY);
    CHECK(t, fen_fault("B:W5:B5", "fen, column 7: square 5 is both white and black"));
    CHECK(t, fen_fault("", "fen, column 1: empty: a position is needed, such as B:W21-32:B1-12 (the start)"));
    CHECK(t, fen_fault("X:W1:B2", "fen, column 1: \"X\" is no side to move: B (black) or W (white), then a colon"));
    CHECK(t, fen_fault("B:W21,21:B1", "fen, column 7: square 21 is listed twice"));
    CHECK(t, fen_fault("B:W3:B1", "fen, column 4: a white man on 3 would have been crowned (white men crown on 1-4): "
                                  "K3 is a king"));
    CHECK(t, fen_fault("B:W:B1-13", "fen, column 6: black has more than 12 pieces (the 13th is on 13)"));
    CHECK(t, fen_fault("B:W5", "fen, column 5: no black field: give both colours, as in B:W21-32:B1-12"));
    CHECK(t, fen_fault("B:W5:B6:W7", "fen, column 9: a third field: a position is the side to move and two colour "
                                     "fields"));
    CHECK(t, fen_fault("B:W5,:B6", "fen, column 6: an empty element (a stray comma)"));
    CHECK(t, fen_fault("B:W9-5:B", "fen, column 4: \"9-5\" is a range that goes down: ranges go up, as in 1-12"));
    CHECK(t, fen_fault("B:W33:B", "fen, column 4: \"33\" is off the board (squares are 1-32)"));
    CHECK(t, fen_fault("B:R5:B", "fen, column 3: \"R5\" is no colour field: it starts with W (white) or B (black)"));
    CHECK(t, fen_fault("B:W5:W6", "fen, column 6: a second white field: one field for each colour"));
    CHECK(t, fen_fault("B:Wx:B", "fen, column 4: \"x\" is not a square: a square is a number 1-32, K before a "
                                 "king's, as in K30"));
    /* Leniently, what users and files write too; strict, each is a fault at its column. */
    CHECK(t, fen_lenient(" b:W21-32:B1-12.\r", "B:W21-32:B1-12", ""));
    CHECK(t, fen_lenient("w:wk30:b1", "W:WK30:B1", ""));
    CHECK(t, fen_lenient("W:WK30:B1:H0:F1", "W:WK30:B1", "ignored \":H0:F1\": fields past the two colour fields"));
    CHECK(t, fen_fault_read(" B:W5:B1", true, "fen, column 1: a space before the position, read only without --strict"));
    CHECK(t, fen_fault_read("B:W5:B1\t", true, "fen, column 8: a space after the position, read only without --strict"));
    CHECK(t, fen_fault_read("B:W5:B1.", true, "fen, column 8: a trailing dot, read only without --strict"));
    CHECK(t, fen_fault_read("B:Wk5:B1", true, "fen, column 4: a lowercase \"k\", read only without --strict"));
    CHECK(t, fen_fault_read("B:W5:B1:H0", true, "fen, column 8: \":H0\", fields past the two colour fields, read only "
                                                "without --strict"));
}

static void test_write_fen(tally *t)
{
    CHECK(t, fen_canonical("B:W21-32:B1-12", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"));
    CHECK(t, fen_canonical("W:B9,K1,5:WK30,22,21", "W:W21,22,K30:BK1,5,9"));
    CHECK(t, fen_canonical("W:W:B", "W:W:B"));
    /* What is written reads back as the same position. */
    position a = fen("B:WK1-3,30:B28,K31");
    char out[FEN_SIZE];
    write_fen(&a, out);
    position b = fen(out);
    CHECK(t, memcmp(&a.b, &b.b, sizeof a.b) == 0 && a.turn == b.turn);
}

/* Does `text`, read strictly or not, give a move with these squares, written
 * as a capture or not? */
static bool move_reads_as(const char *text, bool strict, const char *squares, bool capture)
{
    written_move w;
    char err[NOTATION_ERROR_SIZE], got[MOVE_TEXT_SIZE];
    if (!read_move(text, strlen(text), 1, strict, &w, err)) {
        printf("  read_move(\"%s\"): %s\n", text, err);
        return false;
    }
    write_written(&w, got);
    if (strcmp(got, squares) != 0 || w.capture != capture)
        printf("  read_move(\"%s\"): %s, want %s\n", text, got, squares);
    return strcmp(got, squares) == 0 && w.capture == capture;
}

/* Read alike strictly and leniently. */
static bool move_reads(const char *text, const char *squares, bool capture)
{
    return move_reads_as(text, true, squares, capture) && move_reads_as(text, false, squares, capture);
}

static bool move_fault_as(const char *text, bool strict, const char *want)
{
    written_move w;
    char err[NOTATION_ERROR_SIZE];
    if (read_move(text, strlen(text), 1, strict, &w, err))
        return false;
    if (strcmp(err, want) != 0)
        printf("  read_move(\"%s\"): \"%s\", want \"%s\"\n", text, err, want);
    return strcmp(err, want) == 0;
}

/* A fault strict only. */
static bool move_fault(const char *text, const char *want) { return move_fault_as(text, true, want); }

/* The moves next_move finds in text, written back, joined by spaces; or
 * "fault: <err>". */
static bool movetext_reads(const char *text, bool strict, const char *want)
{
    movetext m = {text, strlen(text), 0, 1, strict};
    written_move w;
    size_t start, len;
    char err[NOTATION_ERROR_SIZE], got[256] = "", one[MOVE_TEXT_SIZE];
    while (next_move(&m, &w, &start, &len, err)) {
        write_written(&w, one);
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[0] ? " " : "", one);
    }
    if (err[0] != '\0')
        snprintf(got, sizeof got, "fault: %.240s", err);
    if (strcmp(got, want) != 0)
        printf("  next_move(\"%s\"): \"%s\", want \"%s\"\n", text, got, want);
    return strcmp(got, want) == 0;
}

static void test_read_move(tally *t)
{
    CHECK(t, move_reads("11-15", "11-15", false));
    CHECK(t, move_reads("27x18x11", "27x18x11", true));
    CHECK(t, move_reads("18x11", "18x11", true));
    CHECK(t, move_reads("09-013", "9-13", false));
    CHECK(t, move_fault("11-15-19", "moves, column 1: \"11-15-19\" is a step of more than one square: a step is one "
                                    "square, as in 11-15"));
    CHECK(t, move_fault("27x18-11", "moves, column 1: \"27x18-11\" mixes - and x: a step is 11-15, a capture 18x11 "
                                    "or 27x18x11"));
    CHECK(t, move_fault("11", "moves, column 1: \"11\" is a square, not a move: a move is 11-15, 18x11 or 27x18x11"));
    CHECK(t, move_fault("11-33", "moves, column 4: \"33\" is off the board (squares are 1-32)"));
    CHECK(t, move_fault("11-", "moves, column 1: \"11-\" ends without its last square"));
    CHECK(t, move_fault("a-b", "moves, column 1: \"a-b\" is not a move: a move is 11-15 for a step, 18x11 or "
                               "27x18x11 for a capture"));
    CHECK(t, move_fault("1x2x3x4x5x6x7x8x9x10x11x12x13x14", "moves, column 1: \"1x2x3x4x5x6x7x8x9x10...\" has more than "
                                                            "12 jumps, and a side has only 12 pieces to take"));
    /* Leniently, as real files write them. */
    CHECK(t, move_reads_as("11x15", false, "11x15", true) && move_reads_as("11X15", false, "11x15", true));
    CHECK(t, move_reads_as("27-18", false, "27-18", false));
    CHECK(t, move_reads_as("27-18-11x4", false, "27x18x11x4", true));
    CHECK(t, move_reads_as("1118", false, "11-18", false));
    /* two squares without a sign, but no reading on the board: a square, not a move (fuzz_readers found it read
     * as a move of no squares, "0-0") */
    CHECK(t, move_fault_as("364", false, "moves, column 1: \"364\" is a square, not a move: a move is 11-15, 18x11 or "
                                         "27x18x11"));
    CHECK(t, move_reads_as("8-11Redovers", false, "8-11", false));
    CHECK(t, move_fault_as("11-33", false, "moves, column 4: \"33\" is off the board (squares are 1-32)"));
    CHECK(t, move_fault_as("11-", false, "moves, column 1: \"11-\" ends without its last square"));
    CHECK(t, move_fault_as("Qe4", false, "moves, column 1: \"Qe4\" is not a move: a move is 11-15 for a step, 18x11 or "
                                         "27x18x11 for a capture"));
}

static void test_next_move(tally *t)
{
    CHECK(t, movetext_reads("11-15 22-18", true, "11-15 22-18"));
    CHECK(t, movetext_reads("1. 11-15 22-18 2.15x22 25x18! 1-0", false, "11-15 22-18 15x22 25x18"));
    CHECK(t, movetext_reads("11-15,22-18, 15x22", false, "11-15 22-18 15x22"));
    CHECK(t, movetext_reads("1. 11-15", true, "fault: moves, column 1: \"1.\" is not a move: a move is 11-15 for a "
                                              "step, 18x11 or 27x18x11 for a capture"));
    CHECK(t, movetext_reads("11-15 0-1 22-18", false, "fault: moves, column 7: \"0\" is off the board (squares are "
                                                      "1-32)"));
    CHECK(t, movetext_reads("  ", false, ""));
}

static void test_write_move(tally *t)
{
    move step = {.from = 11, .n = 1, .land = {15}, .over = {NO_SQUARE}};
    move jump = {.from = 27, .n = 2, .land = {18, 11}, .over = {23, 15}};
    char out[MOVE_TEXT_SIZE];
    write_move(&step, out);
    CHECK(t, strcmp(out, "11-15") == 0);
    write_move(&jump, out);
    CHECK(t, strcmp(out, "27x18x11") == 0);
    /* A corrupt move never writes past out, nor past its squares: n past
     * MAX_JUMPS is cut to it (13 squares), and squares too long for out are
     * cut at its end.  (out sits before guard bytes that must stay.) */
    struct {
        char out[MOVE_TEXT_SIZE], guard[16];
    } b;
    memset(b.guard, 0xa5, sizeof b.guard);
    move many = {.from = 40, .n = MAX_JUMPS + 1, .land = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, .over = {NO_SQUARE}};
    write_move(&many, b.out);
    CHECK(t, strcmp(b.out, "40-1-2-3-4-5-6-7-8-9-10-11-12") == 0);
    move wide = {.from = INT_MIN, .n = MAX_JUMPS};
    for (int i = 0; i < MAX_JUMPS; i++)
        wide.land[i] = wide.over[i] = INT_MIN;
    write_move(&wide, b.out);
    CHECK(t, strcmp(b.out, "-2147483648x-2147483648x-2147483648x-21") == 0 && strlen(b.out) == MOVE_TEXT_SIZE - 1);
    bool kept = true;
    for (size_t i = 0; i < sizeof b.guard; i++)
        kept &= (unsigned char)b.guard[i] == 0xa5;
    CHECK(t, kept);
}

/* ==================== Running groups ==================== */

static const struct {
    const char *name;
    void (*run)(tally *);
} groups[] = {
    {"on_board", test_on_board},
    {"row_of", test_row_of},
    {"col_of", test_col_of},
    {"square_at", test_square_at},
    {"diagonal", test_diagonal},
    {"ahead", test_ahead},
    {"empty_board", test_empty_board},
    {"side_of", test_side_of},
    {"is_king", test_is_king},
    {"opponent_of", test_opponent_of},
    {"is_opponent", test_is_opponent},
    {"forward_of", test_forward_of},
    {"may_go", test_may_go},
    {"crowns_on", test_crowns_on},
    {"crowned", test_crowned},
    {"is_empty", test_is_empty},
    {"step_target", test_step_target},
    {"is_step", test_is_step},
    {"taken_bit", test_taken_bit},
    {"jump_target", test_jump_target},
    {"can_jump_on", test_can_jump_on},
    {"chain_may_end_at", test_chain_may_end_at},
    {"can_capture", test_can_capture},
    {"is_capture", test_is_capture},
    {"side_can_capture", test_side_can_capture},
    {"is_legal_move", test_is_legal_move},
    {"is_legal", test_is_legal},
    {"jump_landing", test_jump_landing},
    {"can_jump_from", test_can_jump_from},
    {"piece_moves", test_piece_moves},
    {"side_moves", test_side_moves},
    {"side_has_move", test_side_has_move},
    {"play", test_play},
    {"perft", test_perft},
    {"square_number", test_square_number},
    {"read_fen", test_read_fen},
    {"write_fen", test_write_fen},
    {"read_move", test_read_move},
    {"next_move", test_next_move},
    {"write_move", test_write_move},
};
enum { GROUPS = sizeof groups / sizeof groups[0] };

static int find_group(const char *name)
{
    for (int g = 0; g < GROUPS; g++)
        if (strcmp(groups[g].name, name) == 0)
            return g;
    return -1;
}

int main(int argc, char *argv[])
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (int g = 0; g < GROUPS; g++)
            puts(groups[g].name);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (find_group(argv[i]) < 0) {
            fprintf(stderr, "unit: no group \"%s\" (try --list)\n", argv[i]);
            return 2;
        }
    tally t = {0, 0};
    int ran = 0;
    for (int g = 0; g < GROUPS; g++) {
        bool wanted = argc == 1;
        for (int i = 1; i < argc; i++)
            wanted |= strcmp(argv[i], groups[g].name) == 0;
        if (wanted) {
            groups[g].run(&t);
            ran++;
        }
    }
    printf("%d checks in %d groups, %d failed\n", t.checks, ran, t.failed);
    return t.failed ? 1 : 0;
}
