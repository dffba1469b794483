#!/usr/bin/env bats
# tests/tools/needs, the check every make target that compiles or runs a tool
# starts with: silent when all is there; otherwise, as a user, one message
# naming every missing package, the command the user typed, and the one
# command that installs them (sudo when there is one, su otherwise); as
# root, apt's summary and progress, one apt-get install, and a check again.
# A compiler counts only when it builds, links and runs a C program.  Run
# here on a bare PATH, with id, apt-get, sudo and compilers stood in for.

bats_require_minimum_version 1.7.0
load test_helper

NEEDS="$ROOT/tests/tools/needs"

# A PATH with only the tools the script itself uses, and stand-ins for id
# (uid $1) and apt-get: it logs its arguments, answers --assume-no with a
# summary, reports progress on APT::Status-Fd, and "installs" a package by
# linking this machine's command of the same name into the PATH.
bare_path() {
    local bin="$BATS_TEST_TMPDIR/bin" tool
    mkdir -p "$bin"
    # (and bwrap, every golf run's sandbox: its own test takes it away)
    for tool in bash env sed head cat grep mktemp rm mkdir awk as ld bwrap; do ln -sf "$(command -v "$tool")" "$bin/$tool"; done
    printf '#!/bin/sh\necho %s\n' "$1" > "$bin/id"
    cat > "$bin/apt-get" << EOF
#!/bin/bash
echo "\$*" >> "$BATS_TEST_TMPDIR/apt-get.log"
case " \$* " in
*" --assume-no "*) echo "0 upgraded, 2 newly installed, 0 to remove and 0 not upgraded."
    echo "Need to get 1 MB of archives."; echo "After this operation, 3 MB of additional disk space will be used."
    echo "Abort."; exit 1 ;;
*" -o APT::Status-Fd=3 "*)
    echo "dlstatus:1:50:Retrieving file 1 of 2" >&3; echo "pmstatus:gcc:75:Installing gcc" >&3
    for p in "\$@"; do [ -x "/usr/bin/\$p" ] && "$(command -v ln)" -sf "/usr/bin/\$p" "$bin/\$p"; done ;;
esac
exit 0
EOF
    chmod +x "$bin/id" "$bin/apt-get"
    echo "$bin"
}

# A compiler stand-in named NAME in DIR that builds: its -o FILE is a
# program that runs and exits 0.  For the tests of what the check does
# around the compilers (which python3, which message); the real compilers
# are asked in their own test.
working_cc() {
    printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && printf "#!/bin/sh\\n" > "$2" && "%s" +x "$2"; shift; done\nexit 0\n' \
        "$(command -v chmod)" > "$1/$2"
    chmod +x "$1/$2"
}

# A compiler stand-in named NAME in DIR that fails as gcc does without
# libc6-dev (or with the message MESSAGE).
broken_cc() {
    printf '#!/bin/sh\n[ "$1" = -dumpversion ] && { echo 12; exit 0; }\necho "%s" >&2\nexit 1\n' "$3" > "$1/$2"
    chmod +x "$1/$2"
}

@test "with everything there, the check for make test is silent" {
    run env CC=gcc GOLF_MATRIX="$(golf_matrix)" FUZZ_CC=clang "$NEEDS" test
    assert_success
    assert_output ""
}

@test "as a user without sudo: one message names every missing package, the command typed, and one su command" {
    local path
    path=$(bare_path 1000)
    run env PATH="$path" MAKE_TYPED="make test" CC=gcc GOLF_MATRIX="gcc:-O2 clang:-O0 clang-19:-O2" FUZZ_CC=clang "$NEEDS" test
    assert_failure 1
    assert_line --index 0 "make test needs what this machine lacks:"
    assert_line "  - gcc, a C compiler (package gcc)"
    assert_line "  - the C library's headers and start files, for gcc (package libc6-dev)"
    assert_line "  - valgrind (package valgrind)"
    # One command, each package once, that works without sudo; nothing run.
    run grep -c 'apt-get install' <<< "$output"
    assert_output 1
    run env PATH="$path" MAKE_TYPED="make test" CC=gcc GOLF_MATRIX="gcc:-O2 clang:-O0 clang-19:-O2" FUZZ_CC=clang "$NEEDS" test
    assert_line --regexp "^  su -c 'apt-get update && apt-get install --no-install-recommends gcc libc6-dev zlib1g-dev xxd clang clang-19 binutils nodejs npm libclang-rt-14-dev llvm valgrind openssl parallel bsdutils pkg-config libclang-rt-19-dev'$"
    assert_line --index -1 "Then run make test again."
    [ ! -e "$BATS_TEST_TMPDIR/apt-get.log" ] || fail "apt-get ran for a user: $(cat "$BATS_TEST_TMPDIR/apt-get.log")"
}

