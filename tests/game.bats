#!/usr/bin/env bats
# The `game` batch of the reference CLI: one answer line per game, in order;
# the draw counter and the result; a malformed line answered "error" with its
# fault on stderr, and the batch going on whatever a line holds.  The table's
# games are in tests/games.bats; the notation's faults in tests/notation.bats.

bats_require_minimum_version 1.7.0
load test_helper

START="B:W21-32:B1-12"

game() { "$BUILD/reference" game "$@"; }

@test "each game gets one line: legal with the final position and the counter" {
    run --separate-stderr game <<< "$START"$'\t9-13 22-18'
    assert_success
    assert_output $'legal\tB:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13\tquiet 0/80'
    assert_equal "$stderr" ""
}

@test "a game that is over says who won, or that it is drawn" {
    run game <<< $'W:WK6:B10\t6x15\nB:W18:BK23\t23x14\nB:W5:B1,10\t10-14'
    assert_success
    assert_line --index 0 $'legal\tB:WK15:B\tquiet 0/80\twhite wins'
    assert_line --index 1 $'legal\tW:W:BK14\tquiet 0/80\tblack wins'
    assert_line --index 2 $'legal\tW:W5:B1,14\tquiet 0/80\tblack wins'
}

@test "the counter counts single moves without a man moving or a capture, and 80 of them draw" {
    local moves
    moves=$(printf '1-5 32-27 5-1 27-32 %.0s' $(seq 20))
    run game <<< "W:WK1:BK32"$'\t'"${moves% }"$'\nW:WK1:BK32\t1-5 32-27 5-1\nW:WK1,30:BK32\t1-5 32-27 30-26'
    assert_success
    assert_line --index 0 $'legal\tW:WK1:BK32\tquiet 80/80\tdraw'
    assert_line --index 1 $'legal\tB:WK1:BK27\tquiet 3/80'
    assert_line --index 2 $'legal\tB:WK5,26:BK27\tquiet 0/80'
}

@test "the counter starts at 0 from the position given, and a king's capture resets it" {
    run game <<< $'W:WK1:BK27,K20\t1-5 27-23 5-9 20-16 9-14 16-11 14-18'
    assert_success
    assert_output $'legal\tB:WK18:BK11,K23\tquiet 7/80'
    run game <<< $'W:WK1:BK27,K20\t1-5 27-23 5-9 20-16 9-14 16-11 14-18 23x14'
    assert_success
    assert_output $'legal\tW:W:BK11,K14\tquiet 0/80\tblack wins'
}

@test "the first illegal move is reported with its number, as written, and why" {
    run game <<< "$START"$'\t11-15 22-18 12-16 26x17'
    assert_success
    assert_output $'illegal\t3\t12-16\tcapture is mandatory: black must take (15x22)'
}

@test "an illegal move's reason names the squares and the rule" {
    run game <<< $'W:WK10:B14\t10x17x10\nW:W26:B14,15,22,23\t26x10\nW:W11:B6,7\t11x2x9\nW:W27:B8,15,23,24\t27x18\nW:W24:B1\t1-5'
    assert_success
    assert_line --index 0 $'illegal\t1\t10x17x10\tthe piece on 14 is taken already: no piece is jumped twice'
    assert_line --index 1 $'illegal\t1\t26x10\t26x10 is ambiguous: 26x17x10 or 26x19x10; give every landing'
    assert_line --index 2 $'illegal\t1\t11x2x9\tthe man is crowned on 2, and that ends its move'
    assert_line --index 3 $'illegal\t1\t27x18\tthe capture must go on from 18, as capture is mandatory: 27x18x11x4 or 27x20'
    assert_line --index 4 $'illegal\t1\t1-5\t1 holds a black man, and white is to move'
}

@test "a move is echoed as parsed: leading zeros go" {
    run game <<< $'W:W24:B1\t024-015'
    assert_output $'illegal\t1\t24-15\t15 is not diagonally next to 24: a step goes to a neighbouring square'
}

