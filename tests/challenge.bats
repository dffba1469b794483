#!/usr/bin/env bats
# The challenge's own cases, one test each, through the golf and the reference.

bats_require_minimum_version 1.7.0
load test_helper

# verdict NAME_PREFIX: the challenge column of the cases.tsv row whose name starts so.
row() { case_rows | awk -F'\t' -v n="$1" 'index($7, n) == 1' | head -n 1; }

# check PREFIX: the row's verdict from both programs equals the table's.
check() {
    local line want
    line=$(row "$1")
    [ -n "$line" ] || fail "no cases.tsv row named '$1'"
    want=$(cut -f5 <<< "$line")
    ask_line "$line" "$BUILD/golf"
    assert_success
    assert_output "$want"
    ask_line "$line" "$BUILD/reference"
    assert_success
    assert_output "$want"
}

@test "1: a man steps forward onto an empty square" { check "challenge 1:"; }
@test "2: a man jumps a black piece" { check "challenge 2:"; }
@test "3: a jump cannot land on a black piece" { check "challenge 3:"; }
@test "4: a man makes a double jump" { check "challenge 4:"; }
@test "5: a chain cannot stop while a jump is left" { check "challenge 5:"; }
@test "6 as printed: a step where the only jump would leave the board is legal" { check "challenge 6 as printed"; }
@test "6 as diagrammed: a move across the board edge is illegal" { check "challenge 6 as diagrammed"; }
@test "7: split decision, left branch" { check "challenge 7:"; }
@test "8: split decision, right branch" { check "challenge 8:"; }
@test "9: a sideways jump is illegal" { check "challenge 9:"; }
@test "10: a backward jump is illegal" { check "challenge 10:"; }
@test "11: a jump cannot land on a white piece" { check "challenge 11:"; }
@test "12: a white piece is never jumped" { check "challenge 12:"; }
@test "13: the long path of a split chain is legal" { check "challenge 13:"; }
@test "14: the short path of a split chain is legal too" { check "challenge 14:"; }
@test "15: the reader's comment: both paths legal" {
    check "challenge 15: reader's comment, first"
    check "challenge 15: reader's comment, second"
}
