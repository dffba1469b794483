/* fuzz_api.c - libFuzzer target: every public function of checkers.h, each
 * through a harness of its own that builds its arguments from the input as
 * a hostile or careless caller would: positions of any piece values (9,
 * INT_MIN, both sides' bits), any turn, at[0] set; moves of any n and any
 * squares, or a legal move with one field changed; games of any quiet
 * count; enums out of range; NULL for any pointer; strings of any bytes;
 * PDN text of any length, read whole and as a file.  The input's first
 * byte picks the harness (harnesses[], one a function), the rest is read
 * by the cursor below, zeros once it runs out.
 *
 * Every buffer handed to the library is a block of its exact size, so
 * ASan sees a byte written or read past it.  Besides crashes and sanitizer
 * reports it aborts when a function answers what it should refuse or
 * refuses what it should answer (ck_valid held to the FEN read back, as
 * parse_fen reads it), when a refusal changes what it must leave, when a
 * move listed does not write, play and read back, when perft differs from
 * a walk over ck_moves and ck_play_move, when a count's text is not the
 * count, when ck_is_legal disagrees with the move list, and when a PDN
 * text read whole and read as a file gives different records.  `make
 * fuzz-api` runs it; tests/fuzz.bats a short run and its seeds.
 *
 * It passes NULL on purpose, so it leaves checkers.h's nonnull marks out
 * (CK_NO_NONNULL: else UBSan would rightly report each such call). */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#define CK_NO_NONNULL
#include "checkers.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_api: %s\n", what);
        abort();
    }
}

/* ==================== Reading the input ==================== */

typedef struct {
    const uint8_t *at;
    size_t left;
} input;

static uint8_t byte(input *in)
{
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->at++;
}

static int32_t int32(input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | byte(in);
    return (int32_t)v;
}

/* A number, mostly near the squares (-3..36), sometimes any int. */
static int number(input *in)
{
    uint8_t b = byte(in);
    return b < 0xe0 ? b % 40 - 3 : int32(in);
}

/* A piece: mostly none, a man or a king of either side; sometimes a value
 * of no ck_piece (3, 8, 9...), or any int. */
static ck_piece piece(input *in)
{
    static const ck_piece usual[16] = {CK_EMPTY, CK_EMPTY, CK_EMPTY,      CK_EMPTY,      CK_EMPTY, CK_EMPTY,
                                       CK_EMPTY, CK_EMPTY, CK_EMPTY,      CK_EMPTY,      CK_BLACK, CK_BLACK,
                                       CK_WHITE, CK_WHITE, CK_BLACK_KING, CK_WHITE_KING};
    uint8_t b = byte(in);
    if (b < 0xf0)
        return usual[b % 16];
    return b < 0xff ? (ck_piece)(b - 0xf0) : (ck_piece)int32(in);
}

/* The last-read input as a NUL-terminated string (malloc'd), of len bytes
 * (or what is left); NULL for len 0xff (a NULL string). */
static char *string(input *in, size_t len)
{
    if (len > in->left)
        len = in->left;
    char *s = malloc(len + 1);
    require(s != NULL, "out of memory");
    memcpy(s, in->at, len);
    s[len] = '\0';
    in->at += len, in->left -= len;
    return s;
}

/* A short string: its length first (0xff: NULL). */
static char *short_string(input *in)
{
    uint8_t len = byte(in);
    return len == 0xff ? NULL : string(in, len);
}

/* A block of exactly n bytes (at least one, for malloc), filled with 0x5a. */
static char *block(size_t n)
{
    char *b = malloc(n ? n : 1);
    require(b != NULL, "out of memory");
    memset(b, 0x5a, n ? n : 1);
    return b;
}

/* An error buffer of CK_ERROR_SIZE bytes, or (one time in 8) NULL. */
static char *err_buffer(input *in) { return byte(in) % 8 == 0 ? NULL : block(CK_ERROR_SIZE); }

/* A refusal's err, if given, holds one line of text (an answer leaves it
 * as it was). */
static void said(const char *err, bool refused)
{
    if (err == NULL || !refused)
        return;
    require(memchr(err, '\0', CK_ERROR_SIZE) != NULL, "an err that is not a string");
    require(err[0] != '\0' && strchr(err, '\n') == NULL, "a refusal that says nothing, or more than one line");
}

/* ==================== Positions, games, moves ==================== */

