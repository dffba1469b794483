#!/usr/bin/env bats
# The command line and the line protocol: batch questions on stdin (both the
# reference and the golf's driver), and the reference's single-question form
# and options.

bats_require_minimum_version 1.7.0
load test_helper

# Two questions with known answers under the default (challenge) reading.
JUMP=$'6\t9\t9\t2'  # true: a single jump
STEP=$'6\t9\t9\t5'  # false: the man could jump, so it may not step
# White men on 10 and 30; the man on 10 can jump, the one on 30 can only step.
RULES=$'6,7\t10,30\t30\t26'

# both INPUT EXPECTED: the golf and the reference answer INPUT (stdin) with
# EXPECTED on stdout, nothing on stderr, exit 0.
both() {
    local program
    for program in reference golf; do
        run --separate-stderr "$BUILD/$program" <<< "$1"
        assert_equal "$status" 0
        assert_equal "$output" "$2"
        assert_equal "$stderr" ""
    done
}

# both_file FILE EXPECTED: as both, reading FILE (for bytes a here-string cannot hold).
both_file() {
    local program
    for program in reference golf; do
        run --separate-stderr "$BUILD/$program" < "$1"
        assert_equal "$status" 0
        assert_equal "$output" "$2"
        assert_equal "$stderr" ""
    done
}

# ==================== Batch: the line protocol ====================

@test "a batch gets one true or false per question, in input order" {
    both "$JUMP"$'\n'"$STEP"$'\n'"$STEP"$'\n'"$JUMP" $'true\nfalse\nfalse\ntrue'
}

@test "the whole cases table through stdin gets one answer per row" {
    local rows
    rows=$(case_rows | wc -l)
    run --separate-stderr "$BUILD/reference" < "$ROOT/cases.tsv"
    assert_success
    assert_equal "$(wc -l <<< "$output")" "$rows"
    assert_equal "$output" "$(case_rows | cut -f5)"
}

@test "blank, whitespace-only and # lines are skipped and keep answers aligned" {
    both $'# black\twhite\tfrom\tto\n\n'"$JUMP"$'\n   \n\t\t\t\n#'"$STEP"$'\n'"$STEP" $'true\nfalse'
}

@test "columns past the fourth are ignored, whatever they hold" {
    both "$JUMP"$'\tfalse\tsome note, with spaces\n'"$STEP"$'\t\t\t' $'true\nfalse'
}

@test "CRLF line endings are accepted" {
    both "$JUMP"$'\r\n'"$STEP"$'\r\n\r' $'true\nfalse'
}

@test "a - black list means no black pieces" {
    both $'-\t9\t9\t5\n-\t9\t9\t1' $'true\nfalse'
}

@test "leading zeros are harmless" {
    both $'06\t09\t9\t002' 'true'
}

@test "a final line without a newline is answered" {
    printf '%s\n%s' "$JUMP" "$STEP" > "$BATS_TEST_TMPDIR/input"
    both_file "$BATS_TEST_TMPDIR/input" $'true\nfalse'
}

@test "empty input gives no output and exit 0" {
    : > "$BATS_TEST_TMPDIR/empty"
    both_file "$BATS_TEST_TMPDIR/empty" ""
}

@test "only comments and blank lines give no output and exit 0" {
    both $'# nothing\n\n# here' ""
}

@test "a huge ignored fifth column still gets an answer" {
    local input="$BATS_TEST_TMPDIR/input"
    { printf '%s\t' "$JUMP"; head -c 3000000 < <(yes 'x,' | tr -d '\n'); printf '\n%s\n' "$STEP"; } > "$input"
    both_file "$input" $'true\nfalse'
}

@test "a bad line is answered error and the batch goes on, exit 2" {
    local program
    for program in reference golf; do
        run --separate-stderr "$BUILD/$program" <<< "$JUMP"$'\n33\t9\t9\t2\n'"$STEP"
        assert_equal "$status" 2
        assert_equal "$output" $'true\nerror\nfalse'
        assert_equal "$stderr" 'line 2: black: "33" is off the board (squares are 1-32)'
    done
}

