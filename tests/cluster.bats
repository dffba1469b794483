#!/usr/bin/env bats
# perft's split run on real distributed runners (reference/README.md, "A
# deep perft on many machines"): a single-node Slurm that the test starts
# (munged, slurmctld, slurmd on 127.0.0.1) runs the jobs as a job array, and
# GNU parallel runs them through a real sshd on two loopback addresses, as
# on two hosts.  tests/tools/cluster starts the daemons in the build tree
# and stops them after, also when a test fails.  Part of make test-long
# (make test-cluster alone); root only, minutes.

bats_require_minimum_version 1.7.0
load test_helper

START="B:W21-32:B1-12"
PERFT_14=7978439499 # OEIS A133046, Aart Bik's table
RUN_14="perft 14 B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 split 4 fastgen 1"

setup() {
    [ "$(id -u)" -eq 0 ] || fail "the cluster tests run as root (make test-cluster)"
    work="$BATS_TEST_TMPDIR/work"
    mkdir -p "$work"
    "$BUILD/reference" perft "$START" 14 --split 4 > "$work/jobs" || fail "perft --split failed"
}

@test "perft(14), split at 4 plies, run as a Slurm job array of 8 tasks, sums to the published count" {
    local tasks=8
    # Each task takes every 8th job line; the script's paths are quoted as
    # the shell reads them, so a checkout path with a space works.
    {
        echo '#!/bin/bash'
        printf 'awk -v t="$SLURM_ARRAY_TASK_ID" -v n=%d %q %q |\n' "$tasks" '(NR - 1) % n == t - 1' "$work/jobs"
        printf '  %q perft --threads 1 --hash 16 > %q.$SLURM_ARRAY_TASK_ID\n' "$BUILD/reference" "$work/result"
    } > "$work/task.sh"
    # Slurm's own folder near the build tree's top: slurmstepd binds a socket
    # in its spool, and a Unix socket's path has at most 107 bytes (the
    # test's own folder is some 60 bytes deeper); kept after a failure.
    local slurm
    slurm=$(mktemp -d "$BUILD/slurm.XXXXXX") || fail "no folder for Slurm in the build tree"
    # shellcheck disable=SC2016 # expanded by the shell that cluster runs
    run --separate-stderr timeout 600 "$ROOT/tests/tools/cluster" slurm "$slurm" bash -c '
        sbatch --wait --array=1-"$1" --chdir="$2" --output="$2/task.%a.log" --job-name=perft "$2/task.sh" &&
        squeue -h | wc -l' _ "$tasks" "$work"
    echo "# $output" >&3
    [ "$status" -eq 0 ] || { echo "$stderr"; tail -n 20 "$slurm"/log/*; fail "the Slurm run failed ($status)"; }
    assert_line --index 0 --regexp '^Submitted batch job [0-9]+$'
    assert_line --index 1 0 # the queue is empty: every task ran
    # every task wrote its share, and its log is empty (no error)
    local t
    for ((t = 1; t <= tasks; t++)); do
        [ -s "$work/result.$t" ] || fail "task $t wrote no result"
        [ ! -s "$work/task.$t.log" ] || fail "task $t: $(cat "$work/task.$t.log")"
    done
    # the controller's own log says so
    grep -E 'JobId=[0-9]+_[0-9]+.* (done|WEXITSTATUS 0)' "$slurm/log/slurmctld.log" | head -n 3 >&3 || true
    run bash -c 'cat "$1"/result.* | "$2" perft --sum' _ "$work" "$BUILD/reference"
    assert_success
    assert_output "sum: $PERFT_14 in $RUN_14"
    # each result names its job: a lost task's jobs are named, not summed past
    run --separate-stderr bash -c 'cat "$1"/result.[2-8] | "$2" perft --sum' _ "$work" "$BUILD/reference"
    assert_equal "$status" 2
    assert_equal "$output" ""
    [[ $stderr == "reference: --sum: job 1/805 has no result"* ]] || fail "not named: $stderr"
    # and every daemon is gone
    run pgrep -f "$slurm"
    assert_failure
    rm -rf -- "$slurm"
}

@test "a Slurm folder too deep for the sockets its daemons bind is refused at once, naming the path and the limit" {
    local deep="$work/slurm/$(printf '%080d' 0)"
    run --separate-stderr timeout 60 "$ROOT/tests/tools/cluster" slurm "$deep" true
    assert_equal "$status" 2
    [[ $stderr == "cluster: $deep is too deep: a socket the daemons make there, $deep/spool/localhost_4294967295.4294967295, would be "*" bytes, over the 107 a Unix socket's path may have; give a shorter DIR" ]] ||
        fail "not said: $stderr"
    run pgrep -f "$deep"
    assert_failure
}

@test "perft(14)'s jobs through GNU parallel --sshlogin over a real ssh to two loopback hosts sum to the published count" {
    command -v parallel > /dev/null || fail "GNU parallel is needed (package parallel)"
    # shellcheck disable=SC2016 # expanded by the shell that cluster runs
    run --separate-stderr timeout 600 "$ROOT/tests/tools/cluster" ssh "$work/ssh" bash -c '
        export PARALLEL_HOME="$1/parallel-home"
        eval "$CLUSTER_SSH host1 true" && eval "$CLUSTER_SSH host2 true" || exit 1
        parallel --ssh "$CLUSTER_SSH" --sshlogin 1/host1,1/host2 --pipe -N 100 --joblog "$1/joblog" \
            -q "$2" perft --threads 1 --hash 16 < "$1/jobs" > "$1/results"' _ "$work" "$BUILD/reference"
    [ "$status" -eq 0 ] || { echo "$stderr"; tail -n 20 "$work"/ssh/log/*; fail "the parallel run failed ($status)"; }
    # both hosts ran jobs (the joblog's Host column)
    run awk -F '\t' 'NR > 1 { print $2 }' "$work/joblog"
    assert_line host1
    assert_line host2
    [ "$(wc -l < "$work/results")" -eq "$(wc -l < "$work/jobs")" ] || fail "$(wc -l < "$work/results") results for $(wc -l < "$work/jobs") jobs"
    run "$BUILD/reference" perft --sum < "$work/results"
    assert_success
    assert_output "sum: $PERFT_14 in $RUN_14"
    # sshd logged the logins, and is gone
    grep -c 'Accepted publickey' "$work/ssh/log/sshd.log" >&3
    run pgrep -f "$work/ssh"
    assert_failure
}

@test "the cluster's daemons are stopped when the command fails, and their files stay in the build tree" {
    run "$ROOT/tests/tools/cluster" ssh "$work/fail" bash -c 'echo "$CLUSTER_SSH" > "$1"; exit 3' _ "$work/ssh-command"
    assert_equal "$status" 3
    run pgrep -f "$work/fail"
    assert_failure
    [ -s "$work/fail/ssh/sshd_config" ] || fail "no sshd_config in the test's directory"
}
