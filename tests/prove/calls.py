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

What the call does to the caller, as the ABI has it, as the callee's own
lifting checks and as the callee's own code shows (effects()):
- The callee starts with the caller's rbx, rbp, r12-r15 as values it may
  only save and restore, rsp at the top of a stack of its own (the return
  address above it, out of its reach), and at each ret x86.py checks that
  each of them and rsp hold their entry values again: so after the call the
  caller's rbx, rbp, r12-r15 and rsp are what they were.
- Its result is rax, as many of its low bits as the callee's code leaves
  known at every ret (an int helper's eax, a long one's rax, a char one's
  al): ret_bits, found by lifting again until the widths the calls assumed
  are the callees' own.
- Of rcx, rdx, rsi, rdi, r8-r11 and the xmm registers, those the callee's
  code (or code it calls, transitively) writes hold garbage afterwards
  (poison); the others keep their values (gcc -O2 keeps a value in a
  caller-saved register across a call to a static function it knows leaves
  it alone).  A call of f, or of anything else, writes all of them.  Every
  flag is undefined.
- The callee gets only the argument registers it reads before writing
  them (its live-in registers); the others are passed as poison, so a
  leftover value in rdx or rcx is no argument of a one-argument helper.
- The caller's stack below its rsp (the red zone, where the return address
  and the callee's frame go) holds garbage afterwards (poison).  The callee
  cannot reach the caller's frame: a stack address is never passed.
- Its seventh and later arguments, in the caller's stack slots from rsp
  up: the callee's stack object holds its own copies above its return
  address, as many as its code reaches (x86.MoreSlots, lift.py), passed
  as two i32 halves each (stack_args); the caller's slots are garbage
  after the call (the ABI lets the callee write them).
