#!/usr/bin/env bash
# The main job: every cases.tsv row through the golf, its ungolfed twin and the
# reference (both readings), then a compact summary.  Exit 1 on any mismatch,
# malformed row, hang or crash.
#
# Rows are compared by identity: each answer is paired with the line of
# cases.tsv it answers (the programs skip blank lines and # lines, so the
# same lines are skipped here), so a blank line, a comment or a malformed
# row moves nothing.  A malformed row is one error naming cases.tsv:LINE and
# its column, and is asked of no one; every other row is compared with its
# own verdict.
#
# Every program runs under a time limit (GOLF_TIME_LIMIT seconds for the
# whole table; a right golf answers a row in microseconds): a hang is
# reported as "hangs on row N", a crash as "crashed on row N: signal ...",
# N the line of cases.tsv it was answering.  The golf, candidate code, runs
# in the sandbox (tests/tools/sandbox): what it tried there is named
# ("stopped by the sandbox: wrote /tmp/cases.tsv ..."), and where no
# sandbox can be made it is refused, never run bare (SANDBOX=off asks for
# that, and the table says so).
#
# From make: BUILD, GOLF (the golf's source, named in the summary),
# GOLF_PROGRAM (its protocol driver), GOLF_WARNINGS (its compiler's log),
# GOLF_TIME_LIMIT, SANDBOX and SAN (for the sandbox).  CASES_TSV reads
# another table; TABLE_FIRST=FILE gets the line number of the golf's first
# failing row.
set -u
cd "$(dirname "$0")/../.." || exit 2
build=${BUILD:-build}
golf=${GOLF:-golf/checkers.c}
golf_program=${GOLF_PROGRAM:-$build/golf}
warnings=${GOLF_WARNINGS:-$build/checkers.o.warnings}
limit=${GOLF_TIME_LIMIT:-2}
table=${CASES_TSV:-cases.tsv}
# Not from make: the project's own golf may run bare where no sandbox can
# be made (as make has it), any other never.
if [ -z "${SANDBOX+set}" ]; then
    if [ "$golf" = golf/checkers.c ]; then export SANDBOX=own; else export SANDBOX=on; fi
