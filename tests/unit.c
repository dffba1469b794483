/* unit.c - the examples in reference/board.h and reference/rules.h, as checks,
 * plus the edges the examples leave out.  No framework: CHECK counts, prints
 * file:line and the expression when it fails, and the exit status says it all.
 *
 *   build/unit            every group
 *   build/unit ahead ...  only the named groups (one per predicate)
 *   build/unit --list     the group names */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../reference/board.h"
#include "../reference/rules.h"

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

/* A position from two comma-separated lists, "-" or "" for none: the tests
 * read like the header comments ("with black on 6, 7 and white on 10"). */
static board pos(const char *black, const char *white)
{
    board b = empty_board();
    const char *lists[] = {black, white};
    const piece kinds[] = {BLACK, WHITE};
    for (int k = 0; k < 2; k++)
        for (const char *p = lists[k]; *p != '\0' && *p != '-';) {
            char *end;
            long n = strtol(p, &end, 10);
            if (end == p || !on_board((int)n)) { /* a typo in a test, not a failing rule */
                fprintf(stderr, "unit: bad square list \"%s\"\n", lists[k]);
                exit(2);
            }
            b.at[n] = kinds[k];
            p = *end == ',' ? end + 1 : end;
        }
    return b;
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

/* ==================== rules.h ==================== */

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
}

