"""bound.py - the time a run of f takes: a bound on the machine
instructions it executes, shown by the same exploration as the proof.

Attempt This Online stops a program after a minute, so "proved" also says
how long f may run.  On gcc's builds (machine code, x86.py) every path the
proof explores carries beside its values the number of instructions it
executed (State.icount: meta-data, a Python number, never a formula):
- a block of machine code adds its instructions as it is entered (x86.py
  writes `call @x86.count(N)` first in each block);
- a loop over a list cut by induction (lists.py) adds, for the whole loop,
  the most instructions one iteration takes over the induction step's paths
  back to the read, times the squares still to read (at most 32): the step
  covers every iteration of the real run (any read set, any next square),
  and each iteration reads one square, so the loop makes at most that many;
- a call of a helper, or of f itself, adds the most instructions any path
  of the callee takes (its summary or its run keeps that number beside its
  result), every time the call is made, however the proof shares the
  callee's work between calls (memoized summaries, f's runs by start);
- the bound of f for a start is the most over its paths (every path but
  those the solver showed no input takes), and of a build, over its starts.
Sound because the proof shows that every valid input runs down one of the
paths explored (the coverage query), and a real run down a path executes
exactly the blocks the path entered, each loop cut at most the bound above
and each call at most its callee's bound, so at most the path's count; a
loop not over a list is unrolled (every iteration counted), or refused
past the executor's step limit.  A path that ends in undefined behaviour
or in the stack protector's abort counts too (the proof shows no valid
input takes it).  Nothing is estimated: the number is an upper bound, not
the typical run (a loop's every iteration counted at its slowest, every
list at 32 squares).

clang's builds are run from LLVM IR, whose instructions are not the
machine's: they get no bound.  The site's builds are gcc at -O0 (the
machine code Attempt This Online runs), so the bound that matters is
theirs; gcc's -O2 and -O3 builds get one too, and are held to the same
budget.

The budget: the site gives a run 60 s, and the post's footer calls f once
for each of its 15 cases (golf/post/footer.c; prove_trust.bats counts
them).  At a conservative 10^8 instructions a second (gcc -O0's code on a
shared machine: the slow helper g(n) of candidates/time/, built by the
site's gcc-15 with the site's flags, ran g(30)'s 3.65x10^10 instructions
in 5.1-6.2 s of CPU, 12.8 s of wall time twice and once 110 s on two
cores shared at a load of 6: 3.3x10^8 a second at the slowest), 15 calls
in 60 s leave 4x10^8 instructions a call.  A build whose bound is above it is not
proved: `prove: site-gcc-15 -O0: unproved: start 27: a run may execute
... instructions (the proof's bound), more than ... a call the site's
minute allows`."""

RATE = 10 ** 8  # instructions a second, conservatively, of gcc -O0's code on a shared machine
MINUTE = 60  # seconds the site gives a run
FOOTER_CALLS = 15  # calls of f the post's footer makes (its cases)
BUDGET = RATE * MINUTE // FOOTER_CALLS  # instructions a call of f may take: 4x10^8

# A call of the C library's memset or memcpy (blockops.py): its code is not
# the candidate's and is not stepped by timecheck.py, so it is charged an
# allowance, not a count: one instruction a byte (glibc's routines move 8 to
# 64 bytes an instruction, its plainest fallback a byte each) and 4096 for
# the rest (the routine's set-up, the PLT, and the dynamic linker's lazy
# binding of the name at its first call).  checks/libc_count.c holds it
# against this machine's C library, single-stepped (README.md, the time a
# run takes).
LIBC_CALL = 4096


def rep(n):
    """The instructions a rep string instruction of count n takes beyond
    the one its block counts: the processor steps it once per iteration
    (once for a count of 0)."""
    return max(n, 1) - 1


# A call of libgcc's __popcountdi2 (libgcc.py): straight-line code, 21
# instructions with its ret in gcc 12's libgcc (endbr64, the sum of bits
# in pairs, nibbles and bytes, a multiply and a shift), whatever the
# argument; libgcc2.c's other version, a table read a byte at a time,
# would take 8 iterations of a few.  The allowance is 64;
# checks/libgcc_count.c holds it against the routine the program links,
# single-stepped (README.md, the time a run takes).
LIBGCC_CALL = 64


def libgcc_call():
    """The allowance of a call of __popcountdi2, beyond the call
    instruction itself."""
    return LIBGCC_CALL


def libc_call(n):
    """The allowance of a call of memset or memcpy on n bytes, beyond the
    call instruction itself."""
    return LIBC_CALL + n


# Planted faults, for the tests only (prove.py --plant): a call made again
# costs nothing (its callee's count added once, not per call); a cut loop
# counted as one iteration.
COUNT_ONCE = False
LOOP_ONCE = False


def most(states):
    """The most instructions any of the paths executed: every path but
    those the solver showed no input takes."""
    return max([s.icount for s in states if s.status != 'infeasible'] or [0])


def loop(entry, per_iteration, iterations):
    """A cut loop's time: the count on reaching it, plus its iterations'
    at their slowest."""
    return entry + per_iteration * (1 if LOOP_ONCE else iterations)


def show(n):
    """n instructions, readable: 1,234 or 3.5x10^14."""
    return '{:,}'.format(n) if n < 10 ** 9 else '%.1fx10^%d' % (n / 10 ** len(str(n)[1:]), len(str(n)) - 1)
