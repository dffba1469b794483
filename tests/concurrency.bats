#!/usr/bin/env bats
# Many at once in one checkout: judges of right and wrong candidates started
# together on a fresh copy give the verdicts each gives alone, and a build
# killed at random points leaves nothing half-made that the next judge
# trusts.  The compiler here is gcc whose output reaches its -o file in
# place over 0.4 s (slowcc below), as a big link on a busy disk does: the
# window in which a make that writes in place shows half a file is then
# wide enough to be hit every round, not one round in two.
#
# CONCURRENCY_PLANT=old-writes puts back the old in-place writes and drops
# the build lock (make atomic= build_lock=): every test here must then fail.
# CONCURRENCY_ROUNDS (2) sets the rounds of judges.  Slow (minutes): make
# test-long.

bats_require_minimum_version 1.7.0
load test_helper

ROUNDS=${CONCURRENCY_ROUNDS:-2}
OLD=()
[ "${CONCURRENCY_PLANT:-}" != old-writes ] || OLD=(atomic= build_lock=)
# A judge of every step, made small: two matrix builds, the proof of one
# start on them, 10^5 positions.
KNOBS=(CC=slowcc GOLF_MATRIX="gcc:-O2 clang-19:-O2" SITE_GCCS= PROVE_UBSAN=gcc:-O2 PROVE_UBSAN_POSITIONS=10000
    JUDGE_POSITIONS=100000 PROVE_ARGS="--starts 32")

setup() {
    # A newcomer's make in each copy: its own build tree, not this run's.
    unset BUILD CC GOLF_MATRIX CFLAGS MAKEFLAGS MAKELEVEL MFLAGS
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    cat > "$BATS_TEST_TMPDIR/bin/slowcc" << 'EOF'
#!/usr/bin/env bash
# gcc, whose output is written in place, half of it, then 0.4 s later the rest.
out= prev=
for a; do [ "$prev" = -o ] && out=$a; prev=$a; done
[ -n "$out" ] || exec gcc "$@"
args=() prev=
for a; do if [ "$prev" = -o ]; then args+=("$out.whole"); else args+=("$a"); fi; prev=$a; done
gcc "${args[@]}" || exit
n=$(($(wc -c < "$out.whole") / 2))
{ head -c "$n" "$out.whole"; sleep 0.4; tail -c +$((n + 1)) "$out.whole"; } > "$out"
chmod --reference="$out.whole" "$out"
rm -f "$out.whole"
EOF
    chmod +x "$BATS_TEST_TMPDIR/bin/slowcc"
    export PATH="$BATS_TEST_TMPDIR/bin:$PATH"
}

# fresh_copy DIR: the checkout's files in DIR (as a fresh clone), with the
# candidates: right.c (the golf's bytes) in c1/ and c2/, and wrong.c in c3/
# (golfer.tsv's wrong-357: right on the table, wrong off it).
fresh_copy() {
    copy_checkout "$1"
    mkdir -p "$1/c1" "$1/c2" "$1/c3"
    cp "$ROOT/golf/checkers.c" "$1/c1/right.c"
    cp "$ROOT/golf/checkers.c" "$1/c2/right.c"
    apply_row "$ROOT/tests/fixtures/golfer.tsv" wrong-357 "$1/c3/wrong.c"
    [ "$count" -eq 1 ] || fail "golfer.tsv's wrong-357 does not apply to golf/checkers.c"
}

# judge_all DIR GOLF...: make judge of each GOLF, all started together in
# DIR; DIR/judge.N.log and DIR/judge.N.status for the Nth.
judge_all() {
    local dir=$1 n=0 golf
    shift
    for golf; do
        n=$((n + 1))
        (set +e; cd "$dir" && make judge GOLF="$golf" "${KNOBS[@]}" "${OLD[@]}" > "judge.$n.log" 2>&1; echo $? > "judge.$n.status") &
    done
    wait
}

# verdict DIR N GOLF STATUS TAIL: the Nth judge of GOLF exited STATUS and
# its closing line ends with TAIL (then its time).
verdict() {
    local line
    line=$(tail -n 2 "$1/judge.$2.log" | grep -a "^$3: " | tail -n 1)
    [ "$(cat "$1/judge.$2.status")" = "$4" ] && [[ $line == *"; $5"*" s)" ]] ||
        { echo "judge $2 of $3 exited $(cat "$1/judge.$2.status"), not $4:" >&2; tail -n 15 "$1/judge.$2.log" >&2; return 1; }
}

@test "judges of right and wrong candidates started together on a fresh copy give the verdicts each gives alone, every round" {
    local round dir bad=0
    for ((round = 1; round <= ROUNDS; round++)); do
        dir="$BATS_TEST_TMPDIR/round $round"
        fresh_copy "$dir"
        # Two right candidates, one of them twice (the same file at once), and a wrong one.
        judge_all "$dir" c1/right.c c2/right.c c1/right.c c3/wrong.c
        verdict "$dir" 1 c1/right.c 0 "proved on every valid input" || bad=$((bad + 1))
        verdict "$dir" 2 c2/right.c 0 "proved on every valid input" || bad=$((bad + 1))
        verdict "$dir" 3 c1/right.c 0 "proved on every valid input" || bad=$((bad + 1))
        verdict "$dir" 4 c3/wrong.c 2 "differential: wrong (above)" || bad=$((bad + 1))
        echo "# round $round: $bad wrong verdicts so far" >&3
        # No judge left a log folder behind, nor a program a temporary.
        run find "$dir/build" -name 'judge.run.*' -o -name '*.tmp.*'
        assert_output ""
    done
    [ "$bad" -eq 0 ] || fail "$bad of $((4 * ROUNDS)) verdicts were not the ones given alone"
}

@test "a build killed at random points leaves nothing half-made: the next judge is right" {
    local dir="$BATS_TEST_TMPDIR/killed" i pid signal
    fresh_copy "$dir"
    for i in 1 2 3 4 5; do
        # SIGKILL to the whole build (a closed terminal, an OOM kill): no
        # make is left to clean up after it; SIGINT (Ctrl-C): make does.
        signal=KILL
        [ $((i % 3)) -ne 0 ] || signal=INT
        (cd "$dir" && exec setsid make build "${KNOBS[@]}" "${OLD[@]}" > "build.$i.log" 2>&1) &
        pid=$!
        sleep "$((RANDOM % 6 + 1)).$((RANDOM % 10))"
        kill -s "$signal" -- "-$pid" 2> /dev/null || true
        wait "$pid" || true
    done
    judge_all "$dir" golf/checkers.c
    verdict "$dir" 1 golf/checkers.c 0 "proved on every valid input"
}
