"""values.py - what the executor (sym.py) works with: numbers, values with
their poison condition (V), pointers and memory objects, one path's State,
and the helpers the executor's parts share (flags and attributes allowed,
comparisons, byte cells, division).  No executor here: sym.py and its parts
(sym_ops.py, sym_mem.py, sym_calls.py) import it, and it imports only ir."""
import itertools

import z3

from ir import Refused, PTR, I1, I8

# Fresh names: one counter for the whole process, so two executors (a run of
# f and a run of f it calls, or the golf and the reference in one query)
# never name two different unknowns alike: z3 takes one name for one
# constant, and two runs' unknowns made one would hide behaviours.
_FRESH = itertools.count(1)


def fresh_id():
    """A number no other fresh name of this process has."""
    return next(_FRESH)

# Unknowns each of whose values is one of a few, with the fact stated on
# every path that names them (lists.read: a square read from a list, 0 to
# 32).  An offset computed from one of them alone is split by its values
# (offset_cases): the cells of a store at a square's place each become "if
# the square is 5", not the place's arithmetic, which the solver would
# otherwise take apart once for every cell of the object.
DOMAINS = {}
DOMAIN_SHORT = False  # tests: the last of the values left out (squares as 0 to 31)


def finite_domain(x, vals):
    """x (a z3 constant) is one of vals on every path that names it."""
    vals = tuple(vals)
    DOMAINS[x.get_id()] = (x, vals[:-1] if DOMAIN_SHORT else vals)


def domain_var(X):
    """The one unknown X is computed from, if it is one of DOMAINS and X
    names no other; else None."""
    seen, todo, found = set(), [X], None
    while todo:
        e = todo.pop()
        i = e.get_id()
        if i in seen:
            continue
        seen.add(i)
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            if i not in DOMAINS or found is not None and found.get_id() != i:
                return None
            found = e
            continue
        todo.extend(e.children())
    return found


def offset_cases(X, cands):
    """(offset, condition) for each offset o of cands X may be: X == o; or,
    X computed from one unknown x of DOMAINS alone, "x is one of the values
    that make X o" (the same on every path, which holds x's fact)."""
    x = None if isinstance(X, int) else domain_var(X)
    if x is None:
        return [(o, X == o) for o in cands]
    by = {}
    for n in DOMAINS[x.get_id()][1]:
        o = z3.simplify(z3.substitute(X, (x, z3.BitVecVal(n, x.size()))))
        if not z3.is_bv_value(o):
            return [(o, X == o) for o in cands]
        by.setdefault(o.as_long(), []).append(n)
    return [(o, Or(*[x == n for n in by[o]])) for o in cands if o in by]


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


def lit(x):
    """1 if the z3 boolean x is the literal true, -1 if it is false, else 0:
    one call into z3 (z3.is_true and is_false build the term's declaration
    as a Python object each time, most of the executor's time in And)."""
    return z3.Z3_get_bool_value(x.ctx_ref(), x.as_ast())


def op_of(x):
    """The kind of the z3 term x's operator (z3.Z3_OP_NOT, ...), or None if
    it is no application: in a few calls into z3, where z3.is_not and the
    like build the declaration as a Python object."""
    ctx, a = x.ctx_ref(), x.as_ast()
    if z3.Z3_get_ast_kind(ctx, a) != z3.Z3_APP_AST:
        return None
    return z3.Z3_get_decl_kind(ctx, z3.Z3_get_app_decl(ctx, a))


def _connect(mk, xs):
    """z3's And or Or of the z3 booleans xs, built by one call into z3:
    z3.And and z3.Or check and coerce each argument's sort in Python first,
    which cost the executor more than the rest of its work on a branch."""
    ctx = xs[0].ctx
    arr = (z3.Ast * len(xs))()
    for k, x in enumerate(xs):
        if not isinstance(x, z3.BoolRef) or x.ctx is not ctx:
            return z3.And(*xs) if mk is z3.Z3_mk_and else z3.Or(*xs)  # z3's checks, and its error
        arr[k] = x.as_ast()
    return z3.BoolRef(mk(ctx.ref(), len(xs), arr), ctx)


