/* checkers.h - English checkers as a C library: the one header an engine
 * includes.  Every name it defines starts with ck_ or CK_, so it sits beside
 * an engine's own board, move and perft.
 *
 *     #include <checkers.h>
 *     cc engine.c $(pkg-config --cflags --libs checkers)
 *
 * The rules are the WCDF's (reference/README.md cites them): black moves
 * first, down the board toward 32; white up, toward 1; capture is mandatory
 * for the side, any complete chain may be chosen; a man crowned by a jump
 * stops there; 40 moves each without a man moving or a capture draw.
 *
 * Squares are numbered 1-32, four a row, square 1 at the top.  Text is PDN:
 * a position is a FEN (B:W21-32:B1-12), a move 11-15 or 27x18x11.  Nothing
 * here prints; a function that can fail returns false (or a count) and
 * writes why into a buffer of the caller, CK_ERROR_SIZE bytes.
 *
 * Running out of memory never ends the program: the functions that
 * allocate (ck_from_fen, ck_moves, ck_play_move, ck_play, ck_replay,
 * ck_perft, ck_table_new, ck_pdn_open, ck_pdn_open_file, ck_pdn_next) fail
 * as they say below, with CK_OUT_OF_MEMORY as the reason, and leak nothing.
 *
 * Nothing it is given is trusted: every function checks its arguments
 * before it uses them, and refuses what it cannot answer for, with why in
 * err (which may be NULL everywhere): a position ck_valid refuses, a game
 * whose quiet count is not 0-80, a ck_move that is not a move's shape
 * (ck_move_text) or not a legal move (ck_play_move), a ck_rule out of
 * range, a NULL where a pointer is needed.  A refusing function returns
 * false (ck_replay CK_REPLAY_REFUSED, a reader its ck_pdn_error), writes ""
 * to a text it was to write, and changes nothing else.  No function reads
 * or writes outside its arguments: a buffer is the size its parameter
 * says, a struct the size of its type. */
#ifndef CK_CHECKERS_H
#define CK_CHECKERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version: 0.3.0 (0.3: every function refuses what it
 * cannot answer for: ck_to_fen, ck_moves, ck_move_text, ck_play_move,
 * ck_outcome_of and ck_is_legal take err; ck_to_fen, ck_move_text,
 * ck_play_move and ck_outcome_of return whether they answered, ck_replay
 * may return CK_REPLAY_REFUSED; 0.2: running out of memory is a status).
 * The soname's number is the major one, and the minor too while the major
 * is 0. */
#define CK_VERSION_MAJOR 0
#define CK_VERSION_MINOR 3
#define CK_VERSION_PATCH 0
#define CK_VERSION "0.3.0"

/* What the library marks as its interface (the rest stays inside it). */
#if defined(__GNUC__)
#define CK_API __attribute__((visibility("default")))
#else
#define CK_API
#endif

/* The pointers a function needs are marked, so that a compiler that sees a
 * NULL passed there warns (gcc and clang, -Wnonnull, on in -Wall); the
 * library refuses such a NULL all the same.  Define CK_NO_NONNULL before
 * including checkers.h to leave the marks out (a test that passes NULL on
 * purpose, or the library's own build, whose checks of NULL must stay). */
#if defined(__GNUC__) && !defined(CK_NO_NONNULL)
#define CK_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#else
#define CK_NONNULL(...)
#endif

/* The version of the library linked, which may be newer than the header's
 * (a shared library updated under the program): ck_version() is "0.3.0". */
CK_API const char *ck_version(void);

/* The reason a function gives when there was no memory for its work:
 * strcmp(reason, CK_OUT_OF_MEMORY) == 0 tells it from an illegal move. */
#define CK_OUT_OF_MEMORY "out of memory"

/* ==================== Positions ==================== */

/* Room for: a message (CK_ERROR_SIZE); any FEN ck_to_fen writes; any move
 * ck_move_text writes; a count of ck_perft in decimal (2^128 has 39 digits). */
enum { CK_SQUARES = 32, CK_MAX_JUMPS = 12, CK_ERROR_SIZE = 256, CK_FEN_SIZE = 136, CK_MOVE_SIZE = 40,
       CK_COUNT_SIZE = 41 };

/* What stands on a square: a side's bit, CK_BLACK or CK_WHITE, and CK_KING
 * for a king.  CK_EMPTY, CK_BLACK and CK_WHITE are 0, 1 and 2. */
