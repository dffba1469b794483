#!/usr/bin/env bats
# The golfer's loop: a candidate file in (GOLF=file, at a path with a space
# and an apostrophe), a verdict out.  Broken candidates from tests/fixtures/golfer.tsv
# (a hang, a crash, a golf wrong on the table, one wrong only off the table,
# a wrong name or signature, a syntax error) must each be named for what
# they are, fast, and golf/checkers.c is never written.  Also: cases.tsv
# compared row by row whatever blank lines, comments and malformed rows it
# holds; verify stopping at the first mismatch; make submit refusing;
# tests/tools/run saying what runs as it runs; and the line assertions
# running untraced (tests/test_helper.bash).

bats_require_minimum_version 1.7.0
load test_helper

CANDIDATES="$ROOT/tests/fixtures/golfer.tsv"

setup() {
    DIR="$BATS_TEST_TMPDIR/it's a golfer"
    mkdir -p "$DIR"
    GOLF_SUM=$(cksum < "$ROOT/golf/checkers.c")
}

# golf/checkers.c must come out of every test as it went in.
teardown() {
    [ "$(cksum < "$ROOT/golf/checkers.c")" = "$GOLF_SUM" ] || echo "golf/checkers.c was written" >&2
    [ "$(cksum < "$ROOT/golf/checkers.c")" = "$GOLF_SUM" ]
}

# candidate NAME: row NAME of golfer.tsv planted in a copy of the golf at
# "$DIR/NAME.c"; prints that path.
candidate() {
    apply_row "$CANDIDATES" "$1" "$DIR/$1.c"
    [ "$count" -eq 1 ] || fail "golfer.tsv's $1 does not apply once to golf/checkers.c (found $count times): rewrite its row"
    echo "$DIR/$1.c"
}

# as_regex PATH: PATH for a --regexp, its dots literal (the candidates'
# paths hold no other character a regex reads).
as_regex() { printf '%s' "$1" | sed 's/[.]/[.]/g'; }

# ==================== GOLF=file: the candidate, not golf/checkers.c ====================

@test "make GOLF=file runs the table on the candidate, in a build directory of its own" {
    needs_sandbox
    local c
    c=$(candidate wrong-256)
    run project_make GOLF="$c"
    assert_failure
    assert_line --regexp '^  golf \(challenge\) +155/179 agree$'
    assert_line --partial "MISMATCH golf (challenge)  cases.tsv:3 "
    assert_line --regexp "^$DIR/wrong-256.c: 176 bytes"
    # Built apart from golf/checkers.c's own build: a directory per candidate.
    local dir
    dir=$(project_make -s print-GOLF_DIR GOLF="$c")
    [[ $dir == */cand/wrong-256.c-* ]] || fail "the candidate's build directory: $dir"
    [ -x "$ROOT/$dir/golf" ] || [ -x "$dir/golf" ] || fail "no program in $dir"
    run project_make bytes GOLF="$c"
    assert_output "176 bytes  $c"
}

@test "a candidate that hangs: the table names the row within the time limit" {
    needs_sandbox
    local c
    c=$(candidate hang)
    # built first: the bound is on the table's run, not on the compilers
    # (a loaded machine's builds took it past 10 s)
    run project_make build GOLF="$c"
    assert_success
    SECONDS=0
    run project_make GOLF="$c" GOLF_TIME_LIMIT=1
    assert_failure
    assert_line "  golf (challenge): hangs on row 2 (no answer in 1 s)"
    [ "$SECONDS" -lt 10 ] || fail "it took $SECONDS s"
}

@test "a candidate that crashes: the table names the row and the signal" {
    needs_sandbox
    local c
    c=$(candidate crash)
    run project_make GOLF="$c"
    assert_failure
    if [ -n "$SAN" ]; then # a sanitizer reports the crash itself, and exits 1:
        # ASan the bad address, or UBSan first its misaligned load
        assert_output --partial "golf (challenge): exit status 1"
        assert_output --regexp 'AddressSanitizer|runtime error: load of misaligned address'
    else
        assert_line "  golf (challenge): crashed on row 2: signal 11 (segmentation fault)"
    fi
}

@test "a candidate that does not compile: the error names the candidate's own path and line" {
    local c
    c=$(candidate syntax)
    run project_make GOLF="$c"
    assert_failure
    assert_output --regexp "$(as_regex "$c"):1:[0-9]+: error:"
    refute_output --partial "golf.c:1"
}

