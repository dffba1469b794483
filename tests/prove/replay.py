"""replay.py - a failure put into words: a counterexample is replayed
through the build's own program (the protocol driver linked with the same
object) and the reference's CLI before it is printed as a cases.tsv row; the
lists tried in the orders the model read them, ascending, descending and
each square first; state left by earlier calls tried as sequences of rows
in one run.  A row the program gets right in every order is the tool's
fault, said so.  No solver here: prove.py hands it the start's result."""
import os
import random

import bound
import subprocess

# Every run of a golf goes through the sandbox (tests/tools/sandbox).
SANDBOX = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tools', 'sandbox')


def say(*parts):
    print('prove:', *parts, flush=True)


def squares(mask):
    return [n for n in range(1, 33) if mask >> (n - 1) & 1]


def row_lists(black, white):
    return (','.join(map(str, black)) or '-'), (','.join(map(str, white)) or '-')


def run_lines(prog, lines, args=()):
    """prog's answers to lines: run in the sandbox, as every run of a golf
    (it refuses, 125, where none can be made)."""
    p = subprocess.run([SANDBOX, prog, *args], input=''.join(lines), capture_output=True, text=True)
    if p.returncode == 125:
        raise SystemExit('prove: ' + (p.stderr.strip() or 'the sandbox refused %s' % prog))
    return p.stdout.split('\n')[:len(lines)], p.returncode, p.stderr


def replay(driver, reference, black, white, k, e):
    """The compiled golf's and the reference's answers to one row."""
    b, w = row_lists(black, white)
    line = '%s\t%s\t%d\t%d\n' % (b, w, k, e)
    g, _, gerr = run_lines(driver, [line])
    r, _, _ = run_lines(reference, [line], ['--rule', 'challenge'])
    en, _, _ = run_lines(reference, [line], ['--rule', 'english'])
    return g[0], r[0], en[0], gerr


def report_counterexample(label, driver, reference, black, white, k, e, why):
    """Prints the row, after replaying it; True if the compiled programs disagree."""
    g, r, en, gerr = replay(driver, reference, black, white, k, e)
    b, w = row_lists(black, white)
    say('%s: %s' % (label, why))
    say('replayed: %s says %s, the reference (--rule challenge) says %s' % (driver, g, r))
    if g == r:
        return False
    say('counterexample, a cases.tsv row (black, white, from, to, challenge, english, name):')
    print('%s\t%s\t%d\t%d\t%s\t%s\tprove: %s says %s' % (b, w, k, e, r, en, label, g), flush=True)
    return True


def list_orders(black, white, reads):
    """Orders of the two lists to replay: the model's (the squares it read
    first, in that order, the rest ascending), ascending, descending, then
    each square first."""
    def model(sq, name):
        first = [x for x in dict.fromkeys(reads.get(name, [])) if x in sq]
        return first + [x for x in sq if x not in first]
    out = [(model(black, 'black'), model(white, 'white')), (black, white), (black[::-1], white[::-1])]
    out += [(black, [x] + [y for y in white if y != x]) for x in white]
    out += [([x] + [y for y in black if y != x], white) for x in black]
    seen, res = set(), []
    for bl, wl in out:
        key = (tuple(bl), tuple(wl))
        if key not in seen:
            seen.add(key)
            res.append((bl, wl))
    return res


