"""zeval.py - z3 terms compiled to Python functions, for evaluating the
proof's formulas on many concrete inputs (make prove-check).

This is deliberately a second, separate implementation of the bit-vector
operations: a fault in how sym.py writes an IR instruction as a z3 term shows
up as a disagreement with the compiled program, not hidden by z3 agreeing with
itself."""
import z3

K = z3


def compile_terms(terms, names, defs=()):
    """A function of the named 32-bit variables returning each term's value
    (ints for bit-vectors, bools for Booleans); defs: [(name, term)], the
    proof's named terms, each evaluated as its definition."""
    definition = {v.get_id(): e for v, e in defs}

    def children(e):
        d = definition.get(e.get_id())
        return [d] if d is not None else e.children()
    lines, ids = [], {}
    order = []
    seen = set()
    stack = [(t, False) for t in reversed(terms)]
    while stack:
        e, done = stack.pop()
        i = e.get_id()
        if done:
            if i not in ids:
                order.append(e)
                ids[i] = 'v%d' % len(ids)
            continue
        if i in seen:
            continue
        seen.add(i)
        stack.append((e, True))
        for c in reversed(children(e)):
            if c.get_id() not in seen:
                stack.append((c, False))
    for e in order:
        d = definition.get(e.get_id())
        code = ids[d.get_id()] if d is not None else expr_code(e, ids, names)
        lines.append('    %s = %s' % (ids[e.get_id()], code))
    body = '\n'.join(lines)
    src = 'def _f(%s):\n%s\n    return (%s,)\n' % (', '.join(names), body or '    pass',
                                                     ', '.join(ids[t.get_id()] for t in terms))
    env = {'sx': sx, 'udiv': udiv, 'urem': urem, 'sdiv': sdiv, 'srem': srem, 'smod': smod,
           'shl': shl, 'lshr': lshr, 'ashr': ashr}
    exec(compile(src, '<formula>', 'exec'), env)
    return env['_f']


def sx(x, w):
    return x - (1 << w) if x >> (w - 1) & 1 else x


# z3's semantics, division by zero included (x / 0 = all ones, x % 0 = x).
def udiv(a, b, m):
    return m if b == 0 else a // b


def urem(a, b):
    return a if b == 0 else a % b


def sdiv(a, b, w):
    m = (1 << w) - 1
    x, y = sx(a, w), sx(b, w)
    if y == 0:
        return 1 if x < 0 else m
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    return q & m


def srem(a, b, w):
    m = (1 << w) - 1
    x, y = sx(a, w), sx(b, w)
    if y == 0:
        return a
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    return (x - q * y) & m


