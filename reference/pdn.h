/* pdn.h - reading PDN game files as checkers programs write them: many
 * records a file, tag pairs, numbered moves, comments, variations, results,
 * each move read once into squares; pdn_replay.h replays each record by the
 * rules of game.h.  Nothing here prints: the pdn command's answers are
 * pdn_answer.h's.
 *
 * A record is its tags ([Event "..."], [FEN "..."], ...) and its movetext up
 * to a result (1-0, 0-1, 1/2-1/2, *, or the old 2-0, 0-2, 1-1, 0-0) or the
 * next tag.  Skipped as PDN allows: move numbers (1. 1... 1.11-15), comments
 * {...}, % lines, ; to the end of the line, variations (...) (skipped, not
 * checked), NAGs ($1) and marks (! ? !? ?!), CRLF, a UTF-8 byte-order mark.
 *
 * Leniency (off with strict): a step written with x or a capture with -, a
 * capture's landings joined by both signs, a move written without a sign
 * (1118), and a capture given by two ends that name several captures, when
 * exactly one of them lets the rest of the record replay legally.  Each is
 * counted, and listed on request. */
#ifndef PDN_H
#define PDN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "moves.h"
#include "notation.h"

/* ==================== Records ==================== */

/* A move as the file writes it, read once into squares (read_move). */
typedef struct {
    size_t at, len;   /* its text */
    written_move m;   /* as read */
    char number[24];  /* the move number as written: "12." or "12...", or "" */
} pdn_word;

/* A tag pair: where its name and value are in the text. */
typedef struct {
    size_t name_at, name_len, value_at, value_len;
    long line;
    int col, value_col; /* of its [ and of its value's first character */
} pdn_tag;

/* A record keeps at most this many moves: no game of English checkers has
 * more plies.  At most 168 + 24 = 192 plies take a piece or move a man,
 * and so make progress (a man moves only forward: 24 men, 7 rows each, 168
 * moves), and 79 other plies at most before each (the 80th is a draw:
 * game.h), 80 after the last: 15,632 plies in all.  A record longer
 * than this is illegal by the draw before its moves run out, so the rest
 * need not be kept (they are read, for their faults). */
enum { PDN_MAX_PLIES = 16384 };

/* A record of more tags than this is malformed (real files have ten or so):
 * its memory stays near its own size. */
enum { PDN_MAX_TAGS = 1000 };

/* A record: its tags and moves as read, or the first fault in it. */
typedef struct {
    long first_line;
    size_t from, to; /* its text: from the end of the record before it to its last token's end */
    pdn_tag *tags;
    size_t ntags, tag_cap;
    pdn_word *words;
    size_t nwords, word_cap;
    int result; /* result_index (notation.h) of its result, or -1 */
    bool in_movetext;
    bool bad;
    long bad_line;
    int bad_col;
    char bad_what[NOTATION_ERROR_SIZE + 32];
    size_t number_at, number_len; /* the last move number token */
    int after_number;             /* moves since it */
    bool out_of_memory;           /* a tag, a move or its FEN found no memory: the record is incomplete */
    bool dropped;                 /* moves past PDN_MAX_PLIES, read but not kept */
} pdn_record;


/* Is g the tag named name?  The first of r's tags named name, or NULL. */
bool pdn_tag_is(const char *text, const pdn_tag *g, const char *name);
const pdn_tag *pdn_find_tag(const char *text, const pdn_record *r, const char *name);

/* Calls each(ctx, ply, comment, len) for every comment of record r (in
 * `text`, the one it was read from), in order, ply the number of moves
 * before it: the text of a {...} comment and of a ; comment, and text glued
 * to a move (8-11Redoverstepped...: read as a comment).  Variations and %
 * lines are not comments kept. */
typedef void pdn_comment_fn(void *ctx, size_t ply, const char *comment, size_t len);
void pdn_comments(const char *text, const pdn_record *r, pdn_comment_fn *each, void *ctx);

/* The records of a PDN text, one at a time, in file order: a text given
 * whole (copied), or a file read a line at a time through the one line
 * loop (batch.h: its CRLF line ends and # comment lines are nothing to a
 * record).  From a file, the text held is the record being read and the
 * lines read past it, so its memory is the longest record's, not the
 * file's.  strict: positions and moves only as notation.h writes them. */
typedef struct pdn_stream pdn_stream;
pdn_stream *pdn_stream_text(const char *text, size_t len, bool strict);
pdn_stream *pdn_stream_file(FILE *in, bool strict);

/* The next record into *r (reused: keep nothing of it), and the text its
 * offsets point into, *text, valid until the next call; false after the
 * last, or when reading stopped (pdn_stream_error says why). */
bool pdn_stream_next(pdn_stream *s, pdn_record **r, const char **text);

/* NULL at the end, OUT_OF_MEMORY (each record's r->out_of_memory too), or
 * "reading the file failed" (errno says why). */
const char *pdn_stream_error(const pdn_stream *s);

void pdn_stream_free(pdn_stream *s);

/* The number of the move at ply `stop` (from 0) as written ("12." or
 * "12..."), or in brackets the one it would have, first being the side that
 * moved first: "(12...)". */
void pdn_move_number(const pdn_word *w, size_t stop, piece first, char number[32]);

/* The record's start: its [FEN] (read_fen, strictly or not; what it
 * ignored in note, else ""), or the start of the game.  False, with the fault set in r, for a
 * malformed FEN or a GameType other than 21 (English checkers); false with
 * r->out_of_memory if there was no memory to read the FEN. */
bool pdn_start(const char *text, pdn_record *r, bool strict, position *start, char note[FEN_NOTE_SIZE]);

#endif
