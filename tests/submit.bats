#!/usr/bin/env bats
# The answer post (`make submit`, build/answer.md) and its links: the heading
# with the flags and the byte count, the code, an Attempt This Online link and
# a Try It Online link that each decode back to the golf, its flags and a
# footer printing the challenge's verdicts; and the link tool
# (golf/permalink.c) against the sites' own links.

bats_require_minimum_version 1.7.0
load test_helper

setup() {
    GOLF="$ROOT/golf/checkers.c"
    FOOTER="$ROOT/golf/footer.c"
    ANSWER="$BUILD/answer.md"
    PERMALINK="$BUILD/permalink"
    export PERMALINK
}

# The sites' own links (../shared/venues.md): ATO's documented example, an
# ATO function with a footer and a flag, and TIO's with a flag.
ATO_EXAMPLE='https://ato.pxeger.com/run?1=m700OT49OXlVtJKuS6KtiZFS7IKlpSVpuhbbcxMz8zQ0qwuKMvNK0jSUVFOUdBI1rWshslBFC6A0AA'
ATO_FLAGGED='https://ato.pxeger.com/run?1=m700OT49OXldtJJucUmKbXpeqYWlUuyCpaUlaboWm9M0EnWSNKuLUktKi_IUErWTrGshMvtyEzPzNDSrC4oy80rSNJRUU2LylHTSNIx0jDU1YYoWQI0BAA'
TIO_FLAGGED='https://tio.run/##S9ZNT07@/z9NI1EnSbO6KLWktChPIVE7ybr2f25iZp6GZnVBUWZeSZqGkmqKkk6ahpGOsaYmUPJfclpOYnrxf93ikhTb9LxSC0sA'

# link ato|tio FILE: the post's link to that site.
link() {
    local pattern
    pattern=$([ "$1" = ato ] && echo 'https://ato\.pxeger\.com/run?1=[^)]*' || echo 'https://tio\.run/##[^)]*')
    grep -o "$pattern" "$2" | head -n 1
}

