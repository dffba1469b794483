#!/usr/bin/env python3
"""prove.py - the golf == the reference on every valid input, by z3.

usage: prove.py --reference-ll FILE... --reference CLI
                --build LABEL RULE GOLF.ll DRIVER [--build ...]
                [--starts LIST] [--jobs N] [--check N [--seed S]]

Each build is the golf's LLVM IR from one compiler and level (RULE: strict
or llvm, see sym.py), with DRIVER, the protocol program linked from the same
IR, for replaying counterexamples.  The reference is its own compiled IR
(and the shim, tests/prove/shim.c); CLI is the reference program.

It proves, for every build and every start: for all valid inputs (the black
and white squares as any two lists of distinct squares 1-32, disjoint, in any
order, the start among the whites, any end 1-32) f returns nonzero exactly
when the reference says legal under the challenge reading, and neither has
undefined behaviour.  Exit 0 with the closing line `prove: golf == reference
on every valid input (...)`; 1 with a counterexample (a cases.tsv row,
replayed through DRIVER and CLI first) or with the reason it is unproved.

--check N: instead of proving, tests the model against the machine: the
formulas the proof uses, evaluated on N random positions, against DRIVER and
CLI; and the executor run concretely on shuffled lists for N/50 of them."""
import argparse
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # nothing written beside the sources

import z3  # noqa: E402

import ir  # noqa: E402
import sym  # noqa: E402
import golf  # noqa: E402
import x86  # noqa: E402
from ir import Refused  # noqa: E402


def say(*parts):
    print('prove:', *parts, flush=True)


def parse_starts(text):
    out = []
    for part in text.split(','):
        if '-' in part:
            a, b = part.split('-')
            step = 1 if int(a) <= int(b) else -1
            out += list(range(int(a), int(b) + step, step))
        elif part:
            out.append(int(part))
    if not out or any(not 1 <= k <= 32 for k in out):
        raise SystemExit('prove: --starts wants squares 1-32, like 1-32 or 27,9')
    return out


# ==================== Worker side ====================

OPTS = None
RUNS = {}


def golf_run(b):
    """The build's golf, its list phase done (once per worker process)."""
    if b not in RUNS:
        label, rule, ll, driver = OPTS.build[b]
        inp = golf.Inputs()
        INPUTS[b] = inp
        run = golf.GolfRun(ll, rule, inp)
        cuts, early = run.list_phase()
        RUNS[b] = (run, inp, cuts, early)
    return RUNS[b]


INPUTS = {}
REF_ANSWERS = {}


def reference_answer(inp, k):
    """The reference's answer and UB for start k as formulas, once per worker
    process (the builds share it: the inputs are the same z3 constants)."""
    if k not in REF_ANSWERS:
        t = time.time()
        r = golf.Reference(OPTS.reference_ll).answer(inp.black, inp.white, k, inp.e, z3.And(inp.valid, inp.s == k))
        REF_ANSWERS[k] = r + (time.time() - t,)
        return REF_ANSWERS[k]
    return REF_ANSWERS[k][:2] + (0.0,)


def model_int(m, v):
    return m.eval(v, model_completion=True).as_long()


def fewest_pieces(s, inp, m):
    """A model of s with few pieces on the board, for a readable row: a
    binary search on the count, a few solver calls."""
    occ = inp.black | inp.white
    count = z3.Sum([z3.ZeroExt(7, z3.Extract(i, i, occ)) for i in range(32)])
    lo, hi = 1, bin(model_int(m, occ)).count('1')
    for _ in range(6):
        if lo >= hi:
            break
        mid = (lo + hi) // 2
        s.push()
        s.add(z3.ULE(count, mid))
        if s.check() == z3.sat:
            m = s.model()
            hi = bin(model_int(m, occ)).count('1')
        else:
            lo = mid + 1
        s.pop()
    return m


def prove_task(task):
    """Proves starts for the builds bs, start by start (each start's reference
    formulas made once, for every build): a result dict per build, the last
    with the failure if one failed."""
    bs, starts = task
    outs = {}
    for k in starts:
        for b in bs:
            res = prove_build_starts(b, [k])
            if b not in outs:
                outs[b] = res
            else:
                o = outs[b]
                o['starts'] += res['starts']
                for x in ('board', 'ref', 'solve'):
                    o[x] += res[x]
                o['fail'] = res['fail']
            if res['fail'] is not None:
                return [o for c, o in outs.items() if c != b] + [outs[b]]
    return list(outs.values())


