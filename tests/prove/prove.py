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

Beside the proof, with --source (trust.py): f's signature against the
driver's prototype, the golf objects' external names, the compilers'
diagnostics for undefined behaviour and UBSan over the differential's
positions; any finding is a refusal, and the proof does not run.  --timeout
T: no verdict in T seconds is "unproved".  Each start is printed as it is
proved; the failure reported is the first in the starts' order.

--check N: instead of proving, tests the model against the machine: the
formulas the proof uses, evaluated on N random positions, against DRIVER and
CLI; and the executor run concretely on shuffled lists for N/50 of them."""
import argparse
import multiprocessing
import os
import queue
import random
import re
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # nothing written beside the sources

import z3  # noqa: E402

import sym  # noqa: E402
import sym_calls  # noqa: E402
import sym_mem  # noqa: E402
import values  # noqa: E402
import golf  # noqa: E402
import decide  # noqa: E402
import trust  # noqa: E402
import allow  # noqa: E402
import alone  # noqa: E402
import footer  # noqa: E402
import lift  # noqa: E402
import bound  # noqa: E402
import x86  # noqa: E402
import replay  # noqa: E402
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
    """The build's golf, its list phase done (once per process)."""
    if b not in RUNS:
        label, rule, ll, driver = OPTS.build[b]
        inp = golf.Inputs()
        INPUTS[b] = inp
        run = golf.GolfRun(ll, rule, inp, mod=lift.load_module(ll, MODULE_TEXTS.get(b)))
        cuts, early = run.list_phase()
        RUNS[b] = (run, inp, cuts, early)
    return RUNS[b]


INPUTS = {}
MODULE_TEXTS = {}  # build: the text its proof reads, read on the main side before the fork (same_code)
REF_ANSWERS = {}
REFERENCE = []


def reference_answer(inp, k):
    """The reference's verdict (nonzero) and UB for start k as formulas:
    (verdict, [(condition, why)], seconds); made once per process, or
    taken from the reference's process (reference_main), the builds
    sharing it: the inputs are the same z3 constants."""
    if k not in REF_ANSWERS:
        t = time.time()
        if not REFERENCE:  # its IR parsed once per process
            REFERENCE.append(golf.Reference(OPTS.reference_ll))
        r, ubs = REFERENCE[0].answer(inp.black, inp.white, k, inp.e, z3.And(inp.valid, inp.s == k))
        REF_ANSWERS[k] = (golf.nonzero(r), [(values.boolean(c), w) for c, w in ubs], time.time() - t)
        return REF_ANSWERS[k]
    return REF_ANSWERS[k][:2] + (0.0,)


def reference_text(answer, inp):
    """A start's reference formulas as SMT-LIB text, to send to another
    process: exact (z3 prints and parses every term of them), and None
    where they hold a constant but inp's (it would be read as
    another's of the same name)."""
    names = {x.decl().name() for x in (inp.black, inp.white, inp.s, inp.e)}
    v, ubs, _ = answer
    fs = [v] + [c for c, _ in ubs]
    seen, todo = set(), list(fs)
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED and e.decl().name() not in names:
            return None
        todo.extend(e.children())
    s = z3.Solver()
    s.add(*fs)
    return s.sexpr(), [w for _, w in ubs]


def reference_from_text(text):
    body, whys = text
    fs = list(z3.parse_smt2_string(body))
    return fs[0], list(zip(fs[1:], whys)), 0.0


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


PROGRESS = None


def note(b, k, phase):
    """Tells the main side what this process is doing (for a timeout's report)."""
    if PROGRESS is not None:
        PROGRESS.put(('doing', os.getpid(), b, k, phase))


def model_reads(m):
    """The list squares the model read, in the order it read them, per list."""
    out = {}
    for d in m.decls():
        x = re.match(r'^(black|white)_read(\d+)$', d.name())
        if x:
            v = m[d]
            if v is not None and z3.is_bv_value(v):
                out.setdefault(x.group(1), []).append((int(x.group(2)), v.as_long()))
    return {k: [v for _, v in sorted(xs)] for k, xs in out.items()}


STATE_NAME = re.compile(r'^[^#]+\.\d+#\d+$')  # a byte of a mutable global at the call's start (sym.py's name)


