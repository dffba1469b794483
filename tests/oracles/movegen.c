/* movegen.c - the reference's move generator against the bitboard one
 * (tests/oracles/bitboard.c), which shares no code with it.
 *
 * usage: movegen random POSITIONS SEED   full move lists, capture paths and all
 *        movegen tree POSITIONS SEED DEPTH  every node of a perft tree: lists,
 *                                          and the boards the moves lead to
 *        movegen start DEPTH              the bitboard's perft from the start
 *        movegen replay < games.tsv       the bitboard's answer to each game
 *        movegen challenge < cases.tsv    the challenge's question answered by
 *                                          the reference's generator, both readings
 *        movegen challenge-random POSITIONS SEED  is_legal against the generator
 *        movegen fast POSITIONS SEED DEPTH  the fast generator (reference/fastgen.c)
 *                                          against the readable one: every node
 *                                          of a perft tree, and perft with tables
 *
 * The random positions hold kings of both colours, either side to move, at
 * most 12 pieces a side and no man on the row it would be crowned on.  Half
 * are scattered pieces at random densities; half are built around a king
 * (or man) of the side to move, with opposing pieces on the squares its
 * jumps pass over and the landing squares mostly empty, so long chains,
 * forks and circuits back to the start come up often.
 *
 * The first disagreement prints as a ready tests/fixtures/games.tsv row: the position,
 * the move one side lists and the other does not (or the moves down the tree
 * to it), and the reference's own answer, to be checked by hand. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../reference/game.h"
#include "../../reference/line.h"
#include "../../reference/moves.h"
#include "../../reference/notation.h"
#include "../../reference/perft.h"
#include "../../reference/rules.h"
#include "bitboard.h"

/* ==================== Random numbers ==================== */

/* xorshift64*: small, fast, and the same stream on every machine. */
static uint64_t next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

static int below(uint64_t *state, int n) { return (int)((next(state) >> 33) % (uint64_t)n); }

static bool chance(uint64_t *state, int percent) { return below(state, 100) < percent; }

/* ==================== Random positions ==================== */

/* Puts a piece of `side` on n, a king with probability kings%, a king anyway
 * where a man would already have been crowned; false if the side has 12. */
static bool put(position *p, int count[3], piece side, int n, int kings, uint64_t *st)
{
    if (count[side] >= 12)
        return false;
    bool king = chance(st, kings) || crowns_on(side, n);
    p->b.at[n] = king ? crowned(side) : side;
    count[side]++;
    return true;
}

/* Scattered pieces: each square black, white or empty at random rates. */
static position scattered(uint64_t *st)
{
    position p = {empty_board(), chance(st, 50) ? WHITE : BLACK};
    int count[3] = {0}, occupied = 5 + below(st, 70), black_share = 20 + below(st, 60), kings = below(st, 60);
    for (int n = 1; n <= SQUARES; n++)
        if (chance(st, occupied))
            put(&p, count, chance(st, black_share) ? BLACK : WHITE, n, kings, st);
    return p;
}

/* Built around a piece of the side to move on s: opponents on many squares
 * of the rows of the other parity (where its jumps pass over), the rows of
 * s's parity (where they land) mostly empty. */
static position built(uint64_t *st)
{
    position p = {empty_board(), chance(st, 50) ? WHITE : BLACK};
    int count[3] = {0}, s = 1 + below(st, SQUARES);
    piece foe = opponent_of(p.turn);
    put(&p, count, p.turn, s, 75, st);
    int over = 25 + below(st, 50), blocked = below(st, 20), kings = below(st, 50);
    for (int n = 1; n <= SQUARES; n++) {
        if (n == s)
            continue;
        bool middle = row_of(n) % 2 != row_of(s) % 2;
        if (middle && chance(st, over))
            put(&p, count, chance(st, 85) ? foe : p.turn, n, kings, st);
        else if (!middle && chance(st, blocked))
            put(&p, count, chance(st, 50) ? foe : p.turn, n, kings, st);
    }
    return p;
}

static position random_position(uint64_t *st) { return chance(st, 50) ? scattered(st) : built(st); }

/* ==================== The two generators side by side ==================== */

