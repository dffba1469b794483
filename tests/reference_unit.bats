#!/usr/bin/env bats
# The examples in the reference's header comments hold: build/unit (tests/unit.c)
# checks them, one group per predicate, with the edges the examples leave out.

bats_require_minimum_version 1.7.0
load test_helper

# group NAME: that group's checks all pass, and there are some.
group() {
    run "$BUILD/unit" "$1"
    assert_success
    assert_output --regexp "^[1-9][0-9]* checks in 1 groups, 0 failed$"
}

@test "on_board accepts 1-32 only" { group on_board; }
@test "row_of puts four squares in each row, 1 at the top" { group row_of; }
@test "col_of shifts even rows one column right" { group col_of; }
@test "square_at inverts row_of and col_of and has no light squares" { group square_at; }
@test "ahead goes one row up and one column over, never wrapping" { group ahead; }
@test "empty_board holds no piece" { group empty_board; }
@test "is_empty is false off the board and on a piece" { group is_empty; }
@test "is_forward_step knows exactly the 49 forward steps" { group is_forward_step; }
@test "jump_landing needs black ahead and an empty square behind it" { group jump_landing; }
@test "can_jump_from sees jumps in either direction and none off the board" { group can_jump_from; }
@test "chain_can_end_at lets a chain end only where no jump is left" { group chain_can_end_at; }
@test "is_jump_move needs at least one jump" { group is_jump_move; }
@test "is_simple_move is one forward step onto an empty square" { group is_simple_move; }
@test "any_white_can_jump looks at every white man and only white men" { group any_white_can_jump; }
@test "is_legal composes the rules under both readings" { group is_legal; }
@test "jump_chains lists every complete chain, ending where is_jump_move allows" { group jump_chains; }

@test "every unit group has a test in this file" {
    run "$BUILD/unit" --list
    assert_success
    local name
    for name in $output; do
        grep -q "{ group $name; }" "$BATS_TEST_FILENAME" || fail "no @test runs group $name"
    done
}

@test "the unit program names a failing check by file, line and expression" {
    # A throwaway copy of unit.c with one example turned false must fail loudly.
    local src="$BATS_TEST_TMPDIR/unit.c"
    sed 's/CHECK(t, on_board(32));/CHECK(t, on_board(33));/' "$ROOT/tests/unit.c" > "$src"
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 $SAN -I"$ROOT/tests" -o "$BATS_TEST_TMPDIR/unit" "$src" \
        "$ROOT/reference/board.c" "$ROOT/reference/rules.c"
    run "$BATS_TEST_TMPDIR/unit" on_board
    assert_failure 1
    assert_output --partial "unit.c:"
    assert_output --partial "CHECK failed: on_board(33)"
    assert_output --partial ", 1 failed"
}

@test "the unit program rejects an unknown group" {
    run "$BUILD/unit" no_such_predicate
    assert_failure 2
    assert_output --partial 'no group "no_such_predicate"'
}
