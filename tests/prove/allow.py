"""allow.py - what a golf's object may hold: exactly f.

The proof is about f.  Anything else an object brings into the program
(code the loader or the C library runs before main, an ifunc resolver, a
function the C runtime calls by name, data another object reads) is outside
it, so an object is refused unless every section, symbol and relocation in
it is on the list below.  The list is the whole check: nothing is looked
for, everything is looked at.

The object is read here from its bytes (ELF64, the fields the linker
reads); a field that does not parse is a refusal too.

ALLOWED (anything else is refused, naming it):
- sections: the null section; .text, which holds f and the candidate's
  static functions and nothing else (the functions cover it, but for the
  alignment padding before each, fewer than 16 bytes); the read-only data f may read
  (.rodata, .rodata.*), not writable, not executable; writable data (.data,
  .bss) with no relocation of its own (the gcc lifter refuses any reference
  from f to memory; clang's IR model follows the golf's own globals); the
  assembler's and compilers' bookkeeping: .comment, .note.GNU-stack (not
  executable), .note.gnu.property, .eh_frame, .llvm_addrsig, .symtab,
  .strtab, .shstrtab;
- relocations: in .text, to f's own data sections or their local objects,
  or to f itself or a static function (a call: the gcc lifter refuses any
  but a call's rel32 to a function's start, which it follows, and a
  rip-relative read of read-only data, rodata.py), or to memset, memcpy
  or __popcountdi2 (below); in .eh_frame, to .text; in read-only data,
  R_X86_64_PC32 to .text (a switch's jump table: each entry the distance
  from the table to a case's code; gcc's lifter follows a jump through it
  only to an instruction of the function that reads it, clang's proof is
  of its IR's switch);
- memset and memcpy, undefined: the calls compilers make on their own to
  clear or copy a local array (clang at -O0 for `char a[40] = {0}`, gcc
  for large ones).  clang's proof runs its IR's llvm.memset and
  llvm.memcpy, gcc's lifter models the call as what it does; the C
  library's function is what the program calls, since no function of the
  object may bear the name (a static memset would take the compiler's
  calls: refused, LIBC_NAMES);
- __popcountdi2, undefined: libgcc's routine, which gcc calls for
  __builtin_popcount, popcountl and popcountll; gcc's lifter models the
  call as what it does (libgcc.py), clang inlines the count; no function
  of the object may bear the name or libgcc's like ones (an asm label
  would give one it: LIBGCC_NAMES);
- symbols: the file's name, section symbols of allowed sections, f (global,
  a function, default visibility, in .text), local data objects (a
  static variable) in the data sections, and local functions in .text (a
  static helper: LOCAL_FUNCTIONS).  Both proofs follow a call into such a
  function (clang's IR executor runs the helper's IR, gcc's lifter lifts its
  machine code, calls.py), and nothing else can reach it: it has no global
  name, and a section or relocation that would run it is refused.
Refused by being absent: other code sections (.init, .fini, .init_array,
.fini_array with or without a priority, .preinit_array, .ctors, .dtors,
.text.*), thread-local data, an ifunc (STT_GNU_IFUNC), any other global,
weak or common symbol, any other undefined symbol (a reference to another
object), an absolute symbol, other relocations of data sections.

The site's object (check(path, footer=...): the candidate and the post's
footer in one file, as the site compiles it) is held to the same list,
with two differences.  What the footer alone brings (its functions and
data, the names it leaves undefined, the sections it has) is the
footer's, which footer.py compares with the footer compiled alone.  And
the site's -fstack-protector-strong guards a function with a local array
by a call of __stack_chk_fail when its canary changed: that one undefined
name (SITE_NAMES), and a call's relocation to it in the candidate's code
(PC32 or PLT32), are allowed there and nowhere else; the lifter reads the
call as the program aborting (x86.py)."""
import struct