def model_state(m):
    """The golf's mutable globals the model gives a value before the call
    (what earlier calls would have left there; sym.py starts them unknown)."""
    return sorted({re.sub(r'\.\d+#\d+$', '', d.name()) for d in m.decls()
                   if STATE_NAME.match(d.name())})


def state_consts(terms):
    """The free constants of terms that are bytes of the golf's mutable
    globals at the call's start (named as model_state reads them)."""
    out, seen, todo = {}, set(), list(terms)
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            if STATE_NAME.match(e.decl().name()) and z3.is_bv(e):
                out[e.decl().name()] = e
            continue
        todo.extend(e.children())
    return list(out.values())


def prctl(option, arg):
    """Linux's prctl, where ctypes can call it; False where not."""
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True).prctl(option, arg) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent():
    """The kernel kills this process when the one that forked it dies
    (PR_SET_PDEATHSIG), so a chunk never outlives its build's process, nor
    that the main side: a killed proof leaves nothing running."""
    parent = os.getppid()
    prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:  # it died before the call
        os._exit(1)


def child(q):
    """A process of the proof's, forked: SIGTERM kills it at once (the
    main side's handler, raising SystemExit, could fire inside z3), it dies
    with its parent, and it tells the main side what it does (q)."""
    global PROGRESS
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent()
    PROGRESS = q


class Slots:
    """At most --jobs processes computing at once.  A list phase waiting
    for a slot goes first; then the deepest start waiting (the reference's
    formulas, a chunk's next start), whichever build it is of: every other
    piece of work takes a slot one start at a time.  So a build whose list
    phase refuses the candidate at once is not kept waiting behind another
    build's 32 starts, and start 32 is decided on every build before any
    chunk goes deeper into its own (a counterexample there is reported
    first: the main side waits for every build's result on it).  Before,
    a process held its slot for all its starts (with --jobs 1, the
    reference's formulas held the one slot for all 32)."""

    def __init__(self, ctx, n):
        # one lock for the free slots and the waiting counts: a release
        # wakes every waiter at once, and the one that goes first takes it
        # (before, each polled every 50 ms: 320 hand-overs in the golf's
        # ten builds, a slot idle up to 50 ms at each)
        self.cond = ctx.Condition()
        self.free = ctx.Value('i', n, lock=False)
        self.waiting = ctx.Array('i', 34, lock=False)  # [0]: list phases; [k]: work on start k

    def ahead(self, i):
        """Whether work that goes before work on start i waits (i 0: a
        list phase, which nothing goes before); the lock held."""
        w = self.waiting
        return i > 0 and (w[0] > 0 or any(w[j] for j in range(i + 1, len(w))))

    def take(self, i):
        with self.cond:
            self.waiting[i] += 1
            while self.free.value == 0 or self.ahead(i):
                self.cond.wait()
            self.waiting[i] -= 1
            self.free.value -= 1
            self.cond.notify_all()  # the next in line may now be this one's equal

    def for_list_phase(self):
        self.take(0)

    def for_start(self, k):
        self.take(k)

    def release(self):
        with self.cond:
            self.free.value += 1
            self.cond.notify_all()


def reference_main(order, q, slots):
    """The reference's process: its formulas for every start, made once
    and sent as text (reference_text) to the main side, which passes them
    on to each build's process after its list phase: so they are made
    beside the first list phases, not before them."""
    child(q)
    inp, texts, secs = golf.Inputs(), {}, 0.0
    for k in order:
        note(None, k, 'waiting for a processor')
        slots.for_start(k)
        note(None, k, "the reference's formulas")
        if 'reference-ahead' in OPTS.plant:
            time.sleep(1)  # a slow reference, for the slots' test
        answer = reference_answer(inp, k)
        texts[k] = reference_text(answer, inp)
        secs += answer[2]
        slots.release()
    q.put(('reference', texts, secs))
    q.put(('end', os.getpid()))


