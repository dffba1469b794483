#!/usr/bin/env bats
# The golf (at -O2 and -O0) and its ungolfed twin against the reference on a
# million seeded random positions each, in one process per build
# (tests/oracles/differential.c).  A mismatch prints a ready cases.tsv row.

bats_require_minimum_version 1.7.0
load test_helper

POSITIONS=1000000
# Each build's program and seed: different seeds, so three million positions.
RUNS="differential:1 differential-O0:2 differential-ungolfed:3"

# The three runs go side by side here (two cores); the tests read the outcomes.
setup_file() {
    local run program
    for run in $RUNS; do
        program=${run%:*}
        [ -x "$BUILD/$program" ] || continue
        {
            local code=0
            "$BUILD/$program" "$POSITIONS" "${run#*:}" > "$BATS_FILE_TMPDIR/$program.out" 2>&1 || code=$?
            echo "$code" > "$BATS_FILE_TMPDIR/$program.status"
        } &
    done
    wait
}

# agrees PROGRAM: its run found no mismatch in $POSITIONS positions; the
# counts go to the test output.
agrees() {
    [ -f "$BATS_FILE_TMPDIR/$1.status" ] || fail "$BUILD/$1 is missing: run make test"
    status=$(< "$BATS_FILE_TMPDIR/$1.status")
    output=$(< "$BATS_FILE_TMPDIR/$1.out")
    mapfile -t lines <<< "$output"
    assert_success
    assert_line "differential: $POSITIONS positions, 0 mismatches"
    printf '# %s: %s\n#   %s\n' "$1" "${lines[0]#differential: }" "${lines[1]}" >&3
}

@test "the golf at -O2 agrees with the reference on a million positions" {
    agrees differential
}

@test "the golf at -O0 agrees with the reference on a million positions" {
    agrees differential-O0
}

@test "the ungolfed twin agrees with the reference on a million positions" {
    agrees differential-ungolfed
}

@test "the random positions hold legal steps and legal chains of one, two and three jumps" {
    run "$BUILD/differential" 100000 4
    assert_success
    # legal: S simple, J1 1-jump, J2 2-jump, J3 3-jump; illegal: I
    read -r simple j1 j2 j3 <<< "$(sed -n 's/^legal: \([0-9]*\) simple, \([0-9]*\) 1-jump, \([0-9]*\) 2-jump, \([0-9]*\) 3-jump;.*/\1 \2 \3 \4/p' <<< "$output")"
    [ -n "$j3" ] || fail "no legal-moves line in: $output"
    local kind count
    for kind in simple:$simple 1-jump:$j1 2-jump:$j2 3-jump:$j3; do
        count=${kind#*:}
        [ "$count" -ge 1000 ] || fail "only $count legal ${kind%:*} moves in 100000 positions: $output"
    done
}

@test "a mismatch is printed as a cases.tsv row with both verdicts" {
    # The reference against itself would never differ, so plant a golf that
    # answers true to everything and read its first mismatch.
    printf 'int f(){return 1;}' > "$BATS_TEST_TMPDIR/yes.c"
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" $SAN -c -o "$BATS_TEST_TMPDIR/yes.o" "$BATS_TEST_TMPDIR/yes.c"
    mapfile -t link < <(make_list DIFF_LIB)
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" $SAN -o "$BATS_TEST_TMPDIR/differential" "$BATS_TEST_TMPDIR/yes.o" "${link[@]}"
    run "$BATS_TEST_TMPDIR/differential" 1000 1
    assert_failure 1
    assert_line --index 0 --regexp '^mismatch at position [0-9]+: golf says true, reference says false$'
    # The row: black, white, from, to, challenge, english, name; the reference reads it.
    assert_line --index 1 --regexp $'^[-0-9,]+\t[0-9,]+\t[0-9]+\t[0-9]+\tfalse\t(true|false)\tdifferential mismatch$'
    run "$BUILD/reference" --rule challenge <<< "${lines[1]}"
    assert_success
    assert_output false
}