typedef enum {
    CK_EMPTY = 0,
    CK_BLACK = 1,
    CK_WHITE = 2,
    CK_KING = 4,
    CK_BLACK_KING = CK_BLACK | CK_KING,
    CK_WHITE_KING = CK_WHITE | CK_KING
} ck_piece;

/* A position: what stands on each square 1..32 (at[0] unused), and the
 * side to move, CK_BLACK or CK_WHITE.  Build one by hand or from a FEN. */
typedef struct {
    ck_piece at[CK_SQUARES + 1];
    ck_piece turn;
} ck_position;

/* The start: black men on 1-12, white men on 21-32, black to move.
 * ck_start().at[1] == CK_BLACK, ck_start().at[21] == CK_WHITE. */
CK_API ck_position ck_start(void);

/* Reads a FEN as PDN files and users write it: "B:W21-32:B1-12" is the
 * start; "W:WK13,30:B9,10,17,18" white to move with a king on 13.  Lenient
 * as the CLI's: spaces around it, a trailing dot, lowercase, fields past
 * the two colours.  False with the fault, by column, in err:
 * ck_from_fen("B:W5:B5", &p, err) gives "fen, column 7: square 5 is both
 * white and black"; without memory, false and CK_OUT_OF_MEMORY. */
CK_API CK_NONNULL(1, 2) bool ck_from_fen(const char *fen, ck_position *pos, char err[CK_ERROR_SIZE]);

/* Writes pos as a canonical FEN (white's field first, squares ascending):
 * the start is "B:W21,22,...,32:B1,2,...,12".  False, out "", for a
 * position ck_valid refuses. */
CK_API CK_NONNULL(1, 2) bool ck_to_fen(const ck_position *pos, char out[CK_FEN_SIZE], char err[CK_ERROR_SIZE]);

/* Is pos one the rules can stand on: pieces on 1-32 only (at[0] is
 * CK_EMPTY), none but those of ck_piece, no man on the row where it would
 * have been crowned, at most 12 a side, turn CK_BLACK or CK_WHITE?  False
 * with the fault in err.  ck_valid(&start, err); with a white man on 3,
 * not: "square 3: a white man on 3 would have been crowned (white men
 * crown on 1-4): CK_WHITE_KING is a king".  Every function that takes a
 * position refuses, with this reason, what ck_valid refuses. */
CK_API CK_NONNULL(1) bool ck_valid(const ck_position *pos, char err[CK_ERROR_SIZE]);

/* ==================== Moves ==================== */

/* A move: from `from`, landing on land[0..n) in turn, the last its end.  A
 * step has n == 1 and over[0] == 0; a capture's over[i] is the piece taken
 * on the way to land[i]. */
typedef struct {
    int from, n;
    int land[CK_MAX_JUMPS], over[CK_MAX_JUMPS];
} ck_move;

/* The legal moves of pos's side to move: its captures if it has any (every
 * chain, each path a move of its own), else its steps; pieces in square
 * order.  Writes the first `max` into out (which may be NULL when max is
 * 0) and how many there are into *count (call again with more room if it
 * is more than max); false (and *count 0) if pos is refused or there was
 * no memory to list them.  From the start, ck_moves(&p, out, 16, &n, err)
 * gives n == 7, 9-13 first and 12-16 last; n == 0 when the side to move
 * has lost. */
CK_API CK_NONNULL(1, 4) bool ck_moves(const ck_position *pos, ck_move *out, size_t max, size_t *count,
                                      char err[CK_ERROR_SIZE]);

/* Writes m with every landing: "11-15", "27x18x11x4".  False, out "", if
 * m is not a move's shape: n 1-12, from and every landing a square 1-32; a
 * step (over[0] == 0) lands once on a diagonal neighbour; a capture's
 * over[i] is the square between its landings.  (It needs no position: a
 * move of that shape is written, legal or not.) */
CK_API CK_NONNULL(1, 2) bool ck_move_text(const ck_move *m, char out[CK_MOVE_SIZE], char err[CK_ERROR_SIZE]);

/* Plays m if it is one of ck_moves(pos) (from, n, and land and over up to
 * n, the same): the pieces taken come off, a man ending on the far row is
 * crowned, the other side is to move.  Else false, pos as it was. */
