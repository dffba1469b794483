"""footer.py - the site's program: the footer still means what it says.

Attempt This Online compiles one file, the golf, a line feed and the
post's footer (golf/post/footer.c), so the golf's text comes before the
footer's: a macro (`#define f g`), a declaration (a static printf) or an
open construct in the golf could change what the footer calls.  The proof
is of f; the footer's call must reach that f and nothing else may change.

Shown on the site's object (each site build's, the one its program links)
against the footer compiled alone by the same compiler and flags:
- every function and object the footer defines (main, cases) has the same
  bytes, and the same relocations at the same places to the same targets
  (a named symbol by its name; a section's bytes by what they hold);
- what the footer alone leaves to others (f, printf) is left the same
  way: f is the site object's global function f (the one proved), and
  every other name stays undefined (the C library's, not the candidate's);
- everything else in the object is the candidate's, as allow.py allows
  for a golf's object: f, its static functions and its own data.
And on the text: a macro the candidate defines whose name is a name of
the footer is refused, naming it (the object check would see its effect;
this names the cause)."""
import allow
import alone

UNPROTOTYPED = True  # tests only: False compares a call of f with and without its prototype byte for byte
PC_RELATIVE = (2, 4)  # R_X86_64_PC32, R_X86_64_PLT32: the place is 4 bytes before the next instruction


def read(path):
    with open(path, 'rb') as fh:
        data = fh.read()
    secs, syms = allow.read_elf(data)
    return data, secs, syms


def section_bytes(data, s):
    return b'' if s['type'] == allow.SHT_NOBITS else data[s['off']:s['off'] + s['size']]


def target_key(obj, x, typ, addend):
    """What a relocation refers to, independent of the object's layout: a
    named symbol's name, or the bytes a section symbol's place holds (a
    string up to its NUL)."""
    data, secs, _ = obj
    if x['type'] != allow.STT_SECTION:
        return ('name', x['name'], addend)
    s = secs[x['shndx']]
    at = addend + (4 if typ in PC_RELATIVE else 0)
    raw = section_bytes(data, s)
    end = raw.find(b'\0', at)
    return ('bytes', s['name'], raw[at:end if end >= 0 else len(raw)])


def relocs_in(obj, shndx, start, size):
    """The relocations inside [start, start + size) of section shndx:
    (offset from start, type, target key)."""
    data, secs, _ = obj
    out = []
    for s in secs:
        if s['type'] != allow.SHT_RELA or s['info'] != shndx:
            continue
        for (off, typ, x), addend in zip(s['relocs'], s['addends']):
            if start <= off < start + size:
                out.append((off - start, typ, target_key(obj, x, typ, addend)))
    return sorted(out, key=lambda r: r[0])


def masked(obj, shndx, start, size):
    """The bytes of [start, start + size) of section shndx with each
    relocation's field zeroed (what the linker fills in)."""
    data, secs, _ = obj
    raw = bytearray(section_bytes(data, secs[shndx])[start:start + size])
    for off, typ, _ in relocs_in(obj, shndx, start, size):
        width = 8 if typ == 1 else 4
        raw[off:off + width] = bytes(width)
    return bytes(raw)


def unprototyped(obj, sym):
    """sym's code as instructions, with each `mov eax, 0` right before a
    call of f taken out, and its relocations by instruction: the footer
    alone calls f with no prototype, and C passes the number of vector
    registers in al to a function it cannot tell is not variadic; a
    candidate that defines f with a prototype (int f(int *b, ...)) makes
    the same call without it.  f reads nothing of rax at its entry (x86.py:
    garbage), so the two calls are the same call.  Jumps name the
    instruction they go to (by its place in the list), as the cut moves
    the bytes after it."""
    import capstone
    shndx, start, size = sym['shndx'], sym['value'], sym['size']
    code = masked(obj, shndx, start, size)
    rels = relocs_in(obj, shndx, start, size)
    md = capstone.Cs(capstone.CS_ARCH_X86, capstone.CS_MODE_64)
    insns = list(md.disasm(code, 0))
    if sum(i.size for i in insns) != len(code):
        return None  # not all of it decodes: compared byte for byte
    at = {i.address: k for k, i in enumerate(insns)}
    rel_at = {}
    for off, typ, key in rels:
        k = max(a for a in at if a <= off)
        rel_at.setdefault(at[k], []).append((off - k, typ, key))
    out, kept = [], []
    for k, i in enumerate(insns):
        nxt = rel_at.get(k + 1, [])
        if i.bytes == b'\xb8\0\0\0\0' and k + 1 < len(insns) and insns[k + 1].mnemonic == 'call' and \
                any(key[:2] == ('name', 'f') for _, _, key in nxt):
            continue
        kept.append(k)
    index = {k: n for n, k in enumerate(kept)}
    for k in kept:
        i = insns[k]
        text = i.bytes.hex()
        if (i.mnemonic == 'jmp' or i.mnemonic.startswith('j')) and i.op_str.startswith('0x') and \
                not rel_at.get(k):
            t = int(i.op_str, 16)
            text = '%s ->%s' % (i.mnemonic, index.get(at.get(t), 'outside'))
        out.append((text, tuple(rel_at.get(k, ()))))
    return out