/* The harness's own judgement of a position, apart from the library's
 * code: every square a ck_piece, at[0] empty, a side to move, and the FEN
 * it spells reads (ck_from_fen, the rules of a FEN) as the same position. */
static bool spells_valid(const ck_position *p)
{
    if (p->at[0] != CK_EMPTY || (p->turn != CK_BLACK && p->turn != CK_WHITE))
        return false;
    char fen[8 * CK_FEN_SIZE] = "";
    size_t at = (size_t)snprintf(fen, sizeof fen, "%c", p->turn == CK_WHITE ? 'W' : 'B');
    for (int side = CK_BLACK; side <= CK_WHITE; side++) {
        at += (size_t)snprintf(fen + at, sizeof fen - at, ":%c", side == CK_WHITE ? 'W' : 'B');
        bool first = true;
        for (int n = 1; n <= CK_SQUARES; n++) {
            ck_piece q = p->at[n];
            if (q != CK_EMPTY && q != CK_BLACK && q != CK_WHITE && q != CK_BLACK_KING && q != CK_WHITE_KING)
                return false;
            if (q != CK_EMPTY && (q & 3) == (ck_piece)side) {
                at += (size_t)snprintf(fen + at, sizeof fen - at, "%s%s%d", first ? "" : ",", q & CK_KING ? "K" : "", n);
                first = false;
            }
        }
    }
    ck_position back;
    return ck_from_fen(fen, &back, NULL) && memcmp(&back, p, sizeof back) == 0;
}

/* A position: the start, any values, one read from a FEN in the input, or
 * any values made right (a man on its crowning row crowned, past 12 a side
 * taken off), so that most are positions of the game. */
static ck_position position(input *in)
{
    uint8_t how = byte(in) % 4;
    ck_position p = ck_start();
    if (how == 0)
        return p;
    if (how == 2) {
        char *fen = short_string(in);
        if (fen == NULL || !ck_from_fen(fen, &p, NULL))
            p = ck_start();
        free(fen);
        return p;
    }
    for (int n = 1; n <= CK_SQUARES; n++)
        p.at[n] = piece(in);
    uint8_t t = byte(in);
    p.turn = t < 0xf0 ? (t & 1 ? CK_WHITE : CK_BLACK) : t < 0xff ? (ck_piece)(t - 0xf0) : (ck_piece)int32(in);
    p.at[0] = byte(in) < 0xf8 ? CK_EMPTY : piece(in);
    if (how == 3) {
        int count[3] = {0};
        p.at[0] = CK_EMPTY;
        p.turn = t & 1 ? CK_WHITE : CK_BLACK;
        for (int n = 1; n <= CK_SQUARES; n++) {
            ck_piece q = p.at[n];
            if (q != CK_BLACK && q != CK_WHITE && q != CK_BLACK_KING && q != CK_WHITE_KING) {
                p.at[n] = CK_EMPTY;
                continue;
            }
            if ((q == CK_WHITE && n <= 4) || (q == CK_BLACK && n > 28))
                p.at[n] = (ck_piece)(q | CK_KING);
            if (++count[q & 3] > 12)
                p.at[n] = CK_EMPTY;
        }
    }
    return p;
}

/* Any move of the input's: from, n and the squares as read. */
static ck_move raw_move(input *in)
{
    ck_move m;
    m.from = number(in);
    uint8_t b = byte(in);
    m.n = b < 0xf0 ? b % 15 - 1 : int32(in);
    for (int i = 0; i < CK_MAX_JUMPS; i++)
        m.land[i] = number(in), m.over[i] = byte(in) < 0x80 ? 0 : number(in);
    return m;
}

/* The legal moves of p into moves (malloc'd, *n of them), or NULL if p is
 * refused. */
static ck_move *legal_moves(const ck_position *p, size_t *n)
{
    if (!ck_moves(p, NULL, 0, n, NULL))
        return NULL;
    ck_move *moves = malloc((*n ? *n : 1) * sizeof *moves);
    require(moves != NULL, "out of memory");
    size_t again;
    require(ck_moves(p, moves, *n, &again, NULL) && again == *n, "ck_moves counts two ways");
    return moves;
}

static bool same_move(const ck_move *a, const ck_move *b)
{
    if (a->from != b->from || a->n != b->n || a->n < 1 || a->n > CK_MAX_JUMPS)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->land[i] != b->land[i] || a->over[i] != b->over[i])
            return false;
    return true;
}