CK_API CK_NONNULL(1, 2) bool ck_play_move(ck_position *pos, const ck_move *m, char err[CK_ERROR_SIZE]);

/* Plays the move written `move` (PDN: every landing, or a capture's two ends
 * when they name one capture; read as the game command reads moves, so
 * "11x15" is a step and "1. 11-15" the same move) if it is legal in pos; else false, pos as it
 * was, and why in reason (CK_OUT_OF_MEMORY if there was no memory to
 * decide).  From the start, ck_play(&p, "11-15", reason); not "22-18" ("22
 * holds a white man, and black is to move"). */
CK_API CK_NONNULL(1, 2) bool ck_play(ck_position *pos, const char *move, char reason[CK_ERROR_SIZE]);

/* ==================== Games ==================== */

/* How a game stands: a side with no move has lost; 80 single moves (40
 * each) without a man moving or a piece taken are a draw. */
typedef enum { CK_IN_PLAY, CK_BLACK_WINS, CK_WHITE_WINS, CK_DRAWN } ck_outcome;

/* A game: the position, and the single moves since a man moved or a piece
 * was taken (0 at a position given: what came before it is unknown). */
typedef struct {
    ck_position pos;
    int quiet;
} ck_game;

/* How g stands, into *outcome (it allocates nothing); false for a game
 * refused (its position, or quiet not 0-80).  From the start, CK_IN_PLAY;
 * "W:W5:B1" (white to move, blocked), CK_BLACK_WINS. */
CK_API CK_NONNULL(1, 2) bool ck_outcome_of(const ck_game *g, ck_outcome *outcome, char err[CK_ERROR_SIZE]);

/* What ck_replay returns for a game or arguments it refuses: no move
 * tried, g as it was. */
#define CK_REPLAY_REFUSED ((size_t)-1)

/* Plays the moves of `moves`, separated by spaces or commas ("11-15 22-18
 * 15x22"; move numbers, marks and a last result are skipped, so PDN movetext
 * pasted as it is reads), from g in turn, as ck_play does, a move after the game's end illegal.
 * Returns 0 if every one was played; else the number (from 1) of the first
 * that is malformed or illegal (or that there was no memory to play:
 * reason CK_OUT_OF_MEMORY), g left where it was tried, and why in reason;
 * or CK_REPLAY_REFUSED.  From the start, "11-15 22-18 15x22 26x17" gives 0
 * and quiet 0; "11-15 11-16" gives 2 ("there is no piece on 11"). */
CK_API CK_NONNULL(1, 2) size_t ck_replay(ck_game *g, const char *moves, char reason[CK_ERROR_SIZE]);

/* ==================== Perft ==================== */

/* A count, exact to 2^128 - 1: high * 2^64 + low. */
typedef struct {
    uint64_t high, low;
} ck_count;

/* A transposition table for ck_perft, shared by its threads, of mib MiB
 * (1 to 2^20); NULL out of that range or if there is no memory for it.
 * ck_table_new(256) is 256 MiB, the CLI's default. */
typedef struct ck_table ck_table;
CK_API ck_table *ck_table_new(size_t mib);
CK_API void ck_table_free(ck_table *t);

/* The move sequences of `depth` (0-64) moves from pos, every capture path
 * counted (as the published counts are), with table t (or NULL) on
 * `threads` threads (1-1024).  False, with why in err, if the arguments
 * are refused or out of range, the count would pass 2^128 - 1, or there is
 * no memory (CK_OUT_OF_MEMORY).  From the start,
 * ck_perft(&p, 3, NULL, 1, &c, err) gives c == {0, 302}; depth 11,
 * 85242128. */
CK_API CK_NONNULL(1, 5) bool ck_perft(const ck_position *pos, int depth, ck_table *t, int threads, ck_count *count,
                                      char err[CK_ERROR_SIZE]);

/* c in decimal: {0, 302} is "302" (every count fits). */
CK_API CK_NONNULL(2) void ck_count_text(ck_count c, char out[CK_COUNT_SIZE]);

/* ==================== PDN files ==================== */

/* A record's verdict. */
typedef enum {
    CK_RECORD_LEGAL,     /* every move legal */
    CK_RECORD_ILLEGAL,   /* a move illegal: the first one in ply, move, reason */
    CK_RECORD_MALFORMED  /* not PDN (or not English checkers): error_line, error_column, reason */
} ck_verdict;

