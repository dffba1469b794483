"""alone.py - the candidate means the same wherever it is compiled.

The proof compiles the candidate in the build tree; the judge's programs
compile it there too; the site compiles it under yet another name, in
another directory, on another day.  A candidate whose text after the
preprocessor depends on any of these is not the program proved, so it is
refused.  Two checks, both on the candidate's own bytes (never decoded):

- The preprocessor's view, compared: the bytes copied under two names in
  two directories (with -I of each), with two dates (SOURCE_DATE_EPOCH)
  and two file times, preprocessed by each compiler with the golf's flags:
  the two texts must be the same, but for the file's own name in the line
  markers.  This finds what no list names.
- The directives and names that reach outside the file, by a lexer over
  the bytes (comments, strings and line splices as C has them):
  directives other than DIRECTIVES (#include, #include_next, #import,
  #embed, #line, #pragma, #ident, #sccs, #assert, a line marker, ...);
  _Pragma and the names in NAMES, anywhere; token pasting (##), which
  could form such a name out of pieces the lexer cannot see; gnu89's asm
  keyword (`asm(".incbin \\"/etc/os-release\\"")` puts this machine's file
  in the object, the same tokens everywhere).
- The compiler's own names: any name starting with __ (a predefined macro
  such as __GNUC__, __VERSION__, __SSP_STRONG__ or __OPTIMIZE__, a
  preprocessor query such as __has_builtin, a builtin such as
  __builtin_FILE, an attribute or asm keyword) is refused, naming it,
  unless it is one of PURE: builtins that are pure functions of their
  arguments on every compiler.  A name like these tells the program which
  compiler, version, configuration or file it is in, where the site's is
  another.
- The same tokens under every identity (identities()): the candidate
  preprocessed by every compiler at hand (gcc, clang, clang-19 and the
  site's gcc-14, gcc-15, gcc-16 in their root), each at -O0 with PIE and
  the stack protector on (the site's configuration) and with one thing
  changed at a time (-O2; -fno-PIE; -fno-stack-protector; another file
  name and directory; for the site's, /ATO/code.c and another) and all
  changed at once: every token list must be the same (line markers and
  spaces aside).  This finds what no list of names does.

Each finding is one line naming the file and line."""
import os
import re
import shutil
import subprocess
import tempfile

# The directives a candidate may use: macros and conditions, nothing that
# reads a file, names a line, or switches the compiler.
DIRECTIVES = {b'define', b'undef', b'if', b'ifdef', b'ifndef', b'elif', b'else', b'endif', b''}
# Names whose meaning depends on the file's name, directory, include path,
# the date or the time, or that switch the compiler from inside.
NAMES = {b'__FILE__', b'__BASE_FILE__', b'__FILE_NAME__', b'__has_include', b'__has_include_next',
         b'__has_embed', b'__DATE__', b'__TIME__', b'__TIMESTAMP__', b'__INCLUDE_LEVEL__', b'_Pragma',
         b'__pragma'}

# Builtins a candidate may name: pure functions of their arguments, the
# same on every compiler (a bit count, a byte swap, a branch hint), and the
# 128-bit integer type.
PURE = {b'__builtin_popcount', b'__builtin_popcountl', b'__builtin_popcountll', b'__builtin_ctz',
        b'__builtin_ctzl', b'__builtin_ctzll', b'__builtin_clz', b'__builtin_clzl', b'__builtin_clzll',
        b'__builtin_ffs', b'__builtin_ffsl', b'__builtin_ffsll', b'__builtin_parity', b'__builtin_parityl',
        b'__builtin_parityll', b'__builtin_bswap32', b'__builtin_bswap64', b'__builtin_expect', b'__int128'}
COMPILER_NAMES = True  # prove.py --plant no-compiler-names (tests only): the __ names let through
IDENTITIES = True  # prove.py --plant one-identity (tests only): one compiler and setting, nothing compared

TOKEN = re.compile(rb'''
    (?P<comment>/\*.*?(?:\*/|\Z)|//[^\n]*)
  | (?P<string>(?:L|u8|u|U)?"(?:[^"\\\n]|\\.)*"?|(?:L|u8|u|U)?'(?:[^'\\\n]|\\.)*'?)
  | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<hash>\#\#|%:%:|\#|%:)
  | (?P<newline>\n)
  | (?P<other>.)
''', re.S | re.X)


