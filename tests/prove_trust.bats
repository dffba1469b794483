#!/usr/bin/env bats
# What make prove checks so that its verdict is about the program the driver
# runs, not only clang-19's IR of f (tests/prove/trust.py, prove.py): each
# candidate of tests/prove/candidates/candidates.tsv gets its verdict (refused by a check
# beside the proof, refuted with rows that replay, or unproved within the time
# budget); a result wider than int is compared as the driver reads it; the
# explored paths must cover every valid input; a candidate's counterexample is
# the same on every run; each start is printed as it is proved; the golf's
# warnings stay off the terminal.

bats_require_minimum_version 1.11.0 # bats_test_function
load test_helper

CANDIDATES="$ROOT/tests/prove/candidates/candidates.tsv"
# Two tests take longer (a proof watched line by line, a wrong candidate
# proved twice over six starts): they exist only with PROVE_FULL=1 (make
# test-long PROVE_FULL=1) or PROVE_TRUST_ALL=1: never skipped, only absent.
slow_tests() { [ -n "${PROVE_FULL:-}${PROVE_TRUST_ALL:-}" ]; }
# One build and one UBSan build keep each run to seconds; the checks are the
# same as make prove's.  A candidate expected unproved gets a 10 s budget.
TRUST_ARGS=(PROVE_BUILDS=clang-19:-O2 "PROVE_UBSAN=clang-19:-O2" PROVE_UBSAN_POSITIONS=200000)
ROW='^[-0-9,]+\t[-0-9,]+\t[0-9]+\t[0-9]+\t(true|false)\t(true|false)\tprove: '

# candidate NAME FILE: golf/checkers.c with every (search, replace) pair of
# candidates.tsv row NAME applied, into FILE; fails if a search is not in the
# golf exactly once.
candidate() {
    local golf cols i search rest count
    IFS=$'\t' read -r -a cols < <(awk -F'\t' -v n="$1" '$1 == n' "$CANDIDATES")
    [ "${#cols[@]}" -ge 7 ] || { echo "no row $1 in $CANDIDATES"; return 1; }
    golf=$(< "$ROOT/golf/checkers.c")
    for ((i = 5; i + 1 < ${#cols[@]}; i += 2)); do
        search=${cols[i]} rest=$golf count=0
        while [[ $rest == *"$search"* ]]; do rest=${rest#*"$search"}; count=$((count + 1)); done
        [ "$count" -eq 1 ] || { echo "candidate $1: '$search' occurs $count times"; return 1; }
        golf=${golf/"$search"/"${cols[i + 1]}"}
    done
    printf '%s' "$golf" > "$2"
}

# prove_candidate NAME DIR: make prove on candidate NAME (DIR/NAME.c, its
# builds in DIR/prove); output in DIR/out, status in DIR/status.
prove_candidate() {
    local dir=$2 status=0 starts timeout=600
    mkdir -p "$dir"
    candidate "$1" "$dir/$1.c" > "$dir/out" 2>&1 || { echo 99 > "$dir/status"; return; }
    starts=$(awk -F'\t' -v n="$1" '$1 == n { print $3 }' "$CANDIDATES")
    [ "$(awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$CANDIDATES")" != unproved ] || timeout=10
    make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" prove GOLF="$(in_checkout "$dir")/$1.c" \
        PROVE_OUT="$(in_checkout "$dir")/prove" "${TRUST_ARGS[@]}" PROVE_TIMEOUT="$timeout" \
        PROVE_ARGS="--jobs 1 --starts $starts" \
        >> "$dir/out" 2>&1 || status=$?
    echo "$status" > "$dir/status"
}

setup_file() {
    [ -x "$BUILD/reference" ] || {
        echo "$BUILD/reference is missing: run make test" >&2
        return 1
    }
    export ROOT BUILD CANDIDATES TRUST_ARGS_TEXT="${TRUST_ARGS[*]}"
    export -f candidate prove_candidate in_checkout
    row_names "$CANDIDATES" |
        xargs -P 2 -I '{}' bash -c 'TRUST_ARGS=($TRUST_ARGS_TEXT); prove_candidate "$1" "$2/$1"' _ '{}' "$BATS_FILE_TMPDIR"
}

# replays DIR: each counterexample row make prove printed (in DIR/out, in
# order: a sequence when it says so) replayed here through the candidate's
# build and the reference, in one run each: the last answers differ, and the
# reference says what the last row's column 5 says.
replays() {
    local rows golf_says ref_says label
    rows=$(grep -P "$ROW" "$1/out") || fail "no counterexample row: $(cat "$1/out")"
    label=$(tail -n 1 <<< "$rows")
    label=${label##*prove: }
    label=${label% says *}
    golf_says=$(cut -f1-4 <<< "$rows" | "$1/prove/golf-${label// /}" | tail -n 1)
    ref_says=$(cut -f1-4 <<< "$rows" | "$BUILD/reference" --rule challenge | tail -n 1)
    [ "$ref_says" = "$(tail -n 1 <<< "$rows" | cut -f5)" ] || fail "the reference says $ref_says: $rows"
    [ "$golf_says" != "$ref_says" ] || fail "golf and reference agree ($golf_says) on: $rows"
    printf '# %s\n' "${rows//$'\n'/ | }" >&3
}

candidate_verdict() {
    local dir="$BATS_FILE_TMPDIR/$1" verdict expect
    verdict=$(awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$CANDIDATES")
    expect=$(awk -F'\t' -v n="$1" '$1 == n { print $4 }' "$CANDIDATES")
    [ "$(cat "$dir/status")" -ne 99 ] || fail "$(cat "$dir/out")"
    [ "$(cat "$dir/status")" -ne 0 ] || fail "make prove proved candidate $1:
$(cat "$dir/out")"
    grep -q -E "$expect" "$dir/out" || fail "make prove's output has no /$expect/:
$(cat "$dir/out")"
    grep -q '^prove: not proved' "$dir/out" || fail "no closing 'not proved' line: $(cat "$dir/out")"
    refute grep -q 'a fault in the tool' "$dir/out"
    case $verdict in
    refused) grep -q "^prove: refused: .*$1\.c" "$dir/out" || fail "the refusal does not name $1.c: $(cat "$dir/out")" ;;
    refuted) replays "$dir" ;;
    unproved) grep -q '^prove: .*unproved: ' "$dir/out" || fail "not unproved: $(cat "$dir/out")" ;;
    *) fail "candidates.tsv: verdict '$verdict' of $1 is none of refused, refuted, unproved" ;;
    esac
    printf '# %s: %s\n' "$1" "$(grep -m 1 -E "$expect" "$dir/out" | cut -c1-150)" >&3
}

while IFS= read -r name; do
    bats_test_function --description "candidate $name: $(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$CANDIDATES")" \
        -- candidate_verdict "$name"
done < <(row_names "$CANDIDATES")

HOSTILE="$ROOT/tests/prove/candidates/hostile.tsv"
# hostile_refused FILE: make prove on tests/prove/candidates/hostile/FILE (gcc -O2's
# object and clang-19 -O2's, start 32) refuses it before the proof, with
# the line hostile.tsv expects.
hostile_refused() {
    refused_on "$1" "gcc:-O2 clang-19:-O2" "$(awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$HOSTILE")"
}

