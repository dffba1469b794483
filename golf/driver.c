/* driver.c - the golf's footer: reads protocol lines, turns each into the
 * golf's arguments (0-terminated int lists, start, end) and prints its answer.
 * It does no part of the solving. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../reference/line.h"

/* The golf, golf/checkers.c.  Its K&R definition f(b,w,s,e)int*b,*w; has
 * these parameter types after promotion, so this prototype is compatible. */
int f(int *b, int *w, int s, int e);

static void answer(const question *q, void *ctx, FILE *out)
{
    int b[SQUARES + 1], w[SQUARES + 1], i;
    (void)ctx;
    for (i = 0; i < q->nblack; i++)
        b[i] = q->black[i];
    b[i] = 0;
    for (i = 0; i < q->nwhite; i++)
        w[i] = q->white[i];
    w[i] = 0;
    fputs(f(b, w, q->from, q->to) ? "true\n" : "false\n", out);
}

/* The batch; a failed read or write is named with the program's name (as
 * run: golf or golf-ungolfed) and errno's words.  Line-buffered: each
 * answer leaves as it is made, so a run stopped by a time limit or a crash
 * shows which row it was answering. */
int main(int argc, char *argv[])
{
    const char *name = argc > 0 ? argv[0] : "golf", *slash = strrchr(name, '/');
    if (slash)
        name = slash + 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    int status = run_lines(stdin, stdout, answer, NULL);
    if (ferror(stdin) || ferror(stdout))
        fprintf(stderr, "%s: %s: %s\n", name, ferror(stdin) ? "reading input" : "writing output", strerror(errno));
    return status;
}