fi
mkdir -p "${TMPDIR:-$build/tmp}"
work=$(mktemp -d "${TMPDIR:-$build/tmp}/table.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

# The questions: "LINE<TAB>row" for every line the protocol does not skip
# (as reference/line.c: blank means only spaces and tabs, before a CR).
awk '{ l = $0; sub(/\r$/, "", l) } l !~ /^[ \t]*$/ && l !~ /^#/ { print NR "\t" $0 }' "$table" > "$work/questions"

# The table's own columns, which no program reads: the verdicts and the name.
awk -F'\t' '{ n = $1; sub(/\r$/, "") }
    NF < 8 { print n "\t" (NF < 6 ? "challenge" : NF < 7 ? "english" : "name") ": column missing (a row is black, white, from, to, challenge, english, name, tab-separated)"; next }
    $6 !~ /^(true|false)$/ { print n "\tchallenge: \"" $6 "\" is not a verdict (true or false)"; next }
    $7 !~ /^(true|false)$/ { print n "\tenglish: \"" $7 "\" is not a verdict (true or false)"; next }
    $8 == "" { print n "\tname: empty (every row says what it checks)" }' "$work/questions" > "$work/shape"

# ask NAME PROGRAM...: the whole table through PROGRAM, within the time
# limit; NAME.out its answers, NAME.err its messages, NAME.status its exit.
ask() {
    local name=$1
    shift
    LIMIT_NAME=$name "tests/tools/limit" "$limit" "$@" < "$table" > "$work/$name.out" 2> "$work/$name.err"
    echo $? > "$work/$name.status"
}
ask golf "tests/tools/sandbox" "$golf_program"
ask twin "$build/golf-ungolfed"
ask challenge "$build/reference" --rule challenge
ask english "$build/reference" --rule english

# The malformed rows: the table's own faults, and the protocol's as the
# reference names them ("line N: column: what"), one error a row.
sed -n 's/^line \([0-9]*\): /\1\t/p' "$work/challenge.err" | cat "$work/shape" - |
    awk -F'\t' '!seen[$1]++' | sort -n -k1,1 > "$work/malformed"
rows=$(($(wc -l < "$work/questions") - $(wc -l < "$work/malformed")))
echo "cases.tsv: $rows rows"
if [ -s "$work/malformed" ]; then
    awk -F'\t' '{ printf "  cases.tsv:%s: %s\n", $1, $2 }' "$work/malformed"
    echo "  $(wc -l < "$work/malformed") malformed row(s), asked of no program (sed -n Np cases.tsv prints row N)"
fi

bad=0
[ -s "$work/malformed" ] && bad=1
first=

# check NAME LABEL COLUMN: NAME's answers, each against its own row's
# verdict in COLUMN (5 challenge, 6 english).  Each disagreement prints as
# one aligned line (columns padded with spaces) naming its line of
# cases.tsv; `sed -n Np cases.tsv` prints that row as it is, tabs and all.
# A hang or a crash names the row it was answering.
check() {
    local name=$1 label=$2 col=$3 status stopped='' result agree wrong row=''
    status=$(cat "$work/$name.status")
    local answered
    answered=$(wc -l < "$work/$name.out")
    # What the sandbox saw the golf try (its lines "sandbox: NAME: what").
    local saw
    saw=$(sed -n '/^sandbox: [^:]*: runs bare, /d; s/^sandbox: [^:]*: //p' "$work/$name.err" | head -n 1)
    if [ "$status" -eq 124 ] || [ "$status" -gt 128 ]; then
        row=$(sed -n "$((answered + 1))s/\t.*//p" "$work/questions")
        if [ "$status" -eq 124 ]; then
            stopped="hangs on row ${row:-?} (no answer in $limit s)"
        else
            stopped="crashed on row ${row:-?}: $("tests/tools/signal-name" $((status - 128)))${saw:+: $saw}"
        fi
    elif [ "$status" -eq 125 ] && [ -n "$saw" ]; then
        stopped="refused: ${saw#refused to run: }"
    elif [ "$status" -eq 126 ] && [ -n "$saw" ]; then
        stopped="stopped by the sandbox: $saw"
    fi
    result=$(paste "$work/questions" "$work/$name.out" | awk -F'\t' -v c="$((col + 1))" -v name="$label" \
        -v malformed="$work/malformed" -v answered="$answered" '
        BEGIN { while ((getline l < malformed) > 0) { split(l, m, "\t"); skip[m[1]] = 1 } }
        NR > answered + 0 || ($1 in skip) { next }
        $c == $NF { n++; next }
        { bad++; line[bad] = $1; if (bad == 1) first = $1
          black[bad] = $2; white[bad] = $3; move[bad] = $4 " -> " $5; want[bad] = $c; said[bad] = $NF; what[bad] = $8
          wl = wl > length(line[bad]) ? wl : length(line[bad]); wb = wb > length($2) ? wb : length($2)
          ww = ww > length($3) ? ww : length($3); wm = wm > length(move[bad]) ? wm : length(move[bad])
          wg = wg > length($NF) ? wg : length($NF) }
        END {
            fmt = "  MISMATCH %s  cases.tsv:%-" wl "s  black %-" wb "s  white %-" ww "s  %-" wm "s  want %-5s  got %-" wg "s  %s\n"
            for (i = 1; i <= bad; i++)
                printf fmt, name, line[i], black[i], white[i], move[i], want[i], said[i], what[i] > "/dev/stderr"
            if (bad) printf "  (sed -n Np cases.tsv prints row N as it is, tabs and all)\n" > "/dev/stderr"
            print n + 0, first
        }')
    read -r agree wrong <<< "$result"
    printf '  %-26s %3d/%d agree\n' "$label" "$agree" "$rows"
    if [ -n "$stopped" ]; then
        echo "  $label: $stopped"
        grep -v '^line [0-9]*: ' "$work/$name.err" | grep -v ': crashed: \|: hangs (\|^sandbox: [^:]*: refused' | head -n 5 |
            sed 's/^/    /'
    elif [ "$status" -ne 0 ] && ! [ "$status" -eq 2 ] ; then
        echo "  $label: exit status $status"
        head -n 5 "$work/$name.err" | sed 's/^/    /'
    fi
    if [ "$agree" -ne "$rows" ] || [ -n "$stopped" ]; then
        bad=1
        [ "$name" != golf ] || first=${wrong:-$row}
    fi
}

check golf "golf (challenge)" 5
# Bare, as asked (SANDBOX=off), or the project's own golf where no sandbox
# can be made: said here, and by the judge's verdict.
if [ "${SANDBOX:-}" = off ]; then
    echo "  golf (challenge): ran bare, unsandboxed (SANDBOX=off)"
elif grep -q '^sandbox: [^:]*: runs bare' "$work/golf.err"; then
    echo "  golf (challenge): ran bare, unsandboxed $(sed -n 's/^sandbox: [^:]*: runs bare, unsandboxed //p' "$work/golf.err" | head -n 1)"
fi
check twin "ungolfed twin (challenge)" 5
check challenge "reference --rule challenge" 5
check english "reference --rule english" 6
[ -z "${TABLE_FIRST:-}" ] || echo "$first" > "$TABLE_FIRST"

# The compiler's warnings on the golf (its multi-character constant) are
# kept in a log beside its object, off the terminal: say where.
if [ -s "$warnings" ]; then
    echo "$golf: $(wc -c < "$golf") bytes (the compiler's warnings on it: $warnings)"
else
    echo "$golf: $(wc -c < "$golf") bytes"
fi
exit $bad
