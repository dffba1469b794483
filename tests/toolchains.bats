#!/usr/bin/env bats
# The project on today's compilers and on a user's machine: every C file but
# the golf builds warning-free under gcc and clang-19; a fresh checkout at a
# path with a space and an apostrophe, with gcc 14's rules (tests/tools/standin/gcc:
# the whole project built and run on this machine as a system whose gcc is
# 14 would, which the real gcc-14, built against Debian unstable's C
# library in the site's root, cannot do here) and clang-19 as clang, builds,
# verifies, submits and runs bats without touching anything outside itself;
# the same checks with the real gcc-14, gcc-15 and gcc-16 (the site's root:
# the golf's matrix verified, the links' programs, the project's C); and a
# change of compiler or flags rebuilds what it made.

bats_require_minimum_version 1.7.0
load test_helper

@test "the links' footer compiles without a warning under gcc and clang-19 with the golf's flags" {
    # C89 as the golf's flags build it, after a stand-in for the golf that
    # draws no warning itself.
    { printf 'int f(int *b, int *w, int s, int e) { return b[0] + w[0] + s + e; }\n'
      cat "$ROOT/golf/post/footer.c"; } > "$BATS_TEST_TMPDIR/footer.c"
    local cc
    for cc in gcc clang-19; do
        # shellcheck disable=SC2086 # GOLF_FLAGS: several flags, or none
        run "$cc" $GOLF_FLAGS -Wall -Wextra -pedantic -c -o /dev/null "$BATS_TEST_TMPDIR/footer.c"
        assert_success
        [ -z "$output" ] || fail "$cc warns on golf/post/footer.c: $output"
    done
}

@test "a fresh checkout at a path with a space and an apostrophe builds, verifies, submits and tests under gcc 14's rules and clang-19, and touches nothing outside itself" {
    local parent="$BATS_TEST_TMPDIR/it's a" repo
    repo="$parent/checkout/repo"
    copy_checkout "$repo"
    # What an unquoted path would split into, beside the checkout.
    mkdir -p "$BATS_TEST_TMPDIR/it's" "$parent/checkout/keep"
    echo keep > "$BATS_TEST_TMPDIR/it's/file"
    local before
    before=$(cd "$BATS_TEST_TMPDIR" && find . -path ./"it's a/checkout/repo" -prune -o -print | sort)

    # A newcomer's make: the defaults, not this run's build tree or compilers.
    unset BUILD CC GOLF_MATRIX CFLAGS MAKEFLAGS MAKELEVEL MFLAGS
    export PATH="$repo/tests/tools/standin:$PATH"
    cd "$repo"
    run make JOBS=2
    assert_success
    assert_line --regexp "golf \(challenge\) +([0-9]+)/\1 agree"
    refute_output --partial MISMATCH
    # The golf's warnings stay off the terminal, in a log beside each
    # object, named once by the main job (golf/README.md, its flags).
    refute_output --partial "warning:"
    refute_output --partial "multichar"
    no_raw_bytes
    assert_line "golf/checkers.c: $(wc -c < golf/checkers.c) bytes (the compiler's warnings on it: build/checkers.o.warnings)"
    grep -q -- "-Wmultichar" build/checkers.o.warnings || fail "no gcc warning in build/checkers.o.warnings"
    run grep -c standin/gcc build/stamps/cc
    assert_output 1
    printf '# gcc: the gcc 14 stand-in (gcc %s with gcc 14'"'"'s errors); the real gcc-14, 15, 16 in the next test\n' "$(command -p gcc -dumpfullversion)" >&3
    # verify's builds under the stand-ins, on a sample (verify.bats runs the
    # quick slice, make verify the whole proof).
    run make VERIFY_ARGS="--sample 300000" JOBS=2 verify
    assert_success
    assert_line --index -1 --regexp '^verify: [0-9]+ positions, 0 mismatches, [0-9.]+ s$'
    assert_output --partial "clang-19 -O2"
    # The matrix's plain clang was clang-19 here.
    run grep -c standin/clang build/stamps/golf-clang-O2
    assert_output 1
    refute_output --partial "warning:"
    grep -q "warning:" build/verify/golf-clang-O2.o.warnings || fail "no clang warning in build/verify/golf-clang-O2.o.warnings"
    # make submit judges first; the proof is prove.bats's, so here its
    # needs are made missing and the post goes out unproved, saying so.
    run make submit PYTHON=/nonexistent SUBMIT_UNPROVED=1
    assert_success
    assert_output --partial "-std=gnu89, $(wc -c < golf/checkers.c) bytes"
    grep -q "not proved for every input" build/answer.md || fail "the unproved post does not say so"
    run make bytes
    assert_success
    run make help
    assert_success
    # bats itself in such a checkout, through tests/tools/run.
    ln -s "$ROOT/node_modules" node_modules
    run tests/tools/run tests/challenge.bats
    assert_success
    assert_line --regexp '^16 passed, 0 failed, 0 skipped$'
    rm node_modules
    run make clean
    assert_success
    [ ! -e build ] || fail "make clean left build/"

    local after
    after=$(cd "$BATS_TEST_TMPDIR" && find . -path ./"it's a/checkout/repo" -prune -o -print | sort)
    assert_equal "$after" "$before"
    assert_equal "$(cat "$BATS_TEST_TMPDIR/it's/file")" keep
}

