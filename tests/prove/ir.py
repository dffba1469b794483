"""ir.py - a parser for the LLVM IR text clang emits for small C functions.

It reads the subset clang 14 and 19 write for the golf and the reference
(typed or opaque pointers), keeps every instruction with its source line, and
leaves the meaning to sym.py.  Anything outside the subset is not guessed at:
the parser keeps the tokens, and the executor refuses them, with the line,
when a path reaches them.  A function whose body does not parse is refused
the same way, only if something calls it."""
import re


class Refused(Exception):
    """The tool does not model this: it says so instead of approximating."""


# ==================== Tokens ====================

TOKEN = re.compile(r'''\s*(?:
     (?P<local>%(?:"[^"]*"|[-\w.$]+))
    |(?P<global>@(?:"[^"]*"|[-\w.$]+))
    |(?P<meta>!(?:"[^"]*"|[-\w.$]+)?)
    |(?P<group>\#\d+)
    |(?P<dbg>\#dbg_\w+)
    |(?P<cstr>c"[^"]*")
    |(?P<str>"[^"]*")
    |(?P<num>-?\d+)
    |(?P<word>[A-Za-z_$.][-\w.$]*)
    |(?P<punct>\.\.\.|[()\[\]{}<>,=*:|])
    )''', re.X)


def tokenize(text):
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == '':
                break
            raise Refused('cannot read %r' % text[pos:pos + 20])
        pos = m.end()
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
    return out


def strip_comment(line):
    """The line without its ; comment (a ; inside quotes is text)."""
    if ';' not in line:
        return line
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ';' and not quoted:
            return line[:i]
    return line


def unquote(name):
    """%"a b" -> %a b, @"x" -> @x; names are kept with their sigil."""
    if len(name) > 2 and name[1] == '"':
        return name[0] + name[2:-1]
    return name


# ==================== Types ====================
# ('int', w) | ('ptr',) | ('void',) | ('array', n, T) | ('struct', (T, ...), packed)
# | ('named', name) | ('label',) | ('meta',) | ('vector', n, T) | ('float', name)
# | ('func',) | ('opaque',)

PTR = ('ptr',)
VOID = ('void',)
I1, I8, I32, I64 = ('int', 1), ('int', 8), ('int', 32), ('int', 64)
FLOATS = {'half', 'bfloat', 'float', 'double', 'x86_fp80', 'fp128', 'ppc_fp128'}


class Cursor:
    """Tokens of one line (or a joined instruction), read front to back."""

    def __init__(self, tokens, text):
        self.t, self.i, self.text = tokens, 0, text

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else (None, None)

    def at(self, *words):
        return self.peek()[1] in words

    def next(self):
        if self.i >= len(self.t):
            raise Refused('line ends early: ' + self.text.strip())
        tok = self.t[self.i]
        self.i += 1
        return tok

    def take(self, word):
        if self.at(word):
            self.i += 1
            return True
        return False

    def expect(self, word):
        kind, val = self.next()
        if val != word:
            raise Refused('expected %r, found %r in: %s' % (word, val, self.text.strip()))

    def done(self):
        return self.i >= len(self.t)

    def group(self):
        """At '(': the tokens up to its matching ')', joined by spaces."""
        self.expect('(')
        depth, parts = 1, []
        while True:
            _, v = self.next()
            if v == '(':
                depth += 1
            elif v == ')':
                depth -= 1
                if depth == 0:
                    return ' '.join(parts)
            parts.append(v)

    def rest(self):
        return ' '.join(v for _, v in self.t[self.i:])