@test "the message names the command the user typed: make, not make build; with sudo there, the command uses it" {
    local path
    path=$(bare_path 1000)
    printf '#!/bin/sh\nexit 1\n' > "$path/sudo"
    chmod +x "$path/sudo"
    run env PATH="$path" MAKE_TYPED=make CC=gcc "$NEEDS" build
    assert_failure 1
    assert_output "make needs what this machine lacks:
  - gcc, a C compiler (package gcc)
  - the C library's headers and start files, for gcc (package libc6-dev)
Install it all with one command (sudo runs it as root):
  sudo sh -c 'apt-get update && apt-get install --no-install-recommends gcc libc6-dev'
Then run make again."
    # Through make: the target typed, whatever target's needs it checks.
    run env PATH="$path:$PATH" make -s -C "$ROOT" BUILD="$(in_checkout "$BATS_TEST_TMPDIR")/b" CC=no-such-cc
    assert_failure
    assert_line --index 0 "make needs what this machine lacks:"
    assert_line "Then run make again."
    run env PATH="$path:$PATH" make -s -C "$ROOT" BUILD="$(in_checkout "$BATS_TEST_TMPDIR")/b" CC=no-such-cc build
    assert_line --index 0 "make build needs what this machine lacks:"
}

@test "a gcc that cannot build a C program is missing libc6-dev, or gcc's runtime: the error says which" {
    local path
    path=$(bare_path 1000)
    broken_cc "$path" gcc "hello.c:1:10: fatal error: stdio.h: No such file or directory"
    run env PATH="$path" CC=gcc "$NEEDS" build
    assert_failure 1
    assert_line "  - the C library's headers and start files: gcc cannot build a C program (hello.c:1:10: fatal error: stdio.h: No such file or directory) (package libc6-dev)"
    broken_cc "$path" gcc "/usr/bin/ld: cannot find crt1.o: No such file or directory"
    run env PATH="$path" CC=gcc "$NEEDS" build
    assert_output --partial "(package libc6-dev)"
    broken_cc "$path" clang-19 "/usr/bin/ld: cannot find crtbegin.o: No such file or directory"
    run env PATH="$path" CC=clang-19 "$NEEDS" build
    assert_output --partial "clang-19 cannot link a C program (/usr/bin/ld: cannot find crtbegin.o: No such file or directory) (package libgcc-12-dev)"
    # What no package fixes is said as it is, with no install line.
    broken_cc "$path" gcc "gcc: fatal error: cannot execute 'cc1': execvp: Permission denied"
    run env PATH="$path" CC=gcc "$NEEDS" build
    assert_failure 1
    assert_line "  - gcc cannot build a C program: gcc: fatal error: cannot execute 'cc1': execvp: Permission denied"
    refute_output --partial "apt-get"
}

@test "every run of a golf is sandboxed: without bubblewrap, make names it" {
    local path
    path=$(bare_path 1000)
    working_cc "$path" gcc
    rm "$path/bwrap"
    run env PATH="$path" MAKE_TYPED=make CC=gcc "$NEEDS" build
    assert_failure 1
    assert_line "  - bubblewrap (bwrap): every run of a golf, candidate code, is sandboxed (package bubblewrap)"
}

@test "the real compilers pass the check because they build and run a program" {
    local cc
    for cc in gcc clang clang-19; do
        run env CC="$cc" "$NEEDS" build
        assert_success
        assert_output ""
    done
}

@test "a check that passed is made again only when what it looked at has changed: a compiler replaced fails it" {
    [ -f /var/lib/dpkg/status ] || skip "no /var/lib/dpkg/status here: every check is made, none remembered"
    local path stamps=$BATS_TEST_TMPDIR/stamps
    path=$(bare_path 1000)
    ln -s "$(command -v xargs)" "$(command -v stat)" "$path/"
    # A gcc that logs each time it is asked to build, then builds.
    printf '#!/bin/sh\necho built >> "%s/gcc.log"\nexec %s "$@"\n' "$BATS_TEST_TMPDIR" "$(command -v gcc)" > "$path/gcc"
    chmod +x "$path/gcc"
    run env PATH="$path" NEEDS_STAMPS="$stamps" CC=gcc "$NEEDS" build
    assert_success
    assert_output ""
    [ -s "$stamps/needs-build" ] || fail "the check that passed left no stamp"
    local built
    built=$(wc -l < "$BATS_TEST_TMPDIR/gcc.log")
    # Nothing changed: remembered, no program built.
    run env PATH="$path" NEEDS_STAMPS="$stamps" CC=gcc "$NEEDS" build
    assert_success
    assert_equal "$(wc -l < "$BATS_TEST_TMPDIR/gcc.log")" "$built"
    # The compiler replaced by one that cannot build: checked again, named.
    broken_cc "$path" gcc "hello.c:1:10: fatal error: stdio.h: No such file or directory"
    run env PATH="$path" NEEDS_STAMPS="$stamps" CC=gcc "$NEEDS" build
    assert_failure 1
    assert_output --partial "(package libc6-dev)"
    # Another target, or another CC, is its own check.
    run env PATH="$path" NEEDS_STAMPS="$stamps" CC=no-such-cc "$NEEDS" build
    assert_failure 1
}

