#!/usr/bin/env bats
# The examples in the reference's header comments hold: build/unit (tests/oracles/unit.c)
# checks them, one group per predicate or function, with the edges the
# examples leave out.

bats_require_minimum_version 1.7.0
load test_helper

# group NAME: that group's checks all pass, and there are some.
group() {
    run "$BUILD/unit" "$1"
    assert_success
    assert_output --regexp "^[1-9][0-9]* checks in 1 groups, 0 failed$"
}

# board.h
@test "on_board accepts 1-32 only" { group on_board; }
@test "row_of puts four squares in each row, 1 at the top" { group row_of; }
@test "col_of shifts even rows one column right" { group col_of; }
@test "square_at inverts row_of and col_of and has no light squares" { group square_at; }
@test "diagonal goes one row and one column each step, both ways, never wrapping" { group diagonal; }
@test "ahead goes one row up and one column over, never wrapping" { group ahead; }
@test "empty_board holds no piece" { group empty_board; }

# rules.h: pieces
@test "side_of gives a man's or a king's side" { group side_of; }
@test "is_king knows kings from men and empty squares" { group is_king; }
@test "opponent_of gives the other side" { group opponent_of; }
@test "is_opponent holds only between pieces of opposing sides" { group is_opponent; }
@test "forward_of sends white up and black down" { group forward_of; }
@test "may_go lets men go forward only and kings both ways" { group may_go; }
@test "crowns_on is the far row of each side's men, and never a king's" { group crowns_on; }
@test "crowned makes a man a king and leaves a king one" { group crowned; }

# rules.h: steps
@test "is_empty is false off the board and on a piece" { group is_empty; }
@test "step_target steps men forward and kings both ways onto empty squares" { group step_target; }
@test "is_step knows exactly the 49 forward steps of a man and the 98 of a king" { group is_step; }

# rules.h: jumps and chains
@test "taken_bit gives each square its own bit" { group taken_bit; }
@test "jump_target needs an opponent not yet taken and an empty landing, or the start" { group jump_target; }
@test "can_jump_on sees jumps in every direction the piece may go" { group can_jump_on; }
@test "chain_may_end_at ends a chain where no jump is left or a man is crowned" { group chain_may_end_at; }

# rules.h: moves of a side, and the challenge's question
@test "can_capture asks the piece that stands on the square" { group can_capture; }
@test "is_capture needs at least one jump, and a king may end where it began" { group is_capture; }
@test "side_can_capture looks at every piece of the side and only those" { group side_can_capture; }
@test "is_legal_move makes capture mandatory for the side to move" { group is_legal_move; }
@test "is_legal composes the rules under both readings, english being the full rules" { group is_legal; }
@test "jump_landing is a white man's first jump" { group jump_landing; }
@test "can_jump_from is whether a white man could capture" { group can_jump_from; }

# moves.h
@test "piece_moves lists a piece's complete chains, or its steps" { group piece_moves; }
@test "side_moves lists exactly the moves is_legal_move allows" { group side_moves; }
@test "side_has_move says whether a side can move, listing nothing (a blocked side cannot)" { group side_has_move; }
@test "play moves the piece, removes the pieces taken and crowns" { group play; }
@test "perft matches the published counts to depth 6 and counts both ways round a circuit" { group perft; }

# words.h and notation.h
@test "square_number reads digits only and saturates past 32" { group square_number; }
@test "read_fen reads every form, leniently or strict, and names the column of each fault" { group read_fen; }
@test "write_fen writes the canonical form, which reads back the same" { group write_fen; }
@test "read_move reads steps and captures, leniently or strict, and rejects what is neither" { group read_move; }
@test "next_move reads movetext: spaces, commas, move numbers, marks and a last result" { group next_move; }
@test "write_move writes every landing" { group write_move; }

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
    sed 's/CHECK(t, on_board(32));/CHECK(t, on_board(33));/' "$ROOT/tests/oracles/unit.c" > "$src"
    mapfile -t objects < <(ref_objects LIB_SRC)
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 $SAN -I"$ROOT/tests/oracles" -o "$BATS_TEST_TMPDIR/unit" "$src" "${objects[@]}"
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
