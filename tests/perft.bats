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
    assert_equal "$stderr" 'reference: perft takes two arguments, FEN and DEPTH (try reference perft --help)'
    run --separate-stderr "$BUILD/reference" --show perft "$START" 1
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --show is for moves and game, not perft (try reference perft --help)'
    run --separate-stderr perft "$START" 1 --threads 0
    assert_equal "$status" 2
    run --separate-stderr perft "$START" 1 --hash lots
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --hash: "lots" is not a whole number 0-1048576'
    run --separate-stderr perft "$START" 1 --threads -1
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --threads: "-1" is not a whole number 1-1024'
    run --separate-stderr perft "$START" 1 --hash
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --hash needs a value (try reference perft --help)'
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
    assert_line --index 0 --regexp '^table 1 MiB, threads 2, [0-9.]+ s, [0-9.]+ M leaves/s; cpu [0-9.]+ s, [0-9.]+ M leaves/s; probes [0-9]+, hits [0-9]+ \([0-9.]+%\), stores [0-9]+$'
    assert_line --index 1 'perft 10: 18391564'
    # a shallow count's table is only as big as it can fill, and says so
    run perft "$START" 9 --stats
    assert_line --index 0 --regexp '^table 512 KiB \(of 256 MiB asked: a perft 9 fills no more\), threads [0-9]+, '
    run perft "$START" 12 --stats --hash 2048 --threads 2
    assert_line --index 0 --regexp '^table 32 MiB \(of 2048 MiB asked: a perft 12 fills no more\), threads 2, '
    assert_line --index 1 "perft 12: ${PUBLISHED[11]}"
    run perft "$START" 5 --stats
    assert_line --index 0 --regexp '^table none \(a perft 5 is quick without one\), '
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
    assert_equal "$stderr" 'line 4: fen, column 7: square 5 is both white and black'
}

@test "a batch line's faults name the line; a first field N/OF is a job of a split; --stats and the table per line" {
    local job
    job=$(perft "$START" 5 --split 2 | sed -n 2p)
    run --separate-stderr perft <<< $'# jobs\nB:W21-32:B1-12\nx/2 B:W21-32:B1-12 3 1\nB:W21-32:B1-12 3 1 2 3\nB:W21-32:B1-12 65\n2/2 B:W21-32:B1-12 3 2\n'"$job"
    assert_equal "$status" 2
    assert_equal "$output" $'error\nerror\nerror\nerror\nerror\n'"$(perft < <(echo "$job"))"
    assert_line --index 5 --regexp '^2/49 perft 3 x 1: 14 in perft 5 B:W21,.*:B1,.* split 2 fastgen 1 crc [0-9a-f]{8}$'
    assert_equal "$stderr" "line 2: no DEPTH: give one on the line (FEN DEPTH) or as perft's argument
line 3: job: \"x/2 B:W21-32:B1-12 3...\" is not a job as --split writes it (no check at its end (\" crc \" and 8 hex digits): cut short, or not a line a run writes)
line 4: a line is FEN, FEN DEPTH, FEN DEPTH PATHS or a job N/OF FEN DEPTH PATHS in RUN crc C, not 5 fields
line 5: depth: \"65\" is not a depth: a whole number 0-64
line 6: job: \"2/2 B:W21-32:B1-12 3...\" is not a job as --split writes it (no check at its end (\" crc \" and 8 hex digits): cut short, or not a line a run writes)"
    # each line its --stats, its table as big as its depth can fill
    run perft --stats <<< $'B:W21-32:B1-12 9\nB:W21-32:B1-12 12'
    assert_success
    assert_line --index 0 --regexp '^table 512 KiB \(of 256 MiB asked: a perft 9 fills no more\), '
    assert_line --index 1 'perft 9: 3963680'
    assert_line --index 2 --regexp '^table 32 MiB \(of 256 MiB asked: a perft 12 fills no more\), '
    assert_line --index 3 'perft 12: 388623673'
}

@test "counts are exact past 2^64: a job's paths multiply, and --sum adds, in 128 bits" {
    run perft <<< "$START 1 18446744073709551615"
    assert_success
    assert_output "perft 1 x 18446744073709551615: 129127208515966861305"
    # two kings' perft 40 split at 2 plies: each job's result past 2^64, and their sum
    run bash -c '"$1" perft B:WK32:BK1 40 --split 2 | "$1" perft | "$1" perft --sum' _ "$BUILD/reference"
    assert_success
    assert_output "sum: 56080557870304998522 in perft 40 B:WK32:BK1 split 2 fastgen 1"
    run perft B:WK32:BK1 40
    assert_output "perft 40: 56080557870304998522"
}

