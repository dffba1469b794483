"""lists.py - the golf's two input lists as sets, and its loops over them by
induction.

A list is modelled as the set S of its squares (a 32-bit mask: bit n-1 for
square n) and a pointer into it as (S, K, off): the position just after the
squares in K, the set already read, plus off bytes.  A read at K returns any
square of S \\ K, or 0 (the terminator) once S \\ K is empty: that covers
every order and every length at once.  Reading the same place twice gives the
same square (the path remembers its choices); reading past the terminator is
undefined behaviour.

A loop that reads a list is cut at its header by a claim the solver checks,
with no invariant written by hand.  Asc(c) is the state reached from the
header's first state by one iteration per square of c in ascending order (a
fold over the 32 squares, each iteration run with its square concrete).  The
claim: whatever order the squares come in, after reading the set c the state
at the header is Asc(c).  Asc of the empty set is the first state, by
construction; the step, checked by the solver for a symbolic c and a symbolic
next square x (every branch of the real iteration), is that one iteration
from Asc(c) reading x comes back to the header with no undefined behaviour,
its pointer one square on, and every live register and memory byte equal to
those of Asc(c + x).  By induction on the number of squares read, the state
after any order of any subset c is Asc(c), so the state at the terminator is
Asc(S), and the run goes on from there."""
import z3

import bound
import ir
import values
from ir import Refused, loop_info, live_at, loop_of
from values import V, Ptr, PtrIte, And, Or, Not, key


# Planted (tests only): a loop is never cut at a call of a helper that reads its list
CALLS_UNCUT = False
# Planted (tests only): reads_ahead's probe knows none of the path's reads
PROBE_UNSEEDED = False


def bit32(x):
    """The one-square set {x} for a square x in 1..32."""
    if isinstance(x, int):
        return 1 << (x - 1)
    return z3.BitVecVal(1, 32) << (x - 1)


def member(x, rest):
    """x is a square of the set rest."""
    if isinstance(x, int):
        return z3.Extract(x - 1, x - 1, rest) == 1 if not isinstance(rest, int) else bool(rest >> (x - 1) & 1)
    return z3.And(z3.UGE(x, 1), z3.ULE(x, 32), z3.Extract(0, 0, z3.LShR(rest, x - 1)) == 1)