@test "a failed write to stdout is exit 1, named with the program's name" {
    [ -w /dev/full ] || fail "this test needs /dev/full"
    local program code
    for program in reference golf golf-ungolfed; do
        code=0
        "$BUILD/$program" <<< "$JUMP" > /dev/full 2> "$BATS_TEST_TMPDIR/err" || code=$?
        assert_equal "$code" 1
        assert_equal "$(cat "$BATS_TEST_TMPDIR/err")" "$program: writing output: No space left on device"
    done
}

@test "every reference command's failed write is exit 1 with the program's name: a single answer, --help, moves, perft, game" {
    [ -w /dev/full ] || fail "this test needs /dev/full"
    local args code
    for args in "6,7 10 10 1" "6,7 10 10 x" "--help" "moves B:W21-32:B1-12" "perft B:W21-32:B1-12 1" "game"; do
        code=0
        # shellcheck disable=SC2086 # each case is words
        "$BUILD/reference" $args <<< $'B:W21-32:B1-12\t11-15' > /dev/full 2> "$BATS_TEST_TMPDIR/err" || code=$?
        [ "$code" = 1 ] || fail "reference $args > /dev/full: exit $code, not 1"
        assert_equal "$(tail -n 1 "$BATS_TEST_TMPDIR/err")" "reference: writing output: No space left on device"
    done
}

# ==================== The reference's single question ====================

@test "four arguments ask one question: 6,7 10 10 1 is true" {
    run --separate-stderr "$BUILD/reference" 6,7 10 10 1
    assert_equal "$status" 0
    assert_equal "$output" true
    assert_equal "$stderr" ""
}

@test "a false single question still exits 0" {
    run --separate-stderr "$BUILD/reference" 6 9 9 5
    assert_equal "$status" 0
    assert_equal "$output" false
}

@test "a lone - argument is the empty black list, not an option" {
    run --separate-stderr "$BUILD/reference" - 5 5 1
    assert_equal "$status" 0
    assert_equal "$output" true
}

@test "a bad single question prints error, the parser's message, exit 2" {
    run --separate-stderr "$BUILD/reference" 6 9 9 33
    assert_equal "$status" 2
    assert_equal "$output" error
    assert_equal "$stderr" 'reference: to: "33" is off the board (squares are 1-32)'
}