def conc_bool(e):
    if isinstance(e, bool):
        return e
    v = lit(e)
    if v == 1:
        return True
    if v == -1:
        return False
    return e


def And(*xs):
    out = []
    for x in xs:
        if x is True:
            continue
        if x is False:
            return False
        v = lit(x)
        if v == -1:
            return False
        if v == 1:
            continue
        out.append(x)
    if not out:
        return True
    return out[0] if len(out) == 1 else _connect(z3.Z3_mk_and, out)


def Or(*xs):
    out = []
    for x in xs:
        if x is False:
            continue
        if x is True:
            return True
        v = lit(x)
        if v == 1:
            return True
        if v == -1:
            continue
        out.append(x)
    if not out:
        return False
    return out[0] if len(out) == 1 else _connect(z3.Z3_mk_or, out)


def Not(x):
    if isinstance(x, bool):
        return not x
    if op_of(x) == z3.Z3_OP_NOT:
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
                 'facts', 'status', 'ret', 'reads', 'frame', 'tag', 'skip', 'seeded', 'icount')

    def __init__(self, fn, frame):
        self.fn, self.frame = fn, frame
        self.block, self.idx, self.prev = fn.order[0] if fn else None, 0, None
        self.regs, self.mem, self.owned = {}, {}, set()
        self.pc, self.ubs, self.choices, self.facts = [], [], {}, {}
        self.steps, self.status, self.ret, self.reads, self.tag = 0, None, None, [], None
        self.skip = None  # a load the hook lets pass once
        self.seeded = False  # a callee's path that starts from its caller's (sym_calls.summarize)
        # machine instructions this path has executed (a bound where a loop
        # is cut or a call summarized: bound.py), each counted every time
        self.icount = 0

    def fork(self):
        s = State.__new__(State)
        s.fn, s.frame, s.block, s.idx, s.prev = self.fn, self.frame, self.block, self.idx, self.prev
        s.regs, s.mem, s.owned = dict(self.regs), dict(self.mem), set()
        self.owned = set()
        s.pc, s.ubs, s.choices, s.facts = list(self.pc), list(self.ubs), dict(self.choices), dict(self.facts)
        s.steps, s.status, s.ret, s.reads, s.tag = self.steps, None, None, list(self.reads), self.tag
        s.skip, s.seeded, s.icount = self.skip, self.seeded, self.icount
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


class Reads:
    """The list reads of one call's run (sym_calls.summarize), shared by all
    its paths: a square a path of the callee reads first is the same choice
    on every other path of it (lists.read), and its caller's path takes it
    over after the call, so f and its helpers read one list.  parent: the
    reads of the call this one is made in.  new: {place: (choice, its fact)}
    chosen in this run; used: whether the run's result depends on the
    path's reads at all (it read a list, or moved a pointer over squares)."""

    def __init__(self, parent):
        self.parent, self.new, self.used = parent, {}, False

    def find(self, k):
        r = self
        while r is not None:
            if k in r.new:
                return r.new[k]
            r = r.parent
        return None

    def known(self):
        """Every place chosen in this run and those it is made in."""
        out, r = {}, self
        while r is not None:
            for k, v in r.new.items():
                out.setdefault(k, v)
            r = r.parent
        return out


def learn(facts, cond, val):
    """Remember what a branch taken says about its condition's parts."""
    if isinstance(cond, bool):
        return
    facts[cond.get_id()] = val
    op = op_of(cond)
    if op == z3.Z3_OP_NOT:
        learn(facts, cond.arg(0), not val)
    elif val and op == z3.Z3_OP_AND or not val and op == z3.Z3_OP_OR:
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
        if op_of(e) == z3.Z3_OP_NOT:
            v = known(facts, e.arg(0))
            if isinstance(v, bool):
                return not v
        return e
    if op_of(e) == z3.Z3_OP_ITE:
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
    if depth and op_of(e) == z3.Z3_OP_ITE:
        a, b = ite_leaves(e.arg(1), depth - 1), ite_leaves(e.arg(2), depth - 1)
        if a is None or b is None:
            return None
        c = e.arg(0)
        return [(And(c, g), v) for g, v in a] + [(And(Not(c), g), v) for g, v in b]
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
