#!/usr/bin/env bash
# answer.sh - prints the Code Golf answer post (Markdown): the heading with
# the language, its flags and the byte count; the golf; an Attempt This
# Online link and a Try It Online link that run the challenge's cases; the
# input convention; and the explanation taken from the ungolfed twin.
#
# A golf that is printable text is shown as it is.  One with other bytes
# (control characters, which a post does not show) is shown as an `xxd`
# dump, which `xxd -r` turns back into the file, and again with those bytes
# as octal escapes, for reading.
#
# Both sites keep code as UTF-8 text: ATO's page, when a link is opened,
# resets the code box of C (GCC) to UTF-8 whatever encoding the link gave
# it, so code stored as base64 would run as its base64 digits.  Before it
# writes anything, the script asks the link tool's model of that page what
# the link would run, and refuses (exit 1) unless it is exactly the golf.
#
#   golf/post/answer.sh [GOLF [FOOTER [UNGOLFED]]]   defaults: golf/checkers.c,
#                                               golf/post/footer.c, golf/ungolfed.c
# $CHECKED, when set, is what was checked of a golf posted unproved (make
# submit SUBMIT_UNPROVED=1): the post says it, and that no proof ran.
# The flags come from golf/flags.  $PERMALINK names the link tool (default
# build/permalink, from golf/post/permalink.c).  The heading and the links follow
# ATO's "CGCC post" layout, with the flags named after the language as the
# site does for a language with flags.
set -eu

here=$(cd "$(dirname "$0")" && pwd)  # golf/post
golf=${1:-$here/../checkers.c}
footer=${2:-$here/footer.c}
ungolfed=${3:-$here/../ungolfed.c}
permalink=${PERMALINK:-$here/../../build/permalink}
flags=$(cat "$here/../flags")

fail() { echo "answer.sh: $*" >&2; exit 1; }

# The byte count is the file's: a line feed at either end would be counted
# and yet vanish from a code block, so refuse it.
[ -s "$golf" ] || fail "$golf is empty or missing"
[ "$(head -c 1 "$golf" | od -An -c | tr -d ' ')" != '\n' ] || fail "$golf starts with a line feed"
[ "$(tail -c 1 "$golf" | od -An -c | tr -d ' ')" != '\n' ] || fail "$golf ends with a line feed"
! grep -q '```' "$golf" "$ungolfed" || fail "a fence (\`\`\`) in the code would end its code block"

bytes=$(wc -c < "$golf" | tr -d ' ')
# Bytes other than printable ASCII: how many.
unprintable=$(LC_ALL=C tr -d '\040-\176' < "$golf" | wc -c | tr -d ' ')
# Empty header and input: each site compiles the code, a line feed, then the footer.
ato=$("$permalink" encode ato c_gcc "$flags" /dev/null "$golf" "$footer" /dev/null)
# What ATO's page runs once the link is open (permalink page): refuse a link
# that would run anything but the golf's bytes.
"$permalink" page "$ato" > /dev/null || fail "the link tool cannot model ATO's page"
page_code=$("$permalink" page "$ato" code | od -An -v -tx1)
if [ "$page_code" != "$(od -An -v -tx1 "$golf")" ]; then
    fail "no post: $golf is not UTF-8 text.
ATO's page turns the code box of C (GCC) to UTF-8 when a link is opened, so
its link would run the $(wc -w <<< "$page_code" | tr -d ' ') bytes of the code's base64 text, not the
golf's $bytes bytes.  Only a golf in UTF-8 can have a link that runs when clicked."
fi
# TIO keeps code as UTF-8 text too (the link tool exits 3 when it is not).
tio=$("$permalink" encode tio c-gcc "$flags" /dev/null "$golf" "$footer" /dev/null) ||
    fail "no TIO link: $permalink exited $?"

# The golf with every byte outside printable ASCII as a 3-digit octal escape
# (never longer, so no following digit can join it).  Such bytes only make
# sense inside a character or string constant, where the escape means the
# same byte.
escaped() {
    od -An -v -tu1 "$golf" | LC_ALL=C awk '{
        for (i = 1; i <= NF; i++)
            if ($i >= 32 && $i <= 126) printf "%c", $i; else printf "\\%03o", $i
    }'
}

# The code as the post shows it.
code() {
    if [ "$unprintable" -eq 0 ]; then
        printf '```c\n%s\n```\n' "$(cat "$golf")"
        return
    fi
    cat <<CODE
It holds $unprintable bytes that are not printable text, so here it is as \`xxd\`
shows it (\`xxd -r\` turns the dump back into the $bytes bytes):

\`\`\`
$(xxd "$golf")
\`\`\`

The same code with those bytes written as octal escapes, for reading only:

\`\`\`c
$(escaped)
\`\`\`
CODE
}

# The links, each holding the golf's own bytes as UTF-8 text.
links() {
    printf '[Attempt This Online!](%s)\n\n' "$ato"
    printf '[Try it online!](%s) (an older gcc, same flags)\n' "$tio"
    [ "$unprintable" -eq 0 ] ||
        printf '\nEach link holds the %s bytes themselves, control characters included.\n' "$bytes"
}

# The ungolfed twin opens with a block comment (title line, then the idea):
# that comment, minus its title, is the prose; the code after it is shown.
twin_prose() {
    awk 'NR == 1 { if (!/^\/\*/) exit; next }
         { done = sub(/ *\*\/.*$/, ""); sub(/^ \* ?/, ""); print }
         done { exit }' "$ungolfed" | sed '/./,$!d'
}
twin_code() {
    awk 'NR == 1 && !/^\/\*/ { code = 1 }
         code { print; next }
         /\*\// { code = 1 }' "$ungolfed" | sed '/./,$!d'
}

cat <<EOF
# [C (GCC)](https://gcc.gnu.org) $flags, $bytes bytes

$(code)

$(links)
$([ -z "${CHECKED:-}" ] || printf '\nChecked against a reference before posting: %s; not proved for every input.\n' "$CHECKED")

\`f(b,w,s,e)\` takes the black and the white pieces as 0-terminated \`int\`
arrays of squares (1-32 in the standard numbering, white moving toward
square 1), the move's start and end squares as \`int\`s, and returns nonzero
if and only if the move is legal.  \`$flags\` lets gcc 14 and later (and
clang 16 and later) accept its K&R definition and implicit \`int\`.

Capture is mandatory for the moving man: if it can jump, a plain step is
illegal, and a chain of jumps may stop only where no jump is left (any such
chain, not only the longest). Each link runs the challenge's cases (with the
question's typos corrected, and case 6 both as printed and as drawn) and
prints one verdict each.

## How it works

$(twin_prose)

The same algorithm, ungolfed:

\`\`\`c
$(twin_code)
\`\`\`
EOF