/* A move for p: one of its legal moves, as it is or with a field changed,
 * or any move of the input's. */
static ck_move move_for(const ck_position *p, input *in)
{
    size_t n = 0;
    ck_move *moves = legal_moves(p, &n);
    uint8_t how = byte(in);
    ck_move m = raw_move(in);
    if (moves != NULL && n > 0 && how % 4 != 3) {
        ck_move chosen = moves[byte(in) % n];
        int i = byte(in) % CK_MAX_JUMPS;
        switch (how % 4) {
        case 1:
            chosen.land[i] = m.land[i];
            break;
        case 2:
            chosen.over[i] = m.over[i], chosen.n = byte(in) < 0x80 ? chosen.n : m.n;
            break;
        default:
            break;
        }
        m = chosen;
    }
    free(moves);
    return m;
}

/* A game: a position and any quiet count (mostly 0-80). */
static ck_game game(input *in)
{
    ck_game g = {position(in), 0};
    uint8_t q = byte(in);
    g.quiet = q < 0xf0 ? q % 84 - 1 : int32(in);
    return g;
}

static bool game_valid(const ck_game *g) { return spells_valid(&g->pos) && g->quiet >= 0 && g->quiet <= 80; }

/* A move's text as ck_move_text writes it: digits joined by - or x. */
static bool move_text_shape(const char *text)
{
    size_t len = strlen(text);
    if (len < 3 || len >= CK_MOVE_SIZE)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!(text[i] >= '0' && text[i] <= '9') && text[i] != '-' && text[i] != 'x')
            return false;
    return true;
}

/* Does text name m: its from and each landing in turn, squares 1-32, x
 * between them for a capture (over[0] not 0), - for a step? */
static bool names_move(const char *text, const ck_move *m)
{
    if (!move_text_shape(text) || m->n < 1 || m->n > CK_MAX_JUMPS)
        return false;
    char sign = m->over[0] != 0 ? 'x' : '-';
    const char *at = text;
    for (int i = -1; i < m->n; i++) {
        int square = 0, digits = 0;
        for (; *at >= '0' && *at <= '9' && digits < 3; at++, digits++)
            square = square * 10 + (*at - '0');
        if (digits == 0 || square != (i < 0 ? m->from : m->land[i]) || square < 1 || square > CK_SQUARES)
            return false;
        if (*at != (i + 1 < m->n ? sign : '\0'))
            return false;
        at += *at != '\0';
    }
    return true;
}

/* The side that wins when p's side to move has no move. */
static ck_outcome loss_of(const ck_position *p) { return p->turn == CK_WHITE ? CK_BLACK_WINS : CK_WHITE_WINS; }

/* ==================== The harnesses: one a function ==================== */

static void fuzz_version(input *in)
{
    (void)in;
    require(strcmp(ck_version(), CK_VERSION) == 0, "ck_version is not the header's");
}

static void fuzz_start(input *in)
{
    (void)in;
    ck_position p = ck_start();
    require(ck_valid(&p, NULL) && spells_valid(&p), "the start is not valid");
}

static void fuzz_from_fen(input *in)
{
    char *err = err_buffer(in);
    uint8_t null = byte(in);
    char *fen = string(in, in->left);
    ck_position p, was;
    memset(&p, 0x5a, sizeof p), was = p;
    bool ok = ck_from_fen(null == 0xff ? NULL : fen, null == 0xfe ? NULL : &p, err);
    said(err, !ok);
    if (null >= 0xfe)
        require(!ok, "ck_from_fen read with a NULL");
    if (ok) {
        char *text = block(CK_FEN_SIZE);
        ck_position back;
        require(ck_valid(&p, NULL) && spells_valid(&p), "ck_from_fen gives a position ck_valid refuses");
        require(ck_to_fen(&p, text, NULL) && ck_from_fen(text, &back, NULL) && !memcmp(&back, &p, sizeof p),
                "a FEN read does not read back");
        free(text);
    } else
        require(!memcmp(&p, &was, sizeof p), "a refused FEN changed the position");
    free(fen);
    free(err);
}

