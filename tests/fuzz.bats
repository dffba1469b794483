#!/usr/bin/env bats
# The libFuzzer targets: fuzz_line (tests/fuzz/fuzz_line.c), a short run of
# a fixed number of runs, the curated corpus and the whole table replayed;
# fuzz_api (every public function of checkers.h), its seeds replayed with
# every function reached, a short run, and its seeds against the library
# with a check planted away; and each fuzzer given inputs of a MiB.  `make
# fuzz`, `make fuzz-api` and `make fuzz-ci` are the long runs.

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
    fuzz -runs=20000 -timeout=10 "$BATS_TEST_TMPDIR/corpus" "$ROOT/tests/fuzz/corpus"
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

# ==================== fuzz_api: the public functions ====================

# api_fuzz ARGS...: fuzz_api as fuzz runs fuzz_line.
api_fuzz() {
    [ -x "$BUILD/fuzz_api" ] || fail "no $BUILD/fuzz_api: make test builds it (clang with libFuzzer)"
    run "$BUILD/fuzz_api" -close_fd_mask=2 -artifact_prefix="$BATS_TEST_TMPDIR/" "$@"
}

@test "fuzz_api's seeds replay without a finding, and reach every public function of checkers.h" {
    api_fuzz -runs=0 -print_coverage=1 "$ROOT/tests/fuzz/corpus-api"
    assert_success
    local declared reached
    declared=$(sed -n 's/^CK_API .*[ *]\(ck_[a-z0-9_]*\)(.*/\1/p' "$ROOT/reference/checkers.h" | sort -u)
    reached=$(sed -n 's/^COVERED_FUNC: hits: [0-9]* edges: [0-9]*\/[0-9]* \(ck_[a-z0-9_]*\) .*/\1/p' <<< "$output" | sort -u)
    [ "$(wc -l <<< "$declared")" -ge 20 ] || fail "checkers.h declares: $declared"
    assert_equal "$reached" "$declared"
}

@test "a short fuzz_api run from its seeds finds nothing" {
    mkdir "$BATS_TEST_TMPDIR/corpus"
    api_fuzz -runs=5000 -timeout=10 "$BATS_TEST_TMPDIR/corpus" "$ROOT/tests/fuzz/corpus-api"
    assert_success
    assert_output --regexp "Done [0-9]+ runs in"
    refute_output --partial "ERROR"
}

# A check of library.c as it is, then planted away.
API_PLANTS=(
    'static bool position_ok(const ck_position *pos, char *err)'
    'static bool position_ok(const ck_position *pos, char *err) { (void)pos, (void)err; return true; } static bool position_was(const ck_position *pos, char *err)'
    'static bool move_ok(const ck_move *m, char *err)'
    'static bool move_ok(const ck_move *m, char *err) { return given(m, "move", err); } static bool move_was(const ck_move *m, char *err)'
    '    return pdn_over(pdn_stream_text(text != NULL ? text : "", len, strict), strict);'
    '    return pdn_over(pdn_stream_text(text, len, strict), strict);'
)

