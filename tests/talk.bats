#!/usr/bin/env bats
# The reference CLI showing and explaining: --show, --legend, --explain and
# --moves, for single questions and batches, under both readings.

bats_require_minimum_version 1.7.0
load test_helper

ref() { "$BUILD/reference" "$@"; }

# ==================== --show ====================

@test "--show draws the full board: B black, W white, O start, X end, _ empty dark, . light" {
    run ref --show 6,7 10,30 10 1
    assert_success
    assert_output "true
  . X . _ . _ . _
  _ . B . B . _ .
  . _ . O . _ . _
  _ . _ . _ . _ .
  . _ . _ . _ . _
  _ . _ . _ . _ .
  . _ . _ . _ . _
  _ . W . _ . _ ."
}

@test "--show draws X over a piece that stands on the end" {
    run ref --show 2,6 9 9 2
    assert_success
    assert_line --index 0 false
    assert_line --index 1 "  . _ . X . _ . _"
    assert_line --index 2 "  _ . B . _ . _ ."
}

@test "--legend draws the square numbers beside the board" {
    run ref --legend - 5 5 1
    assert_success
    assert_line --index 1 "  . X . _ . _ . _     .  1  .  2  .  3  .  4"
    assert_line --index 2 "  O . _ . _ . _ .     5  .  6  .  7  .  8  ."
    assert_line --index 8 "  _ . _ . _ . _ .    29  . 30  . 31  . 32  ."
    assert_equal "${#lines[@]}" 9
}

# ==================== --explain: legal moves ====================

@test "--explain gives a legal step's path" {
    run ref --explain - 5 5 1
    assert_success
    assert_output "true
  path: step 5 -> 1"
}

@test "--explain gives a double jump's landings and the pieces it takes" {
    run ref --explain 7,14 17 17 3
    assert_output "true
  path: jump 17 x14 -> 10 x7 -> 3"
}

@test "--explain lists every chain that ends on the end square" {
    run ref --explain 14,15,22,23 26 26 10
    assert_output "true
  path: jump 26 x22 -> 17 x14 -> 10
  path: jump 26 x23 -> 19 x15 -> 10"
}

# ==================== --explain: why a move is illegal ====================

# why RULE BLACK WHITE FROM TO: the reason line for an illegal move -> $output.
why() {
    run ref --rule "$1" --explain "${@:2}"
    assert_success
    assert_line --index 0 false
    assert_equal "${#lines[@]}" 2
    output=${lines[1]}
}

@test "--explain: the end is the start" {
    why challenge 6 9 9 9
    assert_output "  why: the end is the start: a move has to leave square 9"
}

@test "--explain: the end holds a black piece, or a white one" {
    why challenge 2,6 9 9 2
    assert_output "  why: 2 is taken by a black piece: a move must end on an empty square"
    why challenge 6 9,2 9 2
    assert_output "  why: 2 is taken by a white piece: a move must end on an empty square"
}

@test "--explain: a man does not move backward" {
    why challenge 6 1 1 10
    assert_output "  why: 10 is behind 1: a man moves only forward, toward the top row (squares 1-4)"
}

@test "--explain: a man does not move sideways" {
    why challenge 2 1 1 3
    assert_output "  why: 3 is on the same row as 1: a man moves only diagonally forward"
}

@test "--explain: a chain through the end must go on, and it says where" {
    why challenge 7,14 17 17 10
    assert_output "  why: a jump chain that lands on 10 must go on, as capture is mandatory: from 10 it can still jump to 3"
}

@test "--explain: a man that can capture may not step, and the landing squares are named" {
    why challenge 6 10 10 7
    assert_output "  why: capture is mandatory and 10 can jump (to 1), so it may not just step"
    why english 6 9 9 5
    assert_output "  why: capture is mandatory and 9 can jump (to 2), so it may not just step"
}

@test "--explain under english: another white man can capture, and it is named" {
    why english 6 9,21 21 17
    assert_output "  why: under the english reading capture is mandatory for all of white, and white can jump from 9, so no white man may just step"
    run ref --rule challenge --explain 6 9,21 21 17
    assert_output "true
  path: step 21 -> 17"
}

