#!/usr/bin/env bats
# Planted bugs: each row of tests/fixtures/mutants.tsv changes one spot of a copy of
# golf/checkers.c.  The copy is built once (as the main golf build is: $CC,
# -O2, the golf's flags) and put through the two checks that guard the real
# golf: every cases.tsv row, and the differential against the reference.  At
# least one of them must catch every mutant; the test output says which did.
#
# A catch must not rest on undefined behaviour, which could change from run
# to run: every copy is built with UBSan (and with ASan too under make
# sanitize), and a sanitizer report fails the mutant's test instead.

bats_require_minimum_version 1.11.0 # bats_test_function
load test_helper

MUTANTS="$ROOT/tests/fixtures/mutants.tsv"
# Differential positions per mutant; it stops at the first mismatch.
MUTANT_POSITIONS=100000
# Seconds a mutant's program may run before it counts as hung (caught).
MUTANT_TIMEOUT=5
# Sanitizers for every copy: make sanitize's, or UBSan alone.
MUTANT_SAN=${SAN:-"-fsanitize=undefined -fno-sanitize-recover=all"}
# Reports go to stderr here, whatever make sanitize set for its log.
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1
# Each copy runs in the sandbox (tests/tools/sandbox): the golf's own
# planted copies run bare where none can be made, saying so, as the golf
# does; a candidate's (make mutants GOLF=file, which passes SANDBOX) never.
export SANDBOX=${SANDBOX:-own}

# ==================== Building and checking one copy ====================

# build_golf DIR SOURCE: DIR/golf (the protocol driver) and DIR/differential
# from one object of SOURCE, linked as the real builds are (the Makefile's
# REF_LIB and DIFF_LIB, in GOLF_LINK and DIFF_LINK: see setup_file).
build_golf() {
    local dir=$1 golf_link diff_link
    mkdir -p "$dir"
    mapfile -t golf_link <<< "$GOLF_LINK"
    mapfile -t diff_link <<< "$DIFF_LINK"
    SAN=$MUTANT_SAN golf_cc "$dir/checkers.o" "$2" || return 1
    # shellcheck disable=SC2086 # MUTANT_SAN: several flags
    "${CC:-gcc}" $MUTANT_SAN -o "$dir/golf" "$BUILD/driver.o" "$dir/checkers.o" "${golf_link[@]}" || return 1
    "${CC:-gcc}" $MUTANT_SAN -o "$dir/differential" "$dir/checkers.o" "${diff_link[@]}"
}

# checks DIR: both checks on DIR's programs.  Sets table_rows (rows the golf
# gets wrong), differential_status (0: no mismatch), differential_first (its
# first line: the summary, or where the first mismatch is) and sanitizer
# (the first sanitizer report line, if any run made one).
checks() {
    table_rows=$(paste <(case_rows) <(timeout "$MUTANT_TIMEOUT" "$ROOT/tests/tools/sandbox" "$1/golf" < "$ROOT/cases.tsv" 2> "$1/table.err") |
        awk -F'\t' '$5 != $NF' | wc -l)
    differential_status=0
    differential_first=$(timeout "$MUTANT_TIMEOUT" "$ROOT/tests/tools/sandbox" "$1/differential" "$MUTANT_POSITIONS" 1 2> "$1/differential.err" |
        head -n 1; exit "${PIPESTATUS[0]}") || differential_status=$?
    sanitizer=$(grep -h -m 1 -E 'runtime error|Sanitizer' "$1/table.err" "$1/differential.err" | head -n 1)
}

# plant NAME DIR: writes the mutant NAME into DIR, builds and checks it, and
# leaves the outcome in DIR/result as shell assignments (count of the search
# text in the golf, built 0/1, and what checks sets).
plant() {
    local name=$1 dir=$2 count built=0
    local table_rows=0 differential_status=0 differential_first= sanitizer=
    mkdir -p "$dir"
    apply_row "$MUTANTS" "$name" "$dir/mutant.c"
    if [ "$count" -eq 1 ]; then
        if build_golf "$dir" "$dir/mutant.c" 2> "$dir/build.log"; then
            built=1
            checks "$dir"
        fi
    fi
    printf 'count=%q built=%q table_rows=%q differential_status=%q differential_first=%q sanitizer=%q\n' \
        "$count" "$built" "$table_rows" "$differential_status" "$differential_first" "$sanitizer" > "$dir/result"
}

# Every mutant is planted here, two at a time; the tests read the outcomes.
setup_file() {
    local o
    GOLF_LINK=$(make_list REF_LIB) && DIFF_LINK=$(make_list DIFF_LIB) || return 1
    # One path a line: the checkout's path may hold spaces.
    while IFS= read -r o; do
        [ -f "$o" ] || {
            echo "$o is missing: run make test" >&2
            return 1
        }
    done < <(printf '%s\n' "$BUILD/driver.o" "$GOLF_LINK" "$DIFF_LINK")
    export ROOT BUILD MUTANTS MUTANT_POSITIONS MUTANT_TIMEOUT MUTANT_SAN GOLF_FLAGS GOLF_LINK DIFF_LINK
    export -f plant apply_row build_golf golf_cc golf_compile checks case_rows
    row_names "$MUTANTS" | xargs -P 2 -I '{}' bash -c 'plant "$1" "$2/$1"' _ '{}' "$BATS_FILE_TMPDIR"
}

