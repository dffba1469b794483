#!/usr/bin/env bats
# PDN notation on the command line: FEN positions (`moves FEN`) and moves (in
# `game`), read in every form the notation allows, written back canonically,
# and every fault named with its column.

bats_require_minimum_version 1.7.0
load test_helper

START="B:W21-32:B1-12"

moves() { "$BUILD/reference" moves "$@"; }

# fen_fault FEN MESSAGE: `moves FEN` refuses with exit 2 and exactly MESSAGE.
fen_fault() {
    run --separate-stderr "$BUILD/reference" moves "$1"
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" "reference: $2"
}

# ==================== Positions ====================

@test "moves lists every legal move of the side to move, one per line" {
    run moves "$START"
    assert_success
    assert_output $'9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16'
    run moves W:W21-32:B1-12
    assert_output $'21-17\n22-17\n22-18\n23-18\n23-19\n24-19\n24-20'
}

@test "moves writes every landing of a capture, and only captures when one is open" {
    run moves W:WK13,30:B9,10,17,18
    assert_success
    assert_output $'13x6x15x22x13\n13x22x15x6x13'
    run moves W:W27:B8,15,23,24
    assert_output $'27x18x11x4\n27x20'
}

@test "moves says so for a side with no move, and who has won, and exits 0" {
    run --separate-stderr moves W:W5:B1
    assert_success
    assert_output "none: white has no move, black wins"
    run moves B:W21:B
    assert_output "none: black has no move, white wins"
}

@test "a FEN's colour fields may come in either order, with ranges and kings" {
    local a b
    a=$(moves W:B1,2,K3:W30,K31,32)
    b=$(moves W:WK31,30,32:BK3,1-2)
    assert_equal "$a" "$b"
    assert_equal "$(moves B:WK1-4:BK29-30)" "$(moves B:WK1,K2,K3,K4:BK29,K30)"
}

@test "the position is written back canonically: white first, ascending, no ranges" {
    run "$BUILD/reference" game <<< $'W:BK9,1-2:WK30,22,21\t21-17'
    assert_success
    assert_output $'legal\tB:W17,22,K30:B1,2,K9\tquiet 0/80'
}

@test "--show draws the position with its kings and says whose move it is" {
    run "$BUILD/reference" --show moves W:WK13,30:B9,10,17,18
    assert_success
    assert_output "  . _ . _ . _ . _
  _ . _ . _ . _ .
  . b . b . _ . _
  W . _ . _ . _ .
  . b . b . _ . _
  _ . _ . _ . _ .
  . _ . _ . _ . _
  _ . w . _ . _ .
  white to move
13x6x15x22x13
13x22x15x6x13"
}

@test "a FEN fault: empty, or an unknown side to move" {
    fen_fault "" 'fen, column 1: empty: a position is needed, such as B:W21-32:B1-12 (the start)'
    fen_fault X:W1:B2 'fen, column 1: "X" is no side to move: B (black) or W (white), then a colon'
    fen_fault x:W21:B1 'fen, column 1: "x" is no side to move: B (black) or W (white), then a colon'
    fen_fault W 'fen, column 2: ends after the side to move: the colour fields follow, as in B:W21-32:B1-12'
    fen_fault 'BW21:B1' 'fen, column 1: "BW21" is no side to move: B (black) or W (white), then a colon'
}

@test "a FEN fault: a colour field missing, repeated, unknown, or one too many" {
    fen_fault B:W21 'fen, column 6: no black field: give both colours, as in B:W21-32:B1-12'
    fen_fault B:B1 'fen, column 5: no white field: give both colours, as in B:W21-32:B1-12'
    fen_fault B:W21:W22 'fen, column 7: a second white field: one field for each colour'
    fen_fault B:W21:R1 'fen, column 7: "R1" is no colour field: it starts with W (white) or B (black)'
    fen_fault B:W21:B1:W2 'fen, column 10: a third field: a position is the side to move and two colour fields'
    fen_fault B::B1 'fen, column 3: an empty field: a colour field is W or B and its squares, as in W21-32'
}

@test "a FEN fault: a square listed twice, in one colour or both" {
    fen_fault B:W21,22,21:B1 'fen, column 10: square 21 is listed twice'
    fen_fault B:W21:B21 'fen, column 8: square 21 is both white and black'
    fen_fault B:W21-25,K23:B1 'fen, column 10: square 23 is listed twice'
}

@test "a FEN fault: a man on the row where he would have been crowned" {
    fen_fault B:W3:B9 'fen, column 4: a white man on 3 would have been crowned (white men crown on 1-4): K3 is a king'
    fen_fault W:W21:B30 'fen, column 8: a black man on 30 would have been crowned (black men crown on 29-32): K30 is a king'
    run moves W:WK3:BK30
    assert_success
}