@test "--explain: a jump over an empty square, or over a white piece" {
    why challenge - 10 10 1
    assert_output "  why: 10 -> 1 would be a jump, but there is no piece on 6 to jump over"
    why challenge - 9,6 9 2
    assert_output "  why: 9 -> 2 would jump the white piece on 6: only black pieces can be jumped"
}

@test "--explain: a jump cannot wrap round the board's edge" {
    why challenge 5 9 9 4
    assert_output "  why: 4 is not on a diagonal of 9: the jump over 5 would land off the board, and the board does not wrap round its edge"
}

@test "--explain: a step goes to a diagonal neighbour only" {
    why challenge - 9 9 7
    assert_output "  why: 7 is not diagonally next to 9: a step from 9 goes to 5 or 6"
}

@test "--explain: no jump chain reaches the end, and it says where they end" {
    why challenge 7,14 17 17 12
    assert_output "  why: no jump chain from 17 ends on 12: its chains end on 3"
}

@test "--explain: a far square is out of reach of a man with nothing to jump" {
    why challenge - 9 9 1
    assert_output "  why: 1 is out of reach: a step goes one square diagonally forward, and 9 has nothing to jump"
}

# explain_shape RULE: the whole table through --explain; prints what is out
# of shape (nothing if every answer has a path when legal, one reason if not).
explain_shape() {
    "$BUILD/reference" --rule "$1" --explain < "$ROOT/cases.tsv" |
        awk '/^(true|false)$/ { v = $0; n++; next }
             /^  path: / { if (v != "true") print "path after " v, n; p[n]++; next }
             /^  why: /  { if (v != "false") print "why after " v, n; w[n]++; next }
             { print "stray line: " $0 }
             END { for (i = 1; i <= n; i++) if (!p[i] && w[i] != 1) print "answer " i ": " p[i] + 0 " paths, " w[i] + 0 " reasons" }'
}

@test "--explain gives every cases.tsv row a path if legal, one reason if not, under both readings" {
    for rule in challenge english; do
        run explain_shape "$rule"
        assert_success
        assert_output ""
    done
}

# ==================== --moves ====================

@test "--moves lists the steps of a man with nothing to capture" {
    run ref --moves - 9 9 5
    assert_output "true
  move: step 9 -> 5
  move: step 9 -> 6"
}

@test "--moves lists only full jump chains when the man can capture" {
    run ref --moves 8,15,23,24 27 27 4
    assert_output "true
  move: jump 27 x23 -> 18 x15 -> 11 x8 -> 4
  move: jump 27 x24 -> 20"
}

@test "--moves says none when the man cannot move, or may not under english" {
    run ref --moves 1,2 5,6 5 1
    assert_output "false
  move: none"
    run ref --rule english --moves 6 9,21 21 17
    assert_output "false
  move: none"
}

# positions FILE: the distinct (black, white, from) of FILE's question lines.
positions() { grep -v '^#' "$1" | cut -f1-3 | sort -u; }

# true_ends RULE POSITIONS: "black white from to" for every `to` the plain
# verdict accepts, asking all 32 ends of each position in one batch.
true_ends() {
    awk -F'\t' '{ for (to = 1; to <= 32; to++) print $0 "\t" to }' "$2" > "$BATS_TEST_TMPDIR/all"
    paste "$BATS_TEST_TMPDIR/all" <(ref --rule "$1" < "$BATS_TEST_TMPDIR/all") |
        awk -F'\t' '$5 == "true" { print $1 "\t" $2 "\t" $3 "\t" $4 }' | sort
}

# listed_ends RULE POSITIONS: the same, from the ends --moves lists (two
# chains may share an end).
listed_ends() {
    awk -F'\t' '{ print $0 "\t" $3 }' "$2" | ref --rule "$1" --moves |
        awk -F'\t' 'NR == FNR { p[NR] = $0; next }
                    /^[a-z]/ { n++; next }
                    $0 ~ /^  move: (step|jump) / { k = split($0, w, " "); print p[n] "\t" w[k] }' "$2" - | sort -u
}

