"""sym_calls.py - the executor's calls: a callee run on every path and
summarised (memoized on its arguments and the memory it sees, and on the
list squares its caller read if it reads a list: its reads are its
caller's), call-site and parameter attributes checked, and the intrinsics
it models (a part of sym.Exec)."""
import z3

# Planted (tests only): a helper reads its own squares, not its caller's
# (READS_APART); its caller does not take over the squares it chose
# (READS_DROPPED); a summary is shared whatever squares the path has read
# (READS_UNKEYED)
READS_APART = READS_DROPPED = READS_UNKEYED = False

# The stack protector's canary (x86.py), any 64-bit number: one constant
CANARY = z3.BitVec('x86.canary', 64)

import bound
from ir import (Refused, VOID)
from values import (And, CALLSITE_ATTRS, MemObj, Not, Or, Ptr, PtrIte, State, V, bv, check_attrs,
    check_fn_attrs, conc_bool, conc_bv, copy_poison, icmp, in_ranges, ite_value, known,
    merge_cells, parse_memory, parse_range_attr, Reads, sum_bits, value_key)


def reads_key(seen):
    """A memo key of the squares a path has read: place and choice (a term by its id)."""
    if READS_UNKEYED:
        return ()
    return frozenset(((id(k[0]), k[1], k[2]), x if isinstance(x, int) else ('z', x.get_id()))
                     for k, x in seen.items())


class Calling:
    """A part of sym.Exec (see sym.py): self is the executor."""

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
        if name.startswith('@x86.stack.') and getattr(mod, 'lifted', False):
            return self.stack_access(st, inst, name)
        if name in ('@x86.canary', '@x86.stack_chk_fail') and getattr(mod, 'lifted', False):
            return self.stack_protector(st, inst, name)
        if name == '@x86.count' and getattr(mod, 'lifted', False):
            st.icount += self.operand(st, inst.args[0][0], inst.args[0][1]).v  # bound.py
            return None
        callee = self.find_function(mod, name)
        if callee is None:
            raise Refused('%s: %s has no definition to run (external functions are not modelled)'
                          % (inst.where(), name))
        if callee.error:
            raise Refused(callee.error)
        args = []
        settle = self.settle if self.settles_own is None or not self.settles_own(callee) else None
        for t, v, attrs in inst.args:
            a = self.operand(st, t, v)
            if a.k == 'i' and not isinstance(a.v, int) and st.facts:
                # what the path's branches settle (a landing known not to be 0)
                r = conc_bv(known(st.facts, a.v))
                if r is not a.v:
                    a = V('i', r, a.w, a.p)
            if a.k == 'i' and not isinstance(a.v, int) and settle is not None:
                r = settle(st, a)
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
        # Deep in a recursion, the callee's paths are pruned under the
        # caller's path (a recursion on a whole mask, like a tail-recursive
        # helper at -O0, ends only where the path rules its condition out):
        # its summary then holds only under that path, and is kept for it.
        seed = st.pc if self.deep_calls is not None and len(self.stack) + 1 >= self.deep_calls else None
        key = (id(callee), tuple(value_key(a) for a in args), tuple(sorted((o.serial, id(c)) for o, c in st.mem.items())),
               None if seed is None else tuple(c.get_id() if not isinstance(c, bool) else c for c in seed))
        hit = self.memo.get(key)
        # A callee that read a list (values.Reads) is summarized again for
        # each set of squares its caller's path has read: its summary names them.
        seen = None
        if isinstance(hit, dict):
            seen = self.seen_reads(st)
            hit = hit.get(reads_key(seen))
        if hit is None:
            hit = self.summarize(callee, args, st.mem, seed, st.facts if seed is not None else None, st.choices)
            keep = hit + (args, dict(st.mem), list(seed or ()))
            if hit[4] is None:
                self.memo[key] = keep
            else:
                seen = seen if seen is not None else self.seen_reads(st)
                self.memo.setdefault(key, {})[reads_key(seen)] = keep + (seen,)
        elif bound.COUNT_ONCE:
            hit = hit[:3] + (0,) + hit[4:5]  # planted (tests only): a call made again costs nothing
        if hit[4] is not None:
            self.take_reads(st, hit[4])
        ret, writes, ub = hit[0], hit[1], hit[2]
        # this call's time: the most any path of the callee takes, every
        # time the call is made, however its summary is shared (bound.py)
        st.icount += hit[3]
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

    def seen_reads(self, st):
        """The squares st's path has read, and those the runs of the calls
        it is in have chosen: what a callee's reads start from."""
        seen = self.call_reads.known() if self.call_reads is not None else {}
        seen = {k: v[0] for k, v in seen.items()}
        seen.update(st.choices)
        return seen

    def take_reads(self, st, new):
        """After a call whose callee read a list: its caller's path has read
        the squares the callee chose (each with its fact), and so has the run
        of the call the caller is in."""
        outer = self.call_reads
        if outer is not None:
            outer.used = True
        if READS_DROPPED:
            return
        for k, (x, fact) in new:
            if k in st.choices:
                continue
            st.choices[k] = x
            st.assume(fact)
            if outer is not None and outer.find(k) is None:
                outer.new[k] = (x, fact)

    def summarize(self, fn, args, mem, seed=None, facts=None, choices=None):
        """All paths of fn on args, merged: (return V, {obj: cells} written,
        [(cond, where)] UB, the most instructions, the list squares it chose
        [(place, (choice, fact))] or None if it read no list).  seed: the
        caller's path condition, for the callee's paths to start from (they
        are then pruned as f's own are: prune).  choices: the squares the
        caller's path has read, which the callee reads as the same."""
        self.stack.append(fn)
        saved = self.call_reads
        reads = self.call_reads = Reads(saved if not READS_APART else None)
        try:
            frame = self.frame_for(fn, args)
            st = State(fn, frame)
            if seed is not None:
                st.pc, st.facts, st.seeded = list(seed), dict(facts or {}), True
            st.choices = dict(choices or {}) if not READS_APART else {}
            st.mem = dict(mem)
            for (pname, t, attrs), a in zip(fn.params, args):
                st.regs[pname] = a
            finals = self.explore([st]) if self.explore_call is None else self.explore_call(st)
        finally:
            self.stack.pop()
            self.call_reads = saved
        outs = [s for s in finals if s.status == 'ret']
        count = bound.most(finals)
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
        return ret, writes, ub or False, count, tuple(reads.new.items()) if reads.used else None

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

    # ---------- the stack protector (x86.py) ----------

    def stack_protector(self, st, inst, name):
        """The lifter's canary and its failure.  @x86.canary(): the quadword
        at fs:0x28, one unknown number for the whole run (the same z3
        constant at every read, in every function and every self-call's run;
        self.canary, a number, for a concrete run).  @x86.stack_chk_fail():
        the protector found its canary changed: the program aborts with no
        answer, undefined behaviour for the proof."""
        if name == '@x86.canary':
            return V('i', CANARY if self.canary is None else self.canary, 64)
        at = self.operand(st, inst.args[0][0], inst.args[0][1]).v
        st.ub(True, 'f+0x%x: call __stack_chk_fail: the stack protector\'s canary changed, the program aborts '
                    '("stack smashing detected") with no answer' % at)
        return None

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
