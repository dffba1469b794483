/* The processor's side of tests/prove/checks/forms.py: each input line is a case's
 * number, then in hex rax rcx rdx rsi rdi r8 r9 r10 r11, the flags and 8
 * quadwords of memory; the case runs on them (forms.s, written by forms.py)
 * and the same values, as the case left them, are printed in hex, then rsp
 * and rbp as it left them (rsp and rbp less the memory's fifth quadword's
 * address, and rbp itself).  The first line is the process's stack
 * protector canary (fs:0x28), which the model is given. */
#include <stdio.h>

typedef struct {
    unsigned long long r[9], flags, mem[8], sp, bp, bpo;
} state;

extern void (*const forms_case[])(state *);
extern const long long forms_cases;

int main(void)
{
    long long n;
    unsigned long long canary;
    /* not on the stack: the cases run with rsp inside it; its memory 16-byte
     * aligned, as movaps and movdqa need */
    static _Alignas(16) state s;
    /* the stack protector's canary, which the fs:0x28 cases read */
    __asm__("movq %%fs:0x28, %0" : "=r"(canary));
    printf("canary %llx\n", canary);
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
        printf(" %llx %llx %llx\n", s.sp, s.bp, s.bpo);
    }
    return 0;
}