- A recursion ends because its arguments are numbers on the path (the
  executor's summaries, or SelfCalls for f); else it is refused (sym.py's
  depth limit, or a budget), never assumed."""
import x86
from x86 import ARG_REGS, CLOBBERED, lo_bits, ity

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
        self.data_refs = set()  # offsets of the relocations of rip-relative reads (read-only data)
        self.needs_aligned = set()  # callees with an aligned access to their stack (their rsp + 8 aligned)
        self.ret_bits = {}  # (start, sig) -> the bits of rax a call of it assumes known at its ret (64 at first)
        self.got_bits = {}  # IR name -> the bits its lifting found (lift.py compares the two)
        self.writes, self.live_in = self.effects()
        self.slots = {}  # callee start -> the caller's stack slots its calls pass (lift.py: as its code reaches)
        self.need_slots = {}  # callee start -> the slots its lifting found it reaches (x86.MoreSlots)
        self.misaligned = set()  # callees some call enters with rsp + 8 not 16-byte aligned

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
        if (sp[1] - b.L.aligned_at + (8 if tail else 0)) % 16:
            self.misaligned.add(target)
        slots = 0 if target == self.f_addr else self.slots.get(target, 0)  # its arguments on the stack
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
                if r not in self.live_in[target]:
                    sig.append('i')  # not read by the callee before it writes it
                    parts.append('i64 poison')
                elif k == 'p':
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
            if slots:
                sig.append(('slots', slots))
                parts += self.stack_args(b, sp[1] + (8 if tail else 0), slots)
            key = (target, tuple(sig))
            name = self.want.get(key)
            if name is None:
                name = self.want[key] = '@x%x.%d' % (target, len(self.want))
            args = ', '.join(parts)
        bits = 32 if target == self.f_addr else self.ret_bits.setdefault(key, 64)
        v = b.emit('call %s %s(%s)' % (ity(bits), name, args))
        if tail:
            return v, bits
        written = self.writes.get(target) if target != self.f_addr else None
        b.after_call(sp[1], [r for r in CLOBBERED if written is None or r in written])
        b.forget(sp[1], 8 * slots)  # the callee's own: it may have written them
        b.set('rax', 'i' if bits == 64 else 'lo%d' % bits, v)
        b.low['rax'] = (bits, v)
        return v

    @staticmethod
    def stack_args(b, at, slots):
        """The caller's stack slots from offset at (its rsp at the call, where
        the callee finds them above its return address): the callee's
        arguments from the seventh, each slot as two i32 halves, a half that
        holds anything but a number (unset, a pointer, a saved register, an
        address) passed as poison.  Slots outside the caller's own frame are
        refused (b.stack_ptr), or passed on to the caller's own caller as its
        slots."""
        parts = []
        for o in range(at, at + 8 * slots, 4):
            p = b.stack_ptr(o, 4)
            if all(b.stack.get(o + k) == 'v' for k in range(4)):
                parts.append('i32 %s' % b.emit('load i32, ptr %s' % p))
            else:
                parts.append('i32 poison')
        return parts

    def effects(self):
        """For each function of the object, from its machine code (capstone's
        list of the registers each instruction reads and writes, explicit
        and implicit): the registers of CLOBBERED it may write, its calls'
        included (a call of f, or of anything but a function of the object:
        all of them), and the argument registers it reads before writing
        them.  Both to a fixpoint over the calls between the functions."""
        from ir import Refused
        funcs = {}
        for start, (name, size) in self.funcs.items():
            try:
                insns = x86.disassemble(self.obj['code'][start:start + size], start)
                funcs[start] = x86.blocks_of(insns, self.funcs, tables=lambda ins, k: self.table_targets(ins))
            except Refused:
                funcs[start] = None  # refused when it is lifted, if it is called
        writes = {a: set() for a in funcs}
        live = {a: set() for a in funcs}
        everything = set(CLOBBERED) | set(ARG_REGS)
        changed = True
        while changed:
            changed = False
            for a, blocks in funcs.items():
                if blocks is None:
                    w, lv = everything, set(ARG_REGS)
                else:
                    w, lv = self.effect_of(a, blocks, writes, live)
                if w != writes[a] or lv != live[a]:
                    writes[a], live[a], changed = w, lv, True
        return writes, live

    def effect_of(self, a, blocks, writes, live):
        """One function's (writes, live-in argument registers), given its
        callees' so far."""
        everything = set(CLOBBERED) | set(ARG_REGS)
        w_all = set()
        use, kill = {}, {}
        for addr, insns, succ in blocks:
            u, d = set(), set()
            for i in insns:
                reads, wr = i.regs_access()
                target = None
                if i.mnemonic == 'call' or i.mnemonic == 'jmp' and not x86.is_indirect(i) and \
                        x86.jump_target(i) not in {x.address for x in insns} and \
                        x86.jump_target(i) not in {b[0] for b in blocks}:
                    rel = self.obj['relocs'].get(i.address + 1)
                    target = rel[2] if rel is not None else (i.operands[0].imm if i.operands and
                                                             i.operands[0].type == cx.X86_OP_IMM else None)
                    cw = writes.get(target) if target in self.funcs and target != self.f_addr else None
                    cl = live.get(target) if target in self.funcs and target != self.f_addr else None
                    u |= (set(ARG_REGS) if cl is None else cl) - d
                    cw = everything if cw is None else cw
                    w_all |= cw
                    d |= cw & set(CLOBBERED)
                    continue
                ops = i.operands
                if i.mnemonic in ('xor', 'sub', 'pxor') and len(ops) == 2 and ops[0].type == ops[1].type == \
                        cx.X86_OP_REG and ops[0].reg == ops[1].reg:
                    reads = ()  # the zeroing idiom: whatever the register held
                for r in reads:
                    n = x86.REGS.get(i.reg_name(r))
                    if n is not None and n[0] not in d:
                        u.add(n[0])
                for r in wr:
                    n = x86.REGS.get(i.reg_name(r))
                    if n is None:
                        continue
                    w_all.add(n[0])
                    if n[1] >= 32:  # an 8- or 16-bit write keeps the rest: no kill
                        d.add(n[0])
                    elif n[0] not in d:
                        u.add(n[0])
            use[addr], kill[addr] = u, d
        lin = {addr: set() for addr, _, _ in blocks}
        changed = True
        while changed:
            changed = False
            for addr, insns, succ in reversed(blocks):
                out = set()
                for t in succ:
                    out |= lin.get(t, set())
                new = use[addr] | (out - kill[addr])
                if new != lin[addr]:
                    lin[addr], changed = new, True
        return w_all & set(CLOBBERED), lin[blocks[0][0]] & set(ARG_REGS)

    def table_targets(self, insns):
        """The jump tables' targets for blocks_of (as the lifter finds them)."""
        lifter = x86.Lifter.__new__(x86.Lifter)
        lifter.rodata, lifter.calls = self.obj.get('rodata'), self
        return lifter.jump_tables(insns, None)
