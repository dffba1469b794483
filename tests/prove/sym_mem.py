"""sym_mem.py - the executor's memory: allocas, getelementptr, loads and
stores byte by byte, the golf's list pointers handed to golf.py's hooks, and
each access checked against its object's bounds and the function's memory()
attribute (a part of sym.Exec)."""
import z3

from ir import (I1, I8, I32, PTR, Refused)
from values import (And, Ite, MemObj, Not, Or, Ptr, PtrIte, V, bv, byte_of, conc_bv, copy_poison,
    field_offsets, in_ranges, is_conc, ite_value, key, mask, mul_const, offset_cases, parse_range_meta,
    poison_of, resolve, signed, size_of, store_size)


STORE_WHOLE = False  # tests: a store at a computed place reads and writes each place whole (store_case)


class Memory:
    """A part of sym.Exec (see sym.py): self is the executor."""

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

    def list_known(self, st, pt, j):
        """The path read every element before j past pt's position."""
        if self.call_reads is not None:
            self.call_reads.used = True  # a helper's summary depends on the path's reads
        return all((pt.obj, key(pt.K), i) in st.choices for i in range(j - 1))

    def list_past_end(self, st, pt, j, where):
        """A list pointer j elements past its position: past the end if any of
        the j - 1 elements before it is the terminator."""
        conds = []
        if self.call_reads is not None:
            self.call_reads.used = True
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
                inside = Or(*[eq for o, eq in offset_cases(off, range(0, obj.size - size + 1, step))])
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
                for o, eq in offset_cases(off, range(0, obj.size - size + 1, align or 1)):
                    vo = self.read_cells(st.mem[obj], o, rty, where)
                    v = vo if v is None else ite_value(eq, vo, v)
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
            cases = [(off, True)] if isinstance(off, int) else \
                offset_cases(off, range(0, obj.size - size + 1, align or 1))
            for o, eq in cases:
                cond = And(c, eq)
                if cond is False:
                    continue
                self.store_case(cells, o, cond, v, rty, size, where)

    def stack_access(self, st, inst, name):
        """The lifter's access to its stack at a computed offset (x86.py: a
        local array indexed by a number): @x86.stack.load.iN(ptr, off, lo,
        hi) and @x86.stack.store.iN(ptr, off, lo, hi, value).  The access
        must lie inside the bytes [lo, hi) (a run of the frame that holds no
        pointer or saved register, which x86.py's own tags do not follow
        into IR memory): outside, or at a poison offset, it is undefined
        behaviour, so the proof must show it never happens.  Only the
        offsets inside are read or written."""
        where = inst.where()
        args = [self.operand(st, t, v) for t, v, a in inst.args]
        base, off, lo, hi = args[:4]
        if name == '@x86.stack.aligned':
            # an aligned move's offset (x86.check_aligned): at, mod n, where
            # the stack's addresses are multiples of n; else the processor faults
            self.need_defined(st, off, where, 'the address')
            at, n = lo.v, hi.v
            X = off.v
            bad = (X - at) % n != 0 if isinstance(X, int) else z3.URem(X - at, n) != 0
            st.ub(bad, where + ' (an aligned move at a place that is not a multiple of %d: the processor faults)' % n)
            return None
        store = '.store.' in name
        ty = inst.args[4][0] if store else inst.ty
        rty = resolve(st.fn.module, ty)
        size = store_size(st.fn.module, rty)
        lo, hi = lo.v, hi.v
        if not isinstance(base.v, Ptr) or base.v.off != 0 or base.v.obj.kind != 'alloca' or \
                not 0 <= lo <= hi - size or hi > base.v.obj.size or not isinstance(lo, int) or not isinstance(hi, int):
            raise Refused('%s: a stack access the lifter did not write' % where)
        obj = base.v.obj
        self.need_defined(st, off, where, 'the address')
        X = off.v
        if isinstance(X, int):
            if not lo <= X <= hi - size:
                st.ub(True, where + ' (outside the local array)')
                return None if store else poison_of(rty)
            cands = [(X, True)]
        else:
            st.ub(z3.Or(z3.ULT(X, lo), z3.UGT(X, hi - size)), where + ' (outside the local array)')
            cands = offset_cases(X, range(lo, hi - size + 1))
        if not store:
            v = None
            for o, eq in cands:
                vo = self.read_cells(st.mem[obj], o, rty, where)
                v = vo if v is None else ite_value(eq, vo, v)
            return poison_of(rty) if v is None else v
        v = args[4]
        cells = st.cells(obj)
        for o, eq in cands:
            self.store_case(cells, o, True if len(cands) == 1 else eq, v, rty, size, where)
        return None

    def store_case(self, cells, o, eq, v, rty, size, where):
        """The size bytes at o are v where eq holds, else what they were.
        Unless they hold one whole value, byte by byte: bytes never written
        stay unwritten where the store misses them, and the written bytes
        beside them keep their values.  Read whole, one unwritten byte made
        the old value poison, and the store left all its bytes poison
        wherever it missed (a store at a computed place over a frame's run
        with gaps between its locals, gcc-16 -O0's: its induction step
        failed on a local beside a gap)."""
        if eq is True:
            for k in range(size):
                cells[o + k] = (v, k)
            return
        old = [cells[o + k] for k in range(size)]
        whole = old[0] is not None and old[0][1] == 0 and old[0][0].size() == size and \
            all(c is not None and c[0] is old[0][0] and c[1] == k for k, c in enumerate(old))
        if not whole and not STORE_WHOLE and v.k in ('i', 'b') and all(c is None or c[0].k in ('i', 'b') for c in old):
            for k in range(size):
                ob = poison_of(I8) if old[k] is None else byte_of(old[k][0], old[k][1], where)
                cells[o + k] = (ite_value(eq, byte_of(v, k, where), ob), 0)
            return
        nv = ite_value(eq, v, self.read_cells(cells, o, rty, where))
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
