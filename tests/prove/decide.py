"""decide.py - the solvers the proof asks: a Decider for the executors'
hundreds of small questions a start (may this branch go both ways? is
this argument one number?), and a Query, in a z3 context of its own, for
each start's final question and each induction step.  Plain z3: nothing of
the project's."""
import z3

UNSAT, SAT = z3.unsat, z3.sat


def solver(defs=()):
    """A solver for one of the proof's questions (the final queries, an
    induction step): a Query, in a z3 context of its own."""
    return Query(defs)


def decider():
    """A solver for the executors' decisions (prune, settle): z3's
    incremental bit-vector solver, asked hundreds of small questions under
    push and pop.  Any complete solver is sound here: a wrong "no" would
    drop a path, and the proof's dom query would then fail."""
    return Decider()


class Decider:
    """z3's incremental QF_BV solver, asked about paths: ask(pc, extra) is
    whether the base assertions, the path's conditions pc and extra can
    all hold.  The path's conditions stay asserted between questions, each
    in a scope of its own, and a question on a path that shares a prefix
    with the last one's asserts only the rest: z3 does its work on an
    assertion at the push after it, which cost more than the checks when
    each question asserted the whole path again.  add, push and pop work
    on the base, below the path's scopes (they drop them first)."""

    def __init__(self):
        self.s = z3.SolverFor('QF_BV')
        self.held = []  # the path conditions asserted, one scope each

    def drop(self):
        if self.held:
            self.s.pop(len(self.held))
            self.held = []

    def add(self, *xs):
        self.drop()
        self.s.add(*xs)

    def push(self):
        self.drop()
        self.s.push()

    def pop(self):
        self.drop()
        self.s.pop()

    def on_path(self, pc):
        held, n = self.held, 0
        while n < len(held) and n < len(pc) and same(held[n], pc[n]):
            n += 1
        if n < len(held):
            self.s.pop(len(held) - n)
            del held[n:]
        for c in pc[n:]:
            self.s.push()
            self.s.add(c)
            held.append(c)

    def ask(self, pc, *extra, model_of=None):
        """check() of the base, pc (the path's conditions, True left out)
        and extra; with model_of, (result, model_of's value in a model, or
        None)."""
        self.on_path(pc)
        s = self.s
        s.push()
        try:
            s.add(*extra)
            r = s.check()
            if model_of is None:
                return r
            return r, s.model().eval(model_of, model_completion=True).as_long() if r == SAT else None
        finally:
            s.pop()


def same(a, b):
    """a and b are one condition (a path's may hold Python's False)."""
    return a is b or isinstance(a, z3.ExprRef) and isinstance(b, z3.ExprRef) and a.eq(b)


class Query:
    """z3's QF_BV solver in a context of its own: the formulas are
    translated in as they are added.  (In the context the executors and
    their incremental solvers work in, the same query ran 5 to 20 times
    slower: the solvers share the context's term tables.)  model() reads
    a model with formulas of the main context."""

    def __init__(self, defs=()):
        self.ctx = z3.Context()
        self.s = z3.SolverFor('QF_BV', ctx=self.ctx)
        for v, e in defs:
            self.add(v == e)

    def add(self, *xs):
        for x in xs:
            self.s.add(z3.BoolVal(x, self.ctx) if isinstance(x, bool) else x.translate(self.ctx))

    def push(self):
        self.s.push()

    def pop(self):
        self.s.pop()

    def check(self):
        return self.s.check()

    def model(self):
        return ModelView(self.s.model(), self.ctx)


class ModelView:
    """A Query's model, evaluating formulas of the main context."""

    def __init__(self, m, ctx):
        self.m, self.ctx = m, ctx

    def eval(self, x, model_completion=False):
        return self.m.eval(x.translate(self.ctx), model_completion=model_completion)

    def decls(self):
        return self.m.decls()

    def __getitem__(self, d):
        return self.m[d]
