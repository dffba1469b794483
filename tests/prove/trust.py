"""trust.py - what make prove checks about a candidate before and beside the
proof, so that the theorem is about the program the driver runs:

- its signature: f must be what golf/driver.c calls (its prototype, put
  before the candidate: a compiler that finds them incompatible refuses it);
- (the program as linked is allow.py's: each object holds exactly f; the
  text alone, whatever its name or place, is alone.py's);
- C's undefined behaviour that leaves no trace in the IR: the compilers'
  own diagnostics for it (REFUSED_WARNINGS), under gcc and clang-19, each
  one a refusal naming the candidate's file and line; and UBSan, the golf
  built with -fsanitize=undefined -fno-sanitize-recover, over the
  differential's positions (tests/differential.c).

Each check returns a list of refusals, one line each (empty: passed)."""
import os
import re
import subprocess
import tempfile

# Every run of a golf goes through the sandbox (replay.py's).
from replay import SANDBOX  # noqa: E402

# Diagnostics that mean undefined behaviour (or a read of a value never
# written): a golf that draws one is refused.  Chosen by name, so the
# golf's usual warnings (-Wmultichar, implicit int, K&R definitions, an
# empty loop body) pass.  gcc's -Wmaybe-uninitialized is a guess, but a read
# that may be of a value never written is refused rather than proved (our
# golf draws none; clang's -Wconditional-uninitialized, which it draws, is
# not asked for: the model reads a never-written local as poison anyway).
REFUSED_WARNINGS = {
    # gcc
    'sequence-point', 'strict-aliasing', 'shift-negative-value', 'shift-count-overflow',
    'shift-count-negative', 'shift-overflow', 'overflow', 'div-by-zero', 'array-bounds',
    'aggressive-loop-optimizations', 'uninitialized', 'maybe-uninitialized', 'stringop-overflow',
    'return-local-addr',
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
    """cmd's result, its output read as text for the messages (the
    candidate's bytes never go through here: the compilers read its file)."""
    p = subprocess.run(cmd, capture_output=True, **kw)
    p.stdout, p.stderr = (x.decode('utf-8', 'replace') for x in (p.stdout, p.stderr))
    return p


def as_arg(path):
    """A path as a compiler's argument (one starting with - is not an option)."""
    return './' + path if path.startswith('-') else path


def prototype(driver_source):
    """The driver's declaration of f, as written in driver_source."""
    with open(driver_source) as fh:
        for line in fh:
            if re.match(r'^\s*int\s+f\s*\(', line):
                return line.strip()
    raise SystemExit('prove: no prototype of f in %s' % driver_source)


def check_signature(source, driver_source, cc, flags, log):
    """f's definition compiled after the driver's prototype (-include: the
    compiler reads the candidate's own file, its bytes as they are): a
    conflict (another return type, other parameter types) is a refusal."""
    proto = prototype(driver_source)
    with tempfile.NamedTemporaryFile('w', suffix='.h', prefix='prototype-') as h:
        h.write(proto + '\n')
        h.flush()
        p = run([cc, *flags, '-fsyntax-only', '-include', h.name, '-x', 'c', as_arg(source)])
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
        p = run([cc, *flags, '-O2', *WARN_FLAGS, '-c', '-o', os.devnull, '-x', 'c', as_arg(source)])
        log.append('== %s -O2 %s\n%s' % (cc, ' '.join(WARN_FLAGS), p.stderr))
        for line in p.stderr.splitlines():
            m = DIAG.match(line)
            if m and m.group('name').split('=')[0] in REFUSED_WARNINGS:
                out.append('%s: %s: %s [-W%s]: undefined behaviour' % (m.group('where'), cc, m.group('what'),
                                                                       m.group('name')))
    return out


UBSAN_REPORT = re.compile(r'^(?P<where>[^\s:][^:]*:\d+:\d+): runtime error: (?P<what>.*)$')


def check_ubsan(source, copy, programs, positions):
    """Each differential program (label, path), the golf built with UBSan,
    all at once: a runtime error on its positions is a refusal naming the
    line.  (A mismatch is left to the proof, which prints its row.)"""
    out = []
    # (UBSan alone, whatever SAN says: the sandbox limits their memory.)
    env = dict(os.environ, UBSAN_OPTIONS='halt_on_error=1:print_stacktrace=0:print_summary=0:exitcode=86', SAN='')
    running = [(label, subprocess.Popen([SANDBOX, prog, str(positions)], env=env, stdout=subprocess.PIPE,
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
