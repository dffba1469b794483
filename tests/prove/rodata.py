"""rodata.py - the read-only data gcc's code reads: string literals, tables
of constants, switch's jump tables.

An instruction reads such data through a rip-relative address whose
displacement is a relocation to a read-only data section of the object
(.rodata, .rodata.*: allocated, neither writable nor code).  What the
linked program holds there is known from the object alone, but only as far
as the linker keeps it:
- a plain section is copied whole: the object is the whole section;
- a mergeable string section (SHF_MERGE | SHF_STRINGS, gcc's string
  literals at -O2) is cut into its strings, each kept whole (another
  object's equal string or tail may stand for it): the object is the one
  string the address falls in, its terminating NUL included;
- a mergeable section of constants (SHF_MERGE, entsize E: gcc's 16-byte
  vector constants) is cut into entries of E bytes: the object is the one
  entry.
A read outside its object is undefined behaviour in the model (the
executor's bounds), as the bytes there are another object's or none.

Bytes under a relocation hold a link-time value, not the object's bytes:
they are poison in the model, except where they form a jump table: a run
of 4-byte R_X86_64_PC32 relocations to f's own code (gcc's PIC tables, each
entry the distance from the table's start to a case's code).  x86.py reads
an entry of such a table only as the table's own idiom (load the entry,
sign-extend it, add the table's address, jump there), and each entry's
target is computed here from its relocation: the jump goes to one of the
function's own instructions, or the path is undefined behaviour."""
from ir import Refused

SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR, SHF_MERGE, SHF_STRINGS = 0x1, 0x2, 0x4, 0x10, 0x20
R_PC32 = 2


def is_rodata(sec):
    return (sec['name'] == '.rodata' or sec['name'].startswith('.rodata.')) and sec['type'] == 1 and \
        sec['flags'] & SHF_ALLOC and not sec['flags'] & (SHF_WRITE | SHF_EXECINSTR)


def is_data(sec):
    """A section of the object's own mutable data: .data (PROGBITS) or .bss
    (NOBITS), allocated and writable, not code (a golf's static array); not
    .data.rel*, data with addresses in it (the site footer's cases)."""
    name = sec['name']
    return ((name == '.data' or name.startswith('.data.') and not name.startswith('.data.rel')) and
            sec['type'] == 1 or
            (name == '.bss' or name.startswith('.bss.')) and sec['type'] == 8) and \
        sec['flags'] & SHF_ALLOC and sec['flags'] & SHF_WRITE and not sec['flags'] & SHF_EXECINSTR


