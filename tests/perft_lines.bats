#!/usr/bin/env bats
# The lines a deep count travels in (reference/perft_lines.c): job lines of
# --split, their result lines, a journal's lines; each names its run and
# ends in a check, and --sum (perft_results.c) and --journal
# (perft_journal.c) refuse, naming the line and why, what they cannot vouch
# for: every character changed, a job twice, a job the run does not have, a
# line of another run or depth with the same job total, a cut line, no
# result at all; a journal that is no regular file, or another count's.
# reference/README.md, "Lines that carry their run", describes the format.

bats_require_minimum_version 1.7.0
load test_helper

START="B:W21-32:B1-12"
RUN9="perft 9 B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 split 4 fastgen 1"

perft() { "$BUILD/reference" perft "$@"; }

# with_crc TEXT: TEXT and its check, as a run writes a line; the CRC-32 is
# Python's zlib's, not the reference's own.
with_crc() {
    python3 -c 'import sys, zlib; t = sys.argv[1]; print("%s crc %08x" % (t, zlib.crc32(t.encode())))' "$1"
}

# changed LINE: every variant of LINE with one of its digits or hex digits
# (the c of "crc" too) replaced by another, one a line.
changed() {
    local line=$1 i c
    for ((i = 0; i < ${#line}; i++)); do
        c=${line:i:1}
        [[ $c == [0-9a-f] ]] || continue
        [ "$c" = 1 ] && c=2 || c=1
        printf '%s\n' "${line:0:i}$c${line:i+1}"
    done
}

# untraced COMMAND...: COMMAND without bats's DEBUG trap, which runs before
# every command of a test and made a loop over 70 variants 4x slower.
untraced() {
    trap - DEBUG
    "$@"
    set -- $?
    trap "$BATS_DEBUG_TRAP" DEBUG
    return "$1"
}

# sum_refuses RESULTS BAD...: each BAD line after RESULTS, through --sum;
# each that is not refused as it should be, said on stdout.
sum_refuses() {
    local results=$1 bad status said
    shift
    for bad; do
        status=0
        said=$({ cat "$results"; printf '%s\n' "$bad"; } | "$BUILD/reference" perft --sum 2>&1) || status=$?
        [[ $status == 2 && $said =~ ^reference:\ --sum:\ line\ [0-9]+\ (is\ refused:\ its\ check\ fails\ \(crc\ [0-9a-f]{8}\ written|is\ not\ a\ result:\ .*\(no\ check\ at\ its\ end) ]] ||
            echo "$bad: $status $said"
    done
}

# journal_refuses HEAD BAD...: each BAD line after the lines of file HEAD, as
# the journal of perft 9; each that is not refused, the file left as it
# was, said on stdout.
journal_refuses() {
    local head=$1 bad before said j=$BATS_TEST_TMPDIR/variant
    shift
    for bad; do
        { cat "$head"; printf '%s\n' "$bad"; } > "$j"
        before=$(cksum < "$j")
        said=$("$BUILD/reference" perft "$START" 9 --journal "$j" 2>&1) && echo "$bad: counted"
        [[ $said =~ ^reference:\ journal\ .*,\ line\ [0-9]+:\ (its\ check\ fails\ \(crc|\".*\":\ no\ check\ at\ its\ end) ]] ||
            echo "$bad: $said"
        [ "$(cksum < "$j")" = "$before" ] || echo "$bad: the journal changed"
    done
}

setup() {
    jobs="$BATS_TEST_TMPDIR/jobs" results="$BATS_TEST_TMPDIR/results"
    perft "$START" 9 --split 4 > "$jobs"
    perft --threads 1 < "$jobs" > "$results"
}

@test "a job line and a result line name their run and end in a CRC-32 of the line" {
    run head -n 1 "$jobs"
    assert_output --regexp "^1/805 B:W[0-9,]+:B[0-9,]+ 5 [0-9]+ in $RUN9 crc [0-9a-f]{8}$"
    run head -n 1 "$results"
    assert_output --regexp "^1/805 perft 5 x [0-9]+: [0-9]+ in $RUN9 crc [0-9a-f]{8}$"
    # the check is zlib's CRC-32 of what comes before " crc "
    local line
    line=$(sed -n 7p "$results")
    assert_equal "$(with_crc "${line% crc *}")" "$line"
    run perft --sum < "$results"
    assert_success
    assert_output "sum: 3963680 in $RUN9"
}

@test "every digit of a result line changed, one at a time, is refused by --sum, naming the line" {
    local variants
    sed 17d "$results" > "$results.16"
    mapfile -t variants < <(changed "$(sed -n 17p "$results")")
    [ "${#variants[@]}" -gt 60 ] || fail "only ${#variants[@]} variants"
    run untraced sum_refuses "$results.16" "${variants[@]}"
    assert_output ""
    echo "# ${#variants[@]} variants of a result line refused" >&3
}

@test "every digit of a job line changed, one at a time, is refused by the batch and not counted" {
    local line n
    line=$(sed -n 17p "$jobs")
    changed "$line" > "$BATS_TEST_TMPDIR/variants"
    n=$(wc -l < "$BATS_TEST_TMPDIR/variants")
    [ "$n" -gt 100 ] || fail "only $n variants"
    # one batch: each variant gets its error, then the job itself its result
    run --separate-stderr perft --threads 1 < <(cat "$BATS_TEST_TMPDIR/variants"; echo "$line")
    assert_equal "$status" 2
    assert_equal "$(head -n "$n" <<< "$output" | sort -u)" error
    assert_equal "$(tail -n 1 <<< "$output")" "$(sed -n 17p "$results")"
    assert_equal "$(grep -Ec '^line [0-9]+: job( refused: its check fails \(crc [0-9a-f]{8} written, [0-9a-f]{8} computed\): a character changed, or the line cut and joined|: ".*" is not a job as --split writes it \(no check at its end .*\))$' <<< "$stderr")" "$n"
    echo "# $n variants of a job line refused" >&3
}

@test "--sum refuses a stale result of another depth with the same job total, naming both runs" {
    local other="$BATS_TEST_TMPDIR/other"
    perft "$START" 8 --split 4 | perft --threads 1 > "$other" # 805 jobs too
    run --separate-stderr perft --sum < <(sed 17d "$results"; sed -n 17p "$other")
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" "reference: --sum: line 805 is of another run: \"${RUN9/9 B/8 B}\", line 1 of \"$RUN9\""
    # and a job line of another run asks its own run, not this one's
    run --separate-stderr perft --sum < <(cat "$results" "$other")
    assert_equal "$status" 2
    assert_regex "$stderr" '^reference: --sum: line 806 is of another run: '
}

@test "--sum refuses a cut last line, a last line without its newline, and input with no result" {
    run --separate-stderr perft --sum < <(head -c -10 "$results")
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" 'reference: --sum: line 805, the last, has no newline: cut short? no sum'
    run --separate-stderr perft --sum < <(head -c -1 "$results")
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --sum: line 805, the last, has no newline: cut short? no sum'
    # a line cut and the next joined to it
    run --separate-stderr perft --sum < <(head -n 16 "$results"; sed -n 17p "$results" | head -c 50; tail -n +18 "$results")
    assert_equal "$status" 2
    assert_regex "$stderr" '^reference: --sum: line 17 is refused: its check fails \(crc [0-9a-f]{8} written, [0-9a-f]{8} computed\): a character changed, or the line cut and joined$'
    local input
    for input in '' $'# only a comment\n\n   \n'; do
        run --separate-stderr perft --sum <<< "$input"
        assert_equal "$status" 2
        assert_equal "$output" ""
        assert_equal "$stderr" 'reference: --sum: no result to add (the input is empty, or blank and # lines): no sum'
    done
    run --separate-stderr perft --sum < /dev/null
    assert_equal "$status" 2
    # a result as the batch answers a FEN (no job, no run) is not a split's
    run --separate-stderr perft --sum <<< 'perft 3: 302'
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --sum: line 1 is not a result: "perft 3: 302" (no check at its end (" crc " and 8 hex digits): cut short, or not a line a run writes)'
}

@test "--sum checks a split of 2^34 jobs by whole words: one line takes milliseconds" {
    local line
    line=$(with_crc "1/17179869184 perft 1 x 1: 7 in perft 2 B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 split 1 fastgen 1")
    local start=$EPOCHREALTIME
    run --separate-stderr timeout 5 "$BUILD/reference" perft --sum <<< "$line"
    local ms=$(((${EPOCHREALTIME/./} - ${start/./}) / 1000))
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_regex "$stderr" 'job 2/17179869184 has no result'
    assert_regex "$stderr" '17179869183 of 17179869184 jobs missing: no sum'
    echo "# one line of 2^34 jobs: $ms ms" >&3
    [ "$ms" -lt 2000 ] || fail "$ms ms"
}

@test "a journal is a file of result lines: --sum adds it, and it mixes with the split's results" {
    local journal="$BATS_TEST_TMPDIR/journal"
    run perft "$START" 9 --journal "$journal"
    assert_output 'perft 9: 3963680'
    run head -n 1 "$journal"
    assert_output --regexp "^# journal of $RUN9, 805 jobs crc [0-9a-f]{8}$"
    # the same jobs, numbered alike: the same lines as the split's results
    assert_equal "$(tail -n +2 "$journal" | sort)" "$(sort "$results")"
    run perft --sum < "$journal"
    assert_output "sum: 3963680 in $RUN9"
}

# journal_refused FILE MESSAGE-REGEX: the count with FILE as its journal is
# refused with exit 1, FILE left as it was.
journal_refused() {
    local before
    before=$(cksum < "$1")
    run --separate-stderr perft "$START" 9 --journal "$1"
    assert_equal "$status" 1
    assert_equal "$output" ""
    assert_regex "$stderr" "$2"
    assert_equal "$(cksum < "$1")" "$before"
}

@test "a journal refuses a changed digit, a job twice with another count, a job the run has not, another position's lines" {
    local full="$BATS_TEST_TMPDIR/full" j="$BATS_TEST_TMPDIR/j" line bad body count
    perft "$START" 9 --threads 1 --journal "$full" > /dev/null # one thread: line 11 is job 10
    # every digit of a line changed
    line=$(sed -n 11p "$full")
    local variants
    mapfile -t variants < <(changed "$line")
    head -n 10 "$full" > "$full.10"
    run untraced journal_refuses "$full.10" "${variants[@]}"
    assert_output ""
    echo "# ${#variants[@]} variants of a journal line refused" >&3
    # a job again, with another count (a valid line: its paths added to its count)
    body=${line% crc *}
    count=${body#*: }
    count=${count%% *}
    paths=${body#* x }
    paths=${paths%%:*}
    { head -n 20 "$full"; with_crc "${body/: $count /: $((count + paths)) }"; } > "$j"
    journal_refused "$j" "^reference: journal .*, line 21: job 10 again, with another count than on line 11$"
    # the same job twice with the same count is the same promise
    { head -n 20 "$full"; sed -n 11p "$full"; } > "$j"
    run --separate-stderr perft "$START" 9 --journal "$j"
    assert_output 'perft 9: 3963680'
    assert_regex "$stderr" ': 19 of 805 jobs resumed$'
    # a job the run does not have, a job with other paths, a line made by hand
    { head -n 20 "$full"; with_crc "${body/10\/805/806\/806}"; } > "$j"
    journal_refused "$j" '^reference: journal .*, line 21: job 806/806 is none of this count.s 805 jobs$'
    { head -n 20 "$full"; with_crc "${body/ x $paths: $count / x $((paths + 1)): $((count / paths * (paths + 1))) }"; } > "$j"
    journal_refused "$j" "^reference: journal .*, line 21: job 10 has $((paths + 1)) paths there, $paths in this count$"
    { head -n 20 "$full"; printf '%s\n' "$body"; } > "$j"
    journal_refused "$j" '^reference: journal .*, line 21: "10/805 perft 5 x .*": no check at its end'
    # another position's journal under this count's first line
    perft B:W21-32:B1-11 9 --journal "$BATS_TEST_TMPDIR/other" > /dev/null
    { head -n 1 "$full"; tail -n +2 "$BATS_TEST_TMPDIR/other"; } > "$j"
    journal_refused "$j" '^reference: journal .*, line 2 is of another run: "perft 9 B:W.*:B1,2,3,4,5,6,7,8,9,10,11 split 4 fastgen 1", not "perft 9 '
    # another count's journal, whole
    journal_refused "$BATS_TEST_TMPDIR/other" '^reference: journal .* is of another count: "# journal of perft 9 B:W'
}

@test "a journal's last line cut short by a crash is dropped and said, and the count comes out right" {
    local j="$BATS_TEST_TMPDIR/j"
    perft "$START" 9 --journal "$j" > /dev/null
    head -n 300 "$j" > "$j.cut"
    sed -n 301p "$j" | head -c 30 >> "$j.cut"
    run --separate-stderr perft "$START" 9 --journal "$j.cut"
    assert_success
    assert_output 'perft 9: 3963680'
    assert_equal "$stderr" "reference: journal $j.cut: line 301 was cut short (no newline), as by a crash: dropped, its job counted again
reference: journal $j.cut: 299 of 805 jobs resumed"
    assert_equal "$(sort "$j.cut")" "$(sort "$j")"
}

@test "a journal is a regular file: a FIFO, a directory, a device are refused at once, a non-journal left as it is" {
    local d="$BATS_TEST_TMPDIR"
    mkfifo "$d/fifo"
    run --separate-stderr timeout 10 "$BUILD/reference" perft "$START" 9 --journal "$d/fifo"
    assert_equal "$status" 1
    assert_equal "$stderr" "reference: journal $d/fifo is a FIFO, not a regular file: a journal is read back and appended to"
    run --separate-stderr perft "$START" 9 --journal "$d"
    assert_equal "$status" 1
    assert_equal "$stderr" "reference: journal $d: Is a directory"
    run --separate-stderr perft "$START" 9 --journal /dev/null
    assert_equal "$status" 1
    assert_equal "$stderr" "reference: journal /dev/null is a device, not a regular file: a journal is read back and appended to"
    # a file whose first line has no newline: refused, not truncated
    printf 'my notes, not saved yet' > "$d/notes"
    journal_refused "$d/notes" '^reference: journal .*/notes is of another count, or none \(its first line has no newline\): "my notes, not saved yet", not "# journal of perft 9 '
    # 64 MB without a newline: refused at once, in 40 MB (ASan reserves terabytes of address space: no ulimit -v)
    head -c 64000000 /dev/zero | tr '\0' a > "$d/big"
    run --separate-stderr bash -c '[ -n "$1" ] || ulimit -v 40000; shift; exec "$@"' _ "$SAN" "$BUILD/reference" perft "$START" 9 --journal "$d/big"
    assert_equal "$status" 1
    assert_regex "$stderr" 'is of another count, or none \(its first line is longer than a journal.s\)'
    assert_equal "$(wc -c < "$d/big")" 64000000
    # this count's first line cut by a crash as it was written: started again
    perft "$START" 9 --journal "$d/j" > /dev/null
    head -c 40 "$d/j" > "$d/j.head"
    run perft "$START" 9 --journal "$d/j.head"
    assert_output 'perft 9: 3963680'
    assert_equal "$(head -n 1 "$d/j.head")" "$(head -n 1 "$d/j")"
}

@test "an interrupted count with a journal says how to resume: the same command, which does" {
    local j="$BATS_TEST_TMPDIR/j"
    # one thread, no table: seconds of work, stopped after one
    run --separate-stderr timeout --preserve-status -s INT 1 "$BUILD/reference" perft "$START" 13 --threads 1 --hash 0 --journal "$j"
    assert_equal "$status" 130 # ended by the SIGINT, as a shell expects
    assert_equal "$output" ""
    assert_regex "$stderr" "^reference: perft 13 interrupted: [0-9]+ of 2733 jobs are in the journal $j; the same command resumes from them$"
    local kept=${stderr#*interrupted: }
    kept=${kept%% of *}
    assert_equal "$kept" "$(($(wc -l < "$j") - 1))"
    [ "$kept" -lt 2733 ] || fail "not interrupted: $kept jobs"
    run --separate-stderr perft "$START" 13 --threads 2 --journal "$j"
    assert_success
    assert_output 'perft 13: 1766623630'
    assert_equal "$stderr" "reference: journal $j: $kept of 2733 jobs resumed"
}