def prove_build_starts(b, starts):
    """Proves starts for build b: a result dict (failure details if any)."""
    label = OPTS.build[b][0]
    out = {'build': b, 'starts': [], 'board': 0.0, 'ref': 0.0, 'solve': 0.0, 'list': None, 'steps': [], 'fail': None}
    try:
        t = time.time()
        run, inp, cuts, early = golf_run(b)
        out['list'] = run.list_seconds
        out['steps'] = [(n, h, round(s, 2)) for n, h, s in run.steps]
        for k in starts:
            t = time.time()
            gr, gub, dom = run.board_at(k, cuts, early)
            out['board'] += time.time() - t
            rr, rub, secs = reference_answer(inp, k)
            out['ref'] += secs
            t = time.time()
            s = golf.solver(run.lists.defs)
            s.add(inp.valid, inp.s == k, sym.boolean(dom))
            g_nz, r_nz = golf.nonzero(gr), golf.nonzero(rr)
            s.add(z3.Or(g_nz != r_nz, *[sym.boolean(c) for c, _ in gub + rub]))
            r = s.check()
            out['solve'] += time.time() - t
            if r == z3.unsat:
                out['starts'].append(k)
                continue
            if r != z3.sat:
                out['fail'] = {'kind': 'unproved', 'why': 'start %d: the solver gave up (%s)' % (k, r)}
                return out
            m = fewest_pieces(s, inp, s.model())
            fail = {'kind': 'board', 'start': k, 'black': model_int(m, inp.black),
                    'white': model_int(m, inp.white), 'end': model_int(m, inp.e),
                    'golf': z3.is_true(m.eval(g_nz, model_completion=True)),
                    'ref': z3.is_true(m.eval(r_nz, model_completion=True)),
                    'golf_ub': [w for c, w in gub if z3.is_true(m.eval(sym.boolean(c), model_completion=True))],
                    'ref_ub': [w for c, w in rub if z3.is_true(m.eval(sym.boolean(c), model_completion=True))]}
            out['fail'] = fail
            return out
    except golf.StepFailed as e:
        L, H, m, reasons, names = e.args[0]
        fail = {'kind': 'step', 'list': L.name, 'header': H, 'reasons': reasons}
        if m is not None:
            inp = INPUTS[b]
            fail.update({'black': model_int(m, inp.black), 'white': model_int(m, inp.white),
                         'start': model_int(m, inp.s), 'end': model_int(m, inp.e),
                         'c': model_int(m, names['c']), 'x': model_int(m, names['x'])})
        out['fail'] = fail
    except Refused as e:
        out['fail'] = {'kind': 'refused', 'why': str(e)}
    except RecursionError:
        out['fail'] = {'kind': 'refused', 'why': 'the formulas nest too deeply for this tool'}
    return out


