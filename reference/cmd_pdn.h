/* cmd_pdn.h - `pdn [FILE...]`: PDN game files, each record replayed and answered. */
#ifndef CMD_PDN_H
#define CMD_PDN_H

#include <stdbool.h>
#include <stdio.h>

#include "command.h"

/* The pdn command; the exit status. */
int pdn_command(const request *r);

/* Its help: reference pdn --help. */
void pdn_usage(FILE *out);

#endif