def build_main(b, chunks, q, slots, reference):
    """A build's process: its list phase once, then the reference's
    formulas from the main side (reference: the pipe's end), then its starts in chunks,
    each chunk in a process forked from this one after the list phase (this
    one runs the first).  So each chunk's solver history is the list phase
    and its own starts, fixed by --jobs whichever runs first, and no list
    phase is done twice.  At most --jobs of them compute at once (slots).
    Each (build, start) result goes to the main side as it is done."""
    child(q)
    if 'reference-ahead' in OPTS.plant:
        time.sleep(2)  # the reference takes a slot first, for the slots' test
    slots.for_list_phase()
    res = prove_build_starts(b, [], chunks[0][0])
    slots.release()
    q.put(('list', b, res))
    if res['fail'] is not None:  # the list phase failed: the build's first start fails
        q.put(('result', b, chunks[0][0], res))
    else:
        # The reference's formulas, before the fork: every chunk has them.
        note(b, chunks[0][0], "waiting for the reference's formulas")
        q.put(('want', b))
        texts = reference.recv()
        for k, text in texts.items():
            if text is not None:
                REF_ANSWERS[k] = reference_from_text(text)
        ctx = multiprocessing.get_context('fork')
        kids = [ctx.Process(target=chunk_main, args=(b, ch, q, slots)) for ch in chunks[1:]]
        for p in kids:
            p.start()
        run_chunk(b, chunks[0], q, slots)
        for p in kids:
            p.join()
            if p.exitcode != 0:  # the main side sees this process die
                os._exit(p.exitcode if p.exitcode > 0 else 128 - p.exitcode)
    q.put(('end', os.getpid()))


def chunk_main(b, chunk, q, slots):
    child(q)
    run_chunk(b, chunk, q, slots)


def run_chunk(b, chunk, q, slots):
    """A chunk's starts in order, for build b, each in a slot of its own;
    stops after its first start that fails (no later start in the order
    can be the one reported)."""
    for k in chunk:
        note(b, k, 'waiting for a processor')
        slots.for_start(k)
        res = prove_build_starts(b, [k])
        slots.release()
        q.put(('result', b, k, res))
        if res['fail'] is not None:
            break


def start_failure(ress):
    """A start's failure to report, from its builds' results in the builds'
    order (None where one is not in yet): the first build's counterexample,
    or else the first build's failure of any kind; None if it is proved;
    'open' while a result that could change this is missing."""
    for r in ress:
        if r is None:
            return 'open'
        if r['fail'] is not None and r['fail']['kind'] == 'board':
            return r
    return next((r for r in ress if r['fail'] is not None), None)


def prove_build_starts(b, starts, first=None):
    """Proves starts for build b: a result dict (failure details if any).
    With no starts, its list phase alone (first: the start it is for)."""
    label = OPTS.build[b][0]
    out = {'build': b, 'starts': [], 'board': 0.0, 'ref': 0.0, 'solve': 0.0, 'list': None, 'steps': [], 'fail': None,
           'bound': None}
    try:
        t = time.time()
        if b not in RUNS:
            note(b, starts[0] if starts else first, 'list phase')
        run, inp, cuts, early = golf_run(b)
        out['list'] = run.list_seconds
        out['steps'] = [(n, h, round(s, 2)) for n, h, s in run.steps]
        for k in starts:
            t = time.time()
            note(b, k, 'board phase')
            if 'board-stall' in OPTS.plant:
                time.sleep(3600)  # a stuck board phase, for the time-limit tests
            if 'board-slow' in OPTS.plant:
                time.sleep(10)  # a slow one, for the slots' test
            gr, gub, dom = run.board_at(k, cuts, early)
            out['board'] += time.time() - t
            if getattr(run.mod, 'lifted', False):
                # machine code: the most instructions a run executes (bound.py)
                out['bound'] = max(out['bound'] or 0, run.bound)
                if run.bound > bound.BUDGET:
                    out['fail'] = {'kind': 'time', 'start': k, 'bound': run.bound}
                    return out
            note(b, k, "the reference's formulas")
            r_nz, rub, secs = reference_answer(inp, k)
            out['ref'] += secs
            note(b, k, 'the queries')
            t = time.time()
            g_nz = golf.nonzero(gr)
            wrong = z3.Or(g_nz != r_nz, *[values.boolean(c) for c, _ in gub + rub])
            # Both questions below in one query first: with no input outside
            # the paths explored (dom), nor one in them where the answers
            # differ or one has UB, the start is proved.  Otherwise each is
            # asked alone, for what failed and its input.
            s = decide.solver(run.lists.defs)
            cover = z3.And(*run.lists.choice_facts) if run.lists.choice_facts else z3.BoolVal(True)
            s.add(inp.valid, inp.s == k, z3.If(values.boolean(dom), wrong, cover))
            if s.check() == z3.unsat:
                out['solve'] += time.time() - t
                out['starts'].append(k)
                continue
            # The final query assumes dom, the paths explored: first every
            # valid input with this start must lie in one of them.
            s = decide.solver(run.lists.defs)
            # (Each list read's choice is any consistent one: every such
            # choice, made in order, must lie in a path too.)
            s.add(inp.valid, inp.s == k, z3.Not(values.boolean(dom)), *run.lists.choice_facts)
            r = s.check()
            if r != z3.unsat:
                why = 'start %d: the explored paths do not cover every valid input' % k
                if r == z3.sat:
                    m = s.model()
                    why += ' (blacks %s, whites %s, end %d lies in none)' % (
                        replay.row_lists(replay.squares(model_int(m, inp.black)), replay.squares(model_int(m, inp.white)))
                        + (model_int(m, inp.e),))
                out['fail'] = {'kind': 'unproved', 'why': why}
                return out
            s = decide.solver(run.lists.defs)
            s.add(inp.valid, inp.s == k, values.boolean(dom), wrong)
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
                    'reads': model_reads(m), 'state': model_state(m),
                    'white': model_int(m, inp.white), 'end': model_int(m, inp.e),
                    'golf': z3.is_true(m.eval(g_nz, model_completion=True)),
                    'ref': z3.is_true(m.eval(r_nz, model_completion=True)),
                    'golf_ub': [w for c, w in gub if z3.is_true(m.eval(values.boolean(c), model_completion=True))],
                    'ref_ub': [w for c, w in rub if z3.is_true(m.eval(c, model_completion=True))]}
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

