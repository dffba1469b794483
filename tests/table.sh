#!/usr/bin/env bash
# The main job: every cases.tsv row through the golf, its ungolfed twin and the
# reference (both readings), then a compact summary.  Exit 1 on any mismatch.
set -u
cd "$(dirname "$0")/.."
build=${BUILD:-build}
table=cases.tsv
rows=$(grep -cv '^#' "$table")
bad=0

# check NAME COLUMN PROGRAM...: one program over the whole table against one
# verdict column.  Each disagreement prints as one aligned line (columns
# padded with spaces, so they line up on a terminal) with its line number in
# cases.tsv; `sed -n Np cases.tsv` prints that row as it is, tabs and all.
check() {
    local name=$1 col=$2; shift 2
    local got
    got=$("$@" < "$table" 2>&1)
    local agree
    agree=$(paste <(grep -nv '^#' "$table") <(printf '%s\n' "$got") |
        awk -F'\t' -v c="$col" -v name="$name" '
            $c == $NF { n++; next }
            { bad++; line[bad] = $1; sub(/:.*/, "", line[bad]); sub(/^[0-9]+:/, "", $1)
              black[bad] = $1; white[bad] = $2; move[bad] = $3 " -> " $4; want[bad] = $c; said[bad] = $NF; what[bad] = $7
              wl = wl > length(line[bad]) ? wl : length(line[bad]); wb = wb > length($1) ? wb : length($1)
              ww = ww > length($2) ? ww : length($2); wm = wm > length(move[bad]) ? wm : length(move[bad])
              wg = wg > length($NF) ? wg : length($NF) }
            END {
                fmt = "  MISMATCH %s  cases.tsv:%-" wl "s  black %-" wb "s  white %-" ww "s  %-" wm "s  want %-5s  got %-" wg "s  %s\n"
                for (i = 1; i <= bad; i++)
                    printf fmt, name, line[i], black[i], white[i], move[i], want[i], said[i], what[i] > "/dev/stderr"
                if (bad) printf "  (sed -n Np cases.tsv prints row N as it is, tabs and all)\n" > "/dev/stderr"
                print n + 0
            }')
    printf '  %-26s %3d/%d agree\n' "$name" "$agree" "$rows"
    [ "$agree" -eq "$rows" ] || bad=1
}

echo "cases.tsv: $rows rows"
check "golf (challenge)" 5 "$build/golf"
check "ungolfed twin (challenge)" 5 "$build/golf-ungolfed"
check "reference --rule challenge" 5 "$build/reference" --rule challenge
check "reference --rule english" 6 "$build/reference" --rule english
# The compiler's warnings on the golf (its multi-character constant) are
# kept in a log beside its object, off the terminal: say where.
warnings=$build/checkers.o.warnings
if [ -s "$warnings" ]; then
    echo "golf/checkers.c: $(wc -c < golf/checkers.c) bytes (the compiler's warnings on it: $warnings)"
else
    echo "golf/checkers.c: $(wc -c < golf/checkers.c) bytes"
fi
exit $bad
