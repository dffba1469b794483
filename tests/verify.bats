#!/usr/bin/env bats
# `make verify` in small (tests/oracles/verify.c): the quick slice on the real golf,
# and a planted edge bug it must catch.  The full run is `make verify`.

bats_require_minimum_version 1.7.0
load test_helper

VERIFY="$BUILD/verify/verify"

# The line verify always ends with.
SUMMARY='^verify: [0-9]+ positions, [0-9]+ mismatches, [0-9.]+ s$'

@test "the quick slice of verify finds every golf build agreeing with the reference" {
    [ -x "$VERIFY" ] || fail "$VERIFY is missing: run make test"
    # verify is built from a copy of the golf behind a #line naming it
    # (tests/tools/golf-copy), rewritten only when it changes.
    [ "$(head -n 1 "${VERIFY%/*}/golf.c")" = '#line 1 "golf/checkers.c"' ] &&
        cmp -s <(tail -n +2 "${VERIFY%/*}/golf.c") "$ROOT/golf/checkers.c" && [ ! "$VERIFY" -ot "${VERIFY%/*}/golf.c" ] ||
        fail "$VERIFY was not built from golf/checkers.c as it is: run make test"
    run "$VERIFY" --quick
    assert_success
    assert_line --index -1 --regexp '^verify: [0-9]+ positions, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#verify: }" >&3
}

# The golf marks every index that is no square (one "ghost" index after each
# pair of rows) in one constant.  Clearing the ghost between squares 16 and 17
# lets exactly two jumps leave the board and come back: 24 over 20 (right
# edge) and 25 over 21 (left edge), both landing on the ghost and jumping on
# from there.  One pair per form the constant has had in golf/checkers.c, the
# current form first: the text, then the text with that ghost cleared.  When
# the golf changes its form, add the new one here.
GHOST_MUTATIONS=(
    "F^=-' F^=131072|-'"        # the mask as minus four control bytes 04 02 01 01: bit 17 set
    "F^=' F^=131072|'"          # the mask as four raw bytes FB FD FE FF (not UTF-8): bit 17 set
    '~67240192 ~67109120'       # index 9(n-1)/8: ghosts 8, 17, 26 (0x4020100), inverted
    '0x10080403FF 0x10000403FF' # index (9n+71)/8: off the top 0-9, ghosts 18, 27, 36
)

# plant_ghost_bug FILE: golf/checkers.c with the ghost cleared, into FILE.
plant_ghost_bug() {
    local golf pair search
    golf=$(< "$ROOT/golf/checkers.c")
    for pair in "${GHOST_MUTATIONS[@]}"; do
        search=${pair% *}
        if [[ $golf == *"$search"* && ${golf#*"$search"} != *"$search"* ]]; then
            printf '%s' "${golf/"$search"/"${pair#* }"}" > "$1"
            return 0
        fi
    done
    fail "the mutation needs updating: golf/checkers.c holds none of the ghost masks in GHOST_MUTATIONS once"
}

@test "verify catches a planted bug that shows only where one pair of rows meets a board edge" {
    local mutant="$BATS_TEST_TMPDIR/checkers.c"
    plant_ghost_bug "$mutant"
    ! cmp -s "$ROOT/golf/checkers.c" "$mutant" || fail "the mutation changed nothing"
    # One build is enough to show what verify's search reaches.
    run project_make verify-build GOLF="$mutant" \
        VERIFY_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/verify" GOLF_MATRIX=gcc:-O2
    assert_success
    run "$BATS_TEST_TMPDIR/verify/verify" --quick
    assert_failure 1
    assert_line --index -1 --regexp "$SUMMARY"
    refute_line --index -1 --regexp ' 0 mismatches'
    # The first mismatch: a cases.tsv row starting on 24 or 25 that every
    # build gets wrong, with the reference's own verdict in column 5.
    local row
    row=$(grep -m 1 -P '^[-0-9,]+\t[-0-9,]+\t\d+\t\d+\t(true|false)\t(true|false)\tverify ' <<< "$output")
    [ -n "$row" ] || fail "no cases.tsv row in the output"
    [[ $(cut -f3 <<< "$row") == 2[45] ]] || fail "the first mismatch starts off the edge: $row"
    [[ $row == *"all builds say"* ]] || fail "the row does not name the builds: $row"
    # Above the rows, the same findings for a person: columns padded with
    # spaces, the first one the row's own squares.
    assert_line --regexp '^  black +white +from +to +challenge +english '
    local aligned
    aligned=$(grep -a -A 1 '^  black  ' <<< "$output" | tail -n 1)
    [[ $aligned != *$'\t'* ]] || fail "the aligned view holds a tab: $aligned"
    local want
    want="^  $(cut -f1 <<< "$row") +$(cut -f2 <<< "$row") +$(cut -f3 <<< "$row") +$(cut -f4 <<< "$row") "
    [[ $aligned =~ $want ]] || fail "the aligned line is not the first row: $aligned"
    run "$BUILD/reference" --rule challenge <<< "$row"
    assert_success
    assert_output "$(cut -f5 <<< "$row")"
}