def same_code(opts):
    """{build: the earlier build it is proved by}, for each build whose
    proof would read the very text an earlier one's reads under the same
    rule (lift.module_text: the same IR, or the same machine code lifted,
    its read-only data and the helpers it calls included).  A proof reads
    nothing else of a build: the label only names it, and the driver only
    replays a row, reported from the first build in the order, which is
    the one proved.  So one proof stands for both (the golf's f is byte
    for byte the same from the site's gcc-14, gcc-15 and gcc-16 at -O0,
    and from gcc -O2 and -O3).  A build whose text cannot be read here
    (refused, say) is proved on its own: its own process meets the same
    and says so."""
    first, same = {}, {}
    for b, (label, rule, ll, driver) in enumerate(opts.build):
        try:
            MODULE_TEXTS[b] = lift.module_text(ll)
        except Exception:  # noqa: BLE001 (the build's process reports it)
            continue
        key = rule if 'same-by-rule' in opts.plant else (rule, MODULE_TEXTS[b])
        if key in first:
            same[b] = first[key]
        else:
            first[key] = b
    return same


def prove(opts):
    t0 = time.time()
    starts = parse_starts(opts.starts)
    builds = range(len(opts.build))
    # Deep starts first: a wrong golf usually shows there.  The failure
    # reported is the first in this order (the highest start, then the
    # builds in the order given, a counterexample before an "unproved";
    # start_failure), whichever process finds one first: the main side
    # waits for every result before it.  Each build's starts are split into
    # --jobs chunks, each proved after the build's list phase (build_main),
    # so a candidate gives the same counterexample on every run with the
    # same --jobs.
    order = sorted(set(starts), key=lambda k: -k)
    chunks = [ch for ch in (order[j::opts.jobs] for j in range(opts.jobs)) if ch]
    results = {}  # (build, start): its result
    lists = {}
    same = same_code(opts)
    copies = {r: [d for d in same if same[d] == r] for r in builds}  # each proof's other builds
    for r in builds:
        if copies[r]:
            say('%s: the same code as %s, proved once' % (', '.join(opts.build[d][0] for d in copies[r]),
                                                        opts.build[r][0]))
    failed, doing, ended, proved = None, {}, set(), False
    ctx = multiprocessing.get_context('fork')
    q = ctx.Queue()
    slots = Slots(ctx, opts.jobs)
    pipes = [ctx.Pipe(duplex=False) for b in builds]  # (the build's end, the main side's)
    # the builds first: their list phases usually ask for a slot before the reference does
    procs = [ctx.Process(target=build_main, args=(b, chunks, q, slots, pipes[b][0])) for b in builds if b not in same]
    procs += [ctx.Process(target=reference_main, args=(order, q, slots))]
    texts, wanting, ref = None, [], 0.0
    deadline = t0 + opts.timeout if opts.timeout > 0 else None
    # The chunks a killed build's process leaves come here (a subreaper),
    # to be reaped below, not left to an init that may never reap them.
    prctl(36, 1)  # 36: PR_SET_CHILD_SUBREAPER

    def decided():
        for k in order:
            f = start_failure([results.get((b, k)) for b in builds])
            if f is not None:
                return f
        return None

    try:
        for p in procs:
            p.start()
        while True:
            failed = decided()
            if failed is not None and failed != 'open':
                break
            if failed is None:
                proved = True  # every start on every build
                break
            wait = 1.0 if deadline is None else min(1.0, deadline - time.time())
            if wait <= 0:
                undecided = [k for k in order if any((b, k) not in results for b in builds)]
                what = ', '.join('start %d (%s%s)' % (k, '' if b is None else opts.build[b][0] + ': ', ph)
                                 for pid, (b, k, ph) in sorted(doing.items(), key=lambda x: (-x[1][1], x[1][0] or 0))
                                 if (b, k) not in results and pid not in ended)
                say('unproved: no verdict in %d s (PROVE_TIMEOUT): starts %s undecided; at the limit: %s'
                    % (opts.timeout, ','.join(map(str, undecided)), what or 'none'))
                say('not proved (%.1f s)' % (time.time() - t0))
                return 1
            try:
                msg = q.get(timeout=wait)
            except queue.Empty:
                dead = [p for p in procs if p.pid not in ended and p.exitcode is not None]
                if dead and q.empty():
                    say('unproved: a worker of the tool died (exit status %s): a fault in the tool, please '
                        'report it' % dead[0].exitcode)
                    say('not proved (%.1f s)' % (time.time() - t0))
                    return 1
                continue
            if msg[0] == 'doing':
                doing[msg[1]] = msg[2:]
            elif msg[0] == 'end':
                ended.add(msg[1])
            elif msg[0] in ('want', 'reference'):
                if msg[0] == 'reference':
                    _, texts, ref = msg
                else:
                    wanting.append(msg[1])
                if texts is not None:
                    for b in wanting:
                        pipes[b][1].send(texts)
                    wanting = []
            elif msg[0] == 'list':
                _, b, res = msg
                for d in [b] + copies[b]:
                    lists[d] = res
                if res['fail'] is None:
                    say('%s: list phase %.1f s' % (opts.build[b][0], res['list']))
            else:
                _, b, k, res = msg
                results[(b, k)] = res
                for d in copies[b]:
                    results[(d, k)] = dict(res, build=d)
                ress = [results.get((c, k)) for c in builds]
                if all(r is not None and r['fail'] is None for r in ress):
                    say('start %d: proved (%s)' % (k, ', '.join(
                        '%s as %s' % (opts.build[c][0], opts.build[same[c]][0]) if c in same else
                        '%s %.1f s' % (opts.build[c][0], r['board'] + r['solve'] + r['ref'])
                        for c, r in zip(builds, ress))))
    finally:
        if proved:  # each process ends of itself
            for p in procs:
                p.join()
        for p in procs:
            if p.is_alive():
                p.terminate()
        for p in procs:
            p.join()
        while True:  # the orphaned chunks, killed with their build's process
            try:
                os.waitpid(-1, 0)
            except ChildProcessError:
                break
    if failed is not None:
        replay.handle_failure(failed, opts.build[failed['build']], opts.reference)
        say('not proved (%.1f s)' % (time.time() - t0))
        return 1
    for b in builds:
        label = opts.build[b][0]
        if b in same:
            say('%s: the same code as %s, proved by its proof' % (label, opts.build[same[b]][0]))
            continue
        rs = [results[(b, k)] for k in order]
        board = sum(r['board'] for r in rs)
        solve = sum(r['solve'] for r in rs)
        steps = lists[b]['steps']
        say('%s: list phase %.1f s (%s); board phase %.1f s, equality and UB queries %.1f s, for %d starts '
            '(CPU, summed over processes)'
            % (label, lists[b]['list'], ', '.join('%s list: loop at %s, induction step %.2f s' % s for s in steps),
               board, solve, len(rs)))
    say('the reference: its formulas for %d starts in %.1f s (CPU)' % (len(set(starts)), ref))
    names = ', '.join(opts.build[b][0] for b in builds)
    # The time (bound.py): the most machine instructions a run of f executes, per build of machine code.
    bounds = [(opts.build[b][0], max(results[(b, k)]['bound'] for k in order)) for b in builds
              if all(results[(b, k)]['bound'] is not None for k in order)]
    within = ''
    if bounds:
        say('time: a run of f executes at most %s machine instructions (%s; each call counted every time it is '
            'made, each list at 32 squares); the site\'s minute allows %s a call (bound.py)'
            % (bound.show(max(n for _, n in bounds)), ', '.join('%s %s' % (l, bound.show(n)) for l, n in bounds),
               bound.show(bound.BUDGET)))
        top = max(bounds, key=lambda x: (x[1], x[0].startswith('site-')))  # the site's, where it is the most
        within = ', a run within %s instructions (%s)' % (bound.show(top[1]), top[0])
    if len(set(starts)) == 32:
        say('golf == reference on every valid input (32 starts, builds %s)%s, %.0f s' % (names, within, time.time() - t0))
    else:
        say('golf == reference on every valid input with the start among %s (%d of 32 starts, builds %s)%s, %.0f s'
            % (','.join(map(str, sorted(set(starts)))), len(set(starts)), names, within, time.time() - t0))
    return 0


