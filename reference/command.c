/* command.c - what the commands share below the front door: the options'
 * names, reading a FEN argument the one way, and the one check that the
 * answer got out. */
#include "command.h"

#include <errno.h>
#include <string.h>

#include "notation.h"

const char *option_name(option_id id)
{
    static const char *const names[OPTIONS] = {
        [OPT_HELP] = "--help",         [OPT_VERSION] = "--version",   [OPT_RULE] = "--rule",
        [OPT_EXPLAIN] = "--explain",   [OPT_MOVES] = "--moves",       [OPT_DIVIDE] = "--divide",
        [OPT_SHOW] = "--show",         [OPT_LEGEND] = "--legend",     [OPT_STATS] = "--stats",
        [OPT_SUM] = "--sum",           [OPT_HASH] = "--hash",         [OPT_HASH_ENTRIES] = "--hash-entries",
        [OPT_THREADS] = "--threads",   [OPT_SPLIT] = "--split",       [OPT_AFTER] = "--after",
        [OPT_SUITE] = "--suite",       [OPT_JOURNAL] = "--journal",   [OPT_PROGRESS] = "--progress",
        [OPT_NOBULK] = "--nobulk",     [OPT_STRICT] = "--strict",     [OPT_NOTES] = "--notes",
        [OPT_PLIES] = "--plies",       [OPT_WRITE] = "--write",       [OPT_END] = "--",
    };
    return names[id];
}

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