# refused_on FILE BUILDS EXPECT: make prove on hostile/FILE with BUILDS
# (start 32) refuses it before the proof, with a line ^prove: EXPECT.
refused_on() {
    run project_make prove GOLF="tests/prove/candidates/hostile/$1" PROVE_BUILDS="$2" \
        PROVE_UBSAN=clang-19:-O2 PROVE_UBSAN_POSITIONS=1000 PROVE_ARGS="--starts 32"
    assert_failure
    assert_line --regexp "^prove: $3"
    assert_line --regexp '^prove: not proved \('
    refute_line --regexp '^prove: (checked|start [0-9]+: proved)'
    printf '# %s\n' "$(grep -m 1 -E "^prove: $3" <<< "$output" | cut -c1-160)" >&3
}

while IFS= read -r name; do
    bats_test_function --description "hostile $name: refused before the proof ($(awk -F'\t' -v n="$name" '$1 == n { print $3 }' "$HOSTILE" | cut -c1-70))" \
        -- hostile_refused "$name"
done < <(row_names "$HOSTILE")

# The C library's memset and memcpy may be named in an object (clang at -O0
# calls memset for char t[40]={0}; the proof runs its IR's llvm.memset), so
# no function of the candidate may bear such a name: clang-19 -O0's call
# for the zeroing binds to the candidate's static memset (a PLT32 to the
# local symbol), which fills t with ones where the proof zeroes it.
@test "a static memset beside a local array is refused by name: clang-19 -O0's own call for char t[40]={0} would run it, where the proof runs the library's" {
    refused_on memset.c clang-19:-O0 "refused: .*memset.c: .*golf-clang-19-O0.o.*: symbol memset: a local function in \.text named as the C library's"
}