@test "the single question and the batch reject with the same message" {
    local args
    for args in "6,,7 9 9 2" "6 9 10 2" "6,9 9 9 2" "6 - 9 2" "0x5 9 9 2"; do
        # shellcheck disable=SC2086 # split on purpose: four arguments
        run --separate-stderr "$BUILD/reference" $args
        assert_equal "$status" 2
        local single=${stderr#reference: }
        run --separate-stderr "$BUILD/reference" <<< "${args// /$'\t'}"
        assert_equal "$status" 2
        assert_equal "line 1: $single" "$stderr"
    done
}

# ==================== Options ====================

@test "the default reading is challenge: only the mover must capture" {
    run "$BUILD/reference" 6,7 10,30 30 26
    assert_success
    assert_output true
    run "$BUILD/reference" --rule challenge 6,7 10,30 30 26
    assert_success
    assert_output true
}

@test "--rule english forbids a step while any white man can capture" {
    run "$BUILD/reference" --rule english 6,7 10,30 30 26
    assert_success
    assert_output false
    run "$BUILD/reference" 6,7 10,30 30 26 --rule english
    assert_success
    assert_output false
}

@test "--rule=english is the same as --rule english" {
    run "$BUILD/reference" --rule=english 6,7 10,30 30 26
    assert_success
    assert_output false
    run "$BUILD/reference" --rule=challenge 6,7 10,30 30 26
    assert_success
    assert_output true
}

@test "--rule applies to a batch too" {
    run "$BUILD/reference" --rule english <<< "$RULES"$'\n'"$JUMP"
    assert_success
    assert_output $'false\ntrue'
    run "$BUILD/reference" <<< "$RULES"$'\n'"$JUMP"
    assert_success
    assert_output $'true\ntrue'
}

@test "a bad --rule value is refused with exit 2" {
    run --separate-stderr "$BUILD/reference" --rule british 6 9 9 2
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" 'reference: --rule takes challenge or english, not "british"'
    run --separate-stderr "$BUILD/reference" --rule=
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --rule takes challenge or english, not ""'
}

@test "--rule without a value is refused with exit 2" {
    run --separate-stderr "$BUILD/reference" --rule < /dev/null
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" 'reference: --rule takes challenge or english, not ""'
}

@test "an unknown option is refused with exit 2" {
    run --separate-stderr "$BUILD/reference" --frobnicate 6 9 9 2
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" 'reference: unknown option --frobnicate (try reference --help)'
    run --separate-stderr "$BUILD/reference" -x < /dev/null
    assert_equal "$status" 2
}

@test "one to three arguments are refused with exit 2, saying how many were given" {
    local n
    for n in 1 2 3; do
        run --separate-stderr "$BUILD/reference" $(seq -s ' ' 9 $((8 + n))) < /dev/null
        assert_equal "$status" 2
        assert_equal "$output" ""
        assert_equal "$stderr" "reference: $n of BLACK WHITE FROM TO given: a question needs all four, or none to read questions from standard input (try reference --help)"
    done
}

@test "five arguments are refused with exit 2" {
    run --separate-stderr "$BUILD/reference" 6 9 9 2 1
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" 'reference: 5 arguments: a question is four, BLACK WHITE FROM TO (try reference --help)'
}

@test "a negative number is an argument, not an option: the question's square error" {
    run --separate-stderr "$BUILD/reference" 6,7 10 10 -1
    assert_equal "$status" 2
    assert_equal "$output" error
    assert_equal "$stderr" 'reference: to: "-1" is not a square number (decimal digits only, 1-32)'
    run --separate-stderr "$BUILD/reference" -6 10 10 1
    assert_equal "$stderr" 'reference: black: "-6" is not a square number (decimal digits only, 1-32)'
}

@test "a negative perft depth reaches perft, not the option reader" {
    run --separate-stderr "$BUILD/reference" perft B:W21-32:B1-12 -1
    assert_equal "$status" 2
    assert_equal "$output" ""
    refute_regex "$stderr" 'option'
    assert_regex "$stderr" '^reference: depth: "-1" '
}

@test "a mistyped command is an unknown command, named, with the commands listed" {
    run --separate-stderr "$BUILD/reference" Moves B:W21-32:B1-12
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" 'reference: unknown command "Moves": the commands are moves, perft, game and pdn (try reference --help)'
    run --separate-stderr "$BUILD/reference" prft B:W21-32:B1-12 3
    assert_equal "$stderr" 'reference: unknown command "prft": the commands are moves, perft, game and pdn (try reference --help)'
}

@test "--legend draws the square numbers beside moves' position; game and perft refuse it, saying so" {
    run --separate-stderr "$BUILD/reference" --legend moves B:W21-32:B1-12
    assert_equal "$status" 0
    assert_line --index 0 '  . b . b . b . b     .  1  .  2  .  3  .  4'
    assert_line --index 7 '  w . w . w . w .    29  . 30  . 31  . 32  .'
    assert_line --index 8 '  black to move'
    assert_line --index 9 '9-13'
    run --separate-stderr "$BUILD/reference" --legend game < /dev/null
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --legend is for the question and moves, not game (try reference game --help)'
    run --separate-stderr "$BUILD/reference" --legend perft B:W21-32:B1-12 1
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --legend is for the question and moves, not perft (try reference perft --help)'
}

@test "--help says where --show draws the position: before moves' list, after each game answer" {
    run "$BUILD/reference" moves --help
    assert_output --partial '--show    the position, drawn before its moves'
    run "$BUILD/reference" game --help
    assert_output --partial '--show    after each answer, the final position'
    run --separate-stderr "$BUILD/reference" --show moves B:W21-32:B1-12
    assert_line --index 0 '  . b . b . b . b'
    assert_line --index 9 '9-13'
}

@test "--help describes both forms and exits 0" {
    local flag
    for flag in --help -h; do
        run --separate-stderr "$BUILD/reference" "$flag"
        assert_equal "$status" 0
        assert_equal "$stderr" ""
        assert_line --index 0 --regexp '^usage: reference '
        assert_output --partial '[BLACK WHITE FROM TO]'
        assert_output --partial 'standard input'
        assert_output --partial 'tab-separated'
        assert_output --partial '--rule'
        assert_output --partial 'exit status is 2'
    done
}

# takes CMD OPTION...: `reference CMD --help` (and `reference --help CMD`)
# starts "usage: reference CMD" and names each OPTION, and exits 0.
takes() {
    local cmd=$1 option
    shift
    run --separate-stderr "$BUILD/reference" "$cmd" --help
    assert_success
    assert_line --index 0 --regexp "^usage: reference $cmd "
    for option in "$@"; do assert_output --partial -- "$option"; done
    local help=$output
    run --separate-stderr "$BUILD/reference" --help "$cmd"
    assert_equal "$output" "$help"
}

@test "each command has its own --help, usage first, naming every option it takes; the top one names them all" {
    takes moves --show --legend --strict
    takes perft --divide --after --hash --hash-entries --threads --stats --split --sum --suite --journal --progress \
        --nobulk --strict
    takes game --show --strict
    takes pdn --strict --notes --plies --write
    run "$BUILD/reference" --help
    local cmd
    for cmd in moves perft game pdn; do assert_output --partial "  $cmd "; done
    assert_output --partial 'reference CMD --help'
}

@test "options go before or after the command's name, as --opt VALUE or --opt=VALUE, for every command" {
    local fen=B:W21-32:B1-12 want
    want=$("$BUILD/reference" perft "$fen" 3 --hash 1)
    for args in "--hash 1 perft $fen 3" "--hash=1 perft $fen 3" "perft --hash=1 $fen 3" "perft $fen --hash 1 3"; do
        # shellcheck disable=SC2086 # each case is words
        run --separate-stderr "$BUILD/reference" $args
        assert_success
        assert_equal "$output" "$want"
    done
    run --separate-stderr "$BUILD/reference" --strict --notes pdn <<< '1. 11-15 *'
    assert_success
    run --separate-stderr "$BUILD/reference" --show --strict game <<< "$fen"$'\t11-15'
    assert_success
    run --separate-stderr "$BUILD/reference" --rule=english 6,7 10,30 30 26
    assert_output false
    run --separate-stderr "$BUILD/reference" --show=yes moves "$fen"
    assert_failure 2
    assert_equal "$stderr" 'reference: --show takes no value (try reference moves --help)'
}

@test "--version is the library's version (ck_version), before or after a command" {
    local version
    version=$(sed -n 's/^#define CK_VERSION "\(.*\)"$/\1/p' "$ROOT/reference/checkers.h")
    [ -n "$version" ] || fail "no CK_VERSION in checkers.h"
    run --separate-stderr "$BUILD/reference" --version
    assert_success
    assert_output "reference $version"
    run --separate-stderr "$BUILD/reference" perft --version
    assert_output "reference $version"
}

@test "an option that cannot apply is refused, naming the conflict, never ignored" {
    local fen=B:W21-32:B1-12 args
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086 # each case is words
        run --separate-stderr "$BUILD/reference" $args < /dev/null
        assert_equal "$status" 2
        assert_equal "$output" ""
        assert_equal "$stderr" "reference: $want"
    done <<EOF2
perft $fen 1-3 --divide|--divide does not apply to a range of depths (try reference perft --help)
perft $fen 5 --split 2 --stats|--stats does not apply to --split, which writes jobs and counts nothing (try reference perft --help)
perft $fen 5 --after 11-15 --after 22-18|--after given twice, "11-15" and "22-18": give it once
perft --sum --threads 2|--threads does not apply to --sum, which adds result lines and counts nothing (try reference perft --help)
perft $fen 5 --nobulk --hash 8|--nobulk and --hash: not both (try reference perft --help)
perft 5 --divide|--divide does not apply to lines of standard input (no FEN and DEPTH given) (try reference perft --help)
moves $fen --hash 8|--hash is for perft, not moves (try reference moves --help)
--strict 6 9 9 2|--strict is for positions and moves (moves, perft, game and pdn): the question's lines are read exactly already (try reference --help)
--rule english --rule challenge 6 9 9 2|--rule given twice, "english" and "challenge": give it once
EOF2
}

@test "a single question whose black list is blank or starts with # is an error, not a skipped line" {
    run --separate-stderr "$BUILD/reference" '#5' 9 9 5
    assert_failure 2
    assert_output error
    assert_equal "$stderr" 'reference: black: blank or starting with #: a list of squares, or - for none, is needed'
}

# ==================== What reaches the terminal ====================

@test "no control byte of any input reaches stdout or stderr raw, on every command" {
    local e=$'\e[31m' b=$'\a' d="$BATS_TEST_TMPDIR" ref="$BUILD/reference" all="$BATS_TEST_TMPDIR/all"
    printf 'B:W21-32:B1-12 ;D1 7 ;D2 4%s9\n' "$e" > "$d/suite"
    printf '[Black "x%s"]\n[White "%sy"]\n1. 11-15%s 22-18 *\n1. 11-15 22-18 2. 12-16%s 26x17 *\n1. 11-15Red%s 22-18 *\n' \
        "$e" "$b" "$b" "$e" "$b" > "$d/g$e.pdn"
    {
        "$ref" "6$e" 9 9 2; "$ref" <<< $'6\t9'"$b"$'\t9\t2'; "$ref" "--x$e"; "$ref" --rule "$b"; "$ref" "Mo$e"
        "$ref" moves "B:W21$e:B1"; "$ref" moves <<< "B:W2$b:B1"
        "$ref" perft "B:W$e:B1" 1; "$ref" perft B:W21:B1 "1$b"; "$ref" perft B:W21:B1 2 --after "11-15 22$e"
        "$ref" perft --suite "$d/no$e"; "$ref" perft --suite "$d/suite"; "$ref" perft 1 <<< "B:W$b:B1"
        "$ref" perft --sum <<< "perft 1: 7$e"; "$ref" perft B:W21-32:B1-12 1 --journal "$d/none/j$e"
        "$ref" game <<< "B:W21-32:B1-12"$'\t'"11-15$b"; "$ref" game <<< "B:W2$e:B1"$'\t'"11-15"
        "$ref" pdn --notes "$d/g$e.pdn" "$d/g$e.pdn"; "$ref" pdn --write --plies "$d/g$e.pdn"; "$ref" pdn "$d/none$b"
    } > "$all" 2>&1 < /dev/null || true # each refuses or answers: what matters is what it says
    run cat "$all"
    [ "${#lines[@]}" -gt 30 ] || fail "too little was said: $output"
    no_raw_bytes
}

# ==================== The one line loop ====================

@test "every command that reads lines skips the same ones: blank, spaces and tabs, # after blanks, CRLF" {
    local skip=$'\n \t\n  # a comment\n#another\n\t#\r\n\r\n' d="$BATS_TEST_TMPDIR" fen=B:W21-32:B1-12
    run_lines() { # run_lines REAL_LINE COMMAND...: the skipped lines around REAL_LINE into COMMAND
        printf '%s%s\r\n%s' "$skip" "$1" "$skip" > "$d/in"
        shift
        run --separate-stderr "$@" < "$d/in"
        assert_success
        assert_equal "$stderr" ""
        assert_equal "$(grep -vc '^ ' <<< "$output")" 1 # one answer; moves' are indented below it
    }
    run_lines $'6\t9\t9\t2' "$BUILD/reference"
    run_lines $'6\t9\t9\t2' "$BUILD/golf"
    run_lines "W:W5:B1" "$BUILD/reference" moves
    run_lines "$fen"$'\t11-15' "$BUILD/reference" game
    run_lines "$fen 2" "$BUILD/reference" perft
    run_lines "$("$BUILD/reference" perft "$fen" 2 --split 0 | "$BUILD/reference" perft)" "$BUILD/reference" perft --sum
    printf '%s%s ;D1 7\r\n%s' "$skip" "$fen" "$skip" > "$d/suite"
    run --separate-stderr "$BUILD/reference" perft --suite "$d/suite"
    assert_success
    assert_line --index 0 'ok line 7 depth 1: 7'
    assert_equal "${#lines[@]}" 2
}
