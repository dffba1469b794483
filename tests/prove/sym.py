"""sym.py - symbolic execution of LLVM IR into z3 bit-vectors.

Values are concrete Python numbers where they can be and z3 terms where they
must, each with its poison condition.  Memory is a set of objects with
concrete bases, held byte by byte (each byte remembers the value it belongs
to, so whole values come back as they went in).  A call runs every path of
the callee and merges them at its return: the result, the memory it wrote
and its undefined behaviour, each an if-then-else over the paths' conditions.
Summaries are memoized on the arguments and the memory they see.

What is not modelled is refused with the IR line (ir.Refused): nothing is
approximated.  Undefined behaviour is never assumed away: each case adds a
condition to the path's list, and the proof must show that none can hold.

Poison: every nuw/nsw/exact/nneg/disjoint/inbounds flag, every shift by the
width or more, every range() or !range gives poison when violated.  Under the
"strict" rule (the golf at -O0: each flagged operation is one of C's own
operations, executed where C executes it) producing poison is itself
undefined behaviour, as signed overflow is in C.  Under the "llvm" rule (the
optimized builds, where clang may compute a value early on a path that does
not use it) poison is undefined behaviour where LLVM says it is: a branch or
switch on it, an address, a divisor, a noundef argument or return value, and
the function's result.  undef is treated as poison either way."""
import itertools

import z3

from ir import (Refused, PTR, VOID, I1, I8, I32, I64, successors, loop_info)

# Fresh names: one counter for the whole process, so two executors (a run of
# f and a run of f it calls, or the golf and the reference in one query)
# never name two different unknowns alike: z3 takes one name for one
# constant, and two runs' unknowns made one would hide behaviours.
_FRESH = itertools.count(1)


def fresh_id():
    """A number no other fresh name of this process has."""
    return next(_FRESH)

# ==================== Numbers ====================


def mask(w):
    return (1 << w) - 1


def signed(x, w):
    return x - (1 << w) if x >> (w - 1) & 1 else x


def is_conc(x):
    return isinstance(x, (int, bool))


def bv(x, w):
    """A z3 term for a value of width w (Python int or z3 term)."""
    if isinstance(x, int):
        return z3.BitVecVal(x, w)
    return x


def boolean(x):
    if isinstance(x, bool):
        return z3.BoolVal(x)
    return x


def conc_bv(e):
    """A z3 term to a Python int when it is a literal."""
    if isinstance(e, int):
        return e
    if z3.is_bv_value(e):
        return e.as_long()
    return e


def conc_bool(e):
    if isinstance(e, bool):
        return e
    if z3.is_true(e):
        return True
    if z3.is_false(e):
        return False
    return e


def And(*xs):
    out = []
    for x in xs:
        if x is True:
            continue
        if x is False:
            return False
        if z3.is_false(x):
            return False
        if z3.is_true(x):
            continue
        out.append(x)
    if not out:
        return True
    return out[0] if len(out) == 1 else z3.And(*out)


def Or(*xs):
    out = []
    for x in xs:
        if x is False:
            continue
        if x is True:
            return True
        if z3.is_true(x):
            return True
        if z3.is_false(x):
            continue
        out.append(x)
    if not out:
        return False
    return out[0] if len(out) == 1 else z3.Or(*out)


def Not(x):
    if isinstance(x, bool):
        return not x
    if z3.is_not(x):
        return x.arg(0)
    return z3.Not(x)


def Ite(c, a, b, w=None):
    """if c then a else b, on Python values or z3 terms (bools or bit-vectors
    of width w, needed when both are numbers)."""
    c = conc_bool(c)
    if c is True:
        return a
    if c is False:
        return b
    if a is b:
        return b
    if isinstance(a, bool) or isinstance(b, bool) or z3.is_bool(a) or z3.is_bool(b):
        if isinstance(a, bool) and isinstance(b, bool):
            if a == b:
                return a
            return c if a else Not(c)
        if a is True:
            return Or(c, b)
        if a is False:
            return And(Not(c), b)
        if b is True:
            return Or(Not(c), a)
        if b is False:
            return And(c, a)
        if a.eq(b):
            return a
        return z3.If(c, a, b)
    if isinstance(a, int) and isinstance(b, int):
        if a == b:
            return a
    elif not isinstance(a, int) and not isinstance(b, int) and a.eq(b):
        return a
    if w is None:
        w = (b if isinstance(a, int) else a).size()
    return z3.If(c, bv(a, w), bv(b, w))


def same(a, b):
    """Syntactically the same value (cheap, never calls the solver)."""
    if a is b:
        return True
    if isinstance(a, (int, bool)) or isinstance(b, (int, bool)):
        return type(a) == type(b) and a == b
    return a.eq(b)


# ==================== Values ====================

class V:
    """A value: k is 'i' (integer of w bits, v an int in [0, 2^w) or a z3
    bit-vector), 'b' (i1: a bool or a z3 Bool), 'p' (pointer: Ptr, None for
    null, or PtrIte) or 'a' (aggregate: a list of V).  p is its poison
    condition (False, True or a z3 Bool)."""
    __slots__ = ('k', 'v', 'w', 'p')

    def __init__(self, k, v, w=0, p=False):
        self.k, self.v, self.w, self.p = k, v, w, p

    def size(self):
        if self.k == 'i':
            return (self.w + 7) // 8
        if self.k == 'b':
            return 1
        if self.k == 'p':
            return 8
        raise Refused('an aggregate kept whole in memory')

    def __repr__(self):
        return 'V(%s,%r,w=%d,p=%r)' % (self.k, self.v, self.w, self.p)


def poison_of(ty):
    if ty == I1:
        return V('b', False, 1, True)
    if ty[0] == 'int':
        return V('i', 0, ty[1], True)
    if ty == PTR:
        return V('p', None, 64, True)
    raise Refused('poison of type %r' % (ty,))


class MemObj:
    """An allocation with a concrete base: alloca, global, or one of the
    golf's two lists.  For a list, size is None: its length is |S| + 1."""
    serial = 0

    def __init__(self, kind, size, name, align=16, const=False, S=None):
        MemObj.serial += 1
        self.serial = MemObj.serial
        self.kind, self.size, self.name, self.align, self.const, self.S = kind, size, name, align, const, S
        # When it was made: a function owns what was made after it was called.
        self.born = 0 if kind in ('global', 'list', 'input') else self.serial

    def __repr__(self):
        return '<%s %s>' % (self.kind, self.name)


class Ptr:
    """obj + off bytes; for a list, the position after the squares in K
    (a set as a 32-bit mask) plus off bytes."""
    __slots__ = ('obj', 'off', 'K')

    def __init__(self, obj, off, K=None):
        self.obj, self.off, self.K = obj, off, K

    def __repr__(self):
        return 'Ptr(%r,%r,K=%r)' % (self.obj, self.off, self.K)


class PtrIte:
    """A pointer that is one of several (after a merge): [(cond, Ptr|None)]."""
    __slots__ = ('alts',)

    def __init__(self, alts):
        self.alts = alts


def same_ptr(a, b):
    if a is None or b is None:
        return a is b
    if isinstance(a, PtrIte) or isinstance(b, PtrIte):
        return a is b
    return a.obj is b.obj and same(a.off, b.off) and (a.K is b.K or (a.K is not None and b.K is not None
                                                                       and same(a.K, b.K)))


def ite_value(c, a, b):
    """if c then a else b on V values of the same type."""
    c = conc_bool(c)
    if c is True:
        return a
    if c is False:
        return b
    if a is b:
        return a
    p = Ite(c, a.p, b.p)
    if a.k in ('i', 'b'):
        return V(a.k, Ite(c, a.v, b.v, a.w if a.k == 'i' else None), a.w, p)
    if a.k == 'p':
        if same_ptr(a.v, b.v):
            return V('p', a.v, 64, p)
        pa, pb = a.v, b.v
        if isinstance(pa, Ptr) and isinstance(pb, Ptr) and pa.obj is pb.obj:
            if pa.obj.kind != 'list':
                return V('p', Ptr(pa.obj, Ite(c, pa.off, pb.off, 64)), 64, p)
            if pa.off == pb.off:
                return V('p', Ptr(pa.obj, pa.off, Ite(c, 0 if pa.K is None else pa.K, 0 if pb.K is None else pb.K, 32)), 64, p)
        alts = []
        for cc, x in ((c, pa), (Not(c), pb)):
            if isinstance(x, PtrIte):
                alts += [(And(cc, c2), y) for c2, y in x.alts]
            else:
                alts.append((cc, x))
        return V('p', PtrIte(alts), 64, p)
    if a.k == 'a':
        return V('a', [ite_value(c, x, y) for x, y in zip(a.v, b.v)], 0, False)
    raise Refused('merge of %r' % (a,))


# ==================== Types and layout (x86-64) ====================

def resolve(mod, ty):
    while ty[0] == 'named':
        if ty[1] not in mod.types:
            raise Refused('unknown type ' + ty[1])
        ty = mod.types[ty[1]]
        if ty == ('opaque',):
            raise Refused('opaque struct type')
    return ty


def align_of(mod, ty):
    ty = resolve(mod, ty)
    if ty[0] == 'int':
        w = ty[1]
        if w <= 8:
            return 1
        if w <= 16:
            return 2
        if w <= 32:
            return 4
        if w <= 64:
            return 8
        return 16
    if ty == PTR:
        return 8
    if ty[0] == 'array':
        return align_of(mod, ty[2])
    if ty[0] == 'struct':
        return 1 if ty[2] else max([align_of(mod, t) for t in ty[1]] or [1])
    raise Refused('type %r is not modelled' % (ty,))


def size_of(mod, ty):
    """The allocation size (store size rounded up to the alignment)."""
    ty = resolve(mod, ty)
    if ty[0] == 'int':
        s = (ty[1] + 7) // 8
        a = align_of(mod, ty)
        return (s + a - 1) // a * a
    if ty == PTR:
        return 8
    if ty[0] == 'array':
        return ty[1] * size_of(mod, ty[2])
    if ty[0] == 'struct':
        off = 0
        for t in ty[1]:
            if not ty[2]:
                a = align_of(mod, t)
                off = (off + a - 1) // a * a
            off += size_of(mod, t)
        a = align_of(mod, ty)
        return (off + a - 1) // a * a
    raise Refused('type %r is not modelled' % (ty,))


def field_offsets(mod, ty):
    ty = resolve(mod, ty)
    offs, off = [], 0
    for t in ty[1]:
        if not ty[2]:
            a = align_of(mod, t)
            off = (off + a - 1) // a * a
        offs.append(off)
        off += size_of(mod, t)
    return offs