def worker_init():
    """A worker dies at once on SIGTERM (the pool's terminate): the parent's
    handler, raising SystemExit, could fire inside z3 and leave the pool
    waiting on it."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


# ==================== Main side ====================

def squares(mask):
    return [n for n in range(1, 33) if mask >> (n - 1) & 1]


def row_lists(black, white):
    return (','.join(map(str, black)) or '-'), (','.join(map(str, white)) or '-')


def run_lines(prog, lines, args=()):
    p = subprocess.run([prog, *args], input=''.join(lines), capture_output=True, text=True)
    return p.stdout.split('\n')[:len(lines)], p.returncode, p.stderr


def replay(driver, reference, black, white, k, e):
    """The compiled golf's and the reference's answers to one row."""
    b, w = row_lists(black, white)
    line = '%s\t%s\t%d\t%d\n' % (b, w, k, e)
    g, _, gerr = run_lines(driver, [line])
    r, _, _ = run_lines(reference, [line], ['--rule', 'challenge'])
    en, _, _ = run_lines(reference, [line], ['--rule', 'english'])
    return g[0], r[0], en[0], gerr


def report_counterexample(label, driver, fail, black, white, k, e, why):
    """Prints the row, after replaying it; True if the compiled programs disagree."""
    g, r, en, gerr = replay(driver, OPTS.reference, black, white, k, e)
    b, w = row_lists(black, white)
    say('%s: %s' % (label, why))
    say('replayed: %s says %s, the reference (--rule challenge) says %s' % (driver, g, r))
    if g == r:
        return False
    say('counterexample, a cases.tsv row (black, white, from, to, challenge, english, name):')
    print('%s\t%s\t%d\t%d\t%s\t%s\tprove: %s says %s' % (b, w, k, e, r, en, label, g), flush=True)
    return True


def handle_failure(res):
    label, rule, ll, driver = OPTS.build[res['build']]
    fail = res['fail']
    kind = fail['kind']
    if kind == 'refused':
        say('%s: unproved: the tool does not model this: %s' % (label, fail['why']))
        return
    if kind == 'unproved':
        say('%s: unproved: %s' % (label, fail['why']))
        return
    if kind == 'board':
        black, white = squares(fail['black']), squares(fail['white'])
        k, e = fail['start'], fail['end']
        if fail['golf_ub'] or fail['ref_ub']:
            who = 'the golf' if fail['golf_ub'] else 'the reference'
            say('%s: start %d: undefined behaviour in %s: %s' % (label, k, who, (fail['golf_ub'] or fail['ref_ub'])[0]))
            g, r, en, gerr = replay(driver, OPTS.reference, black, white, k, e)
            b, w = row_lists(black, white)
            say('on this input (replayed: %s says %s, the reference says %s):' % (driver, g, r))
            print('%s\t%s\t%d\t%d\t%s\t%s\tprove: %s has undefined behaviour' % (b, w, k, e, r, en, label),
                  flush=True)
            return
        why = 'start %d: the golf says %s, the reference %s' % (k, str(fail['golf']).lower(), str(fail['ref']).lower())
        if not report_counterexample(label, driver, fail, black, white, k, e, why):
            say('%s: the model and the machine disagree on this row: a fault in the tool, please report it' % label)
        return
    # the induction step of a list loop
    reasons = fail['reasons']
    say('%s: the loop over the %s list (header %s): the induction step fails: %s'
        % (label, fail['list'], fail['header'], '; '.join(sorted(set(reasons)))[:400]))
    if 'black' not in fail:
        say('%s: unproved' % label)
        return
    S = fail['black'] if fail['list'] == 'black' else fail['white']
    c = set(squares(fail['c'] & S))
    x = fail['x']
    rest = sorted(set(squares(S)) - c - {x})
    first = sorted(c) + [x] + rest
    second = sorted(c | {x}) + rest
    black, white, k = squares(fail['black']), squares(fail['white']), fail['start']
    lines, rows = [], []
    for order in (first, second):
        bl, wl = (order, white) if fail['list'] == 'black' else (black, order)
        for e in range(1, 33):
            b, w = row_lists(bl, wl)
            lines.append('%s\t%s\t%d\t%d\n' % (b, w, k, e))
            rows.append((bl, wl, e))
    g, _, _ = run_lines(driver, lines)
    r, _, _ = run_lines(OPTS.reference, lines, ['--rule', 'challenge'])
    ub = [x for x in reasons if x.startswith('undefined behaviour')]
    for (bl, wl, e), gv, rv in zip(rows, g, r):
        if gv != rv:
            why = 'the order of the %s list matters: %s' % (fail['list'], ' '.join(map(str, first if bl is first or wl is first else second)))
            report_counterexample(label, driver, fail, bl, wl, k, e, why)
            return
    if ub:
        b, w = row_lists(*rows[0][:2])
        say('%s: undefined behaviour while reading the list, on this input:' % label)
        print('%s\t%s\t%d\t%d\t%s\t%s\tprove: %s has undefined behaviour' % (b, w, k, 1, r[0], r[0], label), flush=True)
        return
    say('%s: unproved: after reading %s then %d the state is not the one of the ascending order, but the '
        'two orders give the same answers on every end; the tool cannot decide this' % (label, sorted(c), x))


def prove(opts):
    t0 = time.time()
    starts = parse_starts(opts.starts)
    builds = range(len(opts.build))
    # Deep starts first: a wrong golf usually shows there, and a run stops at the first failure.
    order = sorted(starts, key=lambda k: -k)
    chunks = [order[j::opts.jobs] for j in range(opts.jobs)]
    tasks = [(list(builds), ch) for ch in chunks if ch]
    results = {b: [] for b in builds}
    failed = None
    ctx = multiprocessing.get_context('fork')
    if opts.jobs == 1:
        it = map(prove_task, tasks)
        pool = None
    else:
        pool = ctx.Pool(opts.jobs, initializer=worker_init)
        it = pool.imap_unordered(prove_task, tasks)
    try:
        for outs in it:
            for res in outs:
                results[res['build']].append(res)
            if outs[-1]['fail'] is not None:
                failed = outs[-1]
                break
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    if failed is not None:
        handle_failure(failed)
        say('not proved (%.1f s)' % (time.time() - t0))
        return 1
    for b in builds:
        label = opts.build[b][0]
        rs = results[b]
        lists = max(r['list'] or 0 for r in rs)
        board = sum(r['board'] for r in rs)
        solve = sum(r['solve'] for r in rs)
        steps = rs[0]['steps']
        done = sorted(k for r in rs for k in r['starts'])
        say('%s: list phase %.1f s (%s); board phase %.1f s, equality and UB queries %.1f s, for %d starts '
            '(CPU, summed over workers)'
            % (label, lists, ', '.join('%s list: loop at %s, induction step %.2f s' % s for s in steps),
               board, solve, len(done), ))
    ref = sum(r['ref'] for b in builds for r in results[b])
    say('the reference: its formulas for %d starts in %.1f s (CPU, summed over workers)' % (len(set(starts)), ref))
    names = ', '.join(opts.build[b][0] for b in builds)
    if len(set(starts)) == 32:
        say('golf == reference on every valid input (32 starts, builds %s), %.0f s' % (names, time.time() - t0))
    else:
        say('golf == reference on every valid input with the start among %s (%d of 32 starts, builds %s), %.0f s'
            % (','.join(map(str, sorted(set(starts)))), len(set(starts)), names, time.time() - t0))
    return 0


# ==================== Model against machine ====================

def random_position(rng):
    """A board with a white start and an end, biased toward what decides
    moves: any density, a man with black men ahead of it half the time, ends
    mostly one, two or more rows ahead."""
    while True:
        density = rng.random()
        black_share = rng.random()
        black, white = 0, 0
        for n in range(32):
            if rng.random() < density:
                if rng.random() < black_share:
                    black |= 1 << n
                else:
                    white |= 1 << n
        if rng.random() < 0.5:
            s = rng.randint(9, 32)
            white |= 1 << (s - 1)
            black &= ~(1 << (s - 1))
            for m in (s - 4, s - 5, s - 3, s - 12, s - 13, s - 11):
                if 1 <= m <= 32 and rng.random() < 0.5 and not white >> (m - 1) & 1:
                    black |= 1 << (m - 1)
        if white:
            break
    s = rng.choice(squares(white))
    if rng.random() < 0.4:
        e = rng.randint(1, 32)
    else:
        e = max(1, min(32, s - rng.choice([3, 4, 5, 7, 8, 9, 14, 16, 18, 23, 25, 27])))
    return black, white, s, e


def check_task(task):
    """One program's formulas for one start (b = -1: the reference), evaluated
    on that start's positions: {index: (answer, undefined behaviour)}."""
    b, k, items = task
    import zeval
    if b >= 0:
        run, inp, cuts, early = golf_run(b)
        v, ubs, dom = run.board_at(k, cuts, early)
    else:
        inp = golf.Inputs()
        v, ubs = golf.Reference(OPTS.reference_ll).answer(inp.black, inp.white, k, inp.e, z3.And(inp.valid, inp.s == k))
    terms = [golf.nonzero(v), sym.boolean(sym.Or(*[c for c, _ in ubs]))]
    fn = zeval.compile_terms(terms, ['black', 'white', 'start', 'end'], run.lists.defs if b >= 0 else ())
    out = {}
    for i, (black, white, _, e) in items:
        ans, ub = fn(black, white, k, e)
        out[i] = (bool(ans), bool(ub))
    return b, out