class Rodata:
    """The read-only data of one object and the objects f's code reads."""

    def __init__(self, secs, relocs_of, text_shndx):
        self.secs = secs  # shndx -> section (name, type, flags, align, entsize, data)
        self.relocs = relocs_of  # shndx -> {offset: (type, symbol's shndx, symbol's value, addend)}
        self.text = text_shndx
        self.used = {}  # (shndx, start) -> (IR name, bytes (None under a relocation))
        # the places in each section the code refers to (a rip-relative
        # displacement's S + A + 4: where each table starts)
        self.bases = {}
        for typ, sh, value, addend in relocs_of.get(text_shndx, {}).values():
            if typ == R_PC32 and sh in secs:
                self.bases.setdefault(sh, set()).add(value + addend + 4)

    def target(self, obj_relocs, i):
        """The read-only data an instruction's rip-relative displacement
        refers to: (shndx, offset in the section, relocation's offset)."""
        found = [r for r in obj_relocs if i.address <= r < i.address + i.size]
        if len(found) != 1:
            raise Refused('a rip-relative address with no relocation of its own')
        r_off = found[0]
        typ, target, fn_at, shndx, value, addend = obj_relocs[r_off][:6]
        if typ != R_PC32 or shndx not in self.secs:
            raise Refused('a rip-relative address to %s (relocation type %d): only the object\'s own data is '
                          'modelled' % (target, typ))
        # S + A - P is the displacement; the address is the next
        # instruction's plus it
        return shndx, value + addend + (i.address + i.size - r_off), r_off

    def extent(self, shndx, off):
        """The object holding byte off of section shndx: (start, end)."""
        sec = self.secs[shndx]
        data = sec['data']
        if not 0 <= off <= sec['size']:
            raise Refused('an address outside its data section %s' % sec['name'])
        if self.writable(shndx):
            return 0, sec['size']
        if sec['flags'] & SHF_MERGE and sec['flags'] & SHF_STRINGS:
            if sec['entsize'] != 1 or off == len(data):
                raise Refused('a string section of wide characters, or past its end, is not modelled')
            start = data.rfind(b'\0', 0, off) + 1
            end = data.find(b'\0', off)
            if end < 0:
                raise Refused('a string with no terminating NUL in %s' % sec['name'])
            return start, end + 1
        if sec['flags'] & SHF_MERGE:
            e = sec['entsize']
            if e <= 0 or len(data) % e:
                raise Refused('a constant section %s of unusual entries' % sec['name'])
            start = off - off % e
            if start >= len(data):
                raise Refused('an address past the constants of %s' % sec['name'])
            return start, start + e
        return 0, len(data)

    def object(self, shndx, off):
        """The IR name of the object byte off of section shndx lies in, and
        off's place in it: (name, start, offset)."""
        start, end = self.extent(shndx, off)
        key = (shndx, start)
        if key not in self.used and self.writable(shndx):
            # what earlier calls left: the executor starts a mutable global
            # unknown (sym.py), whatever its initializer; named as its
            # section (the replay's "state left by earlier calls in @.bss")
            self.used[key] = ('@' + self.secs[shndx]['name'], [None] * (end - start))
        if key not in self.used:
            data = self.secs[shndx]['data'][start:end]
            cells = list(data)
            for r in self.relocs.get(shndx, {}):
                for k in range(4 if self.relocs[shndx][r][0] == R_PC32 else 8):
                    if start <= r + k < end:
                        cells[r + k - start] = None
            self.used[key] = ('@ro.%d.%d' % key, cells)
        return self.used[key][0], start, off - start

    def writable(self, shndx):
        return self.secs[shndx]['flags'] & SHF_WRITE != 0

    def align_of(self, shndx, start, off):
        """The alignment the linked program gives byte off of the object."""
        a = self.secs[shndx]['align'] or 1
        pos = start + off
        while a > 1 and pos % a:
            a //= 2
        return a

    def table(self, shndx, start, base):
        """The jump table at offset base of the object: [(entry's offset in
        the object, the target's offset in f's section)], its entries the
        run of 4-byte PC32 relocations to f's section that starts at base
        (gcc adds the table's start, base, to each entry), up to the next
        place the code refers to (where the next table starts: tables lie
        one after another, and an entry of one means another target read
        from another's start)."""
        rel = self.relocs.get(shndx, {})
        bases = self.bases.get(shndx, set())
        out = []
        o = start + base
        while o in rel and rel[o][0] == R_PC32 and rel[o][1] == self.text and (o == start + base or o not in bases):
            typ, sh, value, addend = rel[o]
            # entry = S + A - P, the code adds the table's address:
            # target = S + A + (base - entry)
            out.append((o - start, value + addend + (start + base - o)))
            o += 4
        return out

    def has_table(self, shndx, start, off):
        return bool(self.table(shndx, start, off))

    def definitions(self):
        """The IR globals of the objects read."""
        out = []
        for (shndx, start), (name, cells) in sorted(self.used.items()):
            if self.writable(shndx):
                # its bytes in the object (.bss: none, zeros); the executor
                # takes them only as what a first call sees (a plant)
                data = self.secs[shndx]['data']
                init = 'c"%s"' % ''.join('\\%02X' % c for c in data) if data else 'zeroinitializer'
                out.append('%s = internal global [%d x i8] %s, align 1' % (name, len(cells), init))
                continue
            if all(c is not None for c in cells):
                body = 'c"%s"' % ''.join('\\%02X' % c for c in cells)
            else:
                body = '[%s]' % ', '.join('i8 %s' % ('poison' if c is None else c) for c in cells)
            out.append('%s = private constant [%d x i8] %s, align 1' % (name, len(cells), body))
        return '\n'.join(out)
