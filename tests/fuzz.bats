#!/usr/bin/env bats
# The libFuzzer target (tests/fuzz/fuzz_line.c): a short run of a fixed number of
# runs, the curated corpus and the whole table replayed.  `make fuzz` is the
# long run.

bats_require_minimum_version 1.7.0
load test_helper

setup() {
    FUZZ="$BUILD/fuzz_line"
}

# The corpus check needs no fuzzer, so it does not look for one.
needs_fuzzer() { [ -x "$FUZZ" ] || fail "no $FUZZ: make test builds it (clang with libFuzzer)"; }

# fuzz ARGS...: the target, its findings kept in the test's own directory,
# the batch loop's messages about bad lines silenced (-close_fd_mask=2).
fuzz() { needs_fuzzer; run "$FUZZ" -close_fd_mask=2 -artifact_prefix="$BATS_TEST_TMPDIR/" "$@"; }

@test "the curated corpus replays without a finding" {
    fuzz "$ROOT"/tests/fuzz/corpus/*
    assert_success
    assert_output --partial "Executed $ROOT/tests/fuzz/corpus/two-chains-one-end"
}

@test "the whole of cases.tsv, as one batch, replays without a finding" {
    fuzz "$ROOT/cases.tsv"
    assert_success
}

@test "the whole of tests/fixtures/games.tsv, as one batch, replays without a finding" {
    fuzz "$ROOT/tests/fixtures/games.tsv"
    assert_success
}

@test "a short fuzz run from the corpus finds no crash, hang or misaligned answer" {
    mkdir "$BATS_TEST_TMPDIR/corpus"
    fuzz -runs=20000 -max_len=256 -timeout=10 "$BATS_TEST_TMPDIR/corpus" "$ROOT/tests/fuzz/corpus"
    assert_success
    assert_output --regexp "Done [0-9]+ runs in"
    refute_output --partial "ERROR"
}

@test "the corpus kept in the repository stays small" {
    local n
    n=$(find "$ROOT/tests/fuzz/corpus" -type f | wc -l)
    [ "$n" -ge 10 ] && [ "$n" -lt 50 ] || fail "$n corpus files: keep 10 to 49"
    run find "$ROOT/tests/fuzz/corpus" -type f -size +1k
    assert_output ""
}
