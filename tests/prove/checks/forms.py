#!/usr/bin/env python3
"""forms.py - every instruction form the x86 lifter accepts, tested on the
processor.

A form is what decides an instruction's meaning beyond its operands'
values: the mnemonic, each operand's kind and size (r8..r64, m8..m64 with
or without an index, an immediate, cl as a shift count) and the legacy
prefix bytes (0x66 operand size, 0x67 address size, segment, rep, lock).
key() names a form (formset.py); x86.py refuses an instruction whose form
is not in the registry, forms.tsv, and forms.tsv holds only forms this
harness tested.

The test (`forms.py DIR`, tests/prove.bats): CASES, each one instruction
(or a push and its pop, or a conditional jump with the code that records
whether it was taken, or a call or tail call into a callee of its own) in
a routine that loads every scratch register, the flags and 64 bytes of
memory from a state, points rsp into that memory, runs the case and stores
them back with rsp and rbp (forms_main.c runs it on the processor); the
same bytes, decoded by capstone, go through x86.py's meaning of each
instruction (and calls.py's of a call) and sym.py, on the same inputs.
Every output register (rax, rcx, rdx, rsi, rdi, r8-r11, all 64 bits), every
flag the model defines (ZF, SF, CF, OF, PF: a flag it leaves undefined can
never be read), the 64 bytes of memory, rsp and rbp must agree, but for
what the model leaves unspecified (garbage after a call, the unknown upper
bits of a register): the proof can never use those.
Inputs: random values and edges (0, 1, -1, the sign and carry
boundaries of each width, shift counts 0, 1, 31, 32, 63, 64 and their
masks), each flag random.  `--write` records each form, its cases and the
inputs compared in forms.tsv; without it the harness fails when forms.tsv
is not what it tested.  Closing line: `forms: model vs machine: F forms,
C cases, N inputs, M mismatches, T s`."""
import argparse
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # the prover's modules

from formset import REGISTRY, key, registry, tested  # noqa: E402


# ==================== The cases ====================

R = {64: ['rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11'],
     32: ['eax', 'ecx', 'edx', 'esi', 'edi', 'r8d', 'r9d', 'r10d', 'r11d'],
     16: ['ax', 'cx', 'dx', 'si', 'di', 'r8w', 'r9w', 'r10w', 'r11w'],
     8: ['al', 'cl', 'dl', 'sil', 'dil', 'r8b', 'r9b', 'r10b', 'r11b']}
SUF = {8: 'b', 16: 'w', 32: 'l', 64: 'q'}
CONDS = ('e', 'ne', 's', 'ns', 'l', 'ge', 'le', 'g', 'b', 'ae', 'be', 'a', 'o', 'no', 'p', 'np')
# Memory operands: rbp points 32 bytes into the state's 64 bytes (the
# model: a stack address), so each access stays inside them.
MEMS = ('-8(%rbp)', '(%rbp)', '12(%rbp)', '-32(%rbp)')
IMMS = {8: (0, 1, 0x7f, 0x80, 0xff, 5), 16: (1, 0x7fff, -0x8000, -1, 300),
        32: (1, -1, 0x7fffffff, -0x80000000, 100, -129), 64: (1, -1, 0x7fffffff, -0x80000000, 100)}
COUNTS = (0, 1, 2, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 255)


def r(w, k):
    return '%' + R[w][k]