def parse_type(c):
    kind, val = c.next()
    if kind == 'word':
        if re.fullmatch(r'i\d+', val):
            t = ('int', int(val[1:]))
        elif val == 'ptr':
            t = PTR
            if c.at('addrspace'):
                raise Refused('address spaces are not modelled: ' + c.text.strip())
        elif val == 'void':
            t = VOID
        elif val == 'label':
            t = ('label',)
        elif val == 'metadata':
            t = ('meta',)
        elif val in FLOATS:
            t = ('float', val)
        elif val == 'opaque':
            t = ('opaque',)
        else:
            raise Refused('unknown type %r in: %s' % (val, c.text.strip()))
    elif kind == 'local':
        t = ('named', unquote(val))
    elif val == '[':
        n = int(c.next()[1])
        c.expect('x')
        el = parse_type(c)
        c.expect(']')
        t = ('array', n, el)
    elif val == '{':
        t = ('struct', tuple(parse_type_list(c, '}')), False)
    elif val == '<':
        if c.at('{'):
            c.next()
            fields = parse_type_list(c, '}')
            c.expect('>')
            t = ('struct', tuple(fields), True)
        else:
            n = int(c.next()[1])
            c.expect('x')
            el = parse_type(c)
            c.expect('>')
            t = ('vector', n, el)
    else:
        raise Refused('unknown type at %r in: %s' % (val, c.text.strip()))
    # Typed pointers (clang 14): T* is a pointer whatever T is; T (...)* too.
    while True:
        if c.at('*'):
            c.next()
            t = PTR
        elif c.at('(') and t != PTR and t[0] in ('int', 'void', 'ptr', 'struct', 'named'):
            # a function type, only ever seen as a pointee: skip its parameters
            depth = 0
            while True:
                _, v = c.next()
                depth += v == '('
                depth -= v == ')'
                if depth == 0:
                    break
            t = ('func',)
        else:
            return t


def parse_type_list(c, close):
    out = []
    if c.take(close):
        return out
    while True:
        out.append(parse_type(c))
        if c.take(close):
            return out
        c.expect(',')


# ==================== Attributes ====================

# Parameter and return attributes that carry an argument in parentheses.
ATTR_WITH_ARG = {'range', 'align', 'dereferenceable', 'dereferenceable_or_null', 'sret', 'byval',
                 'elementtype', 'inalloca', 'preallocated', 'byref', 'nofpclass', 'memory', 'alignstack',
                 'allocsize', 'uwtable', 'vscale_range', 'captures', 'initializes', 'allockind',
                 'allocalign', 'inaccessiblememonly'}
PARAM_WORDS = {'noundef', 'nonnull', 'nocapture', 'readonly', 'readnone', 'writeonly', 'noalias', 'zeroext',
               'signext', 'inreg', 'returned', 'nest', 'swiftself', 'swifterror', 'immarg', 'noundef',
               'dead_on_unwind', 'writable', 'nofree', 'noinline', 'align', 'dereferenceable', 'range',
               'sret', 'byval', 'noundef', 'allocalign', 'allocptr'} | ATTR_WITH_ARG


def parse_attrs(c, words=PARAM_WORDS):
    """Attributes before a type or after a parameter: {name: argument text or True}."""
    attrs = {}
    while True:
        kind, val = c.peek()
        if kind == 'word' and val in words:
            c.next()
            if c.at('(') and val in ATTR_WITH_ARG:
                attrs[val] = c.group()
            elif val in ('align', 'dereferenceable', 'dereferenceable_or_null') and c.peek()[0] == 'num':
                attrs[val] = c.next()[1]
            else:
                attrs[val] = True
        elif kind == 'str':
            # "key"="value" string attributes (call sites, rarely)
            c.next()
            if c.take('='):
                c.next()
        else:
            return attrs


# ==================== Operands ====================
# ('local', name) | ('global', name) | ('int', value) | ('bool', b) | ('null',) | ('undef',)
# | ('poison',) | ('zero',) | ('agg', [(type, operand), ...]) | ('cstr', bytes)
# | ('gep', flags, srctype, [(type, operand), ...]) | ('label', name)

def parse_value(c, ty):
    kind, val = c.next()
    if kind == 'local':
        return ('local', unquote(val))
    if kind == 'global':
        return ('global', unquote(val))
    if kind == 'num':
        return ('int', int(val))
    if kind == 'cstr':
        return ('cstr', decode_cstr(val[2:-1]))
    if kind == 'word':
        if val in ('true', 'false'):
            return ('bool', val == 'true')
        if val == 'null':
            return ('null',)
        if val == 'undef':
            return ('undef',)
        if val == 'poison':
            return ('poison',)
        if val == 'zeroinitializer':
            return ('zero',)
        if val == 'getelementptr':
            flags = []
            while c.at('inbounds', 'nuw', 'nusw', 'inrange'):
                flags.append(c.next()[1])
            c.expect('(')
            src = parse_type(c)
            ops = []
            while c.take(','):
                t = parse_type(c)
                ops.append((t, parse_value(c, t)))
            c.expect(')')
            return ('gep', tuple(flags), src, ops)
        if val == 'bitcast':
            # a pointer cast (clang 14's typed pointers: bitcast ([33 x i64]*
            # @g to i8*) as memcpy's source): the same pointer
            c.expect('(')
            t = parse_type(c)
            v = parse_value(c, t)
            c.expect('to')
            if t != PTR or parse_type(c) != PTR:
                raise Refused('constant expression bitcast of a non-pointer is not modelled: %s' % c.text.strip())
            c.expect(')')
            return v
        raise Refused('constant expression %r is not modelled: %s' % (val, c.text.strip()))
    if val in ('[', '{', '<'):
        close = {'[': ']', '{': '}', '<': '>'}[val]
        if val == '<' and c.at('{'):
            c.next()
            close = '}'
        items = []
        if not c.take(close):
            while True:
                t = parse_type(c)
                items.append((t, parse_value(c, t)))
                if c.take(close):
                    break
                c.expect(',')
        if close == '}' and val == '<':
            c.expect('>')
        return ('agg', items)
    raise Refused('cannot read the value %r in: %s' % (val, c.text.strip()))


