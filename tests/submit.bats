#!/usr/bin/env bats
# The answer post (`make submit`, build/answer.md) and its links: the heading
# with the flags and the byte count, the code (as an xxd dump and with octal
# escapes when it is not printable text), an Attempt This Online link and a
# Try It Online link, each decoding back to the golf, its flags and a footer
# printing the challenge's verdicts; and the link tool (golf/post/permalink.c)
# against the sites' own links.
#
# An ATO link is checked by what ATO's page would run, not only by what the
# link holds: `permalink page` models the page's load (the code box becomes
# UTF-8 text, so code stored as base64 runs as its base64 digits), and the
# program it gives is what gets compiled here.  That model was checked
# against ATO's own page code (golf/README.md, The sites).

bats_require_minimum_version 1.7.0
load test_helper

setup() {
    GOLF="$ROOT/golf/checkers.c"
    FOOTER="$ROOT/golf/post/footer.c"
    ANSWER="$BUILD/answer.md"
    PERMALINK="$BUILD/permalink"
    export PERMALINK
    # The golf's escaped form and its post, made once in setup_file.
    ESCAPED="$BATS_FILE_TMPDIR/escaped.c"
    ESCAPED_ANSWER="$BATS_FILE_TMPDIR/escaped.md"
}

setup_file() {
    setup
    [ -f "$ANSWER" ] || return 0 # each test says it is missing
    code_block c 1 "$ANSWER" > "$ESCAPED"
    "$ROOT/golf/post/answer.sh" "$ESCAPED" > "$ESCAPED_ANSWER"
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

# code_block any|c N|last FILE: the Nth (or last) fenced code block of a
# post, of any kind or only those fenced as ```c, without a line feed after
# its last line (as the golf is kept).
code_block() {
    awk -v kind="$1" -v which="$2" '
        /^```/ { if (inside) { inside = 0 } else if (kind == "any" || $0 == "```c") { inside = 1; buf[++n] = "" } next }
        inside { buf[n] = buf[n] $0 "\n" }
        END { i = which == "last" ? n : which; printf "%s", substr(buf[i], 1, length(buf[i]) - 1) }' "$3"
}

# The challenge's cases in cases.tsv, as label, black, white, from, to and
# verdict (the reader's comment, case 15, repeats 13 and 14: not in the footer).
challenge_cases() {
    case_rows | awk -F'\t' -v OFS='\t' '$7 ~ /^challenge / && $7 !~ /^challenge 15/ {
        label = $7; sub(/^challenge /, "", label); sub(/:.*/, "", label)
        sub(/ \(.*/, "", label); print label, $1, $2, $3, $4, $5 }'
}

# The cases golf/post/footer.c holds, in the same columns bar the verdict.
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

# The golf's bytes outside printable ASCII: how many.
unprintable() { LC_ALL=C tr -d '\040-\176' < "$GOLF" | wc -c; }

@test "the post shows the golf as an xxd dump that xxd -r turns back into exactly its bytes" {
    [ "$(unprintable)" -gt 0 ] || fail "the golf is printable text: this post needs no dump"
    code_block any 1 "$ANSWER" | xxd -r > "$BATS_TEST_TMPDIR/code"
    run cmp "$BATS_TEST_TMPDIR/code" "$GOLF"
    assert_success
    run grep -c "It holds $(unprintable) bytes that are not printable text" "$ANSWER"
    assert_output 1
}

@test "the post's escaped code is the golf with its unprintable bytes as octal escapes" {
    cmp -s <(code_block c 1 "$ANSWER") "$ESCAPED" || fail "setup_file took another block"
    [ "$(grep -o '\\[0-7][0-7][0-7]' "$ESCAPED" | wc -l)" -eq "$(unprintable)" ]
    ! LC_ALL=C grep -q '[^[:print:]]' "$ESCAPED" || fail "the escaped form is not printable"
    printf '%b' "$(cat "$ESCAPED")" > "$BATS_TEST_TMPDIR/unescaped"
    run cmp "$BATS_TEST_TMPDIR/unescaped" "$GOLF"
    assert_success
}

@test "a golf of printable text is shown as it is, in one code block" {
    code_block any 1 "$ESCAPED_ANSWER" > "$BATS_TEST_TMPDIR/code"
    run cmp "$BATS_TEST_TMPDIR/code" "$ESCAPED"
    assert_success
    run grep -c 'xxd' "$ESCAPED_ANSWER"
    assert_output 0
}

@test "the post's last code block is the ungolfed twin's code" {
    local block
    block=$(code_block any last "$ANSWER")
    [ -n "$block" ] || fail "no code block in the post"
    [[ "$(cat "$ROOT/golf/ungolfed.c")" == *"$block" ]] ||
        fail "the post's last code block is not the end of golf/ungolfed.c"
}

# decodes_to SITE POST CODE: POST's SITE link decodes to C (GCC), the golf's
# flags, CODE as its code and golf/post/footer.c as its footer.
decodes_to() {
    local site=$1 url lang
    url=$(link "$site" "$2")
    [ -n "$url" ] || fail "no $site link in $2"
    lang=$([ "$site" = ato ] && echo c_gcc || echo c-gcc)
    run "$PERMALINK" decode "$url" lang
    assert_output "$lang"
    run "$PERMALINK" decode "$url" flags
    assert_output "$GOLF_FLAGS"
    run "$PERMALINK" decode "$url" header
    assert_output ""
    run "$PERMALINK" decode "$url" input
    assert_output ""
    run cmp <("$PERMALINK" decode "$url" code) "$3"
    assert_success
    run cmp <("$PERMALINK" decode "$url" footer) "$FOOTER"
    assert_success
    printf '# %s link: %d characters\n' "$site" "${#url}" >&3
}

@test "the ATO link decodes to C (GCC), the golf's flags, the golf (held as UTF-8 text) and golf/post/footer.c" {
    decodes_to ato "$ANSWER" "$GOLF"
    run "$PERMALINK" decode "$(link ato "$ANSWER")"
    assert_line "code    $(wc -c < "$GOLF") bytes"
    assert_line "footer  $(wc -c < "$FOOTER") bytes"
}

@test "ATO's page, opening the post's link, shows the golf's bytes and would run the golf, a line feed and the footer" {
    local url
    url=$(link ato "$ANSWER")
    run "$PERMALINK" page "$url"
    assert_success
    assert_line --index 0 --regexp "^code box: utf-8, [0-9]+ chars, $(wc -c < "$GOLF") bytes\$"
    assert_line --index 1 "the page runs the code the link holds"
    run cmp <("$PERMALINK" page "$url" code) "$GOLF"
    assert_success
    run cmp <("$PERMALINK" page "$url" program) <(cat "$GOLF"; echo; cat "$FOOTER")
    assert_success
}

@test "the TIO link decodes to C (GCC), the golf's flags, the golf and golf/post/footer.c: the golf's bytes leave TIO's FF and FE separators alone" {
    decodes_to tio "$ANSWER" "$GOLF"
}

# link_program SITE COMPILER [POST]: the SITE link's program in POST (the
# answer by default), built by COMPILER with the link's own flags, prints the
# challenge's verdicts.  For ATO it is what the page would run once the link
# is open (permalink page); for TIO, header, code and footer joined.
link_program() {
    local url prog=$BATS_TEST_TMPDIR/program flags
    url=$(link "$1" "${3:-$ANSWER}")
    [ -n "$url" ] || fail "no $1 link in ${3:-$ANSWER}"
    if [ "$1" = ato ]; then
        "$PERMALINK" page "$url" program > "$prog.c"
    else
        "$PERMALINK" decode "$url" program > "$prog.c"
    fi
    flags=$("$PERMALINK" decode "$url" flags)
    # shellcheck disable=SC2086 # the link's flags, and SAN: several, or none
    run "$2" $flags $SAN -o "$prog" "$prog.c"
    assert_success
    # In the sandbox, as every run of a golf (the project's own post: bare
    # where none can be made, saying so on stderr).
    SANDBOX=own run --separate-stderr "$ROOT/tests/tools/sandbox" "$prog"
    assert_success
    assert_output "$(challenge_cases | awk -F'\t' '{ print $1 ": " $6 }')"
    [ "${#lines[@]}" -eq 15 ]
}

# site_compilers: the gcc that builds a link's program as the site would,
# one a line: the real gcc-14, gcc-15 and gcc-16 where the site's root is
# made (tests/tools/site-gcc, through tests/tools/site/gcc-V), else the
# gcc 14 stand-in (tests/tools/standin/gcc: gcc 12 with gcc 14's
# permerrors, for make test on a machine without the root), which the
# test's output names; make test-long runs these tests again with the root
# made (toolchains.bats).
site_compilers() {
    if "$ROOT/tests/tools/site-root" "$BUILD/site-root" check 2> /dev/null; then
        printf '%s\n' "$ROOT"/tests/tools/site/gcc-1{4,5,6}
    else
        echo "$ROOT/tests/tools/standin/gcc"
    fi
}

# compiler_name CC: what site_compilers' CC is, for the test's output.
compiler_name() {
    case $1 in
    */standin/gcc) echo "the gcc 14 stand-in (gcc $(gcc -dumpfullversion) with gcc 14's errors; no site root here: make site-root, and make test-long runs this with the real gcc-14, gcc-15, gcc-16)" ;;
    *) echo "the real $("$1" --version | head -n 1)" ;;
    esac
}