# libgcc's __popcountdi2 may be named in an object, undefined (gcc calls
# it for __builtin_popcountl; the proof models libgcc's routine,
# libgcc.py), so no function of the candidate may bear its name: a static
# function named so by an asm label (gnu89's asm, no __ name in the text)
# takes gcc -O0's calls for the builtin in the program, counting one bit.
@test "a function of the candidate named __popcountdi2 by an asm label is refused by name: gcc's calls for __builtin_popcountl would run it, where the proof models libgcc's" {
    refused_on popcountdi2.c gcc:-O0 "refused: .*popcountdi2.c: .*golf-gcc-O0.o.*: symbol __popcountdi2: a global function in \.text named as libgcc's"
}

@test "allow.py reads each object as binutils' readelf does: the golf's and every hostile candidate's, gcc and clang-19" {
    local f cc objs=()
    for f in "$ROOT/golf/checkers.c" "$ROOT"/tests/prove/candidates/hostile/*.c; do
        for cc in gcc clang-19; do
            "$cc" -O2 -std=gnu89 -c -o "$BATS_TEST_TMPDIR/$(basename "$f" .c)-$cc.o" "$f" 2> /dev/null || fail "$cc: $f"
            objs+=("$BATS_TEST_TMPDIR/$(basename "$f" .c)-$cc.o")
        done
    done
    run "$(project_make print-PYTHON)" "$ROOT/tests/prove/allow.py" "${objs[@]}"
    assert_success
    assert_output --regexp "allow: ${#objs[@]} objects read as readelf reads them, 0 differ$"
}

# allow_check OBJ...: allow.py's verdict on each object, one line each
# ("OBJ: ok" or its refusals); ALLOW_LOCAL_FUNCTIONS=0 turns static helpers off,
# ALLOW_JUMP_TABLES=0 the check of read-only data's entries (prove.py's
# plant no-table-check).
allow_check() {
    "$(project_make print-PYTHON)" - "$@" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ['ROOT'], 'tests', 'prove'))
import allow
allow.LOCAL_FUNCTIONS = os.environ.get('ALLOW_LOCAL_FUNCTIONS', '1') == '1'
allow.JUMP_TABLES = os.environ.get('ALLOW_JUMP_TABLES', '1') == '1'
for path in sys.argv[1:]:
    print('%s: %s' % (os.path.basename(path), '; '.join(allow.check(path)) or 'ok'))
PY
}

@test "a static helper is allowed in the object (the proof follows calls into it); off, it is refused by name; code beside f and its helpers is refused" {
    local cc level objs=()
    for cc in gcc clang-19; do
        for level in -O0 -O2; do
            "$cc" $level -std=gnu89 -c -o "$BATS_TEST_TMPDIR/helper-$cc$level.o" "$ROOT/tests/prove/candidates/complete/helper.c" 2> /dev/null ||
                fail "$cc $level"
            objs+=("$BATS_TEST_TMPDIR/helper-$cc$level.o")
        done
    done
    ROOT=$ROOT run allow_check "${objs[@]}"
    assert_success
    assert_output "$(printf '%s: ok\n' "${objs[@]##*/}")"
    # With static helpers off, the same objects are refused, naming the helper.
    ALLOW_LOCAL_FUNCTIONS=0 ROOT=$ROOT run allow_check "$BATS_TEST_TMPDIR/helper-gcc-O0.o"
    assert_output --regexp '^helper-gcc-O0.o: .*symbol ends: a local function in .text'
    # 32 bytes in .text that are no function's (a top-level asm) beside f and the helper.
    { cat "$ROOT/tests/prove/candidates/complete/helper.c"; printf '__asm__(".text\\n.fill 32, 1, 0x90");\n'; } > "$BATS_TEST_TMPDIR/fill.c"
    gcc -O2 -std=gnu89 -c -o "$BATS_TEST_TMPDIR/fill.o" "$BATS_TEST_TMPDIR/fill.c"
    ROOT=$ROOT run allow_check "$BATS_TEST_TMPDIR/fill.o"
    assert_output --regexp '^fill.o: .text holds [0-9]+ bytes, f [0-9]+ of them from byte [0-9]+: code outside f and its static functions$'
}