def decode_cstr(s):
    out, i = bytearray(), 0
    while i < len(s):
        if s[i] == '\\':
            if s[i + 1] == '\\':
                out.append(92)
                i += 2
            else:
                out.append(int(s[i + 1:i + 3], 16))
                i += 3
        else:
            out.append(ord(s[i]))
            i += 1
    return bytes(out)


def typed_value(c):
    t = parse_type(c)
    parse_attrs(c)
    return t, parse_value(c, t)


# ==================== Instructions ====================

class Inst:
    __slots__ = ('op', 'dest', 'ty', 'args', 'flags', 'attrs', 'text', 'line', 'extra')

    def __init__(self, op, dest, text, line):
        self.op, self.dest, self.text, self.line = op, dest, text.strip(), line
        self.ty, self.args, self.flags, self.attrs, self.extra = None, [], (), {}, None

    def where(self):
        return 'line %d: %s' % (self.line, self.text)


BINOPS = {'add', 'sub', 'mul', 'udiv', 'sdiv', 'urem', 'srem', 'shl', 'lshr', 'ashr', 'and', 'or', 'xor'}
CASTS = {'zext', 'sext', 'trunc', 'bitcast', 'ptrtoint', 'inttoptr', 'addrspacecast', 'fptoui', 'fptosi',
         'uitofp', 'sitofp', 'fptrunc', 'fpext'}
FLAG_WORDS = {'nuw', 'nsw', 'exact', 'disjoint', 'nneg', 'inbounds', 'nusw', 'samesign'}
FUNC_WORDS = {'fastcc', 'ccc', 'coldcc', 'tail', 'musttail', 'notail', 'cc'}


def parse_inst(text, line):
    """One instruction (a switch already joined onto one line)."""
    c = Cursor(tokenize(text), text)
    dest = None
    if c.peek()[0] == 'local' and c.peek(1)[1] == '=':
        dest = unquote(c.next()[1])
        c.next()
    kind, op = c.next()
    if op in ('tail', 'musttail', 'notail'):
        kind, op = c.next()
    inst = Inst(op, dest, text, line)
    try:
        parse_operands(inst, c)
    except Refused as e:
        inst.op, inst.extra = 'unparsed', str(e)
    except (IndexError, ValueError, TypeError) as e:
        inst.op, inst.extra = 'unparsed', 'cannot read it (%s)' % e
    return inst


