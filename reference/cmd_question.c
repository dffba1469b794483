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
        fprintf(stderr, "reference: %d arguments: a question is four, BLACK WHITE FROM TO (try --help)\n", r->words);
        return 2;
    }
    if (r->words != 0) {
        fprintf(stderr, "reference: %d of BLACK WHITE FROM TO given: a question needs all four, or none to read"
                        " questions from standard input (try --help)\n", r->words);
        return 2;
    }
    return run_lines(stdin, stdout, print_answer, &o);
}