# jump_table_object NAME ENTRY: an object of f jumping through a table in
# .rodata whose second entry is ENTRY (as the assembler reads it).
jump_table_object() {
    printf '%s\n' '	.text' '	.globl f' '	.type f, @function' 'f:' '	leaq .Ltab(%rip), %rcx' \
        '	movslq (%rcx,%rdx,4), %rax' '	addq %rcx, %rax' '	jmp *%rax' '.La:	movl $1, %eax' '	ret' \
        '	.size f, .-f' '	.section .rodata' '	.align 4' '.Ltab:	.long .La-.Ltab' "	$2" \
        '	.section .rodata.str1.1,"aMS",@progbits,1' '.Ls:	.string "up"' '	.data' '.Ld:	.long 0' '	.section .note.GNU-stack,"",@progbits' > "$BATS_TEST_TMPDIR/$1.s"
    gcc -c -o "$BATS_TEST_TMPDIR/$1.o" "$BATS_TEST_TMPDIR/$1.s"
}

@test "a jump table's entries may go only into f's own code: switch.c's tables are allowed, entries into data or by address are refused; planted off, they pass" {
    local cc level objs=()
    for cc in gcc clang-19; do
        for level in -O0 -O2; do
            "$cc" $level -std=gnu89 -c -o "$BATS_TEST_TMPDIR/switch-$cc$level.o" "$ROOT/tests/prove/candidates/complete/switch.c" ||
                fail "$cc $level"
            objs+=("$BATS_TEST_TMPDIR/switch-$cc$level.o")
        done
    done
    [ "$(readelf -r "$BATS_TEST_TMPDIR/switch-gcc-O2.o" | grep -c 'rela.rodata')" -eq 1 ] || fail "gcc -O2 made no jump table"
    jump_table_object into-data '.long .Ld-.Ltab'
    jump_table_object into-rodata '.long .Ls-.Ltab'
    jump_table_object by-address '.quad .La'
    ROOT=$ROOT run allow_check "${objs[@]}" "$BATS_TEST_TMPDIR"/{into-data,into-rodata,by-address}.o
    assert_success
    assert_output "$(printf '%s: ok\n' "${objs[@]##*/}")
into-data.o: relocation R_X86_64_PC32 at .rodata+0x4 to .data: read-only data may refer only to f's own code (a jump table, PC32)
into-rodata.o: relocation R_X86_64_PC32 at .rodata+0x4 to .Ls: read-only data may refer only to f's own code (a jump table, PC32)
by-address.o: relocation R_X86_64_64 at .rodata+0x4 to .text: read-only data may refer only to f's own code (a jump table, PC32)"
    # The plant: entries go anywhere, and the two tables into data pass.
    ALLOW_JUMP_TABLES=0 ROOT=$ROOT run allow_check "$BATS_TEST_TMPDIR"/{into-data,into-rodata}.o
    assert_output 'into-data.o: ok
into-rodata.o: ok'
}

@test "the 175-byte golf, not UTF-8 (FB FD FE FF in its constant), is proved: its bytes reach the compilers untouched" {
    local golf="$ROOT/tests/prove/candidates/right/checkers-175.c" want
    # It is golf/checkers.c with -'\4\2\1\1' written as the four raw bytes.
    want=$(LC_ALL=C sed "s/-'\x04\x02\x01\x01'/'\xfb\xfd\xfe\xff'/" "$ROOT/golf/checkers.c"; printf x)
    [ "$(cat "$golf"; printf x)" = "$want" ] || fail "checkers-175.c is not the golf with its constant in raw bytes"
    [ "$(wc -c < "$golf")" -eq 175 ] || fail "not 175 bytes"
    ! iconv -f UTF-8 -t UTF-8 "$golf" > /dev/null 2>&1 || fail "it is UTF-8"
    run project_make prove GOLF=tests/prove/candidates/right/checkers-175.c PROVE_BUILDS="gcc:-O2 clang-19:-O2" \
        PROVE_UBSAN=clang-19:-O2 PROVE_UBSAN_POSITIONS=200000
    assert_success
    assert_line --regexp '^prove: checked: '
    assert_line --index -1 --regexp '^prove: golf == reference on every valid input \(32 starts, builds gcc -O2, clang-19 -O2\), a run within [0-9,]+ instructions \(gcc -O2\), [0-9]+ s$'
    printf '# %s\n' "${lines[-1]#prove: }" >&3
}

@test "a result wider than int is compared as the driver reads it, its low 32 bits (the checks beside the proof off)" {
    local dir="$BATS_TEST_TMPDIR"
    candidate long-return "$dir/long-return.c"
    run project_make prove GOLF="$(in_checkout "$dir")/long-return.c" PROVE_OUT="$(in_checkout "$dir")/prove" \
        PROVE_BUILDS=clang-19:-O2 PROVE_TRUST= PROVE_ARGS="--starts 27"
    assert_failure
    assert_line --regexp $'^-\t27\t27\t23\ttrue\ttrue\tprove: clang-19 -O2 says false$'
}

@test "the explored paths must cover every valid input: a path dropped on purpose leaves the golf unproved" {
    run project_make prove "${TRUST_ARGS[@]}" PROVE_TRUST= PROVE_ARGS="--starts 32 --drop-path"
    assert_failure
    assert_line --regexp '^prove: clang-19 -O2: unproved: start 32: the explored paths do not cover every valid input'
}

@test "make prove's builds of the golf keep the compilers' warnings off the terminal" {
    run project_make prove-build "${TRUST_ARGS[@]}" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove"
    assert_success
    refute_output --partial 'warning'
    [ -s "$BATS_TEST_TMPDIR/prove/golf-clang-19-O2.ll.warnings" ] || fail "no warnings file beside the IR"
}

starts_printed_as_proved() {
    local stamped="$BATS_TEST_TMPDIR/stamped" first last
    # Each line with the second it arrived.
    project_make prove PROVE_BUILDS=clang-19:-O2 PROVE_TRUST= PROVE_ARGS="--jobs 1" 2>&1 |
        while IFS= read -r line; do printf '%s %s\n' "$SECONDS" "$line"; done > "$stamped"
    grep -q ' prove: start 32: proved (clang-19 -O2 [0-9.]* s)$' "$stamped" || fail "no line for start 32: $(cat "$stamped")"
    first=$(grep -m 1 ' prove: start [0-9]*: proved' "$stamped" | cut -d ' ' -f 1)
    last=$(grep ' prove: golf == reference' "$stamped" | cut -d ' ' -f 1)
    [ -n "$last" ] || fail "not proved: $(cat "$stamped")"
    [ $((last - first)) -ge 5 ] || fail "the first start's line came $((last - first)) s before the closing line"
}

same_counterexample_every_run() {
    local dir="$BATS_TEST_TMPDIR" first
    plant_mutant() { apply_row "$ROOT/tests/fixtures/mutants.tsv" "$1" "$2"; [ "$count" -eq 1 ]; }
    plant_mutant edge-wrap "$dir/wrong.c"
    for i in 1 2; do
        run project_make prove GOLF="$(in_checkout "$dir")/wrong.c" PROVE_OUT="$(in_checkout "$dir")/prove" \
            PROVE_BUILDS=clang-19:-O2 PROVE_TRUST= PROVE_ARGS="--starts 32-27"
        assert_failure
        row=$(grep -m 1 -P "$ROW" <<< "$output") || fail "no row: $output"
        [ -z "$first" ] || [ "$row" = "$first" ] || fail "run $i: $row, run 1: $first"
        first=$row
    done
    printf '# %s\n' "$row" >&3
}

if slow_tests; then
    bats_test_function --description "each start is printed as it is proved, not all at the end" -- starts_printed_as_proved
    bats_test_function --description "the same wrong candidate gives the same counterexample on every run" -- same_counterexample_every_run
fi

# ==================== The site's program ====================
# What Attempt This Online runs: the golf, a line feed and golf/post's
# footer as one file, built by the real gcc-14, gcc-15 and gcc-16 (Debian
# unstable's, in the build tree's root: tests/tools/site-root, made once)
# with the post's flags and Arch's defaults (PIE, -fstack-protector-strong),
# -O0.  make prove's site builds prove the very object each program links.
SITE_ALL="site-gcc-14:-O0 site-gcc-15:-O0 site-gcc-16:-O0"
SITE_ARGS=(PROVE_UBSAN=clang-19:-O2 PROVE_UBSAN_POSITIONS=1000)

@test "the golf is proved on the site's builds (one file with the footer; gcc-14, gcc-15, gcc-16; PIE, -fstack-protector-strong, -O0), its checks run on them" {
    run project_make prove PROVE_BUILDS="$SITE_ALL" PROVE_ARGS="--starts 27,9" "${SITE_ARGS[@]}"
    assert_success
    assert_line --regexp "the same tokens under [0-9]+ compilers, 6 settings each\\); each object exactly f \\([0-9]+ objects; the 3 site objects f and the footer\\); the footer means the same in the site's file \\(3 site objects\\)"
    assert_line 'prove: site-gcc-15 -O0, site-gcc-16 -O0: the same code as site-gcc-14 -O0, proved once'
    assert_line --index -1 --regexp 'builds site-gcc-14 -O0, site-gcc-15 -O0, site-gcc-16 -O0\), a run within [0-9,]+ instructions \(site-gcc-1[456] -O0\), [0-9]+ s$'
    printf '# %s\n' "${lines[-1]#prove: }" >&3
}

# footer_rows: the footer's cases (golf/post/footer.c) as "name<TAB>row"
# lines, each list's zeros dropped: the reference answers each row.
footer_rows() {
    sed -n 's/^{"\([^"]*\)",{\([0-9,]*\)},{\([0-9,]*\)},\([0-9]*\),\([0-9]*\)}.*/\1\t\2\t\3\t\4\t\5/p' "$ROOT/golf/post/footer.c" |
        while IFS=$'\t' read -r name b w s e; do
            b=$(tr ',' '\n' <<< "$b" | grep -v '^0$' | paste -sd,) w=$(tr ',' '\n' <<< "$w" | grep -v '^0$' | paste -sd,)
            printf '%s\t%s\t%s\t%s\t%s\n' "$name" "${b:--}" "${w:--}" "$s" "$e"
        done
}

@test "the site's programs run: each real gcc's build of the golf with the footer prints the reference's answer to each of the footer's cases" {
    local v want got
    local b
    b=$(in_checkout "$BUILD") # make cannot take a path with spaces
    run project_make files FILES="$b/site/gcc-14 $b/site/gcc-15 $b/site/gcc-16"
    assert_success
    want=$(footer_rows | while IFS=$'\t' read -r name b w s e; do
        printf '%s: %s\n' "$name" "$(printf '%s\t%s\t%s\t%s\n' "$b" "$w" "$s" "$e" | "$BUILD/reference" --rule challenge)"
    done)
    [ "$(wc -l <<< "$want")" -eq 15 ] || fail "the footer's cases: $want"
    for v in 14 15 16; do
        got=$("$ROOT/tests/tools/sandbox" "$BUILD/site/gcc-$v")
        [ "$got" = "$want" ] || fail "gcc-$v's site program: $got; the reference: $want"
    done
}

# site_hole NAME PLANT...: hostile NAME with the checks PLANT (prove.py
# --plant) taken away.
site_hole() {
    local name=$1 plants
    shift
    plants=$(printf ' --plant %s' "$@")
    run project_make prove GOLF="tests/prove/candidates/hostile/$name" PROVE_BUILDS="${BUILDS:-gcc:-O2 clang-19:-O2}" \
        PROVE_ARGS="--starts 27$plants" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" "${SITE_ARGS[@]}"
}

@test "the compiler's identity: without the name and identity checks, __GNUC__>14 is proved on the matrix and refuted by the site's gcc-15; with the names rule away, the identity check still refuses it" {
    site_hole gnuc-expr.c no-compiler-names one-identity
    assert_success
    BUILDS=site-gcc-15:-O0 site_hole gnuc-expr.c no-compiler-names one-identity
    assert_failure
    printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/out"
    row=$(grep -m 1 -P "$ROW" "$BATS_TEST_TMPDIR/out") || fail "no row: $output"
    [[ $row == *'prove: site-gcc-15 -O0 says '* ]] || fail "not the site build's row: $row"
    assert_line --regexp '^prove: replayed: .*golf-site-gcc-15-O0 says (true|false), the reference \(--rule challenge\) says (true|false)$'
    site_hole gnuc-expr.c no-compiler-names
    assert_failure
    assert_line --regexp "^prove: refused: .*gnuc-expr.c: its tokens after the preprocessor differ between"
    printf '# %s\n' "$row" >&3
}

# Builds whose proofs would read the same text are proved once (prove.py's
# same_code): the golf's f is byte for byte the same from the three site
# compilers.  gnuc-expr.c's is not: planted, sameness judged by the rule
# alone, gcc-15's build goes unproved and the candidate is proved.
@test "builds are proved once only when their code is the same: gnuc-expr.c, without its checks, is refuted by site-gcc-15 beside site-gcc-14; planted, by rule alone, it is proved" {
    BUILDS="site-gcc-14:-O0 site-gcc-15:-O0" site_hole gnuc-expr.c no-compiler-names one-identity
    assert_failure
    refute_line --partial 'the same code as'
    row=$(grep -m 1 -P "$ROW" <<< "$output") || fail "no row: $output"
    [[ $row == *'prove: site-gcc-15 -O0 says '* ]] || fail "not site-gcc-15's row: $row"
    printf '# %s\n' "$row" >&3
    BUILDS="site-gcc-14:-O0 site-gcc-15:-O0" site_hole gnuc-expr.c no-compiler-names one-identity same-by-rule
    assert_success
    assert_line 'prove: site-gcc-15 -O0: the same code as site-gcc-14 -O0, proved once'
    printf '# planted: %s\n' "${lines[-1]#prove: }" >&3
}

@test "the distribution's defaults: without the checks, #ifdef __SSP_STRONG__ is proved on the matrix and refuted by the site's gcc-15" {
    site_hole ssp-strong.c no-compiler-names one-identity
    assert_success
    BUILDS=site-gcc-15:-O0 site_hole ssp-strong.c no-compiler-names one-identity
    assert_failure
    row=$(grep -m 1 -P "$ROW" <<< "$output") || fail "no row: $output"
    [[ $row == *'prove: site-gcc-15 -O0 says '* ]] || fail "not the site build's row: $row"
    printf '# %s\n' "$row" >&3
}

@test "the footer in the site's file: without its text check, #define f g is refused by the site object's footer (main calls g); without both, the site's build is proved (the hole)" {
    BUILDS=site-gcc-15:-O0 site_hole define-f.c footer-text-unchecked
    assert_failure
    assert_line --regexp "^prove: refused: .*define-f.c: site-gcc-15: the footer's main refers to g where the footer alone refers to f"
    BUILDS=site-gcc-15:-O0 site_hole define-f.c footer-unchecked
    assert_success
    assert_line --index -1 --regexp '^prove: golf == reference'
}

# allow_site OBJ FOOTER_OBJ: allow.py's verdict on a site object (its
# footer's part the footer's), one line ("OBJ: ok" or its refusals).
allow_site() {
    "$(project_make print-PYTHON)" - "$@" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ['ROOT'], 'tests', 'prove'))
