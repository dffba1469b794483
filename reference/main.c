/* main.c - the reference CLI: one question from the arguments, or a batch of
 * protocol lines from standard input.  See usage() for both forms. */
#include <stdio.h>
#include <string.h>

#include "explain.h"
#include "line.h"
#include "rules.h"

static void usage(FILE *out)
{
    fputs("usage: reference [--rule challenge|english] [--show] [--legend] [--explain] [--moves]\n"
          "                 [BLACK WHITE FROM TO]\n"
          "\n"
          "Is moving the white man on FROM to TO a legal English-checkers move?\n"
          "Prints true or false.\n"
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
          "\n"
          "Examples: reference 6,7 10 10 1                  prints true\n"
          "          reference --explain 7,14 17 17 10     false, and why: the chain must go on\n",
          out);
}

/* A single question from the command line: the same parser, on the four
 * arguments joined by tabs, so both forms accept and reject the same text. */
static int ask(char *const args[], answer_options *o)
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
        return 0;
    case LINE_SKIP:
        /* In a batch such a line is skipped; asked alone, it is no question. */
        strcpy(err, "black: blank or starting with #: a list of squares, or - for none, is needed");
        break;
    case LINE_ERROR:
        break;
    }
    puts("error");
    fprintf(stderr, "reference: %s\n", err);
    return 2;
}

int main(int argc, char *argv[])
{
    answer_options o = {.r = RULE_CHALLENGE};
    char *args[4];
    int nargs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--rule") || !strncmp(a, "--rule=", 7)) {
            const char *v = a[6] == '=' ? a + 7 : i + 1 < argc ? argv[++i] : "";
            if (!strcmp(v, "challenge"))
                o.r = RULE_CHALLENGE;
            else if (!strcmp(v, "english"))
                o.r = RULE_ENGLISH;
            else {
                fprintf(stderr, "reference: --rule takes challenge or english, not \"%s\"\n", v);
                return 2;
            }
        } else if (!strcmp(a, "--show")) {
            o.show = true;
        } else if (!strcmp(a, "--legend")) {
            o.legend = true;
        } else if (!strcmp(a, "--explain")) {
            o.explain = true;
        } else if (!strcmp(a, "--moves")) {
            o.moves = true;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "reference: unknown option %s (try --help)\n", a);
            return 2;
        } else if (nargs < 4) {
            args[nargs++] = argv[i];
        } else {
            fprintf(stderr, "reference: too many arguments: BLACK WHITE FROM TO (try --help)\n");
            return 2;
        }
    }
    if (nargs == 4)
        return ask(args, &o);
    if (nargs != 0) {
        fprintf(stderr, "reference: need all four of BLACK WHITE FROM TO, or none to read lines (try --help)\n");
        return 2;
    }
    return run_lines(stdin, stdout, print_answer, &o);
}
