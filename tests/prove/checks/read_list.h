/* The checks' harnesses (tiny_main.c, canary_main.c, count_main.c) read
 * their input lines alike: "b1,b2,... w1,... s e", a list - when empty. */
#include <stdlib.h>
#include <string.h>

/* Reads a comma-separated list of up to 32 numbers into out, 0-terminated. */
static void read_list(char *text, int *out)
{
    int n = 0;
    for (char *t = strtok(text, ","); t && n < 32; t = strtok(NULL, ","))
        if (strcmp(t, "-") != 0)
            out[n++] = atoi(t);
    out[n] = 0;
}