def store_size(mod, ty):
    ty = resolve(mod, ty)
    if ty[0] == 'int':
        return (ty[1] + 7) // 8
    return size_of(mod, ty)


# ==================== Path state ====================

class State:
    """One path through one function activation."""
    __slots__ = ('fn', 'block', 'idx', 'prev', 'regs', 'mem', 'owned', 'pc', 'ubs', 'choices', 'steps',
                 'facts', 'status', 'ret', 'reads', 'frame', 'tag', 'skip')

    def __init__(self, fn, frame):
        self.fn, self.frame = fn, frame
        self.block, self.idx, self.prev = fn.order[0] if fn else None, 0, None
        self.regs, self.mem, self.owned = {}, {}, set()
        self.pc, self.ubs, self.choices, self.facts = [], [], {}, {}
        self.steps, self.status, self.ret, self.reads, self.tag = 0, None, None, [], None
        self.skip = None  # a load the hook lets pass once

    def fork(self):
        s = State.__new__(State)
        s.fn, s.frame, s.block, s.idx, s.prev = self.fn, self.frame, self.block, self.idx, self.prev
        s.regs, s.mem, s.owned = dict(self.regs), dict(self.mem), set()
        self.owned = set()
        s.pc, s.ubs, s.choices, s.facts = list(self.pc), list(self.ubs), dict(self.choices), dict(self.facts)
        s.steps, s.status, s.ret, s.reads, s.tag = self.steps, None, None, list(self.reads), self.tag
        s.skip = self.skip
        return s

    def cells(self, obj):
        """obj's bytes, this path's own copy (copy on write)."""
        if obj not in self.owned:
            self.mem[obj] = list(self.mem[obj])
            self.owned.add(obj)
        return self.mem[obj]

    def assume(self, cond):
        """Add a branch condition (or a fact about a choice) to the path."""
        cond = conc_bool(cond)
        if cond is True:
            return
        self.pc.append(cond)
        learn(self.facts, cond, True)

    def ub(self, cond, where):
        cond = conc_bool(cond)
        if cond is False:
            return
        self.ubs.append((cond, where))
        if cond is True and self.status is None:
            self.status = 'ub'  # certain on this path: nothing after it matters

    def path_cond(self):
        return And(*self.pc)

    def ub_cond(self):
        """Undefined behaviour somewhere on this path (given its path condition)."""
        return Or(*[c for c, _ in self.ubs])


def learn(facts, cond, val):
    """Remember what a branch taken says about its condition's parts."""
    if isinstance(cond, bool):
        return
    facts[cond.get_id()] = val
    if z3.is_not(cond):
        learn(facts, cond.arg(0), not val)
    elif val and z3.is_and(cond) or not val and z3.is_or(cond):
        for k in range(cond.num_args()):
            learn(facts, cond.arg(k), val)


def known(facts, e):
    """e's value if the path's facts settle it through if-then-else, else e."""
    if isinstance(e, (int, bool)) or not facts:
        return e
    if z3.is_bool(e):
        v = facts.get(e.get_id())
        if v is not None:
            return v
        if z3.is_not(e):
            v = known(facts, e.arg(0))
            if isinstance(v, bool):
                return not v
        return e
    if z3.is_app_of(e, z3.Z3_OP_ITE):
        c = known(facts, e.arg(0))
        if c is True:
            return conc_bv(known(facts, e.arg(1)))
        if c is False:
            return conc_bv(known(facts, e.arg(2)))
    return e


def ite_leaves(e, depth=6):
    """[(guard, int)] if e is an if-then-else tree with literal leaves, else None."""
    if isinstance(e, int):
        return [(True, e)]
    if z3.is_bv_value(e):
        return [(True, e.as_long())]
    if depth and z3.is_app_of(e, z3.Z3_OP_ITE):
        a, b = ite_leaves(e.arg(1), depth - 1), ite_leaves(e.arg(2), depth - 1)
        if a is None or b is None:
            return None
        c = e.arg(0)
        return [(And(c, g), v) for g, v in a] + [(And(Not(c), g), v) for g, v in b]
    return None


# ==================== The executor ====================