static void test_is_forward_step(tally *t)
{
    CHECK(t, is_forward_step(9, 5));
    CHECK(t, is_forward_step(9, 6));
    CHECK(t, !is_forward_step(5, 9));
    CHECK(t, !is_forward_step(12, 9));
    CHECK(t, !is_forward_step(5, 4));
    CHECK(t, !is_forward_step(2, 0));
    CHECK(t, !is_forward_step(9, 9));
    CHECK(t, !is_forward_step(9, 2)); /* a jump's distance is no step */
    CHECK(t, is_forward_step(5, 1));
    CHECK(t, is_forward_step(8, 4));
    CHECK(t, is_forward_step(8, 3));
    CHECK(t, !is_forward_step(4, 8));
    /* Exactly the squares ahead, and every square has at most two. */
    int steps = 0;
    for (int from = 1; from <= 32; from++)
        for (int to = 1; to <= 32; to++) {
            bool want = to == ahead(from, LEFT, 1) || to == ahead(from, RIGHT, 1);
            CHECK(t, is_forward_step(from, to) == want);
            steps += want;
        }
    CHECK(t, steps == 49); /* rows 1-7: one edge square each with 1 step, 21 squares with 2 */
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

static void test_chain_can_end_at(tally *t)
{
    board b = pos("7,14", "-");
    CHECK(t, chain_can_end_at(&b, 10, 3));
    CHECK(t, !chain_can_end_at(&b, 10, 10));
    CHECK(t, chain_can_end_at(&b, 3, 3)); /* nothing left to jump: it ends here */
    board split = pos("8,15,23,24", "-");
    CHECK(t, chain_can_end_at(&split, 27, 20));
    CHECK(t, chain_can_end_at(&split, 27, 4));
    CHECK(t, !chain_can_end_at(&split, 27, 18));
    CHECK(t, !chain_can_end_at(&split, 27, 11));
    CHECK(t, !chain_can_end_at(&split, 27, 27));
    board fork = pos("6,7", "-"); /* two first jumps, both final */
    CHECK(t, chain_can_end_at(&fork, 10, 1));
    CHECK(t, chain_can_end_at(&fork, 10, 3));
    CHECK(t, !chain_can_end_at(&fork, 10, 2));
}

static void test_is_jump_move(tally *t)
{
    board b = pos("7,14", "17");
    CHECK(t, is_jump_move(&b, 17, 3));
    CHECK(t, !is_jump_move(&b, 17, 10));
    CHECK(t, !is_jump_move(&b, 17, 17));
    board e = empty_board();
    CHECK(t, !is_jump_move(&e, 9, 9));
    CHECK(t, !is_jump_move(&e, 9, 5));
    board one = pos("6", "9");
    CHECK(t, is_jump_move(&one, 9, 2));
    CHECK(t, !is_jump_move(&one, 9, 5)); /* a step is no jump */
    board sideways = pos("2", "1");
    CHECK(t, !is_jump_move(&sideways, 1, 3));
    board backward = pos("6", "1");
    CHECK(t, !is_jump_move(&backward, 1, 10));
}

static void test_is_simple_move(tally *t)
{
    board e = empty_board();
    CHECK(t, is_simple_move(&e, 9, 5));
    CHECK(t, is_simple_move(&e, 9, 6));
    CHECK(t, !is_simple_move(&e, 9, 1));
    CHECK(t, !is_simple_move(&e, 5, 9));
    CHECK(t, !is_simple_move(&e, 9, 9));
    CHECK(t, !is_simple_move(&e, 5, 4)); /* across the edge */
    board b = pos("5", "6");
    CHECK(t, !is_simple_move(&b, 9, 5));
    CHECK(t, !is_simple_move(&b, 9, 6));
    CHECK(t, !is_simple_move(&b, 1, 0));
}

static void test_any_white_can_jump(tally *t)
{
    board yes = pos("6", "9");
    CHECK(t, any_white_can_jump(&yes));
    board edge = pos("5", "9");
    CHECK(t, !any_white_can_jump(&edge));
    board taken = pos("6,2", "9");
    CHECK(t, !any_white_can_jump(&taken));
    board black_alone = pos("6", "-");
    CHECK(t, !any_white_can_jump(&black_alone));
    board far = pos("6", "30,9"); /* the jumper need not be the first white man */
    CHECK(t, any_white_can_jump(&far));
    board behind = pos("6", "1"); /* white men never jump backward */
    CHECK(t, !any_white_can_jump(&behind));
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
}

/* Does some chain in chains[0..n) end on `to`? */
static bool some_chain_ends(const path *chains, int n, int to)
{
    for (int i = 0; i < n; i++)
        if (chains[i].land[chains[i].n - 1] == to)
            return true;
    return false;
}

static void test_jump_chains(tally *t)
{
    path out[MAX_CHAINS];
    board b = pos("7,14", "17");
    CHECK(t, jump_chains(&b, 17, out) == 1);
    CHECK(t, out[0].from == 17 && out[0].n == 2);
    CHECK(t, out[0].land[0] == 10 && out[0].land[1] == 3);
    CHECK(t, out[0].over[0] == 14 && out[0].over[1] == 7);
    board none = pos("6", "5");
    CHECK(t, jump_chains(&none, 5, out) == 0);
    board e = empty_board();
    CHECK(t, jump_chains(&e, 9, out) == 0);
    board split = pos("8,15,23,24", "27"); /* the triple jump and the single one */
    CHECK(t, jump_chains(&split, 27, out) == 2);
    CHECK(t, some_chain_ends(out, 2, 4) && some_chain_ends(out, 2, 20));
    int triple = out[0].n == 3 ? 0 : 1;
    CHECK(t, out[triple].n == MAX_JUMPS);
    CHECK(t, out[triple].over[0] == 23 && out[triple].over[1] == 15 && out[triple].over[2] == 8);
    /* The chains' ends are exactly the ends is_jump_move accepts. */
    const board boards[] = {b, split, pos("6,7", "10"), pos("14,15,6,7", "18"), pos("5", "9")};
    const int from[] = {17, 27, 10, 18, 9};
    for (int k = 0; k < 5; k++) {
        int n = jump_chains(&boards[k], from[k], out);
        CHECK(t, n >= 0 && n <= MAX_CHAINS);
        for (int to = 1; to <= 32; to++)
            CHECK(t, some_chain_ends(out, n, to) == is_jump_move(&boards[k], from[k], to));
    }
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
    {"ahead", test_ahead},
    {"empty_board", test_empty_board},
    {"is_empty", test_is_empty},
    {"is_forward_step", test_is_forward_step},
    {"jump_landing", test_jump_landing},
    {"can_jump_from", test_can_jump_from},
    {"chain_can_end_at", test_chain_can_end_at},
    {"is_jump_move", test_is_jump_move},
    {"is_simple_move", test_is_simple_move},
    {"any_white_can_jump", test_any_white_can_jump},
    {"is_legal", test_is_legal},
    {"jump_chains", test_jump_chains},
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
