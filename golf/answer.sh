#!/usr/bin/env bash
# answer.sh - prints the Code Golf answer post (Markdown): the heading with
# the language, its flags and the byte count; the golf; an Attempt This
# Online link and a Try It Online link that run the challenge's cases; the
# input convention; and the explanation taken from the ungolfed twin.
#
# A golf that is printable text is shown as it is.  One with other bytes
# (control characters, or bytes that are not UTF-8, which a post cannot hold)
# is shown as an `xxd` dump, which `xxd -r` turns back into the file, and
# again with those bytes as octal escapes, for reading.  TIO keeps code as
# UTF-8 text, so a golf that is not UTF-8 gets no TIO link.
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
# The link tool exits 3 when TIO cannot hold the bytes (not UTF-8).
status=0
tio=$("$permalink" encode tio c-gcc "$flags" /dev/null "$golf" "$footer" /dev/null) || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 3 ] || fail "no TIO link: $permalink exited $status"

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

# The links: ATO always; TIO beside it when it can hold the code.
links() {
    printf '[Attempt This Online!](%s)\n' "$ato"
    if [ -n "$tio" ]; then
        printf '\n[Try it online!](%s) (an older gcc, same flags)\n' "$tio"
    else
        printf '\n(No Try It Online link: TIO keeps code as UTF-8 text, and these bytes are not UTF-8.)\n'
    fi
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
