/* cmd_perft.h - `perft`: counts of a position, of lines of them, --split's jobs, --sum. */
#ifndef CMD_PERFT_H
#define CMD_PERFT_H

#include <stdbool.h>
#include <stdio.h>

#include "command.h"

/* The perft command; the exit status. */
int perft_command(const request *r);

/* Its help: reference perft --help. */
void perft_usage(FILE *out);

#endif