# Two kings: few positions, counts past 2^64 from depth 40.  The table keeps
# every count (a wide one in a bucket's two entries), so depth 64 is about
# 120,000 positions' worth of work; a table that kept counts under 2^64
# only took 3x longer a ply past depth 52 (days at 64).  The count is held
# to an independent one: kings on (row, column) squares, in Python's
# integers, memoized.
@test "a count past 2^64 is tabled: perft of two kings at depth 64 within a minute, equal to an independent count" {
    run timeout 60 "$BUILD/reference" perft B:WK32:BK1 64
    assert_success
    local expected
    expected=$(python3 - 64 << 'EOF'
import sys
from functools import lru_cache
def rc(n): r = (n - 1) // 4; return r, 2 * ((n - 1) % 4) + (r + 1) % 2  # square n's row and column
square = {rc(n): n for n in range(1, 33)}
def near(n, dr, dc): r, c = rc(n); return square.get((r + dr, c + dc))
DIRS = [(dr, dc) for dr in (-1, 1) for dc in (-1, 1)]
@lru_cache(maxsize=None)
def count(mover, other, depth):  # kings on mover's and other's squares (None: taken), mover to move
    if depth == 0: return 1
    if mover is None: return 0
    jumps = [near(other, dr, dc) for dr, dc in DIRS if near(mover, dr, dc) == other and near(other, dr, dc)]
    if jumps: return sum(count(None, j, depth - 1) for j in jumps)  # capture is mandatory
    return sum(count(other, s, depth - 1) for dr, dc in DIRS if (s := near(mover, dr, dc)) and s != other)
print(count(1, 32, int(sys.argv[1])))
EOF
    )
    assert_output "perft 64: $expected"
    [ "${#expected}" -gt 20 ] || fail "not past 2^64: $expected"
}

@test "perft(11) split at 3 plies: the jobs, run apart and summed, give the published count" {
    local jobs="$BATS_TEST_TMPDIR/jobs"
    run perft "$START" 11 --split 3
    assert_success
    printf '%s\n' "$output" > "$jobs"
    # each line N/OF FEN 8 PATHS, numbered 1..OF; the paths add up to perft(3)
    assert_equal "$(awk '$1 != NR "/" 216 || $3 != 8 { bad++ } { s += $4 } END { print s + bad * 1000000 }' "$jobs")" 302
    [ "${#lines[@]}" -lt 302 ] || fail "no transposition merged: ${#lines[@]} jobs"
    # one process for all of them
    run bash -c '"$1" perft < "$2" | "$1" perft --sum' _ "$BUILD/reference" "$jobs"
    assert_output "sum: ${PUBLISHED[10]} in perft 11 B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 split 3 fastgen 1"
    # 40 jobs a process, two processes at a time, as GNU parallel runs them on hosts
    command -v parallel > /dev/null || fail "GNU parallel is needed (package parallel)"
    # (PARALLEL_HOME: parallel's own files in the test's folder, not in ~)
    run env PARALLEL_HOME="$BATS_TEST_TMPDIR/parallel-home" bash -c \
        'parallel -j 2 -q --pipe -N 40 "$1" perft --threads 1 --hash 16 < "$2" | "$1" perft --sum' _ \
        "$BUILD/reference" "$jobs"
    assert_output --regexp "^sum: ${PUBLISHED[10]} in perft 11 "
}