def parse_operands(inst, c):
    op = inst.op
    if op in BINOPS:
        flags = []
        while c.at(*FLAG_WORDS):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        inst.ty = parse_type(c)
        a = parse_value(c, inst.ty)
        c.expect(',')
        inst.args = [a, parse_value(c, inst.ty)]
    elif op == 'icmp':
        flags = []
        while c.at('samesign'):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        inst.extra = c.next()[1]
        inst.ty = parse_type(c)
        a = parse_value(c, inst.ty)
        c.expect(',')
        inst.args = [a, parse_value(c, inst.ty)]
    elif op in CASTS:
        flags = []
        while c.at(*FLAG_WORDS):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        src = parse_type(c)
        v = parse_value(c, src)
        c.expect('to')
        inst.ty = parse_type(c)
        inst.args = [(src, v)]
    elif op == 'freeze':
        t, v = typed_value(c)
        inst.ty, inst.args = t, [(t, v)]
    elif op == 'select':
        flags = []
        while c.at('nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc', 'fast'):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        ct, cv = typed_value(c)
        c.expect(',')
        t, a = typed_value(c)
        c.expect(',')
        t2, b = typed_value(c)
        inst.ty, inst.args = t, [(ct, cv), a, b]
    elif op == 'phi':
        inst.ty = parse_type(c)
        pairs = []
        while True:
            c.expect('[')
            v = parse_value(c, inst.ty)
            c.expect(',')
            label = unquote(c.next()[1])
            c.expect(']')
            pairs.append((label, v))
            if not c.take(','):
                break
        inst.args = pairs
    elif op == 'alloca':
        if c.at('inalloca'):
            raise Refused('inalloca is not modelled')
        inst.ty = parse_type(c)
        count = None
        if c.take(','):
            if not c.at('align', 'addrspace'):
                count = typed_value(c)
                c.take(',')
        if c.take('align'):
            inst.attrs['align'] = int(c.next()[1])
        inst.args = [count]
    elif op == 'load':
        flags = []
        while c.at('volatile', 'atomic'):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        inst.ty = parse_type(c)
        c.expect(',')
        pt, pv = typed_value(c)
        inst.args = [pv]
        parse_mem_tail(inst, c)
    elif op == 'store':
        flags = []
        while c.at('volatile', 'atomic'):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        t, v = typed_value(c)
        c.expect(',')
        pt, pv = typed_value(c)
        inst.ty, inst.args = t, [v, pv]
        parse_mem_tail(inst, c)
    elif op == 'getelementptr':
        flags = []
        while c.at('inbounds', 'nuw', 'nusw', 'inrange'):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        inst.ty = parse_type(c)  # the source element type
        c.expect(',')
        pt, pv = typed_value(c)
        idx = []
        while c.take(','):
            if c.at('inrange'):
                raise Refused('inrange is not modelled')
            if c.peek()[0] == 'meta':
                c.i -= 1
                break
            t = parse_type(c)
            idx.append((t, parse_value(c, t)))
        inst.args = [pv, idx]
        parse_meta_tail(inst, c)
    elif op in ('extractvalue', 'insertvalue'):
        t, v = typed_value(c)
        args = [(t, v)]
        if op == 'insertvalue':
            c.expect(',')
            args.append(typed_value(c))
        idx = []
        while c.take(','):
            if c.peek()[0] == 'meta':
                c.i -= 1
                break
            idx.append(int(c.next()[1]))
        inst.ty, inst.args, inst.extra = t, args, idx
        parse_meta_tail(inst, c)
    elif op == 'call':
        flags = []
        while c.at(*FUNC_WORDS) or c.at('nnan', 'ninf', 'nsz', 'fast'):
            flags.append(c.next()[1])
        inst.flags = tuple(flags)
        inst.attrs['ret'] = parse_attrs(c)
        inst.ty = parse_type(c)
        if c.at('('):
            raise Refused('calls through a function type are not modelled')
        kind, callee = c.next()
        if kind not in ('global', 'local'):
            raise Refused('indirect call')
        inst.extra = unquote(callee)
        c.expect('(')
        args = []
        if not c.take(')'):
            while True:
                t = parse_type(c)
                attrs = parse_attrs(c)
                if t == ('meta',):
                    args.append((t, ('meta', c.rest()), attrs))
                    depth = 1
                    while depth:
                        _, v = c.next()
                        depth += v == '('
                        depth -= v == ')'
                    c.i -= 1
                else:
                    args.append((t, parse_value(c, t), attrs))
                if c.take(')'):
                    break
                c.expect(',')
        inst.args = args
        groups = []
        while not c.done():
            kind, v = c.next()
            if kind == 'group':
                groups.append(v)
            elif kind == 'meta':
                c.next()  # !srcloc etc.: an attachment and its node
            elif kind == 'word':
                groups.append(v)
            elif v in ('[', ']'):
                raise Refused('operand bundles are not modelled')
        inst.attrs['groups'] = groups
    elif op == 'ret':
        if c.at('void'):
            c.next()
            inst.ty, inst.args = VOID, []
        else:
            t, v = typed_value(c)
            inst.ty, inst.args = t, [v]
        parse_meta_tail(inst, c)
    elif op == 'br':
        if c.at('label'):
            c.next()
            inst.args = [unquote(c.next()[1])]
        else:
            t, v = typed_value(c)
            c.expect(',')
            c.expect('label')
            a = unquote(c.next()[1])
            c.expect(',')
            c.expect('label')
            b = unquote(c.next()[1])
            inst.args = [v, a, b]
        parse_meta_tail(inst, c)
    elif op == 'switch':
        t, v = typed_value(c)
        c.expect(',')
        c.expect('label')
        default = unquote(c.next()[1])
        c.expect('[')
        cases = []
        while not c.take(']'):
            ct = parse_type(c)
            cv = parse_value(c, ct)
            c.expect(',')
            c.expect('label')
            cases.append((cv, unquote(c.next()[1])))
        inst.ty, inst.args = t, [v, default, cases]
        parse_meta_tail(inst, c)
    elif op == 'unreachable':
        pass
    else:
        inst.op, inst.extra = 'unparsed', 'instruction %r is not modelled' % op
        return
    if op not in ('call',) and not c.done():
        raise Refused('unexpected %r at the end of: %s' % (c.rest(), inst.text))