static void fuzz_to_fen(input *in)
{
    ck_position p = position(in);
    char *err = err_buffer(in), *out = byte(in) == 0xff ? NULL : block(CK_FEN_SIZE);
    bool ok = ck_to_fen(&p, out, err);
    said(err, !ok);
    require(ok == (out != NULL && spells_valid(&p)), "ck_to_fen answers what ck_valid refuses, or the reverse");
    if (ok) {
        ck_position back;
        require(ck_from_fen(out, &back, NULL) && !memcmp(&back, &p, sizeof p), "ck_to_fen's FEN reads otherwise");
    } else if (out != NULL)
        require(out[0] == '\0', "a refused ck_to_fen left its text");
    free(out);
    free(err);
}

static void fuzz_valid(input *in)
{
    ck_position p = position(in);
    char *err = err_buffer(in);
    bool null = byte(in) == 0xff;
    bool ok = ck_valid(null ? NULL : &p, err);
    said(err, !ok);
    require(ok == (!null && spells_valid(&p)), "ck_valid differs from the FEN it spells");
    free(err);
}

static void fuzz_moves(input *in)
{
    ck_position p = position(in), was = p;
    char *err = err_buffer(in);
    uint8_t b = byte(in);
    size_t max = b < 0xf0 ? b % 70 : b == 0xff ? SIZE_MAX : 0;
    ck_move *out = b == 0xfe ? NULL : (ck_move *)block(max == SIZE_MAX ? 0 : max * sizeof *out);
    if (max == SIZE_MAX)
        free(out), out = NULL; /* SIZE_MAX with NULL: refused */
    size_t count = 12345, *n = byte(in) == 0xff ? NULL : &count;
    bool ok = ck_moves(&p, out, max, n, err);
    said(err, !ok);
    require(!memcmp(&p, &was, sizeof p), "ck_moves changed its position");
    bool expect = n != NULL && spells_valid(&p) && (out != NULL || max == 0);
    require(ok == expect, "ck_moves answers what it should refuse, or the reverse");
    if (n != NULL && !ok)
        require(count == 0, "a refused ck_moves left a count");
    if (ok) {
        require(count <= 256, "more moves than a position can have");
        for (size_t i = 0; i < count && i < max; i++) {
            char text[CK_MOVE_SIZE];
            ck_position q = p;
            require(ck_move_text(&out[i], text, NULL) && names_move(text, &out[i]), "a listed move does not write");
            require(ck_play_move(&q, &out[i], NULL) && spells_valid(&q) && q.turn != p.turn,
                    "a listed move does not play");
            q = p;
            require(ck_play(&q, text, NULL), "a listed move's text does not play");
        }
        ck_game g = {p, 0};
        ck_outcome o;
        require(ck_outcome_of(&g, &o, NULL) && (count > 0 ? o == CK_IN_PLAY : o == loss_of(&p)),
                "the moves and the outcome disagree");
    }
    free(out);
    free(err);
}

static void fuzz_move_text(input *in)
{
    ck_position p = position(in);
    ck_move m = move_for(&p, in);
    char *err = err_buffer(in), *out = byte(in) == 0xff ? NULL : block(CK_MOVE_SIZE);
    bool null_move = byte(in) == 0xff;
    bool ok = ck_move_text(null_move ? NULL : &m, out, err);
    said(err, !ok);
    if (ok)
        require(out != NULL && names_move(out, &m), "ck_move_text wrote another move than the one it was given");
    else if (out != NULL)
        require(out[0] == '\0', "a refused ck_move_text left its text");
    size_t n = 0;
    ck_move *moves = legal_moves(&p, &n);
    for (size_t i = 0; moves != NULL && i < n; i++)
        if (same_move(&moves[i], &m) && out != NULL && !null_move)
            require(ok, "ck_move_text refused a legal move");
    free(moves);
    free(out);
    free(err);
}

static void fuzz_play_move(input *in)
{
    ck_position p = position(in), was = p;
    ck_move m = move_for(&p, in);
    char *err = err_buffer(in);
    bool null_move = byte(in) == 0xff;
    bool ok = ck_play_move(&p, null_move ? NULL : &m, err);
    said(err, !ok);
    size_t n = 0;
    bool listed = false;
    ck_move *moves = legal_moves(&was, &n);
    for (size_t i = 0; moves != NULL && i < n; i++)
        listed |= same_move(&moves[i], &m);
    free(moves);
    require(ok == (listed && !null_move), "ck_play_move plays a move ck_moves does not list, or refuses one it does");
    if (ok)
        require(spells_valid(&p) && p.turn != was.turn, "ck_play_move leaves no position of the game");
    else
        require(!memcmp(&p, &was, sizeof p), "a refused ck_play_move changed its position");
    free(err);
}