import allow
print('%s: %s' % (os.path.basename(sys.argv[1]), '; '.join(allow.check(sys.argv[1], footer=sys.argv[2])) or 'ok'))
PY
}

@test "the site's object is held to allow.py's list too: the footer's part is the footer's, and __stack_chk_fail (the stack protector's) is allowed there and nowhere else" {
    local golf=tests/prove/candidates/complete/localarray.c dir b
    run project_make files GOLF="$golf" FILES="$(project_make -s print-SITE_DIR GOLF="$golf")/gcc-15.o $(project_make -s print-SITE_DIR GOLF="$golf")/footer-gcc-15.o" PROVE_BUILDS=site-gcc-15:-O0
    assert_success
    dir=$ROOT/$(project_make -s print-SITE_DIR GOLF="$golf")
    # A local array: the site's gcc guards f with the canary and __stack_chk_fail.
    run readelf -W -s "$dir/gcc-15.o"
    assert_line --regexp 'NOTYPE +GLOBAL +DEFAULT +UND __stack_chk_fail$'
    ROOT=$ROOT run allow_site "$dir/gcc-15.o" "$dir/footer-gcc-15.o"
    assert_output 'gcc-15.o: ok'
    # the golf's own site object, no array: nothing to allow
    b=$(in_checkout "$BUILD") # make cannot take a path with spaces
    run project_make files FILES="$b/site/gcc-15.o $b/site/footer-gcc-15.o" PROVE_BUILDS=site-gcc-15:-O0
    assert_success
    ROOT=$ROOT run allow_site "$BUILD/site/gcc-15.o" "$BUILD/site/footer-gcc-15.o"
    assert_output 'gcc-15.o: ok'
    # The same guarded code in an object of the golf's (no footer: a matrix
    # build), and the site's object with one more name of the C library
    # called from f: refused, naming it.
    gcc -O0 -std=gnu89 -fstack-protector-strong -c -o "$BATS_TEST_TMPDIR/ssp.o" "$ROOT/$golf" 2> /dev/null
    ROOT=$ROOT run allow_check "$BATS_TEST_TMPDIR/ssp.o"
    assert_output --regexp '^ssp.o: .*symbol __stack_chk_fail: a reference to something outside the object'
    { printf 'static g(x){return abs(x);}\n'; sed '1s/{long B/{if(s>99)return g(s);long B/' "$ROOT/$golf"; printf '\n';
        cat "$ROOT/golf/post/footer.c"; } > "$BATS_TEST_TMPDIR/abs.c"
    "$ROOT/tests/tools/site-root" "$BUILD/site-root" build gcc-15 "$BATS_TEST_TMPDIR/abs.c" "$BATS_TEST_TMPDIR/abs.o" - \
        -std=gnu89 -fno-builtin -O0 -fPIE -fstack-protector-strong
    ROOT=$ROOT run allow_site "$BATS_TEST_TMPDIR/abs.o" "$dir/footer-gcc-15.o"
    assert_output --regexp '^abs.o: .*symbol abs: a reference to something outside the object'
}