def parse_mem_tail(inst, c):
    while c.take(','):
        if c.take('align'):
            inst.attrs['align'] = int(c.next()[1])
        elif c.peek()[0] == 'meta':
            c.i -= 1
            break
        else:
            raise Refused('unexpected %r in: %s' % (c.rest(), inst.text))
    parse_meta_tail(inst, c)


# Metadata attachments that carry no meaning for the value computed (types
# for alias analysis, loop hints, debug locations); any other is refused.
HARMLESS_META = {'!tbaa', '!tbaa.struct', '!llvm.loop', '!dbg', '!annotation', '!srcloc', '!llvm.access.group',
                 '!alias.scope', '!noalias', '!prof', '!heapallocsite', '!llvm.mem.parallel_loop_access'}
MODELLED_META = {'!range', '!noundef', '!nonnull', '!align'}


def parse_meta_tail(inst, c):
    meta = {}
    while c.take(','):
        kind, name = c.next()
        if kind != 'meta':
            raise Refused('unexpected %r in: %s' % (name, inst.text))
        node = c.next()[1]
        if name in HARMLESS_META:
            continue
        if name not in MODELLED_META:
            raise Refused('metadata %s is not modelled: %s' % (name, inst.text))
        meta[name] = node
    if not c.done():
        raise Refused('unexpected %r at the end of: %s' % (c.rest(), inst.text))
    if meta:
        inst.attrs['meta'] = meta


# ==================== Functions and modules ====================

class Function:
    def __init__(self, module, name):
        self.module, self.name = module, name
        self.params, self.ret_ty, self.ret_attrs, self.fn_attrs = [], None, {}, set()
        self.fn_attr_args = {}
        self.blocks, self.order = {}, []
        self.linkage = ''
        self.error = None
        self._loops = None
        self._live = None

    def where(self):
        return '%s in %s' % (self.name, self.module.path)


class Block:
    def __init__(self, name):
        self.name, self.insts, self.phis = name, [], []


class Module:
    def __init__(self, path):
        self.path = path
        self.types, self.globals, self.functions, self.declares = {}, {}, {}, {}
        self.groups = {}
        self.meta = {}


GLOBAL_LINE = re.compile(r'^@')
DEFINE = re.compile(r'^define\b')


def parse_module(path, text=None):
    if text is None:
        with open(path, encoding='utf-8', errors='surrogateescape') as fh:
            text = fh.read()
    m = Module(path)
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        raw = lines[i]
        line = strip_comment(raw).strip()
        i += 1
        if not line:
            continue
        if line.startswith('%') and '= type' in line:
            c = Cursor(tokenize(line), line)
            name = unquote(c.next()[1])
            c.expect('=')
            c.expect('type')
            m.types[name] = parse_type(c)
        elif line.startswith('@'):
            parse_global(m, line, i)
        elif line.startswith('define'):
            start = i
            body = []
            while i < len(lines) and strip_comment(lines[i]).strip() != '}':
                body.append((i + 1, lines[i]))
                i += 1
            i += 1
            parse_function(m, line, start, body)
        elif line.startswith('declare'):
            c = Cursor(tokenize(line), line)
            c.next()
            parse_linkage(c)
            ret_attrs = parse_attrs(c)
            ret_ty = parse_type(c)
            name = unquote(c.next()[1])
            m.declares[name] = (ret_ty, ret_attrs, line)
        elif line.startswith('attributes'):
            c = Cursor(tokenize(line), line)
            c.next()
            gid = c.next()[1]
            c.expect('=')
            c.expect('{')
            m.groups[gid] = parse_fn_attrs(c, '}')
        elif line.startswith('!'):
            name, _, rest = line.partition('=')
            m.meta[name.strip()] = rest.strip()
    return m


