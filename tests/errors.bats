#!/usr/bin/env bats
# Malformed lines: each class of fault gets "error" on stdout, its exact
# message on stderr, and the lines around it are still answered (exit 2).
# The golf's driver shares the reference's parser, so both are held to it.

bats_require_minimum_version 1.7.0
load test_helper

GOOD=$'6\t9\t9\t2' # a legal jump: true

# bad FORMAT MESSAGE: the line printf FORMAT, between two good lines, is
# "error" with "line 2: MESSAGE" on stderr, in both programs.
bad() {
    local input="$BATS_TEST_TMPDIR/input"
    { printf '%s\n' "$GOOD"; printf -- "$1"; printf '\n%s\n' "$GOOD"; } > "$input"
    local program
    for program in reference golf; do
        run --separate-stderr "$BUILD/$program" < "$input"
        assert_equal "$status" 2
        assert_equal "$output" $'true\nerror\ntrue'
        assert_equal "$stderr" "line 2: $2"
    done
}

@test "a non-numeric square is not a square number" {
    bad 'x\t9\t9\t2' 'black: "x" is not a square number (decimal digits only, 1-32)'
    bad '6\t9\tnine\t2' 'from: "nine" is not a square number (decimal digits only, 1-32)'
}

@test "square 0 is off the board" {
    bad '6\t9\t9\t0' 'to: "0" is off the board (squares are 1-32)'
    bad '0\t9\t9\t2' 'black: "0" is off the board (squares are 1-32)'
}

@test "a negative square has a sign, so is not a square number" {
    bad '6\t9\t-9\t2' 'from: "-9" is not a square number (decimal digits only, 1-32)'
    bad '-6\t9\t9\t2' 'black: "-6" is not a square number (decimal digits only, 1-32)'
}

@test "a square over 32 is off the board" {
    bad '33\t9\t9\t2' 'black: "33" is off the board (squares are 1-32)'
    bad '6\t9\t9\t100' 'to: "100" is off the board (squares are 1-32)'
}

@test "a number too big for any integer is off the board, never wrapped onto one" {
    bad '6\t9\t9\t99999999999999999999999' 'to: "99999999999999999999..." is off the board (squares are 1-32)'
    bad '6\t9\t9\t4294967298' 'to: "4294967298" is off the board (squares are 1-32)'
    bad '6\t9\t9\t18446744073709551618' 'to: "18446744073709551618" is off the board (squares are 1-32)'
}

@test "a hex number is not a square number" {
    bad '0x5\t9\t9\t2' 'black: "0x5" is not a square number (decimal digits only, 1-32)'
}

@test "a plus sign is not allowed" {
    bad '+6\t9\t9\t2' 'black: "+6" is not a square number (decimal digits only, 1-32)'
}

@test "a decimal point is not allowed" {
    bad '6\t9\t9.0\t2' 'from: "9.0" is not a square number (decimal digits only, 1-32)'
}

@test "trailing garbage after a number is not allowed" {
    bad '6\t9\t9\t2a' 'to: "2a" is not a square number (decimal digits only, 1-32)'
}

@test "an empty list element is a stray comma" {
    bad '6,,7\t9\t9\t2' 'black: "6,,7" has an empty element (a stray comma)'
    bad '6,\t9\t9\t2' 'black: "6," has an empty element (a stray comma)'
    bad '6\t,9\t9\t2' 'white: ",9" has an empty element (a stray comma)'
}

@test "a square listed twice in one list is an error" {
    bad '6,7,6\t9\t9\t2' 'black: square 6 is listed twice'
    bad '6\t9,05,9\t9\t2' 'white: square 9 is listed twice'
}

@test "a square cannot be both black and white" {
    bad '6,9\t9\t9\t2' 'white: square 9 is in the black list too'
}

@test "the start must hold a white piece" {
    bad '6\t9\t10\t2' 'from: square 10 is empty, not a white piece'
    bad '6\t9\t6\t2' 'from: square 6 holds a black piece, not a white one'
}

@test "an end off the board is an error, not false" {
    bad '6\t9\t9\t33' 'to: "33" is off the board (squares are 1-32)'
}

@test "a missing column is named" {
    bad '6\t9\t9' 'to: column missing (a line is black, white, from, to, tab-separated)'
    bad '6' 'white: column missing (a line is black, white, from, to, tab-separated)'
    bad '6\t9\t9\t' 'to: "" is empty: a square number 1-32 is needed'
}

@test "a line with spaces for tabs gets a hint about tabs" {
    bad '6 9 9 2' 'white: column missing (a line is black, white, from, to, separated by tabs, not spaces)'
}

@test "spaces around a number are not allowed" {
    bad ' 6\t9\t9\t2' 'black: " 6" holds a space (columns are separated by tabs, and numbers hold no spaces)'
    bad '6\t9\t9\t2 ' 'to: "2 " holds a space (columns are separated by tabs, and numbers hold no spaces)'
    bad '6, 7\t9\t9\t2' 'black: " 7" holds a space (columns are separated by tabs, and numbers hold no spaces)'
}

