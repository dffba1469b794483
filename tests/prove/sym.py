"""sym.py - symbolic execution of LLVM IR into z3 bit-vectors.

Values are concrete Python numbers where they can be and z3 terms where they
must, each with its poison condition.  Memory is a set of objects with
concrete bases, held byte by byte (each byte remembers the value it belongs
to, so whole values come back as they went in).  A call runs every path of
the callee and merges them at its return: the result, the memory it wrote
and its undefined behaviour, each an if-then-else over the paths' conditions.
Summaries are memoized on the arguments and the memory they see, and a
callee's that read a list on the squares its caller's path had read.

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
import z3

from ir import (I1, PTR, Refused)
from values import (And, BINOPS_ALL, MemObj, Not, OK_FLAGS, Or, OverBudget, Ptr, V, align_of,
    conc_bool, field_offsets, fresh_id, known, mask, poison_of, resolve, size_of)
from sym_ops import Ops
from sym_mem import Memory
from sym_calls import Calling

# Planted (tests only): a mutable global starts as its initializer, as on a
# program's first call only, not as whatever earlier calls left
GLOBALS_INITIAL = False

# ==================== The executor ====================

class Exec(Ops, Memory, Calling):
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
        self.deep_calls = None  # from this depth of calls on, a callee starts from its caller's path (sym_calls.call)
        self.on_block = None  # hook(state) at each block entry: None to go on, or a tag to stop
        self.prune = None  # hook(state, cond) -> (may_true, may_false)
        # hook(state, V) -> the number a symbolic argument must be on this path
        # (the hook proves it), or None.  A call's arguments made numbers let
        # the callee's branches on them resolve, so a recursion bottoms out.
        self.settle = None
        # hook(callee) -> whether the call hook settles what it needs of
        # the callee's arguments itself (golf.py: f calling itself settles
        # its start and keys its runs on the end as a term): then they are
        # not settled first, a solver's question or two an argument
        self.settles_own = None
        self.list_read = None  # hook(state, ptr, where) -> V, for the golf's lists
        self.call_reads = None  # the list reads of the call being run (values.Reads), or None in f's own run
        self.explore_call = None  # hook(state) -> final states: a callee's paths run (golf.py: its list loops cut)
        # hook(state, ptr, bytes) -> the Ptr a list pointer moved by bytes (a
        # 64-bit term) is, written at a place of the list the path knows, or
        # None; the hook proves the two addresses equal (golf.py: an index
        # into a list, b[i])
        self.list_index = None
        self.load_stop = None  # hook(state, inst) before a load or a call: None to go on, or a tag to stop
        self.budget = None  # instructions left to this exploration (all calls included), or None
        # hook(state, callee, args, where) -> None to run the callee here, or
        # (its result,) when the hook models the call itself (golf.py: f
        # calling itself)
        self.call_hook = None
        self.canary = None  # the canary's value for a concrete run (sym_calls.CANARY, unknown, if None)

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
            if g['const'] or GLOBALS_INITIAL:
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
        at a block entry, or load_stop(state, inst) before a load or a call) or ends in
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
            if (inst.op == 'load' or inst.op == 'call') and self.load_stop is not None:
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