def lex(data):
    """(line, kind, bytes) of each token, line splices removed (a token's
    line is the physical line it starts on)."""
    # Map each byte of the spliced text back to its physical line.
    spliced, lines, line = bytearray(), [], 1
    k = 0
    while k < len(data):
        if data[k:k + 2] == b'\\\n':
            k, line = k + 2, line + 1
            continue
        if data[k:k + 3] == b'\\\r\n':
            k, line = k + 3, line + 1
            continue
        spliced.append(data[k])
        lines.append(line)
        if data[k] == 0x0a:
            line += 1
        k += 1
    text = bytes(spliced)
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == 'other' and m.group().isspace():
            continue
        yield lines[m.start()] if m.start() < len(lines) else line, kind, m.group()


def check_text(source, data):
    """The directives and names that reach outside the file."""
    out = []
    at_line_start, after_hash = True, False
    for line, kind, tok in lex(data):
        if kind == 'comment':
            continue  # one space: a directive's # may follow it
        if kind == 'newline':
            at_line_start, after_hash = True, False
            continue
        if after_hash:
            after_hash = False
            name = tok if kind == 'name' else b'?' + tok
            if kind == 'string' or kind == 'other' and tok.isdigit():
                out.append('%s:%d: a line marker (# NUMBER "file"): refused, it renames the file' % (source, line))
            elif name not in DIRECTIVES:
                out.append('%s:%d: #%s: only #define, #undef and the conditionals are allowed (a directive '
                           'can read another file, rename this one or switch the compiler)'
                           % (source, line, name.decode('ascii', 'backslashreplace')))
            at_line_start = False
            continue
        if kind == 'hash' and tok in (b'#', b'%:') and at_line_start:
            after_hash = True
            at_line_start = False
            continue
        at_line_start = False
        if kind == 'hash' and tok in (b'##', b'%:%:'):
            out.append('%s:%d: token pasting (##) is refused: it can form a name this check cannot see'
                       % (source, line))
        if kind == 'name' and tok in (b'_Pragma', b'__pragma'):
            out.append('%s:%d: %s: a pragma switches the compiler from inside the candidate (its warnings, '
                       'its options)' % (source, line, tok.decode()))
        elif kind == 'name' and tok == b'asm':
            out.append('%s:%d: asm: assembler text is refused: the assembler can read files (.incbin, .include) '
                       'and define any symbol, which the compared tokens do not show' % (source, line))
        elif kind == 'name' and tok in NAMES:
            out.append('%s:%d: %s: its value depends on where, when or how the file is compiled (the site '
                       'compiles it under another name)' % (source, line, tok.decode()))
        elif kind == 'name' and tok.startswith(b'__') and tok not in PURE and COMPILER_NAMES:
            out.append('%s:%d: %s: a name of the compiler\'s own (it starts with __) can tell which compiler, '
                       'version, configuration or file it is in; only pure builtins are allowed (%s)'
                       % (source, line, tok.decode('utf-8', 'backslashreplace'),
                          ', '.join(sorted(p.decode() for p in PURE))))
    return out


def preprocess(cc, flags, data, where, name, epoch):
    """cc -E of data copied to where/name, dated epoch; (status, text)."""
    path = os.path.join(where, name)
    with open(path, 'wb') as fh:
        fh.write(data)
    os.utime(path, (epoch, epoch))
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch), LC_ALL='C')
    p = subprocess.run([cc, *flags, '-E', '-I', where, name], cwd=where, env=env, capture_output=True)
    # The file's own name in the line markers is the one thing allowed to differ.
    marker = re.compile(rb'^(# ?(?:line )?\d+ )"' + re.escape(name.encode()) + rb'"', re.M)
    text = marker.sub(rb'\1"CANDIDATE"', p.stdout)
    return p.returncode, text, p.stderr


def check_compare(source, data, compilers, flags):
    """Each compiler's preprocessed text under two names, directories,
    dates and file times: it must not differ."""
    out = []
    with tempfile.TemporaryDirectory(prefix='alone-') as top:
        a, b = os.path.join(top, 'one'), os.path.join(top, 'two', 'deeper')
        os.makedirs(a)
        os.makedirs(b)
        # A file of the same name one level up from one of them (the build
        # tree has the candidate's copy there): __has_include("../golf.c").
        with open(os.path.join(top, 'golf.c'), 'wb') as fh:
            fh.write(data)
        for cc in compilers:
            sa, ta, ea = preprocess(cc, flags, data, a, 'golf.c', 86400 * 365 * 20 + 3723)
            sb, tb, eb = preprocess(cc, flags, data, b, 'x-other-name.c', 86400 * 365 * 40 + 45296)
            if sa or sb:
                err = (ea or eb).decode('utf-8', 'replace').strip().splitlines()
                out.append('%s: %s -E fails on it alone: %s' % (source, cc, err[0] if err else 'status %d' % (sa or sb)))
                continue
            if ta != tb:
                k = next((i for i in range(min(len(ta), len(tb))) if ta[i] != tb[i]), min(len(ta), len(tb)))
                show = [t[max(0, k - 12):k + 28].decode('utf-8', 'backslashreplace') for t in (ta, tb)]
                out.append('%s: its text after %s -E depends on its name, directory, include path, date or time '
                           '(under two names: %r, %r): the site compiles it under another name'
                           % (source, cc, show[0], show[1]))
    return out


