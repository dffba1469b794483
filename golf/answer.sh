#!/usr/bin/env bash
# answer.sh - prints the Code Golf answer post (Markdown): the byte count, the
# golf, a Try it online permalink that runs the challenge's cases, the input
# convention and the explanation taken from the ungolfed twin.
#
#   golf/answer.sh [GOLF [FOOTER [UNGOLFED]]]   defaults: golf/checkers.c,
#                                               golf/footer.c, golf/ungolfed.c
# $TIO names the link encoder (default build/tio, from golf/tio.c).
# The layout follows the post template of TIO's permalink drawer.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
golf=${1:-$here/checkers.c}
footer=${2:-$here/footer.c}
ungolfed=${3:-$here/ungolfed.c}
tio=${TIO:-$here/../build/tio}

lang='C (gcc)'
lang_id='c-gcc'
lang_link='https://gcc.gnu.org/'

fail() { echo "answer.sh: $*" >&2; exit 1; }

# An indented code block shows every byte except a leading or trailing line
# feed and control characters: refuse those rather than post other bytes.
[ -s "$golf" ] || fail "$golf is empty or missing"
[ "$(head -c 1 "$golf" | od -An -c | tr -d ' ')" != '\n' ] || fail "$golf starts with a line feed"
[ "$(tail -c 1 "$golf" | od -An -c | tr -d ' ')" != '\n' ] || fail "$golf ends with a line feed"
! LC_ALL=C grep -q '[^[:print:]]' "$golf" || fail "$golf has control characters"

bytes=$(wc -c < "$golf" | tr -d ' ')
# Empty header and input: TIO compiles the code, a line feed, then the footer.
url=$("$tio" encode "$lang_id" /dev/null "$golf" "$footer" /dev/null)

# Four spaces make a Markdown code block; blank lines stay blank.
indent() { awk '{ print ($0 == "" ? "" : "    " $0) }'; }

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
# [$lang], $bytes bytes

<!-- language-all: lang-c -->

$(indent < "$golf")

[Try it online!][TIO]

\`f(b,w,s,e)\` takes the black and the white pieces as 0-terminated \`int\`
arrays of squares (1-32 in the standard numbering, white moving toward
square 1), the move's start and end squares as \`int\`s, and returns nonzero
if and only if the move is legal.

Capture is mandatory for the moving man: if it can jump, a plain step is
illegal, and a chain of jumps may stop only where no jump is left (any such
chain, not only the longest). The link runs the challenge's cases (with the
question's typos corrected, and case 6 both as printed and as drawn) and
prints one verdict each.

## How it works

$(twin_prose)

The same algorithm, ungolfed:

$(twin_code | indent)

[$lang]: $lang_link
[TIO]: $url "$lang – Try It Online"
EOF
