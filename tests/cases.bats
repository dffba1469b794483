#!/usr/bin/env bats
# cases.tsv as a whole: its shape, then every row through every program.
# CASES_TSV points the tests at another copy of the table (used to check that
# a planted wrong verdict turns them red without touching the real one).

bats_require_minimum_version 1.7.0
load test_helper

TABLE="${CASES_TSV:-$ROOT/cases.tsv}"
HEADER=$'#black\twhite\tfrom\tto\tchallenge\tenglish\tname'

# The lines after the header, "N<TAB>line" with N the line number in the table.
numbered_rows() { awk 'NR > 1 { print NR "\t" $0 }' "$TABLE"; }

# The same, less the lines every program skips (only spaces and tabs, or #...):
# the questions, in the order the programs answer them.  The shape tests
# forbid such lines; skipping them here keeps one stray line from
# misaligning every answer after it.
question_rows() { rows_asking 1; }
skipped_rows() { rows_asking 0; }
rows_asking() {
    numbered_rows | awk -v q="$1" '
        { l = $0; sub(/^[0-9]+\t/, "", l) } (l !~ /^[ \t]*\r?$/ && l !~ /^#/) == q'
}

# The lines the protocol refuses (the reference's "line N: column: what"),
# "N<TAB>column: what": each is one error of its own test, and no program's
# answer to it is compared, so every other row is still compared with its
# own verdict.
malformed() { "$BUILD/reference" < "$TABLE" 2>&1 > /dev/null | sed -n 's/^line \([0-9]*\): /\1\t/p'; }

# report TITLE TEXT: fails listing TEXT (one offending row a line) if any.
report() { [ -z "$2" ] || fail "$(printf '%s\n%s' "$1" "$2")"; }

# disagreements COL PROGRAM...: the whole table through PROGRAM in one batch;
# prints each row whose answer is not column COL (5 challenge, 6 english).
disagreements() {
    local col=$1 got status=0
    shift
    got=$("$@" < "$TABLE" 2> "$BATS_TEST_TMPDIR/stderr") || status=$?
    # printf always gives awk one line at least, so NR == FNR is the answers.
    [ "$status" -ne 2 ] || [ -z "$(malformed)" ] || status=0 # the malformed rows' own test names them
    [ "$status" -eq 0 ] || { echo "  exit status $status"; sed 's/^/    /' "$BATS_TEST_TMPDIR/stderr"; }
    printf '%s\n' "$got" | awk -F'\t' -v c="$col" -v bad="$(malformed | cut -f1 | tr '\n' ' ')" '
        BEGIN { split(bad, b, " "); for (k in b) skip[b[k]] = 1 }
        NR == FNR { got[++n] = $0; next }
        { i++; a = i in got ? got[i] : "(no answer)"; want = $(c + 1)
          if (!($1 in skip) && want != a) { sub(/\t/, ": "); printf "  line %s\n    want %s, got %s\n", $0, want, a } }
        END { if (n > i) printf "  %d answers more than rows\n", n - i }' - <(question_rows)
}

# cli_disagreements COL [OPTION...]: one `reference [OPTION...] BLACK WHITE FROM TO`
# call per row, the single-question form, against column COL.
cli_disagreements() {
    local col=$1 n line got bad
    shift
    bad=" $(malformed | cut -f1 | tr '\n' ' ') "
    while IFS=$'\t' read -r n line; do
        [[ $bad != *" $n "* ]] || continue
        local -a f
        IFS=$'\t' read -r -a f <<< "$line"
        # (Read back from a file: a command substitution would fork once more a row.)
        "$BUILD/reference" "$@" "${f[0]}" "${f[1]}" "${f[2]}" "${f[3]}" > "$BATS_TEST_TMPDIR/got" 2>&1
        IFS= read -r -d '' got < "$BATS_TEST_TMPDIR/got" || true
        got=${got%$'\n'}
        got=${got//$'\n'/ | }
        [ "$got" = "${f[col - 1]}" ] ||
            printf '  line %d: %s\n    want %s, got %s\n' "$n" "$line" "${f[col - 1]}" "$got"
    done < <(question_rows)
}

# ==================== The table's shape ====================

@test "the table starts with its column header" {
    local first
    first=$(head -n 1 "$TABLE")
    [ "$first" = "$HEADER" ] || fail "line 1 is '$first', want '$HEADER'"
}

@test "every line after the header is a row: none blank, none commented out" {
    # The programs skip such lines, so a row hidden that way would go unchecked.
    # Blank lines at the very end hide nothing: they are no row.
    local last
    last=$(awk '!/^[ \t]*\r?$/ { n = NR } END { print n + 0 }' "$TABLE")
    report "lines that are no question:" \
        "$(skipped_rows | awk -F'\t' -v last="$last" '$1 < last' | sed 's/^/  line /')"
}

@test "every row is a question the line protocol accepts (a malformed row is named once, with its column)" {
    report "rows the protocol refuses (each row's other tests leave it out):" \
        "$(malformed | awk -F'\t' '{ printf "  cases.tsv:%s: %s\n", $1, $2 }')"
}

@test "every row has seven tab-separated columns" {
    report "rows without exactly 7 columns:" \
        "$(question_rows | awk -F'\t' 'NF != 8 { n = $1; k = NF - 1; sub(/^[0-9]+\t/, ""); printf "  line %d (%d columns): %s\n", n, k, $0 }')"
}

@test "pieces and squares are in the line protocol's form, and every row has a name" {
    report "rows with a malformed list or square:" "$(question_rows | awk -F'\t' '
        $2 !~ /^(-|[0-9]+(,[0-9]+)*)$/ || $3 !~ /^(-|[0-9]+(,[0-9]+)*)$/ ||
        $4 !~ /^[0-9]+$/ || $5 !~ /^[0-9]+$/ || $8 == "" { sub(/\t/, ": "); print "  line " $0 }')"
}

@test "every verdict is true or false" {
    report "rows with a verdict other than true/false:" "$(question_rows | awk -F'\t' '
        $6 !~ /^(true|false)$/ || $7 !~ /^(true|false)$/ { sub(/\t/, ": "); print "  line " $0 }')"
}

@test "the english reading never allows a move the challenge reading forbids" {
    # english only adds a restriction (another white's capture), so true there
    # with false under challenge is a typo in one of the two columns.
    report "rows false under challenge but true under english:" \
        "$(question_rows | awk -F'\t' '$6 == "false" && $7 == "true" { sub(/\t/, ": "); print "  line " $0 }')"
}

@test "no position and move is asked twice, except challenge 15's repeats" {
    # Lists are compared as sets: 6,7 and 7,6 are the same position.
    report "rows asking the same question as an earlier one:" "$(question_rows | awk -F'\t' '
        function set(s,   a, k, i, j, t, out) {
            k = split(s, a, ",")
            for (i = 2; i <= k; i++)
                for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
            for (i = 1; i <= k; i++) out = out (i > 1 ? "," : "") a[i]
            return out
        }
        index($8, "challenge 15") == 1 { next }
        { key = set($2) "|" set($3) "|" $4 "|" $5
          if (key in seen) { n = $1; sub(/^[0-9]+\t/, ""); printf "  line %d (same as line %d): %s\n", n, seen[key], $0 }
          else seen[key] = $1 }')"
}

@test "the table holds at least 76 rows" {
    local rows
    rows=$(question_rows | wc -l)
    [ "$rows" -ge 76 ] || fail "cases.tsv has $rows rows, want at least 76"
}

@test "every challenge case 1-15 has a row" {
    local i missing=
    for i in $(seq 1 15); do
        cut -f7 "$TABLE" | grep -Eq "^challenge $i[: ]" || missing+=" $i"
    done
    [ -z "$missing" ] || fail "no row named 'challenge N' for:$missing"
}

# ==================== Every row through every program ====================

@test "the golf agrees with the challenge column on every row" {
    report "build/golf disagrees with cases.tsv on:" "$(disagreements 5 "$BUILD/golf")"
}

@test "the ungolfed twin agrees with the challenge column on every row" {
    report "build/golf-ungolfed disagrees with cases.tsv on:" "$(disagreements 5 "$BUILD/golf-ungolfed")"
}

@test "the reference (--rule challenge) agrees with the challenge column on every row" {
    report "build/reference --rule challenge disagrees with cases.tsv on:" \
        "$(disagreements 5 "$BUILD/reference" --rule challenge)"
}

@test "the reference (--rule english) agrees with the english column on every row" {
    report "build/reference --rule english disagrees with cases.tsv on:" \
        "$(disagreements 6 "$BUILD/reference" --rule english)"
}

@test "the reference asked one row at a time on its command line agrees with the challenge column" {
    report "build/reference BLACK WHITE FROM TO disagrees with cases.tsv on:" "$(cli_disagreements 5)"
}

@test "the reference asked one row at a time with --rule english agrees with the english column" {
    report "build/reference --rule english BLACK WHITE FROM TO disagrees with cases.tsv on:" \
        "$(cli_disagreements 6 --rule english)"
}
