/* cmd_pdn.c - `pdn`: PDN game files (standard input without FILE), each
 * record replayed and answered (pdn.h). */
#include <stdio.h>
#include <string.h>

#include "cmd_pdn.h"
#include "pdn_answer.h"

void pdn_usage(FILE *out)
{
    fputs("usage: reference pdn [--strict] [--notes] [--plies] [--write] [FILE...]\n"
          "Replays every record of the PDN files (standard input when none is named)\n"
          "and prints one line a record, in file order, tab-separated:\n"
          "  legal    N  LINE  WHO  final FEN  quiet Q/80  [white wins|black wins|draw]\n"
          "  illegal  N  LINE  WHO  ply P  MOVE-NUMBER  MOVE  reason\n"
          "  error    N  LINE  WHO  L:C  what is wrong\n"
          "N counts records, LINE is where one starts (FILE:LINE for several files),\n"
          "WHO is \"Black - White\" or the Event.  Exit status 2 if a record was\n"
          "malformed.  A summary line goes to standard error.  Read leniently (counted\n"
          "in the summary): a step written with x, a capture with -, 1118 for 11-18,\n"
          "two ends naming several captures when one alone lets the game go on,\n"
          "letters glued to a move's end (8-11Redovers...: the move and a comment).\n"
          "  --strict  positions and moves only as the notation writes them (11-15,\n"
          "            18x11, 27x18x11), as every command reads them under --strict\n"
          "  --notes   a \"note\" line for each move read leniently, before its record\n"
          "  --plies   a \"ply\" line with the FEN after every ply, before its record\n"
          "  --write   each record written back as canonical PDN instead\n",
          out);
}

int pdn_command(const request *r)
{
    pdn_options o = {.strict = r->given[OPT_STRICT],
                     .notes = r->given[OPT_NOTES],
                     .plies = r->given[OPT_PLIES],
                     .write = r->given[OPT_WRITE]};
    const char *const *files = r->word;
    int nfiles = r->words;
    pdn_totals t = {0};
    int status = 0;
    o.named = nfiles > 1;
    if (nfiles == 0)
        status = run_pdn(stdin, "-", stdout, &o, &t);
    for (int i = 0; i < nfiles; i++) {
        FILE *in = strcmp(files[i], "-") ? fopen(files[i], "rb") : stdin;
        if (in == NULL) {
            say_file_error(files[i]);
            status = status ? status : 1;
            continue;
        }
        int s = run_pdn(in, files[i], stdout, &o, &t);
        if (in != stdin)
            fclose(in);
        status = s > status ? s : status;
    }
    status = written(status); /* before the summary, as the output is done */
    print_pdn_totals(&t, stderr);
    return status;
}