@test "columns past the second are ignored, so the games table can be piped in" {
    run game <<< "$START"$'\t9-13\tlegal\twhatever\tsome name'
    assert_success
    assert_line --index 0 --partial $'legal\tW:'
    run game < "$ROOT/tests/fixtures/games.tsv"
    assert_success
    assert_equal "${#lines[@]}" "$(grep -vc '^#' "$ROOT/tests/fixtures/games.tsv")"
}

@test "blank lines, comments and CRLF endings are handled as in the challenge's batch" {
    run game <<< $'# a comment\n\n  \t \n'"$START"$'\t9-13\r\n#'"$START"$'\t9-13'
    assert_success
    assert_equal "${#lines[@]}" 1
    assert_line --index 0 --partial "quiet 0/80"
}

@test "a malformed line is answered error, its fault on stderr, and the batch goes on (exit 2)" {
    run --separate-stderr game <<< "$START"$'\t9-13\nB:W5:B5\t1-5\n'"$START"$'\n'"$START"$'\t \nW:W21:B1\t21-17 27y18\n'"$START"$'\t9-13'
    assert_equal "$status" 2
    assert_equal "$(cut -c1-5 <<< "$output" | tr '\n' ' ')" "legal error error error error legal "
    assert_equal "$stderr" "line 2: fen, column 7: square 5 is both white and black
line 3: moves, column 15: missing: a line is a FEN, a tab, then the moves
line 4: moves, column 17: no moves: give at least one, such as 11-15
line 5: moves, column 16: \"27y18\" is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture"
}

@test "a malformed move anywhere makes the whole line an error, even after an illegal one" {
    run --separate-stderr game <<< "$START"$'\t22-18 11-15 x'
    assert_equal "$status" 2
    assert_output error
    assert_equal "$stderr" 'line 1: moves, column 28: "x" is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
}

@test "moves may be separated by several spaces, and spaces may lead or trail" {
    run game <<< "$START"$'\t  9-13    22-18  '
    assert_success
    assert_output --partial "B:W18,"
}

@test "a line of several megabytes, NUL bytes and control bytes get an answer each, quickly" {
    local input="$BATS_TEST_TMPDIR/input"
    {
        printf '%s\t' "$START"; head -c 3000000 < <(yes '9-13 ' | tr -d '\n'); printf '\n'
        printf 'W:W'; head -c 3000000 < <(yes 'K1,' | tr -d '\n'); printf ':B5\t9-13\n'
        printf 'W:W2\0:B1\t9-13\n%s\t9-13\001\n%s\t9-13\n' "$START" "$START"
    } > "$input"
    local start=$SECONDS
    run --separate-stderr game < "$input"
    [ $((SECONDS - start)) -lt 10 ] || fail "the batch took $((SECONDS - start)) s"
    assert_equal "$status" 2
    assert_equal "$(cut -c1-7 <<< "$output" | tr '\n' ' ')" "illegal error error error legal	W "
    assert_line --index 0 --partial $'illegal\t2\t9-13\tthere is no piece on 9'
    assert_equal "$(sed -n 1p <<< "$stderr")" 'line 2: fen, column 7: square 1 is listed twice'
    assert_equal "$(sed -n 2p <<< "$stderr")" "line 3: fen, column 4: \"2\\x00\" is not a square: a square is a number 1-32, K before a king's, as in K30"
    assert_equal "$(sed -n 3p <<< "$stderr")" 'line 4: moves, column 16: "9-13\x01" is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
}