def smod(a, b, w):
    m = (1 << w) - 1
    x, y = sx(a, w), sx(b, w)
    if y == 0:
        return a
    r = x - (x // y) * y  # Python's floor division: the sign follows the divisor
    return r & m


def shl(a, b, w):
    return 0 if b >= w else (a << b) & ((1 << w) - 1)


def lshr(a, b, w):
    return 0 if b >= w else a >> b


def ashr(a, b, w):
    return (sx(a, w) >> min(b, w - 1)) & ((1 << w) - 1)


def expr_code(e, ids, names):
    if z3.is_bv_value(e):
        return str(e.as_long())
    if z3.is_true(e):
        return 'True'
    if z3.is_false(e):
        return 'False'
    k = e.decl().kind()
    if k == z3.Z3_OP_UNINTERPRETED and e.num_args() == 0:
        n = e.decl().name()
        if n not in names:
            raise ValueError('a free variable %s in the formula' % n)
        return n
    a = [ids[c.get_id()] for c in e.children()]
    w = e.size() if z3.is_bv(e) else None
    m = (1 << w) - 1 if w else None
    cw = e.arg(0).size() if e.num_args() and z3.is_bv(e.arg(0)) else None
    if k == z3.Z3_OP_BADD:
        return '(%s) & %d' % (' + '.join(a), m)
    if k == z3.Z3_OP_BSUB:
        return '(%s) & %d' % (' - '.join(a), m)
    if k == z3.Z3_OP_BMUL:
        return '(%s) & %d' % (' * '.join(a), m)
    if k == z3.Z3_OP_BNEG:
        return '(-%s) & %d' % (a[0], m)
    if k == z3.Z3_OP_BAND:
        return ' & '.join(a)
    if k == z3.Z3_OP_BOR:
        return ' | '.join(a)
    if k == z3.Z3_OP_BXOR:
        return ' ^ '.join(a)
    if k == z3.Z3_OP_BNOT:
        return '~%s & %d' % (a[0], m)
    if k == z3.Z3_OP_BSHL:
        return 'shl(%s, %s, %d)' % (a[0], a[1], w)
    if k == z3.Z3_OP_BLSHR:
        return 'lshr(%s, %s, %d)' % (a[0], a[1], w)
    if k == z3.Z3_OP_BASHR:
        return 'ashr(%s, %s, %d)' % (a[0], a[1], w)
    if k in (z3.Z3_OP_BUDIV, z3.Z3_OP_BUDIV_I):
        return 'udiv(%s, %s, %d)' % (a[0], a[1], m)
    if k in (z3.Z3_OP_BUREM, z3.Z3_OP_BUREM_I):
        return 'urem(%s, %s)' % (a[0], a[1])
    if k in (z3.Z3_OP_BSDIV, z3.Z3_OP_BSDIV_I):
        return 'sdiv(%s, %s, %d)' % (a[0], a[1], w)
    if k in (z3.Z3_OP_BSREM, z3.Z3_OP_BSREM_I):
        return 'srem(%s, %s, %d)' % (a[0], a[1], w)
    if k in (z3.Z3_OP_BSMOD, z3.Z3_OP_BSMOD_I):
        return 'smod(%s, %s, %d)' % (a[0], a[1], w)
    if k == z3.Z3_OP_CONCAT:
        out, shift = [], 0
        for c, name in reversed(list(zip(e.children(), a))):
            out.append('(%s << %d)' % (name, shift) if shift else name)
            shift += c.size()
        return ' | '.join(out)
    if k == z3.Z3_OP_EXTRACT:
        hi, lo = e.params()
        return '(%s >> %d) & %d' % (a[0], lo, (1 << (hi - lo + 1)) - 1)
    if k == z3.Z3_OP_ZERO_EXT:
        return a[0]
    if k == z3.Z3_OP_SIGN_EXT:
        return 'sx(%s, %d) & %d' % (a[0], cw, m)
    if k == z3.Z3_OP_ITE:
        return '(%s if %s else %s)' % (a[1], a[0], a[2])
    if k == z3.Z3_OP_EQ:
        return '%s == %s' % (a[0], a[1])
    if k == z3.Z3_OP_DISTINCT:
        return 'len({%s}) == %d' % (', '.join(a), len(a))
    if k == z3.Z3_OP_NOT:
        return 'not %s' % a[0]
    if k == z3.Z3_OP_AND:
        return '(%s)' % ' and '.join(a)
    if k == z3.Z3_OP_OR:
        return '(%s)' % ' or '.join(a)
    if k == z3.Z3_OP_XOR:
        return '(%s) != (%s)' % (a[0], a[1])
    if k == z3.Z3_OP_IMPLIES:
        return '(not %s or %s)' % (a[0], a[1])
    if k == z3.Z3_OP_ULT:
        return '%s < %s' % (a[0], a[1])
    if k == z3.Z3_OP_ULEQ:
        return '%s <= %s' % (a[0], a[1])
    if k == z3.Z3_OP_UGT:
        return '%s > %s' % (a[0], a[1])
    if k == z3.Z3_OP_UGEQ:
        return '%s >= %s' % (a[0], a[1])
    if k in (z3.Z3_OP_SLT, z3.Z3_OP_SLEQ, z3.Z3_OP_SGT, z3.Z3_OP_SGEQ):
        op = {z3.Z3_OP_SLT: '<', z3.Z3_OP_SLEQ: '<=', z3.Z3_OP_SGT: '>', z3.Z3_OP_SGEQ: '>='}[k]
        return 'sx(%s, %d) %s sx(%s, %d)' % (a[0], cw, op, a[1], cw)
    if k == z3.Z3_OP_BCOMP:
        return '(1 if %s == %s else 0)' % (a[0], a[1])
    raise ValueError('z3 operation %s is not evaluated here' % e.decl().name())
