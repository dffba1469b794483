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
import rodata
from blockops import BlockOps, LIBC
from libgcc import LibgccCalls, LIBGCC
from ir import Refused

try:
    import capstone
    from capstone import x86 as cx
except ImportError:  # reported when an object is read (tests/needs installs it)
    capstone = None

STACK = 256  # bytes below the return address that f may use (frame and red zone), at least (frame_size)
CANARY = 0x28  # fs:0x28, the stack protector's canary (glibc's TCB on x86-64)
SMASH_RETURNS = False  # prove.py --plant canary-ignored (tests only): __stack_chk_fail as a call that returns
SCAN_ZERO_DEFINED = False  # prove.py --plant scan-zero-defined (tests only): tzcnt, bsf of 0 as the width, bsr as -1
DIV_ZERO_DEFINED = False  # prove.py --plant div-zero-defined (tests only): a divisor of 0 taken as 1, no fault
ARGS = {'rdi': 'p', 'rsi': 'p', 'rdx': 'lo32', 'rcx': 'lo32'}
SCRATCH = ('rax', 'r8', 'r9', 'r10', 'r11')
SAVED = ('rbx', 'rbp', 'r12', 'r13', 'r14', 'r15')
XMM = tuple('xmm%d' % n for n in range(16))  # 128 bits each, only moved (compilers' copies and zeroing)
R64 = ('rax', 'rbx', 'rcx', 'rdx', 'rsi', 'rdi', 'rbp', 'rsp') + tuple('r%d' % n for n in range(8, 16)) + XMM
FLAGS = ('zf', 'sf', 'cf', 'of', 'pf')
ARG_REGS = ('rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9')  # the System V argument registers, in order
# The registers a callee may leave changed (caller-saved): rax is its result.
CLOBBERED = ('rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11') + XMM
MAX_SLOTS = 32  # the stack-passed arguments a callee may read: its 7th to 38th (calls.py)


class MoreSlots(Refused):
    """A callee reads or writes above its return address, in a stack slot
    of its caller that its calls did not pass yet (lift.py lifts again,
    passing as many as its code reaches: calls.py)."""


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
    for r in XMM:
        t[r] = (r, 128)
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
                     'entsize': entsize, 'flags': flags, 'align': align})

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
    relocs_of = {}
    for s in secs:
        if s['type'] == 9 and s['info'] in (shndx,) or s['type'] == 9 and rodata.is_rodata(secs[s['info']]):
            raise Refused('%s: relocations without addends (SHT_REL) are not modelled' % path)
        if s['type'] == 4 and (s['info'] == shndx or rodata.is_rodata(secs[s['info']])):
            into = relocs_of.setdefault(s['info'], {})
            for k in range(s['size'] // 24):
                r_off, r_info, addend = struct.unpack_from('<QQq', data, s['off'] + 24 * k)
                sym = syms[r_info >> 32]
                into[r_off] = (r_info & 0xffffffff, sym[2], sym[3], addend)
                if s['info'] != shndx:
                    continue
                target = sym[0] or (secs[sym[2]]['name'] if sym[2] < len(secs) else '?')
                # A call's own target (a function of this section) is read
                # by lift.py; a rip-relative address's (read-only data) by
                # rodata.py; any other relocation is refused there.
                fn_at = sym[3] + addend + 4 if sym[2] == shndx and sym[1] & 0xf in (2, 3) else None
                obj['relocs'][r_off] = (r_info & 0xffffffff, target, fn_at, sym[2], sym[3], addend)
    ro = {k: dict(sec, data=data[sec['off']:sec['off'] + sec['size']] if sec['type'] != 8 else b'')
          for k, sec in enumerate(secs) if rodata.is_rodata(sec) or rodata.is_data(sec)}
    obj['rodata'] = rodata.Rodata(ro, relocs_of, shndx)
    return obj


def check_relocs(obj, start, size, label, calls, data_refs=()):
    """Refuses a relocation in [start, start + size) other than a call's
    rel32 (PC32 or PLT32) to the start of a function of this section, or
    to __stack_chk_fail (the stack protector's failure, lifted as such), or
    a rip-relative address of read-only data the lifter read (data_refs);
    calls: {address of the call: its target}."""
    for r_off, (typ, target, fn_at) in sorted((k, v[:3]) for k, v in obj['relocs'].items()):
        if not start <= r_off < start + size:
            continue
        if typ in (2, 4) and fn_at in obj['funcs'] and calls.get(r_off - 1) == fn_at:
            continue
        if typ in (2, 4) and target in ('__stack_chk_fail',) + LIBC + LIBGCC and calls.get(r_off - 1) == target:
            continue
        if r_off in data_refs:
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

CONDS = ('e', 'ne', 's', 'ns', 'l', 'ge', 'le', 'g', 'b', 'ae', 'be', 'a', 'o', 'no', 'p', 'np')


def cond_of(mnem, prefix):
    c = mnem[len(prefix):]
    c = {'z': 'e', 'nz': 'ne', 'c': 'b', 'nae': 'b', 'nc': 'ae', 'nb': 'ae', 'na': 'be', 'nbe': 'a',
         'nge': 'l', 'nl': 'ge', 'ng': 'le', 'nle': 'g', 'pe': 'p', 'po': 'np'}.get(c, c)
    return c if c in CONDS else None


def jump_target(i):
    ops = i.operands
    if len(ops) != 1 or ops[0].type != cx.X86_OP_IMM:
        raise Refused('%s: an indirect jump is not modelled' % text_of(i))
    return ops[0].imm


def is_jcc(i):
    return i.mnemonic.startswith('j') and i.mnemonic != 'jmp'


def is_indirect(i):
    return i.mnemonic == 'jmp' and len(i.operands) == 1 and i.operands[0].type != cx.X86_OP_IMM


def blocks_of(insns, funcs=(), noreturn=(), tables=None):
    """[(address, [insn...], successors)]: basic blocks in address order.
    funcs: the starts of the object's functions (a jmp to one outside this
    function is a tail call: it ends its block, with no successor);
    noreturn: the addresses of calls that do not return (__stack_chk_fail:
    each ends its block, with no successor).  tables(insns, k): the targets
    of the jump tables the indirect jmp insns[k] may go through
    (Lifter.jump_tables): each starts a block, and the jmp's successors are
    left to the analysis, which finds the table it adds (a target outside
    the function is no successor: the lifted switch makes it undefined
    behaviour)."""
    addrs = {i.address for i in insns}
    leaders = {insns[0].address}
    indirect = {}
    for k, i in enumerate(insns):
        m = i.mnemonic
        if is_indirect(i):
            ts = tables(insns, k) if tables is not None else None
            if not ts:
                raise Refused('%s: an indirect jump is not modelled (but through a jump table of the function\'s '
                              'own)' % text_of(i))
            indirect[i.address] = sorted({t for t in ts if t in addrs})
            leaders.update(indirect[i.address])
            if k + 1 < len(insns):
                leaders.add(insns[k + 1].address)
        elif m == 'jmp' and jump_target(i) not in addrs and jump_target(i) in funcs:
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
        if is_indirect(last):
            succ = []  # the table's own targets, once the analysis knows which table (Lifter.analyse)
        elif m == 'ret' or m == 'jmp' and jump_target(last) not in addrs or last.address in noreturn:
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
# A register's kind: 'i' (an i64 value), 'g' (an i64 value a call left
# garbage: a write of its low bits leaves the rest unspecified), 'loN' (an iN value, the bits above
# unspecified: lo32 for an int argument, lo8 after setcc into a register
# that held a pointer), 'p' (a pointer into a list), ('s', off) (the stack at a
# constant offset), ('e', R) (the caller's R, untouched), 'x' (different
# kinds on different paths: unusable).  A flag: 'b' (an i1) or ('u', why).
# The stack: byte offset -> 'v' (an IR value's byte), ('p', start) (a
# pointer's), ('e', R, k) (byte k of the caller's R, not in IR memory).

def lo_bits(k):
    """The bits of a register's value that are known: 64 for 'i' and 'g'
    (garbage: a call wrote it), N for 'loN' (the rest unspecified), None
    for the other kinds."""
    if k in ('i', 'g'):
        return 64
    if isinstance(k, str) and k.startswith('lo'):
        return int(k[2:])
    return None


def is_stack(k):
    """A stack address: ('s', offset) at a constant offset, or ('sv', lo,
    hi) at an offset held as an IR value, inside the bytes [lo, hi) of the
    frame (a local array's) that hold no pointer or saved register."""
    return isinstance(k, tuple) and k[0] in ('s', 'sv')


def free_run(stack, at, size=None, tags=(None, 'v')):
    """The bytes around offset at that hold numbers or nothing yet (no part
    of a pointer or of a saved register, inside f's frame of size bytes):
    (lo, hi), or None when at is not such a byte.  tags=('v',): the bytes
    written with numbers only."""
    size = size or stack.get('size', STACK)

    def free(o):
        return 0 <= o < size and stack.get(o) in tags
    if not free(at):
        return None
    lo, hi = at, at + 1
    while free(lo - 1):
        lo -= 1
    while free(hi):
        hi += 1
    return lo, hi


def array_region(stack, at):
    """The run a computed address from offset at may move in: the numbers
    written around at (a local array, set before it is walked: the bytes
    not written yet may later hold spilled registers), or else the free run."""
    return free_run(stack, at, tags=('v',)) or free_run(stack, at)


def stack_region(k, stack):
    """The free run a stack address of kind k lies in, under stack's tags:
    (lo, hi) or None."""
    if k[0] == 's':
        return free_run(stack, k[1])
    lo, hi = k[1], k[2]
    r = free_run(stack, lo)
    return (lo, hi) if r is not None and r[0] <= lo and hi <= r[1] else None


def join_kind(a, b, stack=None):
    if a == b:
        return a
    wa, wb = lo_bits(a), lo_bits(b)
    if wa and wb:
        # garbage on one path: a write of its low bits leaves the rest unspecified
        return 'g' if 'g' in (a, b) and min(wa, wb) == 64 else 'lo%d' % min(wa, wb)
    if is_stack(a) and is_stack(b) and stack is not None:
        # a pointer that walks a local array (gcc -O2's loop over a string
        # copied to the stack): one free run must hold both
        ra, rb = stack_region(a, stack), stack_region(b, stack)
        if ra is not None and rb is not None and a[0] == b[0] == 's':
            # first the numbers written around the two (the array walked:
            # bytes not written yet may later hold spilled registers)
            r = free_run(stack, min(a[1], b[1]), tags=('v',))
            if r is not None and r[0] <= max(a[1], b[1]) < r[1]:
                return ('sv',) + r
        if ra is not None and rb is not None:
            lo, hi = min(ra[0], rb[0]), max(ra[1], rb[1])
            r = free_run(stack, lo)
            if r is not None and r[0] <= lo and hi <= r[1]:
                return ('sv', lo, hi)
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0] == 'r' and a[1] == b[1]:
        return ('r', a[1], None)  # one object of read-only data, from two places
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
        stack = join_stack(self.stack, o.stack)
        return AState({r: join_kind(self.kinds[r], o.kinds[r], stack) for r in R64},
                      {f: join_flag(self.flags[f], o.flags[f]) for f in FLAGS}, stack)