# ends_agree POSITIONS: for both readings, --moves and the verdicts agree.
ends_agree() {
    local rule
    for rule in challenge english; do
        [ "$(true_ends $rule "$1" | wc -l)" -gt 0 ] || fail "no legal move at all under $rule"
        diff <(true_ends $rule "$1") <(listed_ends $rule "$1") || fail "--moves and the verdicts differ under $rule"
    done
}

@test "--moves lists exactly the ends the verdict accepts, for every cases.tsv position" {
    positions "$ROOT/cases.tsv" > "$BATS_TEST_TMPDIR/pos"
    ends_agree "$BATS_TEST_TMPDIR/pos"
}

@test "--moves lists exactly the ends the verdict accepts, for 300 random positions" {
    # Seeded: up to 6 white men and 10 black pieces on distinct squares.
    awk 'BEGIN {
        srand(5)
        for (i = 0; i < 300; i++) {
            split("", used); b = ""; w = ""
            nw = 1 + int(rand() * 6); nb = int(rand() * 11)
            for (k = 0; k < nw + nb; k++) {
                do s = 1 + int(rand() * 32); while (s in used)
                used[s] = 1
                if (k < nw) { w = w (w == "" ? "" : ",") s; if (k == 0) from = s }
                else b = b (b == "" ? "" : ",") s
            }
            print (b == "" ? "-" : b) "\t" w "\t" from
        }
    }' > "$BATS_TEST_TMPDIR/pos"
    ends_agree "$BATS_TEST_TMPDIR/pos"
}

# ==================== Batches and layout ====================

@test "in a batch with every option, each answer starts with its verdict and the rest is indented" {
    for rule in challenge english; do
        plain=$(ref --rule $rule < "$ROOT/cases.tsv")
        detailed=$(ref --rule $rule --show --legend --explain --moves < "$ROOT/cases.tsv")
        assert_equal "$(grep -v '^  ' <<< "$detailed")" "$plain"
        run grep -cv '^  [._BWOX]\( [._BWOX]\)\{7\}\(   \( [ 0-9][ .0-9]\)\{8\}\)\?$\|^  \(path\|why\|move\): \|^\(true\|false\)$' <<< "$detailed"
        assert_output 0
    done
}

@test "a detailed answer comes in a fixed order: board, explanation, moves" {
    run ref --moves --explain --show 6 9 9 5
    assert_line --index 0 false
    assert_line --index 8 "  _ . _ . _ . _ ."
    assert_line --index 9 --partial "  why: capture is mandatory"
    assert_line --index 10 "  move: jump 9 x6 -> 2"
    assert_equal "${#lines[@]}" 11
}

@test "without the options a batch still prints exactly one line per question" {
    run ref < "$ROOT/cases.tsv"
    assert_success
    assert_equal "${#lines[@]}" "$(case_rows | wc -l)"
    refute_output --partial " "
}

@test "a bad line in a detailed batch gets a bare error, and the answers stay in line" {
    run ref --explain --moves <<< $'6\t9\t9\t2\n[6]\t9\t9\t2\n6\t9\t9\t5'
    assert_failure 2
    assert_output --partial "false
  why: capture is mandatory and 9 can jump (to 2), so it may not just step"
    assert_equal "$(grep -v '^  ' <<< "$output" | grep -v '^line 2:' | tr '\n' ' ')" "true error false "
}

@test "a single question from the arguments answers as the same line does in a batch" {
    line=$'8,15,23,24\t27\t27\t20'
    for rule in challenge english; do
        run ref --rule $rule --show --explain --moves 8,15,23,24 27 27 20
        single=$output
        run ref --rule $rule --show --explain --moves <<< "$line"
        assert_equal "$output" "$single"
    done
}

@test "--help says the verdict is the first line and details are indented" {
    run ref --help
    assert_success
    assert_output --partial "The verdict is always the first line of an answer."
    assert_output --partial "indented by two"
    assert_output --partial "--show"
    assert_output --partial "--legend"
    assert_output --partial "--explain"
    assert_output --partial "--moves"
}