@test "as root: apt's summary first, then progress, one apt-get install of them all, and the check again" {
    local path
    path=$(bare_path 0)
    run env PATH="$path" MAKE_TYPED=make CC=gcc "$NEEDS" build
    assert_success
    assert_output "make: installing what is missing:
  - gcc, a C compiler (package gcc)
  - the C library's headers and start files, for gcc (package libc6-dev)
make: apt-get update
make: 0 upgraded, 2 newly installed, 0 to remove and 0 not upgraded.
make: Need to get 1 MB of archives.
make: After this operation, 3 MB of additional disk space will be used.
make: downloading  50%  Retrieving file 1 of 2
make: installing  70%  Installing gcc
make: installed gcc libc6-dev (2 packages with what they need)"
    run cat "$BATS_TEST_TMPDIR/apt-get.log"
    assert_output "update -q
install --no-install-recommends --assume-no gcc libc6-dev
install -y -q --no-install-recommends -o APT::Status-Fd=3 gcc libc6-dev"
}

@test "as root, what the install did not bring is still named, and it fails" {
    local path
    path=$(bare_path 0)
    run env PATH="$path" MAKE_TYPED="make test" CC=gcc GOLF_MATRIX="gcc:-O2 no-such-cc:-O2" FUZZ_CC=clang-19 "$NEEDS" test
    assert_failure 1
    assert_output --partial "make test: installing what is missing:"
    # The message after the install: no-such-cc, but not gcc, now there.
    run sed -n '/^make test needs what this machine lacks:$/,$p' <<< "$output"
    assert_line "  - no-such-cc, a C compiler (package no-such-cc)"
    refute_line "  - gcc, a C compiler (package gcc)"
}

@test "every target that compiles or runs a tool checks first, with the one message: no 'not found' from the shell" {
    local path b target
    path=$(bare_path 1000)
    b=$(in_checkout "$BATS_TEST_TMPDIR")/b
    # Every compiler a target may ask for is missing (the check of the real
    # ones, seconds each, is "the real compilers pass" and the first test's);
    # but clang-19, which test and sanitize ask for by name.
    for target in build matrix differential verify verify-build mutants submit test sanitize; do
        run env PATH="$path:$PATH" make -s -C "$ROOT" BUILD="$b" CC=no-such-cc GOLF_MATRIX="no-such-cc:-O2" \
            FUZZ_CC=no-such-cc PROVE_BUILDS="no-such-cc:-O2" PYTHON_CANDIDATES=no-such-python3 "$target"
        assert_failure
        assert_line --index 0 "make $target needs what this machine lacks:"
        assert_line "  - no-such-cc, a C compiler (package no-such-cc)"
        refute_output --partial "not found"
    done
    run env PATH="$path:$PATH" FUZZ_CC=no-such-clang make -s -C "$ROOT" BUILD="$b" fuzz
    assert_failure
    assert_line "  - no-such-clang, a C compiler (package no-such-clang)"
    # The check's scratch space aside, nothing was built.
    run find "$BATS_TEST_TMPDIR/b" -type f
    assert_output ""
}

@test "lint and fuzz check their own needs" {
    local path
    path=$(bare_path 1000)
    run env PATH="$path" "$NEEDS" lint
    assert_failure 1
    assert_output --partial "apt-get install --no-install-recommends cppcheck clang-tidy'"
    run env PATH="$path" FUZZ_CC=clang-19 "$NEEDS" fuzz
    assert_failure 1
    assert_output --partial "apt-get install --no-install-recommends clang-19 libclang-rt-19-dev llvm'"
}

