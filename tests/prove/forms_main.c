/* The processor's side of tests/prove/forms.py: each input line is a case's
 * number, then in hex rax rcx rdx rsi rdi r8 r9 r10 r11, the flags and 8
 * quadwords of memory; the case runs on them (forms.s, written by forms.py)
 * and the same values, as the case left them, are printed in hex. */
#include <stdio.h>

typedef struct {
    unsigned long long r[9], flags, mem[8];
} state;

extern void (*const forms_case[])(state *);
extern const long long forms_cases;

int main(void)
{
    long long n;
    state s;
    while (scanf("%lld", &n) == 1) {
        for (int i = 0; i < 9; i++)
            scanf("%llx", &s.r[i]);
        scanf("%llx", &s.flags);
        for (int i = 0; i < 8; i++)
            scanf("%llx", &s.mem[i]);
        if (n < 0 || n >= forms_cases)
            return 2;
        forms_case[n](&s);
        for (int i = 0; i < 9; i++)
            printf("%llx ", s.r[i]);
        printf("%llx", s.flags);
        for (int i = 0; i < 8; i++)
            printf(" %llx", s.mem[i]);
        printf("\n");
    }
    return 0;
}
