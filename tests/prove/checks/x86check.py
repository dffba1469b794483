#!/usr/bin/env python3
"""x86check.py - the x86 model (x86.py, run by sym.py) against the machine
on a hand-written function (tests/prove.bats).

usage: x86check.py OBJ PROGRAM N [--seed S] [--each]

OBJ is an object defining f(int *b, int *w, int s, int e) (tests/prove/
checks/tiny.s); PROGRAM is it linked with tests/prove/checks/tiny_main.c.  N random
inputs (lists of any ints, s and e any 32-bit numbers, edge values often)
go through PROGRAM and through the model, every input concrete; f's whole
int must agree.  Closing line: `x86: model vs machine: N inputs, M
mismatches, T s`; exit 1 on a mismatch, 2 when the model refuses f.

--each --faults (aligned.s with canary_main.c): as --each, but the run
ends by the processor's fault (an aligned move at a place that is not
aligned), where the model must find undefined behaviour, and nowhere else.

--each (the stack protector's test, canary.s with canary_main.c): one run
of PROGRAM per input, which prints its canary (fs:0x28) first; the model
reads that canary, and where the program aborts with "stack smashing
detected" the model must find undefined behaviour (__stack_chk_fail), and
nowhere else; the ends are mostly 0-10 and the starts' low bytes often 0
(a glibc canary's lowest byte)."""
import argparse
import os
import random
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the prover's modules
sys.dont_write_bytecode = True

import sym  # noqa: E402
import values  # noqa: E402
import lift  # noqa: E402
from ir import Refused  # noqa: E402


def model(mod, bl, wl, s, e, canary=None):
    """f's result under the model, or None if a path met undefined behaviour."""
    fn = mod.functions['@f']
    ex = sym.Exec([mod], 'llvm')
    ex.canary = canary
    def read(st, pt, where):
        k = pt.off // 4
        if not 0 <= k < len(lists[pt.obj]):
            raise PastList()
        return values.V('i', lists[pt.obj][k], 32)
    ex.list_read = read
    st = values.State(fn, None)
    lists, args = {}, []
    for lst, name in ((bl, 'black'), (wl, 'white')):
        o = values.MemObj('list', 4 * (len(lst) + 1), name, 16)
        lists[o] = [x & 0xffffffff for x in lst] + [0]
        args.append(values.V('p', values.Ptr(o, 0, 0), 64))
    args += [values.V('i', s & 0xffffffff, 32), values.V('i', e & 0xffffffff, 32)]
    try:
        ret = run_function(ex, st, fn, args)
    except PastList:
        return 'a read past a list'  # the machine's program reads only its lists
    if ret is not None and not isinstance(ret, int):
        return 'a value of bytes no store wrote'  # a static array's, unknown at the call's start
    return None if ret is None else values.signed(ret, 32)


class PastList(Exception):
    pass


def run_function(ex, st, fn, args):
    """fn run by ex from state st on concrete args: its result's value,
    or None if a path met undefined behaviour or the result is poison."""
    st.frame = ex.frame_for(fn, args)
    for (pn, t, a), v in zip(fn.params, args):
        st.regs[pn] = v
    fin = ex.explore([st])
    if len(fin) != 1 or fin[0].status != 'ret' or fin[0].ubs or fin[0].ret.p is not False:
        return None
    return fin[0].ret.v


def edge(rng):
    return rng.choice([rng.randint(-2 ** 31, 2 ** 31 - 1), rng.randint(-40, 40), -2 ** 31, 2 ** 31 - 1,
                       0, 1, -1, 1 << 30, 63, 64, 31, 32])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('obj')
    ap.add_argument('program')
    ap.add_argument('n', type=int)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--each', action='store_true', help='one run per input, its canary first (canary.s)')
    ap.add_argument('--faults', action='store_true',
                    help='with --each: a run the processor ends by a fault (SIGSEGV, SIGBUS) is one the model '
                         'finds undefined behaviour in, and no other run (aligned.s)')
    opts = ap.parse_args()
    t0 = time.time()
    try:
        mod = lift.load_module(opts.obj)
    except Refused as e:
        print('x86: refused: %s' % e)
        return 2
    rng = random.Random(opts.seed)
    inputs = []
    for _ in range(opts.n):
        bl = [rng.choice([rng.randint(1, 40), edge(rng) or 7]) for _ in range(rng.randint(0, 6))]
        wl = [edge(rng) or 3 for _ in range(rng.randint(1, 3))]
        if opts.each:
            inputs.append((bl, wl, rng.choice([edge(rng), rng.randint(-8, 8) << 8, rng.randint(0, 255)]),
                           rng.choice([rng.randint(0, 10), 8, 9, edge(rng)])))
        else:
            inputs.append((bl, wl, edge(rng), edge(rng)))
    lines = ['%s %s %d %d\n' % (','.join(map(str, b)) or '-', ','.join(map(str, w)), s, e) for b, w, s, e in inputs]
    bad = []
    if opts.each:
        aborted = 0
        for (b, w, s, e), line in zip(inputs, lines):
            p = subprocess.run([opts.program], input=line, capture_output=True, text=True)
            out = p.stdout.split()
            smashed = p.returncode != 0 and ('stack smashing detected' in p.stderr if not opts.faults
                                             else p.returncode in (-signal.SIGSEGV, -signal.SIGBUS))
            if not out or not smashed and (p.returncode != 0 or len(out) != 2):
                raise SystemExit('x86: %s failed on %s: %s' % (opts.program, line.strip(), p.stderr.strip()[:200]))
            aborted += smashed
            got = model(mod, b, w, s, e, int(out[0], 16))
            if (got is None) != smashed or not smashed and got != int(out[1]):
                bad.append((b, w, s, e, 'aborts' if smashed else out[1],
                            'undefined behaviour' if got is None else got))
        print('x86: the program aborted (%s) on %d of %d inputs'
              % ('a fault' if opts.faults else 'stack smashing detected', aborted, len(inputs)))
    else:
        out = subprocess.run([opts.program], input=''.join(lines), capture_output=True, text=True,
                             check=True).stdout.split()
        for (b, w, s, e), m in zip(inputs, out):
            got = model(mod, b, w, s, e)
            if got != int(m):
                bad.append((b, w, s, e, m, got))
    for b, w, s, e, m, got in bad[:5]:
        print('  b=%s w=%s s=%d e=%d: the machine %s, the model %s' % (b, w, s, e, m, got))
    print('x86: model vs machine: %d inputs, %d mismatches, %.1f s' % (len(inputs), len(bad), time.time() - t0))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
