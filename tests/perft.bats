#!/usr/bin/env bats
# perft: the number of move sequences from a position, against the counts
# published for English checkers from the start (Aart Bik's, 2009, and OEIS
# A133046; reference/README.md, "Perft"), by the reference's fast generator
# (reference/fastgen.c), its table (reference/table.c), threads and jobs
# (reference/perft.c), and
# by the bitboard test generator; the fast generator against the readable
# one (build/movegen fast), with planted bugs that must show.

bats_require_minimum_version 1.7.0
load test_helper

START="B:W21-32:B1-12"
# perft(1) .. perft(12) from the start, as published (OEIS A133046).
PUBLISHED=(7 49 302 1469 7361 36768 179740 845931 3963680 18391564 85242128 388623673)

perft() { "$BUILD/reference" perft "$@"; }

@test "perft from the start matches the published counts at depths 1-11" {
    local depth
    for depth in 1 2 3 4 5 6 7 8 9 10 11; do
        run perft "$START" "$depth"
        assert_success
        assert_output "perft $depth: ${PUBLISHED[depth - 1]}"
    done
}

@test "perft(11) from the start on one thread without a table, within a minute" {
    local start=$SECONDS
    run timeout 60 "$BUILD/reference" perft "$START" 11 --threads 1 --hash 0
    assert_success
    assert_output "perft 11: 85242128"
    echo "# perft(11), one thread, no table: $((SECONDS - start)) s" >&3
}

@test "the bitboard generator's perft from the start matches the published counts to depth 10" {
    run "$BUILD/movegen" start 10
    assert_success
    local depth
    for depth in 1 2 3 4 5 6 7 8 9 10; do
        assert_line --index $((depth - 1)) "perft $depth: ${PUBLISHED[depth - 1]}"
    done
}

@test "--divide gives the count after each first move, and they add up to the last line" {
    run perft "$START" 5 --divide
    assert_success
    assert_line --index 0 '9-13: 1345'
    assert_line --index 7 'perft 5: 7361'
    assert_equal "${#lines[@]}" 8
    assert_equal "$(head -n 7 <<< "$output" | awk '{ s += $2 } END { print s }')" 7361
}

@test "--divide writes each line as it is counted, into a file or pipe too" {
    local out="$BATS_TEST_TMPDIR/divide" pid i
    # one thread, no table: seconds of work, the first line after a tenth of it
    "$BUILD/reference" perft "$START" 12 --divide --threads 1 --hash 0 > "$out" &
    pid=$!
    for ((i = 0; i < 200; i++)); do
        [ -s "$out" ] && break
        sleep 0.05
    done
    local first_seen_running=no
    kill -0 "$pid" 2> /dev/null && [ -s "$out" ] && first_seen_running=yes
    kill "$pid" 2> /dev/null
    wait "$pid" || true
    assert_equal "$first_seen_running" yes
    assert_equal "$(head -n 1 "$out")" "9-13: 68552639"
}

@test "a long count shows its progress on standard error when it is a terminal, and not otherwise" {
    command -v script > /dev/null || fail "script (util-linux) is needed for a terminal"
    run script -qec "$(printf '%q' "$BUILD/reference") perft $START 12 --threads 1 --hash 0 > /dev/null" /dev/null
    assert_success
    assert_output --regexp 'perft 12: [0-9]+/[0-9]+ jobs, [0-9.]+ M leaves/s, [0-9.]+ s'
    run --separate-stderr perft "$START" 11 --threads 1 --hash 0
    assert_equal "$stderr" ""
}

@test "perft at depth 0 is 1, and a side with no move has none deeper" {
    run perft "$START" 0
    assert_output "perft 0: 1"
    run perft W:W5:B1 3
    assert_output "perft 3: 0"
    run perft W:W5:B1 3 --divide
    assert_output "perft 3: 0"
}

@test "every capture path counts: both ways round a king's circuit" {
    run perft W:WK13:B9,10,17,18 1 --divide
    assert_output $'13x6x15x22x13: 1\n13x22x15x6x13: 1\nperft 1: 2'
    run perft W:WK13:B9,10,17,18 1 --hash 0
    assert_output 'perft 1: 2'
}

