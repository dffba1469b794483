"""x86.py - gcc's machine code for f, read as the proof's own IR.

The golf as the site runs it is gcc's object code, not clang's IR.  This
module reads f from an x86-64 ELF object (gcc -c), disassembles it with
capstone (Debian's python3-capstone) and writes each instruction's meaning
as a few LLVM IR instructions that sym.py already executes: the registers
become SSA values (phis at each block for the registers live there), each
flag an i1, the stack one alloca.  golf.py and lists.py then run that IR
exactly as they run clang's: the list loops are cut by induction on the
machine code's own control-flow graph, the per-start board phase unrolls,
and prove.py asks the same queries.  The IR is written with no poison flags
(no nsw, no inbounds): machine arithmetic wraps, and a shift count is
masked here (cl & 63 for a 64-bit operand), as the processor does.

The semantics is the project's own, for exactly the instructions below;
anything else is refused naming the instruction (ir.Refused), never
approximated:
- mov, movabs, movzx, movsx, movsxd, cdqe, cdq, cqo, lea, push, pop, nop,
  endbr64; add, sub, and, or, xor, adc-free arithmetic: inc, dec, neg, not,
  imul (2 and 3 operands); test, cmp; shl/sal, shr, sar by an immediate, by
  1 or by cl; setcc, cmovcc, jcc, jmp, ret (with the condition codes e, ne,
  s, ns, l, ge, le, g, b, ae, be, a, o, no).
- Flags ZF, SF, CF, OF as i1 values; a flag an instruction leaves undefined
  (OF after a shift by more than 1, CF and OF after a shift by cl, ZF and SF
  after imul) or one never modelled (PF, AF) is refused where it is read.
- A 32-bit write zeroes the upper half (cmov included, whichever way it
  goes); an 8- or 16-bit write keeps the rest of the register.
- Registers: rdi and rsi hold the list pointers, edx and ecx the start and
  the end (their upper halves are unspecified by the ABI: a 64-bit read of
  them is refused); rax, r8-r11 hold nothing (poison, so it counts only if
  it reaches a branch, an address or the result).  rbx, rbp, r12-r15 and
  rsp hold the caller's values: they may be pushed, moved and popped, never
  computed with, and at ret each must hold its entry value again, and rsp
  its entry value (checked here on every path, or refused).
- The stack is one 256-byte object ending at the return address; its
  addresses are tracked here as constant offsets (rsp and rbp arithmetic by
  constants only) and an access beyond it (the return address, the
  caller's frame) is refused.  Its unwritten bytes are poison.
- Memory through the list pointers goes to lists.py, as for clang's IR; a
  pointer is only moved by constants or by a whole number in a register
  (`add rax, rdx`: gcc -O0's b + 4 * i, placed in the list by sym.py's
  index hook or refused), and never compared or computed with.
- A call or a tail jmp only to a function of the candidate's own object
  (calls.py: f itself, a static helper); no indirect jump or call, no other
  relocation (a constant in .rodata, a global): refused.  leave, and add or
  sub of a constant on a list pointer kept in a stack slot (gcc -O0's p++).
- The stack protector (the site's -fstack-protector-strong): the canary,
  the quadword at fs:0x28, is read as one unknown 64-bit number for the
  whole run (@x86.canary: the same value at every read, any value: the
  proof holds for each); only read, only there, only as 64 bits.  A call
  of __stack_chk_fail (a PLT32 relocation to that undefined name, the one
  name outside the object a call may reach) ends its path as undefined
  behaviour (@x86.stack_chk_fail: the program aborts, "stack smashing
  detected", with no answer), so the proof must show that no valid input
  reaches it.
- The result: the driver declares int f(int*, int*, int, int), so f returns
  eax, the low 32 bits of rax, as an i32."""
import struct

import formset
from ir import Refused

try:
    import capstone
    from capstone import x86 as cx
except ImportError:  # reported when an object is read (tests/needs installs it)
    capstone = None

STACK = 256  # bytes below the return address that f may use (frame and red zone)
CANARY = 0x28  # fs:0x28, the stack protector's canary (glibc's TCB on x86-64)
SMASH_RETURNS = False  # prove.py --plant canary-ignored (tests only): __stack_chk_fail as a call that returns
ARGS = {'rdi': 'p', 'rsi': 'p', 'rdx': 'lo32', 'rcx': 'lo32'}
SCRATCH = ('rax', 'r8', 'r9', 'r10', 'r11')
SAVED = ('rbx', 'rbp', 'r12', 'r13', 'r14', 'r15')
R64 = ('rax', 'rbx', 'rcx', 'rdx', 'rsi', 'rdi', 'rbp', 'rsp') + tuple('r%d' % n for n in range(8, 16))
FLAGS = ('zf', 'sf', 'cf', 'of')
ARG_REGS = ('rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9')  # the System V argument registers, in order


def reg_table():
    t = {}
    for a in 'abcd':
        t['r%sx' % a], t['e%sx' % a], t['%sx' % a], t['%sl' % a] = \
            ('r%sx' % a, 64), ('r%sx' % a, 32), ('r%sx' % a, 16), ('r%sx' % a, 8)
    for r in ('si', 'di', 'bp', 'sp'):
        t['r' + r], t['e' + r], t[r], t[r + 'l'] = ('r' + r, 64), ('r' + r, 32), ('r' + r, 16), ('r' + r, 8)
    for n in range(8, 16):
        r = 'r%d' % n
        t[r], t[r + 'd'], t[r + 'w'], t[r + 'b'] = (r, 64), (r, 32), (r, 16), (r, 8)
    return t


REGS = reg_table()

# ==================== The object file ====================


