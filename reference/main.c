/* main.c - the front door: every command line is read here, once, by one
 * table of commands and one table of options, into a request (command.h)
 * that the command's own file, cmd_NAME.c, carries out.  Nothing here
 * answers anything: it finds the command (the first word that is no option
 * nor an option's value), reads the options wherever they stand, before or
 * after the command's name, as --name VALUE or --name=VALUE, refuses what
 * the command does not take, and checks at the end that standard input was
 * read and standard output written.
 *
 * A new option: its id in command.h, its name in command.c, and a row in
 * `options` below.  A new
 * command: a row in `commands` and its files, cmd_NAME.c and .h. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "checkers.h"
#include "cmd_game.h"
#include "cmd_moves.h"
#include "cmd_pdn.h"
#include "cmd_perft.h"
#include "cmd_question.h"
#include "command.h"
#include "perft.h"
#include "words.h"

/* ==================== The commands ==================== */

/* Each command's bit, for the options' lists of commands. */
enum { QUESTION = 1, MOVES = 2, PERFT = 4, GAME = 8, PDN = 16, ANY = 31 };

typedef struct {
    const char *name; /* "" for the question, which has none */
    int (*run)(const request *r);
    void (*usage)(FILE *out); /* its --help, first line "usage: reference NAME" */
    const char *hint;         /* where a fault is told to look */
    unsigned bit;
    int max_words; /* more words are refused at once; 0: any number */
    const char *too_many;
} command;

/* In the order the help and the "unknown command" message name them. */
static const command commands[] = {
    {.name = "", .run = question_command, .usage = question_usage, .hint = "reference --help", .bit = QUESTION},
    {.name = "moves", .run = moves_command, .usage = moves_usage, .hint = "reference moves --help", .bit = MOVES},
    {.name = "perft", .run = perft_command, .usage = perft_usage, .hint = "reference perft --help", .bit = PERFT,
     .max_words = 2, .too_many = "perft takes two arguments, FEN and DEPTH (try reference perft --help)"},
    {.name = "game", .run = game_command, .usage = game_usage, .hint = "reference game --help", .bit = GAME},
    {.name = "pdn", .run = pdn_command, .usage = pdn_usage, .hint = "reference pdn --help", .bit = PDN},
};
enum { COMMANDS = sizeof commands / sizeof commands[0] };

/* ==================== The options ==================== */

/* FLAG: given or not.  NUMBER: a whole number 0-max (r->number).  TEXT: any
 * text, a file name say (r->text).  RULE: challenge or english (r->rule).
 * HELP: the command's help.  VERSION: the version.  END: the words that
 * follow are no options.  A value is --name VALUE or --name=VALUE, given
 * once. */
typedef enum { FLAG, NUMBER, TEXT, RULE, HELP, VERSION, END } option_kind;

typedef struct {
    const char *alias;
    option_kind kind;
    unsigned taken_by;   /* the commands that take it */
    const char *refusal; /* why the others refuse it; %s the command ("" for the question); NULL: "is for ..." */
    size_t max;          /* NUMBER: its largest value */
    const char *if_zero; /* NUMBER: why 0 is refused, if it is */
} option;

#define CHALLENGE_ONLY "--rule, --explain and --moves are for the challenge's question, not %s"

static const option options[OPTIONS] = {
    [OPT_HELP] = {.alias = "-h", .kind = HELP, .taken_by = ANY},
    [OPT_VERSION] = {.kind = VERSION, .taken_by = ANY},
    [OPT_RULE] = {.kind = RULE, .taken_by = QUESTION, .refusal = CHALLENGE_ONLY},
    [OPT_EXPLAIN] = {.taken_by = QUESTION, .refusal = CHALLENGE_ONLY},
    [OPT_MOVES] = {.taken_by = QUESTION, .refusal = CHALLENGE_ONLY},
    [OPT_DIVIDE] = {.taken_by = PERFT},
    [OPT_SHOW] = {.taken_by = QUESTION | MOVES | GAME, .refusal = "--show is for moves and game, not %s"},
    [OPT_LEGEND] = {.taken_by = QUESTION | MOVES, .refusal = "--legend is for the question and moves, not %s"},
    [OPT_STATS] = {.taken_by = PERFT},
    [OPT_SUM] = {.taken_by = PERFT},
    [OPT_HASH] = {.kind = NUMBER, .taken_by = PERFT, .max = (size_t)1 << 20},
    [OPT_HASH_ENTRIES] = {.kind = NUMBER, .taken_by = PERFT, .max = (size_t)1 << 40,
                          .if_zero = "at least 1 (--hash 0 for no table)"},
    [OPT_THREADS] = {.kind = NUMBER, .taken_by = PERFT, .max = 1024, .if_zero = "at least 1"},
    [OPT_SPLIT] = {.kind = NUMBER, .taken_by = PERFT, .max = PERFT_MAX_DEPTH},
    [OPT_AFTER] = {.kind = TEXT, .taken_by = PERFT},
    [OPT_SUITE] = {.kind = TEXT, .taken_by = PERFT},
    [OPT_JOURNAL] = {.kind = TEXT, .taken_by = PERFT},
    [OPT_PROGRESS] = {.taken_by = PERFT},
    [OPT_NOBULK] = {.taken_by = PERFT},
    [OPT_STRICT] = {.taken_by = MOVES | PERFT | GAME | PDN,
                    .refusal = "--strict is for positions and moves (moves, perft, game and pdn): the question's lines"
                               " are read exactly already"},
    [OPT_NOTES] = {.taken_by = PDN},
    [OPT_PLIES] = {.taken_by = PDN},
    [OPT_WRITE] = {.taken_by = PDN},
    [OPT_END] = {.kind = END, .taken_by = ANY},
};