def identities(compilers, site_gccs, site_root):
    """The compilers the candidate is preprocessed by: (label, how) with
    how ('host', command) or ('site', gcc) for the site's root."""
    out = []
    for cc in dict.fromkeys(list(compilers) + ['gcc', 'clang', 'clang-19']):
        if shutil.which(cc):
            out.append((cc, ('host', cc)))
    if site_root:
        out += [('site gcc-%s' % v, ('site', 'gcc-%s' % v)) for v in site_gccs]
    return out


SITE_TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tools', 'site-root')
SETTINGS = [('-O0, PIE, stack protector', ['-O0', '-fPIE', '-fstack-protector-strong'], 0),
            ('-O2', ['-O2', '-fPIE', '-fstack-protector-strong'], 0),
            ('no PIE', ['-O0', '-fno-PIE', '-fstack-protector-strong'], 0),
            ('no stack protector', ['-O0', '-fPIE', '-fno-stack-protector'], 0),
            ('another file name', ['-O0', '-fPIE', '-fstack-protector-strong'], 1),
            ('-O2, no PIE, no protector, another name', ['-O2', '-fno-PIE', '-fno-stack-protector'], 1)]


def tokens(text):
    """The tokens of preprocessed text, line markers and spaces aside."""
    body = re.sub(rb'^#[^\n]*$', b'', text, flags=re.M)
    return [tok for _, kind, tok in lex(body) if kind not in ('newline', 'comment')]


def check_identities(source, data, idents, flags, root):
    """The candidate's tokens after the preprocessor, the same under every
    compiler and setting of idents."""
    out, first = [], None
    with tempfile.TemporaryDirectory(prefix='ident-') as top:
        host = [os.path.join(top, 'golf.c'), os.path.join(top, 'x', 'y', 'other-name.c')]
        os.makedirs(os.path.dirname(host[1]))
        for path in host:
            with open(path, 'wb') as fh:
                fh.write(data)
        site = ['/ATO/code.c', '/tmp/x/other-name.c']
        for label, (kind, cc) in idents:
            for what, opts, name in SETTINGS:
                if kind == 'host':
                    cmd = [cc, *flags, *opts, '-E', host[name]]
                else:
                    cmd = [SITE_TOOL, root, 'cpp', cc, site[name], source, *flags, *opts]
                p = subprocess.run(cmd, capture_output=True, env=dict(os.environ, LC_ALL='C'))
                if p.returncode:
                    err = p.stderr.decode('utf-8', 'replace').strip().splitlines()
                    out.append('%s: %s -E (%s) fails on it alone: %s' % (source, label, what, err[0] if err else
                                                                      'status %d' % p.returncode))
                    return out
                toks = tokens(p.stdout)
                if first is None:
                    first = (label, what, toks)
                    continue
                if toks != first[2]:
                    k = next((i for i in range(min(len(toks), len(first[2]))) if toks[i] != first[2][i]),
                             min(len(toks), len(first[2])))
                    show = [' '.join(t.decode('utf-8', 'backslashreplace') for t in ts[max(0, k - 3):k + 4])
                            for ts in (first[2], toks)]
                    out.append('%s: its tokens after the preprocessor differ between %s (%s) and %s (%s): %r '
                               'against %r: the program proved is not the one the site compiles'
                               % (source, first[0], first[1], label, what, show[0], show[1]))
                    return out
    return out


def check(source, compilers, flags, idents=None, root=None):
    """Every refusal of this module for the candidate file source."""
    with open(source, 'rb') as fh:
        data = fh.read()
    out = check_text(source, data) + check_compare(source, data, compilers, flags)
    if IDENTITIES and idents:
        out += check_identities(source, data, idents, flags, root)
    return out