# Static helpers of the candidate (local functions in .text): allowed, as
# the proof follows a call into them (sym.py runs clang's IR of them,
# calls.py lifts gcc's machine code of them); False refuses them.
LOCAL_FUNCTIONS = True
PADDING = 16  # bytes of alignment padding allowed before a function in .text
# The C library's functions compilers call on their own for local arrays:
# allowed undefined, never defined by the candidate (its static memset would
# receive the compiler's calls, and the proof models the library's).
LIBC_CALLS = ('memset', 'memcpy')
# libgcc's routines gcc calls on its own for a builtin (__builtin_popcount,
# popcountl, popcountll without -mpopcnt: libgcc.py): allowed undefined,
# never defined by the candidate (an asm label can name its function so,
# and the compiler's calls would reach it where the proof runs libgcc's).
LIBGCC_CALLS = ('__popcountdi2',)
LIBGCC_NAMES = LIBGCC_CALLS + ('__popcountsi2', '__popcountti2')
LIBC_NAMES = LIBC_CALLS + ('memmove', 'memcmp', 'strlen', 'bcmp', 'bzero') + LIBGCC_NAMES
JUMP_TABLES = True  # prove.py --plant no-table-check (tests only): a read-only table's entries go anywhere
# Undefined names the site's object may refer to, from the candidate's code:
# the stack protector's failure (the site's gcc defaults to
# -fstack-protector-strong).
SITE_NAMES = ('__stack_chk_fail',)

SHT_NULL, SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_RELA, SHT_NOBITS, SHT_NOTE = 0, 1, 2, 3, 4, 8, 7
SHT_X86_64_UNWIND, SHT_LLVM_ADDRSIG = 0x70000001, 0x6fff4c03
SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR, SHF_TLS = 0x1, 0x2, 0x4, 0x400
STT_NOTYPE, STT_OBJECT, STT_FUNC, STT_SECTION, STT_FILE = 0, 1, 2, 3, 4
STB_LOCAL, STB_GLOBAL = 0, 1
SHN_UNDEF, SHN_ABS, SHN_COMMON = 0, 0xfff1, 0xfff2
# x86-64 relocation types a compiler uses for f's own data and calls.
RELOC_TYPES = {1: 'R_X86_64_64', 2: 'R_X86_64_PC32', 4: 'R_X86_64_PLT32', 10: 'R_X86_64_32',
               11: 'R_X86_64_32S'}


def data_section(name):
    return name in ('.data', '.bss', '.rodata') or name.startswith('.rodata.')


def section_ok(s):
    """None if section s is on the list, else why not."""
    name, typ, flags = s['name'], s['type'], s['flags']
    if flags & SHF_TLS:
        return 'thread-local data'
    if name == '' and typ == SHT_NULL:
        return None
    if name == '.text':
        return None if typ == SHT_PROGBITS and flags & SHF_EXECINSTR and not flags & SHF_WRITE \
            else 'not read-only code'
    if flags & SHF_EXECINSTR:
        return 'code outside f\'s .text'
    if name in ('.data', '.bss'):
        return None if typ in (SHT_PROGBITS, SHT_NOBITS) else 'not data'
    if name == '.rodata' or name.startswith('.rodata.'):
        return None if typ == SHT_PROGBITS and not flags & SHF_WRITE else 'writable or not data'
    if name in ('.comment', '.note.GNU-stack'):
        return None if typ == SHT_PROGBITS and not flags & SHF_ALLOC else 'loaded into memory'
    if name == '.note.gnu.property':
        return None if typ == SHT_NOTE and not flags & SHF_WRITE else 'not a note'
    if name == '.eh_frame':
        return None if typ in (SHT_PROGBITS, SHT_X86_64_UNWIND) and not flags & SHF_WRITE else 'not unwind data'
    if name == '.llvm_addrsig':
        return None if typ == SHT_LLVM_ADDRSIG else 'not an address-significance table'
    if name in ('.symtab', '.strtab', '.shstrtab'):
        return None if typ in (SHT_SYMTAB, SHT_STRTAB) and not flags & SHF_ALLOC else 'not a table'
    if name in ('.rela.text', '.rela.eh_frame') or name.startswith('.rela.rodata'):
        return None if typ == SHT_RELA else 'not relocations'
    return 'not on the list'


class Bad(Exception):
    pass


