/* cmd_question.h - the challenge's question: BLACK WHITE FROM TO, or lines of them. */
#ifndef CMD_QUESTION_H
#define CMD_QUESTION_H

#include <stdbool.h>
#include <stdio.h>

#include "command.h"

/* The question command; the exit status. */
int question_command(const request *r);

/* Its help, the top one: reference --help. */
void question_usage(FILE *out);

#endif