@test "the stack protector at the site: with the checks away, gcc-15's build of a byte written to t[8] is refuted with a row whose replay aborts (stack smashing), t[*w>0?8:0] is not proved; with __stack_chk_fail planted as a call that returns, t[8] is proved (the hole)" {
    local out="$(in_checkout "$BATS_TEST_TMPDIR")/prove"
    run project_make prove GOLF=tests/prove/candidates/hostile/canary-const.c PROVE_BUILDS=site-gcc-15:-O0 \
        PROVE_TRUST= PROVE_ARGS="--starts 27" PROVE_OUT="$out"
    assert_failure
    assert_line --regexp '^prove: site-gcc-15 -O0: start 27: undefined behaviour in the golf: f\+0x[0-9a-f]+: call __stack_chk_fail: the stack protector.s canary changed'
    assert_line --regexp 'golf-site-gcc-15-O0 says nothing \(\*\*\* stack smashing detected \*\*\*'
    row=$(grep -m 1 -P "$ROW" <<< "$output") || fail "no row: $output"
    [[ $row == *'prove: site-gcc-15 -O0 has undefined behaviour' ]] || fail "not the site build's row: $row"
    printf '# %s\n' "$row" >&3
    run project_make prove GOLF=tests/prove/candidates/hostile/canary.c PROVE_BUILDS=site-gcc-15:-O0 \
        PROVE_TRUST= PROVE_ARGS="--starts 27" PROVE_OUT="$out"
    assert_failure
    refute_line --regexp '^prove: golf == reference'
    printf '# canary.c: %s\n' "$(grep -m 1 -E 'unproved|undefined behaviour' <<< "$output" | cut -c1-150)" >&3
    run project_make prove GOLF=tests/prove/candidates/hostile/canary-const.c PROVE_BUILDS=site-gcc-15:-O0 \
        PROVE_TRUST= PROVE_ARGS="--starts 27 --plant canary-ignored" PROVE_OUT="$out"
    assert_success
    assert_line --index -1 --regexp '^prove: golf == reference'
}