LINKAGE = {'private', 'internal', 'available_externally', 'linkonce', 'weak', 'common', 'appending',
           'extern_weak', 'linkonce_odr', 'weak_odr', 'external', 'dso_local', 'dso_preemptable',
           'hidden', 'protected', 'default', 'unnamed_addr', 'local_unnamed_addr', 'dllimport',
           'dllexport', 'thread_local', 'externally_initialized'}


def parse_linkage(c):
    words = []
    while c.at(*LINKAGE) or c.at('fastcc', 'ccc', 'coldcc'):
        words.append(c.next()[1])
    return words


def parse_fn_attrs(c, close=None):
    """Function attributes: a set of words, memory(...) kept as text."""
    words, args = set(), {}
    while not c.done():
        kind, v = c.peek()
        if close and v == close:
            c.next()
            break
        c.next()
        if kind == 'str':
            if c.take('='):
                c.next()
            continue
        if kind == 'word':
            words.add(v)
            if c.at('('):
                args[v] = c.group()
        elif kind == 'group':
            words.add(v)
        elif v == '{':
            break
    return words, args


def parse_global(m, line, lineno):
    c = Cursor(tokenize(line), line)
    name = unquote(c.next()[1])
    c.expect('=')
    link = parse_linkage(c)
    if c.at('addrspace'):
        raise Refused('address spaces are not modelled: ' + line)
    kind = c.next()[1]
    if kind not in ('global', 'constant'):
        m.globals[name] = {'error': 'global %s: %r is not modelled' % (name, kind), 'line': lineno}
        return
    ty = parse_type(c)
    init = None
    if 'external' not in link and not c.done() and not c.at(','):
        try:
            init = parse_value(c, ty)
        except Refused as e:
            m.globals[name] = {'error': str(e), 'line': lineno}
            return
    align = None
    while c.take(','):
        if c.take('align'):
            align = int(c.next()[1])
        elif c.take('section'):
            c.next()
        else:
            break
    m.globals[name] = {'ty': ty, 'init': init, 'const': kind == 'constant', 'align': align,
                       'linkage': link, 'line': lineno, 'text': line}


def parse_function(m, header, lineno, body):
    c = Cursor(tokenize(header), header)
    c.next()  # define
    f = None
    try:
        link = parse_linkage(c)
        ret_attrs = parse_attrs(c)
        ret_ty = parse_type(c)
        name = unquote(c.next()[1])
        f = Function(m, name)
        f.linkage, f.ret_ty, f.ret_attrs = link, ret_ty, ret_attrs
        c.expect('(')
        if not c.take(')'):
            while True:
                if c.at('...'):
                    raise Refused('variadic functions are not modelled')
                t = parse_type(c)
                attrs = parse_attrs(c)
                pname = None
                if c.peek()[0] == 'local':
                    pname = unquote(c.next()[1])
                f.params.append((pname, t, attrs))
                if c.take(')'):
                    break
                c.expect(',')
        words, args = parse_fn_attrs(c, '{')
        f.fn_words, f.fn_attr_args = words, args
    except Refused as e:
        if f is None:
            f = Function(m, header.split('@', 1)[1].split('(', 1)[0])
        f.error = 'line %d: %s (%s)' % (lineno, header.strip(), e)
        m.functions[f.name] = f
        return
    m.functions[f.name] = f
    # Unnamed values are numbered from the parameters on; the entry block
    # takes the next number when it has no label.
    counter = 0
    for k, (pname, t, a) in enumerate(f.params):
        if pname is None:
            pname = '%' + str(counter)
            f.params[k] = (pname, t, a)
        if re.fullmatch(r'%\d+', pname):
            counter = int(pname[1:]) + 1
    block = None
    pending = None
    for ln, raw in body:
        text = strip_comment(raw).strip()
        if not text:
            continue
        if pending is not None:
            pending = (pending[0], pending[1] + ' ' + text)
            if ']' in text:
                ln0, t0 = pending
                block.insts.append(parse_inst(t0, ln0))
                pending = None
            continue
        lab = re.fullmatch(r'("[^"]*"|[-\w.$]+):', text)
        if lab:
            name = '%' + lab.group(1).strip('"')
            block = Block(name)
            f.blocks[name] = block
            f.order.append(name)
            continue
        if block is None:
            name = '%' + str(counter)
            block = Block(name)
            f.blocks[name] = block
            f.order.append(name)
        if text.startswith('#dbg_'):
            continue  # a debug record: no meaning for the values
        if re.match(r'(%\S+ = )?switch\b', text) and ']' not in text:
            pending = (ln, text)
            continue
        block.insts.append(parse_inst(text, ln))
    for b in f.blocks.values():
        b.phis = [i for i in b.insts if i.op == 'phi']
    f.attr_words = set()
    for w in f.fn_words:
        if w.startswith('#'):
            gw, gargs = m.groups.get(w, (set(), {}))
            f.attr_words |= gw
            f.fn_attr_args.update(gargs)
        else:
            f.attr_words.add(w)


