#!/usr/bin/env bats
# What make shows a person: a golf that does not compile shows its error
# with its raw bytes escaped; and the main job's MISMATCH lines line up.
# (That the golf's warnings stay in a log in the build tree, never on the
# terminal, toolchains.bats checks on a fresh checkout's whole build.)

bats_require_minimum_version 1.7.0
load test_helper

@test "a golf that does not compile shows its error on the terminal, its raw bytes escaped" {
    local bad="$BATS_TEST_TMPDIR/bad golf.c"
    { cat "$ROOT/golf/checkers.c"; printf '\n oops'; } > "$bad"
    run project_make verify-build GOLF="$bad" VERIFY_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/v" GOLF_MATRIX=gcc:-O2
    assert_failure
    assert_output --partial "error:"
    # gcc quotes the golf's line, control bytes and all, in its warning.
    assert_output --partial "$(cat -v "$ROOT/golf/checkers.c")"
    no_raw_bytes
}

@test "the main job's MISMATCH lines line up and name their line of cases.tsv, which holds the row as it is" {
    # A golf that answers false to everything (a program: the sandbox it
    # runs in has no shell).
    local b="$BATS_TEST_TMPDIR/b"
    mkdir -p "$b"
    printf '%s\n' '#include <stdio.h>' \
        'int main(void) { char l[4096]; while (fgets(l, sizeof l, stdin)) if (*l != 35 && *l != 10) puts("false"); return 0; }' |
        "${CC:-gcc}" -x c -o "$b/golf" -
    ln -s "$BUILD/golf-ungolfed" "$BUILD/reference" "$b/"
    run env BUILD="$b" "$ROOT/tests/tools/table.sh"
    assert_failure 1
    local mism
    mism=$(grep -a '^  MISMATCH' <<< "$output")
    [ "$(wc -l <<< "$mism")" -ge 10 ] || fail "too few MISMATCH lines: $mism"
    [[ $mism != *$'\t'* ]] || fail "a MISMATCH line holds a tab"
    # Each column starts at the same place on every line.
    local word starts
    for word in black white want got; do
        starts=$(awk -v w=" $word " '{ print index($0, w) }' <<< "$mism" | sort -u)
        [ "$(wc -l <<< "$starts")" -eq 1 ] || fail "the column '$word' starts at $(xargs <<< "$starts")"
    done
    assert_line "  (sed -n Np cases.tsv prints row N as it is, tabs and all)"
    # The line named holds the row: the same squares, as cases.tsv writes them.
    local first n row
    first=$(head -n 1 <<< "$mism")
    n=$(sed -E 's/.*cases\.tsv:([0-9]+) .*/\1/' <<< "$first")
    row=$(sed -n "${n}p" "$ROOT/cases.tsv")
    [[ $first == *"black $(cut -f1 <<< "$row") "*"white $(cut -f2 <<< "$row") "*"$(cut -f3 <<< "$row") -> $(cut -f4 <<< "$row") "* ]] ||
        fail "line $n of cases.tsv is not the row shown: $row / $first"
}