@test "the depth is read as a number: every depth perft will not run is refused, naming it" {
    local depth
    for depth in 5000 330 4294967299 400 65 -1 x '' 1.5 +3 ' 5'; do
        run --separate-stderr perft B:W:B "$depth"
        assert_equal "$status" 2
        assert_equal "$output" ""
        assert_equal "$stderr" "reference: depth: \"$depth\" is not a depth: a whole number 0-64"
    done
    run perft B:W:B 64
    assert_success
    assert_output 'perft 64: 0'
}

@test "a bad FEN, a missing DEPTH and the challenge's options are refused with exit 2" {
    run --separate-stderr perft B:W5:B5 1
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: fen, column 7: square 5 is both white and black'
    run --separate-stderr perft "$START"
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: perft takes two arguments, FEN and DEPTH (try --help)'
    run --separate-stderr "$BUILD/reference" --show perft "$START" 1
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --show is for moves and game, not perft'
    run --separate-stderr perft "$START" 1 --threads 0
    assert_equal "$status" 2
    run --separate-stderr perft "$START" 1 --hash lots
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --hash: "lots" is not a whole number 0-1048576'
}

@test "no table, a table of one entry (every position collides), and 1-3 threads count the same" {
    local args
    for args in "--hash 0 --threads 1" "--hash-entries 1 --threads 1" "--hash-entries 1 --threads 2" \
        "--hash-entries 2 --threads 3" "--hash 1 --threads 2" "--threads 2"; do
        # shellcheck disable=SC2086 # args: several options
        run perft "$START" 10 $args
        assert_output "perft 10: 18391564"
    done
    run perft "$START" 11 --hash-entries 1 --threads 2
    assert_output "perft 11: 85242128"
}

@test "--stats names the table, the threads, the time and the rate before the count" {
    run perft "$START" 10 --hash 1 --threads 2 --stats
    assert_success
    assert_line --index 0 --regexp '^table 1 MiB, threads 2, [0-9.]+ s, [0-9.]+ M leaves/s; cpu [0-9.]+ s, [0-9.]+ M leaves/s$'
    assert_line --index 1 'perft 10: 18391564'
    # a shallow count's table is only as big as it can fill
    run perft "$START" 9 --stats
    assert_line --index 0 --regexp '^table 512 KiB, threads [0-9]+, '
    run perft "$START" 3 --hash 0 --threads 1 --stats
    assert_line --index 0 --regexp '^table none, threads 1, '
}

@test "perft reads a FEN as moves does: a trailing dot, lowercase letters, fields past the colour fields" {
    run --separate-stderr perft 'B:W21-32:B1-12.' 2
    assert_success
    assert_output 'perft 2: 49'
    run --separate-stderr perft 'b:w21-32:b1-12' 2
    assert_success
    assert_output 'perft 2: 49'
    run --separate-stderr perft 'B:W21-32:B1-12:H0:F1' 1
    assert_success
    assert_output 'perft 1: 7'
    assert_equal "$stderr" 'reference: fen: ignored ":H0:F1": fields past the two colour fields'
    run --separate-stderr perft 2 <<< $' b:W21-32:B1-12.\r'
    assert_success
    assert_output 'perft 2: 49'
}

@test "a failed read of the lines is exit 1, named, as for the other commands" {
    run --separate-stderr perft 2 < /
    assert_equal "$status" 1
    assert_equal "$stderr" 'reference: reading input: Is a directory'
    run --separate-stderr perft --sum < /
    assert_equal "$status" 1
    assert_output ''
}

@test "FENs over standard input: one answer a line, errors as error, blank and # lines skipped" {
    run --separate-stderr perft 3 <<< $'B:W21-32:B1-12\n# a comment\n\nB:W5:B5\nW:W5:B1 2\nB:W21-32:B1-12 4 3'
    assert_equal "$status" 2
    assert_equal "$output" $'perft 3: 302\nerror\nperft 2: 0\nperft 4 x 3: 4407'
    assert_equal "$stderr" 'reference: fen, column 7: square 5 is both white and black'
}