@test "a FEN fault: more than 12 pieces a side" {
    fen_fault B:W13-32:B1 'fen, column 4: white has more than 12 pieces (the 13th is on 25)'
    fen_fault B:W21:B1-12,13 'fen, column 13: black has more than 12 pieces (the 13th is on 13)'
}

@test "a FEN fault: an element that is no square or range" {
    fen_fault B:W33:B1 'fen, column 4: "33" is off the board (squares are 1-32)'
    fen_fault B:W0:B1 'fen, column 4: "0" is off the board (squares are 1-32)'
    fen_fault B:Wx:B1 'fen, column 4: "x" is not a square: a square is a number 1-32, K before a king'"'"'s, as in K30'
    fen_fault 'B:W21, 22:B1' 'fen, column 7: " 22" is not a square: a square is a number 1-32, K before a king'"'"'s, as in K30'
    fen_fault B:WK:B1 'fen, column 4: "K" is not a square: a square is a number 1-32, K before a king'"'"'s, as in K30'
    fen_fault B:W21,,22:B1 'fen, column 7: an empty element (a stray comma)'
    fen_fault B:W25-21:B1 'fen, column 4: "25-21" is a range that goes down: ranges go up, as in 1-12'
    fen_fault B:W21-:B1 'fen, column 4: "21-" is neither a square nor a range: a range has a square each side of its -, as in 1-12'
    fen_fault B:W-5:B9 'fen, column 4: "-5" is neither a square nor a range: a range has a square each side of its -, as in 1-12'
    fen_fault B:W21,K-5:B9 'fen, column 7: "K-5" is neither a square nor a range: a range has a square each side of its -, as in 1-12'
    fen_fault B:W99999999999999999999999:B1 'fen, column 4: "99999999999999999999..." is off the board (squares are 1-32)'
}

@test "a FEN fault quotes control bytes escaped" {
    fen_fault $'B:W21\001:B1' 'fen, column 4: "21\x01" is not a square: a square is a number 1-32, K before a king'"'"'s, as in K30'
}

# ==================== Moves ====================

# move_fault MOVES MESSAGE: the game line "START<TAB>MOVES" is an error with
# MESSAGE, read --strict (leniently, several of these are read: notation.h).
move_fault() {
    run --separate-stderr "$BUILD/reference" game --strict <<< "$START"$'\t'"$1"
    assert_equal "$status" 2
    assert_equal "$output" error
    assert_equal "$stderr" "line 1: $2"
}

@test "a move fault: neither a step nor a capture" {
    move_fault 9-13-17 'moves, column 16: "9-13-17" is a step of more than one square: a step is one square, as in 11-15'
    move_fault 27x18-11 'moves, column 16: "27x18-11" mixes - and x: a step is 11-15, a capture 18x11 or 27x18x11'
    move_fault 9 'moves, column 16: "9" is a square, not a move: a move is 11-15, 18x11 or 27x18x11'
    move_fault 9- 'moves, column 16: "9-" ends without its last square'
    move_fault 9X13 'moves, column 16: "9X13" is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
    move_fault '1.' 'moves, column 16: "1." is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
    move_fault 9-33 'moves, column 18: "33" is off the board (squares are 1-32)'
    move_fault '9-13 22-18 0-1' 'moves, column 27: "0" is off the board (squares are 1-32)'
}

@test "leniently, a move fault names its column too, and what --strict refuses is read" {
    run --separate-stderr "$BUILD/reference" game <<< "$START"$'\t9-13 22-18 9-33\n'"$START"$'\t9X13 1. 9-13-17'
    assert_equal "$status" 2
    assert_output $'error\nillegal\t2\t9-13-17\tthere is no piece on 9'
    assert_equal "$stderr" 'line 1: moves, column 29: "33" is off the board (squares are 1-32)'
}

@test "a move fault: an empty line of moves, or none at all" {
    move_fault '' 'moves, column 16: no moves: give at least one, such as 11-15'
    move_fault '   ' 'moves, column 19: no moves: give at least one, such as 11-15'
    run --separate-stderr "$BUILD/reference" game <<< "$START"
    assert_equal "$status" 2
    assert_equal "$stderr" 'line 1: moves, column 15: missing: a line is a FEN, a tab, then the moves'
}

@test "a capture may be given by its two ends when they name one capture" {
    run "$BUILD/reference" game <<< $'W:WK29:B11,18,25\t29x8\nW:WK29:B11,18,25\t29x22x15x8\nW:WK29:B11,18,25\t29x15'
    assert_line --index 0 $'legal\tB:WK8:B\tquiet 0/80\twhite wins'
    assert_line --index 1 $'legal\tB:WK8:B\tquiet 0/80\twhite wins'
    assert_line --index 2 --partial $'illegal\t1\t29x15\tno capture from 29 ends on 15'
}
