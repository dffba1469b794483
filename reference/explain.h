/* explain.h - a question answered in words: the legal moves of the man with
 * their paths, the reason a move is not legal, and the whole printed answer
 * (verdict line first, details after it, indented). */
#ifndef EXPLAIN_H
#define EXPLAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "line.h"
#include "moves.h"
#include "rules.h"

/* Appends to out the legal moves of the man on `from` under r: its steps
 * (left, then right) or its jump chains (left branches first), never both.
 * They come from the move generator (piece_moves), and is_legal has the last
 * word on each, so the ends listed are exactly the `to` that is_legal
 * accepts.  With black on 6 and white on 9: one move, the jump 9 x6 -> 2. */
void legal_moves(const board *b, int from, rule r, move_list *out);

/* Prints a move as "step 9 -> 5" or "jump 17 x14 -> 10 x7 -> 3" (x: taken). */
void print_path(const move *m, FILE *out);

/* Why a move is not legal: the first of these that applies, in this order. */
typedef enum {
    LEGAL,
    NOT_WHITE,         /* no white man on `from` */
    OFF_BOARD,         /* `to` is no square 1-32 */
    SAME_SQUARE,       /* to == from */
    END_TAKEN,         /* a piece stands on `to` */
    BACKWARD,          /* `to` is on a lower row */
    SIDEWAYS,          /* `to` is on the same row */
    CHAIN_GOES_ON,     /* a chain lands on `to` but must jump on from there */
    MUST_CAPTURE,      /* a step, but the man itself can jump */
    SIDE_MUST_CAPTURE, /* english: a step, but another white man can jump */
    JUMP_OVER_NOTHING, /* two squares along a diagonal, nothing in between */
    JUMP_OVER_WHITE,   /* two squares along a diagonal, white in between */
    JUMP_OFF_BOARD,    /* two rows up, as if a jump off the edge wrapped round */
    NOT_NEIGHBOUR,     /* one row up, but not diagonally next to `from` */
    NO_CHAIN_ENDS,     /* the man can jump, but no chain of its ends on `to` */
    OUT_OF_REACH,      /* the man cannot jump, and `to` is past a step */
    UNEXPLAINED        /* none of the above: would mean the rules drifted */
} reason_kind;

typedef struct {
    reason_kind kind;
    int over; /* the square jumped over, for the JUMP_ kinds */
} reason;

/* Why from -> to is not legal under r; kind LEGAL if it is legal. */
reason why_not(const board *b, int from, int to, rule r);

/* Prints the reason as one plain sentence, no newline (the kind already
 * says which reading forbade the move). */
void print_reason(const board *b, int from, int to, reason why, FILE *out);

/* What to print besides the verdict. */
typedef struct {
    rule r;
    bool show;    /* the board, as a diagram */
    bool legend;  /* the square numbers beside the board */
    bool explain; /* the path(s) of a legal move, or why it is illegal */
    bool moves;   /* every legal move of the man */
} answer_options;

/* Prints the answer to q: "true" or "false" on the first line, then what the
 * options ask for, in the order board, explanation, moves, each line
 * indented by two spaces.  An answer_fn for run_lines (ctx: answer_options). */
void print_answer(const question *q, void *options, FILE *out);

#endif
