#!/usr/bin/env bats
# tests/fixtures/games.tsv as a whole: its shape, what it covers, then every game
# through the reference's `game` batch and through the bitboard generator
# (tests/oracles/bitboard.c, replayed by build/movegen), which shares no code with
# the reference.  GAMES_TSV points the tests at another copy of the table.
#
# A row: fen, moves, verdict, then for a legal game its final FEN, the draw
# counter ("quiet N/80") and the result (or -), for an illegal one the number
# of the first illegal move, that move, and words its reason must contain;
# last, a name.  Every expected answer was worked out by hand.

bats_require_minimum_version 1.7.0
load test_helper

TABLE="${GAMES_TSV:-$ROOT/tests/fixtures/games.tsv}"
HEADER=$'#fen\tmoves\tverdict\tfinal fen | move number\tquiet | move\tresult | reason\tname'

# The rows, "N<TAB>row" with N the line number in the table.
rows() { awk 'NR > 1 { print NR "\t" $0 }' "$TABLE"; }

# report TITLE TEXT: fails listing TEXT (one offending row a line) if any.
report() { [ -z "$2" ] || fail "$(printf '%s\n%s' "$1" "$2")"; }

# mismatches PROGRAM...: the table through PROGRAM (a game batch); prints
# every row whose answer is not the table's.  With words_only, an illegal
# answer's reason is not compared (the bitboard gives none).
mismatches() {
    local got status=0
    got=$("$@" < "$TABLE" 2> "$BATS_TEST_TMPDIR/stderr") || status=$?
    [ "$status" -eq 0 ] || { echo "  exit status $status"; sed 's/^/    /' "$BATS_TEST_TMPDIR/stderr"; }
    printf '%s\n' "$got" | awk -F'\t' '
        NR == FNR { got[++n] = $0; next }
        { i++; a = i in got ? got[i] : "(no answer)"; split(a, f, "\t")
          if ($4 == "legal")
              ok = f[1] == "legal" && f[2] == $5 && f[3] == $6 && (f[4] == "" ? "-" : f[4]) == $7
          else
              ok = f[1] == "illegal" && f[2] == $5 && f[3] == $6 && (f[4] == "" || index(f[4], $7) > 0)
          if (!ok) printf "  line %s: %s\n    want %s %s %s %s\n    got  %s\n", $1, $8, $4, $5, $6, $7, a }
        END { if (n > i) printf "  %d answers more than rows\n", n - i }' - <(rows)
}

# ==================== The table's shape ====================

@test "the games table starts with its column header" {
    assert_equal "$(head -n 1 "$TABLE")" "$HEADER"
}

@test "every row has seven tab-separated columns, none empty" {
    report "rows not of seven non-empty columns:" \
        "$(rows | awk -F'\t' 'NF != 8 || $2 == "" || $3 == "" || $8 == "" { print "  line " $1 }')"
}

@test "every verdict is legal or illegal, with the columns that verdict needs" {
    report "rows whose answer columns do not fit their verdict:" "$(rows | awk -F'\t' '
        $4 == "legal" && $5 ~ /^[BW]:W[K0-9,]*:B[K0-9,]*$/ && $6 ~ /^quiet [0-9]+\/80$/ &&
            $7 ~ /^(-|white wins|black wins|draw)$/ { next }
        $4 == "illegal" && $5 ~ /^[1-9][0-9]*$/ && $6 ~ /^[0-9]+[-x][0-9x]+$/ && $7 != "" { next }
        { print "  line " $1 ": " $4 }')"
}

@test "an illegal row's move is the one its number points to" {
    report "rows whose move is not their moves' Nth:" "$(rows | awk -F'\t' '
        $4 == "illegal" { k = split($3, m, " "); if ($5 > k || m[$5] + 0 != $6 + 0 || m[$5] != $6) print "  line " $1 }')"
}

@test "no game is asked twice" {
    report "repeated games:" "$(rows | cut -f2,3 | sort | uniq -d)"
}

@test "the table covers kings, forks, chains, crowning, draws, wins and illegal moves first, in the middle and last" {
    local want
    # name: awk condition on a row (fields shifted by the line number)
    while IFS='|' read -r what cond; do
        [ "$(rows | awk -F'\t' "$cond" | wc -l)" -gt 0 ] || want+="  $what"$'\n'
    done <<'EOF'
a white king|split($2, f, ":") && (f[2] ~ /^W.*K/ || f[3] ~ /^W.*K/)
a black king|split($2, f, ":") && (f[2] ~ /^B.*K/ || f[3] ~ /^B.*K/)
black to move|$2 ~ /^B:/
white to move|$2 ~ /^W:/
a king's capture of three or more|$4 == "legal" && $3 ~ /x[0-9]+x[0-9]+x/ && $2 ~ /K/
a circuit back to the start|(k = split($3, m, "x")) > 2 && m[1] == m[k]
a capture written by its two ends|$4 == "legal" && $3 ~ /^[0-9]+x[0-9]+$/ && $2 ~ /K/
an ambiguous capture|$7 ~ /ambiguous/
a crowned man's move that stops|$7 ~ /crowned on/
a re-jump refused|$7 ~ /no piece is jumped twice/
a chain stopped too early|$7 ~ /must go on/
a draw|$7 == "draw"
white winning|$7 == "white wins"
black winning|$7 == "black wins"
an illegal first move|$4 == "illegal" && $5 == 1
an illegal middle move|$4 == "illegal" && $5 > 1 && $5 < split($3, m, " ")
an illegal last move|$4 == "illegal" && $5 > 1 && $5 == split($3, m, " ")
a move after the game is over|$7 ~ /game is over/
EOF
    [ -z "$want" ] || fail "the table has no row with:"$'\n'"$want"
}

@test "the table holds at least 40 games" {
    [ "$(rows | wc -l)" -ge 40 ] || fail "only $(rows | wc -l) games"
}

# ==================== Every game through both generators ====================

@test "the reference's game batch gives every row's answer" {
    # --strict: the table writes moves as the notation does (24x20 for a step is illegal there)
    report "build/reference game --strict disagrees with the table on:" "$(mismatches "$BUILD/reference" game --strict)"
}

@test "the bitboard generator, replaying every game, gives every row's answer" {
    report "the bitboard disagrees with the table on:" "$(mismatches "$BUILD/movegen" replay)"
}

@test "a wrong answer planted in a copy of the table turns these tests red" {
    local copy="$BATS_TEST_TMPDIR/games.tsv"
    # One final FEN, one move number and one reason changed.
    sed -e 's/^\(W:WK6:B10\t6x15\tlegal\tB:WK15:B\)/\1,1/' \
        -e 's/^\(B:W21-32:B1-12\t22-18\tillegal\t\)1/\12/' \
        -e 's/^\(W:WK10:B14\t10x17x10\tillegal\t1\t10x17x10\t\)no piece/\1any piece/' "$TABLE" > "$copy"
    run env GAMES_TSV="$copy" "$ROOT/node_modules/bats/bin/bats" --filter "reference's game batch" "$BATS_TEST_FILENAME"
    assert_failure
    assert_output --partial "a king takes backward"
    assert_output --partial "white moves out of turn"
    assert_output --partial "may not jump back over the piece"
}