static void fuzz_play(input *in)
{
    ck_position p = position(in), was = p;
    char *err = err_buffer(in), *move;
    uint8_t how = byte(in);
    size_t n = 0;
    ck_move *moves = legal_moves(&p, &n);
    if (how % 2 == 0 && moves != NULL && n > 0) { /* a legal move's text */
        move = block(CK_MOVE_SIZE);
        require(ck_move_text(&moves[byte(in) % n], move, NULL), "a listed move does not write");
    } else
        move = how == 0xff ? NULL : string(in, in->left);
    bool ok = ck_play(&p, move, err);
    said(err, !ok);
    if (how % 2 == 0 && moves != NULL && n > 0)
        require(ok, "ck_play refused a legal move's text");
    if (ok)
        require(spells_valid(&was) && spells_valid(&p) && p.turn != was.turn, "ck_play played where it should refuse");
    else
        require(!memcmp(&p, &was, sizeof p), "a refused ck_play changed its position");
    free(moves);
    free(move);
    free(err);
}

static void fuzz_outcome_of(input *in)
{
    ck_game g = game(in);
    char *err = err_buffer(in);
    ck_outcome o = (ck_outcome)99;
    bool null_game = byte(in) == 0xff, null_out = byte(in) == 0xff;
    bool ok = ck_outcome_of(null_game ? NULL : &g, null_out ? NULL : &o, err);
    said(err, !ok);
    require(ok == (!null_game && !null_out && game_valid(&g)), "ck_outcome_of answers a game it should refuse");
    if (!ok) {
        require(o == (ck_outcome)99, "a refused ck_outcome_of wrote an outcome");
        free(err);
        return;
    }
    require(o == CK_IN_PLAY || o == CK_BLACK_WINS || o == CK_WHITE_WINS || o == CK_DRAWN, "an outcome out of range");
    size_t n = 0;
    ck_move *moves = legal_moves(&g.pos, &n);
    require(moves != NULL, "a game answered whose position is refused");
    require(n == 0 ? o == loss_of(&g.pos) : o == (g.quiet >= 80 ? CK_DRAWN : CK_IN_PLAY), "the wrong outcome");
    free(moves);
    free(err);
}

static void fuzz_replay(input *in)
{
    ck_game g = game(in), was = g;
    char *err = err_buffer(in);
    uint8_t null = byte(in);
    char *moves = null == 0xff ? NULL : string(in, in->left);
    size_t bad = ck_replay(null == 0xfe ? NULL : &g, moves, err);
    bool refused = bad == CK_REPLAY_REFUSED;
    said(err, bad != 0);
    require(refused == !(moves != NULL && null != 0xfe && game_valid(&was)), "ck_replay refuses the wrong games");
    if (refused)
        require(!memcmp(&g, &was, sizeof g), "a refused ck_replay changed its game");
    else /* the number of a move: at most one a byte */
        require(bad <= strlen(moves) && game_valid(&g), "ck_replay leaves no game, or names a move past the last");
    free(moves);
    free(err);
}

static void fuzz_table_new(input *in)
{
    static const size_t sizes[] = {0, 1, 2, ((size_t)1 << 20) + 1, SIZE_MAX, SIZE_MAX / 2};
    size_t mib = sizes[byte(in) % 6];
    ck_table *t = ck_table_new(mib);
    require((t != NULL) == (mib >= 1 && mib <= 2), "ck_table_new made a table of a size out of range, or none");
    ck_table_free(t);
}

static void fuzz_table_free(input *in) { ck_table_free(byte(in) % 2 ? ck_table_new(1) : NULL); }

/* perft by a walk over ck_moves and ck_play_move. */
static uint64_t walk(const ck_position *p, int depth)
{
    if (depth == 0)
        return 1;
    size_t n = 0;
    ck_move *moves = legal_moves(p, &n);
    require(moves != NULL, "a position refused inside a walk");
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        ck_position q = *p;
        require(ck_play_move(&q, &moves[i], NULL), "a listed move does not play");
        sum += walk(&q, depth - 1);
    }
    free(moves);
    return sum;
}