def read_elf(data):
    """Sections, symbols and relocations of an ELF64 x86-64 relocatable."""
    def unpack(fmt, off):
        try:
            return struct.unpack_from(fmt, data, off)
        except struct.error:
            raise Bad('truncated at byte %d' % off)
    if data[:4] != b'\x7fELF' or data[4:6] != b'\x02\x01':
        raise Bad('not a 64-bit little-endian ELF file')
    etype, machine = unpack('<HH', 16)
    if etype != 1 or machine != 62:
        raise Bad('not an x86-64 relocatable object (type %d, machine %d)' % (etype, machine))
    phnum, = unpack('<H', 0x38)
    shoff, = unpack('<Q', 0x28)
    shentsize, shnum, shstrndx = unpack('<HHH', 0x3a)
    if phnum or shentsize != 64 or not 0 < shstrndx < shnum:
        raise Bad('an unusual ELF header')
    secs = []
    for k in range(shnum):
        nm, typ, flags, addr, off, size, link, info, align, entsize = unpack('<IIQQQQIIQQ', shoff + 64 * k)
        if typ != SHT_NOBITS and off + size > len(data):
            raise Bad('section %d runs past the end of the file' % k)
        secs.append({'nm': nm, 'type': typ, 'flags': flags, 'off': off, 'size': size, 'link': link,
                     'info': info})

    def cstr(sec, off):
        s = secs[sec]
        base = s['off'] + off
        end = data.find(b'\0', base, s['off'] + s['size'])
        if off >= s['size'] or end < 0:
            raise Bad('a name outside its string table')
        return data[base:end].decode('utf-8', 'backslashreplace')
    for s in secs:
        s['name'] = cstr(shstrndx, s['nm'])
    tabs = [k for k, s in enumerate(secs) if s['type'] == SHT_SYMTAB]
    if len(tabs) != 1:
        raise Bad('%d symbol tables' % len(tabs))
    st = secs[tabs[0]]
    syms = []
    for k in range(st['size'] // 24):
        nm, info, other, shndx, value, size = unpack('<IBBHQQ', st['off'] + 24 * k)
        syms.append({'name': cstr(st['link'], nm) if nm else '', 'bind': info >> 4, 'type': info & 0xf,
                     'vis': other & 3, 'shndx': shndx, 'value': value, 'size': size})
    for s in secs:
        s['relocs'], s['addends'] = [], []
        if s['type'] == SHT_RELA:
            for k in range(s['size'] // 24):
                off, rinfo, addend = unpack('<QQq', s['off'] + 24 * k)
                if rinfo >> 32 >= len(syms):
                    raise Bad('a relocation to symbol %d of %d' % (rinfo >> 32, len(syms)))
                s['relocs'].append((off, rinfo & 0xffffffff, syms[rinfo >> 32]))
                s['addends'].append(addend)
    return secs, syms


def footer_part(path):
    """What the footer compiled alone brings (footer.py compares it in the
    site's object): the names it defines, the names it leaves undefined, its
    sections by name, type and flags."""
    with open(path, 'rb') as fh:
        secs, syms = read_elf(fh.read())
    defined = {x['name'] for x in syms if x['name'] and x['bind'] != STB_LOCAL and x['shndx'] != SHN_UNDEF}
    undefined = {x['name'] for x in syms if x['name'] and x['shndx'] == SHN_UNDEF}
    return defined, undefined, {(s['name'], s['type'], s['flags']) for s in secs}


def check(path, name='f', footer=None):
    """The refusals for the object at path: one line each, [] if it holds
    exactly f and what the list allows.  footer: the footer alone's object,
    for the site's object (its part is the footer's; SITE_NAMES allowed)."""
    with open(path, 'rb') as fh:
        data = fh.read()
    try:
        secs, syms = read_elf(data)
        f_defined, f_undefined, f_sections = footer_part(footer) if footer else (set(), set(), set())
    except Bad as e:
        return ['the object is not read as expected: %s' % e]
    out = []
    # The footer's own functions and data in the site's object: (section,
    # start, end) of each, where its relocations are footer.py's to compare.
    footers = [(x['shndx'], x['value'], x['value'] + x['size']) for x in syms
               if x['name'] in f_defined and x['bind'] != STB_LOCAL and x['shndx'] != SHN_UNDEF]

    def sec_name(k):
        if k == SHN_UNDEF:
            return None
        return secs[k]['name'] if k < len(secs) else {SHN_ABS: '*ABS*', SHN_COMMON: '*COMMON*'}.get(k, '?')
    bad = set()  # sections and symbols already refused: their relocations are not named again
    for k, s in enumerate(secs):
        why = section_ok(s)
        if why and (s['name'], s['type'], s['flags']) in f_sections:
            why = None  # a section of the footer alone (its cases in .data.rel.local)
        if why:
            bad.add(k)
            out.append('section %s: %s' % (s['name'] or '#%d' % k, why))
    text = [k for k, s in enumerate(secs) if s['name'] == '.text']
    fs = [x for x in syms if x['name'] == name]
    f = fs[0] if len(fs) == 1 else None
    if f is None or f['bind'] != STB_GLOBAL or f['type'] != STT_FUNC or f['vis'] != 0 \
            or len(text) != 1 or f['shndx'] != text[0]:
        out.append('no global function %s in .text alone' % name)
    else:
        # f and the static helpers must cover .text, but for padding
        funcs = sorted([f] + [x for x in syms if LOCAL_FUNCTIONS and x['bind'] == STB_LOCAL and
                              x['type'] == STT_FUNC and x['shndx'] == text[0] or
                              x['name'] in f_defined and x['type'] == STT_FUNC and x['shndx'] == text[0]],
                       key=lambda x: x['value'])
        at, gap, size = 0, 0, secs[text[0]]['size']
        for x in funcs:
            gap = max(gap, x['value'] - at)
            at = max(at, x['value'] + x['size'])
        gap = max(gap, size - at)
        # f alone: exactly .text; with helpers, alignment padding between
        if gap >= (PADDING if len(funcs) > 1 else 1) or at > size:
            out.append('.text holds %d bytes, %s %d of them from byte %d: code outside %s%s'
                       % (size, name, f['size'], f['value'], name,
                          ' and its static functions' if len(funcs) > 1 else ''))
    for k, x in enumerate(syms):
        if k == 0 or x is f:
            continue
        where = sec_name(x['shndx'])
        local = x['bind'] == STB_LOCAL
        if x['type'] == STT_FILE and local and x['shndx'] == SHN_ABS:
            continue
        if x['type'] == STT_SECTION and local and where is not None and x['shndx'] < len(secs):
            continue
        if local and x['type'] in (STT_OBJECT, STT_NOTYPE) and where and data_section(where):
            continue
        if local and x['type'] == STT_FUNC and LOCAL_FUNCTIONS and where == '.text' and \
                x['name'] not in LIBC_NAMES:
            continue
        if where is None and x['name'] in LIBC_CALLS + LIBGCC_CALLS and x['bind'] == STB_GLOBAL and \
                x['type'] == STT_NOTYPE:
            continue
        if x['name'] in f_defined and not local and where is not None or \
                x['name'] in f_undefined and where is None and x['name'] != name:
            continue  # the footer's (footer.py)
        if footer and x['name'] in SITE_NAMES and where is None and x['bind'] == STB_GLOBAL and \
                x['type'] == STT_NOTYPE:
            continue  # the stack protector's failure, at the site
        bad.add(id(x))
        kind = {STT_FUNC: 'function', STT_OBJECT: 'object', STT_NOTYPE: 'symbol', 10: 'ifunc (STT_GNU_IFUNC)',
                6: 'thread-local object'}.get(x['type'], 'symbol of type %d' % x['type'])
        bind = {0: 'local', 1: 'global', 2: 'weak'}.get(x['bind'], 'binding %d' % x['bind'])
        if where is None:
            out.append('symbol %s: a reference to something outside the object (%s %s)' % (x['name'], bind, kind))
        elif x['name'] in LIBC_NAMES:
            out.append('symbol %s: a %s %s in %s named as %s, which compilers call on their own'
                       % (x['name'], bind, kind, where,
                          'libgcc\'s' if x['name'] in LIBGCC_NAMES else 'the C library\'s'))
        else:
            out.append('symbol %s: a %s %s in %s' % (x['name'], bind, kind, where))
    for s in secs:
        if s['type'] != SHT_RELA or s['info'] in bad or secs.index(s) in bad:
            continue
        target = secs[s['info']]['name'] if s['info'] < len(secs) else '?'
        for off, typ, x in s['relocs']:
            if id(x) in bad or x['shndx'] in bad:
                continue
            if any(sh == s['info'] and a <= off < b for sh, a, b in footers):
                continue  # in the footer's own code or data (footer.py)
            to = x['name'] or sec_name(x['shndx'])
            what = 'relocation %s at %s+0x%x to %s' % (RELOC_TYPES.get(typ, 'type %d' % typ), target, off, to)
            if typ not in RELOC_TYPES:
                out.append('%s: not a type the list allows' % what)
            elif target == '.eh_frame':
                if x['shndx'] not in text and x is not f:
                    out.append('%s: unwind data for something other than f' % what)
            elif target == '.text':
                ok = x is f or x['type'] in (STT_SECTION, STT_OBJECT, STT_NOTYPE) and x['shndx'] < len(secs) \
                    and data_section(sec_name(x['shndx']) or '') or \
                    LOCAL_FUNCTIONS and x['type'] == STT_FUNC and x['bind'] == STB_LOCAL and x['shndx'] in text or \
                    x['shndx'] == SHN_UNDEF and x['name'] in LIBC_CALLS + LIBGCC_CALLS and typ in (2, 4) or \
                    footer and x['name'] in SITE_NAMES and x['shndx'] == SHN_UNDEF and typ in (2, 4)
                if not ok:
                    out.append('%s: f may refer only to itself, its static functions and its own data' % what)
            elif target.startswith('.rodata') and s['info'] < len(secs) and data_section(target):
                # a jump table: an entry's distance to code of f's own .text
                into_text = x['shndx'] in text and (x['type'] == STT_SECTION or x is f or
                                                     x['type'] == STT_FUNC and x['bind'] == STB_LOCAL)
                if typ != 2 or not into_text and JUMP_TABLES:
                    out.append('%s: read-only data may refer only to f\'s own code (a jump table, PC32)' % what)
            else:
                out.append('%s: relocations are allowed in .text and .eh_frame only' % what)
    return out


def compare_readelf(paths):
    """This reader against binutils' readelf on each object: every
    section's name and every symbol's type, binding and name (not a
    section's, which readelf prints as the section's name).  tests/prove_trust.bats."""
    import re
    import subprocess
    types = {0: 'NOTYPE', 1: 'OBJECT', 2: 'FUNC', 3: 'SECTION', 4: 'FILE', 6: 'TLS', 10: 'IFUNC'}
    binds = {0: 'LOCAL', 1: 'GLOBAL', 2: 'WEAK', 10: 'UNIQUE'}
    bad = 0
    for path in paths:
        with open(path, 'rb') as fh:
            secs, syms = read_elf(fh.read())
        out = subprocess.run(['readelf', '-W', '-S', '-s', path], capture_output=True, text=True,
                             check=True).stdout
        theirs = [n for k, n in re.findall(r'^\s*\[\s*(\d+)\]\s+(\S+)', out, re.M) if k != '0']
        mine = [s['name'] for s in secs[1:]]
        tsym = [(t, b, '' if t == 'SECTION' else n)
                for t, b, n in re.findall(r'^\s*\d+: [0-9a-f]+\s+\d+\s+(\S+)\s+(\S+)\s+\S+\s+\S+\s?(\S*)$', out, re.M)]
        msym = [(types.get(x['type'], '?'), binds.get(x['bind'], '?'), '' if x['type'] == 3 else x['name'])
                for x in syms]
        if mine != theirs or msym != tsym:
            bad += 1
            print('%s: sections %s, readelf %s; symbols %s, readelf %s' % (path, mine, theirs, msym, tsym))
    print('allow: %d objects read as readelf reads them, %d differ' % (len(paths), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    import sys
    sys.exit(compare_readelf(sys.argv[1:]))
