/* explain.c - legal moves with their paths, and reasons in plain words.
 *
 * Nothing here decides legality: the moves are candidates from the move
 * generator (built on the predicates of rules.c), filtered by is_legal, and a
 * reason is only looked for once is_legal has said no.  The reasons name
 * what a newcomer would want to see: the squares involved and the rule that
 * forbids the move. */
#include "explain.h"

#include "show.h"
#include "words.h"

/* Detail lines sit under the verdict, indented, so the verdicts stay the
 * only lines that start at the left margin. */
static const char indent[] = "  ";

/* ==================== Legal moves ==================== */

void legal_moves(const board *b, int from, rule r, move_list *out)
{
    move_list candidates = {0};
    piece_moves(b, from, &candidates);
    for (size_t i = 0; i < candidates.n; i++)
        if (is_legal(b, from, move_end(&candidates.at[i]), r))
            move_list_add(out, &candidates.at[i]);
    out->failed |= candidates.failed;
    move_list_free(&candidates);
}

void print_path(const move *m, FILE *out)
{
    if (!is_capture_move(m)) {
        fprintf(out, "step %d -> %d", m->from, m->land[0]);
        return;
    }
    fprintf(out, "jump %d", m->from);
    for (int i = 0; i < m->n; i++)
        fprintf(out, " x%d -> %d", m->over[i], m->land[i]);
}

/* ==================== Reasons ==================== */

/* Does some complete chain from `from` land on `at` and jump on from there? */
static bool chain_passes(const board *b, int from, int at)
{
    move_list chains = {0};
    bool passes = false;
    piece_moves(b, from, &chains);
    if (chains.failed) /* the explanations are the programs' alone */
        exit_out_of_memory();
    for (size_t i = 0; i < chains.n; i++)
        for (int j = 0; j + 1 < chains.at[i].n; j++)
            passes |= chains.at[i].land[j] == at;
    move_list_free(&chains);
    return passes;
}

/* The square two rows up where a jump over `over` would land if the board
 * wrapped round from one side edge to the other, as a 4-wide drawing of it
 * suggests.  Only asked when that jump really leaves the board. */
static bool wraps_to(int from, int dir, int to)
{
    return row_of(to) == row_of(from) - 2 && col_of(to) == (col_of(from) + 2 * dir + 8) % 8;
}

reason why_not(const board *b, int from, int to, rule r)
{
    reason why = {LEGAL, NO_SQUARE};
    bool can_jump = can_capture(b, from);
    if (!on_board(from) || side_of(b->at[from]) != WHITE)
        why.kind = NOT_WHITE;
    else if (is_legal(b, from, to, r))
        why.kind = LEGAL;
    else if (!on_board(to))
        why.kind = OFF_BOARD;
    else if (to == from)
        why.kind = SAME_SQUARE;
    else if (b->at[to] != EMPTY)
        why.kind = END_TAKEN;
    else if (row_of(to) > row_of(from))
        why.kind = BACKWARD;
    else if (row_of(to) == row_of(from))
        why.kind = SIDEWAYS;
    else if (can_jump && chain_passes(b, from, to))
        why.kind = CHAIN_GOES_ON;
    else if (is_step(b, from, to))
        why.kind = can_jump                                     ? MUST_CAPTURE
                   : r == RULE_ENGLISH && side_can_capture(b, WHITE) ? SIDE_MUST_CAPTURE
                                                                : UNEXPLAINED;
    else {
        why.kind = row_of(to) == row_of(from) - 1 ? NOT_NEIGHBOUR : can_jump ? NO_CHAIN_ENDS : OUT_OF_REACH;
        /* What the move would have been as a single jump, if it looks like one. */
        for (int dir = LEFT; dir <= RIGHT; dir += 2) {
            int over = ahead(from, dir, 1);
            if (over == NO_SQUARE)
                continue;
            if (ahead(from, dir, 2) == to) {
                why.over = over;
                why.kind = b->at[over] == EMPTY   ? JUMP_OVER_NOTHING
                           : b->at[over] == WHITE ? JUMP_OVER_WHITE
                                                  : UNEXPLAINED; /* a black one would be a jump */
            } else if (b->at[over] == BLACK && ahead(from, dir, 2) == NO_SQUARE && wraps_to(from, dir, to)) {
                why.over = over;
                why.kind = JUMP_OFF_BOARD;
            }
        }
    }
    return why;
}

/* Prints squares as "2", "2 or 3", "2, 3 or 4"; conj joins the last two. */
static void print_squares(const int *sq, int n, const char *conj, FILE *out)
{
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%d", i == 0 ? "" : i == n - 1 ? conj : ", ", sq[i]);
}

/* The squares one jump from `at` lands on, into sq; returns how many. */
static int landings(const board *b, int at, int sq[2])
{
    int n = 0;
    for (int dir = LEFT; dir <= RIGHT; dir += 2)
        if (jump_landing(b, at, dir) != NO_SQUARE)
            sq[n++] = jump_landing(b, at, dir);
    return n;
}

/* The white men that can jump, into sq; returns how many. */
static int jumpers(const board *b, int sq[SQUARES])
{
    int n = 0;
    for (int s = 1; s <= SQUARES; s++)
        if (side_of(b->at[s]) == WHITE && can_capture(b, s))
            sq[n++] = s;
    return n;
}