# ==================== Tests ====================

# mutant_caught NAME: the planted bug applied, built, and was caught.
mutant_caught() {
    local name=$1 search count built table_rows differential_status differential_first sanitizer
    local result="$BATS_FILE_TMPDIR/$name/result"
    [ -f "$result" ] || fail "mutant $name was not planted"
    source "$result"
    search=$(awk -F'\t' -v n="$name" '$1 == n { print $2; exit }' "$MUTANTS")
    [ "$count" -ge 1 ] ||
        fail "mutant $name no longer applies to golf/checkers.c; update tests/fixtures/mutants.tsv"
    [ "$count" -eq 1 ] ||
        fail "mutant $name: '$search' occurs $count times in golf/checkers.c; make it unique in tests/fixtures/mutants.tsv"
    [ "$built" -eq 1 ] ||
        fail "mutant $name does not compile; fix its row in tests/fixtures/mutants.tsv:
$(cat "$BATS_FILE_TMPDIR/$name/build.log")"
    [ -z "$sanitizer" ] ||
        fail "mutant $name has undefined behaviour, so what catches it may change from run to run;
rewrite its row in tests/fixtures/mutants.tsv so it stays defined: $sanitizer"
    local by
    if [ "$table_rows" -gt 0 ] && [ "$differential_status" -ne 0 ]; then
        by="table + differential"
    elif [ "$table_rows" -gt 0 ]; then
        by="table only"
    elif [ "$differential_status" -ne 0 ]; then
        by="differential only"
    else
        fail "mutant $name passes every cases.tsv row and $MUTANT_POSITIONS differential positions:
if it is truly equivalent to the golf, drop it from tests/fixtures/mutants.tsv; if not, add the
cases.tsv row or differential bias that tells it apart"
    fi
    local diff="missed it"
    [ "$differential_status" -eq 0 ] || diff=${differential_first#mismatch }
    [ "$differential_status" -ne 124 ] || diff="hung (timeout)"
    printf '# %-24s caught by %-18s (table: %d rows wrong; differential: %s)\n' \
        "$name" "$by" "$table_rows" "$diff" >&3
}

# The tally over all mutants, after the last test.
teardown_file() {
    local result count built table_rows differential_status differential_first sanitizer
    local both=0 table=0 differential=0 neither=0
    for result in "$BATS_FILE_TMPDIR"/*/result; do
        [ -f "$result" ] || continue
        source "$result"
        if [ "$built" -ne 1 ]; then
            neither=$((neither + 1))
        elif [ "$table_rows" -gt 0 ] && [ "$differential_status" -ne 0 ]; then
            both=$((both + 1))
        elif [ "$table_rows" -gt 0 ]; then
            table=$((table + 1))
        elif [ "$differential_status" -ne 0 ]; then
            differential=$((differential + 1))
        else
            neither=$((neither + 1))
        fi
    done
    printf '# mutants: %d caught by both checks, %d by the table only, %d by the differential only, %d not applied, built or caught\n' \
        "$both" "$table" "$differential" "$neither" >&3
}

@test "tests/fixtures/mutants.tsv rows have four non-empty columns and unique names" {
    run awk -F'\t' '
        /^#/ || /^$/ { next }
        NF != 4 || $1 == "" || $2 == "" || $3 == "" || $4 == "" { print "line " NR ": want name, search, replace, meaning" }
        seen[$1]++ { print "line " NR ": name " $1 " used twice" }
        $2 == $3 { print "line " NR ": " $1 " changes nothing" }
        $1 !~ /^[a-z0-9-]+$/ { print "line " NR ": name " $1 ": use a-z, 0-9 and -" }
        { n++ }
        END { if (n < 15) print n + 0 " mutants, want at least 15" }' "$MUTANTS"
    assert_success
    assert_output ""
}

@test "an unchanged copy of the golf passes both checks" {
    build_golf "$BATS_TEST_TMPDIR" "${GOLF_SOURCE:-$ROOT/golf/checkers.c}"
    checks "$BATS_TEST_TMPDIR"
    [ "$table_rows" -eq 0 ] || fail "the copy gets $table_rows table rows wrong"
    [ "$differential_status" -eq 0 ] || fail "differential: $differential_first"
    [ -z "$sanitizer" ] || fail "a sanitizer report: $sanitizer"
}

# One test per mutant, named after it (bats' dynamic test registration).
while IFS=$'\t' read -r name _ _ meaning; do
    [[ -z $name || $name == '#'* ]] && continue
    meaning=${meaning//[\"\$\`\\]/}
    bats_test_function --description "mutant $name is caught: $meaning" -- mutant_caught "$name"
done < "$MUTANTS"
