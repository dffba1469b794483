"""calls.py - calls between the candidate's own functions in gcc's machine
code (x86.py): f calling itself, and static helpers f calls.

A call is followed only to the start of a function of the candidate's own
object (its symbol in f's section; a direct call, or a jmp there as a tail
call); anything else stays refused.  Each callee is lifted as a function of
its own, once per kinds of the argument registers at the call (rdi, rsi,
rdx, rcx, r8, r9: a list pointer, a number or its low bits; a register
holding anything else, a stack address or a caller's saved value, is passed
as poison, so a use of it counts as garbage reaching a branch, an address
or the result).  f itself is called as f (golf.py's SelfCalls then runs it
on its own inputs), with rdi and rsi list pointers and edx, ecx numbers.

What the call does to the caller, as the ABI has it and as the callee's own
lifting checks:
- The callee starts with the caller's rbx, rbp, r12-r15 as values it may
  only save and restore, rsp at the top of a stack of its own (the return
  address above it, out of its reach), and at each ret x86.py checks that
  each of them and rsp hold their entry values again: so after the call the
  caller's rbx, rbp, r12-r15 and rsp are what they were.
- Its result is eax (an i32; rax's upper half unspecified: 'lo32').
- rcx, rdx, rsi, rdi, r8-r11 hold garbage afterwards (poison), and every
  flag is undefined.
- The caller's stack below its rsp (the red zone, where the return address
  and the callee's frame go) holds garbage afterwards (poison).  The callee
  cannot reach the caller's frame: a stack address is never passed.
- A recursion ends because its arguments are numbers on the path (the
  executor's summaries, or SelfCalls for f); else it is refused (sym.py's
  depth limit, or a budget), never assumed."""
import x86
from x86 import ARG_REGS, lo_bits, ity

try:
    from capstone import x86 as cx
except ImportError:
    cx = None


STACK_CHK_FAIL = '__stack_chk_fail'  # the stack protector's failure (x86.py): the one name outside a call reaches


class Calls:
    def __init__(self, obj):
        self.obj = obj
        self.funcs = obj['funcs']  # start -> (name, size)
        self.f_addr = obj['f'][0]
        self.want = {}  # (start, sig) -> IR name, in the order asked
        self.sites = {}  # call address -> target

    def target(self, b, i):
        ops = i.operands
        if len(ops) != 1 or ops[0].type != cx.X86_OP_IMM:
            b.refuse('an indirect call is not modelled')
        rel = self.obj['relocs'].get(i.address + 1)
        t = rel[2] if rel is not None else ops[0].imm
        if t not in self.funcs or i.size != 5:
            b.refuse('a call to something other than a function of the candidate is not modelled')
        self.sites[i.address] = t
        return t

    def stack_chk_fail(self, i):
        """i is a call of __stack_chk_fail: call rel32 through a PC32 or
        PLT32 relocation to that name (the site's -fstack-protector-strong
        puts one in each function it guards); the site is recorded, so
        that x86.check_relocs lets its relocation pass."""
        if i.mnemonic != 'call' or i.size != 5:
            return False
        rel = self.obj['relocs'].get(i.address + 1)
        if rel is None or rel[0] not in (2, 4) or rel[1] != STACK_CHK_FAIL:
            return False
        self.sites[i.address] = STACK_CHK_FAIL
        return True

    def call(self, b, i, target, tail=False):
        """The call's meaning in block b; its result (an i32 IR value)."""
        if target is None:
            target = self.target(b, i)
        elif target not in self.funcs:
            b.refuse('a jump outside f that is not a tail call of a function of the candidate')
        sp = b.kind('rsp')
        if not (isinstance(sp, tuple) and sp[0] == 's'):
            b.refuse('rsp is not a known stack address at a call')
        if target == self.f_addr:
            for r in ('rdi', 'rsi'):
                if b.kind(r) != 'p':
                    b.refuse('f calls itself with %s not a list pointer (not modelled)' % r)
            args = 'ptr %s, ptr %s, i32 %s, i32 %s' % (b.value('rdi'), b.value('rsi'), b.get('rdx', 32),
                                                       b.get('rcx', 32))
            name = '@f'
        else:
            sig, parts = [], []
            for r in ARG_REGS:
                k = b.kinds[r]
                if k == 'p':
                    sig.append('p')
                    parts.append('ptr %s' % b.value(r))
                    b.use(r)
                elif lo_bits(k):
                    n = lo_bits(k)
                    sig.append(k)
                    parts.append('%s %s' % (ity(n), b.get(r, n)))
                else:
                    sig.append('i')
                    parts.append('i64 poison')
            key = (target, tuple(sig))
            name = self.want.get(key)
            if name is None:
                name = self.want[key] = '@x%x.%d' % (target, len(self.want))
            args = ', '.join(parts)
        v = b.emit('call i32 %s(%s)' % (name, args))
        if tail:
            return v
        # The return address and the callee's frame went below rsp.
        off = sp[1]
        a = 0
        while a < off:
            n = 8 if a + 8 <= off and a % 8 == 0 else 1
            b.emit_store(ity(8 * n), 'poison', b.stack_ptr(a, n))
            for k in range(n):
                b.stack.pop(a + k, None)
            a += n
        b.set('rax', 'lo32', v)
        b.low['rax'] = (32, v)
        for r in ('rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11'):
            b.set(r, 'i', 'poison')
        for f in x86.FLAGS:
            b.set_flag(f, None, 'undefined after a call')
        return v