static bb_position to_bitboard(const position *p)
{
    bb_position q = {0, 0, 0, p->turn == WHITE};
    for (int n = 1; n <= SQUARES; n++) {
        uint64_t bit = 1ULL << bb_bit(n);
        if (side_of(p->b.at[n]) == BLACK)
            q.black |= bit;
        if (side_of(p->b.at[n]) == WHITE)
            q.white |= bit;
        if (is_king(p->b.at[n]))
            q.kings |= bit;
    }
    return q;
}

/* A move of either generator as its squares: start, then landings. */
typedef struct {
    int sq[MAX_JUMPS + 1], n;
    bool capture;
} squares;

static int compare_squares(const void *a, const void *b)
{
    const squares *x = a, *y = b;
    for (int i = 0; i < x->n && i < y->n; i++)
        if (x->sq[i] != y->sq[i])
            return x->sq[i] < y->sq[i] ? -1 : 1;
    return (x->n > y->n) - (x->n < y->n);
}

/* Both lists of a position, sorted, and their text. */
typedef struct {
    move_list ref;
    bb_list bb;
    squares *a, *b; /* ref's, bb's, sorted */
    size_t cap;
} lists;

static void fill(lists *l, const position *p, const bb_position *q)
{
    l->ref.n = 0;
    side_moves(&p->b, p->turn, &l->ref);
    bb_moves(q, &l->bb);
    size_t need = l->ref.n > l->bb.n ? l->ref.n : l->bb.n;
    if (need > l->cap) {
        l->cap = 2 * need;
        l->a = realloc(l->a, l->cap * sizeof *l->a);
        l->b = realloc(l->b, l->cap * sizeof *l->b);
        if (l->a == NULL || l->b == NULL) {
            fputs("movegen: out of memory\n", stderr);
            exit(1);
        }
    }
    for (size_t i = 0; i < l->ref.n; i++) {
        const move *m = &l->ref.at[i];
        l->a[i] = (squares){{m->from}, m->n + 1, is_capture_move(m)};
        for (int k = 0; k < m->n; k++)
            l->a[i].sq[k + 1] = m->land[k];
    }
    for (size_t i = 0; i < l->bb.n; i++) {
        l->b[i] = (squares){{0}, l->bb.at[i].n, l->bb.at[i].capture};
        memcpy(l->b[i].sq, l->bb.at[i].sq, sizeof(int) * (size_t)l->bb.at[i].n);
    }
    if (l->ref.n > 1) /* a and b are NULL while no list has had a move */
        qsort(l->a, l->ref.n, sizeof *l->a, compare_squares);
    if (l->bb.n > 1)
        qsort(l->b, l->bb.n, sizeof *l->b, compare_squares);
}

static void free_lists(lists *l)
{
    move_list_free(&l->ref);
    bb_free(&l->bb);
    free(l->a);
    free(l->b);
}

/* The first move in one sorted list and not the other, as text into out,
 * with *in_ref saying whose it is; false if the lists are the same. */
static bool first_difference(const lists *l, char out[MOVE_TEXT_SIZE + 8], bool *in_ref)
{
    size_t i = 0, j = 0;
    while (i < l->ref.n || j < l->bb.n) {
        int c = i == l->ref.n ? 1 : j == l->bb.n ? -1 : compare_squares(&l->a[i], &l->b[j]);
        if (c == 0) {
            i++, j++;
            continue;
        }
        const squares *s = c < 0 ? &l->a[i] : &l->b[j];
        size_t at = 0;
        for (int k = 0; k < s->n; k++)
            at += (size_t)snprintf(out + at, MOVE_TEXT_SIZE + 8 - at, "%s%d", k ? s->capture ? "x" : "-" : "", s->sq[k]);
        *in_ref = c < 0;
        return true;
    }
    return false;
}

/* ==================== Mismatches as table rows ==================== */

/* Prints the tests/fixtures/games.tsv row for the game "fen<TAB>moves": the
 * reference's own answer, by the replay the game command runs (game.h),
 * the moves read as the notation writes them, as the table writes them. */
