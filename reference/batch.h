/* batch.h - the one line loop: everything that reads lines (the question's
 * and the other batches, perft --sum, --suite, the journal, PDN files) reads
 * them here, a line at a time, whatever their length (or bounded: the
 * journal's), and every input a person writes knows a line that asks
 * nothing by one rule, asks_nothing: the batches, --sum and --suite skip
 * such lines, and a PDN file's # lines are nothing to its records.  (The
 * journal, written and checked by perft line by line, keeps every line: its
 * first is a # line that names its count.)
 *
 * A line is what ends in "\n" (or "\r\n"), or the last bytes before the end
 * of the input; it is handed on without its line end, NUL bytes and all. */
#ifndef BATCH_H
#define BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What became of a line: answered, skipped (it asks nothing), bad, or bad
 * so that the batch must end there (run_batch). */
typedef enum { LINE_OK, LINE_SKIP, LINE_ERROR, LINE_STOP } line_status;

/* Room enough for any message a line's answer writes, parse_line's too
 * (long values are cut short). */
enum { LINE_ERROR_SIZE = 256 };

/* Reading lines from a file: start it {.in = in} (and .max), free it with
 * line_reader_free. */
typedef struct {
    FILE *in;
    size_t max; /* 0: lines of any length; else a line of max bytes or more is too_long */
    bool too_long; /* the line last read reached max bytes: the rest of it is left unread */
    char *text;
    size_t size;
    long number; /* of the line last read, from 1 */
    size_t bytes; /* the line last read with its line end, as in the file */
    bool ended;   /* it had its "\n" (only the file's last line may not) */
    bool failed;  /* reading stopped before the end: a read error or no memory */
} line_reader;

/* The next line of r: its text at *text (without "\n" or "\r\n"), *len
 * bytes; false at the end of the input, or with r->failed when reading
 * stopped before it (a read error, or no memory for the line).  With a bound, a line of max bytes or
 * more is read no further: r->too_long, its first max bytes in *text (a
 * journal refuses it, rather than hold a file in memory). */
bool next_line(line_reader *r, const char **text, size_t *len);

void line_reader_free(line_reader *r);

/* Is text[0..len) blank: nothing, or only spaces and tabs?  A comment: its
 * first character past them a '#'?  blank_line(" \t", 2); comment_line("  #
 * x", 5).  A line that is either asks nothing (the one rule of every loop). */
bool blank_line(const char *text, size_t len);
bool comment_line(const char *text, size_t len);
bool asks_nothing(const char *text, size_t len);

/* Answers line number `number` of a batch, text[0..len) (without its line
 * end; NUL bytes possible; never a line that asks nothing), printing its
 * answer to out.  Returns LINE_ERROR with the fault in err (or err left "" when the
 * fault is already on stderr), LINE_STOP to end the batch (the fault
 * already said), else LINE_OK. */
typedef line_status (*batch_fn)(const char *text, size_t len, long number, void *ctx, FILE *out,
                                char err[LINE_ERROR_SIZE]);

/* The batch loop: reads lines from in to EOF, skips those that ask
 * nothing, and answers each other; a bad line gets "error" on out and "line
 * N: <message>" on stderr (N counting every line read, from 1).  Returns 0,
 * 2 if any line was bad, or 1 if reading in or writing out failed (checked
 * with ferror; the caller names the failure). */
int run_batch(FILE *in, FILE *out, batch_fn answer, void *ctx);

#endif
