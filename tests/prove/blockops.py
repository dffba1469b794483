"""blockops.py - gcc's block fills and copies, read as the stores they make.

gcc clears and copies local arrays and structures by block: `char a[100] =
{0}` is `rep stosq` (-Os: `rep stosl`), a local table initialized from
read-only data (`long t[40] = {...}`, a structure assigned) is `rep movsq`
from .rodata, and a large array or the golfer's own `memset(a, 0, sizeof
a)` at -O0 is a call of the C library's memset (a PLT32 relocation to the
undefined name; memcpy likewise).  Each is modelled as what it does, with
exactly the facts the model can show, else refused naming which is missing:

- the count (rcx for rep, rdx for a call) one number known where the
  instruction is (set in its own block: `mov ecx, 12`), not a value of the
  path;
- the destination (rdi) a place of f's stack at a known offset, or a place
  in the object's own mutable data (a static array, rodata.py: its object
  bounds hold each element written); the source (rsi) a place of the
  stack at a known offset, or of f's read-only data (each element read
  within its object);
- the direction forward: DF is clear at f's entry (the System V ABI) and
  at every call, and no instruction the lifter accepts sets it (std is
  refused as any instruction with no model).
`rep stosX` stores rax's low 8/16/32/64 bits count times from rdi up; `rep
movsX` copies count elements from rsi to rdi, one after another (an
overlap copies as the processor's element order does); both leave rcx 0
and rdi (and rsi) past the last element, the flags as they were.  A call
of memset(rdi, esi, rdx) stores esi's low byte rdx times, memcpy(rdi, rsi,
rdx) copies rdx bytes (overlapping places are refused: undefined
behaviour); each returns rdi in rax and leaves the caller-saved registers
and the flags garbage and the stack below rsp (its return address and
frame) poison, as any call.  memset's and memcpy's code is the C
library's, not the candidate's: the call is modelled by the C standard's
meaning, and charged a stated allowance of time (bound.py's libc_call).

Time (bound.py): the processor steps a rep instruction once per iteration
(the trap flag traps after each; once for a count of 0), so the block's
count takes max(count, 1) - 1 more."""
import re

import bound
import formset

LIBC = ('memset', 'memcpy')  # allow.LIBC_CALLS: the calls compilers make on their own
STRING_OPS = {0xaa: 'stos', 0xab: 'stos', 0xa4: 'movs', 0xa5: 'movs'}


def known(b, r):
    """Register r's whole value if it is one number known in this block (an
    immediate moved into it here), else None."""
    k, v = b.kind(r), b.vals.get(r)
    if k != 'i':
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        for line in b.lines:
            got = re.match(r'^  %s = zext i32 (\d+) to i64$' % re.escape(v), line)
            if got:
                return int(got.group(1))
    return None