static void print_row(const char *fen, const char *moves)
{
    position pos;
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE], a[FEN_SIZE], b[REASON_SIZE], c[REASON_SIZE];
    if (!read_fen(fen, strlen(fen), 1, true, &pos, err, note)) {
        printf("%s\t%s\terror\t-\t-\t-\tdifferential mismatch\n", fen, moves);
        return;
    }
    game g = {pos, 0};
    replay_stop stop;
    game_replay(&g, moves, strlen(moves), 1, true, &stop);
    const char *verdict = stop.malformed ? "error" : stop.number > 0 ? "illegal" : "legal";
    if (stop.malformed) {
        snprintf(a, sizeof a, "-"), snprintf(b, sizeof b, "-"), snprintf(c, sizeof c, "-");
    } else if (stop.number > 0) {
        char move[MOVE_TEXT_SIZE];
        write_written(&stop.move, move);
        snprintf(a, sizeof a, "%zu", stop.number), snprintf(b, sizeof b, "%s", move);
        snprintf(c, sizeof c, "%s", stop.reason);
    } else {
        outcome o = game_outcome(&g, side_has_move(&g.pos.b, g.pos.turn));
        write_fen(&g.pos, a);
        snprintf(b, sizeof b, "quiet %d/%d", g.quiet, DRAW_QUIET_MOVES);
        snprintf(c, sizeof c, "%s", o == IN_PLAY ? "-" : outcome_words(o));
    }
    printf("%s\t%s\t%s\t%s\t%s\t%s\tdifferential mismatch\n", fen, moves, verdict, a, b, c);
}

/* ==================== random: move lists ==================== */

static int random_lists(long positions, uint64_t seed)
{
    uint64_t st = seed * 0x9E3779B97F4A7C15ULL + 1;
    lists l = {0};
    long moves = 0, captures = 0, king_captures = 0, circuits = 0, long_chains = 0, white = 0, kings[3] = {0};
    for (long i = 0; i < positions; i++) {
        position p = random_position(&st);
        bb_position q = to_bitboard(&p);
        fill(&l, &p, &q);
        char text[MOVE_TEXT_SIZE + 8];
        bool in_ref;
        if (first_difference(&l, text, &in_ref)) {
            char fen[FEN_SIZE];
            write_fen(&p, fen);
            printf("mismatch at position %ld: %s lists %s, %s does not\n", i, in_ref ? "the reference" : "the bitboard",
                   text, in_ref ? "the bitboard" : "the reference");
            print_row(fen, text);
            free_lists(&l);
            return 1;
        }
        if (side_has_move(&p.b, p.turn) != (l.ref.n > 0)) { /* the outcome's test, which lists nothing */
            char fen[FEN_SIZE];
            write_fen(&p, fen);
            printf("mismatch at position %ld: side_has_move says %s, and %zu moves are listed\n", i,
                   l.ref.n > 0 ? "none" : "one", l.ref.n);
            print_row(fen, "-");
            free_lists(&l);
            return 1;
        }
        white += p.turn == WHITE;
        for (int n = 1; n <= SQUARES; n++)
            if (is_king(p.b.at[n]))
                kings[side_of(p.b.at[n])]++;
        moves += (long)l.ref.n;
        for (size_t k = 0; k < l.ref.n; k++) {
            const move *m = &l.ref.at[k];
            captures += is_capture_move(m);
            king_captures += is_capture_move(m) && is_king(p.b.at[m->from]);
            circuits += is_capture_move(m) && move_end(m) == m->from;
            long_chains += m->n >= 4;
        }
    }
    printf("movegen: %ld positions, 0 mismatches\n", positions);
    printf("%ld moves: %ld captures, %ld by kings, %ld of four or more jumps, %ld back to the start; "
           "white to move %ld; kings %ld black, %ld white\n",
           moves, captures, king_captures, long_chains, circuits, white, kings[BLACK], kings[WHITE]);
    free_lists(&l);
    return 0;
}

/* ==================== tree: perft trees node by node ==================== */

/* Walks the tree below p to `depth`, comparing lists and the boards each
 * move leads to; the moves from the root so far are in path.  Returns the
 * leaves, or -1 after printing the first mismatch. */