class Exec:
    """Runs functions of a set of modules.  rule: 'strict' or 'llvm' (see
    above).  step_limit bounds the instructions one path may run (a loop that
    does not end within it is refused, not cut)."""

    def __init__(self, modules, rule='llvm', step_limit=200000, depth_limit=64):
        self.modules, self.rule = modules, rule
        self.step_limit, self.depth_limit = step_limit, depth_limit
        self.memo = {}
        self.globals = {}
        self.global_cells = {}
        self.stack = []
        self.on_block = None  # hook(state) at each block entry: None to go on, or a tag to stop
        self.prune = None  # hook(state, cond) -> (may_true, may_false)
        # hook(state, V) -> the number a symbolic argument must be on this path
        # (the hook proves it), or None.  A call's arguments made numbers let
        # the callee's branches on them resolve, so a recursion bottoms out.
        self.settle = None
        self.list_read = None  # hook(state, ptr, where) -> V, for the golf's lists
        # hook(state, ptr, bytes) -> the Ptr a list pointer moved by bytes (a
        # 64-bit term) is, written at a place of the list the path knows, or
        # None; the hook proves the two addresses equal (golf.py: an index
        # into a list, b[i])
        self.list_index = None
        self.load_stop = None  # hook(state, inst) before a load: None to go on, or a tag to stop
        self.budget = None  # instructions left to this exploration (all calls included), or None
        # hook(state, callee, args, where) -> None to run the callee here, or
        # (its result,) when the hook models the call itself (golf.py: f
        # calling itself)
        self.call_hook = None

    # ---------- functions and globals ----------

    def find_function(self, mod, name):
        f = mod.functions.get(name)
        if f is not None:
            return f
        for m in self.modules:
            g = m.functions.get(name)
            if g is not None and 'internal' not in g.linkage and 'private' not in g.linkage:
                return g
        return None

    def global_obj(self, mod, name, state):
        key = (id(mod), name)
        if key not in self.globals:
            g = mod.globals.get(name)
            if g is None:
                # a declaration here, the definition in another module
                for m in self.modules:
                    h = m.globals.get(name)
                    if h is not None and h.get('init') is not None and 'internal' not in h.get('linkage', ()) \
                            and 'private' not in h.get('linkage', ()):
                        return self.global_obj(m, name, state)
                if self.find_function(mod, name) is not None:
                    raise Refused('a pointer to function %s is not modelled' % name)
                raise Refused('unknown global ' + name)
            if 'error' in g:
                raise Refused('line %d: %s' % (g['line'], g['error']))
            if g['init'] is None:
                raise Refused('line %d: external global %s is not modelled' % (g['line'], name))
            size = size_of(mod, g['ty'])
            obj = MemObj('global', size, name, g['align'] or align_of(mod, g['ty']), g['const'])
            cells = [None] * size
            if g['const']:
                self.write_init(mod, cells, 0, g['ty'], g['init'])
            else:
                # A golf may be called again and again: a mutable global holds
                # whatever the last call left, so it starts unknown.
                for k in range(size):
                    cells[k] = (V('i', z3.BitVec('%s.%d#%d' % (name, k, fresh_id()), 8), 8), 0)
            self.globals[key] = obj
            self.global_cells[obj] = cells
        obj = self.globals[key]
        if obj not in state.mem:
            state.mem[obj] = self.global_cells[obj]
        return obj

    def write_init(self, mod, cells, off, ty, init):
        ty = resolve(mod, ty)
        if init[0] == 'zero':
            for k in range(size_of(mod, ty)):
                cells[off + k] = (V('i', 0, 8), 0)
            return
        if init[0] in ('undef', 'poison'):
            return
        if ty[0] == 'int':
            if init[0] not in ('int', 'bool'):
                raise Refused('global initializer %r' % (init,))
            v = V('i', int(init[1]) & mask(ty[1]), ty[1]) if ty[1] > 1 else V('b', bool(init[1]), 1)
            for k in range(v.size()):
                cells[off + k] = (v, k)
        elif ty[0] == 'array' and init[0] == 'cstr':
            for k, byte in enumerate(init[1]):
                cells[off + k] = (V('i', byte, 8), 0)
        elif ty[0] == 'array' and init[0] == 'agg':
            es = size_of(mod, ty[2])
            for k, (t, v) in enumerate(init[1]):
                self.write_init(mod, cells, off + k * es, t, v)
        elif ty[0] == 'struct' and init[0] == 'agg':
            for o, (t, v) in zip(field_offsets(mod, ty), init[1]):
                self.write_init(mod, cells, off + o, t, v)
        else:
            raise Refused('global initializer %r of type %r' % (init[0], ty))

    # ---------- operands ----------

    def operand(self, st, ty, op):
        kind = op[0]
        if kind == 'local':
            try:
                return st.regs[op[1]]
            except KeyError:
                raise Refused('%s: register %s used before it is set' % (st.fn.name, op[1]))
        mod = st.fn.module
        ty = resolve(mod, ty)
        if kind == 'int':
            if ty == I1:
                return V('b', bool(op[1] & 1), 1)
            return V('i', op[1] & mask(ty[1]), ty[1])
        if kind == 'bool':
            return V('b', op[1], 1)
        if kind == 'null':
            return V('p', None, 64)
        if kind in ('undef', 'poison'):
            return self.undef(mod, ty)
        if kind == 'zero':
            return self.zero(mod, ty)
        if kind == 'global':
            return V('p', Ptr(self.global_obj(mod, op[1], st), 0), 64)
        if kind == 'agg':
            return V('a', [self.operand(st, t, v) for t, v in op[1]])
        if kind == 'gep':
            base = self.operand(st, op[3][0][0], op[3][0][1])
            return self.gep(st, base, op[2], [(t, self.operand(st, t, v)) for t, v in op[3][1:]], op[1], None)
        raise Refused('operand %r' % (op,))

    def undef(self, mod, ty):
        ty = resolve(mod, ty)
        if ty[0] == 'array':
            return V('a', [self.undef(mod, ty[2]) for _ in range(ty[1])])
        if ty[0] == 'struct':
            return V('a', [self.undef(mod, t) for t in ty[1]])
        return poison_of(ty)

    def zero(self, mod, ty):
        ty = resolve(mod, ty)
        if ty == I1:
            return V('b', False, 1)
        if ty[0] == 'int':
            return V('i', 0, ty[1])
        if ty == PTR:
            return V('p', None, 64)
        if ty[0] == 'array':
            return V('a', [self.zero(mod, ty[2]) for _ in range(ty[1])])
        if ty[0] == 'struct':
            return V('a', [self.zero(mod, t) for t in ty[1]])
        raise Refused('zeroinitializer of %r' % (ty,))

    # ---------- poison and UB ----------

    def flag(self, st, cond, where):
        """A flag's condition broken: poison, and under the strict rule UB."""
        cond = conc_bool(cond)
        if cond is False:
            return False
        if self.rule == 'strict':
            st.ub(cond, where + ' (a flag broken: poison)')
        return cond

    def need_defined(self, st, v, where, what):
        """v must not be poison here (a branch, an address, ...)."""
        p = v.p if v.k != 'a' else Or(*[x.p for x in v.v])
        if p is not False:
            st.ub(p, '%s (%s is poison)' % (where, what))

    # ---------- running ----------

    def explore(self, states, stop=None):
        """Runs the states until each returns, stops (stop(state) gives a tag
        at a block entry, or load_stop(state, inst) before a load) or ends in
        undefined behaviour.  Returns the final states."""
        done, work = [], list(states)
        while work:
            st = work.pop()
            while st.status is None:
                forks = self.step_block(st, stop)
                if forks:
                    work.extend(forks)
            done.append(st)
        return done

    def step_block(self, st, stop):
        """Runs st to the end of its block; returns any forked states."""
        f = st.fn
        block = f.blocks[st.block]
        insts = block.insts
        while True:
            inst = insts[st.idx]
            if inst.op == 'load' and self.load_stop is not None:
                tag = self.load_stop(st, inst)
                if tag is not None:
                    st.status = tag
                    return None
            st.idx += 1
            st.steps += 1
            if self.budget is not None:
                self.budget -= 1
                if self.budget < 0:
                    raise OverBudget('%s: over the budget of this exploration' % f.name)
            if st.steps > self.step_limit:
                raise Refused('%s: a path runs more than %d instructions (a loop with no '
                              'concrete bound?) at %s' % (f.name, self.step_limit, inst.where()))
            op = inst.op
            if op in ('br', 'switch', 'ret', 'unreachable'):
                return self.terminator(st, inst, stop)
            self.execute(st, inst)
            if st.status is not None:
                return None

    def goto(self, st, target, stop):
        """Enter block target from st.block: the phis, all at once."""
        f = st.fn
        block = f.blocks.get(target)
        if block is None:
            raise Refused('%s: no block %s' % (f.name, target))
        prev = st.block
        vals = []
        for phi in block.phis:
            for lab, v in phi.args:
                if lab == prev:
                    vals.append((phi.dest, self.operand(st, phi.ty, v)))
                    break
            else:
                raise Refused('%s: phi has no value for %s' % (phi.where(), prev))
        for d, v in vals:
            st.regs[d] = v
        st.prev, st.block, st.idx = prev, target, len(block.phis)
        if stop is not None:
            tag = stop(st)
            if tag is not None:
                st.status = tag

    def branch_cond(self, st, c):
        """Both ways a condition can go on this path: [(assumption, taken?)]."""
        v = conc_bool(known(st.facts, c))
        if isinstance(v, bool):
            return [(True, v)]
        may_t, may_f = True, True
        if self.prune is not None:
            may_t, may_f = self.prune(st, v)
        out = []
        if may_t:
            out.append((v, True))
        if may_f:
            out.append((Not(v), False))
        return out

    def terminator(self, st, inst, stop):
        op = inst.op
        if op == 'br':
            if len(inst.args) == 1:
                self.goto(st, inst.args[0], stop)
                return None
            c = self.operand(st, I1, inst.args[0])
            self.need_defined(st, c, inst.where(), 'the branch condition')
            if st.status is not None:
                return None
            ways = self.branch_cond(st, c.v)
            return self.split(st, [(a, inst.args[1] if t else inst.args[2]) for a, t in ways], stop)
        if op == 'switch':
            x = self.operand(st, inst.ty, inst.args[0])
            self.need_defined(st, x, inst.where(), 'the switch value')
            if st.status is not None:
                return None
            cases = []
            rest = True
            for cv, lab in inst.args[2]:
                k = int(cv[1]) & mask(x.w) if x.k == 'i' else bool(cv[1])
                eq = self.icmp_eq(x, k)
                cases.append((And(rest, eq), lab))
                rest = And(rest, Not(eq))
            cases.append((rest, inst.args[1]))
            ways = []
            for cond, lab in cases:
                cond = conc_bool(known(st.facts, cond))
                if cond is False:
                    continue
                if cond is not True and self.prune is not None:
                    if not self.prune(st, cond)[0]:
                        continue
                ways.append((cond, lab))
            return self.split(st, ways, stop)
        if op == 'ret':
            if inst.args:
                st.ret = self.operand(st, inst.ty, inst.args[0])
            if st.status is None:
                st.status = 'ret'
            return None
        if op == 'unreachable':
            st.ub(True, inst.where() + ' (reached)')
            return None
        raise Refused(inst.where())

    def split(self, st, ways, stop):
        if not ways:
            st.status = 'infeasible'
            return None
        forks = []
        for cond, lab in ways[1:]:
            s2 = st.fork()
            s2.assume(cond)
            self.goto(s2, lab, stop)
            forks.append(s2)
        st.assume(ways[0][0])
        self.goto(st, ways[0][1], stop)
        return forks

    # ---------- instructions ----------

    def execute(self, st, inst):
        op = inst.op
        m = getattr(self, 'op_' + op, None)
        if op in BINOPS_ALL:
            m = self.op_binop
        elif op in ('zext', 'sext', 'trunc', 'bitcast'):
            m = self.op_cast
        if m is None:
            raise Refused('%s: %s' % (inst.where(), inst.extra or 'instruction %r is not modelled' % op))
        allowed = OK_FLAGS.get(op)
        if inst.flags and allowed is not None:
            bad = [x for x in inst.flags if x not in allowed]
            if bad:
                raise Refused('%s: %s is not modelled' % (inst.where(), ' '.join(bad)))
        r = m(st, inst)
        if inst.dest is not None:
            st.regs[inst.dest] = r

    def op_unparsed(self, st, inst):
        raise Refused('%s: %s' % (inst.where(), inst.extra))

    def op_binop(self, st, inst):
        a = self.operand(st, inst.ty, inst.args[0])
        b = self.operand(st, inst.ty, inst.args[1])
        return self.binop(st, inst.op, inst.flags, a, b, inst.where())

    def binop(self, st, op, flags, a, b, where):
        if a.k == 'b':
            return self.binop_i1(st, op, flags, a, b, where)
        if a.k != 'i':
            raise Refused('%s: arithmetic on %s' % (where, 'pointers' if a.k == 'p' else 'aggregates'))
        w = a.w
        x, y = a.v, b.v
        p = Or(a.p, b.p)
        conc = isinstance(x, int) and isinstance(y, int)
        m = mask(w)
        if op in ('udiv', 'sdiv', 'urem', 'srem'):
            # The divisor's poison, zero and (signed) INT_MIN / -1 are UB.
            self.need_defined(st, b, where, 'the divisor')
            if conc:
                if y == 0:
                    st.ub(True, where + ' (division by zero)')
                    return V('i', 0, w, True)
                if op[0] == 's' and x == 1 << (w - 1) and y == m:
                    st.ub(True, where + ' (INT_MIN / -1 overflows)')
                    return V('i', 0, w, True)
                sx, sy = signed(x, w), signed(y, w)
                if op == 'udiv':
                    r = x // y
                elif op == 'urem':
                    r = x % y
                else:
                    q = abs(sx) // abs(sy)
                    if (sx < 0) != (sy < 0):
                        q = -q
                    r = q if op == 'sdiv' else sx - q * sy
                r &= m
                if 'exact' in flags:
                    rem = x % y if op == 'udiv' else (sx - signed(r, w) * sy)
                    p = Or(p, self.flag(st, rem != 0, where))
                return V('i', r, w, p)
            X, Y = bv(x, w), bv(y, w)
            if isinstance(y, int):
                if y == 0:
                    st.ub(True, where + ' (division by zero)')
                    return V('i', 0, w, True)
                if op[0] == 's' and y == m:
                    st.ub(X == (1 << (w - 1)), where + ' (INT_MIN / -1 overflows)')
            else:
                st.ub(Y == 0, where + ' (division by zero)')
                if op[0] == 's':
                    st.ub(z3.And(X == (1 << (w - 1)), Y == m), where + ' (INT_MIN / -1 overflows)')
            r = divide(op, X, Y, y if isinstance(y, int) else None, w)
            if 'exact' in flags:
                if op == 'udiv':
                    rem = z3.URem(X, Y) if not isinstance(y, int) else divide('urem', X, Y, y, w)
                else:
                    rem = X - r * Y
                p = Or(p, self.flag(st, rem != 0, where))
            return V('i', r, w, p)
        if op in ('shl', 'lshr', 'ashr'):
            if conc:
                if y >= w:
                    self.flag(st, True, where + ' (shift by the width or more)')
                    return V('i', 0, w, True)
                if op == 'shl':
                    r = (x << y) & m
                    if 'nuw' in flags:
                        p = Or(p, self.flag(st, (r >> y) != x, where))
                    if 'nsw' in flags:
                        p = Or(p, self.flag(st, signed(r, w) >> y != signed(x, w), where))
                elif op == 'lshr':
                    r = x >> y
                    if 'exact' in flags:
                        p = Or(p, self.flag(st, (r << y) != x, where))
                else:
                    r = (signed(x, w) >> y) & m
                    if 'exact' in flags:
                        p = Or(p, self.flag(st, ((r << y) & m) != x, where))
                return V('i', r, w, p)
            X, Y = bv(x, w), bv(y, w)
            if isinstance(y, int):
                if y >= w:
                    self.flag(st, True, where + ' (shift by the width or more)')
                    return V('i', 0, w, True)
            else:
                p = Or(p, self.flag(st, z3.UGE(Y, w), where + ' (shift by the width or more)'))
            if op == 'shl':
                r = X << Y
                if 'nuw' in flags:
                    p = Or(p, self.flag(st, z3.LShR(r, Y) != X, where))
                if 'nsw' in flags:
                    p = Or(p, self.flag(st, (r >> Y) != X, where))
            elif op == 'lshr':
                r = z3.LShR(X, Y)
                if 'exact' in flags:
                    p = Or(p, self.flag(st, (r << Y) != X, where))
            else:
                r = X >> Y
                if 'exact' in flags:
                    p = Or(p, self.flag(st, (r << Y) != X, where))
            return V('i', conc_bv(r), w, p)
        if conc:
            if op == 'add':
                r = (x + y) & m
                if 'nuw' in flags:
                    p = Or(p, self.flag(st, x + y > m, where))
                if 'nsw' in flags:
                    s = signed(x, w) + signed(y, w)
                    p = Or(p, self.flag(st, not -(1 << (w - 1)) <= s < (1 << (w - 1)), where))
            elif op == 'sub':
                r = (x - y) & m
                if 'nuw' in flags:
                    p = Or(p, self.flag(st, x < y, where))
                if 'nsw' in flags:
                    s = signed(x, w) - signed(y, w)
                    p = Or(p, self.flag(st, not -(1 << (w - 1)) <= s < (1 << (w - 1)), where))
            elif op == 'mul':
                r = (x * y) & m
                if 'nuw' in flags:
                    p = Or(p, self.flag(st, x * y > m, where))
                if 'nsw' in flags:
                    s = signed(x, w) * signed(y, w)
                    p = Or(p, self.flag(st, not -(1 << (w - 1)) <= s < (1 << (w - 1)), where))
            elif op == 'and':
                r = x & y
            elif op == 'or':
                r = x | y
                if 'disjoint' in flags:
                    p = Or(p, self.flag(st, x & y != 0, where))
            elif op == 'xor':
                r = x ^ y
            else:
                raise Refused(where)
            return V('i', r, w, p)
        X, Y = bv(x, w), bv(y, w)
        top = 1 << (w - 1)
        if op == 'add':
            r = X + Y
            if 'nuw' in flags:
                p = Or(p, self.flag(st, z3.ULT(r, X), where))
            if 'nsw' in flags:
                p = Or(p, self.flag(st, z3.Extract(w - 1, w - 1, (X ^ r) & (Y ^ r)) == 1, where))
        elif op == 'sub':
            r = X - Y
            if 'nuw' in flags:
                p = Or(p, self.flag(st, z3.ULT(X, Y), where))
            if 'nsw' in flags:
                p = Or(p, self.flag(st, z3.Extract(w - 1, w - 1, (X ^ Y) & (X ^ r)) == 1, where))
        elif op == 'mul':
            k = y if isinstance(y, int) else x if isinstance(x, int) else None
            Z = X if isinstance(y, int) else Y
            r = mul_const(Z, k, w) if k is not None else X * Y
            if 'nuw' in flags:
                if k is not None:
                    p = Or(p, self.flag(st, z3.UGT(Z, m // k) if k else False, where))
                else:
                    wide = z3.ZeroExt(w, X) * z3.ZeroExt(w, Y)
                    p = Or(p, self.flag(st, z3.Extract(2 * w - 1, w, wide) != 0, where))
            if 'nsw' in flags:
                if k is not None:
                    sk = signed(k, w)
                    if sk == 0 or sk == 1:
                        ovf = False
                    elif sk == -1:
                        ovf = Z == top
                    else:
                        lo, hi = -top, top - 1  # Z * sk must stay in [lo, hi]
                        if sk > 0:
                            zlo, zhi = -((-lo) // sk), hi // sk
                        else:
                            zlo, zhi = -(hi // -sk), (-lo) // -sk
                        ovf = z3.Or(Z < zlo, Z > zhi)
                    p = Or(p, self.flag(st, ovf, where))
                else:
                    wide = z3.SignExt(w, X) * z3.SignExt(w, Y)
                    p = Or(p, self.flag(st, wide != z3.SignExt(w, z3.Extract(w - 1, 0, wide)), where))
        elif op == 'and':
            r = X & Y
        elif op == 'or':
            r = X | Y
            if 'disjoint' in flags:
                p = Or(p, self.flag(st, (X & Y) != 0, where))
        elif op == 'xor':
            r = X ^ Y
        else:
            raise Refused(where)
        return V('i', r, w, p)

    def binop_i1(self, st, op, flags, a, b, where):
        x, y = a.v, b.v
        p = Or(a.p, b.p)
        if op in ('and', 'mul'):
            r = And(x, y) if not (is_conc(x) and is_conc(y)) else (x and y)
        elif op == 'or':
            r = Or(x, y) if not (is_conc(x) and is_conc(y)) else (x or y)
            if 'disjoint' in flags:
                p = Or(p, self.flag(st, And(x, y), where))
        elif op in ('xor', 'add', 'sub'):
            r = (x != y) if is_conc(x) and is_conc(y) else z3.Xor(boolean(x), boolean(y))
            if op != 'xor' and flags:
                raise Refused('%s: flags on i1 arithmetic' % where)
        else:
            raise Refused('%s: %s on i1 is not modelled' % (where, op))
        return V('b', conc_bool(r), 1, p)

    def icmp_eq(self, a, k):
        """a == k for a literal k (switch cases)."""
        if a.k == 'b':
            return a.v == k if isinstance(a.v, bool) else (a.v if k else Not(a.v))
        if isinstance(a.v, int):
            return a.v == k
        return cmp_lift('eq', a.v, k, a.w)

    def op_icmp(self, st, inst):
        a = self.operand(st, inst.ty, inst.args[0])
        b = self.operand(st, inst.ty, inst.args[1])
        pred = inst.extra
        p = Or(a.p, b.p)
        if 'samesign' in inst.flags:
            raise Refused('%s: samesign is not modelled' % inst.where())
        if a.k == 'p':
            return V('b', self.ptr_cmp(st, pred, a.v, b.v, inst), 1, p)
        if a.k == 'b':
            x, y = a.v, b.v
            if pred not in ('eq', 'ne'):
                x = V('i', Ite(x, 1, 0, 1) if not is_conc(x) else int(x), 1)
                y = V('i', Ite(y, 1, 0, 1) if not is_conc(y) else int(y), 1)
                return V('b', icmp(pred, x.v, y.v, 1), 1, p)
            if is_conc(x) and is_conc(y):
                r = (x == y) if pred == 'eq' else (x != y)
            else:
                r = (boolean(x) == boolean(y)) if pred == 'eq' else z3.Xor(boolean(x), boolean(y))
            return V('b', conc_bool(r), 1, p)
        return V('b', icmp(pred, a.v, b.v, a.w), 1, p)

    def ptr_cmp(self, st, pred, x, y, inst):
        if isinstance(x, PtrIte) or isinstance(y, PtrIte):
            raise Refused('%s: comparison of merged pointers is not modelled' % inst.where())
        if pred not in ('eq', 'ne'):
            if x is None or y is None or x.obj is not y.obj or x.obj.kind == 'list':
                raise Refused('%s: ordering of pointers to different objects' % inst.where())
            return icmp(pred, x.off, y.off, 64)
        if x is None and y is None:
            eq = True
        elif x is None or y is None:
            eq = False
        elif x.obj is not y.obj:
            eq = False
        elif x.obj.kind == 'list':
            if not same(x.K, y.K):
                raise Refused('%s: comparison of list pointers at different positions' % inst.where())
            eq = x.off == y.off
        else:
            eq = icmp('eq', x.off, y.off, 64)
        return eq if pred == 'eq' else Not(eq)

    def op_select(self, st, inst):
        if inst.flags:
            raise Refused('%s: fast-math flags are not modelled' % inst.where())
        c = self.operand(st, I1, inst.args[0][1])
        a = self.operand(st, inst.ty, inst.args[1])
        b = self.operand(st, inst.ty, inst.args[2])
        cv = conc_bool(known(st.facts, c.v))
        r = ite_value(cv, a, b)
        if c.p is not False:
            r = copy_poison(r, Or(r.p, c.p))
        return r

    def op_freeze(self, st, inst):
        a = self.operand(st, inst.args[0][0], inst.args[0][1])
        if a.p is False:
            return a
        if a.k not in ('i', 'b'):
            raise Refused('%s: freeze of a possibly poison %s' % (inst.where(), a.k))
        n = fresh_id()
        if a.k == 'b':
            f = z3.Bool('freeze#%d' % n)
            return V('b', Ite(a.p, f, a.v), 1, False)
        f = z3.BitVec('freeze#%d' % n, a.w)
        return V('i', Ite(a.p, f, a.v), a.w, False)

    def op_cast(self, st, inst):
        src, v = inst.args[0]
        a = self.operand(st, src, v)
        mod = st.fn.module
        to = resolve(mod, inst.ty)
        op = inst.op
        if op == 'bitcast':
            if a.k == 'p' and to == PTR:
                return a
            if a.k in ('i', 'b') and to[0] == 'int' and to[1] == a.w:
                return a
            raise Refused('%s: bitcast between different kinds is not modelled' % inst.where())
        if to[0] != 'int':
            raise Refused('%s: cast to %r' % (inst.where(), to))
        w2 = to[1]
        p = a.p
        if a.k == 'b':
            x = a.v
            if op == 'trunc':
                raise Refused(inst.where())
            if w2 == 1:
                return a
            if is_conc(x):
                return V('i', (mask(w2) if op == 'sext' else 1) if x else 0, w2, p)
            return V('i', z3.If(x, z3.BitVecVal(mask(w2) if op == 'sext' else 1, w2), z3.BitVecVal(0, w2)),
                     w2, p)
        if a.k != 'i':
            raise Refused('%s: %s of a pointer is not modelled' % (inst.where(), op))
        x, w = a.v, a.w
        if op == 'zext':
            if 'nneg' in inst.flags:
                p = Or(p, self.flag(st, (x >> (w - 1)) & 1 == 1 if isinstance(x, int) else
                                    z3.Extract(w - 1, w - 1, x) == 1, inst.where()))
            if isinstance(x, int):
                return V('i', x, w2, p)
            return V('i', z3.ZeroExt(w2 - w, x), w2, p)
        if op == 'sext':
            if isinstance(x, int):
                return V('i', signed(x, w) & mask(w2), w2, p)
            return V('i', z3.SignExt(w2 - w, x), w2, p)
        # trunc
        if 'nuw' in inst.flags:
            p = Or(p, self.flag(st, x >> w2 != 0 if isinstance(x, int) else
                                z3.Extract(w - 1, w2, x) != 0, inst.where()))
        if 'nsw' in inst.flags:
            if isinstance(x, int):
                p = Or(p, self.flag(st, signed(x & mask(w2), w2) != signed(x, w), inst.where()))
            else:
                p = Or(p, self.flag(st, z3.SignExt(w - w2, z3.Extract(w2 - 1, 0, x)) != x, inst.where()))
        if w2 == 1:
            if isinstance(x, int):
                return V('b', bool(x & 1), 1, p)
            return V('b', z3.Extract(0, 0, x) == 1, 1, p)
        if isinstance(x, int):
            return V('i', x & mask(w2), w2, p)
        return V('i', conc_bv(z3.Extract(w2 - 1, 0, x)), w2, p)

    def op_extractvalue(self, st, inst):
        a = self.operand(st, inst.ty, inst.args[0][1])
        for k in inst.extra:
            a = a.v[k]
        return a

    def op_insertvalue(self, st, inst):
        a = self.operand(st, inst.ty, inst.args[0][1])
        v = self.operand(st, inst.args[1][0], inst.args[1][1])

        def put(agg, path):
            items = list(agg.v)
            items[path[0]] = v if len(path) == 1 else put(items[path[0]], path[1:])
            return V('a', items)
        return put(a, inst.extra)

    # ---------- memory ----------

    def op_alloca(self, st, inst):
        mod = st.fn.module
        n = 1
        if inst.args[0] is not None:
            t, c = inst.args[0]
            cv = self.operand(st, t, c)
            if not isinstance(cv.v, int) or cv.p is not False:
                raise Refused('%s: an alloca of symbolic size' % inst.where())
            n = cv.v
        size = size_of(mod, inst.ty) * n
        obj = MemObj('alloca', size, '%s %s' % (st.fn.name, inst.dest), inst.attrs.get('align', 16))
        st.mem[obj] = [None] * size
        st.owned.add(obj)
        return V('p', Ptr(obj, 0), 64)

    def op_getelementptr(self, st, inst):
        base = self.operand(st, PTR, inst.args[0])
        idx = [(t, self.operand(st, t, v)) for t, v in inst.args[1]]
        return self.gep(st, base, inst.ty, idx, inst.flags, inst)

    def gep(self, st, base, srcty, idx, flags, inst):
        where = inst.where() if inst else 'a constant getelementptr'
        mod = st.fn.module
        for f in flags:
            if f not in ('inbounds', 'nuw', 'nusw'):
                raise Refused('%s: %s is not modelled' % (where, f))
        p = base.p
        delta, conc = 0, True
        terms = []
        ty = srcty
        for k, (t, iv) in enumerate(idx):
            if iv.k not in ('i', 'b'):
                raise Refused('%s: a vector index' % where)
            p = Or(p, iv.p)
            if k == 0:
                scale = size_of(mod, ty)
            else:
                r = resolve(mod, ty)
                if r[0] == 'struct':
                    if not isinstance(iv.v, int):
                        raise Refused('%s: a symbolic struct field' % where)
                    delta += field_offsets(mod, r)[iv.v]
                    ty = r[1][iv.v]
                    continue
                if r[0] != 'array':
                    raise Refused('%s: index into %r' % (where, r))
                ty = r[2]
                scale = size_of(mod, ty)
            w = iv.w
            if isinstance(iv.v, int):
                delta += signed(iv.v, w) * scale
                if 'nuw' in flags and signed(iv.v, w) < 0:
                    p = Or(p, self.flag(st, True, where))
            else:
                x = iv.v if iv.k == 'i' else z3.If(iv.v, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))
                x64 = z3.SignExt(64 - w, x) if w < 64 else x
                terms.append(mul_const(x64, scale & mask(64), 64))
                conc = False
                if 'nuw' in flags:
                    p = Or(p, self.flag(st, x64 < 0, where))
        ptr = base.v
        inb = 'inbounds' in flags

        def move(pt):
            nonlocal p
            if pt is None:
                if delta == 0 and conc:
                    return None
                raise Refused('%s: arithmetic on a null pointer' % where)
            if pt.obj.kind == 'list':
                if not conc or delta % 4 or pt.off + delta >= 8 and not self.list_known(st, pt, (pt.off + delta) // 4):
                    # b + i: the same place as a list pointer of the path,
                    # the solver shows, or refused
                    moved = bv(delta & mask(64), 64)
                    for tm in terms:
                        moved = moved + tm
                    np = self.list_index(st, pt, moved) if self.list_index is not None else None
                    if np is not None:
                        if inb and np.off >= 8:
                            p = Or(p, self.list_past_end(st, np, np.off // 4, where))
                        return np
                    if not conc or delta % 4:
                        raise Refused('%s: list pointer moved by a symbolic or partial amount' % where)
                    # a whole number of elements, not a place the path
                    # holds: moved as before, its past-the-end poison below
                off = pt.off + delta
                if inb:
                    if off < 0:
                        raise Refused('%s: a list pointer moved before its position' % where)
                    if off >= 8:
                        p = Or(p, self.list_past_end(st, pt, off // 4, where))
                return Ptr(pt.obj, off, pt.K)
            if conc:
                off = pt.off + delta if isinstance(pt.off, int) else pt.off + delta
            else:
                off = bv(pt.off, 64) + (delta & mask(64))
                for tm in terms:
                    off = off + tm
            off = conc_bv(off) if not isinstance(off, int) else off
            if inb:
                if isinstance(off, int):
                    if not 0 <= off <= pt.obj.size:
                        p = Or(p, self.flag(st, True, where + ' (out of its object)'))
                else:
                    p = Or(p, self.flag(st, z3.Or(off < 0, off > pt.obj.size), where + ' (out of its object)'))
            return Ptr(pt.obj, off)
        if isinstance(ptr, PtrIte):
            return V('p', PtrIte([(c, move(x)) for c, x in ptr.alts]), 64, p)
        return V('p', move(ptr), 64, p)

    @staticmethod
    def list_known(st, pt, j):
        """The path read every element before j past pt's position."""
        return all((pt.obj, key(pt.K), i) in st.choices for i in range(j - 1))

    def list_past_end(self, st, pt, j, where):
        """A list pointer j elements past its position: past the end if any of
        the j - 1 elements before it is the terminator."""
        conds = []
        for i in range(j - 1):
            x = st.choices.get((pt.obj, key(pt.K), i))
            if x is None:
                raise Refused('%s: a list pointer moved past elements never read' % where)
            conds.append(x == 0 if not isinstance(x, int) else x == 0)
        return self.flag(st, Or(*conds), where + ' (past the end of a list)')

    def access(self, st, pv, size, align, where, write):
        """The (object, offset, condition) places a pointer may point to, UB
        for null, poison or out-of-bounds checked."""
        self.need_defined(st, pv, where, 'the address')
        ptr = pv.v
        alts = ptr.alts if isinstance(ptr, PtrIte) else [(True, ptr)]
        out = []
        for c, pt in alts:
            if pt is None:
                st.ub(c, where + ' (null pointer)')
                continue
            obj = pt.obj
            if obj.kind == 'list':
                out.append((c, obj, pt))
                continue
            if obj not in st.mem:
                raise Refused('%s: memory of %r is not reachable here' % (where, obj))
            if write and obj.const:
                st.ub(c, where + ' (a write to constant memory)')
                continue
            if align and align > obj.align:
                raise Refused('%s: alignment %d beyond what its object is known to have' % (where, align))
            off = pt.off
            if isinstance(off, int):
                if off < 0 or off + size > obj.size:
                    st.ub(c, where + ' (out of bounds of %s)' % obj.name)
                    continue
                if align and off % align:
                    st.ub(c, where + ' (misaligned)')
                    continue
                out.append((c, obj, off))
            else:
                step = align or 1
                cands = list(range(0, obj.size - size + 1, step))
                inside = Or(*[off == o for o in cands]) if cands else False
                st.ub(And(c, Not(inside)), where + ' (out of bounds or misaligned in %s)' % obj.name)
                out.append((c, obj, off))
        return out

    def volatile_local(self, st, inst, pv, what):
        """A volatile load or store is modelled as an ordinary one only where
        every place it may reach is an automatic variable of the running
        activation (an alloca born since this function was entered): no code
        but this function and its callees can see that memory, so the bytes
        read are the bytes last written, as for any other local.  Anything
        else volatile (a global, a list, memory of a caller) and every atomic
        access stays refused."""
        if inst.flags != ('volatile',):
            raise Refused('%s: %s %s are not modelled' % (inst.where(), ' '.join(inst.flags), what))
        ptr = pv.v
        alts = ptr.alts if isinstance(ptr, PtrIte) else [(True, ptr)]
        fr = st.frame
        for c, pt in alts:
            if pt is None or pt.obj.kind != 'alloca' or fr is not None and pt.obj.born <= fr['serial']:
                raise Refused('%s: volatile %s are modelled only on the function\'s own automatic '
                              'variables' % (inst.where(), what))

    def op_load(self, st, inst):
        pv = self.operand(st, PTR, inst.args[0])
        if inst.flags:
            self.volatile_local(st, inst, pv, 'loads')
        r = self.load(st, pv, inst.ty, inst.attrs.get('align'), inst.where())
        meta = inst.attrs.get('meta')
        if meta:
            r = self.load_meta(st, r, meta, inst)
        return r

    def load_meta(self, st, r, meta, inst):
        for name, node in meta.items():
            if name == '!noundef':
                self.need_defined(st, r, inst.where(), 'a !noundef load')
            elif name == '!range':
                lo_hi = parse_range_meta(st.fn.module, node)
                r = copy_poison(r, Or(r.p, Not(in_ranges(r, lo_hi))))
            elif name == '!nonnull':
                if r.k != 'p':
                    raise Refused(inst.where())
                r = copy_poison(r, Or(r.p, self.is_null(r.v)))
            else:
                raise Refused('%s: metadata %s is not modelled' % (inst.where(), name))
        return r

    def is_null(self, ptr):
        if ptr is None:
            return True
        if isinstance(ptr, PtrIte):
            return Or(*[c for c, x in ptr.alts if x is None])
        return False

    def load(self, st, pv, ty, align, where):
        mod = st.fn.module
        rty = resolve(mod, ty)
        if rty[0] in ('array', 'struct'):
            # an aggregate load: field by field
            offs = field_offsets(mod, rty) if rty[0] == 'struct' else \
                [k * size_of(mod, rty[2]) for k in range(rty[1])]
            tys = rty[1] if rty[0] == 'struct' else [rty[2]] * rty[1]
            items = []
            for o, t in zip(offs, tys):
                q = self.gep_const(pv, o)
                items.append(self.load(st, q, t, None, where))
            return V('a', items)
        if rty[0] not in ('int', 'ptr'):
            raise Refused('%s: a load of %r' % (where, rty))
        size = store_size(mod, rty)
        places = self.access(st, pv, size, align, where, False)
        result = None
        for c, obj, off in reversed(places):
            if obj.kind == 'list':
                if rty != I32:
                    raise Refused('%s: a list read as %r, not as int' % (where, rty))
                v = self.read_list(st, off, where)
            elif isinstance(off, int):
                self.check_effect(st, obj, where, 'read')
                v = self.read_cells(st.mem[obj], off, rty, where)
            else:
                self.check_effect(st, obj, where, 'read')
                v = None
                for o in range(0, obj.size - size + 1, align or 1):
                    vo = self.read_cells(st.mem[obj], o, rty, where)
                    v = vo if v is None else ite_value(off == o, vo, v)
                if v is None:
                    v = poison_of(rty)
            result = v if result is None else ite_value(c, v, result)
        if result is None:
            return poison_of(rty)
        return result

    def gep_const(self, pv, o):
        ptr = pv.v

        def mv(pt):
            if pt is None:
                raise Refused('an aggregate load through null')
            if pt.obj.kind == 'list':
                return Ptr(pt.obj, pt.off + o, pt.K)
            return Ptr(pt.obj, pt.off + o if isinstance(pt.off, int) else pt.off + o)
        if isinstance(ptr, PtrIte):
            return V('p', PtrIte([(c, mv(x)) for c, x in ptr.alts]), 64, pv.p)
        return V('p', mv(ptr), 64, pv.p)

    def read_list(self, st, pt, where):
        if self.list_read is None:
            raise Refused('%s: a list read outside the golf' % where)
        return self.list_read(st, pt, where)

    def read_cells(self, cells, off, ty, where):
        """The value of type ty stored at off (poison if any byte is unset)."""
        n = (ty[1] + 7) // 8 if ty[0] == 'int' else 8
        first = cells[off]
        if first is not None and first[1] == 0:
            v = first[0]
            if v.size() == n and all(cells[off + k] is not None and cells[off + k][0] is v and cells[off + k][1] == k
                                     for k in range(1, n)):
                if ty == PTR and v.k == 'p' or ty == I1 and v.k == 'b' or \
                        ty[0] == 'int' and v.k == 'i' and v.w == ty[1]:
                    return v
                if ty[0] == 'int' and v.k == 'b' and ty[1] == 8:
                    return V('i', Ite(v.v, 1, 0, 8) if not is_conc(v.v) else int(v.v), 8, v.p)
        if ty == PTR:
            raise Refused('%s: a pointer read from bytes that are not a whole pointer' % where)
        # assemble from bytes
        parts, p = [], False
        for k in range(n):
            e = cells[off + k]
            if e is None:
                return poison_of(ty)
            byte = byte_of(e[0], e[1], where)
            p = Or(p, byte.p)
            parts.append(byte.v)
        if all(isinstance(x, int) for x in parts):
            val = 0
            for k, x in enumerate(parts):
                val |= x << (8 * k)
        else:
            val = z3.Concat(*[bv(x, 8) for x in reversed(parts)]) if n > 1 else bv(parts[0], 8)
        w = ty[1]
        if w == 1:
            if isinstance(val, int):
                return V('b', bool(val & 1), 1, Or(p, val > 1))
            return V('b', z3.Extract(0, 0, val) == 1, 1, Or(p, z3.Extract(7, 1, val) != 0))
        if w < 8 * n:
            if isinstance(val, int):
                return V('i', val & mask(w), w, Or(p, val >> w != 0))
            return V('i', z3.Extract(w - 1, 0, val), w, Or(p, z3.Extract(8 * n - 1, w, val) != 0))
        return V('i', val, w, p)

    def op_store(self, st, inst):
        v = self.operand(st, inst.ty, inst.args[0])
        pv = self.operand(st, PTR, inst.args[1])
        if inst.flags:
            self.volatile_local(st, inst, pv, 'stores')
        self.store(st, pv, inst.ty, v, inst.attrs.get('align'), inst.where())

    def store(self, st, pv, ty, v, align, where):
        mod = st.fn.module
        rty = resolve(mod, ty)
        if rty[0] in ('array', 'struct'):
            offs = field_offsets(mod, rty) if rty[0] == 'struct' else \
                [k * size_of(mod, rty[2]) for k in range(rty[1])]
            tys = rty[1] if rty[0] == 'struct' else [rty[2]] * rty[1]
            for o, t, x in zip(offs, tys, v.v):
                self.store(st, self.gep_const(pv, o), t, x, None, where)
            return
        size = store_size(mod, rty)
        places = self.access(st, pv, size, align, where, True)
        if v.k == 'b':
            v = V('b', v.v, 1, v.p)
        for c, obj, off in places:
            if obj.kind == 'list':
                raise Refused('%s: a write into a list is not modelled' % where)
            self.check_write(st, obj, where)
            cells = st.cells(obj)
            if isinstance(off, int) and c is True:
                for k in range(size):
                    cells[off + k] = (v, k)
                continue
            cands = [off] if isinstance(off, int) else list(range(0, obj.size - size + 1, align or 1))
            for o in cands:
                cond = And(c, True if isinstance(off, int) else off == o)
                if cond is False:
                    continue
                old = self.read_cells(cells, o, rty, where)
                nv = ite_value(cond, v, old)
                for k in range(size):
                    cells[o + k] = (nv, k)

    def check_write(self, st, obj, where):
        self.check_effect(st, obj, where, 'write')

    def check_effect(self, st, obj, where, what):
        """A read or write of memory the function does not own: its
        readonly parameters and memory() attribute must allow it."""
        fr = st.frame
        if fr is None or obj.born > fr['serial']:
            return  # the function's own memory (or its callees')
        if what == 'write' and obj in fr['readonly_objs']:
            st.ub(True, where + ' (a write through a readonly pointer)')
        eff = fr['memory']
        if eff is not None:
            mode = eff['argmem' if obj in fr['arg_objs'] else 'other']
            if mode not in (what, 'readwrite'):
                st.ub(True, where + " (a %s the function's memory() attribute rules out)" % what)

    # ---------- calls ----------

    def op_call(self, st, inst):
        name = inst.extra
        mod = st.fn.module
        for g in inst.attrs.get('groups', ()):
            if g.startswith('#'):
                words, _ = mod.groups.get(g, (set(), {}))
                bad = [w for w in words if w not in CALLSITE_ATTRS]
                if bad:
                    raise Refused('%s: call attributes %s are not modelled' % (inst.where(), ' '.join(sorted(bad))))
            elif g not in CALLSITE_ATTRS:
                raise Refused('%s: call attribute %s is not modelled' % (inst.where(), g))
        if name.startswith('@llvm.'):
            return self.intrinsic(st, inst, name)
        callee = self.find_function(mod, name)
        if callee is None:
            raise Refused('%s: %s has no definition to run (external functions are not modelled)'
                          % (inst.where(), name))
        if callee.error:
            raise Refused(callee.error)
        args = []
        for t, v, attrs in inst.args:
            a = self.operand(st, t, v)
            if a.k == 'i' and not isinstance(a.v, int) and st.facts:
                # what the path's branches settle (a landing known not to be 0)
                r = conc_bv(known(st.facts, a.v))
                if r is not a.v:
                    a = V('i', r, a.w, a.p)
            if a.k == 'i' and not isinstance(a.v, int) and self.settle is not None:
                r = self.settle(st, a)
                if r is not None:
                    a = V('i', r, a.w, a.p)
            self.check_param_attrs(st, a, attrs, inst.where(), t)
            args.append(a)
        check_attrs(inst.attrs.get('ret', {}), inst.where())
        r = self.call(st, callee, args, inst)
        r = self.ret_attrs(st, r, inst.attrs.get('ret', {}), inst.where())
        return r

    def check_param_attrs(self, st, a, attrs, where, ty):
        check_attrs(attrs, where)
        if 'range' in attrs:
            a = copy_poison(a, Or(a.p, Not(in_ranges(a, parse_range_attr(attrs['range'])))))
        if 'nonnull' in attrs and a.k == 'p':
            a = copy_poison(a, Or(a.p, self.is_null(a.v)))
        if 'align' in attrs and a.k == 'p':
            a = copy_poison(a, Or(a.p, self.misaligned(a.v, int(attrs['align']))))
        if 'noundef' in attrs:
            self.need_defined(st, a, where, 'a noundef argument')
        if 'dereferenceable' in attrs and a.k == 'p':
            n = int(attrs['dereferenceable'])
            self.access(st, a, n, None, where + ' (dereferenceable)', False)
        return a

    def misaligned(self, ptr, n):
        if ptr is None:
            return False
        alts = ptr.alts if isinstance(ptr, PtrIte) else [(True, ptr)]
        out = []
        for c, pt in alts:
            if pt is None:
                continue
            if pt.obj.kind == 'list':
                if n > 4:
                    raise Refused('align(%d) on a list pointer' % n)
                continue
            if n > pt.obj.align:
                raise Refused('align(%d) beyond what an object is known to have' % n)
            if isinstance(pt.off, int):
                if pt.off % n:
                    out.append(c)
            else:
                out.append(And(c, z3.URem(pt.off, n) != 0))
        return Or(*out)

    def ret_attrs(self, st, r, attrs, where):
        if r is None:
            return None
        if 'range' in attrs:
            r = copy_poison(r, Or(r.p, Not(in_ranges(r, parse_range_attr(attrs['range'])))))
        if 'nonnull' in attrs and r.k == 'p':
            r = copy_poison(r, Or(r.p, self.is_null(r.v)))
        if 'noundef' in attrs:
            self.need_defined(st, r, where, 'a noundef return value')
        return r

    def call(self, st, callee, args, inst):
        """Runs callee on args with st's memory: its merged result; st gets its
        writes and its UB."""
        where = inst.where() if inst else callee.name
        if len(args) != len(callee.params):
            raise Refused('%s: %d arguments for %d parameters' % (where, len(args), len(callee.params)))
        check_fn_attrs(callee)
        if 'norecurse' in callee.attr_words and any(f is callee for f in self.stack):
            st.ub(True, where + ' (recursion into a norecurse function)')
        if len(self.stack) >= self.depth_limit:
            raise Refused('%s: calls nest deeper than %d' % (where, self.depth_limit))
        for (pname, t, attrs), a in zip(callee.params, args):
            a2 = self.check_param_attrs(st, a, attrs, '%s (parameter %s of %s)' % (where, pname, callee.name), t)
            if a2 is not a:
                args = [a2 if x is a else x for x in args]
        self.check_noalias(st, callee, args, where)
        if self.call_hook is not None:
            got = self.call_hook(st, callee, args, where)
            if got is not None:
                return self.ret_attrs(st, got[0], callee.ret_attrs, where + ' (the return of %s)' % callee.name)
        key = (id(callee), tuple(value_key(a) for a in args), tuple(sorted((o.serial, id(c)) for o, c in st.mem.items())))
        hit = self.memo.get(key)
        if hit is None:
            hit = self.summarize(callee, args, st.mem)
            self.memo[key] = hit + (args, dict(st.mem))
        ret, writes, ub = hit[0], hit[1], hit[2]
        for obj, cells in writes.items():
            st.mem[obj] = cells
            st.owned.discard(obj)
        if ub is not False:
            st.ubs.extend(ub)
        return self.ret_attrs(st, ret, callee.ret_attrs, where + ' (the return of %s)' % callee.name)

    def check_noalias(self, st, callee, args, where):
        ptr_objs = []
        for (pname, t, attrs), a in zip(callee.params, args):
            if a.k == 'p' and isinstance(a.v, Ptr):
                ptr_objs.append((a.v.obj, 'noalias' in attrs))
            elif a.k == 'p' and isinstance(a.v, PtrIte):
                for c, x in a.v.alts:
                    if x is not None:
                        ptr_objs.append((x.obj, 'noalias' in attrs))
        for k, (o, na) in enumerate(ptr_objs):
            if na and any(o is o2 for j, (o2, _) in enumerate(ptr_objs) if j != k):
                raise Refused('%s: a noalias argument whose object another argument also points to' % where)

    def summarize(self, fn, args, mem):
        """All paths of fn on args, merged: (return V, {obj: cells} written, [(cond, where)] UB)."""
        self.stack.append(fn)
        try:
            frame = self.frame_for(fn, args)
            st = State(fn, frame)
            st.mem = dict(mem)
            for (pname, t, attrs), a in zip(fn.params, args):
                st.regs[pname] = a
            finals = self.explore([st])
        finally:
            self.stack.pop()
        outs = [s for s in finals if s.status == 'ret']
        ub = []
        for s in finals:
            pc = s.path_cond()
            for c, wh in s.ubs:
                cc = And(pc, c)
                if cc is not False:
                    ub.append((cc, wh))
        if fn.ret_ty == VOID:
            ret = None
        elif not outs:
            ret = self.undef(fn.module, fn.ret_ty)
        else:
            ret = outs[-1].ret
            for s in reversed(outs[:-1]):
                ret = ite_value(s.path_cond(), s.ret, ret)
        # memory: objects that existed before the call and that some path wrote
        writes = {}
        for obj in mem:
            versions = [(s.path_cond(), s.mem.get(obj)) for s in outs]
            if all(c is mem[obj] for _, c in versions):
                continue
            if len({id(c) for _, c in versions}) == 1:
                writes[obj] = versions[0][1]
                continue
            writes[obj] = merge_cells(versions, fn.name)
        return ret, writes, ub or False

    def frame_for(self, fn, args):
        arg_objs, ro = set(), set()
        for (pname, t, attrs), a in zip(fn.params, args):
            if a.k == 'p':
                objs = [a.v.obj] if isinstance(a.v, Ptr) else \
                    [x.obj for c, x in a.v.alts if x is not None] if isinstance(a.v, PtrIte) else []
                arg_objs.update(objs)
                if 'readonly' in attrs or 'readnone' in attrs:
                    ro.update(objs)
        eff = parse_memory(fn.fn_attr_args.get('memory')) if 'memory' in fn.attr_words else None
        return {'serial': MemObj.serial, 'arg_objs': arg_objs, 'readonly_objs': ro, 'memory': eff}

    # ---------- intrinsics ----------

    def intrinsic(self, st, inst, name):
        base = name.split('.')
        fam = '.'.join(base[:2])
        where = inst.where()
        args = [(self.operand(st, t, v) if t != ('meta',) else None) for t, v, a in inst.args]
        if fam in ('@llvm.dbg', '@llvm.experimental') and name.startswith(('@llvm.dbg.', '@llvm.experimental.noalias')):
            return None
        if fam == '@llvm.lifetime':
            n, pv = args
            if isinstance(pv.v, Ptr) and pv.v.obj in st.mem and pv.v.off == 0:
                cells = st.cells(pv.v.obj)
                for k in range(len(cells)):
                    cells[k] = None  # dead before start and after end: poison
                return None
            raise Refused(where + ': lifetime marker on something other than a whole alloca')
        if fam in ('@llvm.memset', '@llvm.memcpy', '@llvm.memmove'):
            return self.mem_intrinsic(st, fam, args, inst)
        if fam == '@llvm.assume':
            c = args[0]
            self.need_defined(st, c, where, 'the assumption')
            st.ub(Not(c.v), where + ' (an assumption that does not hold)')
            st.assume(c.v)
            return None
        if fam == '@llvm.expect':
            return args[0]
        if fam in ('@llvm.smax', '@llvm.smin', '@llvm.umax', '@llvm.umin'):
            a, b = args
            kind = {'smax': 'sgt', 'smin': 'slt', 'umax': 'ugt', 'umin': 'ult'}[base[1]]
            c = icmp(kind, a.v, b.v, a.w)
            r = ite_value(c, a, b)
            return copy_poison(r, Or(a.p, b.p))
        if fam == '@llvm.abs':
            a, flag = args
            neg = icmp('slt', a.v, 0, a.w)
            r = self.binop(st, 'sub', (), V('i', 0, a.w), a, where)
            out = ite_value(neg, r, a)
            if flag.v is True:
                out = copy_poison(out, Or(out.p, icmp('eq', a.v, 1 << (a.w - 1), a.w)))
            return out
        if fam in ('@llvm.ctpop', '@llvm.ctlz', '@llvm.cttz', '@llvm.bswap'):
            a = args[0]
            w = a.w
            x = a.v
            if fam == '@llvm.ctpop':
                r = bin(x).count('1') if isinstance(x, int) else \
                    sum_bits([z3.ZeroExt(w - 1, z3.Extract(k, k, x)) for k in range(w)])
                return V('i', conc_bv(r), w, a.p)
            if fam == '@llvm.bswap':
                if w % 16:
                    raise Refused(where)
                if isinstance(x, int):
                    r = int.from_bytes(x.to_bytes(w // 8, 'little'), 'big')
                else:
                    r = z3.Concat(*[z3.Extract(8 * k + 7, 8 * k, x) for k in range(w // 8)])
                return V('i', r, w, a.p)
            zero_poison = args[1].v is True
            p = Or(a.p, icmp('eq', x, 0, w)) if zero_poison else a.p
            X = bv(x, w)
            r = z3.BitVecVal(w, w)
            bits = range(w) if fam == '@llvm.ctlz' else range(w - 1, -1, -1)
            for k in bits:
                r = z3.If(z3.Extract(k, k, X) == 1, z3.BitVecVal(w - 1 - k if fam == '@llvm.ctlz' else k, w), r)
            return V('i', conc_bv(z3.simplify(r)) if isinstance(x, int) else r, w, p)
        if fam in ('@llvm.fshl', '@llvm.fshr'):
            a, b, c = args
            w = a.w
            wide = z3.Concat(bv(a.v, w), bv(b.v, w))
            sh = z3.ZeroExt(w, z3.URem(bv(c.v, w), w))
            if fam == '@llvm.fshl':
                r = z3.Extract(2 * w - 1, w, wide << sh)
            else:
                r = z3.Extract(w - 1, 0, z3.LShR(wide, sh))
            return V('i', conc_bv(z3.simplify(r)) if all(isinstance(x.v, int) for x in args) else r, w,
                     Or(a.p, b.p, c.p))
        if len(base) >= 2 and base[1] in ('sadd', 'uadd', 'ssub', 'usub', 'smul', 'umul') and \
                name.split('.')[2] == 'with':
            a, b = args
            op = {'add': 'add', 'sub': 'sub', 'mul': 'mul'}[base[1][1:]]
            fl = ('nsw',) if base[1][0] == 's' else ('nuw',)
            saved = self.rule
            self.rule = 'llvm'
            try:
                r = self.binop(st, op, fl, V('i', a.v, a.w), V('i', b.v, b.w), where)
            finally:
                self.rule = saved
            val = self.binop(st, op, (), V('i', a.v, a.w), V('i', b.v, b.w), where)
            return V('a', [copy_poison(val, Or(a.p, b.p)), V('b', conc_bool(r.p), 1, Or(a.p, b.p))])
        raise Refused('%s: intrinsic %s is not modelled' % (where, name))

    def mem_intrinsic(self, st, fam, args, inst):
        where = inst.where()
        dst, x, n = args[0], args[1], args[2]
        if not isinstance(n.v, int) or n.p is not False:
            raise Refused(where + ': a memory intrinsic of symbolic length')
        if args[3].v is not False:
            raise Refused(where + ': a volatile memory intrinsic')
        length = n.v
        if length == 0:
            return None
        if fam == '@llvm.memset':
            places = self.access(st, dst, length, None, where, True)
            byte = x
            for c, obj, off in places:
                if obj.kind == 'list' or not isinstance(off, int) or c is not True:
                    raise Refused(where + ': memset of a list, or at a symbolic place')
                self.check_write(st, obj, where)
                cells = st.cells(obj)
                for k in range(length):
                    cells[off + k] = (byte, 0)
            return None
        src = x
        sp = self.access(st, src, length, None, where, False)
        dp = self.access(st, dst, length, None, where, True)
        if len(sp) != 1 or len(dp) != 1 or sp[0][0] is not True or dp[0][0] is not True or \
                not isinstance(sp[0][2], int) or not isinstance(dp[0][2], int) or \
                sp[0][1].kind == 'list' or dp[0][1].kind == 'list':
            raise Refused(where + ': a copy between places that are not both concrete')
        so, do = sp[0][2], dp[0][2]
        if fam == '@llvm.memcpy' and sp[0][1] is dp[0][1] and so < do + length and do < so + length and so != do:
            st.ub(True, where + ' (memcpy of overlapping memory)')
        self.check_write(st, dp[0][1], where)
        data = list(st.mem[sp[0][1]][so:so + length])
        cells = st.cells(dp[0][1])
        cells[do:do + length] = data
        return None


class OverBudget(Refused):
    """An exploration ran longer than it was given."""


# ==================== Helpers ====================

BINOPS_ALL = {'add', 'sub', 'mul', 'udiv', 'sdiv', 'urem', 'srem', 'shl', 'lshr', 'ashr', 'and', 'or', 'xor'}
OK_FLAGS = {
    'add': ('nuw', 'nsw'), 'sub': ('nuw', 'nsw'), 'mul': ('nuw', 'nsw'), 'shl': ('nuw', 'nsw'),
    'udiv': ('exact',), 'sdiv': ('exact',), 'lshr': ('exact',), 'ashr': ('exact',), 'or': ('disjoint',),
    'zext': ('nneg',), 'trunc': ('nuw', 'nsw'), 'getelementptr': ('inbounds', 'nuw', 'nusw'),
    'icmp': (), 'call': ('tail', 'musttail', 'notail', 'fastcc', 'ccc'),
}
CALLSITE_ATTRS = {'nounwind', 'willreturn', 'memory', 'nofree', 'nosync', 'cold', 'tail', 'notail',
                  'builtin', 'nobuiltin', 'noinline', 'alwaysinline', 'mustprogress', 'nocallback', 'speculatable'}
# Function attributes: their breach is impossible in this model (no unwinding,
# no freeing, every path ends or is refused), they only guide the back end,
# or they are checked (memory, norecurse).
FN_ATTRS = {'nounwind', 'uwtable', 'noinline', 'optnone', 'optsize', 'minsize', 'nofree', 'nosync', 'willreturn',
            'mustprogress', 'norecurse', 'memory', 'speculatable', 'nocallback', 'cold', 'hot', 'inlinehint',
            'alwaysinline', 'ssp', 'sspstrong', 'sspreq', 'nonlazybind', 'noredzone', 'local_unnamed_addr',
            'unnamed_addr', 'dso_local', 'immarg', 'nocf_check', 'noimplicitfloat', 'nomerge', 'disable_sanitizer_instrumentation',
            'allockind', 'allocsize', 'strictfp', 'vscale_range', 'noduplicate', 'convergent'}
PARAM_ATTRS = {'noundef', 'nonnull', 'nocapture', 'readonly', 'readnone', 'writeonly', 'noalias', 'zeroext', 'signext',
               'immarg', 'dead_on_unwind', 'writable', 'align', 'dereferenceable', 'range', 'sret', 'nofree',
               'inreg'}


def check_attrs(attrs, where):
    for a in attrs:
        if a not in PARAM_ATTRS:
            raise Refused('%s: attribute %s is not modelled' % (where, a))


def check_fn_attrs(fn):
    bad = [w for w in fn.attr_words if w not in FN_ATTRS and not w.startswith('#')]
    if bad:
        raise Refused('%s: function attributes %s are not modelled' % (fn.where(), ' '.join(sorted(bad))))
    for pname, t, attrs in fn.params:
        check_attrs(attrs, fn.where())
    for a in fn.ret_attrs:
        if a not in ('noundef', 'range', 'zeroext', 'signext', 'nonnull', 'noalias', 'align'):
            raise Refused('%s: return attribute %s is not modelled' % (fn.where(), a))
    if 'noalias' in fn.ret_attrs or 'align' in fn.ret_attrs:
        raise Refused('%s: noalias or align on a return is not modelled' % fn.where())


def parse_memory(text):
    """memory(read, argmem: readwrite) -> {'default': 'read', 'argmem': 'readwrite'}."""
    eff = {}
    if not text:
        return {'default': 'readwrite'}
    toks = text.replace(',', ' , ').split()
    items, cur = [], []
    for t in toks:
        if t == ',':
            items.append(cur)
            cur = []
        else:
            cur.append(t)
    items.append(cur)
    for it in items:
        if len(it) == 1:
            eff['default'] = it[0]
        elif len(it) == 3 and it[1] == ':':
            eff[it[0]] = it[2]
        else:
            raise Refused('memory(%s) is not modelled' % text)
    eff.setdefault('default', 'none')
    for k in ('argmem', 'other'):
        eff.setdefault(k, eff['default'])
    return eff


def parse_range_attr(text):
    # "i32 0 , 2"
    parts = text.replace(',', ' ').split()
    w = int(parts[0][1:])
    return w, [(int(parts[1]) & mask(w), int(parts[2]) & mask(w))]


def parse_range_meta(mod, node):
    text = mod.meta.get(node)
    if text is None:
        raise Refused('metadata %s not found' % node)
    nums = [int(x) for x in text.replace('!{', ' ').replace('}', ' ').replace(',', ' ').split()
            if x.lstrip('-').isdigit()]
    w = int(text.split()[0].lstrip('!{')[1:]) if text.split()[0].lstrip('!{').startswith('i') else 64
    return w, [(nums[k] & mask(w), nums[k + 1] & mask(w)) for k in range(0, len(nums), 2)]


def in_ranges(v, spec):
    w, ranges = spec
    conds = []
    for lo, hi in ranges:
        if v.k == 'b':
            x = Ite(v.v, 1, 0, w) if not is_conc(v.v) else int(v.v)
        else:
            x = v.v
        # [lo, hi) wrapping: x - lo <u hi - lo
        span = (hi - lo) & mask(w)
        if isinstance(x, int):
            conds.append(((x - lo) & mask(w)) < span)
        else:
            conds.append(z3.ULT(bv(x, w) - lo, span))
    return Or(*conds)


def copy_poison(v, p):
    if v.k == 'a':
        return V('a', [copy_poison(x, Or(x.p, p)) for x in v.v])
    return V(v.k, v.v, v.w, conc_bool(p) if not isinstance(p, bool) else p)


def icmp(pred, x, y, w):
    if isinstance(x, int) and isinstance(y, int):
        if pred[0] == 's':
            x, y = signed(x, w), signed(y, w)
        return {'eq': x == y, 'ne': x != y, 'ugt': x > y, 'uge': x >= y, 'ult': x < y, 'ule': x <= y,
                'sgt': x > y, 'sge': x >= y, 'slt': x < y, 'sle': x <= y}[pred]
    if pred in ('eq', 'ne') and (isinstance(x, int) or isinstance(y, int)):
        e, k = (y, x) if isinstance(x, int) else (x, y)
        r = cmp_lift('eq', e, k, w)
        return r if pred == 'eq' else Not(r)
    X, Y = bv(x, w), bv(y, w)
    return conc_bool({'eq': lambda: X == Y, 'ne': lambda: X != Y, 'ugt': lambda: z3.UGT(X, Y),
                      'uge': lambda: z3.UGE(X, Y), 'ult': lambda: z3.ULT(X, Y), 'ule': lambda: z3.ULE(X, Y),
                      'sgt': lambda: X > Y, 'sge': lambda: X >= Y, 'slt': lambda: X < Y,
                      'sle': lambda: X <= Y}[pred]())


def cmp_lift(pred, e, k, w):
    """e == k, pushed through an if-then-else of literals (so a branch on
    `land != 0` becomes the condition that chose land)."""
    leaves = ite_leaves(e)
    if leaves is not None and len(leaves) <= 16:
        return Or(*[g for g, v in leaves if v == k])
    return bv(e, w) == k


def value_key(a):
    if a.k in ('i', 'b'):
        v = a.v if is_conc(a.v) else ('z', a.v.get_id())
        p = a.p if isinstance(a.p, bool) else ('z', a.p.get_id())
        return (a.k, v, p)
    if a.k == 'p':
        return ('p', ptr_key(a.v), a.p if isinstance(a.p, bool) else a.p.get_id())
    return ('a', tuple(value_key(x) for x in a.v))


def ptr_key(pt):
    if pt is None:
        return None
    if isinstance(pt, PtrIte):
        return tuple((c if isinstance(c, bool) else c.get_id(), ptr_key(x)) for c, x in pt.alts)
    off = pt.off if isinstance(pt.off, int) else pt.off.get_id()
    return (pt.obj.serial, off, key(pt.K))


def key(K):
    if K is None:
        return None
    return K if isinstance(K, int) else K.get_id()


def byte_of(v, k, where):
    if v.k == 'i':
        x = v.v
        if isinstance(x, int):
            return V('i', (x >> (8 * k)) & 0xFF, 8, v.p)
        if v.w < 8 * (k + 1):
            x = z3.ZeroExt(8 * (k + 1) - v.w, x)
        return V('i', z3.Extract(8 * k + 7, 8 * k, x), 8, v.p)
    if v.k == 'b':
        return V('i', Ite(v.v, 1, 0, 8) if not is_conc(v.v) else int(v.v), 8, v.p)
    raise Refused('%s: the bytes of a pointer read as an integer' % where)


def merge_cells(versions, name):
    """One object's bytes after paths that wrote it differently: [(cond, cells)]."""
    n = len(versions[0][1])
    out = [None] * n
    k = 0
    while k < n:
        ents = [c[k] for _, c in versions]
        if all(e is ents[0] for e in ents):
            out[k] = ents[0]
            k += 1
            continue
        # whole values starting here with one size on every path: merge them whole
        sizes = set()
        for e in ents:
            sizes.add(None if e is None or e[1] != 0 else e[0].size())
        if len(sizes) == 1 and None not in sizes:
            size = sizes.pop()
            vals = [e[0] for e in ents]
            kinds = {(v.k, v.w) for v in vals}
            if len(kinds) == 1 and all(c[k + j] is not None and c[k + j][0] is c[k][0] and c[k + j][1] == j
                                       for _, c in versions for j in range(size)):
                m = vals[-1]
                for (cond, _), v in zip(reversed(versions[:-1]), reversed(vals[:-1])):
                    m = ite_value(cond, v, m)
                for j in range(size):
                    out[k + j] = (m, j)
                k += size
                continue
        # byte by byte
        vals = []
        for e in ents:
            vals.append(poison_of(I8) if e is None else byte_of(e[0], e[1], name))
        m = vals[-1]
        for (cond, _), v in zip(reversed(versions[:-1]), reversed(vals[:-1])):
            m = ite_value(cond, v, m)
        out[k] = (m, 0)
        k += 1
    return out


def divide(op, X, Y, k, w):
    """Division by a z3 divisor; by a power of two as shifts (z3's dividers are costly)."""
    if k is not None and k & (k - 1) == 0 and k > 1 and not (op[0] == 's' and k == 1 << (w - 1)):
        s = k.bit_length() - 1
        if op == 'udiv':
            return z3.LShR(X, s)
        if op == 'urem':
            return X & (k - 1)
        # signed: round toward zero
        neg = z3.Extract(w - 1, w - 1, X) == 1
        q = z3.If(neg, (X + (k - 1)) >> s, X >> s)
        return q if op == 'sdiv' else X - (q << s)
    if op == 'udiv':
        return z3.UDiv(X, Y)
    if op == 'urem':
        return z3.URem(X, Y)
    if op == 'sdiv':
        return X / Y
    return z3.SRem(X, Y)


def mul_const(Z, k, w):
    """Z * k for a literal k: shifts and adds when k has few bits."""
    k &= mask(w)
    if bin(k).count('1') <= 4:
        r = None
        for b in range(w):
            if k >> b & 1:
                t = Z << b if b else Z
                r = t if r is None else r + t
        return r if r is not None else z3.BitVecVal(0, w)
    return Z * k


def sum_bits(xs):
    r = xs[0]
    for x in xs[1:]:
        r = r + x
    return r
