#!/usr/bin/env bash
# The main job: every cases.tsv row through the golf, its ungolfed twin and the
# reference (both readings), then a compact summary.  Exit 1 on any mismatch.
set -u
cd "$(dirname "$0")/.."
build=${BUILD:-build}
table=cases.tsv
rows=$(grep -cv '^#' "$table")
bad=0

# check NAME COLUMN PROGRAM...: one program over the whole table against one verdict column.
check() {
    local name=$1 col=$2; shift 2
    local got
    got=$("$@" < "$table" 2>&1)
    local agree
    agree=$(paste <(grep -v '^#' "$table") <(printf '%s\n' "$got") |
        awk -F'\t' -v c="$col" -v name="$name" '
            $c == $NF { n++; next }
            { printf "  MISMATCH %-14s %s\t%s\t%s\t%s  want %s, got %s  (%s)\n", name, $1, $2, $3, $4, $c, $NF, $7 > "/dev/stderr" }
            END { print n + 0 }')
    printf '  %-26s %3d/%d agree\n' "$name" "$agree" "$rows"
    [ "$agree" -eq "$rows" ] || bad=1
}

echo "cases.tsv: $rows rows"
check "golf (challenge)" 5 "$build/golf"
check "ungolfed twin (challenge)" 5 "$build/golf-ungolfed"
check "reference --rule challenge" 5 "$build/reference" --rule challenge
check "reference --rule english" 6 "$build/reference" --rule english
echo "golf/checkers.c: $(wc -c < golf/checkers.c) bytes"
exit $bad