static long walk(const position *p, const bb_position *q, int depth, const char *root, char *path, size_t path_len)
{
    if (depth == 0)
        return 1;
    lists l = {0};
    fill(&l, p, q);
    char text[MOVE_TEXT_SIZE + 8];
    bool in_ref;
    long leaves = 0;
    if (first_difference(&l, text, &in_ref)) {
        printf("mismatch below %s after \"%s\": %s lists %s, %s does not\n", root, path,
               in_ref ? "the reference" : "the bitboard", text, in_ref ? "the bitboard" : "the reference");
        snprintf(path + path_len, 4096 - path_len, "%s%s", path_len ? " " : "", text);
        print_row(root, path);
        leaves = -1;
    }
    for (size_t i = 0; i < l.ref.n && leaves >= 0; i++) {
        /* The bitboard's move with the same squares: the lists are equal. */
        const move *m = &l.ref.at[i];
        size_t k = 0;
        while (k < l.bb.n && !(l.bb.at[k].sq[0] == m->from && l.bb.at[k].n == m->n + 1 &&
                               l.bb.at[k].sq[l.bb.at[k].n - 1] == move_end(m) &&
                               !memcmp(l.bb.at[k].sq + 1, m->land, sizeof(int) * (size_t)m->n)))
            k++;
        position p2 = *p;
        bb_position q2 = *q;
        play_position(&p2, m);
        if (k < l.bb.n)
            bb_play(&q2, &l.bb.at[k]);
        char mt[MOVE_TEXT_SIZE];
        write_move(m, mt);
        int wrote = snprintf(path + path_len, 4096 - path_len, "%s%s", path_len ? " " : "", mt);
        bb_position mapped = to_bitboard(&p2);
        if (k == l.bb.n || mapped.black != q2.black || mapped.white != q2.white || mapped.kings != q2.kings ||
            mapped.white_to_move != q2.white_to_move) {
            char fen[FEN_SIZE], bbfen[FEN_SIZE];
            write_fen(&p2, fen);
            bb_write_fen(&q2, bbfen, sizeof bbfen);
            printf("mismatch below %s after \"%s\": the reference reaches %s, the bitboard %s\n", root, path, fen,
                   bbfen);
            print_row(root, path);
            leaves = -1;
            break;
        }
        long below = walk(&p2, &q2, depth - 1, root, path, path_len + (size_t)wrote);
        path[path_len] = '\0';
        leaves = below < 0 ? -1 : leaves + below;
    }
    free_lists(&l);
    return leaves;
}

static int random_trees(long positions, uint64_t seed, int depth)
{
    uint64_t st = seed * 0x9E3779B97F4A7C15ULL + 1;
    long leaves = 0;
    for (long i = 0; i < positions; i++) {
        position p = random_position(&st);
        bb_position q = to_bitboard(&p);
        char root[FEN_SIZE], path[4096] = "";
        write_fen(&p, root);
        long n = walk(&p, &q, depth, root, path, 0);
        if (n < 0)
            return 1;
        /* perft itself, both ways, must count what the walk counted */
        uint64_t count = 0;
        if (!perft(&p, depth, &count) || count != (uint64_t)n || bb_perft(&q, depth) != (uint64_t)n) {
            printf("perft %d of %s: walk %ld, reference %" PRIu64 ", bitboard %" PRIu64 "\n", depth, root, n, count,
                   bb_perft(&q, depth));
            return 1;
        }
        leaves += n;
    }
    printf("movegen tree: %ld positions to depth %d, %ld leaves, 0 mismatches\n", positions, depth, leaves);
    return 0;
}

/* ==================== replay: a games table through the bitboard ==================== */

/* The bitboard's move that the word names: every landing, or (a capture) its
 * two ends if one capture alone has them; -1 if none. */
static long find(const bb_list *l, const char *word)
{
    long by_ends = -1, ends = 0;
    for (size_t i = 0; i < l->n; i++) {
        char text[64];
        bb_move_text(&l->at[i], text, sizeof text);
        if (!strcmp(text, word))
            return (long)i;
        int from, to;
        char x1, x2;
        if (l->at[i].capture && sscanf(word, "%d%c%d%c", &from, &x1, &to, &x2) == 3 && x1 == 'x' &&
            from == l->at[i].sq[0] && to == l->at[i].sq[l->at[i].n - 1]) {
            by_ends = (long)i;
            ends++;
        }
    }
    return ends == 1 ? by_ends : -1;
}

/* For each row "fen<TAB>moves<TAB>...": "legal<TAB>FEN<TAB>quiet N/80<TAB>result
 * or -", or "illegal<TAB>N<TAB>move", or "unread" for a FEN it cannot read. */