@test "--split streams past its window: jobs merged within windows, numbered in order, and the same sum" {
    # a copy of the reference whose split holds 1024 jobs, not 2^20: perft_split.c
    # built again, linked with this build's other objects
    local dir="$BATS_TEST_TMPDIR/window" objects=() f
    mkdir -p "$dir"
    for f in "$ROOT"/reference/*.c; do
        f=${f##*/}
        [ "$f" = perft_split.c ] || objects+=("$BUILD/${f%.c}.o")
    done
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 -O1 -pthread $SAN -DSPLIT_WINDOW_JOBS=1024 -o "$dir/reference" "$ROOT/reference/perft_split.c" \
        "${objects[@]}"
    "$dir/reference" perft "$START" 9 --split 5 > "$dir/jobs"
    local n merged
    n=$(wc -l < "$dir/jobs")
    merged=$(perft "$START" 9 --split 5 | wc -l)
    # more jobs than when all are merged (a position in two windows is two jobs), numbered 1..n of n
    [ "$n" -gt "$merged" ] || fail "$n jobs streamed, $merged merged: no window was flushed"
    assert_equal "$(awk -v n="$n" '$1 != NR "/" n { bad++ } END { print bad + 0 }' "$dir/jobs")" 0
    run bash -c '"$1" perft --threads 1 < "$2" | "$1" perft --sum' _ "$BUILD/reference" "$dir/jobs"
    assert_output --regexp "^sum: ${PUBLISHED[8]} in perft 9 B:W.* split 5 fastgen 1$"
    # the same run's jobs numbered both ways are not added together: their job totals differ
    run --separate-stderr bash -c '{ head -n 1 "$2"; "$1" perft "$3" 9 --split 5 | head -n 1; } | "$1" perft --threads 1 | "$1" perft --sum' \
        _ "$BUILD/reference" "$dir/jobs" "$START"
    assert_equal "$stderr" "reference: --sum: line 2 is a job of $merged, line 1 of $n"
}

@test "each result names its job; --sum names a missing or repeated job and refuses what is no result" {
    local jobs="$BATS_TEST_TMPDIR/jobs" results="$BATS_TEST_TMPDIR/results"
    perft "$START" 9 --split 2 > "$jobs"
    perft --threads 1 < "$jobs" > "$results"
    assert_equal "$(wc -l < "$jobs")" 49
    # job 1's result is its tree times its paths, named by its id
    local fen paths run
    read -r _ fen _ paths _ < "$jobs"
    run=$(head -n 1 "$jobs" | sed 's/.* in \(.*\) crc .*/\1/')
    assert_equal "$run" "perft 9 B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 split 2 fastgen 1"
    assert_regex "$(head -n 1 "$results")" "^1/49 perft 7 x $paths: $(($(perft "$fen" 7 | cut -d ' ' -f 3) * paths)) in $run crc [0-9a-f]{8}\$"
    run perft --sum < "$results"
    assert_success
    assert_output "sum: ${PUBLISHED[8]} in $run"
    # a lost task
    run --separate-stderr perft --sum < <(sed 5d "$results")
    assert_equal "$status" 2
    assert_equal "$output" ""
    assert_equal "$stderr" $'reference: --sum: job 5/49 has no result\nreference: --sum: 1 of 49 jobs missing: no sum (rerun them alone)'
    # a task run twice
    run --separate-stderr perft --sum < <(sed 5p "$results")
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: --sum: job 5/49 has more than one result (again on line 6): no sum'
    # repeats: the first line that repeats a job is named, whatever the jobs' order
    run --separate-stderr perft --sum < <(cat <(sed -n 9p "$results") "$results" <(sed -n 3p "$results"))
    assert_equal "$stderr" 'reference: --sum: job 9/49 has more than one result (again on line 10): no sum'
    # gaps: the first ten missing jobs named in order across them, then how many more
    run --separate-stderr perft --sum < <(sed '2d;4,6d;10,20d;49d' "$results")
    assert_equal "$stderr" "$(printf 'reference: --sum: job %s/49 has no result\n' 2 4 5 6 10 11 12 13 14 15)"$'\nreference: --sum: and 6 more jobs have no result\nreference: --sum: 16 of 49 jobs missing: no sum (rerun them alone)'
    # what is not a result: a negative count, words, its own sum, an error, a result of no split
    local line
    for line in 'perft 3: -5' 'foo 12' 'sum: 302' 'error' 'perft 3: 302 extra' '0/49 perft 7 x 1: 1' 'perft 3: 302'; do
        run --separate-stderr perft --sum < <(cat "$results"; echo "$line")
        assert_equal "$status" 2
        assert_equal "$stderr" "reference: --sum: line 50 is not a result: \"$line\" (no check at its end (\" crc \" and 8 hex digits): cut short, or not a line a run writes)"
    done
    # results of two splits of one run with other job totals are not added together
    run --separate-stderr perft --sum < <(cat "$results"; perft "$START" 9 --split 3 | head -n 1 | perft --threads 1)
    assert_equal "$stderr" "reference: --sum: line 50 is of another run: \"${run/split 2/split 3}\", line 1 of \"$run\""
}

