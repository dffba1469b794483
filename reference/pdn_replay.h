/* pdn_replay.h - a PDN record (pdn.h) replayed: its moves played by the
 * rules of game.h, with the leniency real files need, each reading told. */
#ifndef PDN_REPLAY_H
#define PDN_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "pdn.h"

/* How a move was read, when not as notation.h reads it. */
enum {
    READ_X_STEP = 1,       /* a step written with x */
    READ_DASH_CAPTURE = 2, /* a capture written with - */
    READ_MIXED = 4,        /* a capture's landings joined by both signs */
    READ_UNSIGNED = 8,     /* two squares without a sign: 1118 */
    READ_RESOLVED = 16,    /* two ends naming several captures, told apart by the rest of the game */
    READ_GLUED = 32        /* text glued to the move's end, read as a comment */
};


/* A record replayed: ok if every move was legal; the ply it stopped on
 * (r->nwords when ok), why, and the game then; each move played as read,
 * and how (READ_ flags, 0 for as notation.h reads it).  out_of_memory: the
 * replay stopped for want of memory (not ok, and no verdict on the record). */
typedef struct {
    bool ok, out_of_memory;
    size_t stop;
    char reason[REASON_SIZE];
    game end;
    move *played;
    unsigned *how;
} pdn_replay;

/* Replays r's moves from start into *out (free with pdn_replay_free).
 * Leniently, a move that names several legal moves is each of them tried
 * with the rest of the record: the one reading that replays to the end wins. */
void pdn_replay_record(const pdn_record *r, const position *start, bool strict, pdn_replay *out);
void pdn_replay_free(pdn_replay *rp);

#endif