# ==================== Model against machine ====================

# The stack protector's canary in make prove-check's concrete runs: a number
# as glibc makes one, its lowest byte 0 (the proof holds for every canary).
CHECK_CANARY = 0x5ca1ab1e0ddba500


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
    terms = [golf.nonzero(v), values.boolean(values.Or(*[c for c, _ in ubs]))]
    # the stack protector's canary, unknown to the proof, is one number in a run
    terms = [z3.substitute(t, (sym_calls.CANARY, z3.BitVecVal(CHECK_CANARY, 64))) for t in terms]
    # a list read the board phase left a choice reads what the driver's
    # list holds next: the lowest square of those it may be
    lowest = [(x, z3.If(rest == 0, z3.BitVecVal(0, 32), z3.Sum([z3.If(rest & -rest == 1 << i, z3.BitVecVal(i + 1, 32),
                                                                     z3.BitVecVal(0, 32)) for i in range(32)])))
              for x, rest in (run.lists.choice_sets if b >= 0 else ())]
    defs = (run.lists.defs + lowest) if b >= 0 else []
    # the golf's mutable globals, any value when a call starts (sym.py):
    # 0 here, what the first call sees (a right golf's answer does not
    # depend on them; a formula may still name them in an if-then-else
    # whose condition never picks them)
    state = state_consts(terms + [e for _, e in defs])
    if state:
        zero = [(c, z3.BitVecVal(0, c.size())) for c in state]
        terms = [z3.substitute(t, *zero) for t in terms]
        defs = [(v, z3.substitute(e, *zero)) for v, e in defs]
    fn = zeval.compile_terms(terms, ['black', 'white', 'start', 'end'], defs)
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
    mod = lift.load_module(ll)
    fn = mod.functions['@f']
    rng = random.Random(seed)
    out = {}
    for i, (black, white, k, e) in items:
        bl, wl = replay.squares(black), replay.squares(white)
        rng.shuffle(bl)
        rng.shuffle(wl)
        ex = sym.Exec([mod], rule)
        ex.canary = CHECK_CANARY
        st = values.State(fn, None)
        objs = []
        for lst, name in ((bl, 'black'), (wl, 'white')):
            o = values.MemObj('input', 4 * (len(lst) + 1), name, 16)
            cells = [None] * o.size
            for j, x in enumerate(lst + [0]):
                v = values.V('i', x, 32)
                for q in range(4):
                    cells[4 * j + q] = (v, q)
            st.mem[o] = cells
            objs.append(o)
        args = [values.V('p', values.Ptr(objs[0], 0), 64), values.V('p', values.Ptr(objs[1], 0), 64),
                values.V('i', k, 32), values.V('i', e, 32)]
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
    # Only positions whose start is among --starts (all by default: then the
    # same positions as ever, from the same seed).
    allowed = set(parse_starts(opts.starts))
    positions = []
    while len(positions) < n:
        p = replay.random_position(rng)
        if p[2] in allowed:
            positions.append(p)
    lines = ['%s\t%s\t%d\t%d\n' % (replay.row_lists(replay.squares(b), replay.squares(w)) + (k, e)) for b, w, k, e in positions]
    builds = list(range(len(opts.build)))
    machine = {}
    for b in builds:
        out, status, err = replay.run_lines(opts.build[b][3], lines)
        if status != 0 or len(out) != n:
            raise SystemExit('prove: %s failed: %s' % (opts.build[b][3], err[:200]))
        machine[b] = [x == 'true' for x in out]
    out, status, err = replay.run_lines(opts.reference, lines, ['--rule', 'challenge'])
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
            print('  %s\t%s\t%d\t%d' % (replay.row_lists(bl, wl) + positions[i][2:]), flush=True)
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
    ap.add_argument('--timeout', type=float, default=0, help='seconds before "no verdict" (0: none)')
    # What is checked beside the proof (trust.py); without --source, nothing.
    ap.add_argument('--source', help='the candidate, as the user named it')
    ap.add_argument('--source-copy', help='the copy the builds compile')
    ap.add_argument('--log', help='where the compilers\' messages on the candidate go')
    ap.add_argument('--driver-source', default=os.path.join(HERE, '..', '..', 'golf', 'driver.c'))
    ap.add_argument('--golf-flags', default='')
    ap.add_argument('--diag-cc', nargs='*', default=[])
    ap.add_argument('--golf-objects', nargs='*', default=[])
    ap.add_argument('--ubsan', nargs=2, action='append', default=[], metavar=('LABEL', 'PROGRAM'))
    ap.add_argument('--ubsan-positions', type=int, default=1000000)
    # Each site build (golf/post's file, the site's compiler): its object, the
    # footer alone by the same compiler and flags, its program.
    ap.add_argument('--site', nargs=4, action='append', default=[], metavar=('GCC', 'OBJECT', 'FOOTER_OBJECT', 'PROGRAM'))
    ap.add_argument('--footer', default=os.path.join(HERE, '..', '..', 'golf', 'post', 'footer.c'))
    ap.add_argument('--site-root', help='the site compilers\' root (tests/tools/site-root): their preprocessors too')
    ap.add_argument('--drop-path', action='store_true', help=argparse.SUPPRESS)  # tests: the dom check bites
    # tests: a call on f's own path is dropped as if no input took it,
    # unchecked (the coverage query must catch it); tail recursion written
    # back as a call that forgets the accumulator; a self-call's run taking
    # over the shared list phase without renaming its start and end; after
    # the lists, every helper call on numbers not known waiting for the
    # board phase, not only those on the start; the paths before one list
    # read cut each on its own, not joined; builds proved once when their
    # rule alone is the same, not their code (same-by-rule); a helper's
    # list reads its own (reads-apart), not taken over by its caller
    # (reads-dropped), its summary shared whatever squares were read
    # (reads-unkeyed); no loop cut at a helper's call (calls-uncut); the
    # probe for more list reads after a loop blind to the path's reads
    # (probe-unseeded); mutable globals starting as their initializers
    # (globals-initial); a list's square split by its values as if it
    # were 0 to 31, not 0 to 32 (domain-short); a store at a computed
    # place reading each place whole, gaps and all (store-whole)
    ap.add_argument('--plant', action='append', default=[],
                    choices=['dead-unchecked', 'tailrec-no-acc', 'phase-unrenamed', 'no-compiler-names',
                             'one-identity', 'footer-unchecked', 'footer-text-unchecked', 'canary-ignored',
                             'count-once', 'loop-once', 'defer-any', 'pins-astray', 'board-stall', 'board-slow', 'reference-ahead',
                             'separate-paths', 'scan-zero-defined', 'div-zero-defined', 'same-by-rule',
                             'reads-apart', 'reads-dropped', 'reads-unkeyed', 'calls-uncut',
                             'probe-unseeded', 'globals-initial', 'domain-short', 'store-whole'],
                    help=argparse.SUPPRESS)
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
    golf.DROP_PATH = opts.drop_path
    golf.DEAD_UNCHECKED = 'dead-unchecked' in opts.plant
    golf.tailrec.DROP_ACC = 'tailrec-no-acc' in opts.plant
    golf.PHASE_UNRENAMED = 'phase-unrenamed' in opts.plant
    golf.DEFER_ANY = 'defer-any' in opts.plant
    golf.PINS_ASTRAY = 'pins-astray' in opts.plant
    golf.SEPARATE_PATHS = 'separate-paths' in opts.plant
    x86.SMASH_RETURNS = 'canary-ignored' in opts.plant
    x86.SCAN_ZERO_DEFINED = 'scan-zero-defined' in opts.plant
    x86.DIV_ZERO_DEFINED = 'div-zero-defined' in opts.plant
    bound.COUNT_ONCE = 'count-once' in opts.plant
    bound.LOOP_ONCE = 'loop-once' in opts.plant
    sym_calls.READS_APART = 'reads-apart' in opts.plant
    sym_calls.READS_DROPPED = 'reads-dropped' in opts.plant
    sym_calls.READS_UNKEYED = 'reads-unkeyed' in opts.plant
    golf.lists.CALLS_UNCUT = 'calls-uncut' in opts.plant
    golf.lists.PROBE_UNSEEDED = 'probe-unseeded' in opts.plant
    sym.GLOBALS_INITIAL = 'globals-initial' in opts.plant
    values.DOMAIN_SHORT = 'domain-short' in opts.plant
    sym_mem.STORE_WHOLE = 'store-whole' in opts.plant
    if opts.source and source_refused(opts):
        return 1
    return prove(opts)


