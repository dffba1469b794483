"""lift.py - gcc's object as the IR the executor runs: f lifted
(x86.py: one function's instructions, each a few IR instructions) and each
function of the candidate it calls (calls.py: the calls between them), once
per kinds of its arguments, as one module's text.  load_module() is what a
build's proof reads: clang's IR (.ll) parsed, or gcc's object (.o) lifted.
`lift.py OBJECT` prints the lifted text."""
from ir import Refused, parse_module
import calls
import x86


def lift_all(obj, path):
    """f and every function it calls, lifted; again while a call assumed
    more bits of its callee's result than the callee's rets leave known
    (calls.py: ret_bits, each time narrower, so it ends), or passed fewer of
    its caller's stack slots than the callee's code reaches (x86.MoreSlots:
    each time more, at most x86.MAX_SLOTS, so it ends)."""
    bits, slots = {}, {}
    while True:
        fns = calls.Calls(obj)
        fns.ret_bits, fns.slots = dict(bits), dict(slots)
        try:
            text = lift_once(obj, path, fns)
        except x86.MoreSlots:
            slots.update(fns.need_slots)
            continue
        got = {key: fns.got_bits[name] for key, name in fns.want.items()}
        if all(got[key] >= fns.ret_bits[key] for key in got):
            return text
        bits = {key: min(fns.ret_bits[key], got[key]) for key in got}


def lift_once(obj, path, fns):
    code = obj['code']

    def insns_of(start, label):
        name, size = fns.funcs[start]
        insns = x86.disassemble(code[start:start + size], start)
        if not insns:
            raise Refused('%s: %s is empty' % (path, label))
        return insns
    fa, fsize = obj['f']
    insns = insns_of(fa, 'f')
    texts = [x86.Lifter(insns, fns).lift()]
    x86.check_relocs(obj, fa, fsize, 'f', fns.sites, fns.data_refs)
    done = set()
    while True:
        todo = [k for k in fns.want if k not in done]
        if not todo:
            break
        for key in todo:
            done.add(key)
            start, sig = key
            fname = fns.funcs[start][0]
            insns = insns_of(start, fname)
            texts.append(x86.Lifter(insns, fns, sig, fns.want[key]).lift())
            x86.check_relocs(obj, start, fns.funcs[start][1], fname, fns.sites, fns.data_refs)
    for (start, sig), fname in fns.want.items():
        if fname in fns.needs_aligned and start in fns.misaligned:
            raise Refused('%s: %s makes an aligned access to its stack, and a call enters it with the stack '
                          'not 16-byte aligned' % (path, fns.funcs[start][0]))
    return '\n'.join(texts + [obj['rodata'].definitions()])


def lift_object(path):
    """f lifted, and each function of the candidate it calls (calls.py),
    once per kinds of its arguments: one module's text."""
    obj = x86.read_f(path)
    return lift_all(obj, path)


def module_text(path):
    """The text a build's proof reads, all of it: clang's IR (.ll) as it
    is, or gcc's object (.o) lifted here."""
    if path.endswith('.o'):
        return lift_object(path)
    with open(path, encoding='utf-8', errors='surrogateescape') as fh:
        return fh.read()


def load_module(path, text=None):
    """The module prove reads for a build (text: its module_text, if read
    already)."""
    mod = parse_module(path, module_text(path) if text is None else text)
    if path.endswith('.o'):
        mod.lifted = True  # its own functions (@x86.*, sym_calls.py and sym_mem.py) are called only here
    return mod


if __name__ == '__main__':
    import sys
    sys.stdout.write(lift_object(sys.argv[1]))
