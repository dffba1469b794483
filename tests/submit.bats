#!/usr/bin/env bats
# The answer post (`make submit`, build/answer.md) and its Try it online link:
# the byte count, the code, and a permalink that decodes back to the golf and
# a footer that prints the challenge's verdicts.

load test_helper

setup() {
    GOLF="$ROOT/golf/checkers.c"
    FOOTER="$ROOT/golf/footer.c"
    ANSWER="$BUILD/answer.md"
    export TIO="$BUILD/tio"
}

# permalink FILE: the URL of the post's [TIO] reference.
permalink() { sed -n 's/^\[TIO\]: \(https:[^ ]*\) .*/\1/p' "$1"; }

# code_block first|last FILE: that indented code block of a post, without its
# indentation and without a line feed after its last line (as the golf is kept).
code_block() {
    awk -v which="$1" '
        /^    / { if (!inside) buf[++n] = ""; inside = 1
                  buf[n] = buf[n] blanks substr($0, 5) "\n"; blanks = ""; next }
        /^$/ && inside { blanks = blanks "\n"; next }
        { inside = 0; blanks = "" }
        END { i = which == "first" ? 1 : n; printf "%s", substr(buf[i], 1, length(buf[i]) - 1) }' "$2"
}

# The challenge's cases in cases.tsv, as label, black, white, from, to and
# verdict (the reader's comment, case 15, repeats 13 and 14: not in the footer).
challenge_cases() {
    case_rows | awk -F'\t' -v OFS='\t' '$7 ~ /^challenge / && $7 !~ /^challenge 15/ {
        label = $7; sub(/^challenge /, "", label); sub(/:.*/, "", label)
        sub(/ \(.*/, "", label); print label, $1, $2, $3, $4, $5 }'
}

# The cases golf/footer.c holds, in the same columns bar the verdict.
footer_cases() {
    sed -n 's/^{"\([^"]*\)",{\([0-9,]*\)},{\([0-9,]*\)},\([0-9]*\),\([0-9]*\)}.*/\1\t\2\t\3\t\4\t\5/p' "$FOOTER" |
        sed 's/\t0\t/\t-\t/'
}

@test "the heading names the linked language and the golf's size in bytes" {
    run head -n 1 "$ANSWER"
    assert_output "# [C (gcc)], $(wc -c < "$GOLF") bytes"
    run grep -Fx '[C (gcc)]: https://gcc.gnu.org/' "$ANSWER"
    assert_success
}

@test "the post's first code block is the golf, byte for byte" {
    code_block first "$ANSWER" > "$BATS_TEST_TMPDIR/code"
    run cmp "$BATS_TEST_TMPDIR/code" "$GOLF"
    assert_success
}

@test "the post's last code block is the ungolfed twin's code" {
    local block
    block=$(code_block last "$ANSWER")
    [ -n "$block" ] || fail "no code block in the post"
    [[ "$(cat "$ROOT/golf/ungolfed.c")" == *"$block" ]] ||
        fail "the post's last code block is not the end of golf/ungolfed.c"
}

@test "the permalink decodes to c-gcc, the golf as code and golf/footer.c as footer" {
    local url
    url=$(permalink "$ANSWER")
    [[ $url == https://tio.run/##* ]] || fail "no tio.run permalink in the post: '$url'"
    run "$TIO" decode "$url" lang
    assert_output "c-gcc"
    run "$TIO" decode "$url" header
    assert_output ""
    run "$TIO" decode "$url" input
    assert_output ""
    run cmp <("$TIO" decode "$url" code) "$GOLF"
    assert_success
    run cmp <("$TIO" decode "$url" footer) "$FOOTER"
    assert_success
}

@test "the link's program, joined as TIO joins it, prints the challenge's verdicts" {
    local url prog=$BATS_TEST_TMPDIR/tio-program
    url=$(permalink "$ANSWER")
    # TIO compiles the code, a line feed, then the footer (the header is empty).
    { "$TIO" decode "$url" code; printf '\n'; "$TIO" decode "$url" footer; } > "$prog.c"
    "${CC:-gcc}" -w -o "$prog" "$prog.c"
    run "$prog"
    assert_success
    assert_output "$(challenge_cases | awk -F'\t' '{ print $1 ": " $6 }')"
    [ "${#lines[@]}" -eq 15 ]
}

@test "the footer's cases are the challenge's positions and moves in cases.tsv" {
    run footer_cases
    assert_output "$(challenge_cases | cut -f1-5)"
}

@test "the encoder reproduces a permalink that tio.run itself made" {
    # From a Code Golf answer (Wolfram Language): header, code and footer set,
    # input empty; its base64 uses both "@" and "/".
    local url='https://tio.run/##y00syUjNTSzJTE78n6Zg@99QX18vL17fOqQo2jDOJbMsszi/qNghL9ZG2couT9tI7X9AUWZeSbSygq6dQlq0cmysgpqCvoOCV35mXnRQYl56arShQayOQrWhkY6CobmOgpFpbex/AA'
    local d=$BATS_TEST_TMPDIR field
    for field in header code footer input; do
        "$TIO" decode "$url" "$field" > "$d/$field"
    done
    run cat "$d/code"
    assert_output '1//.n_/;Tr[1^Divisors@n]<#:>n+2&'
    run "$TIO" encode "$("$TIO" decode "$url" lang)" "$d/header" "$d/code" "$d/footer" "$d/input"
    assert_output "$url"
}

@test "a golf with one byte changed gives another link, which decodes to the change" {
    local d=$BATS_TEST_TMPDIR url planted_url
    url=$(permalink "$ANSWER")
    # Swap the golf's first byte for another printable one.
    { if [ "$(head -c 1 "$GOLF")" = x ]; then printf y; else printf x; fi; tail -c +2 "$GOLF"; } > "$d/golf.c"
    "$ROOT/golf/answer.sh" "$d/golf.c" > "$d/answer.md"
    planted_url=$(permalink "$d/answer.md")
    [ "$planted_url" != "$url" ]
    run cmp <("$TIO" decode "$planted_url" code) "$d/golf.c"
    assert_success
    run cmp <("$TIO" decode "$url" code) "$d/golf.c"
    assert_failure
}

@test "the post refuses a golf that ends in a line feed (a code block would hide it)" {
    { cat "$GOLF"; printf '\n'; } > "$BATS_TEST_TMPDIR/golf.c"
    run "$ROOT/golf/answer.sh" "$BATS_TEST_TMPDIR/golf.c"
    assert_failure
    assert_output --partial "ends with a line feed"
}
