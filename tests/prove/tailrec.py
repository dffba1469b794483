"""tailrec.py - f's tail recursion, as LLVM's tailcallelim leaves it, turned
back into a call of f, which golf.py's SelfCalls then models.

clang -O2 turns a self-call whose result is or-ed into f's result,
`return acc | f(b, w, k, e)`, into a jump back to a header block right
after f's entry, with a phi for each argument that changes (the start) and
one for the accumulator (0 at entry, `acc | x` on the way back), and every
ret returning `acc | y`.  Run as it stands, f's list loops would run again
with the start a symbolic phi.  rewrite() puts the call back, on the
jump: `r = f(b, w, k', e); ret acc' | r`, where k' and acc' are the phis'
values on that edge.  It is the same function when these hold (each
checked; anything else is left as it is, and runs, or is refused, as
before):
- f's entry block is only `br label %H`; H's phis are each either a
  parameter of f (its value at entry; the parameter used nowhere else) or
  the accumulator (the constant 0 at entry), at most one of it; every
  other predecessor of H ends in `br label %H` (a back edge).
- f stores nothing, allocates nothing and calls nothing but f (its state
  at H is its phis and parameters, and the lists it reads are unchanged).
- The accumulator is used only by `or`s (no flags) whose results are used
  only by a ret or as the accumulator's value on a back edge; every ret of
  f returns one of them.  So the rest of f's run from H with accumulator a
  and start k returns `a | g(k)` with g independent of a (by induction on
  the back edges taken, `or` being associative), and g(k) is what f
  returns from its entry (a = 0, or's identity): a back edge with
  accumulator a' and start k' returns `a' | f(b, w, k', e)`.
Poison and attributes: `a' | x` is poison exactly where the loop's result
is; f's return attributes (range, noundef) then apply to the inner call's
result too, which can only add conditions the proof must rule out (for an
or, a result out of range(0, 2) stays out after or-ing bits in)."""
import ir

# intrinsics with no memory effect that f may call beside itself
PURE = ('@llvm.ctpop.', '@llvm.ctlz.', '@llvm.cttz.', '@llvm.umin.', '@llvm.umax.', '@llvm.smin.', '@llvm.smax.',
        '@llvm.abs.', '@llvm.fshl.', '@llvm.fshr.', '@llvm.bswap.', '@llvm.bitreverse.', '@llvm.assume',
        '@llvm.expect.')
OK_OPS = ir.BINOPS | ir.CASTS | {'icmp', 'select', 'phi', 'br', 'switch', 'ret', 'load', 'getelementptr',
                                 'call', 'unreachable', 'freeze'}
DROP_ACC = False  # prove.py --plant tailrec-no-acc (tests only): the call's result alone is returned


def _text(v):
    if v[0] == 'local':
        return v[1]
    if v[0] == 'int':
        return str(v[1])
    return None


def rewrite(fn):
    """Turns f's back edges to its header into self-calls where the checks
    above hold: the number of edges rewritten (0: f left as it is)."""
    if fn.error or fn.ret_ty != ('int', 32) or len(fn.params) != 4 or not fn.order:
        return 0
    entry = fn.blocks[fn.order[0]]
    if len(entry.insts) != 1 or entry.insts[0].op != 'br' or len(entry.insts[0].args) != 1:
        return 0
    hname = entry.insts[0].args[0]
    head = fn.blocks.get(hname)
    if head is None or hname == fn.order[0]:
        return 0
    params = [p[0] for p in fn.params]
    uses = {}  # name -> [(block, inst)]
    for bname in fn.order:
        for inst in fn.blocks[bname].insts:
            if inst.op not in OK_OPS or inst.op == 'call' and inst.extra != fn.name and \
                    not str(inst.extra).startswith(PURE):
                return 0  # a store, alloca, other call: f's state at H is more than its phis
            for n in ir.operand_names(inst):
                uses.setdefault(n, []).append((bname, inst))
    backs = [b for b in fn.order if b != fn.order[0] and hname in ir.successors(fn.blocks[b])]
    if not backs:
        return 0
    for b in backs:
        t = fn.blocks[b].insts[-1]
        if t.op != 'br' or len(t.args) != 1:
            return 0
    arg_phi, acc = {}, None
    for phi in head.phis:
        ins = dict(phi.args)
        if set(ins) != {fn.order[0]} | set(backs) or len(ins) != len(phi.args):
            return 0
        v0 = ins[fn.order[0]]
        if v0[0] == 'local' and v0[1] in params and v0[1] not in arg_phi:
            p = v0[1]
            if [u for _, u in uses.get(p, [])] != [phi]:
                return 0  # the parameter read elsewhere: its first value, not the phi's
            arg_phi[p] = phi
        elif v0 == ('int', 0) and acc is None and phi.ty == ('int', 32):
            acc = phi
        else:
            return 0
    if acc is None:
        return 0
    ors = set()
    for _, u in uses.get(acc.dest, []):
        if u is acc:
            continue  # acc unchanged on a back edge
        if u.op != 'or' or u.flags or u.ty != ('int', 32):
            return 0
        ors.add(u.dest)
    for o in ors:
        for _, u in uses.get(o, []):
            if u.op == 'ret':
                continue
            if u is not acc:
                return 0
    for bname in fn.order:
        for inst in fn.blocks[bname].insts:
            if inst.op == 'ret' and (not inst.args or inst.args[0][0] != 'local' or inst.args[0][1] not in ors):
                return 0
    for b in backs:
        v = dict(acc.args)[b]
        if v[0] != 'local' or v[1] not in ors and v[1] != acc.dest:
            return 0
    n = 0
    for b in backs:
        blk = fn.blocks[b]
        t = blk.insts[-1]
        args = []
        for p, ty in zip(params, ('ptr', 'ptr', 'i32', 'i32')):
            v = _text(dict(arg_phi[p].args)[b]) if p in arg_phi else p
            if v is None:
                return n
            args.append('%s %s' % (ty, v))
        a = _text(dict(acc.args)[b])
        call = '%%tailrec.%d = call i32 %s(%s)' % (n, fn.name, ', '.join(args))
        res = '%%tailrec.%d.or = or i32 %s, %%tailrec.%d' % (n, a if not DROP_ACC else '0', n)
        new = [ir.parse_inst(call, t.line), ir.parse_inst(res, t.line), ir.parse_inst('ret i32 %%tailrec.%d.or' % n, t.line)]
        if any(i.op == 'unparsed' for i in new):
            raise ir.Refused('%s: the tail recursion\'s call cannot be written back (%s)'
                             % (t.where(), [i.extra for i in new if i.op == 'unparsed']))
        for i in new:
            i.text = '%s (the back edge to %s, tail recursion, as a call)' % (i.text, hname)
        blk.insts[-1:] = new
        n += 1
    for phi in head.phis:
        phi.args = [(lab, v) for lab, v in phi.args if lab not in backs]
    fn._loops = None
    fn._live = None
    return n
