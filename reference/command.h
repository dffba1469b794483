/* command.h - what the front door (main.c) hands a command, and what the
 * commands share.  The front door reads the command line once, by one table
 * of options, into a request; a command's work lives in its own file,
 * cmd_NAME.c (entry point NAME_command in cmd_NAME.h), which reads the
 * request and nothing else of argv.
 *
 * A new option: an OPT_ id here, its name in command.c's option_name, a row
 * in main.c's `options`, a line in the command's help; the command reads r->given[OPT_...], r->number[...] or
 * r->text[...].
 * A new command: cmd_NAME.c and .h, and a row in main.c's `commands`. */
#ifndef COMMAND_H
#define COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "moves.h"
#include "rules.h"

/* Every option (main.c, `options`). */
typedef enum {
    OPT_HELP, /* -h, --help */
    OPT_VERSION,
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
    OPT_AFTER,
    OPT_SUITE,
    OPT_JOURNAL,
    OPT_PROGRESS,
    OPT_NOBULK,
    OPT_STRICT,
    OPT_NOTES,
    OPT_PLIES,
    OPT_WRITE,
    OPT_END, /* --: the rest are words */
    OPTIONS
} option_id;

/* The option's name as typed: option_name(OPT_HASH) is "--hash". */
const char *option_name(option_id id);

/* A command line, read. */
typedef struct {
    const char *name;          /* the command: "moves", ...; "" for the question */
    bool given[OPTIONS];       /* each option given */
    size_t number[OPTIONS];    /* a number option's value */
    const char *text[OPTIONS]; /* a text option's value */
    const char *given_as[OPTIONS]; /* each value option's value as given */
    rule rule;                 /* --rule's value (RULE_CHALLENGE unless given) */
    const char *const *word;   /* the words after the command's name, in order */
    int words;
} request;

/* The FEN argument arg (read_fen: leniently, or strict with --strict) into
 * *pos; false, with the fault on stderr, if it is malformed.  What it
 * ignored is said on stderr too ("reference: fen: ignored ..."). */
bool fen_argument(const char *arg, bool strict, position *pos);

/* The exit status once the answer is out: 1 if reading stdin or writing
 * stdout failed (a full disk, a closed pipe), said with the program's name
 * (once: the failure is then cleared), else status.  The front door ends
 * every command here, --help included. */
int written(int status);

#endif