/* The distinct ends of the man's jump chains, into sq; returns how many. */
static int chain_ends(const board *b, int from, int sq[SQUARES])
{
    move_list chains = {0};
    int count = 0;
    piece_moves(b, from, &chains);
    if (chains.failed)
        exit_out_of_memory();
    for (size_t i = 0; i < chains.n; i++) {
        int end = move_end(&chains.at[i]), seen = 0;
        for (int j = 0; j < count; j++)
            seen |= sq[j] == end;
        if (!seen && count < SQUARES)
            sq[count++] = end;
    }
    move_list_free(&chains);
    return count;
}

void print_reason(const board *b, int from, int to, reason why, FILE *out)
{
    int sq[SQUARES], n;
    switch (why.kind) {
    case LEGAL:
        fprintf(out, "%d -> %d is legal", from, to);
        break;
    case NOT_WHITE:
        fprintf(out, "there is no white man on %d to move", from);
        break;
    case OFF_BOARD:
        fprintf(out, "%d is not a square of the board (they are 1-32)", to);
        break;
    case SAME_SQUARE:
        fprintf(out, "the end is the start: a move has to leave square %d", from);
        break;
    case END_TAKEN:
        fprintf(out, "%d is taken by a %s piece: a move must end on an empty square", to,
                b->at[to] == BLACK ? "black" : "white");
        break;
    case BACKWARD:
        fprintf(out, "%d is behind %d: a man moves only forward, toward the top row (squares 1-4)", to, from);
        break;
    case SIDEWAYS:
        fprintf(out, "%d is on the same row as %d: a man moves only diagonally forward", to, from);
        break;
    case CHAIN_GOES_ON:
        n = landings(b, to, sq);
        fprintf(out, "a jump chain that lands on %d must go on, as capture is mandatory:"
                     " from %d it can still jump to ",
                to, to);
        print_squares(sq, n, " or ", out);
        break;
    case MUST_CAPTURE:
        n = landings(b, from, sq);
        fprintf(out, "capture is mandatory and %d can jump (to ", from);
        print_squares(sq, n, " or ", out);
        fputs("), so it may not just step", out);
        break;
    case SIDE_MUST_CAPTURE:
        n = jumpers(b, sq);
        fputs("under the english reading capture is mandatory for all of white, and white can jump from ", out);
        print_squares(sq, n, " and ", out);
        fputs(", so no white man may just step", out);
        break;
    case JUMP_OVER_NOTHING:
        fprintf(out, "%d -> %d would be a jump, but there is no piece on %d to jump over", from, to, why.over);
        break;
    case JUMP_OVER_WHITE:
        fprintf(out, "%d -> %d would jump the white piece on %d: only black pieces can be jumped", from, to,
                why.over);
        break;
    case JUMP_OFF_BOARD:
        fprintf(out,
                "%d is not on a diagonal of %d: the jump over %d would land off the board, and the board"
                " does not wrap round its edge",
                to, from, why.over);
        break;
    case NOT_NEIGHBOUR:
        n = 0;
        for (int dir = LEFT; dir <= RIGHT; dir += 2)
            if (ahead(from, dir, 1) != NO_SQUARE)
                sq[n++] = ahead(from, dir, 1);
        fprintf(out, "%d is not diagonally next to %d: a step from %d goes to ", to, from, from);
        print_squares(sq, n, " or ", out);
        break;
    case NO_CHAIN_ENDS:
        n = chain_ends(b, from, sq);
        fprintf(out, "no jump chain from %d ends on %d: its chains end on ", from, to);
        print_squares(sq, n, " or ", out);
        break;
    case OUT_OF_REACH:
        fprintf(out, "%d is out of reach: a step goes one square diagonally forward, and %d has nothing to jump",
                to, from);
        break;
    case UNEXPLAINED:
        fputs("no rule explains this verdict (a bug: please report it)", out);
        break;
    }
}

/* ==================== The whole answer ==================== */

static void explain(const board *b, int from, int to, rule r, FILE *out)
{
    reason why = why_not(b, from, to, r);
    if (why.kind != LEGAL) {
        fprintf(out, "%swhy: ", indent);
        print_reason(b, from, to, why, out);
        fputc('\n', out);
        return;
    }
    move_list moves = {0};
    legal_moves(b, from, r, &moves);
    if (moves.failed)
        exit_out_of_memory();
    for (size_t i = 0; i < moves.n; i++)
        if (move_end(&moves.at[i]) == to) { /* several chains may end there: all are shown */
            fprintf(out, "%spath: ", indent);
            print_path(&moves.at[i], out);
            fputc('\n', out);
        }
    move_list_free(&moves);
}

static void list_moves(const board *b, int from, rule r, FILE *out)
{
    move_list moves = {0};
    legal_moves(b, from, r, &moves);
    if (moves.failed)
        exit_out_of_memory();
    if (moves.n == 0)
        fprintf(out, "%smove: none\n", indent);
    for (size_t i = 0; i < moves.n; i++) {
        fprintf(out, "%smove: ", indent);
        print_path(&moves.at[i], out);
        fputc('\n', out);
    }
    move_list_free(&moves);
}

void print_answer(const question *q, void *options, FILE *out)
{
    const answer_options *o = options;
    board b = question_board(q);
    fputs(is_legal(&b, q->from, q->to, o->r) ? "true\n" : "false\n", out);
    if (o->show || o->legend)
        show_board(&b, q->from, q->to, o->legend, indent, out);
    if (o->explain)
        explain(&b, q->from, q->to, o->r, out);
    if (o->moves)
        list_moves(&b, q->from, o->r, out);
}