static void fuzz_perft(input *in)
{
    ck_position p = position(in);
    char *err = err_buffer(in);
    uint8_t d = byte(in), th = byte(in);
    /* depths and threads out of range any way, but only small counts run */
    int depth = d < 0xc0 ? d % 4 : d < 0xf0 ? -(d % 3) - 1 : d < 0xff ? 65 + d % 3 : int32(in);
    int threads = th < 0xc0 ? th % 2 + 1 : th < 0xf0 ? th % 3 - 2 : th < 0xff ? 1025 : int32(in);
    if (depth >= 4 && depth <= 64) /* a count that would run long */
        depth %= 4;
    if (threads >= 3 && threads <= 1024)
        threads = 2;
    ck_table *t = byte(in) % 4 == 0 ? ck_table_new(1) : NULL;
    ck_count c = {7, 7};
    bool null_count = byte(in) == 0xff;
    bool ok = ck_perft(&p, depth, t, threads, null_count ? NULL : &c, err);
    said(err, !ok);
    bool expect = !null_count && spells_valid(&p) && depth >= 0 && depth <= 64 && threads >= 1 && threads <= 1024;
    require(ok == expect, "ck_perft counts what it should refuse, or the reverse");
    if (ok)
        require(c.high == 0 && c.low == walk(&p, depth), "ck_perft differs from the walk");
    else
        require(c.high == 7 && c.low == 7, "a refused ck_perft wrote a count");
    ck_table_free(t);
    free(err);
}

/* c in decimal, by long division of its two halves. */
static void decimal(ck_count c, char out[64])
{
    char digits[64];
    int n = 0;
    do {
        uint64_t rest = c.high % 10, high = c.high / 10;
        /* (rest * 2^64 + low) / 10, in 32-bit pieces */
        uint64_t hi32 = rest << 32 | c.low >> 32, q1 = hi32 / 10, r1 = hi32 % 10;
        uint64_t lo32 = r1 << 32 | (c.low & 0xffffffffu), q0 = lo32 / 10, r0 = lo32 % 10;
        digits[n++] = (char)('0' + r0);
        c = (ck_count){high, q1 << 32 | q0};
    } while (c.high != 0 || c.low != 0);
    for (int i = 0; i < n; i++)
        out[i] = digits[n - 1 - i];
    out[n] = '\0';
}

static void fuzz_count_text(input *in)
{
    ck_count c;
    c.high = (uint64_t)(uint32_t)int32(in) << 32 | (uint32_t)int32(in);
    c.low = (uint64_t)(uint32_t)int32(in) << 32 | (uint32_t)int32(in);
    if (byte(in) == 0xff) {
        ck_count_text(c, NULL);
        return;
    }
    char *out = block(CK_COUNT_SIZE), want[64];
    ck_count_text(c, out);
    decimal(c, want);
    require(strcmp(out, want) == 0, "ck_count_text is not the count");
    free(out);
}

/* ==================== PDN ==================== */

/* A record as ck_pdn_next gives it: each field in range, each text a
 * string within its array, each move legal in turn from the start, the end
 * where the moves lead.  Returns a hash of it. */