static int replay(void)
{
    char *line = NULL;
    size_t size = 0;
    bb_list l = {0};
    while (getline(&line, &size, stdin) > 0) {
        if (line[0] == '#')
            continue;
        char *fen = strtok(line, "\t\n"), *moves = strtok(NULL, "\t\n");
        bb_position p;
        if (fen == NULL || moves == NULL || !bb_read_fen(fen, &p)) {
            puts("unread");
            continue;
        }
        int quiet = 0, number = 0;
        bool illegal = false;
        for (char *word = strtok(moves, " "); word && !illegal; word = strtok(NULL, " ")) {
            number++;
            bb_moves(&p, &l);
            long k = l.n > 0 && quiet < 80 ? find(&l, word) : -1;
            if (k < 0) {
                printf("illegal\t%d\t%s\n", number, word);
                illegal = true;
                break;
            }
            quiet = bb_progress(&p, &l.at[k]) ? 0 : quiet + 1;
            bb_play(&p, &l.at[k]);
        }
        if (illegal)
            continue;
        char out[160];
        bb_write_fen(&p, out, sizeof out);
        bb_moves(&p, &l);
        printf("legal\t%s\tquiet %d/80\t%s\n", out, quiet,
               l.n == 0 ? (p.white_to_move ? "black wins" : "white wins") : quiet >= 80 ? "draw" : "-");
    }
    free(line);
    bb_free(&l);
    return 0;
}

/* ==================== The challenge's question, by the generator ==================== */

/* The challenge's question answered from move lists, not by is_legal: under
 * RULE_ENGLISH, is from -> to among white's legal moves (`side`); under
 * RULE_CHALLENGE, among the moves of the white piece on `from` with capture
 * mandatory for it alone (`piece`, from piece_moves). */
static bool listed_in(const move_list *l, int from, int to)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->at[i].from == from && move_end(&l->at[i]) == to)
            return true;
    return false;
}

static bool listed(const board *b, int from, int to, rule r)
{
    if (!on_board(from) || side_of(b->at[from]) != WHITE)
        return false;
    move_list l = {0};
    if (r == RULE_ENGLISH)
        side_moves(b, WHITE, &l);
    else
        piece_moves(b, from, &l);
    bool found = listed_in(&l, from, to);
    move_list_free(&l);
    return found;
}

static void answer(const question *q, void *ctx, FILE *out)
{
    (void)ctx;
    board b = question_board(q);
    fprintf(out, "%s\t%s\n", listed(&b, q->from, q->to, RULE_CHALLENGE) ? "true" : "false",
            listed(&b, q->from, q->to, RULE_ENGLISH) ? "true" : "false");
}

/* is_legal on every start (its answer on a square without a white piece
 * must be no) and end of random positions, against the move lists. */
static int challenge_random(long positions, uint64_t seed)
{
    uint64_t st = seed * 0x9E3779B97F4A7C15ULL + 1;
    long questions = 0;
    move_list side = {0}, piece = {0};
    for (long i = 0; i < positions; i++) {
        position p = random_position(&st);
        side.n = 0;
        side_moves(&p.b, WHITE, &side);
        for (int from = 1; from <= SQUARES; from++) {
            bool white = side_of(p.b.at[from]) == WHITE;
            piece.n = 0;
            piece_moves(&p.b, from, &piece);
            for (int to = 1; to <= SQUARES; to++)
                for (rule r = RULE_CHALLENGE; r <= RULE_ENGLISH; r++) {
                    bool want = white && listed_in(r == RULE_ENGLISH ? &side : &piece, from, to);
                    questions++;
                    if (is_legal(&p.b, from, to, r) != want) {
                        char fen[FEN_SIZE];
                        write_fen(&p, fen);
                        printf("challenge mismatch on %s, %d -> %d under %s: is_legal says %s\n", fen, from, to,
                               r == RULE_ENGLISH ? "english" : "challenge", want ? "false" : "true");
                        return 1;
                    }
                }
        }
    }
    move_list_free(&side);
    move_list_free(&piece);
    printf("challenge: %ld positions, %ld questions, 0 mismatches\n", positions, questions);
    return 0;
}

/* ==================== fast: the fast generator against the readable one ==================== */