def replay_calls(label, driver, reference, black, white, k, e, state, why):
    """The golf keeps state across calls: the row after rows that may leave
    it there (the same board to every end, other boards with the same start
    and end, random positions), all in one run of the driver, as it reads a
    file; the shortest sequence found is printed.  (A random board has the
    start's man added, 25 boards to each end in turn.)  True if one was."""
    rng = random.Random(k * 33 + e)
    rows = [(black, white, k, x) for x in range(1, 33) if x != e]
    while len(rows) < 1000:
        b, w, _, _ = random_position(rng)
        w |= 1 << (k - 1)
        b &= ~(1 << (k - 1))
        rows.append((squares(b), squares(w), k, e if len(rows) < 200 else 1 + len(rows) // 25 % 32))
    rows.append((black, white, k, e))
    line = lambda r: '%s\t%s\t%d\t%d\n' % (row_lists(r[0], r[1]) + (r[2], r[3]))
    lines = [line(r) for r in rows]
    g, _, _ = run_lines(driver, lines)
    ref, _, _ = run_lines(reference, lines, ['--rule', 'challenge'])
    bad = next((i for i in range(len(lines)) if g[i] != ref[i]), None)
    if bad is None:
        return False
    seq = lines[:bad + 1]
    for j in range(bad):  # a shorter sequence: one row before it
        g2, _, _ = run_lines(driver, [lines[j], lines[bad]])
        if g2[1] != ref[bad]:
            seq = [lines[j], lines[bad]]
            break
    en, _, _ = run_lines(reference, seq, ['--rule', 'english'])
    ch, _, _ = run_lines(reference, seq, ['--rule', 'challenge'])
    gs, _, _ = run_lines(driver, seq)
    say('%s: %s, with state left by earlier calls in %s' % (label, why, ', '.join(state)))
    say('replayed: %s, these %d rows in one run, says %s to the last, the reference (--rule challenge) says %s'
        % (driver, len(seq), gs[-1], ch[-1]))
    say('counterexample, cases.tsv rows to run in this order (black, white, from, to, challenge, english, name):')
    for i, (l, c, n) in enumerate(zip(seq, ch, en)):
        name = 'prove: %s says %s after the rows before' % (label, gs[-1]) if i == len(seq) - 1 else \
            'prove: the row before'
        print('%s\t%s\t%s\t%s' % (l.rstrip('\n'), c, n, name), flush=True)
    return True


def handle_failure(res, build, reference):
    """Says why a start failed: refused, unproved, or refuted with a row
    replayed through build's own program (its label, rule, module and driver)
    and the reference's CLI."""
    label, rule, ll, driver = build
    fail = res['fail']
    kind = fail['kind']
    if kind == 'refused':
        say('%s: unproved: the tool does not model this: %s' % (label, fail['why']))
        return
    if kind == 'unproved':
        say('%s: unproved: %s' % (label, fail['why']))
        return
    if kind == 'time':
        say('%s: unproved: start %d: a run may execute %s machine instructions (the proof\'s bound: each call '
            'counted every time it is made), more than the %s a call the site\'s minute allows (bound.py)'
            % (label, fail['start'], bound.show(fail['bound']), bound.show(bound.BUDGET)))
        return
    if kind == 'board':
        black, white = squares(fail['black']), squares(fail['white'])
        k, e = fail['start'], fail['end']
        if fail['golf_ub'] and fail.get('state'):
            # Only with values earlier calls may (or may never) leave in the
            # golf's globals: a wrong answer after real calls, or unproved.
            why = 'start %d: undefined behaviour in the golf (%s)' % (k, fail['golf_ub'][0])
            if not replay_calls(label, driver, reference, black, white, k, e, fail['state'], why):
                say('%s: unproved: %s only after earlier calls left a value in %s; no sequence of calls the '
                    'tool tried leaves it there' % (label, why, ', '.join(fail['state'])))
            return
        if fail['golf_ub'] or fail['ref_ub']:
            who = 'the golf' if fail['golf_ub'] else 'the reference'
            what = (fail['golf_ub'] or fail['ref_ub'])[0]
            g, r, en, gerr = replay(driver, reference, black, white, k, e)
            b, w = row_lists(black, white)
            if g == r:
                # Refuted only with a row the program gets wrong: here the
                # model cannot follow the code, and the program agrees.
                say('%s: unproved: start %d: the model finds undefined behaviour in %s (%s) on %s %s %d %d, '
                    'which it cannot follow; the replay agrees with the reference (%s says %s, the reference %s)'
                    % (label, k, who, what, b, w, k, e, driver, g, r))
                return
            say('%s: start %d: undefined behaviour in %s: %s' % (label, k, who, what))
            say('on this input (replayed: %s says %s, the reference says %s):' % (driver, g or 'nothing (%s)' % gerr.strip()[:80], r))
            print('%s\t%s\t%d\t%d\t%s\t%s\tprove: %s has undefined behaviour' % (b, w, k, e, r, en, label),
                  flush=True)
            return
        why = 'start %d: the golf says %s, the reference %s' % (k, str(fail['golf']).lower(), str(fail['ref']).lower())
        # The lists in the order the model read them, then other orders: the
        # driver passes them in file order, so the row replays as written.
        for bl, wl in list_orders(black, white, fail.get('reads', {})):
            g, r, _, _ = replay(driver, reference, bl, wl, k, e)
            if g != r:
                if (bl, wl) != (black, white):
                    why += '; the order of the lists matters'
                report_counterexample(label, driver, reference, bl, wl, k, e, why)
                return
        if fail.get('state'):
            if replay_calls(label, driver, reference, black, white, k, e, fail['state'], why):
                return
            say('%s: unproved: %s only after earlier calls left a value in %s; no sequence of calls the '
                'tool tried leaves it there' % (label, why, ', '.join(fail['state'])))
            return
        say('%s: unproved: the model and the machine disagree on this row (the replay agrees with the reference '
            'in every order tried): a fault in the tool, please report it' % label)
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
    r, _, _ = run_lines(reference, lines, ['--rule', 'challenge'])
    ub = [x for x in reasons if x.startswith('undefined behaviour')]
    for (bl, wl, e), gv, rv in zip(rows, g, r):
        if gv != rv:
            why = 'the order of the %s list matters: %s' % (fail['list'], ' '.join(map(str, first if bl is first or wl is first else second)))
            report_counterexample(label, driver, reference, bl, wl, k, e, why)
            return
    if ub:
        # every row above replayed as the reference answers it: the model
        # cannot follow the list reads, the program agrees
        b, w = row_lists(*rows[0][:2])
        say('%s: unproved: the model finds undefined behaviour while reading the list (on %s %s %d), which it '
            'cannot follow; the replay agrees with the reference on every end' % (label, b, w, k))
        return
    say('%s: unproved: after reading %s then %d the state is not the one of the ascending order, but the '
        'two orders give the same answers on every end; the tool cannot decide this' % (label, sorted(c), x))


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
