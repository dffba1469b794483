/* command.h - what the front door (main.c) hands a command, and each
 * command's entry point.  The front door reads the command line once, by
 * one table of options, into a request; a command's work lives in its own
 * file, cmd_NAME.c, which reads the request and nothing else of argv.
 *
 * A new option: an OPT_ id here, a row in main.c's table, a line in the
 * command's help; the command reads r->given[OPT_...] or r->number[...].
 * A new command: an entry point here, a row in main.c's commands, and its
 * file cmd_NAME.c. */
#ifndef COMMAND_H
#define COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "moves.h"
#include "rules.h"

/* Every option, in the order the front door refuses those a command does
 * not take (main.c, `options`). */
typedef enum {
    OPT_HELP, /* -h, --help */
    OPT_RULE,
    OPT_EXPLAIN,
    OPT_MOVES,
    OPT_DIVIDE,
    OPT_SHOW,
    OPT_LEGEND,
    OPT_STATS,
    OPT_SUM,
    OPT_HASH,
    OPT_HASH_ENTRIES,
    OPT_THREADS,
    OPT_SPLIT,
    OPT_STRICT,
    OPT_NOTES,
    OPT_PLIES,
    OPT_WRITE,
    OPT_END, /* --: the rest are words */
    OPTIONS
} option_id;

/* A command line, read. */
typedef struct {
    const char *name;          /* the command: "moves", ...; "" for the question */
    bool given[OPTIONS];       /* each option given */
    size_t number[OPTIONS];    /* a number option's value */
    rule rule;                 /* --rule's value (RULE_CHALLENGE unless given) */
    const char *const *word;   /* the words after the command's name, in order */
    int words;
} request;

/* The FEN argument arg (read_fen: the lenient reader) into *pos; false,
 * with the fault on stderr, if it is malformed.  What it ignored is said on
 * stderr too ("reference: fen: ignored ..."). */
bool fen_argument(const char *arg, position *pos);

/* The exit status once the answer is out: 1 if reading stdin or writing
 * stdout failed (a full disk, a closed pipe), said with the program's name
 * (once: the failure is then cleared), else status.  The front door ends
 * every command here, --help included. */
int written(int status);

/* ==================== The commands (cmd_NAME.c) ==================== */

/* Each returns the exit status; the front door then checks that standard
 * input was read and standard output written (written(), main.c). */
int question_command(const request *r); /* cmd_question.c: BLACK WHITE FROM TO, or lines */
int moves_command(const request *r);    /* cmd_moves.c: moves [FEN] */
int perft_command(const request *r);    /* cmd_perft.c: perft FEN DEPTH, lines, --sum */
int game_command(const request *r);     /* cmd_game.c: game */
int pdn_command(const request *r);      /* cmd_pdn.c: pdn [FILE...] */

/* Their help, --help's text. */
void question_usage(FILE *out); /* main.c: every command but perft's and pdn's details */
void perft_usage(FILE *out);
void pdn_usage(FILE *out);

/* ==================== Batches, for the tests' drivers too ==================== */

/* `game`: lines "FEN<TAB>moves separated by spaces" (columns past the second
 * ignored; blank and # lines skipped) to EOF, one answer line for each:
 * "legal<TAB>final FEN<TAB>quiet N/80" with "<TAB>white wins", "black wins"
 * or "draw" when the game is over; "illegal<TAB>N<TAB>move<TAB>reason" for
 * the first illegal move (N from 1); "error" for a malformed line, with
 * "line N: <field>, column C: <what>" on stderr.  With show, each answer is
 * followed by the board (the final one, or the one the illegal move was
 * tried on), indented.  Returns 2 if a line was malformed, else 0 (1 if
 * reading or writing failed, left to the caller to report). */
int run_games(FILE *in, FILE *out, bool show);

/* `moves` over standard input: a FEN a line (read_fen; blank and # lines
 * skipped), each answered by "FEN<TAB>N moves" (the FEN as write_fen writes
 * it), then with show the board, then its moves as print_moves writes them,
 * indented by two spaces.  Exit status as run_games'. */
int run_moves(FILE *in, FILE *out, bool show);

/* The legal moves of pos, one a line after `indent`, every landing written;
 * "none: black has no move, white wins" when there are none. */
void print_moves(const position *pos, const char *indent, FILE *out);

#endif