static uint64_t record_hash(const ck_record *r)
{
    uint64_t h = 14695981039346656037u;
#define MIX(p, n)                                                                                                      \
    for (size_t k_ = 0; k_ < (n); k_++)                                                                                \
    h = (h ^ ((const unsigned char *)(p))[k_]) * 1099511628211u
    require(r->verdict == CK_RECORD_LEGAL || r->verdict == CK_RECORD_ILLEGAL || r->verdict == CK_RECORD_MALFORMED,
            "a verdict out of range");
    require(memchr(r->number_text, '\0', sizeof r->number_text) && memchr(r->move, '\0', sizeof r->move) &&
                memchr(r->reason, '\0', sizeof r->reason),
            "a record's text that is not a string");
    for (size_t i = 0; i < r->ntags; i++) {
        require(r->tags[i].name != NULL && r->tags[i].value != NULL, "a tag without its strings");
        MIX(r->tags[i].name, strlen(r->tags[i].name) + 1);
        MIX(r->tags[i].value, strlen(r->tags[i].value) + 1);
    }
    require(spells_valid(&r->start) && spells_valid(&r->end.pos), "a record's start or end is refused");
    ck_position p = r->start;
    for (size_t i = 0; i < r->plies; i++) {
        char text[CK_MOVE_SIZE];
        require(ck_move_text(&r->moves[i], text, NULL) && ck_play_move(&p, &r->moves[i], NULL),
                "a record's move that is not legal in turn");
        MIX(text, strlen(text));
    }
    require(!memcmp(&p, &r->end.pos, sizeof p), "a record's end is not where its moves lead");
    ck_outcome o;
    require(ck_outcome_of(&r->end, &o, NULL) && o == r->outcome, "a record's outcome is not its end's");
    if (r->verdict == CK_RECORD_ILLEGAL)
        require(r->ply == r->plies + 1 && r->reason[0] != '\0', "an illegal record without its ply or reason");
    if (r->verdict == CK_RECORD_MALFORMED)
        require(r->plies == 0 && r->reason[0] != '\0', "a malformed record with moves, or without its reason");
    MIX(&r->number, sizeof r->number);
    MIX(&r->line, sizeof r->line);
    MIX(&r->verdict, sizeof r->verdict);
    MIX(&r->plies, sizeof r->plies);
    MIX(&r->start, sizeof r->start);
    MIX(&r->end, sizeof r->end);
    MIX(&r->ply, sizeof r->ply);
    MIX(r->number_text, strlen(r->number_text));
    MIX(r->move, strlen(r->move));
    MIX(r->reason, strlen(r->reason));
    MIX(&r->error_line, sizeof r->error_line);
    MIX(&r->error_column, sizeof r->error_column);
#undef MIX
    return h;
}

/* Every record of a reader, hashed in turn; the reader closed.  Stops
 * after `most` records (closing a reader midway). */
static uint64_t read_all(ck_pdn *rd, size_t most, size_t *records)
{
    uint64_t h = 0;
    ck_record *r = (ck_record *)block(sizeof *r);
    *records = 0;
    while (*records < most && ck_pdn_next(rd, r)) {
        h = h * 31 + record_hash(r);
        ++*records;
        require(r->number == (long)*records, "records numbered out of turn");
    }
    if (ck_pdn_error(rd) != NULL)
        require(!ck_pdn_next(rd, r), "a record after the reader stopped");
    ck_pdn_close(rd);
    free(r);
    return h;
}

/* text[0..len) as a file (fmemopen of no bytes is not portable: one byte,
 * read). */
static FILE *as_file(const char *text, size_t len)
{
    FILE *f = fmemopen((void *)(len ? text : "x"), len ? len : 1, "rb");
    require(f != NULL, "fmemopen failed");
    if (len == 0)
        fgetc(f);
    return f;
}

static void fuzz_pdn_open(input *in)
{
    bool strict = byte(in) & 1;
    size_t len = in->left;
    char *text = string(in, len); /* its own block: ASan sees past its end */
    ck_pdn *whole = ck_pdn_open(text, len, strict);
    require(whole != NULL, "no reader");
    size_t n_whole, n_file;
    uint64_t h_whole = read_all(whole, SIZE_MAX, &n_whole);
    FILE *f = as_file(text, len);
    uint64_t h_file = read_all(ck_pdn_open_file(f, strict), SIZE_MAX, &n_file);
    fclose(f);
    require(n_whole == n_file && h_whole == h_file, "a text read whole and read as a file gives other records");
    free(text);
}

static void fuzz_pdn_open_file(input *in)
{
    bool strict = byte(in) & 1, null = byte(in) == 0xff;
    size_t len = in->left, n;
    char *text = string(in, len);
    FILE *f = null ? NULL : as_file(text, len);
    ck_pdn *rd = ck_pdn_open_file(f, strict);
    require(rd != NULL, "no reader");
    read_all(rd, SIZE_MAX, &n);
    if (f != NULL)
        fclose(f);
    else
        require(n == 0, "records from no file");
    free(text);
}

static void fuzz_pdn_next(input *in)
{
    size_t stop = byte(in) % 8;
    bool null = byte(in) == 0xff;
    size_t len = in->left;
    char *text = string(in, len);
    ck_pdn *rd = ck_pdn_open(null ? NULL : text, len, false);
    require(rd != NULL, "no reader");
    ck_record r;
    size_t n = 0;
    while (n < stop && ck_pdn_next(rd, &r))
        n++;
    if (n == stop) { /* a NULL record stops it, said */
        require(!ck_pdn_next(rd, NULL) && ck_pdn_error(rd) != NULL, "ck_pdn_next took a NULL record");
        require(!ck_pdn_next(rd, &r), "a record after a NULL one");
    }
    require(!ck_pdn_next(NULL, &r), "ck_pdn_next read no reader");
    ck_pdn_close(rd);
    free(text);
}

