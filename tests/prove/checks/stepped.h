/* The allowance checks (libc_count.c, libgcc_count.c) count a library
 * routine's instructions alike: STEPPED(name, target) is the assembly of
 * stepped_NAME, which calls TARGET with its arguments as they came, the
 * trap flag set just before the call and cleared after it (one SIGTRAP
 * after each instruction between), and returns what TARGET returned.  Two
 * wrappers are the same instructions but the call's target, so their own
 * steps are the same: a wrapper of a routine of known length measures
 * them. */
#define STEPPED(name, target)                                          \
    "    .text\n"                                                      \
    "    .p2align 4\n"                                                 \
    "    .globl stepped_" name "\n"                                    \
    "    .hidden stepped_" name "\n"                                   \
    "    .type stepped_" name ", @function\n"                          \
    "stepped_" name ":\n"                                              \
    "    sub $8, %rsp\n"                                               \
    "    pushfq\n"                                                     \
    "    orq $0x100, (%rsp)\n"                                         \
    "    popfq\n"                                                      \
    "    call " target "\n"                                            \
    "    pushfq\n"                                                     \
    "    andq $-0x101, (%rsp)\n"                                       \
    "    popfq\n"                                                      \
    "    add $8, %rsp\n"                                               \
    "    ret\n"                                                        \
    "    .size stepped_" name ", .-stepped_" name "\n"
