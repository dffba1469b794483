#!/usr/bin/env bats
# `reference pdn`: PDN game files read as they are, one verdict line a record;
# real games (tests/fixtures/pdn/, their source in tests/fixtures/pdn/README.md) replayed and
# held to a second reader on the bitboard generator (tests/oracles/pdn_replay.c);
# the leniency real files need, --strict, --notes, --plies, --write; FENs as
# PDN writes them; `moves` with no move and over standard input.

bats_require_minimum_version 1.7.0
load test_helper

PDN="$ROOT/tests/fixtures/pdn"
START="B:W21-32:B1-12"

pdn() { "$BUILD/reference" pdn "$@"; }

# The fields both readers give: verdict, number, then the final FEN and
# counter (legal) or the ply (illegal).
verdicts() { awk -F'\t' '$1 == "legal" { print $1 "\t" $2 "\t" $5 "\t" $6; next }
                         $1 == "illegal" { print $1 "\t" $2 "\t" $5; next }
                         $1 == "error" { print $1 "\t" $2 }'; }

# ==================== Real games ====================

@test "the real archive's sample: every verdict is the second reader's, and the committed one" {
    run --separate-stderr pdn "$PDN/tinsley-sample.pdn"
    assert_success # two records glue text to a move: read as the move and a comment
    assert_equal "${#lines[@]}" 303
    ours=$(verdicts <<< "$output")
    assert_equal "$ours" "$(cat "$PDN/tinsley-sample.expected")"
    assert_equal "$ours" "$("$BUILD/pdn_replay" "$PDN/tinsley-sample.pdn")"
    assert_equal "$stderr" "pdn: 303 records: 302 legal, 1 illegal, 0 malformed; 15286 plies; lenient: 970 steps written with x, 0 captures with -, 0 with both signs, 0 moves without a sign, 0 captures resolved by the rest of the game, 0 FEN fields ignored, 2 moves with text glued on, 0 records without a result"
}

@test "the sample's illegal game is named with its ply; text glued to a move is a comment, noted, and refused by --strict" {
    run --separate-stderr pdn "$PDN/tinsley-sample.pdn"
    run grep -v '^legal' <<< "$output"
    assert_output $'illegal\t301\t3116\tAA Long - M Tinsley\tply 123\t62.\t32-28\tthere is no piece on 32'
    run --separate-stderr pdn --notes "$PDN/tinsley-sample.pdn"
    run grep 'glued' <<< "$output"
    assert_output $'note\t302\t3134\tDM Lafferty - MF Tinsley\tply 31\t8-11Redoversteppedthetimecontrolonthismove.\tread as 8-11: text glued to the move, read as a comment
note\t303\t3143\tMF Tinsley - Chinook\tply 34\t26-22Whiteoversteppedthetimecontrolonthismove.\tread as 26-22: text glued to the move, read as a comment'
    run --separate-stderr pdn --strict "$PDN/tinsley-sample.pdn"
    assert_equal "$status" 2
    assert_line --index 301 $'error\t302\t3134\tDM Lafferty - MF Tinsley\t3140:70\t"8-11Redoversteppedth..." is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
    # glued text that is no word, or a move cut short, stays an error
    run --separate-stderr pdn <<< '1. 11-15. 22-18 *'
    assert_equal "$status" 2
    run --separate-stderr pdn <<< '1. 11Red 22-18 *'
    assert_equal "$status" 2
}

@test "--plies: every position of the sample, ply by ply, is the second reader's" {
    run --separate-stderr pdn --plies "$PDN/tinsley-sample.pdn"
    ours=$(awk -F'\t' '$1 == "ply" { sub(/^ply /, "", $5); print "ply\t" $2 "\t" $5 "\t" $7 }' <<< "$output")
    assert_equal "$(wc -l <<< "$ours")" 15589 # 15286 plies, and the start of the 303 records that read
    assert_equal "$ours" "$("$BUILD/pdn_replay" --plies "$PDN/tinsley-sample.pdn" | grep '^ply')"
}

@test "the sample with a full move cut from each game: both readers stop at the same ply, for many reasons" {
    # Game N loses its plies N % 37 + 1 and the next: the side to move stays
    # right, so what fails is the rules (capture mandatory, an occupied or
    # empty square, a chain cut short), not the turn.
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         { want = NR % 37 + 1; seen = 0; out = ""
           for (i = 1; i <= NF; i++) {
               if ($i ~ /^[0-9]+[-x][0-9]/ && $i !~ /^(1-0|0-1|2-0|0-2|1-1|0-0)$/ && (++seen == want || seen == want + 1))
                   continue
               out = out (out == "" ? "" : " ") $i }
           print out }' "$PDN/tinsley-sample.pdn" > "$BATS_TEST_TMPDIR/cut.pdn"
    run --separate-stderr pdn "$BATS_TEST_TMPDIR/cut.pdn"
    assert_equal "$(verdicts <<< "$output")" "$("$BUILD/pdn_replay" "$BATS_TEST_TMPDIR/cut.pdn")"
    [ "$(grep -c '^illegal' <<< "$output")" -ge 290 ] || fail "too few illegal games"
    for reason in "capture is mandatory" "there is nothing to capture" "is taken by a" "the capture must go on"; do
        grep -q "$reason" <<< "$output" || fail "no game stopped for: $reason"
    done
}

@test "--strict refuses the archive's steps written with x, by the notation's own reason" {
    run --separate-stderr pdn --strict "$PDN/tinsley-sample.pdn"
    assert_line --index 0 $'illegal\t1\t1\tMF Tinsley - M Rex\tply 7\t4.\t10x14\ta step is written with -: 10-14'
    [ "$(grep -c '^legal' <<< "$output")" -lt 40 ] || fail "strict replayed too many"
}

@test "--notes lists every lenient reading before its record's verdict" {
    run --separate-stderr pdn --notes "$PDN/tinsley-sample.pdn"
    assert_line --index 0 $'note\t1\t1\tMF Tinsley - M Rex\tply 7\t10x14\tread as 10-14: a step written with x'
    assert_equal "$(grep -c '^note' <<< "$output")" 972 # 970 steps with x, 2 moves with text glued on
    assert_equal "$(grep -v '^note' <<< "$output" | verdicts)" "$(cat "$PDN/tinsley-sample.expected")"
}

# ==================== PDN as files write it ====================

@test "tags, numbers, comments, line comments, variations, NAGs, marks and results are all read" {
    run --separate-stderr pdn "$PDN/forms.pdn"
    assert_success
    # The same moves through the game batch, which knows none of PDN's forms.
    local moves="9-13 21-17 5-9 17-14 10x17 22-18 11-15 18x11 8x15 23-18 15x22 25x18 3-8 30-25 12-16 25-21 17-22 26x17 13x22 24-20 8-11 21-17 4-8 28-24"
    assert_line --index 0 "legal"$'\t1\t2\tAnne - Bob\t'"$("$BUILD/reference" game <<< "$START"$'\t'"$moves" | cut -f2-)"
    assert_line --index 1 "legal"$'\t2\t13\tOld result, no move numbers\t'"$("$BUILD/reference" game <<< "$START"$'\t9-13 21-17 5-9 17-14 10x17 22-18' | cut -f2-)"
    assert_line --index 2 $'legal\t3\t15\tA set-up, white to move, lowercase and a trailing dot\tB:W18,K26:B5,6\tquiet 1/80'
    assert_line --index 3 $'legal\t4\t19\tNo moves at all\tW:W5:B1\tquiet 0/80\tblack wins'
}

@test "CRLF line ends and a byte-order mark change nothing" {
    { printf '\xEF\xBB\xBF'; sed 's/$/\r/' "$PDN/forms.pdn"; } > "$BATS_TEST_TMPDIR/crlf.pdn"
    assert_equal "$(pdn "$BATS_TEST_TMPDIR/crlf.pdn" 2>&1)" "$(pdn "$PDN/forms.pdn" 2>&1)"
}

@test "records come from standard input and from several files, numbered across them" {
    run --separate-stderr pdn < "$PDN/forms.pdn"
    assert_equal "${#lines[@]}" 4
    run --separate-stderr pdn "$PDN/forms.pdn" "$PDN/forms.pdn"
    assert_line --index 5 $'legal\t6\t'"$PDN/forms.pdn"$':13\tOld result, no move numbers\tB:W18,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,11,12,13,17\tquiet 0/80'
}

@test "WHO: the players, else the event, UTF-8 kept, escapes undone, other bytes escaped" {
    run --separate-stderr pdn <<< $'[Black "\xc5\x81ukasz \\"L\\""]\n[White "b\xff\x01\tc"]\n*\n[Event "E"]\n*\n[White "W"]\n*'
    assert_line --index 0 --regexp $'^legal\t1\t1\t\xc5\x81ukasz "L" - b\\\\xff\\\\x01\\\\x09c\t'
    assert_line --index 1 --regexp $'^legal\t2\t4\tE\t'
    assert_line --index 2 --regexp $'^legal\t3\t6\t\\? - W\t'
}

@test "a malformed record is answered error with line:column, and the next record is still read" {
    run --separate-stderr pdn <<< $'[Event "a"]\n1. 11-15 {never closed\n[Event "b"]\n1. 11-15 *'
    assert_equal "$status" 2
    assert_output $'error\t1\t1\ta\t2:10\ta comment { is never closed by }'
    run --separate-stderr pdn <<< $'1. 11-15 Qe4 *\n[Event "b"]\n11-15 *\n1. 11-33 *\n[Black "x" *\n11-15 *'
    assert_equal "$status" 2
    assert_line --index 0 $'error\t1\t1\t-\t1:10\t"Qe4" is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
    assert_line --index 1 --regexp $'^legal\t2\t2\tb\t'
    assert_line --index 2 $'error\t3\t4\t-\t4:7\t"33" is off the board (squares are 1-32)'
    assert_line --index 3 --partial $'error\t4\t5\t-\t5:1\ta tag is not closed by ]'
}

@test "GameType 21 is read, other games are refused by name" {
    run --separate-stderr pdn <<< $'[GameType "21"]\n11-15 *\n[GameType "20"]\n32-28 *\n[GameType "99"]\n*'
    assert_equal "$status" 2
    assert_line --index 0 --regexp $'^legal\t1\t'
    assert_line --index 1 $'error\t2\t3\t-\t3:1\tGameType "20" is international draughts: only 21, English checkers, is read'
    assert_line --index 2 $'error\t3\t5\t-\t5:1\tGameType "99" is not 21, English checkers, the only game read'
}

@test "an illegal move is named with its ply, its number as written, and the reason" {
    run --separate-stderr pdn <<< $'[Black "A"]\n1. 11-15 23-19 2. 8-11 19x10 *\n1... 22-18 *\n9-13 13-17 *'
    assert_success
    assert_line --index 0 $'illegal\t1\t1\tA - ?\tply 4\t2...\t19x10\tthere is nothing to capture: white has no jump'
    assert_line --index 1 $'illegal\t2\t3\t-\tply 1\t1...\t22-18\t22 holds a white man, and black is to move'
    assert_line --index 2 $'illegal\t3\t4\t-\tply 2\t(1...)\t13-17\t13 holds a black man, and white is to move'
}

@test "a position with no moves is legal as it stands; one that cannot arise is refused with the reason" {
    run --separate-stderr pdn <<< $'[FEN "B:W21-32:B1-12"]\n*\n[FEN "W:W1:B9"]\n*\n[FEN "B:W:B"] *'
    assert_equal "$status" 2
    assert_line --index 0 --regexp $'^legal\t1\t1\t-\tB:W21,'
    assert_line --index 1 $'error\t2\t3\t-\t3:10\tFEN: a white man on 1 would have been crowned (white men crown on 1-4): K1 is a king'
    assert_line --index 2 $'legal\t3\t5\t-\tB:W:B\tquiet 0/80\twhite wins'
    run --separate-stderr pdn <<< $'[ FEN   "W:W1:B9"] *'
    assert_output --partial $'error\t1\t1\t-\t1:13\tFEN: a white man on 1'
}

@test "every record is kept: one without a result ends at the next [Event or a tag after its moves, counted and noted" {
    run --separate-stderr pdn --notes <<< $'[Event "a"]\n[Black "x"]\n\n[Event "b"]\n1. 11-15 *\n[Event "c"]\n1. 9-13\n[Black "y"]\n1. 10-14 *'
    assert_success
    assert_equal "$(grep -c '^legal' <<< "$output")" 4
    assert_line --index 0 $'note\t1\t1\tx - ?\tresult\tnone: the record ends where the next begins, or with the file'
    assert_line --index 1 --regexp $'^legal\t1\t1\tx - \\?\tB:W21,'
    assert_line --index 2 --regexp $'^legal\t2\t4\tb\tW:'
    assert_line --index 3 $'note\t3\t6\tc\tresult\tnone: the record ends where the next begins, or with the file'
    assert_line --index 5 --regexp $'^legal\t4\t8\ty - \\?\tW:'
    assert_regex "$stderr" ', 2 records without a result$'
}

@test "a record costs memory near its own size: a 6 MB record of one game is read in a 40 MB address space" {
    awk 'BEGIN { print "[Event \"long\"]"; print "1. 11-15"; for (i = 0; i < 1000000; i++) print "21-17"; print "*" }' \
        > "$BATS_TEST_TMPDIR/long.pdn"
    # every move kept (130 MB) and the file read whole (6 MB) did not fit
    # (ASan reserves terabytes of address space: there no ulimit -v, the answer alone)
    run bash -c '[ -n "$1" ] || ulimit -v 40000; "$2" pdn "$3"' - "$SAN" "$BUILD/reference" "$BATS_TEST_TMPDIR/long.pdn"
    assert_success
    assert_line --index 0 $'illegal\t1\t1\tlong\tply 3\t1...\t21-17\tthere is no piece on 21'
}

# ==================== Leniency ====================

@test "a step with x, a capture with -, both signs, and no sign are read and counted; --strict refuses each" {
    local in=$'[FEN "W:W27:B8,15,23,24"]\n27-18-11x4 *\n[FEN "W:W27:B23"]\n27-18 *\n11x15 *\n1115 *\n[FEN "W:W27:B8,15,23,24"]\n27x18-11-4 *'
    run --separate-stderr pdn --notes <<< "$in"
    assert_success
    assert_equal "$(grep -c '^legal' <<< "$output")" 5
    assert_line --index 0 $'note\t1\t1\t-\tply 1\t27-18-11x4\tread as 27x18x11x4: a capture written with both - and x'
    assert_line $'note\t2\t3\t-\tply 1\t27-18\tread as 27x18: a capture written with -'
    assert_line $'note\t3\t5\t-\tply 1\t11x15\tread as 11-15: a step written with x'
    assert_line $'note\t4\t6\t-\tply 1\t1115\tread as 11-15: two squares written without a sign'
    assert_equal "$stderr" "pdn: 5 records: 5 legal, 0 illegal, 0 malformed; 5 plies; lenient: 1 steps written with x, 1 captures with -, 2 with both signs, 1 moves without a sign, 0 captures resolved by the rest of the game, 0 FEN fields ignored, 0 moves with text glued on, 0 records without a result"
    run --separate-stderr pdn --strict <<< "$in"
    assert_equal "$status" 2
    assert_equal "$(grep -c '^legal' <<< "$output")" 0
}

@test "moves parted by commas read as the game command reads them; --strict refuses the comma with the move" {
    run --separate-stderr pdn <<< '1. 11-15, 22-18, 2. 15x22 *'
    assert_success
    assert_output "$(pdn <<< '1. 11-15 22-18 2. 15x22 *' 2> /dev/null)"
    run --separate-stderr pdn --strict <<< '1. 11-15, 22-18 *'
    assert_failure 2
    assert_output $'error\t1\t1\t-\t1:4\t"11-15," is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
}

@test "--strict reads the records the default reads, and refuses a comma in the record that holds it" {
    # the fuzzer's finds: strict read "1-1,0x17" as one word where the
    # default read a result (1-1, a draughts draw) and a move, and a comma
    # after a tag as a move, so a later tag began a record of its own
    local pdn
    for pdn in '1. 11-15 2. 15-. 3. 1-1,0x17 19-15 1/2-1/2' $'[Black "a"],\n[Result "*"]\n1.\n[Black "b"]\n1. 11-15 *' \
        $'1. 11-15 22-18 1-0,\n[Event "x"]\n1. 9-13 *' $'1. 11-15, 22-18 *\n1. 9-14 ,22-18 *'; do
        run --separate-stderr pdn <<< "$pdn"
        local lenient=$output
        run --separate-stderr pdn --strict <<< "$pdn"
        assert_equal "$(cut -f2-3 <<< "$output")" "$(cut -f2-3 <<< "$lenient")"
    done
    assert_output $'error\t1\t1\t-\t1:4\t"11-15," is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture\nerror\t2\t2\t-\t2:9\t",22-18" is not a move: a move is 11-15 for a step, 18x11 or 27x18x11 for a capture'
    run --separate-stderr pdn --strict <<< $'1. 11-15 22-18 1-0,\n[Event "x"]\n1. 9-13 *'
    assert_line --index 0 --regexp $'^error\t1\t1\t-\t1:16\t"1-0," is not a move'
    assert_line --index 1 --regexp $'^legal\t2\t2\tx\t'
}

@test "a two-end capture naming two captures is resolved when exactly one lets the game go on" {
    local fen='[FEN "B:W14,15,22,23,30:B10,1"]'
    run --separate-stderr pdn --notes <<< "$fen"$'\n10x26 30x23 *\n'"$fen"$'\n10x26 *\n'"$fen"$'\n10x26 14-9 *'
    assert_line --index 0 $'note\t1\t1\t-\tply 1\t10x26\tread as 10x19x26: two ends naming several captures: the only one the rest of the game allows'
    assert_line --index 1 $'legal\t1\t1\t-\tB:W14,22,23:B1\tquiet 0/80'
    assert_line --index 2 $'illegal\t2\t3\t-\tply 1\t(1.)\t10x26\tit names 2 captures (10x17x26 or 10x19x26), and no single one lets the rest of the game replay legally'
    assert_line --index 3 --partial $'illegal\t3\t5\t-\tply 1\t(1.)\t10x26\tit names 2 captures'
    run --separate-stderr pdn --strict <<< "$fen"$'\n10x26 30x23 *'
    assert_output --partial "10x26 is ambiguous"
}

# ==================== FEN forms ====================

@test "a FEN as PDN writes it: spaces, a trailing dot, CR, lowercase, extra fields (noted)" {
    run --separate-stderr "$BUILD/reference" moves $' b:W21-32:B1-12.\r'
    assert_success
    assert_output "$("$BUILD/reference" moves "$START")"
    run --separate-stderr "$BUILD/reference" moves 'W:Wk30:B1:H0:F1'
    assert_success
    assert_equal "$stderr" 'reference: fen: ignored ":H0:F1": fields past the two colour fields'
    assert_output --partial '30-26'
    run --separate-stderr pdn --notes <<< $'[FEN "W:WK30:B1:H0:F1"]\n*'
    assert_line --index 0 $'note\t1\t1\t-\tFEN\tignored ":H0:F1": fields past the two colour fields'
}

# ==================== Writing ====================

@test "--write gives canonical PDN that reads again to the same games" {
    pdn --write "$PDN/tinsley-sample.pdn" > "$BATS_TEST_TMPDIR/w.pdn" 2> /dev/null || true
    run --separate-stderr pdn "$BATS_TEST_TMPDIR/w.pdn"
    # Illegal and malformed records come back cut at the fault, with it in a comment.
    assert_equal "$(verdicts <<< "$output" | head -n 300)" "$(head -n 300 "$PDN/tinsley-sample.expected")"
    run --separate-stderr pdn --write <<< $'[Event "e"]\n[FEN "w:wK30:b1"]\n1... 30x26 1-5 2-0'
    assert_output $'[Event "e"]\n[SetUp "1"]\n[FEN "W:WK30:B1"]\n\n1... 30-26 2. 1-5 1-0'
}

@test "--write keeps the comments in their places, and what it writes reads back to the same games" {
    local in=$'[Event "c"]\n{before} 1. 11-15 {after 1} 22-18 ; to the end {of the line}\n2. 15x22Nice 25x18 {two\nlines} *'
    run --separate-stderr pdn --write <<< "$in"
    assert_output $'[Event "c"]\n\n{before} 1. 11-15 {after 1} 22-18 {to the end (of the line)} 2. 15x22 {Nice}\n25x18 {two lines} *'
    assert_equal "$(pdn <<< "$output" 2> /dev/null)" "$(pdn <<< "$in" 2> /dev/null)"
}

@test "--plies gives the FEN after every ply, the last one the verdict's" {
    run --separate-stderr pdn --plies "$PDN/forms.pdn"
    assert_line --index 0 $'ply\t1\t2\tAnne - Bob\tply 0\t-\tB:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'
    assert_line --index 1 $'ply\t1\t2\tAnne - Bob\tply 1\t9-13\tW:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13'
    last=$(grep $'^ply\t1\t' <<< "$output" | tail -n 1 | cut -f7)
    assert_equal "$last" "$(grep $'^legal\t1\t' <<< "$output" | cut -f5)"
    assert_equal "$(grep -c $'^ply\t1\t' <<< "$output")" 25
}

# ==================== moves ====================

@test "moves says when the side to move has none, and who has won" {
    run --separate-stderr "$BUILD/reference" moves W:W5:B1
    assert_success
    assert_output "none: white has no move, black wins"
}

@test "moves reads FENs from standard input, one block each, its header unindented" {
    run --separate-stderr "$BUILD/reference" moves <<< $'B:W21-32:B1-12\n# skipped\n\nW:W5:B1\nX:W1\nW:WK13,30:B9,10,17,18'
    assert_equal "$status" 2
    assert_output $'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\t7 moves\n  9-13\n  9-14\n  10-14\n  10-15\n  11-15\n  11-16\n  12-16\nW:W5:B1\t0 moves\n  none: white has no move, black wins\nerror\nW:WK13,30:B9,10,17,18\t2 moves\n  13x6x15x22x13\n  13x22x15x6x13'
    assert_equal "$stderr" 'line 5: fen, column 1: "X" is no side to move: B (black) or W (white), then a colon'
}

# ==================== Memory and fuzzing ====================

@test "valgrind finds no memory error or leak in pdn (every option) and the moves batch" {
    command -v valgrind > /dev/null || fail "valgrind is not installed (apt-get install valgrind)"
    local vg_build="${VALGRIND_BUILD:-$BUILD}" # valgrind cannot run an ASan build: make sanitize sets it
    ! ldd "$vg_build/reference" | grep -q libasan || fail "$vg_build/reference is an ASan build: set VALGRIND_BUILD"
    local vg=(valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all)
    { cat "$PDN/forms.pdn"; head -n 6 "$PDN/tinsley-sample.pdn"
      printf '[FEN "B:W14,15,22,23,30:B10,1"]\n10x26 30x23 *\n10x26 *\n[GameType "22"]\n[FEN "B:W1"]\n1118 27-18-11x4 Qe4 (2. 1-5 {x}\n'
    } > "$BATS_TEST_TMPDIR/in.pdn"
    # Side by side: each run's exit status, then valgrind's report, in its own file.
    local i=0 o
    for o in "--notes --plies" "--strict --write"; do
        i=$((i + 1))
        { local s=0
          "${vg[@]}" --log-file="$BATS_TEST_TMPDIR/$i.vg" "$vg_build/reference" pdn $o "$BATS_TEST_TMPDIR/in.pdn" \
              > /dev/null 2>&1 || s=$?
          echo "$s" > "$BATS_TEST_TMPDIR/$i.status"; } &
    done
    printf 'W:W5:B1\nx\n B:W21-32:B1-12.:H0\n' | "${vg[@]}" --log-file="$BATS_TEST_TMPDIR/5.vg" \
        "$vg_build/reference" moves > /dev/null 2>&1 || echo $? > "$BATS_TEST_TMPDIR/5.status"
    wait
    for i in 1 2 5; do
        assert_equal "$(cat "$BATS_TEST_TMPDIR/$i.status")" 2
        assert_equal "$(cat "$BATS_TEST_TMPDIR/$i.vg")" ""
    done
}

@test "a short fuzz run of the PDN reader from its seeds finds nothing" {
    [ -x "$BUILD/fuzz_pdn" ] || fail "no $BUILD/fuzz_pdn: make test builds it (clang with libFuzzer)"
    mkdir "$BATS_TEST_TMPDIR/seeds" "$BATS_TEST_TMPDIR/corpus"
    awk 'BEGIN { RS = "" } NR <= 20 { print > sprintf("%s/record-%04d", dir, NR) }' dir="$BATS_TEST_TMPDIR/seeds" \
        "$PDN/forms.pdn" "$PDN/tinsley-sample.pdn"
    run "$BUILD/fuzz_pdn" -close_fd_mask=2 -artifact_prefix="$BATS_TEST_TMPDIR/" -runs=300 -max_len=512 \
        -timeout=10 "$BATS_TEST_TMPDIR/corpus" "$BATS_TEST_TMPDIR/seeds"
    assert_success
    assert_output --regexp "Done [0-9]+ runs in"
}