static void fuzz_pdn_error(input *in)
{
    require(!strcmp(ck_pdn_error(NULL), "reader: NULL"), "ck_pdn_error of no reader");
    size_t len = in->left, n;
    char *text = string(in, len);
    ck_pdn *rd = ck_pdn_open(text, len, true);
    require(rd != NULL && ck_pdn_error(rd) == NULL, "a new reader with an error");
    read_all(rd, SIZE_MAX, &n);
    free(text);
}

static void fuzz_pdn_close(input *in)
{
    ck_pdn_close(NULL);
    size_t most = byte(in) % 4, len = in->left, n;
    char *text = string(in, len);
    read_all(ck_pdn_open(text, len, false), most, &n); /* closed after most records, whatever is left */
    free(text);
}

/* ==================== The challenge's question ==================== */

static void fuzz_is_legal(input *in)
{
    ck_position p = position(in);
    int from = number(in), to = number(in);
    uint8_t r = byte(in);
    ck_rule rule = r < 0xf0 ? (ck_rule)(r % 2) : r < 0xff ? (ck_rule)(r - 0xf0) : (ck_rule)int32(in);
    char *err = err_buffer(in);
    bool ok = ck_is_legal(&p, from, to, rule, err);
    bool board = p.at[0] == CK_EMPTY, good_rule = rule == CK_RULE_CHALLENGE || rule == CK_RULE_ENGLISH;
    for (int n = 1; n <= CK_SQUARES; n++) {
        ck_piece q = p.at[n];
        board &= q == CK_EMPTY || q == CK_BLACK || q == CK_WHITE || q == CK_BLACK_KING || q == CK_WHITE_KING;
    }
    if (err != NULL)
        require(memchr(err, '\0', CK_ERROR_SIZE) && (err[0] == '\0') == (board && good_rule),
                "ck_is_legal refuses the wrong questions");
    if (!(board && good_rule))
        require(!ok, "ck_is_legal answered a refused question");
    /* In a position of the game with white to move, the rulebook's answer is the move list's. */
    p.turn = CK_WHITE;
    size_t n = 0;
    ck_move *moves = spells_valid(&p) ? legal_moves(&p, &n) : NULL;
    if (moves != NULL) {
        bool listed = false;
        for (size_t i = 0; i < n; i++)
            listed |= moves[i].from == from && moves[i].land[moves[i].n - 1] == to;
        require(ck_is_legal(&p, from, to, CK_RULE_ENGLISH, NULL) == listed, "ck_is_legal differs from ck_moves");
    }
    free(moves);
    free(err);
}

/* ==================== The table ==================== */

static const struct {
    const char *function;
    void (*fuzz)(input *);
} harnesses[] = {
    {"ck_version", fuzz_version},         {"ck_start", fuzz_start},
    {"ck_from_fen", fuzz_from_fen},       {"ck_to_fen", fuzz_to_fen},
    {"ck_valid", fuzz_valid},             {"ck_moves", fuzz_moves},
    {"ck_move_text", fuzz_move_text},     {"ck_play_move", fuzz_play_move},
    {"ck_play", fuzz_play},               {"ck_outcome_of", fuzz_outcome_of},
    {"ck_replay", fuzz_replay},           {"ck_table_new", fuzz_table_new},
    {"ck_table_free", fuzz_table_free},   {"ck_perft", fuzz_perft},
    {"ck_count_text", fuzz_count_text},   {"ck_pdn_open", fuzz_pdn_open},
    {"ck_pdn_open_file", fuzz_pdn_open_file}, {"ck_pdn_next", fuzz_pdn_next},
    {"ck_pdn_error", fuzz_pdn_error},     {"ck_pdn_close", fuzz_pdn_close},
    {"ck_is_legal", fuzz_is_legal},
};
enum { HARNESSES = sizeof harnesses / sizeof harnesses[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    input in = {data + 1, size - 1};
    harnesses[data[0] % HARNESSES].fuzz(&in);
    return 0;
}
