#!/usr/bin/env bats
# The golf's own promises: its bytes (size, no trailing newline), its flags,
# its answers whatever compiler and level of the matrix build it, and a twin
# that compiles clean.

bats_require_minimum_version 1.11.0 # bats_test_function
load test_helper

# The byte budget golf/checkers.c must stay within.
GOLF_MAX_BYTES=176

GOLF="$ROOT/golf/checkers.c"

@test "golf/checkers.c does not end with a newline" {
    run tail -c 1 "$GOLF"
    assert_success
    [ -n "$output" ] || fail "the last byte is a newline: the site would count it"
}

@test "golf/checkers.c fits the byte budget" {
    local bytes
    bytes=$(wc -c < "$GOLF")
    [ "$bytes" -le "$GOLF_MAX_BYTES" ] || fail "$bytes bytes, the budget is $GOLF_MAX_BYTES"
}

@test "make bytes prints the byte count wc -c gives" {
    run project_make bytes
    assert_success
    assert_output --regexp "^$(wc -c < "$GOLF") bytes"
}

@test "golf/flags is one line, and every golf compile make runs uses it and no -std of its own" {
    run wc -l < "$ROOT/golf/flags"
    assert_output 1
    [ -n "$GOLF_FLAGS" ] || fail "golf/flags is empty"
    # make's own commands for every program, from scratch (-B, dry run -n).
    run project_make -n -B BUILD="$(in_checkout "$BATS_TEST_TMPDIR")/b" test-programs
    assert_success
    local line compiles=0
    while IFS= read -r line; do
        [[ $line == *' -c '* && ( $line == *golf/checkers.c* || $line == *'/golf.c"'* ) ]] || continue
        compiles=$((compiles + 1))
        [[ $line == *" $GOLF_FLAGS "* ]] || fail "a golf compile without the golf's flags: $line"
        [[ ${line//"$GOLF_FLAGS"/} != *-std=* ]] || fail "a golf compile with a -std of its own: $line"
    done <<< "$output"
    # The main build, its -O0 twin, each matrix entry for the tests and for
    # verify; make prove reads the matrix's own objects (one object), so it
    # compiles none of its own.
    local entries
    entries=$(golf_matrix | wc -w)
    [ "$compiles" -eq $((2 + 2 * entries)) ] || fail "$compiles golf compiles, want $((2 + 2 * entries))"
}

# matrix_build ENTRY: compiler:level from the matrix compiles the golf with
# the golf's flags (its diagnostics show here if it refuses), and the
# program make built from that object gives every challenge verdict.
matrix_build() {
    local id=${1/:/}
    run golf_compile "${1%%:*}" "${1#*:}" "$BATS_TEST_TMPDIR/golf.o" "$GOLF"
    assert_success
    [ -x "$BUILD/golf-$id" ] || fail "make test did not build $BUILD/golf-$id"
    run table_mismatches "$BUILD/golf-$id"
    assert_success
    assert_output ""
}

for entry in $(golf_matrix); do
    bats_test_function --description "the golf builds with ${entry/:/ } and its flags, and gives every challenge verdict" \
        -- matrix_build "$entry"
done

@test "the ungolfed twin compiles without a warning under gcc and clang-19" {
    local cc
    for cc in gcc clang-19; do
        run "$cc" -std=c11 -Wall -Wextra -pedantic -c -o "$BATS_TEST_TMPDIR/ungolfed-$cc.o" \
            "$ROOT/golf/ungolfed.c"
        assert_success
        assert_output ""
    done
}
