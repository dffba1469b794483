"""The deciders' path scopes (decide.Decider) against a fresh solver: random
questions over two bytes, on paths that share prefixes, with the base
changed between them (add, push, pop), each answered by the decider and by
a new z3 solver given everything at once.  Exit status 1 if any answer
differs.  Usage: decidercheck.py [plant] (plant: any held condition taken
for the path's, so a path that left the held ones keeps them)."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the prover's modules
import decide  # noqa: E402
import z3  # noqa: E402

if sys.argv[1:] == ['plant']:
    decide.same = lambda a, b: True  # planted: any held condition taken as the path's
rng = random.Random(7)
a, b = z3.BitVec('a', 8), z3.BitVec('b', 8)


def atom():
    x, y = rng.choice([a, b]), rng.choice([a, b, z3.BitVecVal(rng.randrange(256), 8)])
    return rng.choice([x == y, x != y, z3.ULT(x, y), z3.UGT(x, y), (x & y) == rng.randrange(4)])


d, base, trunks, differ = decide.Decider(), [[]], [[atom() for _ in range(6)] for _ in range(4)], 0
for q in range(500):
    if rng.random() < 0.03:
        c = atom()
        d.add(c)
        base[-1].append(c)
    elif rng.random() < 0.03:
        d.push()
        base.append([])
    elif rng.random() < 0.03 and len(base) > 1:
        d.pop()
        base.pop()
    t = rng.choice(trunks)
    pc = t[:rng.randrange(len(t) + 1)] + [atom() for _ in range(rng.randrange(2))] + ([False] if rng.random() < 0.02 else [])
    extra = [atom() for _ in range(rng.randrange(3))]
    fresh = z3.Solver()
    fresh.add(*[c for level in base for c in level], *pc, *extra)
    differ += d.ask(pc, *extra) != fresh.check()
print('decider: 500 questions, %d answered otherwise than a fresh solver' % differ)
sys.exit(1 if differ else 0)