def check_object(site_path, footer_path, label):
    """The refusals for one site build: [] when the footer means the same."""
    site, footer = read(site_path), read(footer_path)
    out = []
    ssyms = {x['name']: x for x in site[2] if x['name'] and x['type'] not in (allow.STT_FILE, allow.STT_SECTION)}
    fdefs = [x for x in footer[2] if x['name'] and x['bind'] != allow.STB_LOCAL and x['shndx'] != allow.SHN_UNDEF]
    fundef = [x for x in footer[2] if x['name'] and x['shndx'] == allow.SHN_UNDEF]
    for x in fdefs:
        y = ssyms.get(x['name'])
        what = '%s: the footer\'s %s' % (label, x['name'])
        if y is None or (y['type'], y['bind']) != (x['type'], x['bind']):
            out.append('%s: not the footer\'s own in the site\'s object (a macro or declaration in the candidate '
                       'changes what the footer means)' % what)
            continue
        fx, sy = (footer, x), (site, y)
        parts = [(o, sym['shndx'], sym['value'], sym['size']) for o, sym in (fx, sy)]
        ra, rb = relocs_in(*parts[0]), relocs_in(*parts[1])
        if x['type'] == allow.STT_FUNC and UNPROTOTYPED:
            ia = unprototyped(footer, x)
            if ia is not None and ia == unprototyped(site, y):
                continue  # the same instructions, relocations and jumps
        if x['size'] != y['size']:
            out.append('%s: not the footer\'s own in the site\'s object (a macro or declaration in the candidate '
                       'changes what the footer means)' % what)
            continue
        ca, cb = masked(*parts[0]), masked(*parts[1])
        if ra != rb:
            da, db = ({off: (typ, key) for off, typ, key in r} for r in (ra, rb))
            off = min(o for o in set(da) | set(db) if da.get(o) != db.get(o))
            out.append('%s refers to %s where the footer alone refers to %s (a macro or declaration in the '
                       'candidate changes what the footer means)'
                       % (what, show(db.get(off)) if off in db else resolved(site, y, off), show(da.get(off))))
            continue
        if ca != cb:
            out.append('%s: its code or data differ from the footer\'s alone (a macro or declaration in the '
                       'candidate changes what the footer means)' % what)
    for x in fundef:
        y = ssyms.get(x['name'])
        if x['name'] == 'f':
            if y is None or y['bind'] != allow.STB_GLOBAL or y['type'] != allow.STT_FUNC or y['shndx'] == allow.SHN_UNDEF:
                out.append('%s: the footer calls f, and f is not the site object\'s global function' % label)
        elif y is not None and y['shndx'] != allow.SHN_UNDEF:
            out.append('%s: the footer\'s %s is the candidate\'s %s, not the C library\'s (a declaration in the '
                       'candidate changes what the footer means)' % (label, x['name'], x['name']))
    return out


def resolved(obj, sym, off):
    """What a call or jump's rel32 at sym + off reaches when the assembler
    resolved it in the object (a local function): its name."""
    data, secs, syms = obj
    raw = section_bytes(data, secs[sym['shndx']])
    at = sym['value'] + off
    disp = int.from_bytes(raw[at:at + 4], 'little', signed=True)
    target = at + 4 + disp
    names = [x['name'] for x in syms if x['shndx'] == sym['shndx'] and x['value'] == target and
             x['type'] == allow.STT_FUNC]
    return names[0] if names else 'byte %d of %s' % (target, secs[sym['shndx']]['name'])


def show(r):
    if r is None:
        return 'nothing'
    kind, name, what = r[1]
    if kind == 'name':
        return name
    return '%s %r' % (name, what.decode('utf-8', 'backslashreplace'))


def names_of(data):
    return {tok for _, kind, tok in alone.lex(data) if kind == 'name'}


def defined_macros(data):
    """The names the candidate #defines."""
    out, after_hash, after_define = [], False, False
    for _, kind, tok in alone.lex(data):
        if after_define:
            if kind == 'name':
                out.append(tok)
            after_define = False
        elif after_hash:
            after_define = kind == 'name' and tok == b'define'
            after_hash = False
        elif kind == 'hash' and tok in (b'#', b'%:'):
            after_hash = True
    return out


def check_text(source, footer):
    """A macro of the candidate named like a name of the footer."""
    with open(source, 'rb') as fh:
        cand = fh.read()
    with open(footer, 'rb') as fh:
        used = names_of(fh.read())
    return ['%s: #define %s: the footer (%s) uses the name %s, so this macro changes what the footer means '
            'in the site\'s file' % (source, m.decode(), footer, m.decode())
            for m in dict.fromkeys(defined_macros(cand)) if m in used]
