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
  could form such a name out of pieces the lexer cannot see.

Each finding is one line naming the file and line."""
import os
import re
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
        elif kind == 'name' and tok in NAMES:
            out.append('%s:%d: %s: its value depends on where, when or how the file is compiled (the site '
                       'compiles it under another name)' % (source, line, tok.decode()))
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


def check(source, compilers, flags):
    """Every refusal of this module for the candidate file source."""
    with open(source, 'rb') as fh:
        data = fh.read()
    return check_text(source, data) + check_compare(source, data, compilers, flags)