def concrete_task(task):
    """The executor itself, every input concrete, the lists shuffled:
    {index: (answer, undefined behaviour, black list, white list)}."""
    b, items, seed = task
    label, rule, ll, driver = OPTS.build[b]
    mod = x86.load_module(ll)
    fn = mod.functions['@f']
    rng = random.Random(seed)
    out = {}
    for i, (black, white, k, e) in items:
        bl, wl = squares(black), squares(white)
        rng.shuffle(bl)
        rng.shuffle(wl)
        ex = sym.Exec([mod], rule)
        st = sym.State(fn, None)
        objs = []
        for lst, name in ((bl, 'black'), (wl, 'white')):
            o = sym.MemObj('input', 4 * (len(lst) + 1), name, 16)
            cells = [None] * o.size
            for j, x in enumerate(lst + [0]):
                v = sym.V('i', x, 32)
                for q in range(4):
                    cells[4 * j + q] = (v, q)
            st.mem[o] = cells
            objs.append(o)
        args = [sym.V('p', sym.Ptr(objs[0], 0), 64), sym.V('p', sym.Ptr(objs[1], 0), 64),
                sym.V('i', k, 32), sym.V('i', e, 32)]
        st.frame = ex.frame_for(fn, args)
        for (pn, t, a), v in zip(fn.params, args):
            st.regs[pn] = v
        fin = ex.explore([st])
        if len(fin) != 1 or fin[0].status != 'ret':
            out[i] = (None, True, bl, wl)
            continue
        ret = fin[0].ret
        out[i] = (bool(ret.v), bool(ret.p) or bool(fin[0].ubs), bl, wl)
    return b, out