static bool takes_value(option_kind k) { return k == NUMBER || k == TEXT || k == RULE; }

/* Is arg an option?  "-" (standard input) and numbers such as -1 are words. */
static bool is_option(const char *arg) { return arg[0] == '-' && arg[1] != '\0' && !isdigit((unsigned char)arg[1]); }

/* The option arg names (OPTIONS if none), and its value if written
 * --name=VALUE (else *value is NULL). */
static option_id option_named(const char *arg, const char **value)
{
    *value = NULL;
    const char *eq = strchr(arg, '=');
    size_t n = eq && arg[1] == '-' ? (size_t)(eq - arg) : strlen(arg);
    for (int id = 0; id < OPTIONS; id++) {
        const option *o = &options[id];
        const char *name = option_name((option_id)id);
        if ((strlen(name) == n && !strncmp(arg, name, n)) || (o->alias && !strcmp(arg, o->alias))) {
            if (n < strlen(arg))
                *value = arg + n + 1;
            return (option_id)id;
        }
    }
    return OPTIONS;
}

/* "reference: " and arg shown printable (an option the user typed). */
static void say_arg(const char *what, const char *arg, const char *after)
{
    char shown[SHOW_SIZE(40)];
    show_text(shown, sizeof shown, arg, strlen(arg), 40, SHOW_UTF8);
    fprintf(stderr, "reference: %s%s%s\n", what, shown, after);
}

/* Why command c does not take option id. */
static void refuse(option_id id, const command *c)
{
    const option *o = &options[id];
    fputs("reference: ", stderr);
    if (o->refusal) {
        fprintf(stderr, o->refusal, c->name[0] ? c->name : "the question");
    } else {
        fprintf(stderr, "%s is for ", option_name(id));
        for (int k = 0, said = 0; k < COMMANDS; k++)
            if (o->taken_by & commands[k].bit)
                fprintf(stderr, "%s%s", said++ ? " and " : "", k ? commands[k].name : "the question");
        fprintf(stderr, ", not %s", c->name[0] ? c->name : "the question");
    }
    fprintf(stderr, " (try %s)\n", c->hint);
}

/* A number option's value into r; false with the fault on stderr. */
static bool read_number(option_id id, const char *value, request *r)
{
    const option *o = &options[id];
    perft_count n;
    if (!read_count(value, strlen(value), &n) || n > o->max) {
        char q[QUOTE_SIZE];
        quote_text(value, strlen(value), q);
        fprintf(stderr, "reference: %s: %s is not a whole number %d-%zu\n", option_name(id), q, o->if_zero != NULL, o->max);
        return false;
    }
    if (n == 0 && o->if_zero != NULL) {
        fprintf(stderr, "reference: %s: %s\n", option_name(id), o->if_zero);
        return false;
    }
    r->number[id] = (size_t)n;
    return true;
}

static bool read_rule(const char *value, request *r)
{
    if (!strcmp(value, "challenge") || !strcmp(value, "english")) {
        r->rule = !strcmp(value, "challenge") ? RULE_CHALLENGE : RULE_ENGLISH;
        return true;
    }
    char q[QUOTE_SIZE];
    quote_text(value, strlen(value), q);
    fprintf(stderr, "reference: --rule takes challenge or english, not %s\n", q);
    return false;
}

/* ==================== Reading the command line ==================== */

/* An argument as read: a word, or an option and its value. */
typedef struct {
    option_id id; /* OPTIONS: a word, or an option no row names */
    const char *arg, *value;
} argument;

/* argv read once, into arg[]: each word, each option with its value (the
 * next argument when not written --name=VALUE), and the command, the first
 * word that names one (taken out of the words) or else the question. */