/* A listed move with the position it leads to. */
typedef struct {
    move m;
    fastpos after;
} fast_entry;

typedef struct {
    fast_entry *at;
    size_t n, cap;
} fast_list;

static void collect(void *ctx, const move *m, const fastpos *after)
{
    fast_list *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->at = realloc(l->at, l->cap * sizeof *l->at);
        if (l->at == NULL) {
            fputs("movegen: out of memory\n", stderr);
            exit(1);
        }
    }
    l->at[l->n++] = (fast_entry){*m, *after};
}

/* Moves by their squares: start, landings, pieces taken. */
static int compare_moves(const move *x, const move *y)
{
    if (x->from != y->from)
        return x->from < y->from ? -1 : 1;
    for (int i = 0; i < x->n && i < y->n; i++) {
        if (x->land[i] != y->land[i])
            return x->land[i] < y->land[i] ? -1 : 1;
        if (x->over[i] != y->over[i])
            return x->over[i] < y->over[i] ? -1 : 1;
    }
    return (x->n > y->n) - (x->n < y->n);
}

static int compare_entries(const void *a, const void *b)
{
    return compare_moves(&((const fast_entry *)a)->m, &((const fast_entry *)b)->m);
}

static int compare_listed(const void *a, const void *b) { return compare_moves(a, b); }

static bool same_fastpos(const fastpos *a, const fastpos *b)
{
    return a->black == b->black && a->white == b->white && a->kings == b->kings &&
           a->white_to_move == b->white_to_move;
}

/* Walks the readable tree below p to depth, each node against the fast
 * generator: the same moves (landings and pieces taken), each to the same
 * position, and the fast count of them.  Returns the leaves, or -1 after
 * printing the first mismatch (path: the moves from the root). */
static long fast_walk(const position *p, int depth, const char *root, char *path, size_t path_len)
{
    if (depth == 0)
        return 1;
    move_list ref = {0};
    fast_list fast = {0};
    side_moves(&p->b, p->turn, &ref);
    fastpos q = fastpos_of(p);
    fast_each_move(&q, collect, &fast);
    if (ref.n > 1) /* at is NULL while a list has had no move */
        qsort(ref.at, ref.n, sizeof *ref.at, compare_listed);
    if (fast.n > 1)
        qsort(fast.at, fast.n, sizeof *fast.at, compare_entries);
    long leaves = 0;
    unsigned counted = fast_count_moves(&q);
    if (counted != ref.n) {
        printf("mismatch below %s after \"%s\": the readable generator lists %zu moves, the fast one counts %u\n",
               root, path, ref.n, counted);
        leaves = -1;
    }
    for (size_t i = 0; (i < ref.n || i < fast.n) && leaves >= 0; i++) {
        int c = i == ref.n ? 1 : i == fast.n ? -1 : compare_moves(&ref.at[i], &fast.at[i].m);
        char mt[MOVE_TEXT_SIZE];
        write_move(c <= 0 ? &ref.at[i] : &fast.at[i].m, mt);
        if (c != 0) {
            printf("mismatch below %s after \"%s\": the %s generator lists %s, the %s does not\n", root, path,
                   c < 0 ? "readable" : "fast", mt, c < 0 ? "fast one" : "readable one");
            snprintf(path + path_len, 4096 - path_len, "%s%s", path_len ? " " : "", mt);
            print_row(root, path);
            leaves = -1;
            break;
        }
        position next = *p;
        play_position(&next, &ref.at[i]);
        fastpos mapped = fastpos_of(&next);
        int wrote = snprintf(path + path_len, 4096 - path_len, "%s%s", path_len ? " " : "", mt);
        if (!same_fastpos(&mapped, &fast.at[i].after)) {
            char fen[FEN_SIZE], fast_fen[FEN_SIZE];
            position theirs = position_of(&fast.at[i].after);
            write_fen(&next, fen);
            write_fen(&theirs, fast_fen);
            printf("mismatch below %s after \"%s\": the readable generator reaches %s, the fast one %s\n", root,
                   path, fen, fast_fen);
            print_row(root, path);
            leaves = -1;
            break;
        }
        long below = fast_walk(&next, depth - 1, root, path, path_len + (size_t)wrote);
        path[path_len] = '\0';
        leaves = below < 0 ? -1 : leaves + below;
    }
    move_list_free(&ref);
    free(fast.at);
    return leaves;
}