def cases():
    """Every case: (asm text, kind, callee); kind 'jcc' for a conditional
    jump, 'call' for a call and 'tail' for a tail call, each to its callee's
    asm text (at label 1)."""
    out = []

    def add(text, kind='plain', callee=None):
        out.append((text, kind, callee))
    for w in (8, 16, 32, 64):
        s = SUF[w]
        add('mov%s %s, %s' % (s, r(w, 1), r(w, 0)))
        add('mov%s %s, %s' % (s, r(w, 7), r(w, 5)))
        for m in MEMS[:2]:
            add('mov%s %s, %s' % (s, m, r(w, 2)))
            add('mov%s %s, %s' % (s, r(w, 3), m))
            add('mov%s $%d, %s' % (s, IMMS[w][-1], m))
        for imm in IMMS[w]:
            add('mov%s $%d, %s' % (s, imm, r(w, 4)))
    add('movabsq $0x123456789abcdef0, %rax')
    add('movabsq $-2, %r9')
    for a, ws, wd in (('movzbw', 8, 16), ('movzbl', 8, 32), ('movzbq', 8, 64), ('movzwl', 16, 32),
                      ('movzwq', 16, 64), ('movsbw', 8, 16), ('movsbl', 8, 32), ('movsbq', 8, 64),
                      ('movswl', 16, 32), ('movswq', 16, 64), ('movslq', 32, 64)):
        add('%s %s, %s' % (a, r(ws, 1), r(wd, 0)))
        add('%s %s, %s' % (a, r(ws, 6), r(wd, 6)))
        add('%s %s, %s' % (a, MEMS[0], r(wd, 2)))
    for a in ('cltq', 'cwtl', 'cltd', 'cqto'):
        add(a)
    for w in (16, 32, 64):
        for addr in ('-1(%rax)', '5(%rcx,%rdx)', '-7(%rcx,%rdx,2)', '(%rsi,%rdi,4)', '0x7fffffff(%r8,%r9,8)',
                     '-1(%eax)', '5(%ecx,%edx,4)', '(%esi,%edi,8)', '-0x80000000(%r8d)'):
            add('lea %s, %s' % (addr, r(w, 0 if w != 32 else 3)))
        # an index with no base register (gcc -O0's b[i]: lea 0(,%rax,4), %rdx),
        # its disp always 32 bits
        for addr in ('0(,%rax,8)', '0(,%rcx,4)', '-7(,%rdx,2)', '0x7fffffff(,%r9,1)', '-0x80000000(,%r10,8)',
                     '0(,%eax,8)', '3(,%ecx,4)', '-1(,%edi,2)'):
            add('lea %s, %s' % (addr, r(w, 1 if w != 32 else 5)))
    add('push %rax\n\tpop %rcx')
    add('push %r9\n\tpop %r9')
    add('push $-5\n\tpop %rdx')
    add('push $0x7fffffff\n\tpop %rsi')
    for m in MEMS:  # gcc -O0's stack-passed arguments: pushq -32(%rbp)
        add('pushq %s\n\tpop %%rdi' % m)
    add('pushq 8(%rsp)\n\tpop %rax')  # the address from rsp before the push moves it
    for op in ('add', 'sub', 'and', 'or', 'xor', 'cmp', 'adc', 'sbb'):
        for w in (8, 16, 32, 64):
            s = SUF[w]
            add('%s%s %s, %s' % (op, s, r(w, 1), r(w, 0)))
            add('%s%s %s, %s' % (op, s, r(w, 8), r(w, 5)))
            add('%s%s %s, %s' % (op, s, r(w, 2), r(w, 2)))  # the same register twice (xor/sub zero it)
            add('%s%s %s, %s' % (op, s, MEMS[0], r(w, 3)))
            add('%s%s %s, %s' % (op, s, r(w, 4), MEMS[2]))
            for imm in IMMS[w]:
                add('%s%s $%d, %s' % (op, s, imm, r(w, 0)))  # al/ax/eax/rax have short encodings
                add('%s%s $%d, %s' % (op, s, imm, r(w, 7)))
            add('%s%s $%d, %s' % (op, s, IMMS[w][1], MEMS[1]))
    for w in (8, 16, 32, 64):
        s = SUF[w]
        add('test%s %s, %s' % (s, r(w, 1), r(w, 0)))
        add('test%s %s, %s' % (s, r(w, 2), r(w, 2)))
        add('test%s %s, %s' % (s, r(w, 4), MEMS[0]))
        for imm in IMMS[w][:3]:
            add('test%s $%d, %s' % (s, imm, r(w, 0)))
            add('test%s $%d, %s' % (s, imm, r(w, 6)))
        add('test%s $%d, %s' % (s, IMMS[w][0], MEMS[1]))
        for op in ('inc', 'dec', 'neg', 'not'):
            add('%s%s %s' % (op, s, r(w, 0)))
            add('%s%s %s' % (op, s, r(w, 6)))
            add('%s%s %s' % (op, s, MEMS[0]))
    for w in (16, 32, 64):
        s = SUF[w]
        add('imul%s %s, %s' % (s, r(w, 1), r(w, 0)))
        add('imul%s %s, %s' % (s, r(w, 8), r(w, 4)))
        add('imul%s %s, %s' % (s, MEMS[0], r(w, 2)))
        for imm in IMMS[w][:4] + (3, 9, -7):
            add('imul%s $%d, %s, %s' % (s, imm, r(w, 1), r(w, 0)))
        add('imul%s $%d, %s, %s' % (s, 1025, MEMS[1], r(w, 5)))
    # shifts and rotates (gcc's x<<n|x>>32-n is rol, at -O0 too; 8- and
    # 16-bit ones by cl count past their width: masked to 5 bits, a rotate
    # modulo its width)
    for op in ('shl', 'shr', 'sar', 'sal', 'rol', 'ror'):
        for w in (8, 16, 32, 64):
            s = SUF[w]
            add('%s%s %s' % (op, s, r(w, 0)))  # by 1, its own encoding
            add('%s%s %s' % (op, s, MEMS[0]))
            for c in COUNTS:
                add('%s%s $%d, %s' % (op, s, c, r(w, 2)))
            for c in (0, 1, 5, 32, 64):
                add('%s%s $%d, %s' % (op, s, c, MEMS[1]))
            add('%s%s %%cl, %s' % (op, s, r(w, 0)))
            add('%s%s %%cl, %s' % (op, s, r(w, 7)))
            add('%s%s %%cl, %s' % (op, s, MEMS[0]))
            if w < 32:  # the count register a run of its own: cl from -20 to 43; and the width's multiples
                add('and $63, %%ecx\n\tsub $20, %%ecx\n\t%s%s %%cl, %s' % (op, s, r(w, 2)))
                for c in (w, 24, 32 + w):
                    add('movb $%d, %%cl\n\t%s%s %%cl, %s' % (c, op, s, r(w, 2)))
    # sbb r, r after a compare (gcc -O2's -(a < b)), on a register that
    # held garbage: -CF whatever it held; adc after a compare (x + (a < b))
    add('call 1f\n\tcmpl $3, %eax\n\tsbbl %ecx, %ecx  # callee 1', 'call', CALLEES[1])
    add('cmpl %esi, %edi\n\tadcl $0, %eax')
    add('cmpq %rsi, %rdi\n\tsbbq %rax, %rax')
    # bits 8-15 of a register (ah, ch, dh: gcc's __builtin_parity is
    # xor al, ah then setnp), read and written
    for text in ('xorb %ah, %al', 'xorb %ch, %dl', 'xorb %al, %ah', 'andb %dh, %cl', 'orb %ah, %ah', 'addb %ch, %ah',
                 'subb %ah, %dl', 'cmpb %ch, %al', 'testb %ah, %ah', 'testb $5, %dh', 'movb %ah, %dl', 'movb %cl, %ah',
                 'movb %ah, -8(%rbp)', 'movb (%rbp), %ch', 'movzbl %ah, %eax', 'movzbl %dh, %esi', 'movsbl %ch, %edx',
                 'movsbw %dh, %cx', 'xorb $7, %ah'):
        add(text)
    add('movl %edi, %eax\n\tshrl $16, %eax\n\txorl %edi, %eax\n\txorb %ah, %al\n\tsetnp %al\n\tmovzbl %al, %eax')
    # PF computed, then read (setp, cmovp; the jcc cases read the input's)
    for text in ('testl %eax, %eax\n\tsetp %cl', 'addq %rcx, %rax\n\tcmovnpq %rdx, %rsi',
                 'shlb $3, %dl\n\tsetnp %r9b', 'sarq %cl, %rdi\n\tcmovpl %edx, %eax', 'xorl %esi, %esi\n\tsetp %al',
                 'incw %ax\n\tsetnp %al'):
        add(text)
    # bt, btc, bts, btr (gcc -O2's F^=1L<<x): by a register (rcx, which
    # runs through the edges, so offsets past the width are tried) or an
    # immediate, on a register or memory
    for op in ('bt', 'btc', 'bts', 'btr'):
        for w in (16, 32, 64):
            s = SUF[w]
            add('%s%s %s, %s' % (op, s, r(w, 1), r(w, 0)))
            add('%s%s %s, %s' % (op, s, r(w, 1), r(w, 8)))
            add('%s%s %s, %s' % (op, s, r(w, 1), r(w, 1)))
            for c in (0, 1, 5, 15, 16, 31, 32, 63, 64, 100, 255):
                add('%s%s $%d, %s' % (op, s, c, r(w, 2)))
            for c in (0, 7, 40):
                add('%s%s $%d, %s' % (op, s, c, MEMS[1]))
            # memory at a register's bit offset (a bit string): the offset
            # signed, from 256 bits below to 255 above (so the word read
            # stays in the state's 64 bytes), also from an indexed place
            add('and $511, %%rcx\n\tsub $256, %%rcx\n\t%s%s %s, (%%rbp)' % (op, s, r(w, 1)))
            add('and $255, %%rcx\n\tsub $128, %%rcx\n\t%s%s %s, -8(%%rbp)' % (op, s, r(w, 1)))
            add('and $127, %%rcx\n\tsub $64, %%rcx\n\tand $3, %%r11\n\t%s%s %s, -8(%%rbp,%%r11,4)' % (op, s, r(w, 1)))
    # shld, shrd (gcc's __int128 shifts): by cl or an immediate, register or
    # memory destination
    for op in ('shld', 'shrd'):
        for w in (32, 64):
            s = SUF[w]
            add('%s%s %%cl, %s, %s' % (op, s, r(w, 4), r(w, 0)))
            add('%s%s %%cl, %s, %s' % (op, s, r(w, 8), r(w, 7)))
            add('%s%s %%cl, %s, %s' % (op, s, r(w, 2), r(w, 2)))
            add('%s%s %%cl, %s, %s' % (op, s, r(w, 3), MEMS[0]))
            for c in (0, 1, 2, 7, 31, 32, 33, 63, 64, 255):
                add('%s%s $%d, %s, %s' % (op, s, c, r(w, 4), r(w, 2)))
            add('%s%s $%d, %s, %s' % (op, s, 9, r(w, 4), MEMS[1]))
    # An indexed place in the stack (a local array a[i]: gcc -O0's
    # [rbp+rax-0x50]): the index masked first, so the access stays in the
    # state's memory, and the model's bounds (the run of free bytes around
    # it) hold
    for a in ('-32(%rbp,%r11,1)', '-32(%rbp,%r11,2)', '-32(%rbp,%r11,4)', '-32(%rbp,%r11,8)', '3(%rbp,%r11)',
              '-40(%rsp,%r11,4)'):
        pre = 'and $7, %r11\n\t'
        for text in ('movzbl %s, %%eax', 'movsbl %s, %%ecx', 'movzwl %s, %%eax', 'movl %s, %%edx',
                     'movslq %s, %%rsi', 'movq %s, %%rdi', 'movb $1, %s', 'movb %%al, %s', 'movw %%cx, %s',
                     'movl %%ecx, %s', 'movq %%rdx, %s', 'cmpb $2, %s', 'cmpl %%eax, %s', 'addl $3, %s',
                     'movsbq %s, %%r8', 'movzbq %s, %%r9',
                     # an immediate stored at an index (gcc -O3's int B[33] = {0}; B[*b++] = 1)
                     'movl $1, %s', 'movw $-2, %s', 'movq $-3, %s', 'movq $0x7fffffff, %s',
                     'cmpl $2, %s', 'cmpq $-1, %s', 'orl $4, %s', 'addb $1, %s', 'subl $1, %s'):
            add(pre + text % a)
    # 16 bytes at an index (gcc-16 -O0's int B[56] = {0}: a loop of movaps
    # of zeros at [rbp + rdx - 0x1d0]), the index a multiple of 16 for the
    # aligned moves
    for a in ('-32(%rbp,%r11,1)', '-48(%rsp,%r11,1)', '(%rbp,%r11,1)'):
        pre = 'and $1, %r11\n\tshl $4, %r11\n\t'
        for v in ('movaps', 'movups', 'movdqa', 'movdqu'):
            add(pre + 'pxor %%xmm0, %%xmm0\n\t%s %%xmm0, %s' % (v, a))
            add(pre + 'movq %%rcx, %%xmm2\n\t%s %%xmm2, %s\n\t%s %s, %%xmm3\n\tmovq %%xmm3, %%rdx' % (v, a, v, a))
    # a stack address plus or minus a number, then used (gcc-16 -O0's
    # lea -0x1d0(%rbp), %rax; add %rdx, %rax; movaps %xmm0, (%rax): the
    # rest of a local array its clearing loop left)
    add('and $1, %r11\n\tshl $4, %r11\n\tlea -48(%rbp), %rax\n\tadd %r11, %rax\n\tpxor %xmm0, %xmm0\n\t'
        'movaps %xmm0, (%rax)\n\tmovaps %xmm0, 16(%rax)')
    add('and $7, %r11\n\tlea -32(%rbp), %rax\n\tadd %r11, %rax\n\tmovb $5, (%rax)\n\tmovzbl 1(%rax), %ecx')
    add('and $7, %r11\n\tlea -8(%rsp), %rdx\n\tsub %r11, %rdx\n\tmovl %ecx, -4(%rdx)\n\tmovl (%rdx), %eax')
    # SSE moves compilers use to copy and clear memory: pxor to zero, the
    # 16-byte moves (aligned ones at 16-byte aligned places), movq and movd
    # between xmm and the general registers or memory
    for v in ('movdqu', 'movups', 'movdqa', 'movaps'):
        for src, dst in (('-32(%rbp)', '(%rbp)'), ('-16(%rbp)', '-32(%rbp)'), ('(%rbp)', '16(%rbp)')):
            add('%s %s, %%xmm1\n\t%s %%xmm1, %s' % (v, src, v, dst))
        if v in ('movdqu', 'movups'):
            add('%s -27(%%rbp), %%xmm3\n\t%s %%xmm3, 5(%%rbp)' % (v, v))
        add('pxor %%xmm0, %%xmm0\n\t%s %%xmm0, -16(%%rbp)' % v)
        add('movq %%rax, %%xmm2\n\t%s %%xmm2, %%xmm4\n\t%s %%xmm4, (%%rbp)\n\tmovq %%xmm4, %%rcx' % (v, v))
    add('movq %rcx, %xmm5\n\tmovq %rdx, %xmm6\n\tpxor %xmm6, %xmm5\n\tmovq %xmm5, %rax\n\tmovdqu %xmm5, -32(%rbp)')
    add('movq -8(%rbp), %xmm7\n\tmovq %xmm7, 8(%rbp)\n\tmovdqu %xmm7, -32(%rbp)')
    add('movd %esi, %xmm1\n\tmovd %xmm1, %eax\n\tmovd -4(%rbp), %xmm2\n\tmovd %xmm2, 12(%rbp)\n\t'
        'movdqu %xmm2, (%rbp)')
    add('movq %rdi, %xmm8\n\tmovq %xmm8, %r9\n\tpxor %xmm9, %xmm9\n\tmovq %xmm9, %r10')
    # bit scans (gcc's __builtin_ctz, clz, ffs): tzcnt (f3 0f bc, gcc's
    # ctz: bsf on a processor without BMI1), bsf, bsr, from a register or
    # memory; with a zero source the result is poison in the model (not
    # compared), bsf's and bsr's ZF is compared (tzcnt's flags are left
    # undefined); gcc's idioms around them
    for op in ('tzcnt', 'bsf', 'bsr'):
        for w in (32, 64):
            s = SUF[w]
            add('%s%s %s, %s' % (op, s, r(w, 1), r(w, 0)))
            add('%s%s %s, %s' % (op, s, r(w, 8), r(w, 5)))
            add('%s%s %s, %s' % (op, s, r(w, 2), r(w, 2)))
            add('%s%s %s, %s' % (op, s, MEMS[0], r(w, 3)))
            add('xorl %%ecx, %%ecx\n\t%s%s %s, %s%s' % (op, s, r(w, 1), r(w, 0), '' if op == 'tzcnt' else '\n\tsete %dl'))
            add('xorl %%eax, %%eax\n\t%s%s %s, %s' % (op, s, r(w, 4), r(w, 0)))
    add('bsfl %edi, %eax\n\tmovl $-1, %edx\n\tcmovel %edx, %eax\n\taddl $1, %eax')  # ffs
    add('bsfq %rdi, %rdi\n\tmovq $-1, %rax\n\tcmoveq %rax, %rdi\n\tleal 1(%rdi), %eax')  # ffsl
    add('bsrl %edi, %eax\n\txorl $31, %eax')  # clz
    add('bsrq %rdi, %rax\n\txorl $63, %eax')  # clzl
    # div and idiv (gcc's x / y and x % y): the dividend rax with rdx its
    # sign (cdq, cqo) or zero (xor edx, edx; mov edx, 0), the divisor a
    # register or memory.  The processor faults (#DE) on a divisor of 0 and
    # on INT_MIN / -1 (the model: undefined behaviour), so a divisor of 0
    # is made 7 first (cmov), and either -1 or INT_MIN is made 7 too.
    for w, (s, cx_, ax, r8, r9) in ((32, ('l', '%ecx', '%eax', '%r8d', '%r9d')),
                                   (64, ('q', '%rcx', '%rax', '%r8', '%r9'))):
        ext = 'cltd' if w == 32 else 'cqto'
        nz = 'movl $7, %%r8d\n\ttest%s %s, %s\n\tcmove%s %s, %s' % (s, cx_, cx_, s, r8, cx_)
        no_m1 = '\n\tcmp%s $-1, %s\n\tcmove%s %s, %s' % (s, cx_, s, r8, cx_)
        no_min = '\n\tmov%s $%#x, %s\n\tcmp%s %s, %s\n\tcmove%s %s, %s' % (
            'absq' if w == 64 else 'l', 1 << (w - 1), r9, s, r9, ax, s, r8, ax)
        for pre in (nz + no_m1, nz + no_min):
            add('%s\n\t%s\n\tidiv%s %s' % (pre, ext, s, cx_))
            add('%s\n\tmov%s %s, -8(%%rbp)\n\t%s\n\tidiv%s -8(%%rbp)' % (pre, s, cx_, ext, s))
        add('%s\n\t%s\n\tidiv%s %s\n\tmov%s %s, %s' % (nz + no_min, ext, s, cx_, s, ax, cx_))
        for zero in ('xorl %edx, %edx', 'movl $0, %edx'):
            add('%s\n\t%s\n\tdiv%s %s' % (nz, zero, s, cx_))
            add('%s\n\tmov%s %s, (%%rbp)\n\t%s\n\tdiv%s (%%rbp)' % (nz, s, cx_, zero, s))
    # one-operand imul and mul (gcc's division by a constant: the product's
    # high half in rdx)
    for op in ('imul', 'mul'):
        for w in (32, 64):
            s = SUF[w]
            add('%s%s %s' % (op, s, r(w, 1)))
            add('%s%s %s' % (op, s, r(w, 2)))
            add('%s%s %s' % (op, s, r(w, 0)))
            add('%s%s %s' % (op, s, r(w, 8)))
            add('%s%s %s' % (op, s, MEMS[0]))
    # setcc into a register that held an address, then arithmetic on it:
    # only the low 8 bits are known (gcc: `lea rdx, [rip+t]`, `setg dl`,
    # `or eax, edx`, then `movzx eax, al`)
    # and with a zero-extended byte: known whole (gcc -O2: sete sil, then
    # and eax, esi, then and r14d, eax with r14d a movzx'd byte)
    add('lea -8(%rbp), %rsi\n\tsete %sil\n\tmovzbl %dl, %r11d\n\tandl %esi, %r11d\n\tmov %r11d, %ecx')
    add('lea -8(%rbp), %rsi\n\tmov %al, %sil\n\tmovzbl %dl, %r11d\n\tandl %r11d, %esi\n\tmov %esi, %edi')
    add('lea -8(%rbp), %rsi\n\tsetb %sil\n\tmovzbl %cl, %r11d\n\tandl %r11d, %esi\n\tsete %al\n\tmov %esi, %edi')
    for op in ('or', 'and', 'xor', 'add', 'sub'):
        add('lea -8(%%rbp), %%rdx\n\tsetg %%dl\n\t%sl %%edx, %%eax' % op)
        add('lea 8(%%rbp), %%rcx\n\tsetb %%cl\n\t%sq %%rsi, %%rcx' % op)
    for c in CONDS:
        add('set%s %%al' % c)
        add('set%s %%r10b' % c)
        add('set%s %s' % (c, MEMS[1]))
        for w in (16, 32, 64):
            add('cmov%s %s, %s' % (c, r(w, 1), r(w, 0)))
            add('cmov%s %s, %s' % (c, MEMS[0], r(w, 6)))
        add('j%s 1f\n\tmovq $0, %%r11\n\tjmp 2f\n1:\tmovq $1, %%r11\n2:' % c, 'jcc')
    add('jmp 1f\n\tmovq $0, %r11\n\tjmp 2f\n1:\tmovq $1, %r11\n2:', 'jcc')
    # The padding compilers put inside functions, and endbr64.
    for nop in ('90', '6690', '0f1f00', '0f1f4000', '0f1f440000', '660f1f440000', '0f1f8000000000',
                '0f1f840000000000', '660f1f840000000000', '662e0f1f840000000000', '66662e0f1f840000000000',
                '6666662e0f1f840000000000', '666666662e0f1f840000000000', '66666666662e0f1f840000000000',
                '6666666666662e0f1f840000000000', 'f30f1efa'):
        add('.byte ' + ','.join('0x' + nop[k:k + 2] for k in range(0, len(nop), 2)))
    # The stack protector's canary, fs:0x28 (the site's -fstack-protector-
    # strong): read into a register in the prologue, compared with the
    # copy in the frame in the epilogue (gcc 12-16 by sub, older by xor);
    # the model reads it as the run's one canary (the processor's, which
    # forms_main.c prints first).
    for text in ('movq %fs:0x28, %rax', 'movq %fs:0x28, %rdx', 'subq %fs:0x28, %rdx', 'subq %fs:0x28, %rcx',
                 'xorq %fs:0x28, %rdx', 'cmpq %fs:0x28, %rax',
                 'movq %fs:0x28, %rax\n\tmovq %rax, -8(%rbp)\n\txorl %eax, %eax\n\tmovq -8(%rbp), %rdx\n\t'
                 'subq %fs:0x28, %rdx'):
        add(text)
    # leave (gcc -O0's epilogue): rsp from rbp, then rbp popped.  rsp runs in
    # the state's memory (48 bytes in), so the slot it pops is compared.
    add('leave')
    add('lea -16(%rbp), %rbp\n\tleave')
    add('mov %rsp, %rbp\n\tsub $24, %rsp\n\tmovq $5, -8(%rbp)\n\tleave')
    add('push %rax\n\tmov %rsp, %rbp\n\tleave')
    # call rel32 to a function of the object (calls.py): after it, rsp as
    # before, eax the callee's result (rax's upper half unspecified), the
    # scratch registers, the flags and the stack below rsp (the return
    # address, the callee's frame and red zone) garbage, the stack above rsp
    # as it was; execution goes on after the call.  Callee 1 saves rbx,
    # writes its red zone, six scratch registers and the flags; callee 2 has
    # an rbp frame and leaves by leave.
    for n, callee in enumerate(CALLEES):
        add('call 1f  # to callee %d' % n, 'call', callee)
        add('call 1f\n\tadd $1, %%eax  # callee %d' % n, 'call', callee)
        add('call 1f\n\tmovslq %%eax, %%rdx\n\tcmp $3, %%eax  # callee %d' % n, 'call', callee)
    # stack-passed arguments, pushed (gcc -O0) or stored whole or in part
    # (a 32-bit store leaves the slot's upper half as it was)
    add('push %rsi\n\tpushq $-5\n\tcall 1f\n\tadd $16, %rsp  # callee 3', 'call', CALLEES[3])
    add('push %rsi\n\tpushq $-5\n\tcall 1f\n\tadd $16, %rsp  # callee 4', 'call', CALLEES[4])
    add('sub $16, %rsp\n\tmov %edi, (%rsp)\n\tmov %rsi, 8(%rsp)\n\tcall 1f\n\tadd $16, %rsp  # callee 3',
        'call', CALLEES[3])
    add('sub $16, %rsp\n\tmov %edi, (%rsp)\n\tmov %rsi, 8(%rsp)\n\tcall 1f\n\tadd $16, %rsp  # callee 4',
        'call', CALLEES[4])
    # setcc into a register a call left garbage (the callee writes rcx and
    # rdx), then arithmetic on its low bits (gcc -O0 after a call of memset)
    add('call 1f\n\tcmp $3, %eax\n\tsetne %cl\n\tsete %dl\n\tand %ecx, %edx\n\ttest %dl, %dl\n\tsete %al  # callee 1',
        'call', CALLEES[1])
    # gcc's block fills and copies (blockops.py): rep stos and rep movs with
    # the count an immediate moved into rcx, rdi (and rsi) places of the
    # stack; rdi (or rsi) moved into rbp after, so its place is compared.
    # Counts from 0 to the memory's whole 64 bytes; copies forward and
    # backward over each other (the processor's element order).
    for suf, sz in (('q', 8), ('l', 4), ('b', 1)):
        for n, at in ((0, -32), (1, -8), (3, -30 if sz < 8 else -24), (64 // sz, -32), (7, 0 if sz < 8 else -32)):
            for mov in ('movl $%d, %%ecx' % n, 'movq $%d, %%rcx' % n)[:2 if n == 3 else 1]:
                add('%s\n\tlea %d(%%rbp), %%rdi\n\trep stos%s\n\tmov %%rdi, %%rbp' % (mov, at, suf))
        for n, src, dst, back in ((0, -32, 0, 'rdi'), (1, 8, -16, 'rsi'), (4, -32, 0, 'rdi'), (4, -32, 0, 'rsi'),
                                  (3, -24, -32, 'rdi'), (3, -32, -24, 'rsi'), (32 // sz, -32, 0, 'rdi')):
            add('movl $%d, %%ecx\n\tlea %d(%%rbp), %%rsi\n\tlea %d(%%rbp), %%rdi\n\trep movs%s\n\tmov %%%s, %%rbp'
                % (n, src, dst, suf, back))
    # jmp rel32 to a function's start (a tail call): the case is entered by
    # a call, so the callee's ret returns to the case's caller with its eax.
    for n, callee in enumerate(CALLEES):
        add('{disp32} jmp 1f  # to callee %d (rel32, as gcc writes it)' % n, 'tail', callee)
        add('push %%rdi\n\tpop %%rsi\n\tjmp 1f  # callee %d' % n, 'tail', callee)
    return out


# The functions the call and tail-call cases go to (each ends in ret).
CALLEES = (
    'lea 7(%rdi,%rsi), %eax\n\tret',
    'push %rbx\n\tmovq $-1, -8(%rsp)\n\tmov %rdi, %rbx\n\tmov %esi, %eax\n\timul %ebx, %eax\n\t'
    'xor %ecx, %ecx\n\tmov $7, %r11d\n\tmov %rdx, %r8\n\tmov %r9, %r10\n\tmov %rcx, %rsi\n\t'
    'mov %r8, %rdi\n\tcmp %eax, %edx\n\tpop %rbx\n\tret',
    'push %rbp\n\tmov %rsp, %rbp\n\tsub $16, %rsp\n\tmov %edx, -4(%rbp)\n\tmovl $-5, -16(%rbp)\n\t'
    'mov -4(%rbp), %eax\n\tadd -16(%rbp), %eax\n\tmov $-1, %rdx\n\tleave\n\tret',
    # its seventh and eighth arguments, on the stack above its return address
    # (gcc -O0's frame: 16(%rbp), 24(%rbp)); it writes one of them, its own
    'push %rbp\n\tmov %rsp, %rbp\n\tmov 16(%rbp), %eax\n\tadd 24(%rbp), %rax\n\tmovl $9, 20(%rbp)\n\t'
    'pop %rbp\n\tret',
    'mov 16(%rsp), %rax\n\tsub 8(%rsp), %eax\n\tret',
)


# ==================== The processor ====================

SAVE = ('rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11')
FLAG_BITS = {'cf': 0, 'pf': 2, 'af': 4, 'zf': 6, 'sf': 7, 'of': 11}
# The state: 9 registers, the flags, 8 quadwords of memory, then what the
# case left in rsp and rbp: rsp - B, rbp, rbp - B, where B is the address
# of the memory's fifth quadword (where rbp points at the start).
MEMOFF, MEMQ = 80, 8
SP, BP, BPO = 18, 19, 20  # their places in a line of the processor's output
RSP0 = 48  # rsp at the start: 48 bytes into the memory (the model's offset 144)


def routines(cs):
    """The assembly of every case as a routine void t_N(state *).  The case
    runs with rsp in the state's memory (the real stack kept in r14), so a
    push, a call or leave reads and writes memory that is compared; a tail
    case is entered by a call from there."""
    lines = ['\t.text']
    for n, (text, kind, callee) in enumerate(cs):
        lines += ['\t.globl t_%d' % n, 't_%d:' % n, '\tpush %rbx', '\tpush %rbp', '\tpush %r12', '\tpush %r13',
                  '\tpush %r14', '\tpush %r15', '\tmov %rdi, %r15', '\tmov %rsp, %r14',
                  '\tlea %d(%%r15), %%rbp' % (MEMOFF + 32), '\tpushq 72(%r15)', '\tpopfq',
                  '\tlea %d(%%r15), %%rsp' % (MEMOFF + RSP0)]
        lines += ['\tmov %d(%%r15), %%%s' % (8 * k, x) for k, x in enumerate(SAVE)]
        if kind == 'tail':
            lines += ['\tcall c_%d' % n, '\tjmp e_%d' % n]
        lines += ['c_%d:' % n, '\t' + text, 'e_%d:' % n]
        lines += ['\tmov %%%s, %d(%%r15)' % (x, 8 * k) for k, x in enumerate(SAVE)]
        lines += ['\tmov %%rsp, %d(%%r15)' % (8 * SP), '\tmov %%rbp, %d(%%r15)' % (8 * BP),
                  '\tmov %%rbp, %d(%%r15)' % (8 * BPO), '\tmov %r14, %rsp', '\tpushfq', '\tpopq 72(%r15)',
                  '\tlea %d(%%r15), %%rax' % (MEMOFF + 32), '\tsub %%rax, %d(%%r15)' % (8 * SP),
                  '\tsub %%rax, %d(%%r15)' % (8 * BPO), '\tpop %r15', '\tpop %r14', '\tpop %r13', '\tpop %r12',
                  '\tpop %rbp', '\tpop %rbx', '\tret']
        if callee:
            lines += ['g_%d:' % n, '1:\t' + callee, 'h_%d:' % n]
    lines += ['\t.section .data.rel.ro', '\t.globl forms_case', '\t.p2align 3', 'forms_case:']
    lines += ['\t.quad t_%d' % n for n in range(len(cs))]
    lines += ['\t.globl forms_cases', 'forms_cases:', '\t.quad %d' % len(cs), '\t.section .note.GNU-stack,"",@progbits']
    return '\n'.join(lines) + '\n'


def case_bytes(obj, cs):
    """The bytes of each case, from the assembled object, and of its callee
    with its distance from the case's start (or None)."""
    import allow
    with open(obj, 'rb') as fh:
        data = fh.read()
    secs, syms = allow.read_elf(data)
    text = next(s for s in secs if s['name'] == '.text')
    at = {x['name']: x['value'] for x in syms}

    def part(a, b):
        return data[text['off'] + at[a]:text['off'] + at[b]]
    return [(part('c_%d' % n, 'e_%d' % n),
             (at['g_%d' % n] - at['c_%d' % n], part('g_%d' % n, 'h_%d' % n)) if c[2] else None)
            for n, c in enumerate(cs)]


# ==================== The model ====================

TAIL = 'jmp i (tail call)'  # the form of a jmp to a function's start (x86.py)
# Forms whose meaning is tested by a whole function against the processor
# (x86check.py), not by a case here: ret by tiny.s; add and sub of a
# constant on a list pointer kept in a stack slot (gcc -O0's p++) by
# calls.s, which reads the lists through such slots; a list pointer plus a
# number in a register (gcc -O0's b + 4 * i), either way round, by tiny.s,
# which reads a list by index so; a jump through a jump table by data.s; a
# call of __stack_chk_fail (the program aborts) by canary.s, one run of the
# processor per input (the abort ends it); a call of memset or memcpy by
# block.s; a call of __popcountdi2 by popcount.s.  Their rows: the functions'
# tests, on 2000 inputs each (canary.s on 300) in tests/prove.bats.
WHOLE = {'ret': (1, 2000), 'add m64,i (list pointer in a stack slot)': (1, 2000),
         'sub m64,i (list pointer in a stack slot)': (1, 2000),
         'add r64,r64 (list pointer plus a number)': (1, 2000),
         'call i (stack protector failure)': (1, 300),
         # a jump through a switch's jump table, by data.s (gcc -O0's and
         # -O2's idioms: the entry read from read-only data, its table's
         # address added)
         'jmp r64': (1, 2000),
         # a call of the C library's memset and memcpy (blockops.py), by
         # block.s, linked with the C library
         'call i (memset)': (1, 2000), 'call i (memcpy)': (1, 2000),
         # a call of libgcc's __popcountdi2 (libgcc.py), by popcount.s,
         # linked with libgcc as gcc links a program
         'call i (__popcountdi2)': (1, 2000)}


def case_forms(code, kind, md):
    """The forms case code tests."""
    forms = [key(i) for i in md.disasm(code, 0x1000)]
    if kind == 'jcc':
        forms = forms[:1]
    if kind == 'tail':
        forms = [TAIL if f == 'jmp i' else f for f in forms]
    return forms


def model_case(code, kind='plain', callee=None, slots=None):
    """The IR of the case under x86.py's meaning, a function of the inputs
    returning every output the model gives a value packed in one integer,
    the outputs' names and widths, and what the model says of rsp and rbp
    where it knows them as stack addresses ({name: offset}); or a string:
    why the model refuses it.  An output the model leaves unspecified (a
    register or stack byte it makes garbage, a register's bits above those
    it knows, a flag it leaves undefined) is not compared: the proof can
    never use its value."""
    import capstone
    import calls
    import x86
    from ir import Refused
    md = capstone.Cs(capstone.CS_ARCH_X86, capstone.CS_MODE_64)
    md.detail = True
    insns = list(md.disasm(code, 0x1000))
    L = x86.Lifter.__new__(x86.Lifter)
    L.insns, L.n, L.entry_lines, L.calls = insns, 0, [], None  # a form alone: no call followed
    L.stack_size = x86.STACK
    L.smash = set()  # no call of __stack_chk_fail here (calls.s's test)
    if callee is not None:
        # the case and its callee as the functions of an object (calls.py)
        off, gcode = callee
        image = bytearray(0x1000 + max(off + len(gcode), len(code)))
        image[0x1000:0x1000 + len(code)] = code
        image[0x1000 + off:0x1000 + off + len(gcode)] = gcode
        L.calls = calls.Calls({'funcs': {0x1000: ('case', len(code)), 0x1000 + off: ('g', len(gcode))},
                               'f': (0x1000, len(code)), 'relocs': {}, 'code': bytes(image)})
        L.calls.slots = dict(slots or {})  # the stack slots its calls pass (lift.py's lift_all)
    kinds = {x: 'i' for x in SAVE}
    kinds.update({x: ('e', x) for x in x86.SAVED})
    kinds.update({x: 'lo128' for x in x86.XMM})  # garbage: a case writes an xmm register before reading it
    kinds['rbp'] = ('s', 128)
    sp0 = 96 + RSP0 - (8 if kind == 'tail' else 0)  # a tail case's caller pushed its return address
    kinds['rsp'] = ('s', sp0)
    stack = {128 - 32 + k: 'v' for k in range(64) if not sp0 <= 96 + k < 96 + RSP0}
    st = x86.AState(kinds, {f: 'b' for f in x86.FLAGS}, stack)
    # the memory is 16-byte aligned (forms_main.c): so is rbp (offset 128)
    L.aligned_at, L.rodata = 128 % 16, None
    b = x86.Block(L, 'case', st, dict({x: '%%a.%s' % x for x in SAVE}, **{x: 'poison' for x in x86.XMM}),
                  {f: '%%a.%s' % f for f in x86.FLAGS})
    taken = None
    extra = []
    try:
        for i in insns:
            b.insn = i
            if not tested(i):
                return 'the form %s is not in forms.tsv' % key(i)
            term = L.step(b, i)
            if term is not None:
                if term[0] == 'ret' and kind == 'tail':
                    taken = ('ret',) + (term[1] if len(term) > 1 else (b.get('rax', 32), 32))
                else:
                    taken = term[1] if term[0] == 'jcc' else 'true' if term[0] == 'jmp' else None
                break
        static = {}
        if isinstance(taken, tuple):
            # a tail call: the case returns the callee's eax, rsp back above
            # the return address (the model checks it held its entry value
            # at the jmp), the memory above it as it was
            if b.kinds['rsp'] != ('s', sp0):
                return 'rsp is not at its entry value at the tail call'
            outs = [('rax', taken[2], taken[1])]
            static['sp'] = sp0 + 8 - 128
            # the callee's stack-passed arguments are its own (its caller
            # forgets them after the call: calls.py), the rest as it was
            keep = range(sp0 + 8 + 8 * L.calls.slots.get(0x1000 + callee[0], 0), 160)
        else:
            outs = []
            for x in SAVE:
                n = x86.lo_bits(b.kinds[x])
                if n and b.vals.get(x) != 'poison':
                    outs.append((x, n, b.get(x, n)))
            if taken is not None:
                outs = [o for o in outs if o[0] != 'r11']
                outs.append(('r11', 64, b.emit('zext i1 %s to i64' % taken)))  # the native code records it there
            outs += [(f, 1, b.flag_value(f)) for f in x86.FLAGS if b.flags[f] == 'b']
            k = b.kinds['rsp']
            if not (isinstance(k, tuple) and k[0] == 's'):
                return 'rsp is not a stack address after the case'
            static['sp'] = k[1] - 128
            keep = range(96, 160)
            k = b.kinds['rbp']
            if isinstance(k, tuple) and k[0] == 's':
                static['bpo'] = k[1] - 128
            elif x86.lo_bits(k) and b.vals.get('rbp') != 'poison':
                outs.append(('rbp', x86.lo_bits(k), b.get('rbp', x86.lo_bits(k))))
        for k in range(MEMQ):
            a = 96 + 8 * k
            if all(b.stack.get(a + j) == 'v' and a + j in keep for j in range(8)):
                outs.append(('m%d' % k, 64, b.emit('load i64, ptr %s' % b.stack_ptr(a, 8))))
        if L.calls is not None:
            # each callee asked for, lifted as calls.py lifts it
            gaddr = 0x1000 + callee[0]
            ginsns = list(md.disasm(callee[1], gaddr))
            for (start, sig), name in list(L.calls.want.items()):
                if start != gaddr:
                    return 'a call to something other than the case\'s callee'
                extra.append(x86.Lifter(ginsns, L.calls, sig, name).lift())
    except x86.MoreSlots:
        return model_case(code, kind, callee, {**L.calls.slots, **L.calls.need_slots})
    except Refused as e:
        return str(e)
    width = sum(w for _, w, _ in outs)
    lines = b.lines
    acc, pos = '0', 0
    for name, w, v in outs:
        z = b.emit('zext i%d %s to i%d' % (w, v, width))
        sh = b.emit('shl i%d %s, %d' % (width, z, pos))
        acc = b.emit('or i%d %s, %s' % (width, acc, sh))
        pos += w
    params = ', '.join(['i64 %%a.%s' % x for x in SAVE] + ['i1 %%a.%s' % f for f in x86.FLAGS] +
                       ['i64 %%a.m%d' % k for k in range(MEMQ)])
    head = ['define i%d @t(%s) {' % (width, params), 'entry:', '  %stack = alloca [256 x i8], align 16']
    for k in range(MEMQ):
        head += ['  %%am%d = getelementptr i8, ptr %%stack, i64 %d' % (k, 96 + 8 * k),
                 '  store i64 %%a.m%d, ptr %%am%d' % (k, k)]
    text = '\n'.join(head + lines + ['  ret i%d %s' % (width, acc), '}']) + '\n' + '\n'.join(extra)
    if any(i.mnemonic in SCANS for i in insns):
        # each output alone too: where the scanned source is zero the
        # model's result is poison, and the others are still compared
        for n, (name, w, v) in enumerate(outs):
            text += '\n'.join([head[0].replace('@t(', '@t.%d(' % n, 1).replace('define i%d' % width, 'define i%d' % w)]
                              + head[1:] + lines + ['  ret i%d %s' % (w, v), '}']) + '\n'
    return text, [(n, w) for n, w, _ in outs], static


# The bit scans: where the source is zero the model makes the result poison
# (bsf and bsr leave it undefined; tzcnt is bsf without BMI1), so an output
# that is poison there is not compared (the proof can never use it).
SCANS = ('tzcnt', 'bsf', 'bsr')


def sym_signed(v):
    return v - (1 << 64) if v >> 63 else v


def run_model(mod, inputs, canary=None, name='@t', poison=False):
    """The model's result on inputs (None: undefined behaviour or poison);
    with poison, 'poison' where the result is poison and no path met
    undefined behaviour."""
    import ir
    import sym
    import values
    import x86check
    fn = mod.functions[name]
    ex = sym.Exec([mod], 'llvm')
    ex.canary = canary  # the processor's (forms_main.c prints it)
    st = values.State(fn, None)
    args = []
    for (pn, t, a), v in zip(fn.params, inputs):
        w = 1 if t == ir.I1 else 64
        args.append(values.V('b', bool(v), 1) if w == 1 else values.V('i', v, 64))
    if poison:
        st.frame = ex.frame_for(fn, args)
        for (pn, t, a), v in zip(fn.params, args):
            st.regs[pn] = v
        fin = ex.explore([st])
        if len(fin) != 1 or fin[0].status != 'ret' or fin[0].ubs:
            return None
        return 'poison' if fin[0].ret.p is not False else fin[0].ret.v
    return x86check.run_function(ex, st, fn, args)


EDGES = (0, 1, 2, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff,
         0x80000000, 0xffffffff, 0x100000000, 0x7fffffffffffffff, 0x8000000000000000, 31, 32, 63, 64, 65, 33,
         0xffffffff80000000, 0xffffffffffffff80, 0xffffffffffff8000, 0x123456789abcdef0)


def inputs(rng, n):
    """n inputs: 9 registers, 4 flags (and PF, AF), 8 quadwords."""
    out = []
    for k in range(n):
        def val():
            c = rng.random()
            if c < 0.45:
                return rng.choice(EDGES)
            if c < 0.6:
                return rng.choice(EDGES) ^ (1 << rng.randrange(64))
            if c < 0.75:
                return rng.randrange(1 << 32)
            return rng.randrange(1 << 64)
        regs = [val() for _ in SAVE]
        if k < len(EDGES):  # the count register (cl) runs through every edge first
            regs[1] = EDGES[k]
        flags = {f: rng.randrange(2) for f in FLAG_BITS}
        out.append((regs, flags, [val() for _ in range(MEMQ)]))
    return out


def main():
    ap = argparse.ArgumentParser(description='the x86 model against the processor, form by form')
    ap.add_argument('dir', help='a directory for the harness\'s build')
    ap.add_argument('--inputs', type=int, default=100, help='inputs per case')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--write', action='store_true', help='write forms.tsv from what was tested')
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('--only', help='the cases whose text matches this regular expression (a quick look)')
    ap.add_argument('--verbose', action='store_true', help='name each case the model refuses')
    opts = ap.parse_args()
    sys.path.insert(0, HERE)  # x86check.py
    sys.dont_write_bytecode = True
    import capstone
    import x86
    from ir import parse_module
    t0 = time.time()
    cs = cases()
    if opts.only:
        import re
        cs = [c for c in cs if re.search(opts.only, c[0])]
    os.makedirs(opts.dir, exist_ok=True)
    s, obj, prog = (os.path.join(opts.dir, x) for x in ('forms.s', 'forms.o', 'forms'))
    with open(s, 'w') as fh:
        fh.write(routines(cs))
    subprocess.run([opts.cc, '-c', '-o', obj, s], check=True)
    subprocess.run([opts.cc, '-O1', '-o', prog, os.path.join(HERE, 'forms_main.c'), obj], check=True)
    codes = case_bytes(obj, cs)
    md = capstone.Cs(capstone.CS_ARCH_X86, capstone.CS_MODE_64)
    md.detail = True
    if opts.write:
        # the forms of every case let through while they are tested (the
        # registry is formset's, which x86.py asks)
        import formset
        formset._registry = {f: (0, 0) for (text, kind, _), (c, g) in zip(cs, codes) for f in case_forms(c, kind, md)}
        formset._registry.update({key(i): (0, 0) for c, g in codes if g for i in md.disasm(g[1], 0x1000)})
    registered = registry()
    rng = random.Random(opts.seed)
    per_case = [inputs(rng, opts.inputs) for _ in cs]
    feed = []
    for n, ins in enumerate(per_case):
        for regs, flags, mem in ins:
            fl = 0x202 | sum(v << FLAG_BITS[f] for f, v in flags.items())
            feed.append('%d %s %x %s' % (n, ' '.join('%x' % v for v in regs), fl, ' '.join('%x' % v for v in mem)))
    got = subprocess.run([prog], input='\n'.join(feed) + '\n', capture_output=True, text=True, check=True)
    lines = got.stdout.splitlines()
    canary = int(lines[0].split()[1], 16)  # 'canary HEX': the process's stack protector canary, fs:0x28
    machine = [list(map(lambda x: int(x, 16), l.split())) for l in lines[1:]]
    stats, bad, refused, k = {}, [], [], 0
    unset = 0  # outputs not compared: poison in the model (a bit scan of zero)
    for n, ((text, kind, _), (code, callee)) in enumerate(zip(cs, codes)):
        forms = case_forms(code, kind, md)
        built = model_case(code, kind, callee)
        outs_m = machine[k:k + len(per_case[n])]
        k += len(per_case[n])
        if isinstance(built, str):
            refused.append((text, built))
            continue
        ir_text, outs, static = built
        mod = parse_module('case %d' % n, ir_text)
        mod.lifted = True  # x86.py's own functions (the canary, an indexed stack place) are called here, as in a lifted object
        for (regs, flags, mem), mach in zip(per_case[n], outs_m):
            args = regs + [flags[f] for f in x86.FLAGS] + mem
            v = run_model(mod, args, canary)
            want = {x: mach[j] for j, x in enumerate(SAVE)}
            want.update({f: mach[9] >> FLAG_BITS[f] & 1 for f in x86.FLAGS})
            want.update({'m%d' % j: mach[10 + j] for j in range(MEMQ)})
            want.update({'rbp': mach[BP], 'sp': sym_signed(mach[SP]), 'bpo': sym_signed(mach[BPO])})
            diff = ['%s: model %d, machine %d' % (name, o, want[name]) for name, o in sorted(static.items())
                    if o != want[name]]
            pos = 0
            alone = v is None and '@t.0' in mod.functions  # a bit scan's case: each output alone
            for j, (name, w) in enumerate(outs):
                m = None if v is None else v >> pos & ((1 << w) - 1)
                pos += w
                if alone:
                    m = run_model(mod, args, canary, '@t.%d' % j, poison=True)
                    if m == 'poison':
                        unset += 1
                        continue
                if m != want[name] & ((1 << w) - 1):
                    diff.append('%s: model %s, machine %#x' % (name, 'poison' if m is None else '%#x' % m,
                                                               want[name]))
            if diff:
                bad.append((text, regs, flags, mem, diff))
        for f in set(forms):
            c, i = stats.get(f, (0, 0))
            stats[f] = (c + 1, i + len(per_case[n]))
    failing = {}
    for text, regs, flags, mem, diff in bad:
        failing[text] = failing.get(text, 0) + 1

    for text, count in failing.items():
        print('  %s: %d mismatches' % (text.replace('\n\t', '; ').replace('\n', ' '), count))
    for text, regs, flags, mem, diff in bad[:8]:
        print('  %s: rax..r11=%s flags=%s: %s' % (text.replace('\n\t', '; '), ','.join('%#x' % x for x in regs),
                                                 ''.join(f for f, v in flags.items() if v), '; '.join(diff[:3])))
    if opts.write and not bad and not opts.only:
        with open(REGISTRY, 'w') as fh:
            fh.write('# The x86 forms the lifter accepts (tests/prove/checks/forms.py wrote this: --write), each with its\n'
                     '# cases and the inputs on which the model agreed with the processor.  Any other form is\n'
                     '# refused.  Columns: form, cases, inputs.\n')
            # ret ends f: its meaning (eax the result, rsp and the saved registers
            # as at entry) is tested by the whole hand-written f, tiny.s; the
            # list pointer in a stack slot by calls.s (x86check.py, 2000
            # inputs each in tests/prove.bats).
            stats.update(WHOLE)
            for f in sorted(stats):
                fh.write('%s\t%d\t%d\n' % (f, stats[f][0], stats[f][1]))
    else:
        stale = [] if opts.only else sorted(set(registered) - set(stats) - set(WHOLE))
        for f in stale:
            print('  forms.tsv has %s, which no case tested' % f)
        bad += stale
    total = sum(i for c, i in stats.values())
    if opts.verbose:
        for text, why in refused:
            print('  refused: %s: %s' % (text.replace('\n\t', '; ').replace('\n', ' '), why))
    print('forms: %d cases the model refuses (their forms are not in forms.tsv: the lifter refuses them too)'
          % len(refused))
    if unset:
        print('forms: %d outputs of bit scans of zero not compared (poison in the model)' % unset)
    print('forms: model vs machine: %d forms, %d cases, %d inputs, %d mismatches, %.1f s'
          % (len(stats), len(cs) - len(refused), sum(len(per_case[n]) for n in range(len(cs))) -
             len(refused) * opts.inputs, len(bad), time.time() - t0))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