@test "an empty white list is an error: the mover must be white" {
    bad '6\t-\t9\t2' 'white: "-" lists no pieces, but the piece on from must be white'
    bad '6\t\t9\t2' 'white: "" is empty: write - for no pieces'
}

@test "an empty black column needs - instead" {
    bad '\t9\t9\t5' 'black: "" is empty: write - for no pieces'
}

@test "a bracketed list is an error with a hint" {
    bad '[6,7]\t9\t9\t2' 'black: "[6,7]" has brackets (write a list as 1,2,3, or - for none)'
    bad '6\t9\t[9]\t2' 'from: "[9]" has brackets (a square is a plain number)'
}

@test "NUL and other control bytes are named and shown escaped" {
    bad '6\t9\t9\0\t2' 'from: "9\x00" holds control byte 0x00'
    bad '6\001\t9\t9\t2' 'black: "6\x01" holds control byte 0x01'
    bad '6\t9\t9\t2\r\r' 'to: "2\x0d" holds control byte 0x0d'
    bad '6\t9\177\t9\t2' 'white: "9\x7f" holds control byte 0x7f'
}

@test "a quoted value is escaped and cut short" {
    bad '6\t9\t9\t\303\251' 'to: "\xc3\xa9" is not a square number (decimal digits only, 1-32)'
    bad '6\t9\t9\t"\\' 'to: "\"\\" is not a square number (decimal digits only, 1-32)'
    bad '6\t9\t9\t123456789012345678901234567890x' \
        'to: "12345678901234567890..." is not a square number (decimal digits only, 1-32)'
    bad '\001\001\001\001\001\001\001\001\001\001\001\001\001\001\001\001\001\001\001\001\001\t9\t9\t2' \
        'black: "\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01..." holds control byte 0x01'
}

@test "the first fault in column order is the one reported" {
    bad 'x\ty\tz\tw' 'black: "x" is not a square number (decimal digits only, 1-32)'
    bad '6\t9\t10\t99' 'from: square 10 is empty, not a white piece'
}

@test "a line of several megabytes gets one error line, quickly" {
    local input="$BATS_TEST_TMPDIR/long"
    { printf '%s\n' "$GOOD"; head -c 3000000 < <(yes 1, | tr -d '\n'); printf '\t9\t9\t2\n%s\n' "$GOOD"; } > "$input"
    [ "$(wc -c < "$input")" -gt 3000000 ]
    # The bound catches quadratic work; ASan and UBSan (make sanitize) run
    # the same linear code two to three times slower.
    local program start bound=2000
    [ -z "$SAN" ] || bound=6000
    for program in reference golf; do
        start=$(date +%s%N)
        run --separate-stderr "$BUILD/$program" < "$input"
        local ms=$((($(date +%s%N) - start) / 1000000))
        assert_equal "$status" 2
        assert_equal "$output" $'true\nerror\ntrue'
        assert_equal "$stderr" "line 2: black: square 1 is listed twice"
        [ "$ms" -lt "$bound" ] || fail "$program took $ms ms on a 3 MB line (bound $bound ms)"
    done
}

@test "a long run of digits or commas is cut short in the message" {
    local input="$BATS_TEST_TMPDIR/long"
    { head -c 3000000 < <(yes 1 | tr -d '\n'); printf '\t9\t9\t2\n'; head -c 3000000 < <(yes , | tr -d '\n'); printf '\t9\t9\t2\n'; } > "$input"
    run --separate-stderr "$BUILD/reference" < "$input"
    assert_equal "$status" 2
    assert_equal "$output" $'error\nerror'
    assert_equal "$stderr" $'line 1: black: "11111111111111111111..." is off the board (squares are 1-32)\nline 2: black: ",,,,,,,,,,,,,,,,,,,,..." has an empty element (a stray comma)'
}

@test "a final bad line without a newline is still reported" {
    local input="$BATS_TEST_TMPDIR/input"
    printf '%s\n6\t9\t9\t33' "$GOOD" > "$input"
    run --separate-stderr "$BUILD/reference" < "$input"
    assert_equal "$status" 2
    assert_equal "$output" $'true\nerror'
    assert_equal "$stderr" 'line 2: to: "33" is off the board (squares are 1-32)'
}

@test "error line numbers count blank and comment lines" {
    run --separate-stderr "$BUILD/reference" <<< $'# header\n\n6\t9\t9\t2\n\nx\t9\t9\t2\n6\t9\t9\t0'
    assert_equal "$status" 2
    assert_equal "$output" $'true\nerror\nerror'
    assert_equal "$stderr" $'line 5: black: "x" is not a square number (decimal digits only, 1-32)\nline 6: to: "0" is off the board (squares are 1-32)'
}
