"""trust.py - what make prove checks about a candidate before and beside the
proof, so that the theorem is about the program the driver runs:

- its signature: f must be what golf/driver.c calls (its prototype, put
  before the candidate: a compiler that finds them incompatible refuses it);
- the program as linked: the golf's objects may define f and their own
  helpers and globals, but no external name that the driver, the reference
  code linked with it, or the C library also has (a golf's fputs would
  replace the driver's), and no constructor or destructor (code that runs
  without a call of f);
- C's undefined behaviour that leaves no trace in the IR: the compilers'
  own diagnostics for it (REFUSED_WARNINGS), under gcc and clang-19, each
  one a refusal naming the candidate's file and line; and UBSan, the golf
  built with -fsanitize=undefined -fno-sanitize-recover, over the
  differential's positions (tests/differential.c).

Each check returns a list of refusals, one line each (empty: passed)."""
import os
import re
import subprocess

# Diagnostics that mean undefined behaviour (or a read of a value never
# written): a golf that draws one is refused.  Chosen by name, so the
# golf's usual warnings (-Wmultichar, implicit int, K&R definitions, an
# empty loop body) pass.  gcc's -Wmaybe-uninitialized is a guess (it fires
# on correct golfs at -O2), so it is not among them.
REFUSED_WARNINGS = {
    # gcc
    'sequence-point', 'strict-aliasing', 'shift-negative-value', 'shift-count-overflow',
    'shift-count-negative', 'shift-overflow', 'overflow', 'div-by-zero', 'array-bounds',
    'aggressive-loop-optimizations', 'uninitialized', 'stringop-overflow', 'return-local-addr',
    # clang
    'unsequenced', 'integer-overflow', 'division-by-zero', 'sometimes-uninitialized',
    'return-stack-address', 'null-dereference',
}
# How each compiler is asked: the golf's own flags, at -O2 (gcc's
# -Wstrict-aliasing and its flow warnings need the optimizer), every
# refused warning on.
WARN_FLAGS = ['-Wall', '-Wextra', '-Wsequence-point', '-Wstrict-aliasing', '-Wshift-negative-value',
              '-Wshift-count-overflow', '-Wshift-count-negative', '-Wshift-overflow']
DIAG = re.compile(r'^(?P<where>.*?:\d+(?::\d+)?): (?:warning|error): (?P<what>.*) \[-W(?:error=)?(?P<name>[\w=-]+)\]$')


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors='replace', **kw)


def prototype(driver_source):
    """The driver's declaration of f, as written in driver_source."""
    with open(driver_source) as fh:
        for line in fh:
            if re.match(r'^\s*int\s+f\s*\(', line):
                return line.strip()
    raise SystemExit('prove: no prototype of f in %s' % driver_source)


def with_line(source, prefix):
    """The candidate's text after prefix, with a #line so every diagnostic
    names the candidate's own file and line."""
    with open(source, 'rb') as fh:
        text = fh.read()
    return prefix.encode() + ('\n#line 1 "%s"\n' % source.replace('\\', '\\\\').replace('"', '\\"')).encode() + text


def check_signature(source, driver_source, cc, flags, log):
    """f's definition compiled after the driver's prototype: a conflict
    (another return type, other parameter types) is a refusal."""
    proto = prototype(driver_source)
    p = run([cc, *flags, '-fsyntax-only', '-x', 'c', '-'], input=with_line(source, proto).decode('latin-1'))
    log.append('== %s -fsyntax-only, after %s (%s)\n%s' % (cc, proto, driver_source, p.stderr))
    if p.returncode == 0:
        return []
    first = next((l for l in p.stderr.splitlines() if ': error: ' in l), p.stderr.strip().split('\n')[0])
    return ['%s: f must be %s (the driver\'s prototype, %s): %s' % (source, proto.rstrip(';'), driver_source,
                                                                   first.split(': error: ', 1)[-1])]