@test "counts are exact past 2^64: a job's paths multiply, and --sum adds, in 128 bits" {
    run perft <<< "$START 1 18446744073709551615"
    assert_success
    assert_output "perft 1 x 18446744073709551615: 129127208515966861305"
    run perft --sum <<< $'perft 29: 18446744073709551615\n1\n'
    assert_success
    assert_output "sum: 18446744073709551616"
}

@test "perft(11) split at 3 plies: the jobs, run apart and summed, give the published count" {
    local jobs="$BATS_TEST_TMPDIR/jobs"
    run perft "$START" 11 --split 3
    assert_success
    printf '%s\n' "$output" > "$jobs"
    # each line FEN 8 PATHS; the paths add up to perft(3)
    assert_equal "$(awk '$2 != 8 { bad++ } { s += $3 } END { print s + bad * 1000000 }' "$jobs")" 302
    [ "${#lines[@]}" -lt 302 ] || fail "no transposition merged: ${#lines[@]} jobs"
    # one process for all of them
    run bash -c '"$1" perft < "$2" | "$1" perft --sum' _ "$BUILD/reference" "$jobs"
    assert_output "sum: ${PUBLISHED[10]}"
    # 40 jobs a process, two processes at a time, as GNU parallel runs them on hosts
    command -v parallel > /dev/null || fail "GNU parallel is needed (package parallel)"
    run bash -c 'parallel -j 2 -q --pipe -N 40 "$1" perft --threads 1 --hash 16 < "$2" | "$1" perft --sum' _ \
        "$BUILD/reference" "$jobs"
    assert_output "sum: ${PUBLISHED[10]}"
}

@test "the fast generator lists and counts what the readable one does, node by node, on random positions" {
    run "$BUILD/movegen" fast 5000 1 4
    assert_success
    assert_output --regexp '^movegen fast: 5000 positions to depth 4, [0-9]+ leaves, [0-9]+ root moves \([0-9]+ captures\), 0 mismatches$'
    run "$BUILD/movegen" fast 100000 2 1
    assert_success
    assert_output --regexp '^movegen fast: 100000 positions to depth 1, .* 0 mismatches$'
}

# planted NAME FILE SEARCH REPLACE: movegen with a bug planted in
# reference/FILE (fastgen.c or table.c; planted_movegen); its run -> $output.
planted() {
    planted_movegen "$@"
    run "$BATS_TEST_TMPDIR/$1/movegen" fast 1000 1 4
}

@test "a black man that may jump backward in the fast list is caught" {
    planted backward fastgen.c 'if (!l->king && (d < 2) != l->white)' 'if (!l->king && (d < 2) != l->white && l->white)'
    assert_failure 1
    assert_line --index 0 --regexp '^mismatch below .*: the (fast|readable) generator lists [0-9x]+, the (readable|fast) one does not$'
}

@test "a king's circuit back to its start missing from the fast count is caught" {
    planted circuit fastgen.c 'c.empty = empty | c.from;' 'c.empty = empty;'
    assert_failure 1
    assert_line --index 0 --regexp 'the readable generator lists [0-9]+ moves, the fast one counts [0-9]+$'
}

@test "a man's chain cut after one jump at the last ply is caught" {
    planted chain fastgen.c '    if (on0)' '    if (0)'
    assert_failure 1
}

# An 8-bit key: over the thousands of positions the one entry sees, a key
# of any length short of the position collides somewhere; 8 bits make sure.
@test "a table that keys on a hash alone is caught by the one-entry table" {
    planted hashkey table.c '|| s != sides || k != kings)' '|| slot(&(perft_table){NULL, 0xFF}, s, k) != slot(&(perft_table){NULL, 0xFF}, sides, kings))'
    assert_failure 1
    assert_output --regexp 'fast with a (1-entry|small) table'
}