/* A tag pair, its value unescaped: [Event "Open"] is {"Event", "Open"}. */
typedef struct {
    const char *name, *value;
} ck_tag;

/* One record of a PDN file, replayed by the rules.  Its pointers belong to
 * the reader and live until its next ck_pdn_next or ck_pdn_close. */
typedef struct {
    long number;              /* from 1, in file order */
    long line;                /* where it starts */
    const ck_tag *tags;       /* in file order */
    size_t ntags;
    ck_verdict verdict;
    ck_position start;        /* its [FEN], or the start */
    const ck_move *moves;     /* the moves played: all, or those before the illegal one */
    size_t plies;
    ck_game end;              /* after the last move played */
    ck_outcome outcome;       /* of `end` */
    size_t ply;               /* illegal: its ply, from 1 */
    char number_text[32];     /* illegal: its move number as written ("12.", "12..."), else "(12.)" */
    char move[CK_MOVE_SIZE];  /* illegal: the move as written, cut at 39 bytes */
    long error_line;          /* malformed: where */
    int error_column;
    char reason[CK_ERROR_SIZE + 32]; /* illegal or malformed: why */
} ck_record;

/* A reader of PDN records, one at a time (tags, numbers, comments,
 * variations skipped, results, CRLF, a byte-order mark: as `reference pdn`
 * reads them).  strict: no lenient reading of moves (10x14 for a step). */
typedef struct ck_pdn ck_pdn;

/* A reader over text[0..len) (copied; text may be NULL when len is 0);
 * NULL if there is no memory for it.  ck_pdn_open(pdn, strlen(pdn),
 * false).  A NULL text with a length gives a reader that refuses:
 * ck_pdn_next false at once, ck_pdn_error why. */
CK_API ck_pdn *ck_pdn_open(const char *text, size_t len, bool strict);

/* A reader over the file in, read a record at a time as ck_pdn_next goes:
 * its memory is that of the longest record, not of the file (a 100 MB
 * archive needs no 100 MB).  in stays the caller's, open until
 * ck_pdn_close.  NULL if there is no memory for it.  With in =
 * fopen("games.pdn", "rb"): ck_pdn_open_file(in, false), the records, then
 * ck_pdn_close and fclose(in).  A NULL in gives a reader that refuses,
 * as ck_pdn_open's. */
CK_API CK_NONNULL(1) ck_pdn *ck_pdn_open_file(FILE *in, bool strict);

/* The next record into *r; false after the last, or when reading must
 * stop (ck_pdn_error says why: a NULL r stops it too).
 * "[Event \"x\"]\n11-15 22-18 *" gives one record, CK_RECORD_LEGAL, 2
 * plies, tag Event "x". */
CK_API CK_NONNULL(1, 2) bool ck_pdn_next(ck_pdn *p, ck_record *r);

/* Why ck_pdn_next returned false: NULL at the end of the records, else
 * the reason reading stopped: CK_OUT_OF_MEMORY, "reading the file failed"
 * (ferror on the file), or an argument refused.  No record is given after
 * it.  For a NULL p, "reader: NULL". */
CK_API CK_NONNULL(1) const char *ck_pdn_error(const ck_pdn *p);

CK_API void ck_pdn_close(ck_pdn *p);

/* ==================== The challenge's question ==================== */

/* How far "capture is mandatory" reaches. */
typedef enum {
    CK_RULE_CHALLENGE, /* the challenge's wording: a mover that can jump must jump */
    CK_RULE_ENGLISH    /* the rulebook: if any white piece can jump, it must be a capture */
} ck_rule;

/* Is moving the white piece on `from` to `to` legal under rule r?  The
 * challenge's board may be no game's: pos's turn is ignored (white moves),
 * and any number of pieces may stand anywhere, but every square must hold
 * a ck_piece (at[0] CK_EMPTY) and r must be a ck_rule, else false with why
 * in err; err is "" when the question is answered.  With black on 6, 7 and
 * white on 10: ck_is_legal(&p, 10, 1, r, err) and (10, 3); not (10, 10),
 * not (6, 2), not (10, 33).  With white also on 30: (30, 26) under
 * CK_RULE_CHALLENGE, not CK_RULE_ENGLISH. */
CK_API CK_NONNULL(1) bool ck_is_legal(const ck_position *pos, int from, int to, ck_rule r, char err[CK_ERROR_SIZE]);

#ifdef __cplusplus
}
#endif

#endif