def check_diagnostics(source, compilers, flags, log):
    """Each compiler's diagnostics for undefined behaviour, one refusal each."""
    out = []
    for cc in compilers:
        p = run([cc, *flags, '-O2', *WARN_FLAGS, '-c', '-o', os.devnull, '-x', 'c', '-'],
                input=with_line(source, '').decode('latin-1'))
        log.append('== %s -O2 %s\n%s' % (cc, ' '.join(WARN_FLAGS), p.stderr))
        for line in p.stderr.splitlines():
            m = DIAG.match(line)
            if m and m.group('name').split('=')[0] in REFUSED_WARNINGS:
                out.append('%s: %s: %s [-W%s]: undefined behaviour' % (m.group('where'), cc, m.group('what'),
                                                                       m.group('name')))
    return out


def external_symbols(obj, defined):
    """The external names obj defines (defined=True) or uses (False)."""
    p = run(['nm', '-P', '--extern-only', '--defined-only' if defined else '--undefined-only', obj])
    if p.returncode:
        raise SystemExit('prove: nm %s: %s' % (obj, p.stderr.strip()))
    return {l.split()[0] for l in p.stdout.splitlines() if l.strip()}


def libc_symbols(cc):
    """The names the C library exports (its dynamic symbols)."""
    path = run([cc, '-print-file-name=libc.so.6']).stdout.strip()
    if not path or not os.path.isabs(path):
        return set()
    p = run(['nm', '-D', '--defined-only', '-P', path])
    return {l.split()[0].split('@')[0] for l in p.stdout.splitlines() if l.strip()}


def check_symbols(source, golf_objects, link_objects, cc):
    """A golf object's external names against what it is linked with."""
    taken = libc_symbols(cc)
    for o in link_objects:
        taken |= external_symbols(o, True) | external_symbols(o, False)
    out = []
    for g in golf_objects:
        # Code that runs without a call of f: constructors and destructors.
        p = run(['objdump', '-h', g])
        hooks = sorted({w for l in p.stdout.splitlines() for w in l.split()
                        if w in ('.init_array', '.fini_array', '.ctors', '.dtors', '.preinit_array')})
        if hooks:
            out.append('%s has code that runs outside f (%s in %s): the proof covers f only'
                       % (source, ', '.join(hooks), os.path.basename(g)))
        clash = sorted(external_symbols(g, True) & taken - {'f'})
        if clash:
            out.append('%s defines %s, which the driver, the reference code or the C library also has '
                       '(%s): the program as linked would not be the one proved; a golf may define only f '
                       'and names of its own' % (source, ', '.join(clash), os.path.basename(g)))
    return out


UBSAN_REPORT = re.compile(r'^(?P<where>[^\s:][^:]*:\d+:\d+): runtime error: (?P<what>.*)$')


def check_ubsan(source, copy, programs, positions):
    """Each differential program (label, path), the golf built with UBSan,
    all at once: a runtime error on its positions is a refusal naming the
    line.  (A mismatch is left to the proof, which prints its row.)"""
    out = []
    env = dict(os.environ, UBSAN_OPTIONS='halt_on_error=1:print_stacktrace=0:print_summary=0:exitcode=86')
    running = [(label, subprocess.Popen([prog, str(positions)], env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, errors='replace'))
               for label, prog in programs]
    for label, p in running:
        stdout, stderr = p.communicate()
        for line in stderr.splitlines():
            m = UBSAN_REPORT.match(line)
            if m:
                where = m.group('where')
                if copy and where.startswith(copy + ':'):
                    where = source + where[len(copy):]
                out.append('%s: %s, UBSan on the differential\'s positions: %s: undefined behaviour'
                           % (where, label, m.group('what')))
                break
        else:
            if p.returncode not in (0, 1) or (p.returncode == 1 and 'mismatch' not in stdout):
                out.append('%s: %s under UBSan stopped with status %d: %s'
                           % (source, label, p.returncode, (stderr.strip() or stdout.strip())[:300]))
    return out
