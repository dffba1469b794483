/* main.c - the front door: every command line is read here, once, by one
 * table of commands and one table of options, into a request (command.h)
 * that the command's own file, cmd_NAME.c, carries out.  Nothing here
 * answers anything: it finds the command, reads the options and words,
 * refuses what the command does not take, and checks at the end that
 * standard input was read and standard output written.
 *
 * A new option: its id in command.h and a row in `options` below.  A new
 * command: a row in `commands` and its files, cmd_NAME.c and .h.  See usage() for every form. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cmd_game.h"
#include "cmd_moves.h"
#include "cmd_pdn.h"
#include "cmd_perft.h"
#include "cmd_question.h"
#include "command.h"
#include "perft.h"
#include "words.h"

/* ==================== The help ==================== */

void question_usage(FILE *out)
{
    fputs("usage: reference [--rule challenge|english] [--show] [--legend] [--explain] [--moves]\n"
          "                 [BLACK WHITE FROM TO]\n"
          "       reference [--show] [--legend] [--strict] moves [FEN]\n"
          "       reference perft FEN DEPTH|FROM-TO [--divide] [--after MOVES] [--hash MIB]\n"
          "                       [--threads N] [--stats] [--journal FILE] [--progress] [--nobulk]\n"
          "       reference perft FEN DEPTH --split K | [DEPTH] < LINES | --sum | --suite FILE\n"
          "       reference [--show] [--strict] game\n"
          "       reference pdn [--strict] [--notes] [--plies] [--write] [FILE...]\n"
          "\n"
          "The challenge's question: is moving the white man on FROM to TO a legal\n"
          "English-checkers move?  Prints true or false.\n"
          "\n"
          "  BLACK, WHITE  comma-separated square numbers 1-32, or - for none\n"
          "  FROM, TO      square numbers; FROM must hold a white piece\n"
          "\n"
          "Without BLACK WHITE FROM TO, reads questions from standard input, one per\n"
          "line, as tab-separated columns black, white, from, to (more columns are\n"
          "ignored, so rows of cases.tsv can be piped in; blank lines and lines\n"
          "starting with # are skipped). Each line gets true, false, or error (with\n"
          "a message on standard error); the exit status is 2 if any line was bad.\n"
          "\n"
          "  --rule challenge  (default) capture is mandatory for the moving piece\n"
          "  --rule english    if any white man can capture, no simple move is legal\n"
          "  --show            draw the board: B black, W white, O the man on FROM,\n"
          "                    X the end TO (drawn over any piece there), _ an empty\n"
          "                    dark square, . a light square\n"
          "  --legend          --show, with the square numbers beside the board\n"
          "  --explain         for a legal move its path(s), else why it is illegal\n"
          "  --moves           every legal move of the man on FROM under the reading,\n"
          "                    one per line (\"move: none\" if it has none)\n"
          "  -h, --help        this text\n"
          "\n"
          "The verdict is always the first line of an answer. What --show, --explain\n"
          "and --moves add follows it, in that order, on lines indented by two\n"
          "spaces, so grep -v '^ ' leaves one line per question. A path reads\n"
          "\"step 9 -> 5\" or \"jump 17 x14 -> 10 x7 -> 3\" (x: the black piece taken).\n"
          "\n",
          out);
    fputs("The whole game, in PDN notation.  A FEN is the side to move, then each\n"
          "side's squares, K before a king: B:W21,22,K30:B1,5,K9 (ranges such as\n"
          "B:W21-32:B1-12, the start, are fine).  Black moves down the board, toward\n"
          "32, white up, toward 1.  A move is 11-15 (a step) or 18x11, 27x18x11 (a\n"
          "capture, every landing, or its two ends when they name one capture).\n"
          "Both are read leniently too (b:w21-32:b1-12., 11x15 for a step, commas and\n"
          "move numbers between moves: 1. 11-15 22-18); --strict reads them exactly.\n"
          "\n"
          "  moves FEN         every legal move of the side to move, one per line,\n"
          "                    every landing of a capture written out (\"none: ...\"\n"
          "                    and the winner when it has none); without FEN, FENs\n"
          "                    from standard input, each answered by \"FEN<TAB>N moves\"\n"
          "                    and its moves indented by two spaces\n"
          "  perft FEN DEPTH   the number of move sequences of DEPTH moves (0-64),\n"
          "                    on the last line: \"perft DEPTH: COUNT\"\n"
          "    --divide        first the count after each first move, \"MOVE: COUNT\"\n"
          "    --after MOVES   from the position after MOVES (\"11-15 22-18\")\n"
          "    FROM-TO         a line a depth: its count, time and leaves/s\n"
          "    --split, --sum  a deep perft as jobs with ids, their results added;\n"
          "    --suite FILE    positions with expected counts; --journal FILE: resume;\n"
          "    --progress      progress lines on a pipe (all: reference perft --help)\n"
          "  game              reads lines FEN<TAB>moves separated by spaces (more\n"
          "                    columns ignored; blank and # lines skipped) and prints\n"
          "                    one line for each game:\n"
          "                      legal<TAB>final FEN<TAB>quiet N/80[<TAB>RESULT]\n"
          "                      illegal<TAB>N<TAB>move<TAB>reason  (the first illegal move)\n"
          "                      error  (a malformed line; the fault on standard error)\n"
          "                    quiet N/80 counts the single moves since a man moved or\n"
          "                    a piece was taken: at 80 (40 each) the game is drawn.\n"
          "                    RESULT, once the game is over: white wins, black wins\n"
          "                    (the side to move has no move), or draw.\n"
          "  pdn [FILE...]     PDN game files (standard input without FILE): one line\n"
          "                    a record, legal, illegal or error (reference pdn --help)\n"
          "  --show            moves: the position, drawn before its moves; game: after\n"
          "                    each answer, the final position or the one the illegal\n"
          "                    move was tried on; b w men, B W kings, whose move it is\n"
          "  --legend          moves: --show, with the square numbers beside the board\n"
          "\n"
          "Examples: reference 6,7 10 10 1                  prints true\n"
          "          reference --explain 7,14 17 17 10     false, and why: the chain must go on\n"
          "          reference perft B:W21-32:B1-12 10     perft 10: 18391564\n",
          out);
}

