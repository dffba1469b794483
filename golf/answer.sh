#!/usr/bin/env bash
# answer.sh - prints the Code Golf answer post (Markdown): the heading with
# the language, its flags and the byte count; the golf; an Attempt This
# Online link and a Try It Online link that run the challenge's cases; the
# input convention; and the explanation taken from the ungolfed twin.
#
#   golf/answer.sh [GOLF [FOOTER [UNGOLFED]]]   defaults: golf/checkers.c,
#                                               golf/footer.c, golf/ungolfed.c
# The flags come from golf/flags.  $PERMALINK names the link tool (default
# build/permalink, from golf/permalink.c).  The heading and the links follow
# ATO's "CGCC post" layout, with the flags named after the language as the
# site does for a language with flags.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
golf=${1:-$here/checkers.c}
footer=${2:-$here/footer.c}
ungolfed=${3:-$here/ungolfed.c}
permalink=${PERMALINK:-$here/../build/permalink}
flags=$(cat "$here/flags")

fail() { echo "answer.sh: $*" >&2; exit 1; }

# A code block shows every byte except a leading or trailing line feed and
# control characters: refuse those rather than post other bytes.
[ -s "$golf" ] || fail "$golf is empty or missing"
[ "$(head -c 1 "$golf" | od -An -c | tr -d ' ')" != '\n' ] || fail "$golf starts with a line feed"
[ "$(tail -c 1 "$golf" | od -An -c | tr -d ' ')" != '\n' ] || fail "$golf ends with a line feed"
! LC_ALL=C grep -q '[^[:print:]]' "$golf" || fail "$golf has control characters"
! grep -q '```' "$golf" "$ungolfed" || fail "a fence (\`\`\`) in the code would end its code block"

bytes=$(wc -c < "$golf" | tr -d ' ')
# Empty header and input: each site compiles the code, a line feed, then the footer.
ato=$("$permalink" encode ato c_gcc "$flags" /dev/null "$golf" "$footer" /dev/null)
tio=$("$permalink" encode tio c-gcc "$flags" /dev/null "$golf" "$footer" /dev/null)

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

\`\`\`c
$(cat "$golf")
\`\`\`

[Attempt This Online!]($ato)

[Try it online!]($tio) (an older gcc, same flags)

\`f(b,w,s,e)\` takes the black and the white pieces as 0-terminated \`int\`
arrays of squares (1-32 in the standard numbering, white moving toward
square 1), the move's start and end squares as \`int\`s, and returns nonzero
if and only if the move is legal.  \`$flags\` lets gcc 14 and later (and
clang 16 and later) accept its K&R definition and implicit \`int\`.

Capture is mandatory for the moving man: if it can jump, a plain step is
illegal, and a chain of jumps may stop only where no jump is left (any such
chain, not only the longest). The links run the challenge's cases (with the
question's typos corrected, and case 6 both as printed and as drawn) and
print one verdict each.

## How it works

$(twin_prose)

The same algorithm, ungolfed:

\`\`\`c
$(twin_code)
\`\`\`
EOF