# link_programs SITE: link_program SITE under each of site_compilers.
link_programs() {
    local cc
    while IFS= read -r cc; do
        link_program "$1" "$cc"
        printf '# built by %s\n' "$(compiler_name "$cc")" >&3
    done < <(site_compilers)
}

@test "the program ATO's page would run from the link, with its flags, under the site's gcc (the real gcc-14, 15, 16, or where their root is not made the gcc 14 stand-in, named), prints the challenge's verdicts" {
    link_programs ato
}

@test "the program ATO's page would run from the link, with its flags, under clang-19, prints the challenge's verdicts" {
    link_program ato clang-19
}

@test "the TIO link's program, with its flags, under the site's gcc (the real gcc-14, 15, 16, or the gcc 14 stand-in, named), prints the challenge's verdicts" {
    link_programs tio
}

@test "the footer's cases are the challenge's positions and moves in cases.tsv" {
    run footer_cases
    assert_output "$(challenge_cases | cut -f1-5)"
}

@test "a golf with one byte changed gives other links, which decode to the change" {
    local d=$BATS_TEST_TMPDIR site url planted_url
    # Swap the first byte for another printable one.
    { if [ "$(head -c 1 "$GOLF")" = x ]; then printf y; else printf x; fi; tail -c +2 "$GOLF"; } > "$d/golf.c"
    "$ROOT/golf/post/answer.sh" "$d/golf.c" > "$d/answer.md"
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

# The 175-byte golf that was posted before, whose mask is the four raw bytes
# FB FD FE FF (not UTF-8): its link ran base64 text on ATO's page.
GOLF_175=$'f(b,w,s,e)int*b,*w;{long B,F=0,P=1L<<~-s*9/8;for(;*b?F^=1L<<~-*b++*9/8:F<0?P^=(P>>8&B&F)*257|(P>>10&B/2&F)*1025,s--:(B=F>>4,b=w,F^=\'\373\375\376\377\'););return(P&F?:F&P*3>>5)>>~-e*9/8&1;}'

# not_utf8_golf FILE: that golf, into FILE.
not_utf8_golf() {
    printf '%s' "$GOLF_175" > "$1"
    [ "$(wc -c < "$1")" -eq 175 ]
}

@test "the post refuses a golf that is not UTF-8: ATO's page would run its base64 text, so no link is written" {
    local d=$BATS_TEST_TMPDIR url
    not_utf8_golf "$d/golf.c"
    # The link tool can hold it, as base64; the page would not run it.
    url=$("$PERMALINK" encode ato c_gcc "$GOLF_FLAGS" /dev/null "$d/golf.c" "$FOOTER" /dev/null)
    run cmp <("$PERMALINK" decode "$url" code) "$d/golf.c"
    assert_success
    run "$ROOT/golf/post/answer.sh" "$d/golf.c"
    assert_failure 1
    assert_output --partial "answer.sh: no post: $d/golf.c is not UTF-8 text"
    assert_output --partial "its link would run the 236 bytes of the code's base64 text, not the
golf's 175 bytes"
    refute_output --partial "https://"
}

@test "the post refuses a golf that ends in a line feed (a code block would hide it)" {
    { cat "$GOLF"; printf '\n'; } > "$BATS_TEST_TMPDIR/golf.c"
    run "$ROOT/golf/post/answer.sh" "$BATS_TEST_TMPDIR/golf.c"
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

# ==================== The model of ATO's page ====================

@test "ATO's page model: code stored as base64 runs as its base64 text, as ATO's page did with the 175-byte post's link" {
    local d=$BATS_TEST_TMPDIR url cc
    not_utf8_golf "$d/golf.c"
    url=$("$PERMALINK" encode ato c_gcc "$GOLF_FLAGS" /dev/null "$d/golf.c" "$FOOTER" /dev/null)
    run "$PERMALINK" page "$url"
    assert_success
    # What ATO's own page showed for that link: 236 chars, 236 bytes.
    assert_line --index 0 "code box: utf-8, 236 chars, 236 bytes"
    assert_line --index 1 "the link holds 175 bytes of code as base64; the page runs its 236 base64 digits instead"
    run cmp <("$PERMALINK" page "$url" code) <(printf '%s' "$(base64 -w 0 "$d/golf.c")")
    assert_success
    run cmp <("$PERMALINK" page "$url" program) <(base64 -w 0 "$d/golf.c"; echo; cat "$FOOTER")
    assert_success
    # gcc then sees base64 digits, not C.
    "$PERMALINK" page "$url" program > "$d/program.c"
    while IFS= read -r cc; do
        # shellcheck disable=SC2086 # the golf's flags: several, or one
        run "$cc" $GOLF_FLAGS -c -o "$d/program.o" "$d/program.c"
        assert_failure
        printf '# refused by %s\n' "$(compiler_name "$cc")" >&3
    done < <(site_compilers)
}

@test "ATO's page model: header and footer keep their encodings, base64 included; line feeds only beside non-empty parts" {
    local d=$BATS_TEST_TMPDIR url
    printf '\377header' > "$d/header"
    printf 'code' > "$d/code"
    printf 'footer\376' > "$d/footer"
    url=$("$PERMALINK" encode ato c_gcc "" "$d/header" "$d/code" "$d/footer" /dev/null)
    run cmp <("$PERMALINK" page "$url" program) <(printf '\377header\ncode\nfooter\376')
    assert_success
    url=$("$PERMALINK" encode ato c_gcc "" /dev/null "$d/code" /dev/null /dev/null)
    run cmp <("$PERMALINK" page "$url" program) "$d/code"
    assert_success
    url=$("$PERMALINK" encode ato c_gcc "" "$d/header" "$d/code" /dev/null /dev/null)
    run cmp <("$PERMALINK" page "$url" program) <(printf '\377header\ncode')
    assert_success
    run "$PERMALINK" page "$TIO_FLAGGED"
    assert_failure 1
    assert_output --partial "give it an ATO link"
    run "$PERMALINK" page "$ATO_EXAMPLE" colour
    assert_failure 2
    assert_output --partial "unknown page field 'colour'"
}

@test "every byte value survives an ATO link (held as base64), and TIO refuses what is not UTF-8" {
    local d=$BATS_TEST_TMPDIR url
    printf "$(printf '\\%03o' {0..255})" > "$d/bytes"
    [ "$(wc -c < "$d/bytes")" -eq 256 ]
    url=$("$PERMALINK" encode ato c_gcc "" /dev/null "$d/bytes" "$FOOTER" "$d/bytes")
    run cmp <("$PERMALINK" decode "$url" code) "$d/bytes"
    assert_success
    run cmp <("$PERMALINK" decode "$url" input) "$d/bytes"
    assert_success
    run "$PERMALINK" decode "$url"
    assert_line "code    256 bytes (base64)"
    assert_line "footer  $(wc -c < "$FOOTER") bytes"
    run "$PERMALINK" encode tio c-gcc "" /dev/null "$d/bytes" "$FOOTER" /dev/null
    assert_failure 3
    assert_output --partial "not UTF-8"
}
