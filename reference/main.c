/* main.c - the reference CLI: the challenge's question (one from the
 * arguments, or a batch of protocol lines from standard input), and the whole
 * game: `moves FEN`, `perft FEN DEPTH`, `game`.  See usage() for every form. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"
#include "game.h"
#include "line.h"
#include "moves.h"
#include "notation.h"
#include "pdn.h"
#include "perft.h"
#include "rules.h"
#include "show.h"

static void usage(FILE *out)
{
    fputs("usage: reference [--rule challenge|english] [--show] [--legend] [--explain] [--moves]\n"
          "                 [BLACK WHITE FROM TO]\n"
          "       reference [--show] [--legend] moves [FEN]\n"
          "       reference perft FEN DEPTH|FROM-TO [--divide] [--after MOVES] [--hash MIB]\n"
          "                       [--threads N] [--stats] [--journal FILE] [--progress] [--nobulk]\n"
          "       reference perft FEN DEPTH --split K | [DEPTH] < LINES | --sum | --suite FILE\n"
          "       reference [--show] game\n"
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

/* ==================== Writing ==================== */

/* The exit status once the answer is out: 1 if reading stdin or writing
 * stdout failed (a full disk, a closed pipe), said with the program's name,
 * else status.  Every command ends here, --help included. */
static int written(int status)
{
    bool wrote = fflush(stdout) == 0 && !ferror(stdout);
    if (!ferror(stdin) && wrote)
        return status;
    fprintf(stderr, "reference: %s: %s\n", wrote ? "reading input" : "writing output", strerror(errno));
    return 1;
}

/* ==================== The challenge's question ==================== */

/* A single question from the command line: the same parser, on the four
 * arguments joined by tabs, so both forms accept and reject the same text. */
static int ask(const char *const args[], answer_options *o)
{
    size_t len = 0;
    for (int i = 0; i < 4; i++)
        len += strlen(args[i]) + 1;
    char text[len];
    size_t at = 0;
    for (int i = 0; i < 4; i++) { /* len counts each argument and its tab (or '\0') */
        size_t n = strlen(args[i]);
        memcpy(text + at, args[i], n);
        at += n;
        text[at++] = i < 3 ? '\t' : '\0';
    }
    question q;
    char err[LINE_ERROR_SIZE];
    switch (parse_line(text, strlen(text), &q, err)) {
    case LINE_OK:
        print_answer(&q, o, stdout);
        return written(0);
    case LINE_SKIP:
        /* In a batch such a line is skipped; asked alone, it is no question. */
        strcpy(err, "black: blank or starting with #: a list of squares, or - for none, is needed");
        break;
    case LINE_ERROR:
        break;
    }
    puts("error");
    fflush(stdout); /* keep stdout and stderr in order when both go to one place */
    fprintf(stderr, "reference: %s\n", err);
    return written(2);
}

/* ==================== The whole game ==================== */

/* The FEN argument into *pos; false (with the fault on stderr) if malformed. */
static bool read_fen(const char *arg, position *pos)
{
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (read_pdn_fen(arg, strlen(arg), 1, pos, err, note)) {
        if (note[0] != '\0')
            fprintf(stderr, "reference: fen: %s\n", note);
        return true;
    }
    fprintf(stderr, "reference: %s\n", err);
    return false;
}

static int list_moves(const char *fen, bool show, bool legend)
{
    position pos;
    if (!read_fen(fen, &pos))
        return 2;
    if (show || legend)
        show_numbered_position(&pos, legend, "  ", stdout);
    print_moves(&pos, "", stdout);
    return written(0);
}

/* ==================== Arguments ==================== */

/* The options, and the words that are not options, in order. */
typedef struct {
    answer_options challenge;
    bool divide, challenge_only; /* --divide; one of --rule, --explain, --moves */
    const char *word[5];
    int words;
} arguments;