def check(opts):
    t0 = time.time()
    rng = random.Random(opts.seed)
    n = opts.check
    positions = [random_position(rng) for _ in range(n)]
    lines = ['%s\t%s\t%d\t%d\n' % (row_lists(squares(b), squares(w)) + (k, e)) for b, w, k, e in positions]
    builds = list(range(len(opts.build)))
    machine = {}
    for b in builds:
        out, status, err = run_lines(opts.build[b][3], lines)
        if status != 0 or len(out) != n:
            raise SystemExit('prove: %s failed: %s' % (opts.build[b][3], err[:200]))
        machine[b] = [x == 'true' for x in out]
    out, status, err = run_lines(opts.reference, lines, ['--rule', 'challenge'])
    machine[-1] = [x == 'true' for x in out]
    by_start = {}
    for i, p in enumerate(positions):
        by_start.setdefault(p[2], []).append((i, p))
    tasks = [(b, k, items) for b in builds + [-1] for k, items in sorted(by_start.items(), key=lambda x: -x[0])]
    m = max(1, n // 50)
    ctasks = [(b, [(i, positions[i]) for i in range(j, m, opts.jobs)], opts.seed + j)
              for b in builds for j in range(opts.jobs)]
    model = {b: {} for b in builds + [-1]}
    conc = {b: {} for b in builds}
    ctx = multiprocessing.get_context('fork')
    pool = ctx.Pool(opts.jobs, initializer=worker_init)
    try:
        for b, res in pool.imap_unordered(check_task, tasks):
            model[b].update(res)
        for b, res in pool.imap_unordered(concrete_task, ctasks):
            conc[b].update(res)
    finally:
        pool.terminate()
        pool.join()
    bad = 0
    for b in builds + [-1]:
        name = 'the reference' if b < 0 else opts.build[b][0]
        mism = [i for i in range(n) if model[b][i][0] != machine[b][i]]
        ubs = [i for i in range(n) if model[b][i][1]]
        say('model vs machine: %s: the proof\'s formulas on %d positions: %d agree with the compiled '
            'program, %d do not, %d with undefined behaviour' % (name, n, n - len(mism), len(mism), len(ubs)))
        for i in (mism + ubs)[:5]:
            print('  %s' % lines[i].rstrip('\n'), flush=True)
        bad += len(mism) + len(ubs)
    for b in builds:
        res = conc[b]
        mism = [i for i in res if res[i][0] != machine[b][i] or res[i][1]]
        say('model vs machine: %s: the executor on %d positions with shuffled lists: %d agree, %d do not'
            % (opts.build[b][0], len(res), len(res) - len(mism), len(mism)))
        for i in mism[:5]:
            _, _, bl, wl = res[i]
            print('  %s\t%s\t%d\t%d' % (row_lists(bl, wl) + positions[i][2:]), flush=True)
        bad += len(mism)
    say('model vs machine: %d positions, %d mismatches, %.0f s' % (n, bad, time.time() - t0))
    return 1 if bad else 0


def main(argv=None):
    global OPTS
    ap = argparse.ArgumentParser(description='prove golf == reference on every valid input')
    ap.add_argument('--build', nargs=4, action='append', required=True, metavar=('LABEL', 'RULE', 'LL', 'DRIVER'))
    ap.add_argument('--reference-ll', nargs='+', required=True)
    ap.add_argument('--reference', required=True)
    ap.add_argument('--starts', default='1-32')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--check', type=int, default=0)
    ap.add_argument('--seed', type=int, default=20240611)
    opts = ap.parse_args(argv)
    for label, rule, ll, driver in opts.build:
        if rule not in ('strict', 'llvm'):
            ap.error('RULE is strict or llvm, not %r' % rule)
    opts.jobs = max(1, opts.jobs)
    OPTS = opts
    # Killed (a timeout, say): leave through the finally clauses, which stop the workers.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.setrecursionlimit(100000)
    if opts.check:
        return check(opts)
    return prove(opts)


if __name__ == '__main__':
    sys.exit(main())