/* ==================== The commands ==================== */

/* Each command's bit, for the options' lists of commands. */
enum { QUESTION = 1, MOVES = 2, PERFT = 4, GAME = 8, PDN = 16, ANY = 31 };

typedef struct {
    const char *name; /* "" for the question, which has none */
    int (*run)(const request *r);
    void (*usage)(FILE *out);
    const char *prefix;   /* before "unknown option": "pdn: " */
    const char *hint;     /* where a wrong option is told to look: "--help" */
    const char *too_many; /* said when words pass max_words */
    unsigned bit;
    /* How the command is found.  perft and pdn have options of their own and
     * are found before the options are read: perft as the first word, pdn
     * as the first argument.  The others share one reading of the options,
     * and the first word of it names them. */
    enum { FIRST_WORD, FIRST_ARGUMENT, AFTER_READING } found;
    int max_words; /* more words are refused at once; 0: any number */
} command;

/* In the order the help and the "unknown command" message name them. */
static const command commands[] = {
    {.name = "", .run = question_command, .usage = question_usage, .prefix = "", .hint = "--help", .bit = QUESTION,
     .found = AFTER_READING},
    {.name = "moves", .run = moves_command, .usage = question_usage, .prefix = "", .hint = "--help", .bit = MOVES,
     .found = AFTER_READING},
    {.name = "perft", .run = perft_command, .usage = perft_usage, .prefix = "", .hint = "perft --help", .bit = PERFT,
     .found = FIRST_WORD, .max_words = 3, .too_many = "perft takes two arguments, FEN and DEPTH (try --help)"},
    {.name = "game", .run = game_command, .usage = question_usage, .prefix = "", .hint = "--help", .bit = GAME,
     .found = AFTER_READING},
    {.name = "pdn", .run = pdn_command, .usage = pdn_usage, .prefix = "pdn: ", .hint = "reference pdn --help",
     .bit = PDN, .found = FIRST_ARGUMENT},
};
enum { COMMANDS = sizeof commands / sizeof commands[0] };

