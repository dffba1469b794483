#!/usr/bin/env bats
# perft: the number of move sequences from a position, against the counts
# published for English checkers from the start (Aart Bik's, 2009, and OEIS
# A133046; reference/README.md, "Perft"), by the reference and by the bitboard generator.

bats_require_minimum_version 1.7.0
load test_helper

START="B:W21-32:B1-12"
# perft(1) .. perft(10) from the start, as published.
PUBLISHED=(7 49 302 1469 7361 36768 179740 845931 3963680 18391564)

perft() { "$BUILD/reference" perft "$@"; }

@test "the reference's perft from the start matches the published counts at depths 1-9" {
    local depth
    for depth in 1 2 3 4 5 6 7 8 9; do
        run perft "$START" "$depth"
        assert_success
        assert_output "perft $depth: ${PUBLISHED[depth - 1]}"
    done
}

@test "the reference's perft(10) from the start is 18391564, within a minute" {
    local start=$SECONDS
    run timeout 60 "$BUILD/reference" perft "$START" 10
    assert_success
    assert_output "perft 10: 18391564"
    echo "# perft(10) took $((SECONDS - start)) s" >&3
}

@test "the bitboard generator's perft from the start matches the published counts to depth 10" {
    run "$BUILD/movegen" start 10
    assert_success
    local depth
    for depth in 1 2 3 4 5 6 7 8 9 10; do
        assert_line --index $((depth - 1)) "perft $depth: ${PUBLISHED[depth - 1]}"
    done
}

@test "--divide gives the count after each first move, and they add up to the last line" {
    run perft "$START" 5 --divide
    assert_success
    assert_line --index 0 '9-13: 1345'
    assert_line --index 7 'perft 5: 7361'
    assert_equal "${#lines[@]}" 8
    assert_equal "$(head -n 7 <<< "$output" | awk '{ s += $2 } END { print s }')" 7361
}

@test "perft at depth 0 is 1, and a side with no move has none deeper" {
    run perft "$START" 0
    assert_output "perft 0: 1"
    run perft W:W5:B1 3
    assert_output "perft 3: 0"
    run perft W:W5:B1 3 --divide
    assert_output "perft 3: 0"
}

@test "every capture path counts: both ways round a king's circuit" {
    run perft W:WK13:B9,10,17,18 1 --divide
    assert_output $'13x6x15x22x13: 1\n13x22x15x6x13: 1\nperft 1: 2'
}

@test "a bad depth or FEN is refused with exit 2, and --show is not for perft" {
    run --separate-stderr perft "$START" 65
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: depth: "65" is not a depth: a whole number 0-64'
    run --separate-stderr perft "$START" -1
    assert_equal "$status" 2
    run --separate-stderr perft "$START" x
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: depth: "x" is not a depth: a whole number 0-64'
    run --separate-stderr perft B:W5:B5 1
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: fen, column 7: square 5 is both white and black'
    run --separate-stderr perft "$START"
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: perft takes two arguments, FEN and DEPTH (try --help)'
    run --separate-stderr "$BUILD/reference" --show perft "$START" 1
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --show is for moves and game, not perft'
}