@test "--show draws the board after each answer, indented: kings in capitals, and whose move it is" {
    run game --show <<< $'W:WK6:B10,1\t6x15\nW:W24:B1\t1-5'
    assert_success
    assert_output $'legal\tB:WK15:B1\tquiet 0/80
  . b . _ . _ . _
  _ . _ . _ . _ .
  . _ . _ . _ . _
  _ . _ . W . _ .
  . _ . _ . _ . _
  _ . _ . _ . _ .
  . _ . _ . _ . _
  _ . _ . _ . _ .
  black to move
illegal\t1\t1-5\t1 holds a black man, and white is to move
  . b . _ . _ . _
  _ . _ . _ . _ .
  . _ . _ . _ . _
  _ . _ . _ . _ .
  . _ . _ . _ . _
  _ . _ . _ . w .
  . _ . _ . _ . _
  _ . _ . _ . _ .
  white to move'
}

@test "game takes no arguments and only --show of the options" {
    run --separate-stderr "$BUILD/reference" game extra < /dev/null
    assert_equal "$status" 2
    assert_equal "$stderr" "reference: game takes no arguments: the games come on standard input (try reference game --help)"
    run --separate-stderr "$BUILD/reference" --rule english game < /dev/null
    assert_equal "$status" 2
    assert_equal "$stderr" "reference: --rule, --explain and --moves are for the challenge's question, not game (try reference game --help)"
    run --separate-stderr "$BUILD/reference" --divide game < /dev/null
    assert_equal "$status" 2
    assert_equal "$stderr" "reference: --divide is for perft, not game (try reference game --help)"
}

@test "a failed write to stdout is exit 1, not success" {
    [ -w /dev/full ] || fail "this test needs /dev/full"
    local code=0
    game <<< "$START"$'\t9-13' > /dev/full 2> "$BATS_TEST_TMPDIR/err" || code=$?
    assert_equal "$code" 1
    assert_equal "$(cut -d: -f1,2 "$BATS_TEST_TMPDIR/err")" "reference: writing output"
}

@test "valgrind finds no memory error or leak in the game batch, moves and perft" {
    command -v valgrind > /dev/null || fail "valgrind is not installed (apt-get install valgrind)"
    local vg_build="${VALGRIND_BUILD:-$BUILD}"
    ! ldd "$vg_build/reference" | grep -q libasan || fail "$vg_build/reference is an ASan build"
    { cat "$ROOT/tests/fixtures/games.tsv"; printf 'B:W5:B5\t1-5\n\t\nW:W21:B1\t21-17 x\n'; } > "$BATS_TEST_TMPDIR/in"
    local vg=(valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all)
    run "${vg[@]}" "$vg_build/reference" --show game < "$BATS_TEST_TMPDIR/in"
    assert_equal "$status" 2
    refute_output --partial "=="
    run "${vg[@]}" "$vg_build/reference" --show moves W:WK13:B9,10,17,18
    assert_success
    refute_output --partial "=="
    run "${vg[@]}" "$vg_build/reference" perft "$START" 4 --divide
    assert_success
    refute_output --partial "=="
}

@test "moves and FENs are read leniently, as pasted from a PDN file: x for a step, commas, numbers, a result" {
    run --separate-stderr game <<< $' b:w21-32:b1-12.\t1. 11x15 22-18, 2. 15X22 25-18 *\nW:W27:B8,15,23,24\t27-18-11x4'
    assert_success
    assert_line --index 0 $'legal\tB:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12\tquiet 0/80'
    assert_line --index 1 $'legal\tB:WK4:B24\tquiet 0/80'
    assert_equal "$stderr" ""
}

@test "--strict reads the FEN and the moves exactly as the notation writes them, naming the column" {
    run --separate-stderr game --strict <<< $'W:W24:B1\t24x20\nb:W24:B1\t24-20\nW:W21:B1\t21-17 1. 27x18-11'
    assert_equal "$status" 2
    assert_output $'illegal\t1\t24x20\ta step is written with -: 24-20\nerror\nerror'
    assert_equal "$stderr" 'line 2: fen, column 1: a lowercase "b", read only without --strict
line 3: moves, column 16: "1." is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
}
