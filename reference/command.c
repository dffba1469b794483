/* command.c - what the commands share below the front door: reading a FEN
 * argument the one way, and the one check that the answer got out. */
#include "command.h"

#include <errno.h>
#include <string.h>

#include "notation.h"

bool fen_argument(const char *arg, bool strict, position *pos)
{
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    if (read_fen(arg, strlen(arg), 1, strict, pos, err, note)) {
        if (note[0] != '\0')
            fprintf(stderr, "reference: fen: %s\n", note);
        return true;
    }
    fprintf(stderr, "reference: %s\n", err);
    return false;
}

int written(int status)
{
    bool wrote = fflush(stdout) == 0 && !ferror(stdout);
    if (!ferror(stdin) && wrote)
        return status;
    fprintf(stderr, "reference: %s: %s\n", wrote ? "reading input" : "writing output", strerror(errno));
    clearerr(stdin); /* said once */
    clearerr(stdout);
    return 1;
}