def frame_size(insns):
    """The bytes below the return address a function's stack object holds:
    STACK, or more for a frame that goes deeper (gcc -O0 keeps every local
    of a function with __int128 values in its frame): its `sub rsp, N` and
    the deepest displacement from rbp or rsp, with room for the red zone."""
    n = STACK
    for i in insns:
        if i.mnemonic == 'sub' and len(i.operands) == 2 and i.operands[0].type == cx.X86_OP_REG and \
                i.reg_name(i.operands[0].reg) == 'rsp' and i.operands[1].type == cx.X86_OP_IMM:
            n = max(n, i.operands[1].imm + 64 + 128)
        for op in i.operands:
            if op.type == cx.X86_OP_MEM and op.mem.base and i.reg_name(op.mem.base) in ('rbp', 'rsp'):
                n = max(n, -op.mem.disp + 64 + 128)
    return min((n + 15) // 16 * 16, 4096)


def entry_state(sig=None, size=STACK):
    """The kinds at a function's entry: f's (sig None), or a function of
    the candidate called with sig, the kinds of ARG_REGS (calls.py)."""
    kinds = {}
    for r in R64:
        kinds[r] = ARGS.get(r) or ('i' if r in SCRATCH else 'lo128' if r in XMM else ('e', r))
    if sig is not None:
        for r, k in zip(ARG_REGS, sig):
            kinds[r] = k
    kinds['rsp'] = ('s', size)
    # the frame's size rides with the stack's tags (free_run reads it)
    return AState(kinds, {f: ('u', 'not set at f\'s entry') for f in FLAGS}, {} if size == STACK else {'size': size})


# ==================== The lifter ====================

def ity(w):
    return 'i%d' % w


def val_type(k):
    """The IR type of a register of kind k, None if it has no IR value: a
    list pointer; a number of its known bits; a computed stack address, an
    address of read-only data, a jump table's entry or target (each an i64
    offset)."""
    if k == 'p':
        return 'ptr'
    n = lo_bits(k)
    if n:
        return ity(n)
    if isinstance(k, tuple) and k[0] in ('sv', 'r', 'jt', 'code'):
        return 'i64'
    return None


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
        self.list_loads = []  # the IR names of the list reads written here (sunk by sink_list_reads)
        self.sign_of = {}  # width -> (eax or rax, edx or rdx) as cdq or cqo left them: rdx the sign of rax
        self.extra = 0  # instructions beyond one each (a rep's iterations, a library call's: bound.py)
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
        if w == 128:
            self.set(r, 'lo128', v)
        elif w == 64:
            self.set(r, 'i', v)
        elif w == 32:
            self.set(r, 'i', self.cast('zext', 32, v, 64))
        else:
            base = lo_bits(self.kind(r))
            if not base or base < w or self.kinds[r] == 'g':
                # the rest is a pointer's bits, say, or garbage (a call wrote
                # the register: setcc after a call of memset): unspecified
                self.set(r, 'lo%d' % w, v)
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
        v = self.flag_value(f)
        if v is None:
            raise Refused('x86.py: no value for %s in block %s (liveness)' % (f, self.label))
        return v

    def flag_value(self, f):
        """Flag f's i1 value here (PF's parity written out where it is
        first wanted: most results' PF is never read)."""
        v = self.fvals.get(f)
        if isinstance(v, tuple):
            v = self.fvals[f] = self.parity(v)
        return v

    def parity(self, v):
        """PF's value v written out: ('parity', result, its width), or
        ('parity', result, width, zero, before) for a shift by cl (PF as it
        was before where the masked count is zero)."""
        r, w = v[1], v[2]
        if isinstance(r, int):
            p = 'true' if bin(r & 0xff).count('1') % 2 == 0 else 'false'
        else:
            n = self.emit('call i8 @llvm.ctpop.i8(i8 %s)' % self.cast('trunc', w, r, 8))
            p = self.emit('icmp eq i8 %s, 0' % self.emit('and i8 %s, 1' % n))
        if len(v) > 3:
            old = self.parity(v[4]) if isinstance(v[4], tuple) else v[4]
            if old is None:
                raise Refused('x86.py: no value for pf in block %s (liveness)' % self.label)
            p = self.emit('select i1 %s, i1 %s, i1 %s' % (v[3], old, p))
        return p

    def set_flag(self, f, v, why=None):
        self.defs.add(f)
        if v is None:
            self.flags[f] = ('u', why)
            self.fvals.pop(f, None)
        else:
            self.flags[f] = 'b'
            self.fvals[f] = v

    def zf_sf(self, w, r):
        """ZF, SF and PF from the result r (iW): PF is set when its low
        byte has an even number of ones."""
        self.set_flag('zf', self.emit('icmp eq %s %s, 0' % (ity(w), r)))
        self.set_flag('sf', self.emit('icmp slt %s %s, 0' % (ity(w), r)))
        self.set_flag('pf', ('parity', r, w))

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
        elif c in ('p', 'np'):
            v = self.flag('pf')
        elif c in ('l', 'ge'):
            v = self.emit('xor i1 %s, %s' % (self.flag('sf'), self.flag('of')))
        elif c in ('le', 'g'):
            lt = self.emit('xor i1 %s, %s' % (self.flag('sf'), self.flag('of')))
            v = self.emit('or i1 %s, %s' % (self.flag('zf'), lt))
        elif c in ('be', 'a'):
            v = self.emit('or i1 %s, %s' % (self.flag('cf'), self.flag('zf')))
        else:
            self.refuse('condition %s is not modelled' % c)
        return neg(v) if c in ('ne', 'ns', 'ae', 'no', 'ge', 'g', 'a', 'np') else v

    # ---------- memory ----------

    def address(self, op):
        """A memory operand's place: ('s', offset) on the stack at a constant
        offset; ('sx', offset value, (lo, hi)) on the stack at an offset held
        as an IR value, which must stay in the free run [lo, hi) (no part of a
        pointer or saved register: a local array); ('p', ptr value) in a
        list; ('r', (shndx, start), offset value, IR name, c, indexed) in an
        object of read-only data (rodata.py), c the offset the pointer was
        made at plus the displacement (None if unknown), indexed whether a
        number is added to it."""
        m = op.mem
        ins = self.insn
        if m.segment != 0:
            self.refuse('a segment override is not modelled')
        if ins.prefix[3] == 0x67:
            self.refuse('a 32-bit address (0x67) in a memory operand is not modelled')
        if m.base != 0 and ins.reg_name(m.base) == 'rip':
            if self.L.calls is None or self.L.calls.obj.get('rodata') is None:
                self.refuse('an absolute or rip-relative address is not modelled')
            shndx, off, r_off = self.L.rodata.target(self.L.calls.obj['relocs'], ins)
            self.L.calls.data_refs.add(r_off)
            name, start, o = self.L.rodata.object(shndx, off)
            return ('r', (shndx, start), o, name, o, False)
        if m.base == 0 and m.index == 0:
            self.refuse('an absolute address is not modelled')
        regs = []
        for r, scale in ((m.base, 1), (m.index, m.scale)):
            if r != 0:
                reg = REGS.get(ins.reg_name(r))
                if reg is None or reg[1] != 64:
                    self.refuse('an address from %s is not modelled' % ins.reg_name(r))
                regs.append((reg[0], scale))
        ptrs = [(r, sc) for r, sc in regs if not lo_bits(self.kind(r))]
        nums = [(r, sc) for r, sc in regs if lo_bits(self.kind(r))]
        if len(ptrs) != 1 or ptrs[0][1] != 1:
            junk = [r for r, sc in nums if self.vals.get(r) == 'poison']
            if not ptrs and junk:
                self.refuse('an address from %s, which holds garbage here (a call wrote it, or nothing did)' % junk[0])
            self.refuse('an address that is not one pointer plus a number')
        base = ptrs[0][0]
        k = self.kind(base)
        num = None
        if nums:
            r, sc = nums[0]
            num = self.get(r, 64)
            if sc != 1:
                num = self.emit('mul i64 %s, %d' % (num, sc))
        if k == 'p':
            p = self.value(base)
            if m.disp:
                p = self.emit('getelementptr i8, ptr %s, i64 %d' % (p, m.disp))
            if num is not None:
                p = self.emit('getelementptr i8, ptr %s, i64 %s' % (p, num))
            return ('p', p)
        if isinstance(k, tuple) and k[0] == 's' and num is None:
            return ('s', k[1] + m.disp)
        if is_stack(k):
            region = array_region(self.stack, k[1] + m.disp) if k[0] == 's' else stack_region(k, self.stack)
            if region is None:
                self.refuse('an address in the stack outside a run of its numbers (a local array)')
            if k[0] == 's':
                off = self.emit('add i64 %s, %d' % (num, (k[1] + m.disp) & mask(64)))
            else:
                off = self.value(base)
                if m.disp:
                    off = self.emit('add i64 %s, %d' % (off, m.disp & mask(64)))
                if num is not None:
                    off = self.emit('add i64 %s, %s' % (off, num))
            return ('sx', off, region)
        if isinstance(k, tuple) and k[0] == 'r':
            off = self.value(base)
            if m.disp:
                off = self.emit('add i64 %s, %d' % (off, m.disp & mask(64)))
            if num is not None:
                off = self.emit('add i64 %s, %s' % (off, num))
            c = k[2] + m.disp if k[2] is not None else None
            return ('r', k[1], off, self.L.rodata.used[k[1]][0], c, num is not None)
        self.refuse('an address from %s, which does not hold a pointer here' % base)

    def stack_ptr(self, off, n):
        L = self.L
        if off < 0 or off + n > L.stack_size:
            # above the return address: a callee's stack-passed arguments,
            # its own copies of its caller's slots (calls.py), else refused
            k = (off + n - L.stack_size - 9) // 8  # the last slot it reaches, 0 the seventh argument
            if L.sig is None or off < L.stack_size + 8:
                self.refuse('an access at %d bytes from the return address, outside f\'s own frame'
                            % (off - L.stack_size))
            if k >= MAX_SLOTS:
                self.refuse('reads its argument %d, beyond the %d on the stack that are followed'
                            % (k + 7, MAX_SLOTS))
            if k >= L.slots:
                L.calls.need_slots[L.start] = max(k + 1, L.calls.need_slots.get(L.start, 0))
                raise MoreSlots('%s: reads its argument %d, on the stack' % (text_of(self.insn), k + 7))
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
        return self.load_at(self.address(op), w)

    def load_at(self, place, w):
        """Reads w bits at a place (address()): (kind, value)."""
        n = w // 8
        where, a = place[0], place[1]
        if where == 'p':
            if w != 32:
                self.refuse('a list read as %d bits, not as int' % w)
            v = self.emit('load i32, ptr %s' % a)
            self.list_loads.append(v)
            return 'i', v
        if where == 'r':
            key, c = place[1], place[4]
            if w == 32 and c is not None and self.L.rodata.table(key[0], key[1], c):
                return ('jt', key, c), place[2]  # an entry of the jump table at c: which one
            return 'i', self.emit('load %s, ptr %s' % (ity(w), self.emit('getelementptr i8, ptr %s, i64 %s'
                                                                          % (place[3], place[2]))))
        if where == 'sx':
            return 'i', self.emit('call %s @x86.stack.load.%s(ptr %%stack, i64 %s, i64 %d, i64 %d)'
                                  % (ity(w), ity(w), a, place[2][0], place[2][1]))
        tags = [self.stack.get(a + k) for k in range(n)]
        if n == 8 and all(t == ('p', a) for t in tags):
            return 'p', self.emit('load ptr, ptr %s' % self.stack_ptr(a, 8))
        if n == 8 and tags[0] and tags[0][0] == 'e' and all(t == ('e', tags[0][1], k) for k, t in enumerate(tags)):
            return ('e', tags[0][1]), None
        if n == 8 and tags[0] and tags[0][0] == 'a' and all(t == tags[0] for t in tags) and tags[0][2] == a:
            k = tags[0][1]  # an address spilled here (store_at)
            return (k, None) if k[0] == 's' else (k, self.emit('load i64, ptr %s' % self.stack_ptr(a, 8)))
        if not all(t in (None, 'v') for t in tags):
            self.refuse('reads stack bytes that hold part of a pointer or of a saved register')
        return 'i', self.emit('load %s, ptr %s' % (ity(w), self.stack_ptr(a, n)))

    def store(self, op, w, kind, v):
        self.store_place(self.address(op), w, kind, v)

    def store_place(self, place, w, kind, v):
        """Writes w bits of kind at a place (address())."""
        where, a = place[0], place[1]
        if where == 'p':
            self.refuse('a write into a list is not modelled')
        if where == 'r':
            if not self.L.rodata.writable(place[1][0]):
                self.refuse('a write into read-only data')
            if kind != 'i' and not lo_bits(kind):
                self.refuse('a stack or data address written to memory is not modelled')
            self.emit_store(ity(w), v, self.emit('getelementptr i8, ptr %s, i64 %s' % (place[3], place[2])))
            return
        if where == 'sx':
            if kind != 'i':
                self.refuse('a pointer or saved register written at a computed place of the stack')
            lo, hi = place[2]
            self.lines.append('  call void @x86.stack.store.%s(ptr %%stack, i64 %s, i64 %d, i64 %d, %s %s)'
                              % (ity(w), a, lo, hi, ity(w), v))
            for o in range(lo, hi):
                self.stack[o] = 'v'
            return
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
        elif is_stack(kind) or isinstance(kind, tuple) and kind[0] == 'r':
            # an address spilled to the stack (gcc -O2 out of registers): its
            # offset stored, the bytes tagged with its kind, read back whole
            if n != 8:
                self.refuse('a partial write of an address')
            off = str(kind[1]) if kind[0] == 's' else v
            self.emit_store('i64', off, self.stack_ptr(a, 8))
            tags = [('a', kind, a)] * 8
        elif kind not in ('i',) and not lo_bits(kind):
            self.refuse('a stack or data address written to memory is not modelled')
        else:
            self.emit_store(ity(w), v, self.stack_ptr(a, n))
            tags = ['v'] * n
        for k in range(n):
            self.stack[a + k] = tags[k]

    def emit_store(self, ty, v, p):
        self.lines.append('  store %s %s, ptr %s' % (ty, v, p))

    def forget(self, at, n):
        """The n stack bytes from offset at hold garbage (poison)."""
        a = at
        while a < at + n:
            k = 8 if a + 8 <= at + n and a % 8 == 0 else 1
            self.emit_store(ity(8 * k), 'poison', self.stack_ptr(a, k))
            for j in range(k):
                self.stack.pop(a + j, None)
            a += k

    def after_call(self, below, written=CLOBBERED):
        """What a call leaves behind (calls.py's into the candidate's own
        functions, blockops.py's of the C library): the return address and
        the callee's frame, the `below` bytes under rsp, poison; each
        caller-saved register it may write garbage; the flags undefined."""
        self.forget(0, below)
        for r in written:
            self.set(r, 'lo128' if r in XMM else 'g', 'poison')  # garbage (lo_bits)
        for f in FLAGS:
            self.set_flag(f, None, 'undefined after a call')


class ArithForms:
    """The lifter's arithmetic forms: the ALU operations, products, shifts
    and double shifts, bit tests and vector moves, each on a block of the
    lift (Lifter.step calls them); apart from the lifter's control flow, so
    that neither class is a drawer of the other's work."""

    def arith(self, b, m, ops):
        d, s = ops
        w = d.size * 8
        t = ity(w)
        if w == 64 and d.type == cx.X86_OP_REG and (self.table_sum(b, m, d, s) or self.stack_arith(b, m, d, s)):
            return None
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
        if not same and d.type == cx.X86_OP_REG and m in ('add', 'sub', 'and', 'or', 'xor') and \
                self.partial(b, d, s, w) < w:
            # Only the low n bits of an operand are known (setcc into a
            # register that held an address): so are the result's, which
            # depend on no higher bit; its other bits and the flags, which
            # do, are left unknown (gcc masks what it keeps: movzx eax, al)
            n = self.partial(b, d, s, w)
            r = b.emit('%s i%d %s, %s' % (m, n, self.read(b, d, n), self.read(b, s, n)))
            rd = d_reg(b, d)[0]
            if m == 'and' and any(self.zext_width(b, op) <= n for op in (d, s)):
                # and with a number zero-extended from at most n bits (gcc
                # -O2: sete sil into a register that held an address, and
                # eax, esi, then and r14d, eax with r14d a movzx'd byte): the
                # unknown bits meet zeros, so the result is known whole
                r = b.cast('zext', n, r, w)
                b.zf_sf(w, r)
                b.set_flag('cf', 'false')
                b.set_flag('of', 'false')
                self.write(b, d, w, r)
                return None
            b.set(rd, 'lo%d' % n, r)
            b.low[rd] = (n, r)
            for f in FLAGS:
                b.set_flag(f, None, 'set from an operand whose high bits are not known')
            return None
        if same and m == 'sbb':
            # sbb r, r: -CF, whatever the register held (gcc -O2's -(a < b))
            c = b.flag('cf')
            r = b.emit('sub %s 0, %s' % (t, b.cast('zext', 1, c, w)))
            b.zf_sf(w, r)
            b.set_flag('cf', c)
            b.set_flag('of', 'false')
            self.write(b, d, w, r)
            return None
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
                  'xor': 'xor', 'adc': 'add', 'sbb': 'sub'}[m]
            r = b.emit('%s %s %s, %s' % (op, t, x, y)) if r is None else r
            if m in ('adc', 'sbb'):  # CF carried in (gcc -O2's x + (a < b), -(a < b): sbb eax, eax)
                c = b.flag('cf')
                r = b.emit('%s %s %s, %s' % (op, t, r, b.cast('zext', 1, c, w)))
        if same and m in ('xor', 'sub'):
            b.set_flag('zf', 'true')
            b.set_flag('sf', 'false')
            b.set_flag('pf', 'true')
            b.set_flag('cf', 'false')
            b.set_flag('of', 'false')
        else:
            b.zf_sf(w, r)
            if m in ('add',):
                b.set_flag('cf', b.emit('icmp ult %s %s, %s' % (t, r, x)))
                t1 = b.emit('xor %s %s, %s' % (t, x, r))
                t2 = b.emit('xor %s %s, %s' % (t, y, r))
                b.set_flag('of', b.emit('icmp slt %s %s, 0' % (t, b.emit('and %s %s, %s' % (t, t1, t2)))))
            elif m == 'adc':  # a carry out: the sum below x, or equal to it with a carry in
                eq = b.emit('and i1 %s, %s' % (c, b.emit('icmp eq %s %s, %s' % (t, r, x))))
                b.set_flag('cf', b.emit('or i1 %s, %s' % (b.emit('icmp ult %s %s, %s' % (t, r, x)), eq)))
                t1 = b.emit('xor %s %s, %s' % (t, x, r))
                t2 = b.emit('xor %s %s, %s' % (t, y, r))
                b.set_flag('of', b.emit('icmp slt %s %s, 0' % (t, b.emit('and %s %s, %s' % (t, t1, t2)))))
            elif m in ('sub', 'cmp', 'sbb'):
                cf = b.emit('icmp ult %s %s, %s' % (t, x, y))
                if m == 'sbb':  # a borrow: x below y, or equal to it with a borrow in
                    cf = b.emit('or i1 %s, %s' % (cf, b.emit('and i1 %s, %s' % (c, b.emit('icmp eq %s %s, %s'
                                                                                           % (t, x, y))))))
                b.set_flag('cf', cf)
                t1 = b.emit('xor %s %s, %s' % (t, x, y))
                t2 = b.emit('xor %s %s, %s' % (t, x, r))
                b.set_flag('of', b.emit('icmp slt %s %s, 0' % (t, b.emit('and %s %s, %s' % (t, t1, t2)))))
            else:
                b.set_flag('cf', 'false')
                b.set_flag('of', 'false')
        if m not in ('cmp', 'test'):
            self.write(b, d, w, r)
        return None

    def partial(self, b, d, s, w):
        """The known low bits of the register operands of d, s (w if all of
        w are known, or if one holds no number: refused as before)."""
        n = w
        for op in (d, s):
            if op.type == cx.X86_OP_REG:
                if high8(b, op):  # read whole or refused by read()
                    continue
                k = lo_bits(b.kinds[d_reg(b, op)[0]])
                if not k:
                    return w
                n = min(n, k)
        return n

    def zext_width(self, b, op):
        """The width a register operand's value was zero-extended from in
        this block (movzx), or 64."""
        if op.type != cx.X86_OP_REG:
            return 64
        r = d_reg(b, op)[0]
        if lo_bits(b.kinds[r]) != 64:
            return 64  # some bits unspecified: no extension of the whole
        v, k = b.vals.get(r), 64
        while isinstance(v, str):
            got = next((ln for ln in b.lines if ln.startswith('  %s = zext i' % v)), None)
            if got is None:
                break
            k = min(k, int(got.split()[3][1:]))
            v = got.split()[4]
        return k

    def table_sum(self, b, m, d, s):
        """add r64, r64 of a jump table's sign-extended entry and the
        table's address (either way round): the target, held as the
        entry's offset in the table (jump_through_table)."""
        if m != 'add' or s.type != cx.X86_OP_REG:
            return False
        rd, rs = d_reg(b, d)[0], d_reg(b, s)[0]
        kd, ks = b.kind(rd), b.kind(rs)
        for je, ja in ((kd, ks), (ks, kd)):
            if isinstance(je, tuple) and je[0] == 'jt' and isinstance(ja, tuple) and ja[0] == 'r':
                if je[3] != 'sx' or ja[1:] != je[1:3]:
                    b.refuse('a jump table\'s entry added to something other than its table\'s address')
                b.set(rd, ('code',) + je[1:3], b.value(rd if je is kd else rs))
                for f in FLAGS:
                    b.set_flag(f, None, 'set by arithmetic on an address (not modelled)')
                return True
        return False

    def stack_arith(self, b, m, d, s):
        """A computed stack address (kind sv) moved by a constant or a
        number, and two stack addresses compared or subtracted (gcc -O2's
        loop over a local array, to its end): offsets in one frame, so
        their order and distance are the addresses'."""
        rd = d_reg(b, d)[0]
        kd = b.kind(rd)
        if m == 'add' and lo_bits(kd) == 64 and s.type == cx.X86_OP_REG and is_stack(b.kind(d_reg(b, s)[0])):
            # a number plus a stack address (gcc -O2's &a[i] as i + a): the
            # address, computed, in the number's register
            rs = d_reg(b, s)[0]
            ks = b.kind(rs)
            region = array_region(b.stack, ks[1]) if ks[0] == 's' else stack_region(ks, b.stack)
            if region is None:
                b.refuse('an address in the stack outside a run of its numbers (a local array)')
            off = str(ks[1]) if ks[0] == 's' else b.value(rs)
            b.set(rd, ('sv',) + region, b.emit('add i64 %s, %s' % (b.get(rd, 64), off)))
            for f in FLAGS:
                b.set_flag(f, None, 'set by arithmetic on a stack address (not modelled)')
            return True
        if not is_stack(kd):
            return False

        def off(k, r):
            return str(k[1]) if k[0] == 's' else b.value(r)
        if s.type == cx.X86_OP_REG and is_stack(b.kind(d_reg(b, s)[0])) and m in ('cmp', 'sub'):
            rs = d_reg(b, s)[0]
            x, y = off(kd, rd), off(b.kind(rs), rs)
            r = b.emit('sub i64 %s, %s' % (x, y))
            b.zf_sf(64, r)
            b.set_flag('cf', b.emit('icmp ult i64 %s, %s' % (x, y)))
            b.set_flag('of', 'false')  # two offsets in [0, 256): no overflow
            if m == 'sub':
                b.set(rd, 'i', r)
            return True
        by_number = s.type == cx.X86_OP_REG and lo_bits(b.kind(d_reg(b, s)[0])) == 64
        if m not in ('add', 'sub') or kd[0] == 's' and not by_number:
            return False
        if s.type == cx.X86_OP_IMM:
            n = s.imm & mask(64)
        elif by_number:
            n = b.get(d_reg(b, s)[0], 64)
        else:
            b.refuse('a stack address moved by something other than a number')
        if kd[0] == 's':
            # a constant stack address moved by a number (gcc-16 -O0 clears
            # a local array by a loop of movaps, then adds the bytes done to
            # its address for the rest): anywhere in the free run around it,
            # whose tags each access through it checks again (stack_region)
            region = free_run(b.stack, kd[1])
            if region is None:
                b.refuse('an address in the stack outside a run of its numbers (a local array)')
            kd, base = ('sv',) + region, str(kd[1])
        else:
            base = b.value(rd)
        b.set(rd, kd, b.emit('%s i64 %s, %s' % (m, base, n)))
        for f in FLAGS:
            b.set_flag(f, None, 'set by arithmetic on a stack address (not modelled)')
        return True

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
            return self.mul_wide(b, 'imul', ops)
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
        for f in ('zf', 'sf', 'pf'):
            b.set_flag(f, None, 'left undefined by imul')
        self.write(b, d, w, r)
        return None

    def mul_wide(self, b, m, ops):
        """imul/mul with one operand (gcc's division by a constant: the high
        half of a product): rdx:rax (edx:eax) = rax times it, signed or
        unsigned, in twice the width; CF and OF say the high half is more
        than the low half's extension; ZF and SF left undefined."""
        s, = ops
        w = s.size * 8
        if w < 32:
            b.refuse('a one-operand %s of %d bits is not modelled' % (m, w))
        t, t2 = ity(w), ity(2 * w)
        ext = 'sext' if m == 'imul' else 'zext'
        x = b.get('rax', w)
        y = self.read(b, s, w)
        wide = b.emit('mul %s %s, %s' % (t2, b.cast(ext, w, x, 2 * w), b.cast(ext, w, y, 2 * w)))
        lo = b.cast('trunc', 2 * w, wide, w)
        hi = b.cast('trunc', 2 * w, b.emit('lshr %s %s, %d' % (t2, wide, w)), w)
        ov = b.emit('icmp ne %s %s, %s' % (t2, wide, b.cast(ext, w, lo, 2 * w)))
        b.put('rax', w, lo)
        b.put('rdx', w, hi)
        b.set_flag('cf', ov)
        b.set_flag('of', ov)
        for f in ('zf', 'sf', 'pf'):
            b.set_flag(f, None, 'left undefined by %s' % m)
        return None

    def shift(self, b, m, ops):
        """shl/sal, shr, sar, rol, ror d, count (an immediate, 1 or cl): the
        count masked to 5 bits (6 for a 64-bit operand); a masked count of 0
        leaves the flags as they were and writes the value back (a 32-bit
        register's upper half cleared).  An 8- or 16-bit operand may be
        shifted by its width or more (the bits all go: 0, or the sign's for
        sar); its rotate goes round by the masked count modulo its width.
        A shift sets ZF, SF and PF from the result and CF to the last bit
        shifted out (undefined for shl and shr by the width or more, and by
        cl: not modelled), OF by 1 only; a rotate keeps ZF, SF and PF and
        sets CF to the bit rotated round (the result's lowest for rol,
        highest for ror) whenever the masked count is not 0, OF by 1 only."""
        d = ops[0]
        w = d.size * 8
        t = ity(w)
        cmask = 63 if w == 64 else 31
        if m in ('rol', 'ror'):
            return self.rotate(b, m, ops, w, t, cmask)
        op = {'shl': 'shl', 'sal': 'shl', 'shr': 'lshr', 'sar': 'ashr'}[m]
        x = self.read(b, d, w)
        if len(ops) == 1 or ops[1].type == cx.X86_OP_IMM:
            c = (ops[1].imm if len(ops) == 2 else 1) & cmask
            if c == 0:  # the flags as they were; the value written back (a 32-bit register's upper half cleared)
                self.write(b, d, w, x)
                return None
            if c >= w:  # an 8- or 16-bit operand shifted by its width or more
                r = b.emit('ashr %s %s, %d' % (t, x, w - 1)) if op == 'ashr' else 0
                b.zf_sf(w, r)
                if op == 'ashr':  # every bit shifted out past the sign's is the sign
                    b.set_flag('cf', b.emit('icmp slt %s %s, 0' % (t, x)))
                else:
                    b.set_flag('cf', None, 'left undefined by a shift by the operand\'s width or more')
                b.set_flag('of', None, 'left undefined by a shift by more than 1')
                self.write(b, d, w, r)
                return None
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
        cnt = self.count_cl(b, ops[1], w, cmask)
        if w < 32:
            # the masked count (up to 31) may pass the width: shifted in 32
            # bits, where every such count is in range, then cut
            wide = b.cast('sext' if op == 'ashr' else 'zext', w, x, 32)
            r = b.cast('trunc', 32, b.emit('%s i32 %s, %s' % (op, wide, b.cast('zext', w, cnt, 32))), w)
        else:
            r = b.emit('%s %s %s, %s' % (op, t, x, cnt))
        self.flags_by_cl(b, t, cnt, r, 'a shift')
        self.write(b, d, w, r)
        return None

    def count_cl(self, b, c, w, cmask):
        """A count in cl, masked as the processor masks it, as an iW value
        (the masked count fits in 8 bits)."""
        if c.type != cx.X86_OP_REG or b.insn.reg_name(c.reg) != 'cl':
            b.refuse('a shift count other than an immediate or cl')
        return b.emit('and %s %s, %d' % (ity(w), b.cast('zext', 8, b.get('rcx', 8), w) if w > 8 else b.get('rcx', 8),
                                         cmask))

    def rotate(self, b, m, ops, w, t, cmask):
        d = ops[0]
        x = self.read(b, d, w)
        fn = 'fshl' if m == 'rol' else 'fshr'

        def rotated(c):  # llvm.fshl/fshr of x with itself: a rotate by c modulo w
            return b.emit('call %s @llvm.%s.%s(%s %s, %s %s, %s %s)' % (t, fn, t, t, x, t, x, t, c))

        def carry(r):  # the bit rotated round
            return b.emit('icmp slt %s %s, 0' % (t, r)) if m == 'ror' else b.emit('trunc %s %s to i1' % (t, r))
        if len(ops) == 1 or ops[1].type == cx.X86_OP_IMM:
            c = (ops[1].imm if len(ops) == 2 else 1) & cmask
            if c == 0:  # the flags as they were; the value written back
                self.write(b, d, w, x)
                return None
            r = rotated(c % w) if c % w else x
            cf = carry(r)
            b.set_flag('cf', cf)
            if c == 1:
                # rol: the result's top bit xor CF; ror: its two top bits' xor
                top = b.emit('icmp slt %s %s, 0' % (t, r))
                other = cf if m == 'rol' else b.emit('icmp slt %s %s, 0' % (t, b.emit('shl %s %s, 1' % (t, r))))
                b.set_flag('of', b.emit('xor i1 %s, %s' % (top, other)))
            else:
                b.set_flag('of', None, 'left undefined by a rotate by more than 1')
            self.write(b, d, w, r)
            return None
        cnt = self.count_cl(b, ops[1], w, cmask)
        r = rotated(cnt)
        zero = b.emit('icmp eq %s %s, 0' % (t, cnt))
        if b.flags['cf'] == 'b':
            b.set_flag('cf', b.emit('select i1 %s, i1 %s, i1 %s' % (zero, b.flag('cf'), carry(r))))
        else:
            b.set_flag('cf', None, 'set by a rotate by cl whose count may be 0, after %s' % b.flags['cf'][1])
        b.set_flag('of', None, 'set by a rotate by cl (not modelled)')
        self.write(b, d, w, r)
        return None

    def flags_by_cl(self, b, t, cnt, r, what):
        """The flags after what (a shift, a double shift) by cl, its masked
        count cnt, its result r (both iW): a count of 0 leaves every flag as it was;
        otherwise ZF, SF and PF follow the result, CF and OF are not modelled."""
        zero = b.emit('icmp eq %s %s, 0' % (t, cnt))
        for f in ('zf', 'sf', 'pf'):
            if b.flags[f] == 'b' and f == 'pf':  # written out where read (Block.parity)
                if 'pf' not in b.defs:  # its value before is read (kept by a count of 0)
                    b.uses['pf'] = 1
                b.set_flag(f, ('parity', r, int(t[1:]), zero, b.fvals.get('pf')))
            elif b.flags[f] == 'b':
                new = b.emit('icmp %s %s %s, 0' % ('eq' if f == 'zf' else 'slt', t, r))
                b.set_flag(f, b.emit('select i1 %s, i1 %s, i1 %s' % (zero, b.flag(f), new)))
            else:
                b.set_flag(f, None, 'set by %s by cl whose count may be 0, after %s' % (what, b.flags[f][1]))
        for f in ('cf', 'of'):
            b.set_flag(f, None, 'set by %s by cl (not modelled)' % what)

    def double_shift(self, b, m, ops):
        """shld/shrd d, s, count (gcc's __int128 shifts): d shifted, the
        vacated bits filled from s; the count masked as the processor masks
        it (63 for a 64-bit operand, 31 for a 32-bit one).  A count of 0
        leaves the flags as they were; otherwise ZF and SF follow the
        result, CF is the last bit shifted out of d (an immediate count;
        by cl not modelled), OF not modelled."""
        d, s, c = ops
        w = d.size * 8
        t = ity(w)
        if w < 32:
            b.refuse('a double shift of a %d-bit operand is not modelled' % w)
        if s.type != cx.X86_OP_REG:
            b.refuse('this double shift is not modelled')
        x = self.read(b, d, w)
        y = b.get(d_reg(b, s)[0], w)
        fn = 'fshr' if m == 'shrd' else 'fshl'

        def shifted(cnt):
            a1, a2 = (y, x) if m == 'shrd' else (x, y)
            return b.emit('call %s @llvm.%s.%s(%s %s, %s %s, %s %s)' % (t, fn, t, t, a1, t, a2, t, cnt))
        if c.type == cx.X86_OP_IMM:
            cnt = c.imm & (w - 1)
            if cnt == 0:  # the flags as they were; the value written back
                self.write(b, d, w, x)
                return None
            r = shifted(cnt)
            b.zf_sf(w, r)
            out = b.emit('lshr %s %s, %d' % (t, x, cnt - 1 if m == 'shrd' else w - cnt))
            b.set_flag('cf', b.emit('trunc %s %s to i1' % (t, out)))
            b.set_flag('of', None, 'set by a double shift (not modelled)')
            self.write(b, d, w, r)
            return None
        if c.type != cx.X86_OP_REG or b.insn.reg_name(c.reg) != 'cl':
            b.refuse('a shift count other than an immediate or cl')
        cnt = b.emit('and %s %s, %d' % (t, b.cast('zext', 8, b.get('rcx', 8), w), w - 1))
        r = shifted(cnt)
        self.flags_by_cl(b, t, cnt, r, 'a double shift')
        self.write(b, d, w, r)
        return None

    def vector_move(self, b, m, ops):
        """The SSE moves compilers use to copy and clear memory (a local
        array's zeroing, a string copied to the stack, an __int128 moved):
        an xmm register is 128 bits, only moved.  pxor x, x clears it (with
        another register: their xor); movaps/movdqa/movups/movdqu copy 16
        bytes (movaps and movdqa need them 16-byte aligned, else the
        processor faults: refused); movq/movd copy 8/4 bytes, zero-extended
        into an xmm register.  The flags are kept."""
        d, s = ops
        if m == 'pxor':
            if d.type != cx.X86_OP_REG:
                b.refuse('this pxor is not modelled')
            rd = d_reg(b, d)[0]
            if s.type == cx.X86_OP_REG and s.reg == d.reg:
                b.put(rd, 128, 0)
                return None
            b.put(rd, 128, b.emit('xor i128 %s, %s' % (b.get(rd, 128), self.read(b, s, 128))))
            return None
        w = 128 if m in ('movaps', 'movdqa', 'movups', 'movdqu') else 64 if m == 'movq' else 32
        if m in ('movaps', 'movdqa'):
            for op in (d, s):
                if op.type == cx.X86_OP_MEM:
                    self.check_aligned(b, op, 16)
        v = self.read(b, s, w)
        if d.type == cx.X86_OP_REG and d_reg(b, d)[1] == 128 and w < 128:
            v = b.cast('zext', w, v, 128)
            w = 128
        self.write(b, d, w, v)
        return None

    def bit_scan(self, b, m, ops):
        """tzcnt, bsf, bsr d, s (32 or 64 bits, s a register or memory):
        the index of s's lowest (tzcnt, bsf) or highest (bsr) set bit.  With
        s zero the result is poison: bsf and bsr leave d undefined (AMD:
        unchanged), and tzcnt (f3 0f bc) runs as bsf on a processor without
        BMI1 (the site's is not known), where tzcnt gives the width.  Flags:
        bsf's and bsr's ZF is s == 0, the rest undefined; after tzcnt all
        undefined, as tzcnt and bsf set ZF and CF differently."""
        d, s = ops
        w = d.size * 8
        if w not in (32, 64) or d.type != cx.X86_OP_REG:
            b.refuse('a %d-bit %s is not modelled' % (w, m))
        t = ity(w)
        x = self.read(b, s, w)
        if m == 'bsr':
            r = b.emit('sub %s %d, %s' % (t, w - 1, b.emit('call %s @llvm.ctlz.%s(%s %s, i1 %s)'
                                                          % (t, t, t, x, 'false' if SCAN_ZERO_DEFINED else 'true'))))
        else:
            r = b.emit('call %s @llvm.cttz.%s(%s %s, i1 %s)' % (t, t, t, x, 'false' if SCAN_ZERO_DEFINED else 'true'))
        for f in FLAGS:
            b.set_flag(f, None, 'left undefined by %s' % m + (' (run as bsf without BMI1: they differ)'
                                                              if m == 'tzcnt' else ''))
        if m != 'tzcnt':
            b.set_flag('zf', b.emit('icmp eq %s %s, 0' % (t, x)))
        self.write(b, d, w, r)
        return None

    def divide(self, b, m, ops):
        """div, idiv s (32 or 64 bits, s a register or memory): rdx:rax
        (edx:eax) divided by s, the quotient in rax, the remainder in rdx,
        truncated toward zero (the remainder has the dividend's sign).  The
        dividend must be one the model knows whole: for idiv, rax with rdx
        its sign (cdq, cqo just before, in the block), for div, rax with
        rdx zero; else refused.  A divisor of zero, or INT_MIN / -1, faults
        (#DE): undefined behaviour the proof must rule out (sym.py's sdiv,
        udiv), as is a divisor the model does not know (garbage) and, for
        idiv, a dividend it does not know (which could be INT_MIN).  Every
        flag is left undefined."""
        s, = ops
        w = s.size * 8
        if w not in (32, 64):
            b.refuse('a %d-bit %s is not modelled' % (w, m))
        t = ity(w)
        x = b.get('rax', w)
        hi = b.get('rdx', w)
        if m == 'idiv':
            if b.sign_of.get(w) != (x, hi):
                b.refuse('idiv of a dividend whose high half is not its low half\'s sign (cdq, cqo) is not modelled')
        else:
            low = b.low.get('rdx')
            if not (low and low[1] == 0 and (low[0] >= w or (low[0] == 32 and b.kind('rdx') == 'i'))):
                b.refuse('div of a dividend whose high half is not zero is not modelled')
        y = self.read(b, s, w)
        if DIV_ZERO_DEFINED:
            y = b.emit('select i1 %s, %s 1, %s %s' % (b.emit('icmp eq %s %s, 0' % (t, y)), t, t, y))
        if m == 'idiv':
            # the dividend defined: a divisor of it made odd (never zero) is
            # undefined behaviour where it is poison
            b.emit('udiv %s 1, %s' % (t, b.emit('or %s %s, 1' % (t, x))))
        sign = 's' if m == 'idiv' else 'u'
        q = b.emit('%sdiv %s %s, %s' % (sign, t, x, y))
        r = b.emit('%srem %s %s, %s' % (sign, t, x, y))
        b.put('rax', w, q)
        b.put('rdx', w, r)
        for f in FLAGS:
            b.set_flag(f, None, 'left undefined by %s' % m)
        return None

    def check_aligned(self, b, op, n):
        """An access that faults unless its address is a multiple of n: on
        the stack at a constant offset (f's entry rsp is 8 past a multiple
        of 16, as the ABI's call leaves it: aligned_at), or in read-only data
        aligned so by its section."""
        place = b.address(op)
        if place[0] == 's':
            if (place[1] - self.aligned_at) % n:
                b.refuse('an aligned access at a stack offset that is not a multiple of %d' % n)
            if self.calls is not None and self.name != '@f':
                self.calls.needs_aligned.add(self.name)
            return
        if place[0] == 'sx':
            # a local array at a computed offset (gcc-16 -O0 clears int
            # B[56] = {0} by a loop of movaps at [rbp + rdx - 0x1d0]): the
            # proof must show the offset a multiple of n, or the processor
            # faults (undefined behaviour)
            b.lines.append('  call void @x86.stack.aligned(ptr %%stack, i64 %s, i64 %d, i64 %d)'
                           % (place[1], self.aligned_at % n, n))
            if self.calls is not None and self.name != '@f':
                self.calls.needs_aligned.add(self.name)
            return
        if place[0] == 'r' and not place[5] and place[4] is not None:
            shndx, start = place[1]
            if self.rodata.align_of(shndx, start, place[4]) >= n:
                return
        b.refuse('an aligned access at an address not known to be a multiple of %d' % n)

    def bit_test(self, b, m, ops):
        """bt/btc/bts/btr d, n (gcc -O2's test, toggle, set or clear of
        bit n): CF is bit n of d before, n taken modulo d's width; btc, bts
        and btr then write d with that bit complemented, set or cleared.
        ZF, SF, OF and PF are left undefined (Intel says ZF is kept, AMD
        that it is undefined).  A memory operand with a register n addresses
        a bit string from it: n is signed, the bit is bit n mod 8 of the
        byte at d + (n >> 3), and the processor reads (and writes back) the
        whole word holding it, the one at d + (w/8) * (n >> log2 w): that
        word must lie in the place's object (a local array, read-only data)
        as any indexed access must; a list is not read so."""
        d, s = ops
        w = d.size * 8
        t = ity(w)
        if w < 16:
            b.refuse('a bit test of an %d-bit operand' % w)
        place = None
        if d.type == cx.X86_OP_MEM and s.type != cx.X86_OP_IMM:
            place = self.bit_string(b, d, s, w)
            k, x = b.load_at(place, w)
            if k != 'i':
                b.refuse('reads a pointer or a saved register as a number')
        else:
            x = self.read(b, d, w)
        if s.type == cx.X86_OP_IMM:
            bit = 1 << (s.imm & (w - 1))
        else:
            # the offset's low bits, all that a register's test reads (gcc
            # -O2's bts rcx, rdx for 1L<<s with s an int, rdx's upper half
            # unknown); a bit string's whole offset counts (bit_string)
            n = b.get(d_reg(b, s)[0], w) if place is not None else b.cast('zext', 8, b.get(d_reg(b, s)[0], 8), w)
            n = b.emit('and %s %s, %d' % (t, n, w - 1))
            bit = b.emit('shl %s 1, %s' % (t, n))
        b.set_flag('cf', b.emit('icmp ne %s %s, 0' % (t, b.emit('and %s %s, %s' % (t, x, bit)))))
        for f in ('zf', 'sf', 'of', 'pf'):
            b.set_flag(f, None, 'left undefined by %s' % m)
        v = None
        if m == 'btc':
            v = b.emit('xor %s %s, %s' % (t, x, bit))
        elif m == 'bts':
            v = b.emit('or %s %s, %s' % (t, x, bit))
        elif m == 'btr':
            inv = (mask(w) & ~bit) if isinstance(bit, int) else b.emit('xor %s %s, %d' % (t, bit, mask(w)))
            v = b.emit('and %s %s, %s' % (t, x, inv))
        if v is not None and place is None:
            self.write(b, d, w, v)
        elif v is not None:
            b.store_place(place, w, 'i', v)
        return None

    def bit_string(self, b, d, s, w):
        """The place of the word a bit test of memory d at register s's bit
        offset reads: d's place moved by (w/8) * (s >> log2 w), s signed."""
        place = b.address(d)
        q = b.emit('ashr %s %s, %d' % (ity(w), b.get(d_reg(b, s)[0], w), {16: 4, 32: 5, 64: 6}[w]))
        delta = b.emit('mul i64 %s, %d' % (b.cast('sext', w, q, 64), w // 8))
        if place[0] == 's':
            region = array_region(b.stack, place[1])
            if region is None:
                b.refuse('an address in the stack outside a run of its numbers (a local array)')
            return ('sx', b.emit('add i64 %s, %d' % (delta, place[1])), region)
        if place[0] == 'sx':
            return ('sx', b.emit('add i64 %s, %s' % (place[1], delta)), place[2])
        if place[0] == 'r':
            return ('r', place[1], b.emit('add i64 %s, %s' % (place[2], delta)), place[3], None, True)
        b.refuse('a bit string in a list is not modelled')


class Lifter(ArithForms, BlockOps, LibgccCalls):
    def __init__(self, insns, calls=None, sig=None, name='@f'):
        self.insns = insns
        self.calls = calls  # the object's functions and the calls asked for (calls.Calls), or None
        self.sig, self.name = sig, name
        self.rodata = calls.obj.get('rodata') if calls is not None else None
        self.stack_size = frame_size(insns)
        self.start = insns[0].address
        # the caller's stack slots it is passed (calls.py): its arguments from the seventh
        self.slots = sig[len(ARG_REGS)][1] if sig is not None and len(sig) > len(ARG_REGS) else 0
        self.aligned_at = 8  # a stack offset 16-byte aligned (the return address is at the top, rsp + 8 aligned)
        self.smash = {i.address for i in insns if calls is not None and calls.stack_chk_fail(i)}
        if SMASH_RETURNS:
            self.smash, self.ignored = set(), self.smash
        self.blocks = blocks_of(insns, calls.funcs if calls else (), self.smash, self.jump_tables)
        self.n = 0
        self.entry_lines = []  # conversions on the edge from the entry

    def label(self, addr):
        return 'x%x' % addr

    def run_block(self, addr, insns, st, vals, fvals):
        b = Block(self, self.label(addr), st, vals, fvals)
        term = None
        for i in insns:
            b.insn = i
            term = self.step(b, i)
            if term is not None:
                break
        b.lines = sink_list_reads(b.lines, b.list_loads)
        return b, term

    # ---------- semantics, one instruction ----------

    def step(self, b, i):
        m = i.mnemonic
        ops = i.operands
        if m == 'lzcnt':
            b.refuse('lzcnt runs as bsr on a processor without LZCNT, with another result, and the site\'s '
                     'processor is not known: not modelled')
        if not formset.tested(i):
            b.refuse('the form %s has no test against the processor (tests/prove/forms.tsv)' % formset.key(i))
        if m in ('nop', 'endbr64') or m.startswith('nop'):
            return None
        if self.is_string_op(i):
            return self.rep_string(b, i)
        if i.prefix[0] not in (0,) and m not in ('ret', 'tzcnt'):  # lock, rep (tzcnt's f3 is its opcode's)
            b.refuse('a prefix (lock, rep) is not modelled')
        if m in ('mov', 'movabs'):
            return self.mov(b, ops)
        if m in ('movzx', 'movsx', 'movsxd'):
            d, s = ops
            w, ws = d.size * 8, s.size * 8
            if m == 'movsxd' and s.type == cx.X86_OP_MEM and w == 64:
                k, v = b.load(s, 32)
                if k != 'i':  # a jump table's entry, sign-extended: its distance
                    if k[0] != 'jt':
                        b.refuse('reads a pointer or a saved register as a number')
                    b.set(d_reg(b, d)[0], ('jt',) + k[1:3] + ('sx',), v)
                    return None
                self.write(b, d, w, b.cast('sext', 32, v, 64))
                return None
            v = self.read(b, s, ws)
            self.write(b, d, w, b.cast('zext' if m == 'movzx' else 'sext', ws, v, w))
            return None
        if m == 'cdqe' and isinstance(b.kind('rax'), tuple) and b.kind('rax')[0] == 'jt':
            k = b.kind('rax')
            if k[3] != 'lo32':
                b.refuse('a jump table\'s entry extended twice')
            b.set('rax', k[:3] + ('sx',), b.value('rax'))
            return None
        if m in ('cdqe', 'cwde'):
            w = 64 if m == 'cdqe' else 32
            b.put('rax', w, b.cast('sext', w // 2, b.get('rax', w // 2), w))
            return None
        if m in ('cdq', 'cqo'):
            w = 32 if m == 'cdq' else 64
            x = b.get('rax', w)
            b.put('rdx', w, b.emit('ashr %s %s, %d' % (ity(w), x, w - 1)))
            b.low['rax'] = (w, x)  # its low bits read as x until rax is written (so idiv can see rdx is its sign)
            b.sign_of[w] = (x, b.get('rdx', w))
            return None
        if m == 'lea':
            return self.lea(b, ops)
        if m == 'push':
            return self.push(b, ops)
        if m == 'pop':
            return self.pop(b, ops)
        if m == 'leave':
            return self.leave(b, ops)
        if m in ('add', 'sub', 'and', 'or', 'xor', 'cmp', 'test', 'adc', 'sbb'):
            return self.arith(b, m, ops)
        if m in ('inc', 'dec', 'neg', 'not'):
            return self.unary(b, m, ops)
        if m == 'imul':
            return self.imul(b, ops)
        if m == 'mul':
            return self.mul_wide(b, m, ops)
        if m in ('shl', 'sal', 'shr', 'sar', 'rol', 'ror'):
            return self.shift(b, m, ops)
        if m in ('shld', 'shrd'):
            return self.double_shift(b, m, ops)
        if m in ('bt', 'btc', 'bts', 'btr'):
            return self.bit_test(b, m, ops)
        if m in ('tzcnt', 'bsf', 'bsr'):
            return self.bit_scan(b, m, ops)
        if m in ('div', 'idiv'):
            return self.divide(b, m, ops)
        if m in ('pxor', 'movaps', 'movdqa', 'movups', 'movdqu', 'movq', 'movd'):
            return self.vector_move(b, m, ops)
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
        if is_indirect(i):
            return self.jump_through_table(b, i)
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
            if self.libc_call(b, i) is None and self.libgcc_call(b, i) is None:
                self.calls.call(b, i, None)
            return None
        b.refuse('this instruction is not modelled')

    def read(self, b, op, w):
        if op.type == cx.X86_OP_REG:
            r = high8(b, op)
            if r:  # ah, ch, dh, bh: bits 8-15 (gcc's __builtin_parity: xor al, ah)
                return b.cast('trunc', 16, b.emit('lshr i16 %s, 8' % b.get(r, 16)), 8)
            return b.get(d_reg(b, op)[0], w)
        if op.type == cx.X86_OP_IMM:
            return op.imm & mask(w)
        k, v = b.load(op, w)
        if k != 'i':
            b.refuse('reads a pointer or a saved register as a number')
        return v

    def write(self, b, op, w, v):
        if op.type == cx.X86_OP_REG:
            r = high8(b, op)
            if r:  # bits 8-15 replaced, the rest kept
                n = lo_bits(b.kind(r))
                if not n or n < 16:
                    b.refuse('writes bits 8-15 of %s, whose low 16 bits are not known here' % r)
                old = b.get(r, n)
                keep = b.emit('and %s %s, %d' % (ity(n), old, mask(n) & ~0xff00))
                new = b.emit('or %s %s, %s' % (ity(n), keep, b.emit('shl %s %s, 8' % (ity(n), b.cast('zext', 8, v, n)))))
                b.set(r, 'i' if n == 64 else 'lo%d' % n, new)
                return
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
        if w == 32 and s.type == cx.X86_OP_MEM and d.type == cx.X86_OP_REG:
            k, v = b.load(s, 32)
            if k != 'i':  # a jump table's entry (gcc -O0: mov eax, [rdx+rax]; cdqe)
                if k[0] != 'jt':
                    b.refuse('reads a pointer or a saved register as a number')
                b.set(d_reg(b, d)[0], ('jt',) + k[1:3] + ('lo32',), v)
                return None
            self.write(b, d, w, v)
            return None
        v = self.read(b, s, w)
        self.write(b, d, w, v)
        return None

    def jump_tables(self, insns, k):
        """The targets of every jump table the function's instructions
        address (gcc -O3 may load a table's address into a saved register
        once, at the start), or None: the indirect jmp insns[k] may go to any
        of them as far as the control flow graph goes; the lifted switch
        takes the table whose entry it adds (jump_through_table)."""
        if self.rodata is None:
            return None
        out = []
        for i in insns:
            if not any(op.type == cx.X86_OP_MEM and op.mem.base and i.reg_name(op.mem.base) == 'rip'
                       for op in i.operands):
                continue
            try:
                shndx, off, r_off = self.rodata.target(self.calls.obj['relocs'], i)
                start, end = self.rodata.extent(shndx, off)
            except Refused:
                continue
            out += [t for o, t in self.rodata.table(shndx, start, off - start)]
        return out or None

    def jump_through_table(self, b, i):
        """jmp r64 to a jump table's entry plus the table's address (gcc's
        switch): a switch on the entry read, each entry to its target, an
        entry whose target is not one of this function's instructions to
        undefined behaviour.  The entry's number comes from the code's own
        bounds check, which the proof must show keeps it in the table."""
        op = i.operands[0]
        if op.type != cx.X86_OP_REG:
            b.refuse('an indirect jump through memory is not modelled')
        r = d_reg(b, op)[0]
        k = b.kind(r)
        if not (isinstance(k, tuple) and k[0] == 'code'):
            b.refuse('an indirect jump to %s, which is not a jump table\'s entry plus the table\'s address' % r)
        addrs = {x.address for x in self.insns}
        entries = self.rodata.table(k[1][0], k[1][1], k[2])
        cases = [(o, t) for o, t in entries if t in addrs]
        return ('switch', b.value(r), cases)

    def lea(self, b, ops):
        d, s = ops
        w = d.size * 8
        m = s.mem
        ins = b.insn
        if m.segment != 0 or m.base == 0 and m.index == 0:
            b.refuse('this address form is not modelled')
        if m.base != 0 and (ins.reg_name(m.base) == 'rip' or w == 64 and ins.prefix[3] != 0x67 and (
                isinstance(b.kind(REGS[ins.reg_name(m.base)][0]), tuple) and
                b.kind(REGS[ins.reg_name(m.base)][0])[0] in ('r', 'sv') or m.index != 0 and
                is_stack(b.kind(REGS[ins.reg_name(m.base)][0])))):
            # an address of read-only data, or a computed one in the stack
            if w != 64 or ins.prefix[3] == 0x67:
                b.refuse('a 32-bit address of data or of the stack is not modelled')
            place = b.address(s)
            if place[0] == 'r':
                b.set(d_reg(b, d)[0], ('r', place[1], None if place[5] else place[4]), place[2])
            elif place[0] == 'sx':
                b.set(d_reg(b, d)[0], ('sv',) + place[2], place[1])
            elif place[0] == 's':
                b.set(d_reg(b, d)[0], ('s', place[1]))
            else:
                b.refuse('this address form is not modelled')
            return None
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
        else:  # gcc -O0 passes a stack argument so: its address is taken before rsp moves
            k, v = b.load(s, 64)
            b.store_at(off, 64, k, v)
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

    # ---------- the whole function ----------

    def analyse(self):
        """The abstract state at each block's entry (a fixpoint), then each
        block's registers and flags read before written, and liveness."""
        by = {a: (ins, succ) for a, ins, succ in self.blocks}
        first = self.blocks[0][0]
        ins_state = {first: entry_state(self.sig, self.stack_size)}
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
            if term is not None and term[0] == 'switch':
                # the jump table's own targets, from the entry the block adds
                # (kinds only grow at a join: a different table would make
                # the register unusable, and the jump refused)
                succ = sorted({t for o, t in term[2]})
                by[a] = (ins, succ)
            out = blk.state()
            for s in succ:
                old = ins_state.get(s)
                new = out if old is None else old.join(out)
                if old is None or new.key() != old.key():
                    ins_state[s] = new
                    work.append(s)
        self.ins_state = ins_state
        self.blocks = [(a, ins, by[a][1]) for a, ins, succ in self.blocks]
        uses, defs = {}, {}
        for a, ins, succ in self.blocks:
            if a not in ins_state:
                continue  # unreachable
            blk, term = self.run_block(a, ins, ins_state[a], dummy_v, dummy_f)
            uses[a], defs[a] = blk.uses, blk.defs
            if term and term == ('ret',) and 'rax' not in blk.defs:
                uses[a] = dict(uses[a], rax=max(32 if self.sig is None else 64, uses[a].get('rax', 0)))
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
            regs = [r for r in R64 if r in self.live[a] and val_type(st.kinds[r])]
            flags = [f for f in FLAGS if f in self.live[a] and st.flags[f] == 'b']
            phis[a] = (regs, flags)
        body = {}
        incoming = {a: [] for a in self.live}  # (pred label, {reg: value}, {flag: value})
        ent = entry_state(self.sig, self.stack_size)
        ent_vals = {'rdi': '%rdi', 'rsi': '%rsi', 'rdx': '%edx', 'rcx': '%ecx'}
        for r in SCRATCH + XMM:
            ent_vals[r] = 'poison'
        head = 'define i32 @f(ptr %rdi, ptr %rsi, i32 %edx, i32 %ecx) {'
        if self.sig is not None:
            params = []
            for r, k in zip(ARG_REGS, self.sig):
                ent_vals[r] = '%%%s' % r
                params.append('%s %%%s' % ('ptr' if k == 'p' else ity(lo_bits(k)), r))
            for k in range(self.slots):  # each slot as two halves: a 32-bit store leaves the other unset
                params += ['i32 %%slot%d.lo' % k, 'i32 %%slot%d.hi' % k]
            head = 'define <ret> %s(%s) {' % (self.name, ', '.join(params))
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
               'entry:', '  %%stack = alloca [%d x i8], align 16' % (self.stack_size + (8 + 8 * self.slots
                                                                                        if self.slots else 0))]
        for k in range(self.slots):  # the slots above the return address, the callee's own copies
            for h, half in ((0, 'lo'), (4, 'hi')):
                at = self.stack_size + 8 + 8 * k + h
                self.entry_lines += ['  %%slot%d.%s.at = getelementptr i8, ptr %%stack, i64 %d' % (k, half, at),
                                     '  store i32 %%slot%d.%s, ptr %%slot%d.%s.at' % (k, half, k, half)]
        for a, ins, succ in self.blocks:
            if a not in self.live:
                continue
            blk, term = body[a]
            regs, flags = phis[a]
            out.append('%s:' % self.label(a))
            for r in regs:
                k = self.ins_state[a].kinds[r]
                ty = val_type(k)
                alts = []
                for lab, pst, pv, pf in incoming[a]:
                    alts.append('[ %s, %%%s ]' % (self.convert(pst, pv, r, k, lab, body), lab))
                out.append('  %%%s.%s = phi %s %s' % (self.label(a), r, ty, ', '.join(alts)))
            for f in flags:
                alts = ['[ %s, %%%s ]' % (pst.flag_value(f) if isinstance(pst, Block) else pf[f], lab)
                        for lab, pst, pv, pf in incoming[a]]
                out.append('  %%%s.%s = phi i1 %s' % (self.label(a), f, ', '.join(alts)))
            body[a] = (blk, term)
        # The result's width: f's an int (the driver's); a callee's, the
        # bits of rax known at every ret (calls.py: its caller's rax).
        self.ret_width = 32
        if self.sig is not None:
            rets = [t for blk, t in body.values() if t is not None and t[0] == 'ret']
            self.ret_width = min([lo_bits(body[a][0].kinds['rax']) for a in body
                                  if body[a][1] == ('ret',) and lo_bits(body[a][0].kinds['rax'])] +
                                 [t[1][1] for t in rets if len(t) > 1] or [64])
            self.calls.got_bits[self.name] = self.ret_width
            out[1] = out[1].replace('<ret>', ity(self.ret_width), 1)
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
            text.append('  call void @x86.count(i64 %d)' % (len(ins) + blk.extra))
            text += blk.lines
            text.append(terms[a])
        if getattr(self, 'bad_entry', False):
            # a jump table's entry that is not one of the table's, or whose
            # target is not an instruction of this function
            text += ['bad.entry:', '  unreachable']
        text.append('}')
        return '\n'.join(text) + '\n'

    def convert(self, pst, pv, r, k, lab, body):
        """The value of register r coming from block lab, as kind k."""
        pk = pst.kinds[r]
        v = pv.get(r)
        if lab != 'entry' and lo_bits(k):
            return body[int(lab[1:], 16)][0].get(r, lo_bits(k))
        if pk == k or isinstance(k, tuple) and isinstance(pk, tuple) and (
                k[0] == pk[0] == 'sv' or k[0] == pk[0] == 'r' and k[1] == pk[1] and k[2] is None):
            if v is None:
                raise Refused('x86.py: no value of %s leaving %s' % (r, lab))
            return v
        if isinstance(k, tuple) and k[0] == 'sv' and isinstance(pk, tuple) and pk[0] == 's':
            return str(pk[1])
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
        if term[0] == 'switch':
            self.bad_entry = True
            return '  switch i64 %s, label %%bad.entry [ %s ]' % (
                term[1], ' '.join('i64 %d, label %%%s' % (o, self.label(t)) for o, t in term[2]))
        if term[0] == 'smash':
            return '  call void @x86.stack_chk_fail(i64 %d)\n  unreachable' % term[1]
        # ret: the stack and the caller's registers as they were; eax is the result
        if blk.kinds['rsp'] != ('s', self.stack_size):
            blk.refuse('returns with rsp not at its entry value')
        for r in SAVED:
            if blk.kinds[r] != ('e', r):
                blk.refuse('returns with %s not holding the caller\'s value (the ABI wants it kept)' % r)
        w = self.ret_width
        if len(term) > 1:  # a tail call: the callee's result, of its own width
            v, bits = term[1]
            if bits < w:
                blk.refuse('returns the %d bits a tail call leaves known, not %d' % (bits, w))
            return '  ret i%d %s' % (w, blk.cast('trunc', bits, v, w)) if bits > w else '  ret i%d %s' % (w, v)
        if self.sig is not None and not lo_bits(blk.kinds['rax']):
            return '  ret i%d poison' % w  # rax holds no number here: a result nothing may use
        return '  ret i%d %s' % (w, blk.get('rax', w))


def sink_list_reads(lines, loads):
    """A block's IR with its list reads, and what is computed from them,
    after everything else the block computes without them (each part in its
    own order; stores, calls and stack loads stay where they are, and
    nothing moves past them).  gcc -O2 rotates a loop over a list: it reads
    the next square before it has finished with the last (`shl rdx, cl` of
    the last, `mov ecx, [rdi]`, `or r13, rdx`), and at the read the state
    would hold a value of the square read before, which depends on the order
    (lists.py's induction needs the state at a read to be that of the
    squares read so far).  A list is never written and a read has no effect
    but its value (and the undefined behaviour of a read past the end, the
    same anywhere in one block), and the rest is arithmetic on SSA values:
    the block means the same in either order."""
    import re
    if not loads:
        return lines
    name = re.compile(r'%[-\w.]+')
    tainted = set(loads)
    out, run = [], []

    def flush():
        out.extend([ln for ln, t in run if not t] + [ln for ln, t in run if t])
        run.clear()
    for ln in lines:
        m = re.match(r'  (%[-\w.]+) = (\w+)', ln)
        uses = set(name.findall(ln.split('=', 1)[1] if m else ln))
        t = bool(uses & tainted) or bool(m and m.group(1) in tainted)
        if m and t:
            tainted.add(m.group(1))
        pure = m is not None and m.group(2) not in ('call', 'load', 'store') or m is not None and m.group(1) in loads
        if not pure:
            flush()
            out.append(ln)
        else:
            run.append((ln, t))
    flush()
    return out


def high8(b, op):
    """The 64-bit register whose bits 8-15 op names (ah, ch, dh, bh), or
    None."""
    return {'ah': 'rax', 'ch': 'rcx', 'dh': 'rdx', 'bh': 'rbx'}.get(b.insn.reg_name(op.reg)) \
        if op.type == cx.X86_OP_REG else None


def d_reg(b, op):
    r = REGS.get(b.insn.reg_name(op.reg))
    if r is None:
        b.refuse('register %s is not modelled' % b.insn.reg_name(op.reg))
    return r
