"""formset.py - the registry of instruction forms the x86 lifter accepts.

A form is what decides an instruction's meaning beyond its operands'
values: the mnemonic, each operand's kind and size (r8..r64, m8..m64 with
or without an index, an immediate, cl as a shift count, r8h for ah, ch,
dh, bh) and the legacy
prefix bytes (0x66 operand size, 0x67 address size, segment, rep, lock).
key() names a form; x86.py refuses an instruction whose form is not in the
registry, forms.tsv, and forms.tsv holds only forms checks/forms.py tested
on the processor (it writes the file with --write)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REGISTRY = os.path.join(HERE, 'forms.tsv')

LEGACY = {0x66: '66', 0x67: '67', 0xf0: 'f0', 0xf2: 'f2', 0xf3: 'f3', 0x2e: '2e', 0x36: '36', 0x3e: '3e',
          0x26: '26', 0x64: '64', 0x65: '65'}
SHIFTS = ('shl', 'sal', 'shr', 'sar', 'rol', 'ror')
HIGH8 = ('ah', 'ch', 'dh', 'bh')  # bits 8-15 of rax, rcx, rdx, rbx: a form of their own (r8h)


def key(i):
    """The form of capstone instruction i."""
    from capstone import x86 as cx
    pre = []
    for byte in i.bytes:
        if byte not in LEGACY:
            break
        pre.append(LEGACY[byte])
    ops = []
    for n, op in enumerate(i.operands):
        if op.type == cx.X86_OP_REG:
            name = i.reg_name(op.reg)
            ops.append('cl' if i.mnemonic in SHIFTS and n == 1 else 'r8h' if name in HIGH8 else 'r%d' % (op.size * 8))
        elif op.type == cx.X86_OP_IMM:
            ops.append('i')
        elif op.type == cx.X86_OP_MEM:
            # an index with no base register (lea ecx, [rax*8]) is a form of its own
            ops.append('m%d%s%s' % (op.size * 8, '+x' if op.mem.index else '',
                                    '/nobase' if op.mem.index and not op.mem.base else ''))
        else:
            ops.append('?')
    k = i.mnemonic + (' ' + ','.join(ops) if ops else '')
    return k + (' [%s]' % ' '.join(pre) if pre else '')


_registry = None


def registry():
    """The tested forms: {key: (cases, inputs)}."""
    global _registry
    if _registry is None:
        _registry = {}
        with open(REGISTRY) as fh:
            for line in fh:
                if line.startswith('#') or not line.strip():
                    continue
                k, cases, inputs = line.rstrip('\n').split('\t')
                _registry[k] = (int(cases), int(inputs))
    return _registry


def tested(i, use=None):
    """Whether the form of instruction i, used as use says (a meaning
    beyond the instruction's own: 'tail call', 'list pointer in a stack
    slot'), has a test."""
    return key(i) + (' (%s)' % use if use else '') in registry()