/* perft of p at depth 1..depth every way the fast generator counts: alone,
 * with a table of one entry (every position collides), a small table, and
 * two threads sharing one; each against the readable perft. */
static bool fast_counts(const position *p, int depth, const char *root, perft_table *one, perft_table *small)
{
    fastpos q = fastpos_of(p);
    for (int d = 1; d <= depth; d++) {
        uint64_t want = 0;
        perft(p, d, &want);
        perft_count got[4] = {fast_perft(&q, d, NULL), fast_perft(&q, d, one), fast_perft(&q, d, small),
                              perft_tree(&q, d, small, 2)};
        const char *how[4] = {"alone", "with a 1-entry table", "with a small table", "on 2 threads"};
        for (int k = 0; k < 4; k++)
            if (got[k] != want) {
                char text[COUNT_TEXT_SIZE];
                write_count(got[k], text);
                printf("perft %d of %s: readable %" PRIu64 ", fast %s %s\n", d, root, want, how[k], text);
                return false;
            }
    }
    return true;
}

static int fast_trees(long positions, uint64_t seed, int depth)
{
    uint64_t st = seed * 0x9E3779B97F4A7C15ULL + 1;
    long leaves = 0, moves = 0, captures = 0;
    perft_table *one = perft_table_new(1), *small = perft_table_new(4096);
    if (one == NULL || small == NULL) {
        fputs("movegen: out of memory\n", stderr);
        return 1;
    }
    int status = 0;
    for (long i = 0; i < positions && status == 0; i++) {
        position p = random_position(&st);
        char root[FEN_SIZE], path[4096] = "";
        write_fen(&p, root);
        move_list l = {0};
        side_moves(&p.b, p.turn, &l);
        moves += (long)l.n;
        captures += l.n > 0 && is_capture_move(&l.at[0]) ? (long)l.n : 0;
        move_list_free(&l);
        long n = fast_walk(&p, depth, root, path, 0);
        if (n < 0 || !fast_counts(&p, depth, root, one, small))
            status = 1;
        leaves += n;
    }
    if (status == 0) {
        /* the start, deeper: the tables' hits and collisions over real games */
        position start = initial_position();
        if (!fast_counts(&start, 8, "the start", one, small))
            status = 1;
    }
    if (status == 0)
        printf("movegen fast: %ld positions to depth %d, %ld leaves, %ld root moves (%ld captures), 0 mismatches\n",
               positions, depth, leaves, moves, captures);
    perft_table_free(one);
    perft_table_free(small);
    return status;
}

int main(int argc, char *argv[])
{
    if (argc == 4 && !strcmp(argv[1], "random"))
        return random_lists(atol(argv[2]), strtoull(argv[3], NULL, 10));
    if (argc == 5 && !strcmp(argv[1], "tree") && atoi(argv[4]) >= 0 && atoi(argv[4]) <= 20) /* path[] holds 20 moves */
        return random_trees(atol(argv[2]), strtoull(argv[3], NULL, 10), atoi(argv[4]));
    if (argc == 3 && !strcmp(argv[1], "start")) {
        bb_position p = bb_start();
        for (int depth = 1; depth <= atoi(argv[2]); depth++)
            printf("perft %d: %" PRIu64 "\n", depth, bb_perft(&p, depth));
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "replay"))
        return replay();
    if (argc == 2 && !strcmp(argv[1], "challenge"))
        return run_lines(stdin, stdout, answer, NULL);
    if (argc == 5 && !strcmp(argv[1], "fast") && atoi(argv[4]) >= 0 && atoi(argv[4]) <= 20)
        return fast_trees(atol(argv[2]), strtoull(argv[3], NULL, 10), atoi(argv[4]));
    if (argc == 4 && !strcmp(argv[1], "challenge-random"))
        return challenge_random(atol(argv[2]), strtoull(argv[3], NULL, 10));
    fputs("usage: movegen random POSITIONS SEED | tree POSITIONS SEED DEPTH | start DEPTH | replay < table\n"
          "       movegen challenge < cases.tsv | challenge-random POSITIONS SEED | fast POSITIONS SEED DEPTH\n",
          stderr);
    return 2;
}