static const command *read_line(int argc, char *argv[], argument *arg, int *n)
{
    const command *c = NULL;
    bool ended = false, any_word = false;
    *n = 0;
    for (int i = 1; i < argc; i++) {
        argument a = {OPTIONS, argv[i], NULL};
        if (!ended && is_option(argv[i])) {
            a.id = option_named(argv[i], &a.value);
            if (a.id < OPTIONS && takes_value(options[a.id].kind) && a.value == NULL && i + 1 < argc)
                a.value = argv[++i];
            ended = a.id == OPT_END;
            if (a.id == OPTIONS)
                a.id = OPTIONS + 1; /* an unknown option, not a word */
        } else if (!any_word) {
            any_word = true;
            for (int k = 1; k < COMMANDS && c == NULL; k++)
                if (!strcmp(argv[i], commands[k].name))
                    c = &commands[k];
            if (c != NULL)
                continue;
        }
        arg[(*n)++] = a;
    }
    return c ? c : &commands[0];
}

/* The words and options of arg[] into r for command c: 0 to go on, -1
 * when the help or the version was asked for (and shown), else the exit
 * status of the first fault, said on stderr. */
static int read_arguments(const command *c, const argument *arg, int n, request *r, const char **word)
{
    for (int i = 0; i < n; i++) /* the help first, whatever else is wrong */
        if (arg[i].id == OPT_HELP || arg[i].id == OPT_VERSION) {
            if (arg[i].id == OPT_HELP)
                c->usage(stdout);
            else
                printf("reference %s\n", ck_version());
            return -1;
        }
    for (int i = 0; i < n; i++) {
        const argument *a = &arg[i];
        if (a->id == OPTIONS) {
            if (c->max_words > 0 && r->words == c->max_words) {
                fprintf(stderr, "reference: %s\n", c->too_many);
                return 2;
            }
            word[r->words++] = a->arg;
            continue;
        }
        if (a->id > OPTIONS) {
            char hint[64];
            snprintf(hint, sizeof hint, " (try %s)", c->hint);
            say_arg("unknown option ", a->arg, hint);
            return 2;
        }
        const option *o = &options[a->id];
        if (!(o->taken_by & c->bit)) {
            refuse(a->id, c);
            return 2;
        }
        if (!takes_value(o->kind) && a->value != NULL) {
            fprintf(stderr, "reference: %s takes no value (try %s)\n", option_name(a->id), c->hint);
            return 2;
        }
        if (takes_value(o->kind) && r->given[a->id]) {
            char was[QUOTE_SIZE], now[QUOTE_SIZE];
            quote_text(r->given_as[a->id], strlen(r->given_as[a->id]), was);
            quote_text(a->value ? a->value : "", a->value ? strlen(a->value) : 0, now);
            fprintf(stderr, "reference: %s given twice, %s and %s: give it once\n", option_name(a->id), was, now);
            return 2;
        }
        if (o->kind == RULE && !read_rule(a->value ? a->value : "", r))
            return 2;
        if ((o->kind == NUMBER || o->kind == TEXT) && a->value == NULL) {
            fprintf(stderr, "reference: %s needs a value (try %s)\n", option_name(a->id), c->hint);
            return 2;
        }
        if (o->kind == NUMBER && !read_number(a->id, a->value, r))
            return 2;
        r->text[a->id] = a->value;
        r->given_as[a->id] = a->value;
        r->given[a->id] = true;
    }
    return 0;
}

/* A first word that looks like a command misspelt (a black list starts
 * with a digit or -): said, with the commands there are. */
static bool misspelt(const request *r)
{
    if (r->words == 0 || r->words == 4 || !isalpha((unsigned char)r->word[0][0]))
        return false;
    char q[QUOTE_SIZE];
    quote_text(r->word[0], strlen(r->word[0]), q);
    fprintf(stderr, "reference: unknown command %s: the commands are ", q);
    for (int k = 1; k < COMMANDS; k++)
        fprintf(stderr, "%s%s", k == 1 ? "" : k + 1 == COMMANDS ? " and " : ", ", commands[k].name);
    fputs(" (try reference --help)\n", stderr);
    return true;
}

/* ==================== The door ==================== */

int main(int argc, char *argv[])
{
    int n;
    argument arg[argc > 0 ? argc : 1];
    const char *word[argc > 0 ? argc : 1];
    const command *c = read_line(argc, argv, arg, &n);
    request r = {.rule = RULE_CHALLENGE, .word = word, .name = c->name};
    int status = read_arguments(c, arg, n, &r, word);
    if (status != 0)
        return status < 0 ? written(0) : status;
    if (c == &commands[0] && misspelt(&r))
        return 2;
    return written(c->run(&r));
}