/* The commands read AFTER_READING, as one, before the first word says which. */
static const command any_reading = {.name = "", .usage = question_usage, .prefix = "", .hint = "--help",
                                    .bit = QUESTION | MOVES | GAME, .found = AFTER_READING};

/* ==================== The options ==================== */

/* FLAG: given or not.  NUMBER: a whole number 0-max (r->number).  TEXT: any
 * text, a file name say (r->text).  RULE: challenge or english (r->rule).
 * HELP: the command's help, then exit.  END: the words that follow are no
 * options.  A value is --name VALUE or --name=VALUE. */
typedef enum { FLAG, NUMBER, TEXT, RULE, HELP, END } option_kind;

typedef struct {
    const char *name, *alias;
    option_kind kind;
    unsigned taken_by;   /* the commands that take it */
    unsigned refused_by; /* the commands that refuse it by name; to the others it is unknown */
    const char *refusal; /* printf format, %s the command */
    size_t max;          /* NUMBER: its largest value */
    const char *if_zero; /* NUMBER: why 0 is refused, if it is */
} option;

#define CHALLENGE_ONLY "--rule, --explain and --moves are for the challenge's question, not %s"

/* Refusals of the commands read AFTER_READING come after every argument is
 * read, in this order; the others' come at once, as the option is read. */
static const option options[OPTIONS] = {
    [OPT_HELP] = {"--help", .alias = "-h", .kind = HELP, .taken_by = ANY},
    [OPT_RULE] = {"--rule", .kind = RULE, .taken_by = QUESTION, .refused_by = MOVES | PERFT | GAME,
                  .refusal = CHALLENGE_ONLY},
    [OPT_EXPLAIN] = {"--explain", .taken_by = QUESTION, .refused_by = MOVES | PERFT | GAME, .refusal = CHALLENGE_ONLY},
    [OPT_MOVES] = {"--moves", .taken_by = QUESTION, .refused_by = MOVES | PERFT | GAME, .refusal = CHALLENGE_ONLY},
    [OPT_DIVIDE] = {"--divide", .taken_by = PERFT, .refused_by = QUESTION | MOVES | GAME,
                    .refusal = "--divide is for perft"},
    [OPT_SHOW] = {"--show", .taken_by = QUESTION | MOVES | GAME, .refused_by = PERFT,
                  .refusal = "--show is for moves and game, not %s"},
    [OPT_LEGEND] = {"--legend", .taken_by = QUESTION | MOVES | GAME, .refused_by = PERFT,
                    .refusal = "--legend is for the question and moves, not %s"},
    [OPT_STATS] = {"--stats", .taken_by = PERFT},
    [OPT_SUM] = {"--sum", .taken_by = PERFT},
    [OPT_HASH] = {"--hash", .kind = NUMBER, .taken_by = PERFT, .max = (size_t)1 << 20},
    [OPT_HASH_ENTRIES] = {"--hash-entries", .kind = NUMBER, .taken_by = PERFT, .max = (size_t)1 << 40,
                          .if_zero = "at least 1 (--hash 0 for no table)"},
    [OPT_THREADS] = {"--threads", .kind = NUMBER, .taken_by = PERFT, .max = 1024, .if_zero = "at least 1"},
    [OPT_SPLIT] = {"--split", .kind = NUMBER, .taken_by = PERFT, .max = PERFT_MAX_DEPTH},
    [OPT_AFTER] = {"--after", .kind = TEXT, .taken_by = PERFT},
    [OPT_SUITE] = {"--suite", .kind = TEXT, .taken_by = PERFT},
    [OPT_JOURNAL] = {"--journal", .kind = TEXT, .taken_by = PERFT},
    [OPT_PROGRESS] = {"--progress", .taken_by = PERFT},
    [OPT_NOBULK] = {"--nobulk", .taken_by = PERFT},
    [OPT_STRICT] = {"--strict", .taken_by = MOVES | PERFT | GAME | PDN, .refused_by = QUESTION,
                    .refusal = "--strict is for positions and moves (moves, perft, game and pdn): the question's lines are"
                               " read exactly already"},
    [OPT_NOTES] = {"--notes", .taken_by = PDN},
    [OPT_PLIES] = {"--plies", .taken_by = PDN},
    [OPT_WRITE] = {"--write", .taken_by = PDN},
    [OPT_END] = {"--", .kind = END, .taken_by = PDN},
};