@test "fuzz_api bites: with each of three checks taken out of library.c, its seeds find it (a turn CK_EMPTY counted, n 13 written, NULL to memcpy)" {
    local i objects=() o flags
    mapfile -t objects < <(make_list FUZZ_LIB)
    for o in "${!objects[@]}"; do [[ ${objects[o]} != */library.o ]] || unset 'objects[o]'; done
    # the fuzzer's flags, but -O0: a quicker build of the planted file
    read -ra flags <<< "$(project_make print-FUZZ_FLAGS) -O0"
    cd "$BATS_TEST_TMPDIR" || return 1
    mkdir planted
    for ((i = 0; i < ${#API_PLANTS[@]}; i += 2)); do
        FROM=${API_PLANTS[i]} TO=${API_PLANTS[i + 1]} awk '$0 == ENVIRON["FROM"] { print ENVIRON["TO"]; next } { print }' \
            "$ROOT/reference/library.c" > planted/library.c
        ! cmp -s planted/library.c "$ROOT/reference/library.c" || fail "the plant did not take: ${API_PLANTS[i]}"
        clang "${flags[@]}" -I"$ROOT/reference" -c -o planted/library.o planted/library.c
        clang "${flags[@]}" -o planted/fuzz_api "$BUILD/fuzz/fuzz_api.o" planted/library.o "${objects[@]}"
        # (what a sanitizer reports is the plant's, kept here: make sanitize's reports must stay empty)
        ASAN_OPTIONS="log_path=\"$BATS_TEST_TMPDIR/planted-asan\"" \
            run planted/fuzz_api -close_fd_mask=2 -artifact_prefix="$BATS_TEST_TMPDIR/" "$ROOT"/tests/fuzz/corpus-api/*
        [ "$status" -ne 0 ] || fail "with '${API_PLANTS[i + 1]}' planted, the seeds pass"
        assert_output --regexp 'fuzz_api: |SUMMARY: (UndefinedBehavior|Address)Sanitizer'
    done
}

# ==================== fuzz_readers: the other readers ====================

@test "fuzz_readers' seeds replay without a finding, and a short run from them finds nothing (the command line, journal, --sum, --suite, --after, job ids, job and result lines, FEN, moves)" {
    [ -x "$BUILD/fuzz_readers" ] || fail "no $BUILD/fuzz_readers: make test builds it (clang with libFuzzer)"
    local f
    for f in command_line journal results suite after job_ids perft_line fen moves; do
        grep -q "^static void $f(const uint8_t \*data, size_t size)$" "$ROOT/tests/fuzz/fuzz_readers.c" || fail "no reader $f"
    done
    mkdir "$BATS_TEST_TMPDIR/corpus"
    TMPDIR=$BATS_TEST_TMPDIR run "$BUILD/fuzz_readers" -close_fd_mask=3 -artifact_prefix="$BATS_TEST_TMPDIR/" -runs=5000 \
        -timeout=10 -print_coverage=1 "$BATS_TEST_TMPDIR/corpus" "$ROOT/tests/fuzz/corpus-readers"
    assert_success
    assert_output --regexp "Done [0-9]+ runs in"
    for f in read_line read_arguments journal_open sum_results read_suite_line play_after read_job_id read_job_line read_result_line read_fen read_move next_move; do
        assert_line --regexp "^COVERED_FUNC: hits: [0-9]+ edges: [0-9]+/[0-9]+ $f "
    done
}

# ==================== Big inputs ====================

@test "inputs of a MiB: a line, a PDN record, a game's moves, a FEN, a command line, --sum's lines and a suite line, through every fuzzer, find nothing" {
    local i
    cd "$BATS_TEST_TMPDIR" || return 1
    # a question's line of 1 MiB: a black list repeated
    { printf '6,7'; for ((i = 0; i < 16; i++)); do printf ',%.0s6,7,8,9,10,11,12,13' {1..8192}; done; printf '\t10\t10\t1\n'; } > line
    # a record of 1 MiB: its comments and moves (a long game, 25 plies, a long comment each)
    { printf '[Event "big"]\n'; for ((i = 0; i < 16; i++)); do printf '{%065536d}\n' 0; done
      printf '1. 11-15 22-18 2. 15x22 25x18 3. 12-16 *\n'; } > record.pdn
    printf '\017\002' | cat - record.pdn > api-pdn-open
    printf '\020\002' | cat - record.pdn > api-pdn-open-file
    # ck_replay (10): the start, quiet 0, then a MiB of moves (illegal after the first ones, every one read)
    { printf '\012\004\001\001\001'; for ((i = 0; i < 16; i++)); do printf '11-15 %.0s' {1..10923}; done; } > api-replay
    # ck_from_fen (2): a MiB of FEN
    { printf '\002\001\001B:W21-32:B1-12'; for ((i = 0; i < 16; i++)); do printf ':%.0sH0' {1..21845}; done; } > api-fen
    # fuzz_readers: a command line of a MiB argument, --sum's lines, a suite line
    { printf '\000perft\000B:W21-32:B1-12\0003\000--after\000'; for ((i = 0; i < 16; i++)); do printf '11-15 %.0s' {1..10923}; done; } > readers-cli
    { printf '\002'; python3 -c 'import zlib
for i in range(1, 16385):
    t = "%d/16384 perft 3 x 1: 302 in perft 5 B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 split 2 fastgen 1" % i
    print("%s crc %08x" % (t, zlib.crc32(t.encode())))'; } > readers-sum
    { printf '\003B:W21-32:B1-12 ;D1 7'; for ((i = 0; i < 16; i++)); do printf ' %.0s' {1..65536}; done; } > readers-suite
    [ "$(stat -c %s line)" -gt 1000000 ] && [ "$(stat -c %s record.pdn)" -gt 1000000 ] && [ "$(stat -c %s api-replay)" -gt 1000000 ] &&
        [ "$(stat -c %s readers-sum)" -gt 1000000 ] && [ "$(stat -c %s readers-cli)" -gt 1000000 ] ||
        fail "inputs too small: $(stat -c '%n %s' line record.pdn api-replay readers-cli readers-sum)"
    needs_fuzzer
    for i in "$FUZZ line" "$BUILD/fuzz_pdn record.pdn" "$BUILD/fuzz_api api-pdn-open" "$BUILD/fuzz_api api-pdn-open-file" \
             "$BUILD/fuzz_api api-replay" "$BUILD/fuzz_api api-fen" "$BUILD/fuzz_readers readers-cli" \
             "$BUILD/fuzz_readers readers-sum" "$BUILD/fuzz_readers readers-suite"; do
        run "${i% *}" -close_fd_mask=2 -timeout=60 -rss_limit_mb=1024 -artifact_prefix="$BATS_TEST_TMPDIR/" "${i##* }"
        [ "$status" -eq 0 ] || fail "${i##* }: $output"
        refute_output --partial "ERROR"
    done
}
