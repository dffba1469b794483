#!/usr/bin/env bats
# The golf's own promises: its bytes (size, no trailing newline), its answers
# whatever compiler and optimiser build it, and a twin that compiles clean.

load test_helper

# The byte budget golf/checkers.c must stay within.
GOLF_MAX_BYTES=178

GOLF="$ROOT/golf/checkers.c"

# verdicts BUILD_NAME: make builds $BUILD/golf-BUILD_NAME (compiler-level,
# see GOLF_BUILDS in the Makefile), and it gives every cases.tsv challenge verdict.
verdicts() {
    local program="$BUILD/golf-$1"
    run make -s -C "$ROOT" BUILD="$BUILD" "$program"
    assert_success
    run table_mismatches "$program"
    assert_success
    assert_output ""
}

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
    run make -s -C "$ROOT" bytes
    assert_success
    assert_output --regexp "^$(wc -c < "$GOLF") bytes"
}

@test "the golf builds with gcc -O0 and gives every challenge verdict" { verdicts gcc-O0; }
@test "the golf builds with gcc -O2 and gives every challenge verdict" { verdicts gcc-O2; }
@test "the golf builds with gcc -O3 and gives every challenge verdict" { verdicts gcc-O3; }
@test "the golf builds with clang -O0 and gives every challenge verdict" { verdicts clang-O0; }
@test "the golf builds with clang -O2 and gives every challenge verdict" { verdicts clang-O2; }

@test "the ungolfed twin compiles without a warning under gcc and clang" {
    local cc
    for cc in gcc clang; do
        run "$cc" -std=c11 -Wall -Wextra -pedantic -c -o "$BATS_TEST_TMPDIR/ungolfed-$cc.o" \
            "$ROOT/golf/ungolfed.c"
        assert_success
        assert_output ""
    done
}