def read_f(path, name='f'):
    """f's bytes from an ELF64 x86-64 object: (code, address); refuses a
    relocation inside f (f reads a constant or a global elsewhere)."""
    with open(path, 'rb') as fh:
        data = fh.read()
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
        raise Refused('%s is not a 64-bit little-endian ELF object' % path)
    machine = struct.unpack_from('<H', data, 18)[0]
    if machine != 62:
        raise Refused('%s is not x86-64 code (machine %d)' % (path, machine))
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    secs = []
    for k in range(shnum):
        nm, typ, flags, addr, off, size, link, info, align, entsize = \
            struct.unpack_from('<IIQQQQIIQQ', data, shoff + k * shentsize)
        secs.append({'name': nm, 'type': typ, 'off': off, 'size': size, 'link': link, 'info': info,
                     'entsize': entsize})

    def cstr(sec, off):
        base = secs[sec]['off'] + off
        return data[base:data.index(b'\0', base)].decode('utf-8', 'replace')
    for s in secs:
        s['name'] = cstr(shstrndx, s['name'])
    symtab = next((k for k, s in enumerate(secs) if s['type'] == 2), None)
    if symtab is None:
        raise Refused('%s has no symbol table' % path)
    st = secs[symtab]
    syms = []
    for k in range(st['size'] // 24):
        nm, info, other, shndx, value, size = struct.unpack_from('<IBBHQQ', data, st['off'] + 24 * k)
        syms.append((cstr(st['link'], nm), info, shndx, value, size))
    found = [x for x in syms if x[0] == name and x[1] & 0xf == 2]
    if not found:
        raise Refused('%s defines no function %s' % (path, name))
    _, _, shndx, value, size = found[0]
    text = secs[shndx]
    obj = {'code': data[text['off']:text['off'] + text['size']], 'f': (value, size),
           'funcs': {}, 'relocs': {}}
    for nm, info, sh, v, sz in syms:
        if info & 0xf == 2 and sh == shndx:  # STT_FUNC in f's section
            obj['funcs'].setdefault(v, (nm, sz))
    for s in secs:
        if s['type'] in (4, 9) and s['info'] == shndx:  # SHT_RELA, SHT_REL for f's section
            step = 24 if s['type'] == 4 else 16
            for k in range(s['size'] // step):
                r_off, r_info = struct.unpack_from('<QQ', data, s['off'] + step * k)
                addend = struct.unpack_from('<q', data, s['off'] + step * k + 16)[0] if step == 24 else None
                sym = syms[r_info >> 32]
                target = sym[0] or (secs[sym[2]]['name'] if sym[2] < len(secs) else '?')
                # A call's own target (a function of this section) is read
                # by lift.py; any other relocation is refused there.
                fn_at = sym[3] + addend + 4 if addend is not None and sym[2] == shndx and \
                    sym[1] & 0xf in (2, 3) else None
                obj['relocs'][r_off] = (r_info & 0xffffffff, target, fn_at)
    return obj


def check_relocs(obj, start, size, label, calls):
    """Refuses a relocation in [start, start + size) other than a call's
    rel32 (PC32 or PLT32) to the start of a function of this section, or
    to __stack_chk_fail (the stack protector's failure, lifted as such);
    calls: {address of the call: its target}."""
    for r_off, (typ, target, fn_at) in sorted(obj['relocs'].items()):
        if not start <= r_off < start + size:
            continue
        if typ in (2, 4) and fn_at in obj['funcs'] and calls.get(r_off - 1) == fn_at:
            continue
        if typ in (2, 4) and target == '__stack_chk_fail' and calls.get(r_off - 1) == target:
            continue
        raise Refused('%s+0x%x: a relocation (type %d, to %s): f refers to memory or code '
                      'outside itself, which is not modelled' % (label, r_off - start, typ, target))


def disassemble(code, base=0):
    if capstone is None:
        raise Refused('reading machine code needs capstone for Python (Debian package python3-capstone)')
    md = capstone.Cs(capstone.CS_ARCH_X86, capstone.CS_MODE_64)
    md.detail = True
    insns = list(md.disasm(code, base))
    end = base + sum(i.size for i in insns)
    if end != base + len(code):
        raise Refused('f+0x%x: bytes capstone cannot decode' % end)
    return insns


def text_of(i):
    return 'f+0x%x: %s %s' % (i.address, i.mnemonic, i.op_str)


# ==================== Control flow ====================

CONDS = ('e', 'ne', 's', 'ns', 'l', 'ge', 'le', 'g', 'b', 'ae', 'be', 'a', 'o', 'no')


def cond_of(mnem, prefix):
    c = mnem[len(prefix):]
    c = {'z': 'e', 'nz': 'ne', 'c': 'b', 'nae': 'b', 'nc': 'ae', 'nb': 'ae', 'na': 'be', 'nbe': 'a',
         'nge': 'l', 'nl': 'ge', 'ng': 'le', 'nle': 'g'}.get(c, c)
    return c if c in CONDS else None


def jump_target(i):
    ops = i.operands
    if len(ops) != 1 or ops[0].type != cx.X86_OP_IMM:
        raise Refused('%s: an indirect jump is not modelled' % text_of(i))
    return ops[0].imm


def is_jcc(i):
    return i.mnemonic.startswith('j') and i.mnemonic != 'jmp'


def blocks_of(insns, funcs=(), noreturn=()):
    """[(address, [insn...], successors)]: basic blocks in address order.
    funcs: the starts of the object's functions (a jmp to one outside this
    function is a tail call: it ends its block, with no successor);
    noreturn: the addresses of calls that do not return (__stack_chk_fail:
    each ends its block, with no successor)."""
    addrs = {i.address for i in insns}
    leaders = {insns[0].address}
    for k, i in enumerate(insns):
        m = i.mnemonic
        if m == 'jmp' and jump_target(i) not in addrs and jump_target(i) in funcs:
            if k + 1 < len(insns):
                leaders.add(insns[k + 1].address)
        elif m == 'jmp' or is_jcc(i):
            t = jump_target(i)
            if t not in addrs:
                raise Refused('%s: a jump outside f' % text_of(i))
            leaders.add(t)
            if k + 1 < len(insns):
                leaders.add(insns[k + 1].address)
        elif (m == 'ret' or i.address in noreturn) and k + 1 < len(insns):
            leaders.add(insns[k + 1].address)
    out, cur = [], None
    for k, i in enumerate(insns):
        if i.address in leaders:
            cur = [i]
            out.append(cur)
        else:
            cur.append(i)
    res = []
    for k, b in enumerate(out):
        last = b[-1]
        nxt = out[k + 1][0].address if k + 1 < len(out) else None
        m = last.mnemonic
        if m == 'ret' or m == 'jmp' and jump_target(last) not in addrs or last.address in noreturn:
            succ = []
        elif m == 'jmp':
            succ = [jump_target(last)]
        elif is_jcc(last):
            succ = [jump_target(last), nxt]
        else:
            succ = [nxt]
        if None in succ:
            raise Refused('%s: f runs past its end' % text_of(last))
        res.append((b[0].address, b, succ))
    return res


# ==================== Abstract state ====================
# A register's kind: 'i' (an i64 value), 'loN' (an iN value, the bits above
# unspecified: lo32 for an int argument, lo8 after setcc into a register
# that held a pointer), 'p' (a pointer into a list), ('s', off) (the stack at a
# constant offset), ('e', R) (the caller's R, untouched), 'x' (different
# kinds on different paths: unusable).  A flag: 'b' (an i1) or ('u', why).
# The stack: byte offset -> 'v' (an IR value's byte), ('p', start) (a
# pointer's), ('e', R, k) (byte k of the caller's R, not in IR memory).

def lo_bits(k):
    """The bits of a register's value that are known: 64 for 'i', N for
    'loN' (the rest unspecified), None for the other kinds."""
    if k == 'i':
        return 64
    if isinstance(k, str) and k.startswith('lo'):
        return int(k[2:])
    return None


def join_kind(a, b):
    if a == b:
        return a
    wa, wb = lo_bits(a), lo_bits(b)
    if wa and wb:
        return 'lo%d' % min(wa, wb)
    return 'x'


def join_flag(a, b):
    if a == b:
        return a
    if a == 'b' and b == 'b':
        return 'b'
    return ('u', (a if a != 'b' else b)[1])


def join_stack(a, b):
    out = {}
    for k in set(a) | set(b):
        x, y = a.get(k), b.get(k)
        if x == y:
            out[k] = x
        elif {x, y} <= {None, 'v'}:
            out[k] = 'v'
        else:
            out[k] = 'x'
    return out


class AState:
    def __init__(self, kinds, flags, stack):
        self.kinds, self.flags, self.stack = kinds, flags, stack

    def key(self):
        return (tuple(sorted(self.kinds.items(), key=str)), tuple(sorted(self.flags.items(), key=str)),
                tuple(sorted(self.stack.items(), key=str)))

    def join(self, o):
        return AState({r: join_kind(self.kinds[r], o.kinds[r]) for r in R64},
                      {f: join_flag(self.flags[f], o.flags[f]) for f in FLAGS}, join_stack(self.stack, o.stack))


def entry_state(sig=None):
    """The kinds at a function's entry: f's (sig None), or a function of
    the candidate called with sig, the kinds of ARG_REGS (calls.py)."""
    kinds = {}
    for r in R64:
        kinds[r] = ARGS.get(r) or ('i' if r in SCRATCH else ('e', r))
    if sig is not None:
        for r, k in zip(ARG_REGS, sig):
            kinds[r] = k
    kinds['rsp'] = ('s', STACK)
    return AState(kinds, {f: ('u', 'not set at f\'s entry') for f in FLAGS}, {})


# ==================== The lifter ====================

def ity(w):
    return 'i%d' % w


def mask(w):
    return (1 << w) - 1


class Block:
    """One basic block being lifted: its abstract state, the IR values of
    its registers and flags, the IR lines written, and (for liveness) what
    it reads before writing."""

    def __init__(self, lifter, label, st, vals, fvals):
        self.L, self.label = lifter, label
        self.kinds, self.flags, self.stack = dict(st.kinds), dict(st.flags), dict(st.stack)
        self.vals, self.fvals = dict(vals), dict(fvals)
        self.lines = []
        self.uses, self.defs = {}, set()  # uses: name -> bits read before any write
        self.low = {}  # register -> (bits, value): its low bits as last written here
        self.insn = None

    def state(self):
        return AState(dict(self.kinds), dict(self.flags), dict(self.stack))

    def refuse(self, why):
        raise Refused('%s: %s' % (text_of(self.insn), why))

    def tmp(self):
        self.L.n += 1
        return '%%t%d' % self.L.n

    def emit(self, text):
        d = self.tmp()
        self.lines.append('  %s = %s' % (d, text))
        return d

    # ---------- registers ----------

    def use(self, r, w=64):
        if r not in self.defs:
            self.uses[r] = max(w, self.uses.get(r, 0))

    def define(self, r):
        self.defs.add(r)

    def kind(self, r, w=64):
        self.use(r, w)
        return self.kinds[r]

    def value(self, r):
        v = self.vals.get(r)
        if v is None:
            raise Refused('x86.py: no value for %s in block %s (liveness)' % (r, self.label))
        return v

    def get(self, r, w):
        """The low w bits of register r as an iW operand."""
        k = self.kind(r, w)
        if r in self.low and self.low[r][0] >= w:
            n, v = self.low[r]
            return self.cast('trunc', n, v, w)
        if k == 'i':
            v = self.value(r)
            return v if w == 64 else self.cast('trunc', 64, v, w)
        n = lo_bits(k)
        if n:
            if w > n:
                self.refuse('reads %d bits of %s, of which only the low %d are known here' % (w, r, n))
            v = self.value(r)
            return self.cast('trunc', n, v, w)
        if k == 'p' or k[0] == 's':
            self.refuse('computes with a pointer (%s) as a number, which is not modelled' % r)
        if k[0] == 'e':
            self.refuse('computes with the caller\'s %s, which f must only save and restore' % r)
        self.refuse('reads %s, which holds different kinds of value on different paths' % r)

    def cast(self, op, w1, v, w2):
        if v == 'poison':
            return v
        if w1 == w2:
            return v
        return self.emit('%s %s %s to %s' % (op, ity(w1), v, ity(w2)))

    def put(self, r, w, v):
        """Register r's low w bits become v (iW): a 32-bit write zeroes the
        upper half, an 8- or 16-bit one keeps the rest."""
        if w == 64:
            self.set(r, 'i', v)
        elif w == 32:
            self.set(r, 'i', self.cast('zext', 32, v, 64))
        else:
            base = lo_bits(self.kind(r))
            if not base or base < w:
                self.set(r, 'lo%d' % w, v)  # the rest is a pointer's bits, say: unspecified
            else:
                old = self.get(r, base)
                keep = self.emit('and %s %s, %d' % (ity(base), old, mask(base) & ~mask(w)))
                new = self.emit('or %s %s, %s' % (ity(base), keep, self.cast('zext', w, v, base)))
                self.set(r, 'i' if base == 64 else 'lo%d' % base, new)
        # a read of these low bits gets v itself, not bits picked out of the merge
        self.low[r] = (w, v)

    def set(self, r, kind, v=None):
        self.define(r)
        self.low.pop(r, None)
        self.kinds[r] = kind
        if v is None:
            self.vals.pop(r, None)
        else:
            self.vals[r] = v

    # ---------- flags ----------

    def flag(self, f):
        if f not in self.defs:
            self.uses[f] = 1
        k = self.flags[f]
        if k != 'b':
            self.refuse('reads %s, which is %s' % (f.upper(), k[1]))
        v = self.fvals.get(f)
        if v is None:
            raise Refused('x86.py: no value for %s in block %s (liveness)' % (f, self.label))
        return v

    def set_flag(self, f, v, why=None):
        self.defs.add(f)
        if v is None:
            self.flags[f] = ('u', why)
            self.fvals.pop(f, None)
        else:
            self.flags[f] = 'b'
            self.fvals[f] = v

    def zf_sf(self, w, r):
        self.set_flag('zf', self.emit('icmp eq %s %s, 0' % (ity(w), r)))
        self.set_flag('sf', self.emit('icmp slt %s %s, 0' % (ity(w), r)))

    def cond(self, c):
        """The i1 value of condition code c."""
        def neg(v):
            return self.emit('xor i1 %s, true' % v)
        if c in ('e', 'ne'):
            v = self.flag('zf')
        elif c in ('s', 'ns'):
            v = self.flag('sf')
        elif c in ('b', 'ae'):
            v = self.flag('cf')
        elif c in ('o', 'no'):
            v = self.flag('of')
        elif c in ('l', 'ge'):
            v = self.emit('xor i1 %s, %s' % (self.flag('sf'), self.flag('of')))
        elif c in ('le', 'g'):
            lt = self.emit('xor i1 %s, %s' % (self.flag('sf'), self.flag('of')))
            v = self.emit('or i1 %s, %s' % (self.flag('zf'), lt))
        elif c in ('be', 'a'):
            v = self.emit('or i1 %s, %s' % (self.flag('cf'), self.flag('zf')))
        else:
            self.refuse('condition %s is not modelled' % c)
        return neg(v) if c in ('ne', 'ns', 'ae', 'no', 'ge', 'g', 'a') else v

    # ---------- memory ----------

    def address(self, op):
        """A memory operand: ('s', offset) on the stack, or ('p', ptr value)."""
        m = op.mem
        ins = self.insn
        if m.segment != 0:
            self.refuse('a segment override is not modelled')
        if m.base == 0 or ins.reg_name(m.base) == 'rip':
            self.refuse('an absolute or rip-relative address is not modelled')
        base = REGS.get(ins.reg_name(m.base))
        if base is None or base[1] != 64:
            self.refuse('an address from %s is not modelled' % ins.reg_name(m.base))
        if m.index != 0:
            self.refuse('an indexed address is not modelled')
        k = self.kind(base[0])
        if k == 'p':
            p = self.value(base[0])
            if m.disp:
                p = self.emit('getelementptr i8, ptr %s, i64 %d' % (p, m.disp))
            return ('p', p)
        if isinstance(k, tuple) and k[0] == 's':
            return ('s', k[1] + m.disp)
        self.refuse('an address from %s, which does not hold a pointer here' % base[0])

    def stack_ptr(self, off, n):
        if off < 0 or off + n > STACK:
            self.refuse('an access at %d bytes from the return address, outside f\'s own frame' % (off - STACK))
        return self.emit('getelementptr i8, ptr %%stack, i64 %d' % off)

    def canary(self, op):
        """The operand is the stack protector's canary, fs:0x28."""
        m, ins = op.mem, self.insn
        return m.segment != 0 and ins.reg_name(m.segment) == 'fs' and m.base == 0 and m.index == 0 and \
            m.disp == CANARY

    def load(self, op, w):
        """Reads w bits at a memory operand: (kind, value)."""
        n = w // 8
        if self.canary(op):
            if w != 64:
                self.refuse('reads %d bits of the stack protector\'s canary, not its 64' % w)
            return 'i', self.emit('call i64 @x86.canary()')
        where, a = self.address(op)
        if where == 'p':
            if w != 32:
                self.refuse('a list read as %d bits, not as int' % w)
            return 'i', self.emit('load i32, ptr %s' % a)
        tags = [self.stack.get(a + k) for k in range(n)]
        if n == 8 and all(t == ('p', a) for t in tags):
            return 'p', self.emit('load ptr, ptr %s' % self.stack_ptr(a, 8))
        if n == 8 and tags[0] and tags[0][0] == 'e' and all(t == ('e', tags[0][1], k) for k, t in enumerate(tags)):
            return ('e', tags[0][1]), None
        if not all(t in (None, 'v') for t in tags):
            self.refuse('reads stack bytes that hold part of a pointer or of a saved register')
        return 'i', self.emit('load %s, ptr %s' % (ity(w), self.stack_ptr(a, n)))

    def store(self, op, w, kind, v):
        where, a = self.address(op)
        if where == 'p':
            self.refuse('a write into a list is not modelled')
        self.store_at(a, w, kind, v)

    def store_at(self, a, w, kind, v):
        n = w // 8
        if kind == 'p':
            self.emit_store('ptr', v, self.stack_ptr(a, 8))
            tags = [('p', a)] * 8
        elif isinstance(kind, tuple) and kind[0] == 'e':
            if n != 8:
                self.refuse('a partial write of the caller\'s %s' % kind[1])
            self.stack_ptr(a, 8)
            tags = [('e', kind[1], k) for k in range(8)]
        elif isinstance(kind, tuple) and kind[0] == 's':
            self.refuse('a stack address written to memory is not modelled')
        else:
            self.emit_store(ity(w), v, self.stack_ptr(a, n))
            tags = ['v'] * n
        for k in range(n):
            self.stack[a + k] = tags[k]

    def emit_store(self, ty, v, p):
        self.lines.append('  store %s %s, ptr %s' % (ty, v, p))


class Lifter:
    def __init__(self, insns, calls=None, sig=None, name='@f'):
        self.insns = insns
        self.calls = calls  # the object's functions and the calls asked for (calls.Calls), or None
        self.sig, self.name = sig, name
        self.smash = {i.address for i in insns if calls is not None and calls.stack_chk_fail(i)}
        if SMASH_RETURNS:
            self.smash, self.ignored = set(), self.smash
        self.blocks = blocks_of(insns, calls.funcs if calls else (), self.smash)
        self.n = 0
        self.entry_lines = []  # conversions on the edge from the entry

    def label(self, addr):
        return 'x%x' % addr

    def run_block(self, addr, insns, st, vals, fvals):
        b = Block(self, self.label(addr), st, vals, fvals)
        for i in insns:
            b.insn = i
            term = self.step(b, i)
            if term is not None:
                return b, term
        return b, None

    # ---------- semantics, one instruction ----------

    def step(self, b, i):
        m = i.mnemonic
        ops = i.operands
        if not formset.tested(i):
            b.refuse('the form %s has no test against the processor (tests/prove/forms.tsv)' % formset.key(i))
        if m in ('nop', 'endbr64') or m.startswith('nop'):
            return None
        if i.prefix[0] not in (0,) and m not in ('ret',):  # lock, rep
            b.refuse('a prefix (lock, rep) is not modelled')
        if m in ('mov', 'movabs'):
            return self.mov(b, ops)
        if m in ('movzx', 'movsx', 'movsxd'):
            d, s = ops
            w, ws = d.size * 8, s.size * 8
            v = self.read(b, s, ws)
            self.write(b, d, w, b.cast('zext' if m == 'movzx' else 'sext', ws, v, w))
            return None
        if m in ('cdqe', 'cwde'):
            w = 64 if m == 'cdqe' else 32
            b.put('rax', w, b.cast('sext', w // 2, b.get('rax', w // 2), w))
            return None
        if m in ('cdq', 'cqo'):
            w = 32 if m == 'cdq' else 64
            b.put('rdx', w, b.emit('ashr %s %s, %d' % (ity(w), b.get('rax', w), w - 1)))
            return None
        if m == 'lea':
            return self.lea(b, ops)
        if m == 'push':
            return self.push(b, ops)
        if m == 'pop':
            return self.pop(b, ops)
        if m == 'leave':
            return self.leave(b, ops)
        if m in ('add', 'sub', 'and', 'or', 'xor', 'cmp', 'test'):
            return self.arith(b, m, ops)
        if m in ('inc', 'dec', 'neg', 'not'):
            return self.unary(b, m, ops)
        if m == 'imul':
            return self.imul(b, ops)
        if m in ('shl', 'sal', 'shr', 'sar'):
            return self.shift(b, m, ops)
        if m.startswith('set') and cond_of(m, 'set'):
            c = b.cond(cond_of(m, 'set'))
            self.write(b, ops[0], 8, b.cast('zext', 1, c, 8))
            return None
        if m.startswith('cmov') and cond_of(m, 'cmov'):
            d, s = ops
            w = d.size * 8
            c = b.cond(cond_of(m, 'cmov'))
            new = self.read(b, s, w)
            old = self.read(b, d, w)
            b.put(d_reg(b, d)[0], w, b.emit('select i1 %s, %s %s, %s %s' % (c, ity(w), new, ity(w), old)))
            return None
        if m == 'jmp':
            if self.calls is not None and jump_target(i) not in {x.address for x in self.insns}:
                if not formset.tested(i, 'tail call'):
                    b.refuse('the form %s (tail call) has no test against the processor (tests/prove/forms.tsv)'
                             % formset.key(i))
                return ('ret', self.calls.call(b, i, jump_target(i), tail=True))
            return ('jmp', jump_target(i))
        if is_jcc(i) and cond_of(m, 'j'):
            return ('jcc', b.cond(cond_of(m, 'j')), jump_target(i))
        if m == 'ret':
            if ops:
                b.refuse('ret with an immediate is not modelled')
            return ('ret',)
        if m == 'call':
            if self.calls is None:
                b.refuse('a call is not modelled (f must call nothing)')
            if SMASH_RETURNS and i.address in self.ignored:
                return None  # planted: the protector's failure goes on as if it returned
            if i.address in self.smash:
                if not formset.tested(i, 'stack protector failure'):
                    b.refuse('the form %s (stack protector failure) has no test against the processor '
                             '(tests/prove/forms.tsv)' % formset.key(i))
                return ('smash', i.address)  # the stack protector's check failed: the program aborts
            self.calls.call(b, i, None)
            return None
        b.refuse('this instruction is not modelled')

    def read(self, b, op, w):
        if op.type == cx.X86_OP_REG:
            return b.get(d_reg(b, op)[0], w)
        if op.type == cx.X86_OP_IMM:
            return op.imm & mask(w)
        k, v = b.load(op, w)
        if k != 'i':
            b.refuse('reads a pointer or a saved register as a number')
        return v

    def write(self, b, op, w, v):
        if op.type == cx.X86_OP_REG:
            b.put(d_reg(b, op)[0], w, v)
        elif op.type == cx.X86_OP_MEM:
            b.store(op, w, 'i', v)
        else:
            b.refuse('a write to an immediate')

    def mov(self, b, ops):
        d, s = ops
        w = d.size * 8
        if w == 64:
            # whole registers keep what they hold: a pointer, a stack address, the caller's value
            if s.type == cx.X86_OP_REG:
                k = b.kind(d_reg(b, s)[0])
                v = b.vals.get(d_reg(b, s)[0])
                if lo_bits(k) and lo_bits(k) < 64:
                    b.refuse('reads all of %s, whose upper bits are unspecified here' % d_reg(b, s)[0])
                if k == 'x':
                    b.refuse('reads %s, which holds different kinds of value on different paths' % d_reg(b, s)[0])
            elif s.type == cx.X86_OP_IMM:
                k, v = 'i', s.imm & mask(64)
            else:
                k, v = b.load(s, 64)
            if d.type == cx.X86_OP_REG:
                b.set(d_reg(b, d)[0], k, v)
            else:
                if k == 'i' and v is None:
                    raise Refused('x86.py: no value (liveness)')
                b.store(d, 64, k, v)
            return None
        v = self.read(b, s, w)
        self.write(b, d, w, v)
        return None

    def lea(self, b, ops):
        d, s = ops
        w = d.size * 8
        m = s.mem
        ins = b.insn
        if m.segment != 0 or m.base == 0 and m.index == 0 or m.base != 0 and ins.reg_name(m.base) == 'rip':
            b.refuse('this address form is not modelled')
        if m.base != 0:
            base = REGS[ins.reg_name(m.base)][0]
            k = b.kind(base)
            if w == 64 and m.index == 0 and (k == 'p' or isinstance(k, tuple) and k[0] == 's'):
                if k == 'p':
                    p = b.value(base)
                    if m.disp:
                        p = b.emit('getelementptr i8, ptr %s, i64 %d' % (p, m.disp))
                    b.set(d_reg(b, d)[0], 'p', p)
                else:
                    b.set(d_reg(b, d)[0], ('s', k[1] + m.disp))
                return None
        # a number: base + index * scale + disp, cut to the address size (32
        # bits with the 0x67 prefix, the registers' own width) and to the
        # destination's, so computed in the narrower of the two (the low bits
        # of a sum and a product depend on the low bits only), then
        # zero-extended to the destination.  With no base register (gcc
        # -O0's `lea rdx, [rax*4]`) the index alone, its width the address
        # size.
        cw = min(w, REGS[ins.reg_name(m.base or m.index)][1])
        v = b.get(REGS[ins.reg_name(m.base)][0], cw) if m.base else None
        if m.index != 0:
            x = b.get(REGS[ins.reg_name(m.index)][0], cw)
            if m.scale != 1:
                x = b.emit('mul %s %s, %d' % (ity(cw), x, m.scale))
            v = x if v is None else b.emit('add %s %s, %s' % (ity(cw), v, x))
        if m.disp:
            v = b.emit('add %s %s, %d' % (ity(cw), v, m.disp & mask(cw)))
        b.put(d_reg(b, d)[0], w, b.cast('zext', cw, v, w))
        return None

    def pointer_plus(self, b, d, s):
        """add r64, r64 where one is a list pointer and the other a whole
        number (gcc -O0's b + 4 * i, either way round): the pointer moved by
        that many bytes, sym.py's index hook placing it in the list or
        refusing it; the flags not modelled."""
        if not formset.tested(b.insn, 'list pointer plus a number'):
            b.refuse('the form %s (list pointer plus a number) has no test against the processor '
                     '(tests/prove/forms.tsv)' % formset.key(b.insn))
        rd, rs = d_reg(b, d)[0], d_reg(b, s)[0]
        p, n = (rd, rs) if b.kind(rd) == 'p' else (rs, rd)
        x = b.get(n, 64)
        b.set(rd, 'p', b.emit('getelementptr i8, ptr %s, i64 %s' % (b.value(p), x)))
        for f in FLAGS:
            b.set_flag(f, None, 'set by arithmetic on a pointer (not modelled)')
        return None

    def push(self, b, ops):
        s, = ops
        if s.size != 8:
            b.refuse('a push of %d bytes' % s.size)
        sp = b.kind('rsp')
        if not (isinstance(sp, tuple) and sp[0] == 's'):
            b.refuse('rsp is not a known stack address')
        off = sp[1] - 8
        if s.type == cx.X86_OP_REG:
            r = d_reg(b, s)[0]
            k = b.kind(r)
            if k == 'x' or k[0] == 's' or lo_bits(k) and lo_bits(k) < 64:
                b.refuse('pushes %s, which does not hold a whole number, pointer or saved value' % r)
            b.store_at(off, 64, k, b.vals.get(r))
        elif s.type == cx.X86_OP_IMM:
            b.store_at(off, 64, 'i', s.imm & mask(64))
        else:
            b.refuse('a push from memory is not modelled')
        b.set('rsp', ('s', off))
        return None

    def pop(self, b, ops):
        d, = ops
        sp = b.kind('rsp')
        if not (isinstance(sp, tuple) and sp[0] == 's') or d.type != cx.X86_OP_REG or d.size != 8:
            b.refuse('this pop is not modelled')
        k, v = self.stack_load(b, sp[1])
        b.set(d_reg(b, d)[0], k, v)
        b.set('rsp', ('s', sp[1] + 8))
        return None

    def leave(self, b, ops):
        """leave: mov rsp, rbp; pop rbp (rbp must hold a stack address)."""
        k = b.kind('rbp')
        if ops or not (isinstance(k, tuple) and k[0] == 's'):
            b.refuse('leave with rbp not a known stack address is not modelled')
        b.set('rsp', k)
        kk, v = self.stack_load(b, k[1])
        b.set('rbp', kk, v)
        b.set('rsp', ('s', k[1] + 8))
        return None

    def stack_load(self, b, off):
        tags = [b.stack.get(off + k) for k in range(8)]
        if all(t == ('p', off) for t in tags):
            return 'p', b.emit('load ptr, ptr %s' % b.stack_ptr(off, 8))
        if tags[0] and tags[0][0] == 'e' and all(t == ('e', tags[0][1], k) for k, t in enumerate(tags)):
            b.stack_ptr(off, 8)
            return ('e', tags[0][1]), None
        if not all(t in (None, 'v') for t in tags):
            b.refuse('pops stack bytes that hold part of a pointer or of a saved register')
        return 'i', b.emit('load i64, ptr %s' % b.stack_ptr(off, 8))

    def arith(self, b, m, ops):
        d, s = ops
        w = d.size * 8
        t = ity(w)
        if m in ('add', 'sub') and d.type == cx.X86_OP_REG and w == 64 and s.type == cx.X86_OP_IMM:
            r = d_reg(b, d)[0]
            k = b.kind(r)
            delta = s.imm if m == 'add' else -s.imm
            if isinstance(k, tuple) and k[0] == 's':  # rsp or rbp moved by a constant
                b.set(r, ('s', k[1] + delta))
                for f in FLAGS:
                    b.set_flag(f, None, 'set by arithmetic on a stack address (not modelled)')
                return None
            if k == 'p':
                b.set(r, 'p', b.emit('getelementptr i8, ptr %s, i64 %d' % (b.value(r), delta)))
                for f in FLAGS:
                    b.set_flag(f, None, 'set by arithmetic on a pointer (not modelled)')
                return None
        if m == 'add' and w == 64 and d.type == cx.X86_OP_REG and s.type == cx.X86_OP_REG and d.reg != s.reg and \
                sorted([b.kind(d_reg(b, d)[0]), b.kind(d_reg(b, s)[0])], key=str) == ['i', 'p']:
            return self.pointer_plus(b, d, s)
        if m in ('add', 'sub') and d.type == cx.X86_OP_MEM and w == 64 and s.type == cx.X86_OP_IMM and \
                self.pointer_slot(b, d):
            if not formset.tested(b.insn, 'list pointer in a stack slot'):
                b.refuse('the form %s (list pointer in a stack slot) has no test against the processor '
                         '(tests/prove/forms.tsv)' % formset.key(b.insn))
            return self.move_pointer_slot(b, d, s.imm if m == 'add' else -s.imm)
        same = d.type == cx.X86_OP_REG and s.type == cx.X86_OP_REG and d.reg == s.reg
        if same and m in ('xor', 'sub'):
            r = 0  # the zeroing idiom: whatever the register held
        else:
            x = self.read(b, d, w)
            y = self.read(b, s, w) if not same else x
            if same and m in ('test', 'and', 'or'):
                r = x  # x & x = x | x = x
            else:
                r = None
            op = {'add': 'add', 'sub': 'sub', 'cmp': 'sub', 'and': 'and', 'test': 'and', 'or': 'or',
                  'xor': 'xor'}[m]
            r = b.emit('%s %s %s, %s' % (op, t, x, y)) if r is None else r
        if same and m in ('xor', 'sub'):
            b.set_flag('zf', 'true')
            b.set_flag('sf', 'false')
            b.set_flag('cf', 'false')
            b.set_flag('of', 'false')
        else:
            b.zf_sf(w, r)
            if m in ('add',):
                b.set_flag('cf', b.emit('icmp ult %s %s, %s' % (t, r, x)))
                t1 = b.emit('xor %s %s, %s' % (t, x, r))
                t2 = b.emit('xor %s %s, %s' % (t, y, r))
                b.set_flag('of', b.emit('icmp slt %s %s, 0' % (t, b.emit('and %s %s, %s' % (t, t1, t2)))))
            elif m in ('sub', 'cmp'):
                b.set_flag('cf', b.emit('icmp ult %s %s, %s' % (t, x, y)))
                t1 = b.emit('xor %s %s, %s' % (t, x, y))
                t2 = b.emit('xor %s %s, %s' % (t, x, r))
                b.set_flag('of', b.emit('icmp slt %s %s, 0' % (t, b.emit('and %s %s, %s' % (t, t1, t2)))))
            else:
                b.set_flag('cf', 'false')
                b.set_flag('of', 'false')
        if m not in ('cmp', 'test'):
            self.write(b, d, w, r)
        return None

    def pointer_slot(self, b, op):
        """A stack slot that holds a whole list pointer (gcc -O0 keeps p there)."""
        where, a = b.address(op)
        return where == 's' and all(b.stack.get(a + k) == ('p', a) for k in range(8))

    def move_pointer_slot(self, b, op, delta):
        """add/sub qword [stack], imm on a list pointer kept there: the
        pointer moved by a constant (as for a register); flags not modelled."""
        where, a = b.address(op)
        p = b.emit('load ptr, ptr %s' % b.stack_ptr(a, 8))
        q = b.emit('getelementptr i8, ptr %s, i64 %d' % (p, delta))
        b.store_at(a, 64, 'p', q)
        for f in FLAGS:
            b.set_flag(f, None, 'set by arithmetic on a pointer (not modelled)')
        return None

    def unary(self, b, m, ops):
        d, = ops
        w = d.size * 8
        t = ity(w)
        x = self.read(b, d, w)
        if m == 'not':
            self.write(b, d, w, b.emit('xor %s %s, %d' % (t, x, mask(w))))
            return None
        if m == 'neg':
            r = b.emit('sub %s 0, %s' % (t, x))
            b.set_flag('cf', b.emit('icmp ne %s %s, 0' % (t, x)))
            b.set_flag('of', b.emit('icmp eq %s %s, %d' % (t, x, 1 << (w - 1))))
        else:
            r = b.emit('%s %s %s, 1' % ('add' if m == 'inc' else 'sub', t, x))
            b.set_flag('of', b.emit('icmp eq %s %s, %d' % (t, r, 1 << (w - 1) if m == 'inc' else mask(w - 1))))
        b.zf_sf(w, r)
        self.write(b, d, w, r)
        return None

    def imul(self, b, ops):
        if len(ops) == 1:
            b.refuse('the one-operand imul is not modelled')
        d = ops[0]
        w = d.size * 8
        t, t2 = ity(w), ity(2 * w)
        x = self.read(b, ops[1] if len(ops) == 3 else d, w)
        y = self.read(b, ops[2] if len(ops) == 3 else ops[1], w)
        r = b.emit('mul %s %s, %s' % (t, x, y))
        wide = b.emit('mul %s %s, %s' % (t2, b.cast('sext', w, x, 2 * w), b.cast('sext', w, y, 2 * w)))
        ov = b.emit('icmp ne %s %s, %s' % (t2, wide, b.cast('sext', w, r, 2 * w)))
        b.set_flag('cf', ov)
        b.set_flag('of', ov)
        b.set_flag('zf', None, 'left undefined by imul')
        b.set_flag('sf', None, 'left undefined by imul')
        self.write(b, d, w, r)
        return None

    def shift(self, b, m, ops):
        d = ops[0]
        w = d.size * 8
        t = ity(w)
        cmask = 63 if w == 64 else 31
        op = {'shl': 'shl', 'sal': 'shl', 'shr': 'lshr', 'sar': 'ashr'}[m]
        x = self.read(b, d, w)
        if len(ops) == 1 or ops[1].type == cx.X86_OP_IMM:
            c = (ops[1].imm if len(ops) == 2 else 1) & cmask
            if c == 0:  # the flags as they were; the value written back (a 32-bit register's upper half cleared)
                self.write(b, d, w, x)
                return None
            if c >= w:  # an 8- or 16-bit operand shifted by its width or more
                b.refuse('a shift of a %d-bit operand by %d is not modelled' % (w, c))
            r = b.emit('%s %s %s, %d' % (op, t, x, c))
            b.zf_sf(w, r)
            out = b.emit('%s %s %s, %d' % ('lshr' if op == 'shl' else op, t, x, w - c if op == 'shl' else c - 1))
            cf = b.emit('trunc %s %s to i1' % (t, out))
            b.set_flag('cf', cf)
            if c == 1:
                if op == 'shl':
                    b.set_flag('of', b.emit('xor i1 %s, %s' % (b.emit('icmp slt %s %s, 0' % (t, r)), cf)))
                elif op == 'ashr':
                    b.set_flag('of', 'false')
                else:
                    b.set_flag('of', b.emit('icmp slt %s %s, 0' % (t, x)))
            else:
                b.set_flag('of', None, 'left undefined by a shift by more than 1')
            self.write(b, d, w, r)
            return None
        if ops[1].type != cx.X86_OP_REG or b.insn.reg_name(ops[1].reg) != 'cl':
            b.refuse('a shift count other than an immediate or cl')
        if w < 32:
            b.refuse('a shift of a %d-bit operand by cl is not modelled' % w)
        cnt = b.emit('and %s %s, %d' % (t, b.cast('zext', 8, b.get('rcx', 8), w), cmask))
        r = b.emit('%s %s %s, %s' % (op, t, x, cnt))
        # A count of 0 leaves every flag as it was; otherwise ZF and SF
        # follow the result, CF and OF are not modelled.
        zero = b.emit('icmp eq %s %s, 0' % (t, cnt))
        for f in ('zf', 'sf'):
            if b.flags[f] == 'b':
                new = b.emit('icmp %s %s %s, 0' % ('eq' if f == 'zf' else 'slt', t, r))
                b.set_flag(f, b.emit('select i1 %s, i1 %s, i1 %s' % (zero, b.flag(f), new)))
            else:
                b.set_flag(f, None, 'set by a shift by cl whose count may be 0, after %s' % b.flags[f][1])
        for f in ('cf', 'of'):
            b.set_flag(f, None, 'set by a shift by cl (not modelled)')
        self.write(b, d, w, r)
        return None

    # ---------- the whole function ----------

    def analyse(self):
        """The abstract state at each block's entry (a fixpoint), then each
        block's registers and flags read before written, and liveness."""
        by = {a: (ins, succ) for a, ins, succ in self.blocks}
        first = self.blocks[0][0]
        ins_state = {first: entry_state(self.sig)}
        work = [first]
        dummy_v = {r: '%%dummy' for r in R64}
        dummy_f = {f: '%%dummy' for f in FLAGS}
        rounds = 0
        while work:
            rounds += 1
            if rounds > 10000:
                raise Refused('x86.py: the kinds of the registers do not settle')
            a = work.pop()
            ins, succ = by[a]
            blk, term = self.run_block(a, ins, ins_state[a], dummy_v, dummy_f)
            out = blk.state()
            for s in succ:
                old = ins_state.get(s)
                new = out if old is None else old.join(out)
                if old is None or new.key() != old.key():
                    ins_state[s] = new
                    work.append(s)
        self.ins_state = ins_state
        uses, defs = {}, {}
        for a, ins, succ in self.blocks:
            if a not in ins_state:
                continue  # unreachable
            blk, term = self.run_block(a, ins, ins_state[a], dummy_v, dummy_f)
            uses[a], defs[a] = blk.uses, blk.defs
            if term and term == ('ret',) and 'rax' not in blk.defs:
                uses[a] = dict(uses[a], rax=max(32, uses[a].get('rax', 0)))
        # name -> how many low bits are live (a register written in part
        # counts as read whole where it is merged)
        live = {a: {} for a in uses}
        changed = True
        while changed:
            changed = False
            for a, ins, succ in reversed(self.blocks):
                if a not in uses:
                    continue
                new = dict(uses[a])
                for s in succ:
                    for r, w in live[s].items():
                        if r not in defs[a]:
                            new[r] = max(w, new.get(r, 0))
                if new != live[a]:
                    live[a], changed = new, True
        self.live = live
        # Each block's entry kinds, narrowed to the bits that are live (a
        # value's dead upper bits would otherwise differ from one list
        # square to the next, and keep branches from folding).
        for a in live:
            st = ins_state[a] = AState(dict(ins_state[a].kinds), dict(ins_state[a].flags), dict(ins_state[a].stack))
            for r in R64:
                n = lo_bits(st.kinds[r])
                if n and r in live[a] and live[a][r] < n:
                    st.kinds[r] = 'i' if live[a][r] == 64 else 'lo%d' % live[a][r]

    def lift(self):
        """The IR text of f."""
        self.analyse()
        first = self.blocks[0][0]
        preds = {a: [] for a in self.live}
        for a, ins, succ in self.blocks:
            if a in self.live:
                for s in succ:
                    preds[s].append(a)
        # Each block's phis: the live registers and flags that hold a value.
        phis = {}
        for a in self.live:
            st = self.ins_state[a]
            regs = [r for r in R64 if r in self.live[a] and (st.kinds[r] == 'p' or lo_bits(st.kinds[r]))]
            flags = [f for f in FLAGS if f in self.live[a] and st.flags[f] == 'b']
            phis[a] = (regs, flags)
        body = {}
        incoming = {a: [] for a in self.live}  # (pred label, {reg: value}, {flag: value})
        ent = entry_state(self.sig)
        ent_vals = {'rdi': '%rdi', 'rsi': '%rsi', 'rdx': '%edx', 'rcx': '%ecx'}
        for r in SCRATCH:
            ent_vals[r] = 'poison'
        head = 'define i32 @f(ptr %rdi, ptr %rsi, i32 %edx, i32 %ecx) {'
        if self.sig is not None:
            params = []
            for r, k in zip(ARG_REGS, self.sig):
                ent_vals[r] = '%%%s' % r
                params.append('%s %%%s' % ('ptr' if k == 'p' else ity(lo_bits(k)), r))
            head = 'define i32 %s(%s) {' % (self.name, ', '.join(params))
        incoming[first].append(('entry', ent, ent_vals, {}))
        for a, ins, succ in self.blocks:
            if a not in self.live:
                continue
            st = self.ins_state[a]
            vals = {r: '%%%s.%s' % (self.label(a), r) for r in phis[a][0]}
            fvals = {f: '%%%s.%s' % (self.label(a), f) for f in phis[a][1]}
            blk, term = self.run_block(a, ins, st, vals, fvals)
            for s in succ:
                incoming[s].append((self.label(a), blk, blk.vals, blk.fvals))
            body[a] = (blk, term)
        out = ['; %s, lifted from x86-64 machine code by tests/prove/x86.py' % self.name[1:], head,
               'entry:', '  %%stack = alloca [%d x i8], align 16' % STACK]
        for a, ins, succ in self.blocks:
            if a not in self.live:
                continue
            blk, term = body[a]
            regs, flags = phis[a]
            out.append('%s:' % self.label(a))
            for r in regs:
                k = self.ins_state[a].kinds[r]
                ty = 'ptr' if k == 'p' else ity(lo_bits(k))
                alts = []
                for lab, pst, pv, pf in incoming[a]:
                    alts.append('[ %s, %%%s ]' % (self.convert(pst, pv, r, k, lab, body), lab))
                out.append('  %%%s.%s = phi %s %s' % (self.label(a), r, ty, ', '.join(alts)))
            for f in flags:
                alts = ['[ %s, %%%s ]' % (pf[f], lab) for lab, pst, pv, pf in incoming[a]]
                out.append('  %%%s.%s = phi i1 %s' % (self.label(a), f, ', '.join(alts)))
            body[a] = (blk, term)
        # The conversions each edge needs and the result go at the end of
        # their blocks, so the text is written once every block is done.
        terms = {a: self.terminator(body[a][0], body[a][1], succ) for a, ins, succ in self.blocks if a in self.live}
        text = out[:4] + self.entry_lines + ['  br label %%%s' % self.label(first)]
        for a, ins, succ in self.blocks:
            if a not in self.live:
                continue
            blk, term = body[a]
            text.append('%s:' % self.label(a))
            text += [ln for ln in out if ln.startswith('  %%%s.' % self.label(a)) and ' = phi ' in ln]
            # the block's machine instructions, counted as it is entered (bound.py)
            text.append('  call void @x86.count(i64 %d)' % len(ins))
            text += blk.lines
            text.append(terms[a])
        text.append('}')
        return '\n'.join(text) + '\n'

    def convert(self, pst, pv, r, k, lab, body):
        """The value of register r coming from block lab, as kind k."""
        pk = pst.kinds[r]
        v = pv.get(r)
        if lab != 'entry' and lo_bits(k):
            return body[int(lab[1:], 16)][0].get(r, lo_bits(k))
        if pk == k:
            if v is None:
                raise Refused('x86.py: no value of %s leaving %s' % (r, lab))
            return v
        if lo_bits(pk) and lo_bits(k) and lo_bits(pk) > lo_bits(k):
            if v == 'poison':
                return v
            self.n += 1
            self.entry_lines.append('  %%t%d = trunc %s %s to %s' % (self.n, ity(lo_bits(pk)), v, ity(lo_bits(k))))
            return '%%t%d' % self.n
        raise Refused('x86.py: %s is %s leaving %s but %s at its successor' % (r, pk, lab, k))

    def terminator(self, blk, term, succ):
        if term is None:
            return '  br label %%%s' % self.label(succ[0])
        if term[0] == 'jmp':
            return '  br label %%%s' % self.label(term[1])
        if term[0] == 'jcc':
            return '  br i1 %s, label %%%s, label %%%s' % (term[1], self.label(succ[0]), self.label(succ[1]))
        if term[0] == 'smash':
            return '  call void @x86.stack_chk_fail(i64 %d)\n  unreachable' % term[1]
        # ret: the stack and the caller's registers as they were; eax is the result
        if blk.kinds['rsp'] != ('s', STACK):
            blk.refuse('returns with rsp not at its entry value')
        for r in SAVED:
            if blk.kinds[r] != ('e', r):
                blk.refuse('returns with %s not holding the caller\'s value (the ABI wants it kept)' % r)
        return '  ret i32 %s' % (blk.get('rax', 32) if len(term) == 1 else term[1])


def d_reg(b, op):
    r = REGS.get(b.insn.reg_name(op.reg))
    if r is None:
        b.refuse('register %s is not modelled' % b.insn.reg_name(op.reg))
    return r