@test "the real gcc-14, gcc-15 and gcc-16 (the site's root) where the stand-in stood: the golf's matrix built by them verifies, the links' programs built by them print the challenge's verdicts, the project's C compiles under them without a warning" {
    local v f tmp b
    run project_make site-root
    assert_success
    # The golf's matrix, each object by a real gcc (tests/tools/site/gcc-V),
    # verified on a sample; a build tree of its own, so the suite's stays as
    # it is (the site's root shared: SITE_ROOT).
    b=$BATS_TEST_TMPDIR/real
    # given to make relative to the checkout: make cannot take a path with spaces
    run env PATH="$ROOT/tests/tools/site:$PATH" make -s -C "$ROOT" BUILD="$(in_checkout "$b")" SITE_ROOT="$(in_checkout "$BUILD/site-root")" JOBS=2 \
        GOLF_MATRIX="gcc-14:-O0 gcc-15:-O0 gcc-16:-O0 gcc-14:-O2 gcc-15:-O2 gcc-16:-O3" VERIFY_ARGS="--sample 300000" verify
    assert_success
    assert_line --index -1 --regexp '^verify: [0-9]+ positions, 0 mismatches, [0-9.]+ s$'
    assert_line 'verify: builds: gcc-14 -O0, gcc-15 -O0, gcc-16 -O0, gcc-14 -O2, gcc-15 -O2, gcc-16 -O3'
    for v in 14 15 16; do
        grep -q "^gcc-$v (Debian $v\." "$b/stamps/golf-gcc-$v-O0" || fail "not the real gcc-$v: $(cat "$b/stamps/golf-gcc-$v-O0")"
    done
    printf '# %s\n' "${lines[-1]#verify: }" >&3
    # The links' programs: submit.bats's tests again, the root made.
    run "$ROOT/node_modules/bats/bin/bats" -f "under the site's gcc|base64" "$ROOT/tests/submit.bats"
    assert_success
    assert_line --regexp "^# built by the real gcc-16 "
    refute_output --regexp "(built|refused) by the gcc 14 stand-in"
    # The project's own C (what CC builds here), under each real gcc with
    # the project's flags, in the root: not a warning.
    tmp=$BUILD/site-root/ATO/src.$$
    rm -rf "$tmp" && mkdir -p "$tmp"
    (cd "$ROOT" && cp -r --parents reference golf/driver.c golf/ungolfed.c "$tmp/")
    for v in 14 15 16; do
        for f in $(cd "$ROOT" && echo reference/*.c golf/driver.c golf/ungolfed.c); do
            # shellcheck disable=SC2016,SC2046 # $1 expanded in the root's shell; CFLAGS: several flags
            run "$ROOT/tests/tools/site-root" "$BUILD/site-root" run sh -c 'cd "$1" && shift && exec "$@"' sh "src.$$" \
                "gcc-$v" $(project_make -s print-CFLAGS) -Ireference -fsyntax-only "$f"
            assert_success
            [ -z "$output" ] || { rm -rf "$tmp"; fail "gcc-$v on $f: $output"; }
        done
    done
    rm -rf "$tmp"
}

# compiled LOG: what make's output LOG says it compiled from a C source (the
# output of each compiler command that names a .c file, with or without the
# Makefile's tests/tools/atomic prefix), sorted, on one line.
compiled() {
    sed -E 's|^"tests/tools/atomic" "[^"]*" ||' <<< "$1" | grep -aE '^(gcc|clang[-0-9]*) .*\.c"' |
        sed -E 's/.* -o "([^"]*)".*/\1/; s/.*\///' | sort | xargs
}

# but WORD LIST: LIST without WORD.
but() { xargs -n 1 <<< "$2" | grep -vx -- "$1" | xargs; }

# no_warnings COMPILER: make's $output has no warning but the golf's.
no_warnings() {
    local warnings
    warnings=$(grep -a 'warning:' <<< "$output" | grep -av '^golf/checkers\.c:' || true)
    [ -z "$warnings" ] || fail "$1 warns on more than the golf: $warnings"
}

@test "every C file but the golf builds without a warning under gcc and clang-19, and a change of compiler or flags rebuilds exactly what it made" {
    local b all
    b=$(in_checkout "$BATS_TEST_TMPDIR")/rebuild
    # Every program $CC builds, verify's main object, and one matrix build.
    local targets=("$b"/{reference,golf,golf-ungolfed,unit,permalink} "$b"/differential{,-O0,-ungolfed}
        "$b/verify.o" "$b/golf-clang-O2")
    cd "$ROOT"
    run make BUILD="$b" CC=gcc "${targets[@]}"
    assert_success
    no_warnings gcc
    all=$(compiled "$output")
    [[ $all == *"checkers.o"*"golf-clang-O2.o"*"permalink"*"unit verify.o"* ]] || fail "the first build compiled only: $all"

    run make BUILD="$b" CC=gcc "${targets[@]}"
    assert_equal "$(compiled "$output")" ""

    # The main job reads the programs from BUILD, whatever it is.
    run make BUILD="$b" CC=gcc
    assert_success
    assert_equal "$(grep -acE ' ([0-9]+)/\1 agree$' <<< "$output")" 4

    # Another CC: everything it compiled, and only that.
    run make BUILD="$b" CC=clang-19 "${targets[@]}"
    assert_success
    no_warnings clang-19
    assert_equal "$(compiled "$output")" "$(but golf-clang-O2.o "$all")"

    # Back to gcc after a failed build under clang-19: nothing of clang-19's
    # stays (one program shows it: all its objects are made again).
    run make BUILD="$b" CC=clang-19 CFLAGS=-std=no-such-standard "${targets[@]}"
    assert_failure
    run make BUILD="$b" CC=gcc "$b/golf"
    assert_success
    # The golf's program: its driver, the golf and the Makefile's REF_LIB.
    assert_equal "$(compiled "$output")" "$(make_list REF_LIB | sed 's/.*\///' | cat - <(printf '%s\n' checkers.o driver.o) | sort | xargs)"

    # Other flags, the same compiler.
    run make BUILD="$b" CC=gcc CFLAGS="-std=c11 -O1" "$b/board.o"
    assert_equal "$(compiled "$output")" board.o

    # Another program behind the same name: clang is now clang-19.
    mkdir "$BATS_TEST_TMPDIR/bin"
    ln -s "$(command -v clang-19)" "$BATS_TEST_TMPDIR/bin/clang"
    run env PATH="$BATS_TEST_TMPDIR/bin:$PATH" make BUILD="$b" CC=gcc "$b/golf-clang-O2.o"
    assert_success
    assert_equal "$(compiled "$output")" golf-clang-O2.o
}

@test "the fuzzers, built by clang for libFuzzer, also compile without a warning under gcc and clang-19" {
    local cflags cc f
    cflags=$(project_make print-CFLAGS)
    for cc in gcc clang-19; do
        for f in "$ROOT"/tests/fuzz/*.c; do
            # shellcheck disable=SC2086 # CFLAGS: several flags
            run "$cc" $cflags -I"$ROOT/reference" -I"$ROOT/tests/oracles" -c -o /dev/null "$f"
            assert_success
            assert_output ""
        done
    done
}