@test "the time a run takes: slow-helper.c (a static g(n){return n?g(n-1)|g(n-1):1;} called with 44 on one board: 2^45 calls) is not proved on the site's build, naming its bound; with a call made again counted as nothing, it is proved (the hole)" {
    local golf=tests/prove/candidates/time/slow-helper.c
    run project_make prove GOLF="$golf" PROVE_BUILDS=site-gcc-15:-O0 PROVE_ARGS="--starts 27" "${SITE_ARGS[@]}" \
        PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove"
    assert_failure
    assert_line --regexp '^prove: checked: '
    assert_line --regexp "^prove: site-gcc-15 -O0: unproved: start 27: a run may execute [0-9.]+x10\\^1[45] machine instructions \\(the proof's bound: each call counted every time it is made\\), more than the 400,000,000 a call the site's minute allows \\(bound.py\\)$"
    assert_line --regexp '^prove: not proved \('
    printf '# %s\n' "$(grep -m 1 'unproved: ' <<< "$output" | cut -c1-150)" >&3
    run project_make prove GOLF="$golf" PROVE_BUILDS=site-gcc-15:-O0 PROVE_TRUST= PROVE_ARGS="--starts 27 --plant count-once" \
        PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove"
    assert_success
    assert_line --index -1 --regexp '^prove: golf == reference .*, a run within [0-9,]+ instructions \(site-gcc-15 -O0\), [0-9]+ s$'
}

@test "the site's root in a checkout whose path has a space and a quote: debootstrap, which splits its target at spaces and evals it, is given /mnt, the build tree bound on it" {
    [ "$(id -u)" -eq 0 ] || skip "as root only (a user's root is made by mmdebstrap)"
    local d="$BATS_TEST_TMPDIR/it's a b"
    mkdir -p "$d/build" "$d/bin"
    # a debootstrap that says where it was asked to make the root, and marks it
    printf '#!/bin/sh\nprintf "%%s\\n" "$4" > "$STUB_LOG" && touch "$4/made-here"; exit 1\n' > "$d/bin/debootstrap"
    chmod +x "$d/bin/debootstrap"
    cd "$d"
    STUB_LOG="$d/target" SITE_MIRROR=http://deb.debian.org/debian PATH="$d/bin:$PATH" run "$ROOT/tests/tools/site-root" build/site-root make
    assert_failure
    assert_output --partial 'site-root: debootstrap failed'
    assert_equal "$(cat "$d/target")" /mnt
    [ -e "$d/build/site-root.tmp/made-here" ] || fail "what debootstrap made is not in the build tree"
}