class BlockOps:
    """The lifter's block fills and copies (mixed into x86.Lifter)."""

    def is_string_op(self, i):
        return i.opcode[0] in STRING_OPS and i.opcode[1] == 0

    def dest(self, b, what):
        """rdi as a fill's or copy's destination: ('s', offset) on the stack,
        or ('r', kind, offset value, IR name) in the object's mutable data."""
        k = b.kind('rdi')
        if isinstance(k, tuple) and k[0] == 's':
            return ('s', k[1])
        if isinstance(k, tuple) and k[0] == 'r' and self.rodata.writable(k[1][0]):
            return ('r', k, b.value('rdi'), self.rodata.used[k[1]][0])
        b.refuse('%s in rdi is neither a place of f\'s stack at a known offset nor the object\'s own '
                 'mutable data (not modelled)' % what)

    def store_to(self, b, dst, at, w, v):
        """w bits of v at byte at of the destination (at counted from its place)."""
        if dst[0] == 's':
            b.store_at(dst[1] + at, w, 'i', v)
        else:
            off = dst[2] if not at else b.emit('add i64 %s, %d' % (dst[2], at))
            b.store_place(('r', dst[1][1], off, dst[3], None, True), w, 'i', v)

    def dest_after(self, dst, b, n):
        """rdi's kind and value n bytes past the destination."""
        if dst[0] == 's':
            return ('s', dst[1] + n), None
        k = dst[1]
        return ('r', k[1], None if k[2] is None else k[2] + n), b.emit('add i64 %s, %d' % (dst[2], n)) if n else dst[2]

    def source(self, b, what):
        """rsi as a copy's source: ('s', offset) or ('r', kind, offset value, IR name)."""
        k = b.kind('rsi')
        if isinstance(k, tuple) and k[0] == 's':
            return ('s', k[1])
        if isinstance(k, tuple) and k[0] == 'r':
            return ('r', k, b.value('rsi'), self.rodata.used[k[1]][0])
        b.refuse('%s in rsi is neither a place of f\'s stack at a known offset nor f\'s read-only data '
                 '(not modelled)' % what)

    def load_from(self, b, src, at, n):
        """n bytes at byte at of the source (at counted from its place)."""
        if src[0] == 's':
            a = src[1] + at
            if not all(b.stack.get(a + j) in (None, 'v') for j in range(n)):
                b.refuse('copies stack bytes that hold part of a pointer or of a saved register')
            return b.emit('load i%d, ptr %s' % (8 * n, b.stack_ptr(a, n)))
        off = src[2] if not at else b.emit('add i64 %s, %d' % (src[2], at))
        return b.emit('load i%d, ptr %s' % (8 * n, b.emit('getelementptr i8, ptr %s, i64 %s' % (src[3], off))))

    def advance_source(self, b, src, n):
        if src[0] == 's':
            b.set('rsi', ('s', src[1] + n))
        else:
            k = src[1]
            b.set('rsi', ('r', k[1], None if k[2] is None else k[2] + n),
                  b.emit('add i64 %s, %d' % (src[2], n)) if n else src[2])

    def rep_string(self, b, i):
        """rep stos and rep movs, byte to quadword."""
        op = STRING_OPS[i.opcode[0]]
        if i.prefix[0] != 0xf3 or i.prefix[1] or i.prefix[3]:
            b.refuse('%s only with rep, no segment and no 32-bit address (not modelled)' % op)
        sz = i.operands[0].size
        n = known(b, 'rcx')
        if n is None:
            b.refuse('the count in rcx is not one number known here (a rep of a count the path computes '
                     'is not modelled)')
        dst = self.dest(b, 'the destination')
        if op == 'stos':
            v = b.get('rax', 8 * sz)
            for k in range(n):
                self.store_to(b, dst, k * sz, 8 * sz, v)
        else:
            src = self.source(b, 'the source')
            if dst[0] == 'r' and src[0] == 'r' and dst[1][1] == src[1][1]:
                b.refuse('movs within one object of data is not modelled')
            for k in range(n):
                self.store_to(b, dst, k * sz, 8 * sz, self.load_from(b, src, k * sz, sz))
            self.advance_source(b, src, n * sz)
        b.set('rcx', 'i', 0)
        b.set('rdi', *self.dest_after(dst, b, n * sz))
        b.extra += bound.rep(n)
        return None

    def library_call(self, b, i, names):
        """i as a call of one of names, undefined in the object (call rel32
        through a PC32 or PLT32 relocation to the name): (the name, rsp's
        stack offset) once its form is tested and rsp is 16-byte aligned
        there (the ABI's), else refused; None when i is no such call."""
        if self.calls is None or i.size != 5:
            return None
        rel = self.calls.obj['relocs'].get(i.address + 1)
        if rel is None or rel[0] not in (2, 4) or rel[1] not in names or len(rel) < 4 or rel[3] != 0:
            return None
        name = rel[1]
        if not formset.tested(i, name):
            b.refuse('the form %s (%s) has no test against the processor (tests/prove/forms.tsv)'
                     % (formset.key(i), name))
        self.calls.sites[i.address] = name  # x86.check_relocs lets its relocation pass
        sp = b.kind('rsp')
        if not (isinstance(sp, tuple) and sp[0] == 's'):
            b.refuse('rsp is not a known stack address at a call')
        if (sp[1] - self.aligned_at) % 16:
            b.refuse('%s called with rsp not 16-byte aligned (the ABI\'s)' % name)
        return name, sp[1]

    def libc_call(self, b, i):
        """A call of memset or memcpy, the C library's (an undefined name,
        through a PC32 or PLT32 relocation): its meaning written (True), or
        None when i is no such call."""
        call = self.library_call(b, i, LIBC)
        if call is None:
            return None
        name, below = call
        n = known(b, 'rdx')
        if n is None:
            b.refuse('%s\'s length in rdx is not one number known here (not modelled)' % name)
        if n >> 63:
            b.refuse('%s\'s length %d is more than any object' % (name, n))
        dst = self.dest(b, '%s\'s destination' % name)
        chunks = [(a, 8) for a in range(0, n - n % 8, 8)] + [(a, 1) for a in range(n - n % 8, n)]
        if name == 'memset':
            byte = b.get('rsi', 8)
            c = b.emit('zext i8 %s to i64' % byte)
            q = b.emit('mul i64 %s, %d' % (c, 0x0101010101010101))
            for a, w in chunks:
                self.store_to(b, dst, a, 8 * w, q if w == 8 else byte)
        else:
            src = self.source(b, 'memcpy\'s source')
            if src[0] == dst[0] == 's' and src[1] < dst[1] + n and dst[1] < src[1] + n and n:
                b.refuse('memcpy between overlapping places (undefined behaviour)')
            if src[0] == dst[0] == 'r' and src[1][1] == dst[1][1]:
                b.refuse('memcpy within one object of data is not modelled')
            for a, w in chunks:
                self.store_to(b, dst, a, 8 * w, self.load_from(b, src, a, w))
        b.after_call(below)
        b.set('rax', *self.dest_after(dst, b, 0))  # memset and memcpy return their destination
        b.extra += bound.libc_call(n)
        return True