/* Is arg an option?  "-" (standard input) and numbers such as -1 are words. */
static bool is_option(const char *arg) { return arg[0] == '-' && arg[1] != '\0' && !isdigit((unsigned char)arg[1]); }

/* The option arg names, and its value if written --name=VALUE (else
 * *value is NULL); OPTIONS if none. */
static option_id option_named(const char *arg, const char **value)
{
    *value = NULL;
    for (int id = 0; id < OPTIONS; id++) {
        const option *o = &options[id];
        size_t n = strlen(o->name);
        if (!strcmp(arg, o->name) || (o->alias && !strcmp(arg, o->alias)))
            return (option_id)id;
        if ((o->kind == NUMBER || o->kind == TEXT || o->kind == RULE) && !strncmp(arg, o->name, n) && arg[n] == '=') {
            *value = arg + n + 1;
            return (option_id)id;
        }
    }
    return OPTIONS;
}

static void refuse(option_id id, const command *c)
{
    fputs("reference: ", stderr);
    fprintf(stderr, options[id].refusal, c->name);
    fputc('\n', stderr);
}

/* A number option's value into r; false with the fault on stderr.  value
 * NULL: none was given. */
static bool read_number(option_id id, const char *value, const command *c, request *r)
{
    const option *o = &options[id];
    if (value == NULL) {
        fprintf(stderr, "reference: %s needs a value (try %s)\n", o->name, c->hint);
        return false; /* one message, not a second about "" */
    }
    perft_count n;
    if (!read_count(value, strlen(value), &n) || n > o->max) {
        char q[QUOTE_SIZE];
        quote_text(value, strlen(value), q);
        fprintf(stderr, "reference: %s: %s is not a whole number %d-%zu\n", o->name, q, o->if_zero != NULL, o->max);
        return false;
    }
    if (n == 0 && o->if_zero != NULL) {
        fprintf(stderr, "reference: %s: %s\n", o->name, o->if_zero);
        return false;
    }
    r->number[id] = (size_t)n;
    return true;
}

static bool read_rule(const char *value, request *r)
{
    if (value == NULL)
        value = "";
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

/* The command with options of its own that argv names, or NULL: the first
 * word (past options and --rule's value), pdn only as the first argument.
 * *at: where its name stands. */
static const command *own_command(int argc, char *argv[], int *at)
{
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            const char *value;
            option_id id = option_named(argv[i], &value);
            if (id < OPTIONS && options[id].kind == RULE && value == NULL)
                i++; /* --rule VALUE */
            continue;
        }
        for (int k = 0; k < COMMANDS; k++)
            if (commands[k].found != AFTER_READING && !strcmp(argv[i], commands[k].name) &&
                (commands[k].found == FIRST_WORD || i == 1)) {
                *at = i;
                return &commands[k];
            }
        return NULL;
    }
    return NULL;
}

