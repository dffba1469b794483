#!/usr/bin/env python3
"""timecheck.py - the proof's time bound (bound.py) against the processor.

usage: timecheck.py DIR [--seed S] [--random N] [--starts LIST] [--row ROW...]
                    --build LABEL OBJECT BOUND [--build ...]

For each build, OBJECT (the object whose f the proof lifted: a site
build's GOLF_DIR/site/gcc-V-f.o) is linked with count_main.c, which runs f
one instruction at a time (the trap flag) and counts the instructions of
the candidate's own code (the object's .text: f and its static
functions), in the sandbox (tests/tools/sandbox), as every run of a golf.
The rows: for every start, full boards (all 32 squares white; the start
alone white, every other square black; the two colours alternating), to
ends near and far, and N random positions (replay.py's), each list
shuffled; and each ROW given ("black white from to", lists
comma-separated or -); only those whose start is in LIST (the starts the
bound was proved for).  No count may exceed BOUND, the proof's bound for
the build (`prove: time: ...`).  Closing line per build: `time: LABEL: R rows, at
most C instructions a run (ROW), the proof's bound B`; exit 1 if a count
exceeds its bound."""
import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # the prover's modules
sys.dont_write_bytecode = True

import allow  # noqa: E402
import bound  # noqa: E402
import prove  # noqa: E402
import replay  # noqa: E402


def rows(rng, n):
    """(black, white, start, end): full boards for every start, and n random positions."""
    out = []
    every = list(range(1, 33))
    for s in every:
        boards = [([], every), ([x for x in every if x != s], [s]),
                  ([x for x in every if x % 2 != s % 2], [x for x in every if x % 2 == s % 2])]
        for black, white in boards:
            for e in sorted({1, max(1, s - 4), max(1, s - 9), max(1, s - 18), rng.randint(1, 32)}):
                out.append((black, white, s, e))
    for _ in range(n):
        black, white, s, e = replay.random_position(rng)
        out.append((replay.squares(black), replay.squares(white), s, e))
    return [(rng.sample(b, len(b)), rng.sample(w, len(w)), s, e) for b, w, s, e in out]


def text_of(obj):
    """(f's offset in .text, .text's size) of the object."""
    with open(obj, 'rb') as fh:
        secs, syms = allow.read_elf(fh.read())
    f = next(x for x in syms if x['name'] == 'f' and x['type'] == allow.STT_FUNC)
    return f['value'], secs[f['shndx']]['size']


def main():
    ap = argparse.ArgumentParser(description='the time bound against the processor')
    ap.add_argument('dir')
    ap.add_argument('--build', nargs=3, action='append', required=True, metavar=('LABEL', 'OBJECT', 'BOUND'))
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--random', type=int, default=1000)
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('--starts', default='1-32')
    ap.add_argument('--row', action='append', default=[])
    opts = ap.parse_args()
    os.makedirs(opts.dir, exist_ok=True)
    starts = set(prove.parse_starts(opts.starts))
    sample = rows(random.Random(opts.seed), opts.random)
    lines = ['%s %s %d %d\n' % (','.join(map(str, b)) or '-', ','.join(map(str, w)) or '-', s, e)
             for b, w, s, e in sample if s in starts] + [' '.join(r.split()) + '\n' for r in opts.row]
    bad = 0
    for label, obj, limit in opts.build:
        limit = int(limit.replace(',', ''))
        prog = os.path.join(opts.dir, 'count-' + label.replace(' ', ''))
        subprocess.run([opts.cc, '-O1', '-mno-red-zone', '-std=gnu11', '-o', prog, os.path.join(HERE, 'count_main.c'),
                        obj], check=True)
        off, size = text_of(obj)
        out, status, err = replay.run_lines(prog, lines, [str(off), str(size)])
        if status != 0 or len(out) != len(lines) or not all(out):
            raise SystemExit('time: %s failed (status %d): %s' % (prog, status, err.strip()[:200]))
        counts = [int(x.split()[1]) for x in out]
        top = max(range(len(counts)), key=lambda i: counts[i])
        over = [i for i, c in enumerate(counts) if c > limit]
        for i in over[:5]:
            print('  %s: %s instructions, over the bound' % (lines[i].strip(), bound.show(counts[i])))
        bad += len(over)
        print('time: %s: %d rows, at most %s instructions a run (%s), the proof\'s bound %s%s'
              % (label, len(lines), bound.show(counts[top]), lines[top].strip(), bound.show(limit),
                 ', %d rows over it' % len(over) if over else ''))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