@test "--after plays moves before counting; with --divide it drills down one move" {
    # the count below 10-14 in a --divide is the count after it
    local below first
    below=$(perft "$START" 5 --divide | sed -n 's/^10-14: //p')
    [ -n "$below" ] || fail "no 10-14 in the divide"
    run perft "$START" 4 --after 10-14 --divide
    assert_success
    assert_line --index 7 "perft 4: $below"
    # one level further down: the first line of that divide
    first=${lines[0]}
    run perft "$START" 3 --after "10-14 ${first%%:*}"
    assert_output "perft 3: ${first#*: }"
    # the game command reads the same moves to the same position
    local fen
    fen=$("$BUILD/reference" game <<< $'B:W21-32:B1-12\t10-14 '"${first%%:*}" | cut -f 2)
    run perft "$fen" 3
    assert_output "perft 3: ${first#*: }"
    run --separate-stderr perft "$START" 3 --after "10-14 22-19"
    assert_equal "$status" 2
    assert_regex "$stderr" '^reference: --after, move 2 "22-19": '
}

@test "a range of depths gives one line a depth: count, seconds, leaves a second" {
    run perft "$START" 1-11
    assert_success
    assert_equal "${#lines[@]}" 11
    local depth
    for depth in 1 2 3 4 5 6 7 8 9 10 11; do
        assert_line --index $((depth - 1)) --regexp "^perft +$depth: +${PUBLISHED[depth - 1]} +[0-9]+\.[0-9]{3} s +[0-9]+\.[0-9] M leaves/s$"
    done
    run --separate-stderr perft "$START" 5-3
    assert_equal "$status" 2
    assert_equal "$stderr" 'reference: depths 5-3: the first is deeper than the last'
}

@test "--suite checks a file of positions against their expected counts, naming each mismatch" {
    local suite="$BATS_TEST_TMPDIR/suite"
    printf '%s\n' '# from the start, and a king circuit' "$START ;D1 7 ;D2 49 ;D9 3963680" \
        'W:WK13:B9,10,17,18 ;D1 2 ;D2 0' > "$suite"
    run perft --suite "$suite"
    assert_success
    assert_line --index 0 'ok line 2 depth 1: 7'
    assert_line --index 2 'ok line 2 depth 9: 3963680'
    assert_line --index 3 'ok line 3 depth 1: 2'
    assert_line --index 5 --regexp '^suite: 2 positions, 5 counts, 0 mismatches, 0 bad lines, '
    # a wrong count is named with its line, expected and got
    printf '%s\n' "$START ;D5 7362" 'B:W5:B5 ;D1 1' "$START ;D2" >> "$suite"
    run --separate-stderr perft --suite "$suite"
    assert_equal "$status" 1
    assert_line 'MISMATCH line 4 depth 5: expected 7362, got 7361'
    assert_line 'error line 5'
    assert_line 'error line 6'
    assert_line --regexp '^suite: 3 positions, 6 counts, 1 mismatches, 2 bad lines, '
    assert_equal "$stderr" "reference: --suite $suite, line 5: fen, column 7: square 5 is both white and black
reference: --suite $suite, line 6: suite, column 17: \"D2\" is not \"D<depth> <count>\" (depth 0-64)"
}

@test "--suite reads a regular file with a position at least, and --stats gives each count its line" {
    local d="$BATS_TEST_TMPDIR"
    # no file of positions is no pass: a directory, a FIFO (not waited on), a device, an empty file
    run --separate-stderr perft --suite "$d"
    assert_equal "$status" 2
    assert_equal "$stderr" "reference: --suite $d: Is a directory"
    mkfifo "$d/fifo"
    run --separate-stderr timeout 10 "$BUILD/reference" perft --suite "$d/fifo"
    assert_equal "$status" 2
    assert_equal "$stderr" "reference: --suite $d/fifo: a FIFO, not a regular file: a suite is a file of positions"
    run --separate-stderr perft --suite /dev/null
    assert_equal "$status" 2
    assert_equal "$stderr" "reference: --suite /dev/null: a device, not a regular file: a suite is a file of positions"
    local text
    for text in '' $'# no position yet\n\n'; do
        printf '%s' "$text" > "$d/empty"
        run --separate-stderr perft --suite "$d/empty"
        assert_equal "$status" 2
        assert_equal "$output" ""
        assert_equal "$stderr" "reference: --suite $d/empty: no positions (the file is empty, or blank and # lines): nothing checked"
    done
    # --stats: a line before each count, as for any count
    printf '%s\n' "$START ;D1 7 ;D9 3963680" > "$d/suite"
    run perft --suite "$d/suite" --stats --threads 2
    assert_success
    assert_line --index 0 --regexp '^table none \(a perft 1 is quick without one\), threads 2, [0-9.]+ s, '
    assert_line --index 1 'ok line 1 depth 1: 7'
    assert_line --index 2 --regexp '^table 512 KiB \(of 256 MiB asked: a perft 9 fills no more\), threads 2, [0-9.]+ s, .*; probes [0-9]+, '
    assert_line --index 3 'ok line 1 depth 9: 3963680'
    assert_line --index 4 --regexp '^suite: 1 positions, 2 counts, 0 mismatches, 0 bad lines, [0-9.]+ s$'
}