def source_refused(opts):
    """trust.py's checks: each refusal on one line; True if any."""
    t0 = time.time()
    log = []
    flags = opts.golf_flags.split()
    # The candidate alone (alone.py), the objects exactly f (allow.py), then trust.py's.
    alone.COMPILER_NAMES = 'no-compiler-names' not in opts.plant
    alone.IDENTITIES = 'one-identity' not in opts.plant
    refusals = alone.check(opts.source, opts.diag_cc or ['gcc'], flags,
                           alone.identities(opts.diag_cc, [g[4:] for g, *_ in opts.site], opts.site_root),
                           opts.site_root)
    if 'footer-unchecked' not in opts.plant:
        if 'footer-text-unchecked' not in opts.plant:
            refusals += footer.check_text(opts.source, opts.footer)
        for gcc, obj, footer_obj, _ in opts.site:
            refusals += ['%s: %s' % (opts.source, r) for r in footer.check_object(obj, footer_obj, 'site-' + gcc)]
    found = {}
    opts.golf_objects = [o for o in opts.golf_objects if os.path.exists(o)]  # the main build's, if f fits the driver
    for o in opts.golf_objects:
        for r in allow.check(o):
            found.setdefault(r, []).append(os.path.basename(o))
    # the site's objects: the footer's part is footer.py's; the stack
    # protector's __stack_chk_fail is allowed there alone
    for gcc, obj, footer_obj, _ in opts.site:
        for r in allow.check(obj, footer=footer_obj):
            found.setdefault(r, []).append('site-%s (%s)' % (gcc, os.path.basename(obj)))
    refusals += ['%s: %s: %s: an object may hold f and nothing else' % (opts.source, ', '.join(o), r)
                 for r, o in found.items()]
    refusals += trust.check_signature(opts.source, opts.driver_source, (opts.diag_cc or ['clang-19'])[-1], flags, log)
    built = not refusals  # the builds UBSan runs are of this very text and objects
    refusals += trust.check_diagnostics(opts.source, opts.diag_cc, flags, log)
    if opts.log:
        with open(opts.log, 'w') as fh:
            fh.write('\n'.join(log))
    if built:
        refusals += trust.check_ubsan(opts.source, opts.source_copy, opts.ubsan, opts.ubsan_positions)
    for r in refusals:
        say('refused: %s' % r)
    if refusals:
        say('not proved (%.1f s)' % (time.time() - t0))
        return True
    idents = alone.identities(opts.diag_cc, [g[4:] for g, *_ in opts.site], opts.site_root)
    say('checked: the text alone (no name, place, date or pragma in it; no name of the compiler\'s own; the same '
        'tokens under %d compilers, %d settings each); each object exactly f (%d objects%s); the footer means the same '
        'in the site\'s file (%d site objects); '
        'f is int f(int *, int *, int, int) as the driver calls it; no diagnostic of undefined behaviour (%s); UBSan on %d positions (%s) (%.1f s)'
        % (len(idents), len(alone.SETTINGS), len(opts.golf_objects),
           '; the %d site objects f and the footer' % len(opts.site) if opts.site else '', len(opts.site),
           ', '.join(opts.diag_cc) or 'none',
           opts.ubsan_positions, ', '.join(l for l, _ in opts.ubsan) or 'none', time.time() - t0))
    return False


if __name__ == '__main__':
    sys.exit(main())