@test "a candidate whose function has another name or signature: one line says what f must be" {
    local c
    c=$(candidate name)
    run project_make GOLF="$c"
    assert_failure
    assert_line --regexp "^$(as_regex "$c"): defines no function f: f must be int f\(int \*b, int \*w, int s, int e\)"
    [ "$(grep -c . <<< "$output")" -le 3 ] || fail "more than the one line (and make's own two): $output"
    refute_output --partial "undefined reference"
    c=$(candidate signature)
    run project_make GOLF="$c"
    assert_failure
    assert_line --regexp "^$(as_regex "$c"): f has another signature: f must be int f\(int \*b, int \*w, int s, int e\)"
}

# ==================== make judge ====================

@test "make judge: a candidate right on the table but wrong elsewhere gets its first counterexample as a row, replayed" {
    needs_sandbox
    local c row
    c=$(candidate wrong-357)
    run project_make judge GOLF="$c"
    assert_failure
    assert_line "judge: table 179/179" # all 179 rows pass
    row=$(grep -a -m 1 -P '^[-0-9,]+\t[-0-9,]+\t\d+\t\d+\t(true|false)\t(true|false)\t' <<< "$output") ||
        fail "no cases.tsv row in: $output"
    assert_line --regexp "^judge: replayed: .* \(the main build\) says (true|false), the reference \(--rule challenge\) says (true|false)$"
    assert_line --regexp "^$c: 176 bytes \(=\), UTF-8.*; table 179/179; differential: wrong \(above\) \([0-9]+ s\)$"
    # The row is right: the reference gives its own verdict in column 5.
    run "$BUILD/reference" --rule challenge <<< "$row"
    assert_output "$(cut -f5 <<< "$row")"
}

@test "make judge on golf/checkers.c without the proof's needs: every other check passes, and it says what is missing" {
    # 10^5 positions, not the judge's 10^6: what this test is about is
    # the missing proof (the differential is verify.bats's and differential.bats's).
    run project_make judge PYTHON=/nonexistent/python3 JUDGE_POSITIONS=100000
    assert_failure
    assert_line "judge: table 179/179"
    assert_line --partial "the proof needs what is missing here: z3 for /nonexistent/python3 (package python3-z3)"
    assert_line --regexp '^golf/checkers.c: 176 bytes \(=\), UTF-8, 4 not printable ASCII; table 179/179; differential 10\^5, 0 mismatches; not proved \(the proof.s needs are missing\)'
}