# code_block first|last FILE: that fenced code block of a post, without a
# line feed after its last line (as the golf is kept).
code_block() {
    awk -v which="$1" '
        /^```/ { if (inside) { inside = 0 } else { inside = 1; buf[++n] = "" } next }
        inside { buf[n] = buf[n] $0 "\n" }
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

# roundtrip URL SITE: every field of URL decodes, and the fields encode back
# to exactly URL at the site's settings.
roundtrip() {
    local d=$BATS_TEST_TMPDIR field
    for field in lang flags header code footer input; do
        "$PERMALINK" decode "$1" "$field" > "$d/$field" || fail "no $field in $1"
    done
    run "$PERMALINK" encode "$2" "$(cat "$d/lang")" "$(cat "$d/flags")" "$d/header" "$d/code" "$d/footer" "$d/input"
    assert_success
    assert_output "$1"
}

# ==================== The post ====================

@test "the heading names the language with the golf's flags, and its size in bytes" {
    run head -n 1 "$ANSWER"
    assert_output "# [C (GCC)](https://gcc.gnu.org) $GOLF_FLAGS, $(wc -c < "$GOLF") bytes"
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

@test "each link decodes to C (GCC), the golf's flags, the golf as code and golf/footer.c as footer" {
    local site url lang
    for site in ato tio; do
        url=$(link "$site" "$ANSWER")
        [ -n "$url" ] || fail "no $site link in the post"
        lang=$([ "$site" = ato ] && echo c_gcc || echo c-gcc)
        run "$PERMALINK" decode "$url" lang
        assert_output "$lang"
        run "$PERMALINK" decode "$url" flags
        assert_output "$GOLF_FLAGS"
        run "$PERMALINK" decode "$url" header
        assert_output ""
        run "$PERMALINK" decode "$url" input
        assert_output ""
        run cmp <("$PERMALINK" decode "$url" code) "$GOLF"
        assert_success
        run cmp <("$PERMALINK" decode "$url" footer) "$FOOTER"
        assert_success
        printf '# %s link: %d characters\n' "$site" "${#url}" >&3
    done
}

# link_program SITE COMPILER: the SITE link's program (header, code and
# footer, joined as the site joins them), built by COMPILER with the link's
# own flags, prints the challenge's verdicts.
link_program() {
    local url prog=$BATS_TEST_TMPDIR/program flags
    url=$(link "$1" "$ANSWER")
    "$PERMALINK" decode "$url" program > "$prog.c"
    flags=$("$PERMALINK" decode "$url" flags)
    # shellcheck disable=SC2086 # the link's flags, and SAN: several, or none
    run "$2" $flags $SAN -o "$prog" "$prog.c"
    assert_success
    run "$prog"
    assert_success
    assert_output "$(challenge_cases | awk -F'\t' '{ print $1 ": " $6 }')"
    [ "${#lines[@]}" -eq 15 ]
}

@test "the ATO link's program, with its flags, under the gcc 14 stand-in, prints the challenge's verdicts" {
    link_program ato "$ROOT/tests/standin/gcc"
}

@test "the ATO link's program, with its flags, under clang-19, prints the challenge's verdicts" {
    link_program ato clang-19
}

@test "the TIO link's program, with its flags, under the gcc 14 stand-in, prints the challenge's verdicts" {
    link_program tio "$ROOT/tests/standin/gcc"
}

@test "the footer's cases are the challenge's positions and moves in cases.tsv" {
    run footer_cases
    assert_output "$(challenge_cases | cut -f1-5)"
}

@test "a golf with one byte changed gives other links, which decode to the change" {
    local d=$BATS_TEST_TMPDIR site url planted_url
    # Swap the golf's first byte for another printable one.
    { if [ "$(head -c 1 "$GOLF")" = x ]; then printf y; else printf x; fi; tail -c +2 "$GOLF"; } > "$d/golf.c"
    "$ROOT/golf/answer.sh" "$d/golf.c" > "$d/answer.md"
    for site in ato tio; do
        url=$(link "$site" "$ANSWER")
        planted_url=$(link "$site" "$d/answer.md")
        [ "$planted_url" != "$url" ]
        run cmp <("$PERMALINK" decode "$planted_url" code) "$d/golf.c"
        assert_success
        run cmp <("$PERMALINK" decode "$url" code) "$d/golf.c"
        assert_failure
    done
}

@test "the post refuses a golf that ends in a line feed (a code block would hide it)" {
    { cat "$GOLF"; printf '\n'; } > "$BATS_TEST_TMPDIR/golf.c"
    run "$ROOT/golf/answer.sh" "$BATS_TEST_TMPDIR/golf.c"
    assert_failure
    assert_output --partial "ends with a line feed"
}

# ==================== The link tool against the sites' own links ====================

@test "ATO's documented example decodes to its fields and encodes back to exactly its link" {
    run "$PERMALINK" decode "$ATO_EXAMPLE" lang
    assert_output c_gcc
    run "$PERMALINK" decode "$ATO_EXAMPLE" flags
    assert_output -- "-Da=42"
    run "$PERMALINK" decode "$ATO_EXAMPLE" code
    assert_output 'main(){printf("%d",a);}'
    for field in header footer input; do
        run "$PERMALINK" decode "$ATO_EXAMPLE" "$field"
        assert_output ""
    done
    roundtrip "$ATO_EXAMPLE" ato
}

@test "ATO's link with a footer and a flag decodes to its fields and encodes back to exactly its link" {
    run "$PERMALINK" decode "$ATO_FLAGGED" flags
    assert_output -- "-std=gnu89"
    run "$PERMALINK" decode "$ATO_FLAGGED" code
    assert_output 'f(a,b){return a+b;}'
    run "$PERMALINK" decode "$ATO_FLAGGED" footer
    assert_output 'main(){printf("%d\n",f(2,3));}'
    run "$PERMALINK" decode "$ATO_FLAGGED" program
    assert_output $'f(a,b){return a+b;}\nmain(){printf("%d\\n",f(2,3));}'
    roundtrip "$ATO_FLAGGED" ato
}

@test "TIO's link with a footer and a flag decodes to its fields and encodes back to exactly its link" {
    run "$PERMALINK" decode "$TIO_FLAGGED" lang
    assert_output c-gcc
    run "$PERMALINK" decode "$TIO_FLAGGED" flags
    assert_output -- "-std=gnu89"
    run "$PERMALINK" decode "$TIO_FLAGGED" code
    assert_output 'f(a,b){return a+b;}'
    run "$PERMALINK" decode "$TIO_FLAGGED" footer
    assert_output 'main(){printf("%d",f(2,3));}'
    roundtrip "$TIO_FLAGGED" tio
}

@test "a link that tio.run itself made, without flags, encodes back to exactly itself" {
    # From a Code Golf answer (Wolfram Language): header, code and footer set,
    # input empty; its base64 uses both "@" and "/".
    local url='https://tio.run/##y00syUjNTSzJTE78n6Zg@99QX18vL17fOqQo2jDOJbMsszi/qNghL9ZG2couT9tI7X9AUWZeSbSygq6dQlq0cmysgpqCvoOCV35mXnRQYl56arShQayOQrWhkY6CobmOgpFpbex/AA'
    run "$PERMALINK" decode "$url" code
    assert_output '1//.n_/;Tr[1^Divisors@n]<#:>n+2&'
    roundtrip "$url" tio
}

@test "the link tool names what is wrong with a link it cannot read" {
    run "$PERMALINK" decode 'https://example.com/run?1=abc'
    assert_failure 1
    assert_output --partial "not an ATO"
    run "$PERMALINK" decode 'https://ato.pxeger.com/run?1=AAAA'
    assert_failure 1
    assert_output --partial "permalink: "
    run "$PERMALINK" decode "$ATO_EXAMPLE" colour
    assert_failure 2
    assert_output --partial "unknown field 'colour'"
}