/* Reads argv but argv[skip] (the command's name) into r for command c:
 * returns 0 to go on, -1 when the help was asked for (and shown), else the
 * exit status of a fault (said on stderr). */
static int read_arguments(const command *c, int argc, char *argv[], int skip, request *r, const char **word)
{
    bool ended = false; /* by -- */
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value;
        if (i == skip)
            continue;
        if (ended || !is_option(arg)) {
            if (c->max_words > 0 && r->words == c->max_words) {
                fprintf(stderr, "reference: %s\n", c->too_many);
                return 2;
            }
            word[r->words++] = arg;
            continue;
        }
        option_id id = option_named(arg, &value);
        const option *o = id < OPTIONS ? &options[id] : NULL;
        if (o == NULL || !((o->taken_by | o->refused_by) & c->bit)) {
            char shown[SHOW_SIZE(40)];
            show_text(shown, sizeof shown, arg, strlen(arg), 40, SHOW_UTF8);
            fprintf(stderr, "reference: %sunknown option %s (try %s)\n", c->prefix, shown, c->hint);
            return 2;
        }
        if (!(o->taken_by & c->bit) && c->found != AFTER_READING) {
            refuse(id, c); /* the command is known: at once */
            return 2;
        }
        switch (o->kind) {
        case HELP:
            c->usage(stdout);
            return -1;
        case END:
            ended = true;
            break;
        case FLAG:
            break;
        case RULE:
            if (value == NULL && i + 1 < argc)
                value = argv[++i];
            if (!read_rule(value, r))
                return 2;
            break;
        case NUMBER:
            if (value == NULL && i + 1 < argc)
                value = argv[++i];
            if (!read_number(id, value, c, r))
                return 2;
            break;
        case TEXT:
            if (value == NULL && i + 1 < argc)
                value = argv[++i];
            if (value == NULL) {
                fprintf(stderr, "reference: %s needs a value (try %s)\n", o->name, c->hint);
                return 2;
            }
            r->text[id] = value;
            break;
        }
        r->given[id] = true;
    }
    return 0;
}

/* The command the first word names, among those read AFTER_READING (its
 * name then taken off the words), or the question; NULL, with the fault
 * said, for a word that looks like a command misspelt. */
static const command *command_of_words(request *r)
{
    for (int k = 0; k < COMMANDS; k++)
        if (commands[k].found == AFTER_READING && r->words > 0 && commands[k].name[0] != '\0' &&
            !strcmp(r->word[0], commands[k].name)) {
            r->word++;
            r->words--;
            return &commands[k];
        }
    /* A black list starts with a digit or -: a word is a command misspelt. */
    if (r->words > 0 && r->words != 4 && isalpha((unsigned char)r->word[0][0])) {
        char q[QUOTE_SIZE];
        quote_text(r->word[0], strlen(r->word[0]), q);
        fprintf(stderr, "reference: unknown command %s: the commands are ", q);
        for (int k = 1; k < COMMANDS; k++)
            fprintf(stderr, "%s%s", k == 1 ? "" : k + 1 == COMMANDS ? " and " : ", ", commands[k].name);
        fputs(" (try --help)\n", stderr);
        return NULL;
    }
    return &commands[0];
}

/* ==================== The door ==================== */

int main(int argc, char *argv[])
{
    int at = 0;
    const command *c = own_command(argc, argv, &at);
    const char *word[argc > 0 ? argc : 1];
    request r = {.rule = RULE_CHALLENGE, .word = word};
    int status = read_arguments(c ? c : &any_reading, argc, argv, at, &r, word);
    if (status != 0)
        return status < 0 ? written(0) : status;
    if (c == NULL && (c = command_of_words(&r)) == NULL)
        return 2;
    for (int id = 0; id < OPTIONS; id++)
        if (r.given[id] && !(options[id].taken_by & c->bit)) {
            refuse((option_id)id, c);
            return 2;
        }
    r.name = c->name;
    return written(c->run(&r));
}