@test "--journal records each finished job; an interrupted count resumes and gives the same count" {
    local journal="$BATS_TEST_TMPDIR/journal" pid i
    "$BUILD/reference" perft "$START" 13 --threads 1 --journal "$journal" > /dev/null 2>&1 &
    pid=$!
    for ((i = 0; i < 400; i++)); do
        [ "$(wc -l < "$journal" 2> /dev/null || echo 0)" -gt 20 ] && break
        sleep 0.05
    done
    kill -KILL "$pid" # as a crash or a lost node would (a background job ignores SIGINT)
    wait "$pid" || true
    local done_before
    done_before=$(($(wc -l < "$journal") - 1))
    [ "$done_before" -gt 20 ] && [ "$done_before" -lt 2733 ] || fail "$done_before jobs in the journal: not interrupted"
    assert_regex "$(head -n 1 "$journal")" "^# journal of perft 13 B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 split 5 fastgen 1, 2733 jobs crc [0-9a-f]{8}\$"
    # a line cut short by the kill is dropped, not misread
    printf '9/2733 perft 8 x 1' >> "$journal"
    run --separate-stderr perft "$START" 13 --threads 2 --journal "$journal"
    assert_success
    assert_output "perft 13: 1766623630"
    assert_regex "$stderr" "^reference: journal .*: line $((done_before + 2)) was cut short \(no newline\), as by a crash: dropped, its job counted again
reference: journal .*: $done_before of 2733 jobs resumed\$"
    # another count's journal is refused
    run --separate-stderr perft "$START" 12 --journal "$journal"
    assert_equal "$status" 1
    assert_regex "$stderr" 'is of another count'
}

@test "--progress writes lines on a pipe or a file at a bounded rate, with the time left" {
    run --separate-stderr perft "$START" 12 --threads 1 --hash 0 --progress
    assert_success
    assert_output "perft 12: ${PUBLISHED[11]}"
    [ -n "$stderr" ] || fail "no progress line"
    local n
    n=$(grep -c . <<< "$stderr")
    # after 1 s, 2 s, 4 s, 8 s ...: a few lines, never one a quarter second
    grep -Eq '^perft 12: [0-9]+/[0-9]+ jobs, [0-9.]+ M leaves/s, [0-9.]+ s, about [0-9]+ s left$' <<< "$stderr" ||
        fail "no line with the time left: $stderr"
    [ "$n" -le 8 ] || fail "$n progress lines"
    [[ $stderr != *$'\r'* ]] || fail "a carriage return in the lines"
}

@test "--nobulk plays every move of the last ply and counts the same" {
    run perft "$START" 9 --nobulk --threads 2
    assert_output "perft 9: ${PUBLISHED[8]}"
    run perft W:WK13:B9,10,17,18 3 --nobulk
    assert_output "$(perft W:WK13:B9,10,17,18 3)"
}

@test "perft --help names every option" {
    run perft --help
    assert_success
    local option
    for option in --divide --after --hash --hash-entries --threads --stats --split --sum --suite --journal --progress --nobulk; do
        assert_output --partial -- "$option"
    done
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
    planted hashkey table.c '|| s != sides || (k & ~HALF_BITS) != kings)' '|| slot(&(perft_table){.mask = 0xFF}, s, k & ~HALF_BITS) != slot(&(perft_table){.mask = 0xFF}, sides, kings))'
    assert_failure 1
    assert_output --regexp 'fast with a (1-entry|small) table'
}

