#!/usr/bin/env bats
# The programs under valgrind: no invalid read or write, no use of an
# uninitialised value, no leak, in the batch and single-question forms and on
# bad lines.  Valgrind is a required tool here, so its absence fails.

bats_require_minimum_version 1.7.0
load test_helper

# Valgrind cannot run an ASan build: `make sanitize` points this at the plain one.
VG_BUILD="${VALGRIND_BUILD:-$BUILD}"

# vg NAME COMMAND... (stdin from $BATS_TEST_TMPDIR/NAME.in if it exists), in
# the background: its exit status lands in NAME.status, the report in NAME.vg.
vg() {
    local name=$1; shift
    local in="$BATS_TEST_TMPDIR/$name.in"
    [ -e "$in" ] || in=/dev/null
    local status=0
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all \
        --log-file="$BATS_TEST_TMPDIR/$name.vg" "$@" < "$in" > "$BATS_TEST_TMPDIR/$name.out" 2>&1 ||
        status=$?
    echo "$status" > "$BATS_TEST_TMPDIR/$name.status"
}

# vg_done NAME WANT_STATUS: the run exited WANT_STATUS and valgrind said nothing.
vg_done() {
    local got report
    got=$(cat "$BATS_TEST_TMPDIR/$1.status")
    report=$(cat "$BATS_TEST_TMPDIR/$1.vg")
    [ -z "$report" ] || fail "valgrind on $1: $report"
    [ "$got" -eq "$2" ] || fail "$1 exited $got, not $2: $(cat "$BATS_TEST_TMPDIR/$1.out")"
}

@test "valgrind finds no memory error or leak in batch, single and error runs" {
    command -v valgrind > /dev/null || fail "valgrind is not installed (apt-get install valgrind)"
    local program
    for program in reference golf; do
        [ -x "$VG_BUILD/$program" ] || fail "$VG_BUILD/$program is not built"
        ! ldd "$VG_BUILD/$program" | grep -q libasan ||
            fail "$VG_BUILD/$program is an ASan build: set VALGRIND_BUILD to a plain build"
    done
    # A batch with every kind of line: answers, comments, blanks, CRLF, bad
    # lines of several classes, a long line, and a last line without newline.
    {
        cat "$ROOT/cases.tsv"
        printf '\n#\n6\t9\t9\t2\r\nx\t9\t9\t2\n6,6\t9\t9\t2\n6\t9\t9\t33\n6\t9\t9\0\t2\n6\t9\n'
        head -c 300000 < <(yes 1, | tr -d '\n')
        printf '\t9\t9\t2\n6\t9\t9\t2'
    } > "$BATS_TEST_TMPDIR/batch.in"
    cp "$BATS_TEST_TMPDIR/batch.in" "$BATS_TEST_TMPDIR/golf.in"
    vg batch "$VG_BUILD/reference" --rule english &
    vg golf "$VG_BUILD/golf" &
    vg single "$VG_BUILD/reference" 6,7 10 10 1 &
    wait
    vg_done batch 2
    vg_done golf 2
    vg_done single 0
    assert_equal "$(cat "$BATS_TEST_TMPDIR/single.out")" true
    # Every line was answered (stdout and stderr share the .out file): the
    # table, one good line, six bad ones with their six messages, the last line.
    assert_equal "$(grep -c . "$BATS_TEST_TMPDIR/golf.out")" \
        "$(($(case_rows | wc -l) + 1 + 6 + 6 + 1))"
}
