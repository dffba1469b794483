#!/usr/bin/env bats
# The reference's move generator against the bitboard one (tests/oracles/bitboard.c,
# which shares no code with reference/), by build/movegen (tests/oracles/movegen.c):
# whole move lists on a million random positions, perft trees node by node,
# and planted bugs that must show.  The challenge's question against the
# generator: every cases.tsv row and random positions.  `make movegen` is
# the same with its own sizes.

bats_require_minimum_version 1.7.0
load test_helper

POSITIONS=1000000
TREES=20000
# The first line of a run that found a move one generator lists and the other not.
MISMATCH='^mismatch at position [0-9]+: the (reference|bitboard) lists [0-9x-]+, the (bitboard|reference) does not$'

# Two runs side by side (two cores); the tests read what they printed.
setup_file() {
    [ -x "$BUILD/movegen" ] || return 0
    { "$BUILD/movegen" random "$POSITIONS" 1 > "$BATS_FILE_TMPDIR/random.out" 2>&1; echo $? > "$BATS_FILE_TMPDIR/random.status"; } &
    { "$BUILD/movegen" tree "$TREES" 2 3 > "$BATS_FILE_TMPDIR/tree.out" 2>&1; echo $? > "$BATS_FILE_TMPDIR/tree.status"; } &
    wait
}

# outcome NAME: its run's status and output into $status, $output, $lines.
outcome() {
    [ -f "$BATS_FILE_TMPDIR/$1.status" ] || fail "$BUILD/movegen is missing: run make test"
    status=$(< "$BATS_FILE_TMPDIR/$1.status")
    output=$(< "$BATS_FILE_TMPDIR/$1.out")
    mapfile -t lines <<< "$output"
}

@test "on a million random positions the two generators list the same moves, capture paths and all" {
    outcome random
    assert_success
    assert_line --index 0 "movegen: $POSITIONS positions, 0 mismatches"
    echo "# ${lines[1]}" >&3
}

@test "the random positions hold kings of both colours, both sides to move, long chains and circuits" {
    outcome random
    # N moves: C captures, K by kings, L of four or more jumps, R back to the start; white to move W; kings B black, W white
    read -r moves captures kings long circuits white bk wk <<< "$(sed -n '2s/[^0-9 ]//g; 2p' <<< "$output")"
    [ -n "$wk" ] || fail "no statistics line in: $output"
    [ "$captures" -ge $((moves / 10)) ] || fail "too few captures: ${lines[1]}"
    [ "$kings" -ge $((captures / 10)) ] || fail "too few king captures: ${lines[1]}"
    [ "$long" -ge 10000 ] || fail "too few chains of four jumps or more: ${lines[1]}"
    [ "$circuits" -ge 1000 ] || fail "too few circuits: ${lines[1]}"
    [ "$white" -ge $((POSITIONS * 4 / 10)) ] && [ "$white" -le $((POSITIONS * 6 / 10)) ] || fail "white to move in $white"
    [ "$bk" -ge "$POSITIONS" ] && [ "$wk" -ge "$POSITIONS" ] || fail "too few kings: ${lines[1]}"
}

@test "perft trees from random positions agree node by node: moves, and the boards they lead to" {
    outcome tree
    assert_success
    assert_line --regexp "^movegen tree: $TREES positions to depth 3, [0-9]+ leaves, 0 mismatches$"
    echo "# $output" >&3
}

# planted NAME FILE SEARCH REPLACE: movegen with a bug planted in
# reference/FILE (planted_movegen); the first mismatch of its random run ->
# $output.
planted() {
    planted_movegen "$@"
    run "$BATS_TEST_TMPDIR/$1/movegen" random 200000 3
}

@test "a king that may jump a piece twice is caught, with a ready table row" {
    planted rejump rules.c '|| (taken & taken_bit(over)) != 0)' ')'
    assert_failure 1
    assert_line --index 0 --regexp "$MISMATCH"
    # The row: fen, moves, the (planted) reference's answer, name.
    assert_line --index 1 --regexp $'^[BW]:W[K0-9,]*:B[K0-9,]*\t[0-9x]+\t(legal|illegal)\t[^\t]+\t[^\t]+\t[^\t]+\tdifferential mismatch$'
}

@test "a king that may not end where it started is caught" {
    planted circuit rules.c 'if (!is_empty(b, land) && land != start)' 'if (!is_empty(b, land))'
    assert_failure 1
    assert_line --index 0 --regexp "$MISMATCH"
}

@test "a man crowned in a chain that jumps on as a king is caught" {
    planted crown moves.c '    int at = m->n ? m->land[m->n - 1] : m->from;' \
        '    int at = m->n ? m->land[m->n - 1] : m->from; if (m->n > 0 && crowns_on(mover, at)) mover = crowned(mover);'
    assert_failure 1
    assert_line --index 0 --regexp "$MISMATCH"
}

@test "a side that may step while it could capture is caught" {
    planted steps moves.c '    if (out->n > before) /* capture is mandatory for the side */' '    if (0)'
    assert_failure 1
    assert_line --index 0 --regexp 'the reference lists [0-9]+-[0-9]+, the bitboard does not$'
}

@test "a black man that may jump backward is caught" {
    planted backward rules.c 'return side_of(p) != EMPTY && (is_king(p) || vert == forward_of(side_of(p)));' \
        'return side_of(p) != EMPTY && (is_king(p) || vert == forward_of(side_of(p)) || side_of(p) == BLACK);'
    assert_failure 1
}

@test "the challenge's question is the generator's answer on every cases.tsv row, under both readings" {
    run "$BUILD/movegen" challenge < "$ROOT/cases.tsv"
    assert_success
    # reading 1 and 2 from the generator, then the table's two verdicts
    assert_equal "$(awk -F'\t' '$1 != $3 || $2 != $4' <<< "$(paste <(cat <<< "$output") <(grep -v '^#' "$ROOT/cases.tsv" | cut -f5,6))")" ""
    assert_equal "${#lines[@]}" "$(grep -vc '^#' "$ROOT/cases.tsv")"
}

@test "the challenge's question is the generator's answer on random positions, kings and all, every start and end" {
    run "$BUILD/movegen" challenge-random 20000 4
    assert_success
    assert_output --regexp '^challenge: 20000 positions, [0-9]+ questions, 0 mismatches$'
}

@test "movegen.c and bitboard.c compile without a warning under gcc and clang-19" {
    local cflags cc
    cflags=$(project_make print-CFLAGS)
    for cc in gcc clang-19; do
        # shellcheck disable=SC2086 # CFLAGS: several flags
        run "$cc" $cflags -c -o /dev/null "$ROOT/tests/oracles/bitboard.c"
        assert_success
        assert_output ""
        # shellcheck disable=SC2086 # CFLAGS: several flags
        run "$cc" $cflags -c -o /dev/null "$ROOT/tests/oracles/movegen.c"
        assert_success
        assert_output ""
    done
}