# ==================== Control flow ====================

def successors(block):
    term = block.insts[-1]
    if term.op == 'br':
        return [term.args[0]] if len(term.args) == 1 else [term.args[1], term.args[2]]
    if term.op == 'switch':
        return [term.args[1]] + [lab for _, lab in term.args[2]]
    return []


def loop_info(f):
    """Loop headers (targets of back edges in a depth-first search from the
    entry) and, for each, the blocks of its natural loop."""
    if f._loops is not None:
        return f._loops
    entry = f.order[0]
    state, back = {}, []
    stack = [(entry, iter(successors(f.blocks[entry])))]
    state[entry] = 1
    while stack:
        name, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            state[name] = 2
            stack.pop()
            continue
        s = state.get(nxt, 0)
        if s == 0:
            state[nxt] = 1
            stack.append((nxt, iter(successors(f.blocks[nxt]))))
        elif s == 1:
            back.append((name, nxt))
    preds = {n: [] for n in f.blocks}
    for n in f.blocks:
        for s in successors(f.blocks[n]):
            preds[s].append(n)
    loops = {}
    for tail, head in back:
        body = loops.setdefault(head, {head})
        work = [tail]
        while work:
            n = work.pop()
            if n not in body:
                body.add(n)
                work.extend(preds[n])
    f._loops = loops
    return loops


def live_in(f):
    """Registers live on entry to each block (standard backward dataflow; a
    phi's operand counts as used at the end of its predecessor)."""
    if f._live is not None:
        return f._live
    uses, defs, phi_uses = {}, {}, {}
    for n, b in f.blocks.items():
        u, d = set(), set()
        for inst in b.insts:
            if inst.op == 'phi':
                for lab, v in inst.args:
                    if v[0] == 'local':
                        phi_uses.setdefault(lab, set()).add(v[1])
            else:
                for name in operand_names(inst):
                    if name not in d:
                        u.add(name)
            if inst.dest:
                d.add(inst.dest)
        uses[n], defs[n] = u, d
    live = {n: set() for n in f.blocks}
    changed = True
    while changed:
        changed = False
        for n in reversed(f.order):
            b = f.blocks[n]
            out = set(phi_uses.get(n, ()))
            for s in successors(b):
                phidefs = {i.dest for i in f.blocks[s].phis}
                out |= live[s] - phidefs
            new = uses[n] | (out - defs[n])
            new |= {i.dest for i in b.phis}
            if new != live[n]:
                live[n] = new
                changed = True
    f._live = live
    return live


def operand_names(inst):
    out = []

    def walk(v):
        if isinstance(v, tuple):
            if len(v) == 2 and v[0] == 'local' and isinstance(v[1], str):
                out.append(v[1])
                return
            for x in v:
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(inst.args)
    return out


def live_at(f, block, idx):
    """Registers live just before instruction idx of block."""
    live = live_in(f)
    b = f.blocks[block]
    out = set()
    for s in successors(b):
        sb = f.blocks[s]
        out |= live[s] - {p.dest for p in sb.phis}
        for p in sb.phis:
            for lab, v in p.args:
                if lab == block and v[0] == 'local':
                    out.add(v[1])
    for inst in reversed(b.insts[idx:]):
        if inst.dest:
            out.discard(inst.dest)
        if inst.op != 'phi':
            out |= set(operand_names(inst))
    if idx <= len(b.phis):
        out |= {p.dest for p in b.phis}
    return out


def loop_of(f, block):
    """The innermost natural loop holding block: (header, body), or None."""
    best = None
    for h, body in loop_info(f).items():
        if block in body and (best is None or len(body) < len(best[1])):
            best = (h, body)
    return best
