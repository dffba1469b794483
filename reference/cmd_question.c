/* cmd_question.c - the challenge's question: one from the arguments,
 * BLACK WHITE FROM TO, or a batch of protocol lines from standard input. */
#include <stdio.h>
#include <string.h>

#include "cmd_question.h"
#include "explain.h"
#include "line.h"

/* A single question from the command line: the same parser, on the four
 * arguments joined by tabs, so both forms accept and reject the same text. */
static int ask(const char *const args[], const answer_options *o)
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
        print_answer(&q, (void *)o, stdout);
        return 0;
    case LINE_SKIP:
        /* In a batch such a line is skipped; asked alone, it is no question. */
        strcpy(err, "black: blank or starting with #: a list of squares, or - for none, is needed");
        break;
    case LINE_ERROR:
    case LINE_STOP:
        break;
    }
    puts("error");
    fflush(stdout); /* keep stdout and stderr in order when both go to one place */
    fprintf(stderr, "reference: %s\n", err);
    return 2;
}

void question_usage(FILE *out)
{
    fputs("usage: reference [--rule challenge|english] [--show] [--legend] [--explain] [--moves]\n"
          "                 [BLACK WHITE FROM TO]\n"
          "       reference moves|perft|game|pdn ...    (reference CMD --help: each one's own)\n"
          "       reference --version\n"
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
          "  -h, --help        this text; --version: the version\n"
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
          "Options go before or after the command's name, --opt VALUE or --opt=VALUE.\n"
          "\n"
          "  moves [FEN]       every legal move of the side to move, or of each FEN of\n"
          "                    standard input\n"
          "  perft FEN DEPTH   the number of move sequences of DEPTH moves; --divide,\n"
          "                    --split and --sum for deep counts, --suite\n"
          "  game              games from standard input, FEN<TAB>moves a line: legal\n"
          "                    with the final position, or the first illegal move\n"
          "  pdn [FILE...]     PDN game files: a verdict a record\n"
          "\n"
          "Examples: reference 6,7 10 10 1                  prints true\n"
          "          reference --explain 7,14 17 17 10     false, and why: the chain must go on\n"
          "          reference perft B:W21-32:B1-12 10     perft 10: 18391564\n",
          out);
}

int question_command(const request *r)
{
    answer_options o = {.r = r->rule,
                        .show = r->given[OPT_SHOW],
                        .legend = r->given[OPT_LEGEND],
                        .explain = r->given[OPT_EXPLAIN],
                        .moves = r->given[OPT_MOVES]};
    if (r->words == 4)
        return ask(r->word, &o);
    if (r->words > 4) {
        fprintf(stderr, "reference: %d arguments: a question is four, BLACK WHITE FROM TO (try reference --help)\n", r->words);
        return 2;
    }
    if (r->words != 0) {
        fprintf(stderr, "reference: %d of BLACK WHITE FROM TO given: a question needs all four, or none to read"
                        " questions from standard input (try reference --help)\n", r->words);
        return 2;
    }
    return run_lines(stdin, stdout, print_answer, &o);
}