@test "make submit posts nothing for a wrong golf, says which check failed and its row, and leaves no post behind" {
    needs_sandbox
    local c dir
    c=$(candidate wrong-256)
    dir=$(project_make -s print-GOLF_DIR GOLF="$c")
    [[ $dir == /* ]] || dir=$ROOT/$dir
    mkdir -p "$dir"
    echo "an old post" > "$dir/answer.md"
    run project_make submit GOLF="$c"
    assert_failure
    assert_line --regexp "^make submit: no post: $(as_regex "$c"): .*table: wrong on 24 of 179 rows, the first cases.tsv:3"
    [ ! -e "$dir/answer.md" ] || fail "an old answer.md is left: $(cat "$dir/answer.md")"
    # The post's temporary file is made in $BUILD/tmp itself (deeper lie
    # other tests' own checkouts, running beside this one).
    run find "$BUILD/tmp" -maxdepth 1 -name 'answer.*'
    assert_output ""
}

# ==================== verify: the first mismatch ====================

@test "verify stops at the first mismatch and prints it as a row; --all counts them all" {
    needs_sandbox
    local c
    c=$(candidate wrong-357)
    run project_make verify-build GOLF="$c" VERIFY_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/v" GOLF_MATRIX=gcc:-O2
    assert_success
    run "$ROOT/tests/tools/sandbox" "$BATS_TEST_TMPDIR/v/verify" --sample 100000
    assert_failure 1
    assert_line "verify: the first mismatch (verify stops there; --all checks every position):"
    assert_line --index -1 --regexp '^verify: [0-9]+ positions, 1 mismatches, [0-9.]+ s$'
    local first
    first=$(grep -a -P '\tverify random #' <<< "$output")
    [ "$(wc -l <<< "$first")" -eq 1 ] || fail "more than one row: $first"
    # --all: every position, the same first row, many mismatches.
    run "$ROOT/tests/tools/sandbox" "$BATS_TEST_TMPDIR/v/verify" --sample 100000 --all
    assert_failure 1
    assert_line --index -1 --regexp '^verify: 100000 positions, [0-9]{3,} mismatches, [0-9.]+ s$'
    assert_line "$first"
}

# ==================== cases.tsv: rows by identity ====================

# table TABLE: tests/tools/table.sh on golf/checkers.c's build with TABLE as cases.tsv.
table() { run env BUILD="$BUILD" CASES_TSV="$1" "$ROOT/tests/tools/table.sh"; }

@test "a blank line, a comment and a trailing blank line in cases.tsv change nothing" {
    local t="$BATS_TEST_TMPDIR/cases.tsv"
    { sed '5i\\' "$ROOT/cases.tsv" | sed '9i# a comment'; echo; } > "$t"
    table "$t"
    assert_success
    assert_line "cases.tsv: 179 rows"
    assert_line --regexp '^  golf \(challenge\) +179/179 agree$'
    assert_line --regexp '^  reference --rule english +179/179 agree$'
    refute_output --partial MISMATCH
}

@test "a malformed row is one error naming its line and column; every other row is still compared with its own answer" {
    local t="$BATS_TEST_TMPDIR/cases.tsv"
    # Row 6's black list spoiled, row 9's challenge verdict misspelt.
    awk -F'\t' -v OFS='\t' 'NR == 6 { $1 = "6,x" } NR == 9 { $5 = "ture" } { print }' "$ROOT/cases.tsv" > "$t"
    table "$t"
    assert_failure 1
    assert_line "cases.tsv: 177 rows"
    assert_line '  cases.tsv:6: black: "x" is not a square number (decimal digits only, 1-32)'
    assert_line '  cases.tsv:9: challenge: "ture" is not a verdict (true or false)'
    [ "$(grep -c 'cases\.tsv:6:' <<< "$output")" -eq 1 ] || fail "row 6 is named more than once"
    assert_line --regexp '^  golf \(challenge\) +177/177 agree$'
    assert_line --regexp '^  reference --rule english +177/177 agree$'
    refute_output --partial MISMATCH
}

# ==================== tests/tools/run: what runs, as it runs ====================

@test "tests/tools/run prints each test as it ends, behind its file's name, and says what still runs" {
    local f="$BATS_TEST_TMPDIR/slow.bats"
    printf '%s\n' '@test "quick" { true; }' '@test "slow" { sleep 1.5; }' > "$f"
    run env BUILD="$BATS_TEST_TMPDIR/b" RUN_HEARTBEAT=0.3 "$ROOT/tests/tools/run" "$f"
    assert_success
    assert_line --regexp "^$f: ok 1 quick in [0-9]+ms$"
    assert_line --regexp "^$f: ok 2 slow in [0-9]+ms$"
    assert_line --regexp "^tests/tools/run: $f still running: 1 of 2 tests done \([0-9]+ s into the run\)$"
    # Streamed: the quick test's line comes out while the slow one still runs.
    local quick still
    quick=$(grep -n -m 1 ": ok 1 quick" <<< "$output" | cut -d: -f1)
    still=$(grep -n "still running: 1 of 2" <<< "$output" | tail -n 1 | cut -d: -f1)
    [ "$quick" -lt "$still" ] || fail "the quick test's line came after the file's last heartbeat: $output"
    assert_line --index -1 "2 passed, 0 failed, 0 skipped"
}

@test "a line assertion on a long output runs without bats's trace, which is back after it, passed or failed" {
    local before after start
    before=$(trap -p DEBUG)
    [ -n "$before" ] || fail "bats set no DEBUG trap"
    run seq 1 3000
    start=$EPOCHREALTIME
    assert_line 3000
    refute_line 3001
    # Traced, each took over a second here; untraced, a few hundredths.
    awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { exit !(b - a < 1) }' ||
        fail "two line assertions on 3000 lines took $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }') s"
    after=$(trap -p DEBUG)
    assert_equal "$after" "$before"
    # Failed: the status says so, and the trap is back too.
    ! assert_line 3001 2> /dev/null || fail "assert_line passed on a missing line"
    ! refute_line 5 2> /dev/null || fail "refute_line passed on a present line"
    after=$(trap -p DEBUG)
    assert_equal "$after" "$before"
}
