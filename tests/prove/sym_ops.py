"""sym_ops.py - the executor's arithmetic: binary operations with their
poison flags, comparisons, select, freeze, casts and aggregates (a part of
sym.Exec; values.py has the values they work on)."""
import z3

from ir import (I1, PTR, Refused)
from values import (And, Ite, Not, Or, PtrIte, V, boolean, bv, cmp_lift, conc_bool, conc_bv,
    copy_poison, divide, fresh_id, icmp, is_conc, ite_value, known, mask, mul_const, resolve, same,
    signed)


class Ops:
    """A part of sym.Exec (see sym.py): self is the executor."""

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
