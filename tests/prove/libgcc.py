"""libgcc.py - the calls gcc makes on its own to libgcc's routines.

Without -mpopcnt (the site's gcc and the matrix's: no -march), gcc
compiles `__builtin_popcount`, `popcountl` and `popcountll` to a call of
libgcc's `__popcountdi2` (gcc 12 and the site's gcc 14, 15, 16, at -O0,
-O2 and -O3, for int, unsigned, long and long long alike): `call
__popcountdi2` through a PLT32 relocation to that undefined name, the
argument zero-extended to 64 bits in rdi (`mov edi, eax` for an int), the
count returned in eax, as libgcc2.c declares it: `int __popcountdi2
(UDItype)`.  clang inlines the count (llvm.ctpop, proved from its IR).
The routine is libgcc's, not the candidate's: linked into the program
from the static libgcc.a (gcc's driver puts -lgcc before libgcc_s, which
is only --as-needed), a direct call, no PLT, no binding.  It is modelled
as what the System V ABI and its C declaration say, no more:

- its result: eax is the number of bits set in rdi's 64 bits (all 64
  must be known: a value of an int whose upper half the path does not
  know is refused); the rest of rax is unspecified (garbage);
- the caller-saved registers (rcx, rdx, rsi, rdi, r8-r11, the xmm
  registers) garbage, the callee-saved ones (rbx, rbp, r12-r15) and rsp
  as they were, the flags undefined, the stack below rsp (the return
  address) garbage, as after any call (x86.Block.after_call);
- rsp 16-byte aligned at the call, as the ABI wants (else refused);
- only when the name is undefined in the object: a function of the
  candidate's named so (an asm label) would take the call, and allow.py
  refuses it by name.

Tested on the processor by checks/popcount.s (x86check.py, linked as the
site links: libgcc's own routine runs).  Its time, bound.libgcc_call,
by checks/libgcc_count.c (single steps through libgcc's routine)."""
import bound

LIBGCC = ('__popcountdi2',)  # allow.LIBGCC_CALLS: the names modelled here


class LibgccCalls:
    """The lifter's calls of libgcc (mixed into x86.Lifter)."""

    def libgcc_call(self, b, i):
        """A call of __popcountdi2 (an undefined name, through a PC32 or
        PLT32 relocation): its meaning written (True), or None when i is no
        such call."""
        call = self.library_call(b, i, LIBGCC)  # blockops.py: the name, the form, rsp aligned
        if call is None:
            return None
        below = call[1]
        n = b.emit('call i64 @llvm.ctpop.i64(i64 %s)' % b.get('rdi', 64))
        r = b.cast('trunc', 64, n, 32)
        b.after_call(below)
        b.set('rax', 'lo32', r)  # an int: eax, the rest of rax unspecified
        b.low['rax'] = (32, r)
        b.extra += bound.libgcc_call()
        return True