class Lists:
    """The list model for one run of the golf: read hook, families, states."""

    def __init__(self, ex, solver_assumptions):
        self.ex = ex
        self.A = solver_assumptions  # facts about every valid input (z3 Bool)
        self.objs = []
        self.families = []  # (header, list name, seconds) for the report
        # Named terms: each fold step's values are fresh constants defined
        # by an equation, so that no rewriting ever sees the whole fold at
        # once (z3's simplifier can blow up on deep if-then-else chains).
        # Every query adds every definition: a name is never left free.
        self.defs = []
        self.choice_facts = []
        # each read's choice and the squares it is one of, (x, rest): make
        # prove-check's concrete runs take the lowest (the driver passes
        # each list in ascending order, and the list phase read a prefix)
        self.choice_sets = []
        self.on_def = None
        # While a loop is cut (family): what holds of its read set c and
        # next square x, for the executor's hooks (an index into the list is
        # shown equal to a place of it under these)
        self.context = None
        self.lemmas = []  # what the solver showed under context (GolfRun.always)
        self.strict = None  # the frame of an iteration being run: a helper's read no choice covers is not a cut
        ex.list_read = self.read

    def new_list(self, name, S):
        obj = values.MemObj('list', None, name, 16, S=S)
        self.objs.append(obj)
        return obj

    def place(self, st, inst, fn=None):
        """The list place a load reads, or a call passes to a helper of f's
        (not f itself, fn): the first argument that points at a square st's
        path has not read (the helper reads it, if anything does: a loop
        whose only read of the list is in a helper is cut at the call).
        None if it is neither."""
        if inst.op == 'load':
            pv = self.ex.operand(st, ir.PTR, inst.args[0])
            return pv.v if pv.k == 'p' else None
        name = inst.extra
        if name.startswith(('@llvm.', '@x86.')) or CALLS_UNCUT:
            return None
        callee = self.ex.find_function(st.fn.module, name)
        if callee is None or callee is fn:
            return None
        for t, v, attrs in inst.args:
            if t == ir.PTR:
                pv = self.ex.operand(st, t, v)
                if pv.k == 'p' and self.unread(st, pv.v):
                    return pv.v
        return None

    @staticmethod
    def exhausted(obj, K):
        return K is not None and not isinstance(K, int) and K.eq(obj.S)

    def read(self, st, pt, where):
        L, K, off = pt.obj, pt.K, pt.off
        if off < 0 or off % 4:
            raise Refused('%s: a list read at a partial position' % where)
        j = off // 4
        fresh = (L, key(K), j) not in st.choices
        st.reads.append((L, key(K), j, fresh and not self.exhausted(L, K)))
        reads = self.ex.call_reads  # in a helper: the squares its run and its callers' have chosen
        if reads is not None:
            reads.used = True
        if self.exhausted(L, K):
            if j == 0:
                return V('i', 0, 32)
            st.ub(True, where + ' (a read past the end of the list)')
            return V('i', 0, 32, True)
        xs = []
        taken = K if K is not None else 0
        for i in range(j + 1):
            x = st.choices.get((L, key(K), i))
            if x is None and reads is not None:
                got = reads.find((L, key(K), i))
                if got is not None:
                    x = st.choices[(L, key(K), i)] = got[0]
                    st.assume(got[1])
            if x is None and self.strict is not None and st.frame is not self.strict:
                # a helper called in a loop's iteration reads a square the
                # loop has not: the loop is not cut at this read
                raise NotACut('%s: a helper reads a list at another place than the loop\'s' % where)
            if x is None:
                n = values.fresh_id()
                x = z3.BitVec('%s_read%d' % (L.name, n), 32)
                values.finite_domain(x, range(33))  # the fact below: 0 or a square
                rest = values.bv(L.S, 32) & ~values.bv(taken, 32)
                fact = z3.And(z3.Implies(rest != 0, member(x, rest)), z3.Implies(rest == 0, x == 0))
                st.assume(fact)
                self.choice_facts.append(fact)  # a consistent choice always exists: prove.py's dom query assumes them
                self.choice_sets.append((x, rest))
                st.choices[(L, key(K), i)] = x
                if reads is not None:
                    reads.new[(L, key(K), i)] = (x, fact)
            xs.append(x)
            if i < j:
                taken = values.bv(taken, 32) | (bit32(x) if not isinstance(x, int) else (1 << (x - 1) if x else 0))
        past = Or(*[(x == 0) if not isinstance(x, int) else (x == 0) for x in xs[:-1]])
        if past is not False:
            st.ub(past, where + ' (a read past the end of the list)')
        return V('i', values.conc_bv(xs[-1]), 32)

    # ---------- named terms ----------

    def define(self, e, tag):
        n = values.fresh_id()
        v = z3.Const('%s#%d' % (tag, n), e.sort())
        self.register(v, e)
        return v

    def register(self, v, e):
        self.defs.append((v, e))
        if self.on_def is not None:
            self.on_def(v, e)

    def name_value(self, v, tag, defs):
        if v.k in ('i', 'b'):
            x, p = v.v, v.p
            if compound(x):
                x = self.define(x, tag)
                defs.append((x, self.defs[-1][1]))
            if compound(p):
                p = self.define(p, tag + '.poison')
                defs.append((p, self.defs[-1][1]))
            return v if x is v.v and p is v.p else V(v.k, x, v.w, p)
        if v.k == 'a':
            return V('a', [self.name_value(x, tag, defs) for x in v.v])
        return v

    def name_state(self, st, tag, defs):
        return map_state(st, lambda v: self.name_value(v, tag, defs))

    def copy_defs(self, defs, pairs, tag, changed_only=False):
        """The definitions again with pairs substituted, under new names:
        the pairs that rename the old names to the new.  changed_only: only
        the definitions the substitution changes (the rest keep their
        names)."""
        mapping = []
        ren = Renaming(pairs)
        for v, e in defs:
            e2 = ren(e)
            if changed_only and e2.eq(e):
                continue
            mapping.append((v, self.define(e2, tag)))
            ren = Renaming(pairs + mapping)
        return mapping

    # ---------- states ----------

    def live_pointers(self, st, live):
        """(where, Ptr) for every list pointer in a live register or in memory."""
        out = []
        for name in live:
            v = st.regs.get(name)
            if v is not None:
                for pt in pointers_in(v):
                    out.append(('reg', pt))
        for obj, cells in st.mem.items():
            seen = set()
            for e in cells:
                if e is not None and id(e[0]) not in seen:
                    seen.add(id(e[0]))
                    for pt in pointers_in(e[0]):
                        out.append(('mem', pt))
        return out

    def unread(self, st, pt):
        """pt points into a list that is not done, at a square not read yet
        on this path, or just past squares read that may fold into its set."""
        if not isinstance(pt, Ptr) or pt.obj.kind != 'list' or pt.off % 4 or pt.off < 0:
            return False
        K = pt.K if pt.K is not None else 0
        if self.exhausted(pt.obj, K):
            return False
        j = pt.off // 4
        return (pt.obj, key(K), j) not in st.choices and \
            all((pt.obj, key(K), i) in st.choices for i in range(j))

    def canonical(self, st, pt, nonzero):
        """(state, pointer) with pt brought to the form (L, K, 0): the squares
        the path read before it are folded into K if the solver shows none of
        them can be the terminator (nonzero(st, x)).  None if they cannot."""
        L, K, off = pt.obj, pt.K if pt.K is not None else 0, pt.off
        j = off // 4
        if j == 0:
            return st, pt
        xs = [st.choices[(L, key(K), i)] for i in range(j)]
        if not all(nonzero(st, x) for x in xs):
            return None
        Knew = values.bv(K, 32)
        for x in xs:
            Knew = Knew | bit32(x)
        kk = kkey(K)

        def fp(p):
            if p.obj is L and kkey(p.K) == kk and p.off >= 4 * j:
                return Ptr(L, p.off - 4 * j, Knew)
            return p
        st2 = map_state(st, lambda v: map_ptr(v, fp))
        st2.choices = {k: v for k, v in st.choices.items() if not (k[0] is L and k[1] == key(K))}
        return st2, Ptr(L, 0, Knew)

    def iteration(self, st, P, body, seed=None, mode='step'):
        """One iteration from st, which is about to run instruction P = (block,
        index) of the loop with blocks body: the final states, each 'back' (at
        P again), 'exit' (left the loop), 'ret', 'ub' (certain undefined
        behaviour) or 'stray' (about to read a list square other than the
        seeded one: mode 'fold' raises NotACut there instead; mode 'probe'
        stops with 'fresh' at any read short of a list's end)."""
        blockP, idxP = P
        frame = st.frame

        def stop(s):
            if s.frame is not frame:
                return None
            if s.block == blockP and s.idx == idxP:
                return 'back'
            return 'exit' if s.block not in body else None

        def load_stop(s, inst):
            if s.frame is not frame:
                return None
            if s.block == blockP and s.idx == idxP and s.steps > 0:
                return 'back'
            if inst.op != 'load':
                return None  # a helper's reads: the same squares, or no cut (read)
            pv = self.ex.operand(s, ir.PTR, inst.args[0])
            if pv.k != 'p' or not isinstance(pv.v, Ptr) or pv.v.obj.kind != 'list':
                return None
            pt = pv.v
            k = (pt.obj, key(pt.K if pt.K is not None else 0), pt.off // 4)
            if self.exhausted(pt.obj, pt.K):
                return None
            if mode == 'probe':
                # a read short of the list's end, of a square the path read
                # before the loop too (the golf's w[0], read for its
                # start): the next iteration reads on
                return 'fresh'
            if k in s.choices:
                return None
            if mode == 'fold':
                raise NotACut('%s: the loop reads a list at another place than the current one' % inst.where())
            return 'fresh' if mode == 'probe' else 'stray'
        s1 = st.fork()
        s1.pc, s1.ubs, s1.facts, s1.reads = [], [], {}, []
        s1.choices = dict(seed or {})
        s1.steps = 0
        s1.icount = 0  # the iteration's own instructions (bound.py)
        saved = self.ex.prune, self.ex.load_stop, self.strict
        self.ex.prune, self.ex.load_stop, self.strict = None, load_stop, frame
        try:
            return self.ex.explore([s1], stop)
        finally:
            self.ex.prune, self.ex.load_stop, self.strict = saved

    def reads_ahead(self, st, H):
        """Whether one iteration of the loop at header H from st reads a list
        short of its end (a square this path has not read yet, or one it read
        before the loop: the next iteration reads on)."""
        body = loop_info(st.fn)[H]
        b = st.fn.blocks[H]
        try:
            # the path's own reads seeded: a pointer past squares read
            # before the loop (a rotated loop's first two, say) is a place
            # the probe knows, not one moved past squares never read
            finals = self.iteration(st, (H, len(b.phis)), body, seed=None if PROBE_UNSEEDED else st.choices,
                                    mode='probe')
        except NotACut:
            return True  # a helper it calls reads a square not read yet
        return any(s.status == 'fresh' for s in finals)

    def family(self, st, P, pt, prove_step):
        """Cut the loop that reads pt's list at instruction P: build Asc, have
        prove_step check the induction step, and return the state after the
        whole list, again about to run P.  NotACut if the loop cannot be cut
        there (it reads the list elsewhere too)."""
        L, K0 = pt.obj, pt.K if pt.K is not None else 0
        fn = st.fn
        blockP, idxP = P
        header, body = loop_of(fn, blockP)
        live = live_at(fn, blockP, idxP)
        n = values.fresh_id()
        c = z3.BitVec('%s_read_set%d' % (L.name, n), 32)
        K0z = values.bv(K0, 32)
        where = '%s, the loop at %s (the read at %s)' % (fn.name, header, blockP)

        def Kn(n):
            part = c & z3.BitVecVal((1 << n) - 1, 32) if n < 32 else c
            return part if isinstance(K0, int) and K0 == 0 else K0z | part
        avail = L.S if isinstance(K0, int) and K0 == 0 else L.S & ~K0z
        saved = self.context, self.lemmas
        # Asc(c) is used for read sets c of the squares still to read only
        # (what was shown before holds under this stronger assumption)
        self.context = And(st.path_cond(), (c & ~avail) == 0)
        self.lemmas = list(self.lemmas)
        try:
            return self.cut(st, P, pt, prove_step, L, K0, K0z, c, Kn, avail, header, body, live, where)
        finally:
            self.context, self.lemmas = saved

    def cut(self, st, P, pt, prove_step, L, K0, K0z, c, Kn, avail, header, body, live, where):
        base = trim(st, live)
        cur = base
        defs = []
        tag = '%s_asc' % L.name
        any_back = False
        for n in range(1, 33):
            Kcur = K0 if n == 1 else Kn(n - 1)
            finals = self.iteration(cur, P, body, {(L, key(Kcur), 0): n}, mode='fold')
            backs = []
            for s in finals:
                if s.status != 'back':
                    continue
                backs.append(advance(trim(s, live), L, Kcur, Kn(n)))
            if not backs:
                nxt = cur
            else:
                any_back = True
                nxt = backs[-1]
                for s in reversed(backs[:-1]):
                    nxt = merge_states(s.path_cond(), s, nxt, self.ex.global_cells)
            cond = z3.Extract(n - 1, n - 1, c) == 1
            cur = merge_states(cond, nxt, retarget(cur, L, Kcur, Kn(n)), self.ex.global_cells)
            cur = self.name_state(cur, tag, defs)
            cur.pc, cur.ubs, cur.choices, cur.facts = list(base.pc), list(base.ubs), {}, {}
        if not any_back:
            raise NotACut('%s never comes back to the read' % where)
        asc = cur  # Asc(c), pointer at (L, K0 | c, 0)
        # The step, by the solver.
        n = values.fresh_id()
        x = z3.BitVec('%s_next%d' % (L.name, n), 32)
        Kc = Kn(32)
        finals = self.iteration(asc, P, body, {(L, key(Kc), 0): x})
        cx = c | bit32(x)
        target = subst_state(asc, [(c, cx)] + self.copy_defs(defs, [(c, cx)], tag + '_next'))
        assume = And(self.A, st.path_cond(), (c & ~avail) == 0, member(x, avail & ~c))
        self.context = assume
        bad = []
        for s in finals:
            pc = s.path_cond()
            if s.status not in ('back', 'ub'):
                bad.append((And(pc), 'the iteration %s' % {
                    'exit': 'leaves the loop', 'ret': 'returns',
                    'stray': 'reads a list square other than the next one'}.get(s.status, s.status)))
                continue
            for cnd, wh in s.ubs:
                bad.append((And(pc, cnd), 'undefined behaviour: ' + wh))
            if s.status == 'ub':
                continue
            s2 = advance(trim(s, live), L, Kc, Kc | bit32(x))
            for what, eq in eq_states(s2, target, live, self.ex.global_cells):
                bad.append((And(pc, Not(eq)), 'after the iteration, %s differs from the ascending order\'s' % what))
        prove_step(L, header, assume, bad, {'c': c, 'x': x, 'K0': K0})
        # The time of the whole loop (bound.py): every iteration the real run
        # makes follows one of the step's paths back to the read, one per
        # square of the list still to read, at most 32 of them.
        per = max([s.icount for s in finals if s.status == 'back'] or [0])
        todo = 32 - bin(K0).count('1') if isinstance(K0, int) else 32
        # The state once the whole list is read: Asc(S \ K0), pointer at S.
        rest = avail
        out = subst_state(asc, [(c, rest)] + self.copy_defs(defs, [(c, rest)], '%s_all' % L.name))
        out = retarget(out, L, z3.substitute(Kn(32), (c, rest)), L.S)
        out.pc, out.ubs = list(st.pc), list(st.ubs)
        out.choices = {k: v for k, v in st.choices.items() if k[0] is not L}
        out.facts = dict(st.facts)
        out.reads = []
        out.steps = st.steps
        out.icount = bound.loop(st.icount, per, todo)
        return out


class NotACut(Refused):
    """The loop's induction cannot be cut at this read (it is tried elsewhere)."""


# ==================== State utilities ====================

def compound(e):
    """A z3 term that is more than a constant or a name."""
    return not isinstance(e, (int, bool)) and e.num_args() > 0


def pointers_in(v):
    if v.k == 'p':
        if isinstance(v.v, Ptr):
            return [v.v]
        if isinstance(v.v, PtrIte):
            return [x for c, x in v.v.alts if x is not None]
        return []
    if v.k == 'a':
        out = []
        for x in v.v:
            out += pointers_in(x)
        return out
    return []


def map_state(st, fv):
    """A copy of st with fv applied to every value (each value once, so the
    bytes of one stored value stay one value)."""
    done = {}

    def f(v):
        r = done.get(id(v))
        if r is None:
            r = fv(v)
            done[id(v)] = r
        return r
    s = st.fork()
    s.regs = {k: f(v) for k, v in st.regs.items()}
    s.mem = {obj: [None if e is None else (f(e[0]), e[1]) for e in cells] for obj, cells in st.mem.items()}
    s.owned = set(s.mem)
    return s


def trim(st, live):
    """st with only the registers live at the header."""
    s = st.fork()
    s.regs = {k: v for k, v in st.regs.items() if k in live}
    return s


def map_ptr(v, fp):
    if v.k == 'p':
        if isinstance(v.v, Ptr):
            n = fp(v.v)
            return v if n is v.v else V('p', n, 64, v.p)
        if isinstance(v.v, PtrIte):
            return V('p', PtrIte([(c, fp(x) if x is not None else None) for c, x in v.v.alts]), 64, v.p)
        return v
    if v.k == 'a':
        return V('a', [map_ptr(x, fp) for x in v.v])
    return v


def kkey(K):
    """A set's identity: 0 for the empty set as a number, else the term's id."""
    if K is None or isinstance(K, int):
        return ('n', K or 0)
    return ('z', K.get_id())


def retarget(st, L, Kold, Knew):
    """Pointers into L at the set Kold (any offset) now say Knew (the same place)."""
    ko = kkey(Kold)

    def fp(pt):
        if pt.obj is L and kkey(pt.K) == ko:
            return Ptr(L, pt.off, Knew)
        return pt
    return map_state(st, lambda v: map_ptr(v, fp))


def advance(st, L, Kold, Knew):
    """After an iteration that read the square at Kold: pointers at Kold
    plus 4j bytes are now at Knew plus 4(j-1)."""
    ko = kkey(Kold)

    def fp(pt):
        if pt.obj is L and kkey(pt.K) == ko:
            if pt.off < 4:
                return pt  # not moved on (a path the solver will rule out, or a failed step)
            return Ptr(L, pt.off - 4, Knew)
        return pt
    return map_state(st, lambda v: map_ptr(v, fp))


class Renaming:
    """A substitution (pairs of terms, each pair of one sort, checked once),
    applied to many terms: z3.substitute checks and converts every pair at
    every call, which on a whole state's values costs more than the
    substitution itself."""

    def __init__(self, pairs):
        pairs = list(pairs)
        for a, b in pairs:
            if not a.sort().eq(b.sort()):
                raise ValueError('a substitution of %s by a term of another sort' % a)
        self.n = len(pairs)
        self.frm, self.to = (z3.z3.Ast * self.n)(), (z3.z3.Ast * self.n)()
        for i, (a, b) in enumerate(pairs):
            self.frm[i], self.to[i] = a.as_ast(), b.as_ast()
        self.keep = pairs  # the terms stay alive while their asts are held
        # each term's result, by its id and whether it is simplified: the
        # states of one phase share most of their terms (a self-call's run
        # renames every state of the list phase, each start substitutes
        # its number into all of them), and z3 caches only within a call
        self.memo = {}

    def __call__(self, e):
        if not self.n:
            return e
        return z3.z3._to_expr_ref(z3.z3.Z3_substitute(e.ctx.ref(), e.as_ast(), self.n, self.frm, self.to), e.ctx)


def renaming(pairs):
    return pairs if isinstance(pairs, Renaming) else Renaming(pairs)


def subst_term(e, pairs, simplify):
    """e with pairs substituted; simplified (to a number where it can be) only
    when something changed."""
    ren = renaming(pairs)
    key = (e.get_id(), simplify)
    hit = ren.memo.get(key)
    if hit is not None:
        return hit[1]
    e2 = ren(e)
    out = e if e2.eq(e) else z3.simplify(e2) if simplify else e2
    ren.memo[key] = (e, out)  # e kept alive with its id: z3 reuses a freed term's id
    return out


def subst_value(v, pairs, simplify=False):
    """v with pairs substituted.  A value is never changed once made (an
    aggregate's list aside): its result is kept by its identity, for the
    states that share it."""
    pairs = renaming(pairs)
    if v.k == 'a':
        return V('a', [subst_value(x, pairs, simplify) for x in v.v])
    key = ('v', id(v), simplify)
    hit = pairs.memo.get(key)
    if hit is None:
        hit = pairs.memo[key] = (v, subst_scalar(v, pairs, simplify))  # v kept alive with its id
    return hit[1]


def subst_scalar(v, pairs, simplify):
    if v.k in ('i', 'b'):
        x, p = v.v, v.p
        if not values.is_conc(x):
            x = subst_term(x, pairs, simplify)
            x = values.conc_bv(x) if v.k == 'i' else values.conc_bool(x)
        if not isinstance(p, bool):
            p = values.conc_bool(subst_term(p, pairs, simplify))
        return V(v.k, x, v.w, p)
    if v.k == 'p':
        p = v.p
        if not isinstance(p, bool):
            p = values.conc_bool(subst_term(p, pairs, simplify))

        def fp(pt):
            off, K = pt.off, pt.K
            if not isinstance(off, int):
                off = values.conc_bv(subst_term(off, pairs, simplify))
            if K is not None and not isinstance(K, int):
                K = subst_term(K, pairs, False)
            return Ptr(pt.obj, off, K)
        ptr = v.v
        if isinstance(ptr, Ptr):
            ptr = fp(ptr)
        elif isinstance(ptr, PtrIte):
            ptr = PtrIte([(subst_bool(c, pairs, simplify), fp(x) if x is not None else None) for c, x in ptr.alts])
        return V('p', ptr, 64, p)
    raise ValueError('a value of kind %r' % v.k)


def subst_bool(e, pairs, simplify=False):
    if isinstance(e, bool):
        return e
    pairs = renaming(pairs)
    return values.conc_bool(subst_term(e, pairs, simplify))


def subst_state(st, pairs, simplify=False, ended=False):
    """st with pairs substituted.  ended: a path that has ended (returned,
    or certain undefined behaviour), of which only its conditions, its
    undefined behaviour and its result are read: its registers and memory
    are left out, not substituted (gcc -O3's golf may end every path in
    the list phase, hundreds of them, each with the whole stack)."""
    pairs = renaming(pairs)
    if ended:
        s = st.fork()
        s.regs, s.mem, s.owned = {}, {}, set()
    else:
        s = map_state(st, lambda v: subst_value(v, pairs, simplify))
    s.pc = [subst_bool(c, pairs, simplify) for c in st.pc]
    s.pc = [c for c in s.pc if c is not True]
    s.ubs = [(subst_bool(c, pairs, simplify), w) for c, w in st.ubs]
    s.choices = {k: (pairs(v) if not isinstance(v, int) else v) for k, v in st.choices.items()}
    s.facts = {}
    return s


def paired_mem(a, b, init, where):
    """(object, a's cells, b's cells) for every memory object of a or b (a
    global one side has not touched yet holds its initial bytes there);
    refuses an object that exists on one side only (where says which)."""
    for obj in set(a.mem) | set(b.mem):
        ca, cb = a.mem.get(obj), b.mem.get(obj)
        if init and obj in init:
            ca, cb = ca or init[obj], cb or init[obj]
        if ca is None or cb is None:
            raise Refused('memory of %s exists on %s only '
                          '(an allocation inside the loop is not modelled)' % (obj.name, where))
        yield obj, ca, cb


def merge_states(cond, a, b, init=None):
    """if cond then a else b, register by register and byte by byte (a
    global one side has not touched yet holds its initial bytes there)."""
    s = b.fork()
    regs = {}
    for k in set(a.regs) | set(b.regs):
        va, vb = a.regs.get(k), b.regs.get(k)
        if va is None or vb is None:
            continue  # set on one side only: not live at the join
        regs[k] = values.ite_value(cond, va, vb)
    s.regs = regs
    mem = {}
    for obj, ca, cb in paired_mem(a, b, init, 'one path into the loop header'):
        mem[obj] = ca if ca is cb else values.merge_cells([(cond, ca), (True, cb)], obj.name)
    s.mem = mem
    s.owned = set(mem)
    return s


def common_prefix(lists, same=values.same):
    """How many leading items every list shares (by same)."""
    n = 0
    first = lists[0]
    while n < len(first) and all(len(x) > n and same(x[n], first[n]) for x in lists[1:]):
        n += 1
    return n


def join_states(states, live, init=None):
    """One state for paths that stand at the same instruction of the same
    frame: the union of their inputs, each value if-then-else of theirs.
    Path i's own conditions (those after the prefix all share) are c_i;
    the join's path is the prefix and (c_1 or ... or c_n), each value
    if c_1 then path 1's else if c_2 ... else path n's, and each path's
    undefined behaviour is kept under its c_i.  Sound: an input the join
    takes satisfies some c_i, so it takes path i; the values it gets are
    those of the first such path, a real run of that input (two paths may
    both hold for one input only by reading a list in different orders,
    each an order the input has); and every question asked of a path
    before (its UB, its coverage) is asked of the join under c_i.  Only
    the registers live there are kept (live); None if one of them is set
    on some paths only, or the paths are not at one place."""
    first = states[0]
    if any(s.fn is not first.fn or s.frame is not first.frame or (s.block, s.idx) != (first.block, first.idx) or
           s.tag != first.tag or s.seeded or s.status is not None for s in states):
        return None
    for s in states:
        if any(k not in s.regs for t in states for k in t.regs if k in live):
            return None
    trimmed = [trim(s, live) for s in states]
    pcs = [[c for c in s.pc if c is not True] for s in states]
    n = common_prefix(pcs)
    own = [And(*pc[n:]) for pc in pcs]
    try:
        out = trimmed[-1]
        for s, c in zip(reversed(trimmed[:-1]), reversed(own[:-1])):
            out = merge_states(c, s, out, init)
    except Refused:
        return None  # memory on one path only: cut each on its own
    out.block, out.idx, out.prev = first.block, first.idx, first.prev
    out.tag, out.skip, out.seeded, out.status = first.tag, None, False, None
    either = Or(*own)
    out.pc = pcs[0][:n] + ([] if either is True else [either])
    m = common_prefix([s.ubs for s in states], lambda a, b: a is b or values.same(a[0], b[0]) and a[1] == b[1])
    out.ubs = list(first.ubs[:m]) + [(And(c, u), w) for s, c in zip(states, own) for u, w in s.ubs[m:]]
    # a read place, or a fact, every path knows the same way stays known
    out.choices = {k: v for k, v in first.choices.items()
                   if all(k in s.choices and (s.choices[k] is v or values.same(s.choices[k], v)) for s in states)}
    out.facts = {k: v for k, v in first.facts.items() if all(s.facts.get(k, None) is v for s in states)}
    out.reads = []
    out.steps = max(s.steps for s in states)
    out.icount = max(s.icount for s in states)  # the slowest path's (bound.py)
    return out


def eq_value(a, b):
    if a is b:
        return True
    if a.k != b.k:
        return False
    if a.k == 'a':
        return And(*[eq_value(x, y) for x, y in zip(a.v, b.v)])
    pa, pb = a.p, b.p
    if a.k in ('i', 'b'):
        if a.k == 'i':
            veq = values.icmp('eq', a.v, b.v, a.w) if not (values.is_conc(a.v) and values.is_conc(b.v)) else a.v == b.v
        else:
            veq = (a.v == b.v) if values.is_conc(a.v) and values.is_conc(b.v) else \
                (values.boolean(a.v) == values.boolean(b.v))
    else:
        veq = ptr_eq(a.v, b.v)
    if pa is False and pb is False:
        return veq
    return And(values.boolean(pa) == values.boolean(pb) if not (isinstance(pa, bool) and isinstance(pb, bool))
               else pa == pb, Or(pa, veq))


def ptr_eq(x, y):
    if x is None or y is None:
        return x is y
    if isinstance(x, PtrIte) or isinstance(y, PtrIte):
        raise Refused('a merged pointer in a loop state is not modelled')
    if x.obj is not y.obj:
        return False
    conds = []
    if x.obj.kind == 'list':
        if x.off != y.off:
            return False
        kx, ky = x.K if x.K is not None else 0, y.K if y.K is not None else 0
        if not values.same(kx, ky):
            conds.append(values.bv(kx, 32) == values.bv(ky, 32))
    elif not values.same(x.off, y.off):
        conds.append(values.bv(x.off, 64) == values.bv(y.off, 64))
    return And(*conds)


def eq_states(a, b, live, init=None):
    """[(what, condition)]: the live registers and memory of a and b agree."""
    out = []
    for k in sorted(live):
        va, vb = a.regs.get(k), b.regs.get(k)
        if va is None or vb is None:
            if va is not vb:
                raise Refused('register %s is live at the header but unset on one side' % k)
            continue
        e = eq_value(va, vb)
        if e is not True:
            out.append(('register ' + k, e))
    for obj, ca, cb in paired_mem(a, b, init, 'one side of the induction step'):
        if ca is cb:
            continue
        k, conds = 0, []
        n = len(ca)
        while k < n:
            ea, eb = ca[k], cb[k]
            if ea is eb or (ea is not None and eb is not None and ea[0] is eb[0] and ea[1] == eb[1]):
                k += 1
                continue
            if ea is not None and eb is not None and ea[1] == 0 and eb[1] == 0 and \
                    ea[0].size() == eb[0].size() and ea[0].k == eb[0].k and ea[0].w == eb[0].w:
                size = ea[0].size()
                if all(ca[k + j] is not None and cb[k + j] is not None and ca[k + j][0] is ea[0] and
                       cb[k + j][0] is eb[0] for j in range(size)):
                    conds.append(eq_value(ea[0], eb[0]))
                    k += size
                    continue
            ba = values.poison_of(ir.I8) if ea is None else values.byte_of(ea[0], ea[1], obj.name)
            bb = values.poison_of(ir.I8) if eb is None else values.byte_of(eb[0], eb[1], obj.name)
            conds.append(eq_value(ba, bb))
            k += 1
        e = And(*conds)
        if e is not True:
            out.append(('memory of ' + obj.name, e))
    return out