/* Reads the options into *a; returns 0 to go on, else the exit status. */
static int read_arguments(int argc, char *argv[], arguments *a)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            usage(stdout);
            return -1; /* done: exit 0 */
        }
        if (!strcmp(arg, "--rule") || !strncmp(arg, "--rule=", 7)) {
            const char *v = arg[6] == '=' ? arg + 7 : i + 1 < argc ? argv[++i] : "";
            if (!strcmp(v, "challenge"))
                a->challenge.r = RULE_CHALLENGE;
            else if (!strcmp(v, "english"))
                a->challenge.r = RULE_ENGLISH;
            else {
                fprintf(stderr, "reference: --rule takes challenge or english, not \"%s\"\n", v);
                return 2;
            }
            a->challenge_only = true;
        } else if (!strcmp(arg, "--show")) {
            a->challenge.show = true;
        } else if (!strcmp(arg, "--legend")) {
            a->challenge.legend = true;
        } else if (!strcmp(arg, "--explain")) {
            a->challenge.explain = a->challenge_only = true;
        } else if (!strcmp(arg, "--moves")) {
            a->challenge.moves = a->challenge_only = true;
        } else if (!strcmp(arg, "--divide")) {
            a->divide = true;
        } else if (arg[0] == '-' && arg[1] != '\0' && !isdigit((unsigned char)arg[1])) {
            /* -1 is no option: a number, for the command to judge. */
            fprintf(stderr, "reference: unknown option %s (try --help)\n", arg);
            return 2;
        } else {
            if (a->words < 5)
                a->word[a->words] = arg;
            a->words++;
        }
    }
    return 0;
}

/* The game's commands but perft (perft.c reads its own): `moves FEN`,
 * `moves` over standard input, `game`. */
static int game_command(const arguments *a)
{
    const char *command = a->word[0];
    bool moves = !strcmp(command, "moves");
    if (a->challenge_only) {
        fprintf(stderr, "reference: --rule, --explain and --moves are for the challenge's question, not %s\n",
                command);
        return 2;
    }
    if (a->divide) {
        fprintf(stderr, "reference: --divide is for perft\n");
        return 2;
    }
    if (moves && a->words == 1) /* FENs over standard input */
        return written(run_moves(stdin, stdout, a->challenge.show));
    if (a->words != (moves ? 2 : 1)) {
        fprintf(stderr, "reference: %s takes %s (try --help)\n", command,
                moves ? "one argument, a FEN, or none to read FENs from standard input"
                      : "no arguments: the games come on standard input");
        return 2;
    }
    if (a->challenge.legend && !moves) {
        /* game draws a board after each answer: numbers beside each would bury them */
        fprintf(stderr, "reference: --legend is for the question and moves, not %s (try --show)\n", command);
        return 2;
    }
    if (moves)
        return list_moves(a->word[1], a->challenge.show, a->challenge.legend);
    return written(run_games(stdin, stdout, a->challenge.show));
}

/* Is the command perft?  Its first word, past the options (--rule's value too). */
static bool is_perft(int argc, char *argv[])
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rule"))
            i++;
        else if (argv[i][0] != '-' || argv[i][1] == '\0')
            return !strcmp(argv[i], "perft");
    }
    return false;
}

int main(int argc, char *argv[])
{
    if (argc > 1 && !strcmp(argv[1], "pdn")) /* its own options: reference pdn --help */
        return pdn_command(argc - 1, (const char *const *)(argv + 1));
    if (is_perft(argc, argv)) /* perft reads its own options (perft.c) */
        return perft_main(argc, argv);
    arguments a = {.challenge = {.r = RULE_CHALLENGE}};
    int status = read_arguments(argc, argv, &a);
    if (status != 0)
        return status < 0 ? written(0) : status;
    if (a.words > 0 && (!strcmp(a.word[0], "moves") || !strcmp(a.word[0], "game")))
        return game_command(&a);
    if (a.words > 0 && a.words != 4 && isalpha((unsigned char)a.word[0][0])) {
        /* A black list starts with a digit or -: a word is a command misspelt. */
        char q[QUOTE_SIZE];
        quote_text(a.word[0], strlen(a.word[0]), q);
        fprintf(stderr, "reference: unknown command %s: the commands are moves, perft, game and pdn (try --help)\n", q);
        return 2;
    }
    if (a.divide) {
        fprintf(stderr, "reference: --divide is for perft\n");
        return 2;
    }
    if (a.words == 4)
        return ask(a.word, &a.challenge);
    if (a.words > 4) {
        fprintf(stderr, "reference: %d arguments: a question is four, BLACK WHITE FROM TO (try --help)\n", a.words);
        return 2;
    }
    if (a.words != 0) {
        fprintf(stderr, "reference: %d of BLACK WHITE FROM TO given: a question needs all four, or none to read"
                        " questions from standard input (try --help)\n", a.words);
        return 2;
    }
    return written(run_lines(stdin, stdout, print_answer, &a.challenge));
}