@test "make prove needs clang-19 and a python3 that imports z3: PYTHON if set, else the first candidate that does" {
    local path
    path=$(bare_path 1000)
    # make prove builds the reference's CLI too: the C compiler, CC.  Both
    # stand-ins that build (the real ones: "the real compilers pass").
    working_cc "$path" clang-19
    working_cc "$path" gcc
    # and nm, for the name f in each build of the golf (the Makefile's golf_names_f).
    ln -sf "$(command -v nm)" "$path/nm"
    printf '#!/bin/sh\nexit 1\n' > "$path/python-no-z3"
    printf '#!/bin/sh\nexit 0\n' > "$path/python-z3"
    chmod +x "$path/python-no-z3" "$path/python-z3"
    run env PATH="$path" PYTHON_CANDIDATES="python-no-z3" "$NEEDS" prove
    assert_failure 1
    assert_line "  - z3 for Python, the solver of make prove (package python3-z3)"
    run env PATH="$path" PYTHON_CANDIDATES="python-no-z3 python-z3" "$NEEDS" prove
    assert_success
    assert_output ""
    run env PATH="$path" PYTHON_CANDIDATES="python-z3" PYTHON=python-no-z3 "$NEEDS" prove
    assert_failure 1
    assert_line --partial "  - PYTHON=python-no-z3 cannot import z3"
    # A python3 with z3 but no capstone (the check's one run of it exits 4).
    printf '#!/bin/sh\nexit 4\n' > "$path/python-no-capstone"
    chmod +x "$path/python-no-capstone"
    run env PATH="$path" PYTHON_CANDIDATES="python-no-capstone python-z3" "$NEEDS" prove
    assert_failure 1
    assert_line "  - capstone for Python, the disassembler make prove reads gcc's machine code with (package python3-capstone)"
    refute_output --partial python3-z3
    # Without clang-19, both are named.
    rm "$path/clang-19"
    run env PATH="$path" PYTHON_CANDIDATES="python-no-z3" "$NEEDS" prove
    assert_output --partial "apt-get install --no-install-recommends clang-19 libclang-rt-19-dev python3-z3 python3-capstone'"
    # The Makefile's PYTHON follows the same rule.
    local saved=$PATH
    PATH="$path:$PATH"
    run project_make PYTHON_CANDIDATES="python-no-z3 python-z3" print-PYTHON
    PATH=$saved
    assert_output python-z3
}

@test "make judge (and submit) install the proof's needs as make prove does, as root; where they cannot be had, the judge goes on" {
    local path
    path=$(bare_path 0)
    working_cc "$path" gcc
    working_cc "$path" clang-19
    ln -sf "$(command -v objcopy)" "$path/objcopy"
    ln -sf "$(command -v nm)" "$path/nm"
    printf '#!/bin/sh\nexit 1\n' > "$path/python-no-z3"
    chmod +x "$path/python-no-z3"
    # as root: the proof's packages in the one install, and the check passes
    # whatever the install could not bring (judge.sh says what is missing)
    run env PATH="$path" MAKE_TYPED="make judge" CC=gcc GOLF_MATRIX=gcc:-O2 PYTHON_CANDIDATES=python-no-z3 "$NEEDS" judge
    assert_success
    assert_line --partial "  - z3 for Python, the solver of make prove (package python3-z3)"
    run grep -c '^install -y .* python3-z3 python3-capstone$' "$BATS_TEST_TMPDIR/apt-get.log"
    assert_output 1
    # as a user: nothing to install, nothing refused
    path=$(bare_path 1000)
    working_cc "$path" gcc
    ln -sf "$(command -v objcopy)" "$path/objcopy"
    printf '#!/bin/sh\nexit 1\n' > "$path/python-no-z3"
    chmod +x "$path/python-no-z3"
    run env PATH="$path" CC=gcc GOLF_MATRIX=gcc:-O2 PYTHON_CANDIDATES=python-no-z3 "$NEEDS" judge
    assert_success
    assert_output ""
}

@test "make prove chooses its python3 after the check that installs z3: the first run after the install proves" {
    local bin="$BATS_TEST_TMPDIR/py" marker="$BATS_TEST_TMPDIR/z3-installed"
    mkdir -p "$bin"
    # python-later imports z3 once the check has run (the marker), and runs
    # the proof by saying so; a python3 first on PATH never does.
    printf '#!/bin/sh\n[ -e "%s" ] || exit 1\ncase "$*" in "-c "*) exit 0 ;; esac\necho "proof run by python-later"\n' \
        "$marker" > "$bin/python-later"
    printf '#!/bin/sh\necho "proof run by the first python3 on PATH, which cannot import z3"; exit 9\n' > "$bin/python3"
    chmod +x "$bin/python-later" "$bin/python3"
    PATH="$bin:$PATH" run project_make prove NEEDS="touch $(printf '%q' "$marker"); true" PYTHON_CANDIDATES=python-later \
        PROVE_BUILDS=gcc:-O2 PROVE_UBSAN=
    assert_success
    assert_output "proof run by python-later"
}

@test "make fresh needs debootstrap and root" {
    local path
    path=$(bare_path 1000)
    run env PATH="$path" MAKE_TYPED="make fresh" "$NEEDS" fresh
    assert_failure 1
    assert_line "  - debootstrap (builds the minimal Debian root) (package debootstrap)"
    assert_line "  - make fresh runs as root: debootstrap, chroot and mount need it"
}
