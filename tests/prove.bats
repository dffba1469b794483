#!/usr/bin/env bats
# `make prove` in small (tests/prove/): the proof of the real golf, its
# model against the machine on a sample, a needle that make verify's search
# misses and the proof refutes, the x86 model of gcc's machine code on a
# hand-written f and on a needle only gcc's build gets wrong, and a representative third of the planted
# bugs of tests/fixtures/mutants.tsv refuted, each counterexample replayed here
# through the mutant's own build and the reference.  The whole model check
# is `make prove-check`; every mutant, the same loop over all rows.

bats_require_minimum_version 1.11.0 # bats_test_function
load test_helper

NEEDLES="$ROOT/tests/prove/candidates/needles.tsv"
MUTANTS="$ROOT/tests/fixtures/mutants.tsv"
# A third of tests/fixtures/mutants.tsv, one or two of each kind of bug: the board's
# edges and ghosts, the chain and its rounds, the forced capture, the masks
# and the lists, a jump's squares, the steps.  (Every row is refuted by make
# prove; this many fit make test-long's budget.  PROVE_ALL_MUTANTS=1 runs
# them all: `PROVE_ALL_MUTANTS=1 tests/tools/run tests/prove.bats`.)
# By default (make test-long) two of them, and the golf's proof on two
# starts; with PROVE_FULL=1 (make test-long PROVE_FULL=1) every start of
# every default build, and every row refuted.
if [ -n "${PROVE_FULL:-}" ]; then
    PROVE_ALL_MUTANTS=1
    PROVE_MUTANTS=(edge-wrap ghost-17 early-chain-stop capture-not-mandatory too-few-rounds
        black-mask-late whites-skipped square-32-bits dir5-landing both-ways-xor step-onto-occupied)
else
    PROVE_MUTANTS=(edge-wrap capture-not-mandatory)
fi
if [ -n "${PROVE_ALL_MUTANTS:-}" ]; then
    mapfile -t PROVE_MUTANTS < <(row_names "$MUTANTS")
fi
# The mutants are proved against one build, each run on one core, two runs
# side by side.
MUTANT_BUILD=clang-19:-O2
# Random positions for the model-against-machine sample.
# The builds proved here: by default clang-19 -O2 from its IR and gcc -O2
# from its machine code, on two starts, with UBSan on fewer positions;
# with PROVE_FULL=1, make prove's defaults, every start.
if [ -n "${PROVE_FULL:-}" ]; then
    CHECK_POSITIONS=3000
    TEST_BUILDS=$(project_make -s print-PROVE_BUILDS)
    TEST_STARTS=1-32
    TEST_KNOBS=()
else
    CHECK_POSITIONS=300
    TEST_BUILDS="clang-19:-O2 gcc:-O2"
    TEST_STARTS=32,9
    TEST_KNOBS=(PROVE_UBSAN="gcc:-O2 clang-19:-O2" PROVE_UBSAN_POSITIONS=100000)
fi
TEST_BUILD_NAMES=$(sed -e 's/:/ /g' -e 's/ \([^ ]*\) / \1, /g' <<< "$TEST_BUILDS")
# The counterexample make prove prints: a cases.tsv row whose name says
# which build answered what.
ROW='^[-0-9,]+\t[-0-9,]+\t[0-9]+\t[0-9]+\t(true|false)\t(true|false)\tprove: '

# plant TSV NAME FILE: golf/checkers.c with row NAME of TSV applied, into
# FILE (apply_row); fails if the row is missing or its search is not in the
# golf exactly once.
plant() {
    local count
    apply_row "$@"
    [ "$count" -ne -1 ] || { echo "no row $2 in $1"; return 1; }
    [ "$count" -eq 1 ] || { echo "row $2 of $1: its search occurs $count times in golf/checkers.c; update the row"; return 1; }
}

# prove_mutant NAME DIR: make prove on the mutant NAME in DIR (DIR/mutant.c,
# its builds in DIR/prove), the output in DIR/out, the status in DIR/status.
prove_mutant() {
    local dir=$2 status=0
    mkdir -p "$dir"
    plant "$MUTANTS" "$1" "$dir/mutant.c" > "$dir/out" 2>&1 || { echo 99 > "$dir/status"; return; }
    make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" prove GOLF="$dir/mutant.c" \
        PROVE_OUT="$(in_checkout "$dir")/prove" PROVE_BUILDS="$MUTANT_BUILD" PROVE_ARGS="--jobs 1" PROVE_TRUST= \
        >> "$dir/out" 2>&1 || status=$?
    echo "$status" > "$dir/status"
}

# refuted OUT DIR: make prove's output OUT (the run exited non-zero) holds a
# counterexample row, replayed by the tool; replayed again here, through the
# mutant's build in DIR and the reference, the two disagree and the
# reference says what the row's column 5 says.  A counterexample of state
# left by earlier calls is rows to run in order ("prove: the row before"),
# replayed in one run of the driver, the last row's answers compared.
# Sets row (the last).
refuted() {
    local golf_says ref_says label driver rows
    rows=$(grep -P "$ROW" "$1") || fail "no counterexample row in make prove's output:
$(cat "$1")"
    rows=$(awk '/\tprove: the row before$/ { print; next } { print; exit }' <<< "$rows")
    row=$(tail -n 1 <<< "$rows")
    grep -q '^prove: replayed: .* says \(true\|false\)\( to the last\)\?, the reference (--rule challenge) says \(true\|false\)$' "$1" ||
        fail "make prove did not replay the row: $(cat "$1")"
    grep -q '^prove: not proved' "$1" || fail "no closing 'not proved' line: $(cat "$1")"
    # The row's name says which build answered: "prove: clang-19 -O2 says true".
    label=${row##*prove: }
    label=${label% says *}
    driver="$2/golf-${label// /}"
    [ -x "$driver" ] || fail "no build $driver for the row: $row"
    golf_says=$(cut -f1-4 <<< "$rows" | "$ROOT/tests/tools/sandbox" "$driver" | tail -n 1)
    ref_says=$(cut -f1-4 <<< "$row" | "$BUILD/reference" --rule challenge)
    [ "$ref_says" = "$(cut -f5 <<< "$row")" ] || fail "the reference says $ref_says to the row: $row"
    [ "$golf_says" != "$ref_says" ] || fail "golf and reference agree on the row ($golf_says): $rows"
}

setup_file() {
    [ -x "$BUILD/reference" ] || {
        echo "$BUILD/reference is missing: run make test" >&2
        return 1
    }
    export ROOT BUILD MUTANTS MUTANT_BUILD
    export -f plant apply_row prove_mutant in_checkout
    printf '%s\n' "${PROVE_MUTANTS[@]}" |
        xargs -P 2 -I '{}' bash -c 'prove_mutant "$1" "$2/$1"' _ '{}' "$BATS_FILE_TMPDIR"
}

@test "make prove: the golf equals the reference on every valid input, builds $TEST_BUILDS, starts $TEST_STARTS" {
    run project_make prove PROVE_BUILDS="$TEST_BUILDS" PROVE_ARGS="--starts $TEST_STARTS" "${TEST_KNOBS[@]}"
    assert_success
    assert_line --index -1 --regexp "^prove: golf == reference on every valid input (with the start among [0-9,]+ )?\\(([0-9]+ of )?[0-9]+ starts, builds $TEST_BUILD_NAMES\\)(, a run within [0-9,]+ instructions \\([^)]*\\))?, [0-9]+ s$"
    assert_line --regexp '^prove: checked: the text alone \(no name, place, date or pragma in it; no name of the compiler.s own; the same tokens under [0-9]+ compilers, [0-9]+ settings each\); each object exactly f \([0-9]+ objects(; the [0-9]+ site objects f and the footer)?\); the footer means the same in the site.s file \([0-9]+ site objects\); f is int f\(int \*, int \*, int, int\) as the driver calls it; '
    printf '# %s\n' "${lines[-1]#prove: }" >&3
}

@test "make prove-check: the proof's formulas and executor agree with the compiled programs on $CHECK_POSITIONS positions, starts $TEST_STARTS" {
    run project_make prove-check PROVE_POSITIONS="$CHECK_POSITIONS" PROVE_BUILDS="$TEST_BUILDS" PROVE_ARGS="--starts $TEST_STARTS"
    assert_success
    assert_line --index -1 --regexp "^prove: model vs machine: $CHECK_POSITIONS positions, 0 mismatches, [0-9]+ s$"
    refute_line --regexp ' [1-9][0-9]* do not'
    printf '# %s\n' "${lines[-1]#prove: }" >&3
}

# gcc -O2's onearg.c reads the black list again after its loop: the board
# phase's reads are choices (lists.py), which prove-check's runs take as
# the driver's ascending list gives them (a ValueError on a free read
# before; every choice 0 instead: 12 of 200 disagree).
@test "make prove-check follows a board phase that reads the lists again: onearg.c at gcc -O2, 200 positions, 0 mismatches" {
    run project_make prove-check GOLF="$(in_checkout "$COMPLETE/onearg.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O2 PROVE_POSITIONS=200 PROVE_TRUST=
    assert_success
    assert_line --index -1 --regexp '^prove: model vs machine: 200 positions, 0 mismatches, [0-9]+ s$'
    assert_line --regexp "^prove: model vs machine: gcc -O2: the proof's formulas on 200 positions: 200 agree"
}

@test "a needle wrong on one board only: verify's quick search passes it, make prove refutes it on that board" {
    local needle="$BATS_TEST_TMPDIR/needle.c" black white
    run plant "$NEEDLES" one-board "$needle"
    assert_success
    IFS=$'\t' read -r black white < <(awk -F'\t' '$1 == "one-board" { print $4 "\t" $5 }' "$NEEDLES")
    # verify's search (the quick slice, one build) finds nothing wrong;
    # the full make verify passes it as well, 109930112 positions.
    run project_make verify-build GOLF="$needle" VERIFY_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/verify" GOLF_MATRIX=gcc:-O2
    assert_success
    run "$BATS_TEST_TMPDIR/verify/verify" --quick
    assert_success
    assert_line --index -1 --regexp '^verify: [0-9]+ positions, 0 mismatches, [0-9.]+ s$'
    # make prove refutes it, on that board, to square 1 (the proof alone:
    # the checks beside it refuse it first, gcc's -Wmaybe-uninitialized
    # guessing at B).
    run project_make prove GOLF="$needle" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" PROVE_BUILDS="$TEST_BUILDS" \
        PROVE_ARGS="--starts $([ -n "${PROVE_FULL:-}" ] && echo 1-32 || echo 32)" PROVE_TRUST=
    assert_failure
    printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/out"
    refuted "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/prove"
    [[ $(cut -f1,2,4 <<< "$row") == "$black"$'\t'"$white"$'\t'1 ]] || fail "not the needle's board: $row"
    printf '# %s\n' "$row" >&3
}

# x86_check DIR FILE.s N: tests/prove/checks/x86check.py on FILE.s assembled into
# DIR and linked with tests/prove/checks/tiny_main.c: the x86 model (x86.py) of f
# against the machine on N random inputs.
x86_check() {
    local py
    py=$(project_make print-PYTHON)
    "${CC:-gcc}" -c -o "$1/tiny.o" "$2" || return 99
    "${CC:-gcc}" -std=c11 -O2 -o "$1/tiny" "$ROOT/tests/prove/checks/tiny_main.c" "$1/tiny.o" || return 99
    "$py" "$ROOT/tests/prove/checks/x86check.py" "$1/tiny.o" "$1/tiny" "$3"
}

@test "the x86 model of gcc's instructions against the machine: a hand-written f, every flag and condition, 2000 inputs" {
    run x86_check "$BATS_TEST_TMPDIR" "$ROOT/tests/prove/checks/tiny.s" 2000
    assert_success
    assert_line --index -1 --regexp '^x86: model vs machine: 2000 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
}

@test "the x86 model refuses an instruction it does not model, naming it" {
    printf '\t.text\n\t.globl f\n\t.type f, @function\nf:\n\tmov %%edx, %%eax\n\tpopcnt %%ecx, %%eax\n\tret\n\t.size f, .-f\n\t.section .note.GNU-stack,"",@progbits\n' > "$BATS_TEST_TMPDIR/f.s"
    run x86_check "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/f.s" 10
    assert_equal "$status" 2
    assert_output 'x86: refused: f+0x2: popcnt eax, ecx: the form popcnt r32,r32 [f3] has no test against the processor (tests/prove/forms.tsv)'
}

@test "a form the registry has no test for is refused by the lifter, naming it (rep ret)" {
    printf '\t.text\n\t.globl f\n\t.type f, @function\nf:\n\tmov %%edx, %%eax\n\trep ret\n\t.size f, .-f\n\t.section .note.GNU-stack,"",@progbits\n' > "$BATS_TEST_TMPDIR/f.s"
    run x86_check "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/f.s" 10
    assert_equal "$status" 2
    assert_output 'x86: refused: f+0x2: ret : the form ret [f3] has no test against the processor (tests/prove/forms.tsv)'
}

@test "the x86 model of gcc's call forms against the machine: a hand-written f with leave, list pointers in stack slots, calls of f and of a helper, a tail call, 2000 inputs" {
    run x86_check "$BATS_TEST_TMPDIR" "$ROOT/tests/prove/checks/calls.s" 2000
    assert_success
    assert_line --index -1 --regexp '^x86: model vs machine: 2000 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
}

# x86_each DIR N [X86CHECK ARG...]: tests/prove/checks/x86check.py --each
# on canary.s (the stack protector as gcc -O0 -fstack-protector-strong
# writes it) linked with canary_main.c, one run of the processor per input
# (an abort ends a run), with the prover in DIR (default the checkout's).
x86_each() {
    local dir=${1:-$ROOT/tests/prove} py
    py=$(project_make print-PYTHON)
    "${CC:-gcc}" -c -o "$BATS_TEST_TMPDIR/canary.o" "$ROOT/tests/prove/checks/canary.s" || return 99
    "${CC:-gcc}" -std=c11 -O2 -o "$BATS_TEST_TMPDIR/canary" "$ROOT/tests/prove/checks/canary_main.c" "$BATS_TEST_TMPDIR/canary.o" || return 99
    "$py" "$dir/checks/x86check.py" "$BATS_TEST_TMPDIR/canary.o" "$BATS_TEST_TMPDIR/canary" "$2" --each
}

@test "the x86 model of the stack protector against the machine: the canary one number a run, __stack_chk_fail an abort (stack smashing) where the machine aborts and nowhere else, 300 runs" {
    run x86_each "" 300
    assert_success
    assert_line --regexp '^x86: the program aborted \(stack smashing detected\) on [1-9][0-9]* of 300 inputs$'
    assert_line --index -1 --regexp '^x86: model vs machine: 300 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s; %s\n' "${lines[-2]#x86: }" "${lines[-1]#x86: }" >&3
}

# A stack address plus or minus a number (gcc-16 -O0: lea rax, [rbp -
# 0x1d0]; add rax, rdx; movaps [rax], xmm0) is a computed place
# (x86.stack_arith); planted as always an add, its sub case goes red.
@test "a stack address moved by a number is a computed place; planted as always an add, the sub case goes red" {
    planted_forms x86.py "s/b.set(rd, kd, b.emit('%s i64 %s, %s' % (m, base, n)))/b.set(rd, kd, b.emit('add i64 %s, %s' % (base, n)))/" \
        'lea -8\(%rsp\), %rdx' 'and \$7, %r11; lea -8\(%rsp\), %rdx; sub %r11, %rdx; movl %ecx, -4\(%rdx\); movl \(%rdx\), %eax'
}

# An aligned move at a computed place of the stack (gcc-16 -O0 clears a
# local int array by a loop of movaps at [rbp + rdx - 0x1d0]): the model
# asks the proof to show the place a multiple of 16 (x86.check_aligned),
# and where it is not, the processor faults.  aligned.s stores at
# [rbp + (s & 24) - 48], one run of the processor per input: the model
# finds undefined behaviour exactly where the run faults.  Planted as if
# any place were aligned, it goes red.
x86_faults() {
    local dir=${1:-$ROOT/tests/prove} py
    py=$(project_make print-PYTHON)
    "${CC:-gcc}" -c -o "$BATS_TEST_TMPDIR/aligned.o" "$ROOT/tests/prove/checks/aligned.s" || return 99
    "${CC:-gcc}" -std=c11 -O2 -o "$BATS_TEST_TMPDIR/aligned" "$ROOT/tests/prove/checks/canary_main.c" "$BATS_TEST_TMPDIR/aligned.o" || return 99
    "$py" "$dir/checks/x86check.py" "$BATS_TEST_TMPDIR/aligned.o" "$BATS_TEST_TMPDIR/aligned" "$2" --each --faults
}

@test "the x86 model of an aligned move at a computed stack place against the machine: undefined behaviour where the processor faults and nowhere else, 200 runs; planted as always aligned, red" {
    run x86_faults "" 200
    assert_success
    assert_line --regexp '^x86: the program aborted \(a fault\) on [1-9][0-9]* of 200 inputs$'
    assert_line --index -1 --regexp '^x86: model vs machine: 200 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s; %s\n' "${lines[-2]#x86: }" "${lines[-1]#x86: }" >&3
    local dir="$BATS_TEST_TMPDIR/planted"
    planted_copy "$dir"
    sed -i 's/^            bad = (X - at) % n != 0 if isinstance(X, int) else z3.URem(X - at, n) != 0$/            bad = False/' "$dir/sym_mem.py"
    ! cmp -s "$dir/sym_mem.py" "$ROOT/tests/prove/sym_mem.py" || fail "nothing planted"
    run x86_faults "$dir" 200
    assert_failure
    assert_line --index -1 --regexp '^x86: model vs machine: 200 inputs, [1-9][0-9]* mismatches, [0-9.]+ s$'
    printf '# planted: %s\n' "${lines[-1]#x86: }" >&3
}

@test "the stack protector's model errors put back go red: __stack_chk_fail as a call that returns (canary.s), the canary read as 32 bits (its forms)" {
    local dir="$BATS_TEST_TMPDIR/planted"
    planted_copy "$dir"
    sed -i 's/^SMASH_RETURNS = False/SMASH_RETURNS = True/' "$dir/x86.py"
    ! cmp -s "$dir/x86.py" "$ROOT/tests/prove/x86.py" || fail "nothing planted"
    run x86_each "$dir" 300
    assert_failure
    assert_line --index -1 --regexp '^x86: model vs machine: 300 inputs, [1-9][0-9]* mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
    rm -rf "$dir"
    planted_forms x86.py "s/return 'i', self.emit('call i64 @x86.canary()')/return 'i', self.emit('and i64 %s, 4294967295' % self.emit('call i64 @x86.canary()'))/" \
        'fs:' 'movq %fs:0x28, %rax' 'subq %fs:0x28, %rdx'
}

# ==================== The time bound (tests/prove/bound.py) ====================
# time_bound LABEL: the proof's bound for build LABEL, from make prove's
# output in $output ("prove: time: ... (site-gcc-15 -O0 3,751, ...").
time_bound() {
    grep -m 1 '^prove: time: ' <<< "$output" | grep -o -P "(?<=\\(|, )$1 [0-9][0-9,]*[0-9]" | grep -o '[0-9,]*$'
}

# time_check [ARG...]: tests/prove/checks/timecheck.py (the instructions
# counted on the processor, one at a time, in the sandbox) with ARGs.
time_check() {
    "$(project_make print-PYTHON)" "$ROOT/tests/prove/checks/timecheck.py" "$BATS_TEST_TMPDIR/time" "$@"
}

@test "the time bound against the processor: no run of the golf's site builds executes more instructions than the proof's bound (full boards at every start, random positions); a cut loop counted as one iteration goes red" {
    local v args=()
    run project_make prove PROVE_BUILDS="site-gcc-14:-O0 site-gcc-15:-O0 site-gcc-16:-O0" PROVE_TRUST=
    assert_success
    assert_line --index -1 --regexp '^prove: golf == reference on every valid input \(32 starts, .*\), a run within [0-9,]+ instructions \(site-gcc-1[456] -O0\), [0-9]+ s$'
    for v in 14 15 16; do
        [ -n "$(time_bound "site-gcc-$v -O0")" ] || fail "no bound for site-gcc-$v: $output"
        args+=(--build "site-gcc-$v -O0" "$BUILD/site/gcc-$v-f.o" "$(time_bound "site-gcc-$v -O0")")
    done
    run time_check --random 200 "${args[@]}"
    assert_success
    for v in 14 15 16; do assert_line --regexp "^time: site-gcc-$v -O0: [0-9]+ rows, at most [0-9,]+ instructions a run .*, the proof's bound [0-9,]+\$"; done
    printf '# %s\n' "${lines[@]#time: }" >&3
    # planted: each cut loop's iterations counted as one
    run project_make prove PROVE_BUILDS=site-gcc-15:-O0 PROVE_TRUST= PROVE_ARGS="--plant loop-once"
    assert_success
    run time_check --random 0 --build "site-gcc-15 -O0" "$BUILD/site/gcc-15-f.o" "$(time_bound "site-gcc-15 -O0")"
    assert_failure
    assert_line --regexp "^time: site-gcc-15 -O0: [0-9]+ rows, at most [0-9,]+ instructions a run .*, the proof's bound [0-9,]+, [1-9][0-9]* rows over it\$"
    printf '# planted: %s\n' "${lines[-1]#time: }" >&3
}

@test "the time bound counts every call: g(n){return n?g(n-1)|g(n-1):1;} called with 12 on one board, each of its 8191 calls counted on the processor within the proof's bound; its count added once for a call made again goes red" {
    local golf="$BATS_TEST_TMPDIR/slow12.c" row="6,10,19,23 14,21,27,32 27 18" dir
    sed 's/g(44)/g(12)/' "$ROOT/tests/prove/candidates/time/slow-helper.c" > "$golf"
    ! cmp -s "$golf" "$ROOT/tests/prove/candidates/time/slow-helper.c" || fail "nothing replaced"
    dir=$ROOT/$(project_make -s print-SITE_DIR GOLF="$(in_checkout "$golf")")
    for plant in "" count-once; do
        run project_make prove GOLF="$(in_checkout "$golf")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
            PROVE_BUILDS=site-gcc-15:-O0 PROVE_TRUST= PROVE_ARGS="--starts 27${plant:+ --plant $plant}"
        assert_success
        run time_check --random 50 --starts 27 --row "$row" --build "site-gcc-15 -O0" "$dir/gcc-15-f.o" "$(time_bound "site-gcc-15 -O0")"
        if [ -z "$plant" ]; then
            assert_success
            assert_line --regexp "^time: site-gcc-15 -O0: [0-9]+ rows, at most [0-9,]+ instructions a run \($row\), the proof's bound [0-9,]+\$"
        else
            assert_failure
            assert_line --regexp "^time: site-gcc-15 -O0: .*, [1-9][0-9]* rows over it\$"
        fi
        printf '# %s%s\n' "${plant:+planted $plant: }" "${lines[-1]#time: }" >&3
    done
}

# planted_copy DIR: a copy of the prover (its modules and forms.tsv) and
# its checks (DIR/checks), for a model error to be planted in.
planted_copy() {
    mkdir -p "$1/checks"
    cp "$ROOT"/tests/prove/*.py "$ROOT"/tests/prove/forms.tsv "$1/"
    cp "$ROOT"/tests/prove/checks/* "$1/checks/"
}

# x86_planted_red SED ASM [FILE]: FILE (default x86.py) with the model
# error SED (a sed script) planted in a copy, run on
# tests/prove/checks/ASM.s against the processor over 300 inputs: the
# model's own test must go red.
x86_planted_red() {
    local dir="$BATS_TEST_TMPDIR/planted" py file=${3:-x86.py}
    planted_copy "$dir"
    sed -i "$1" "$dir/$file"
    ! cmp -s "$dir/$file" "$ROOT/tests/prove/$file" || fail "nothing planted"
    py=$(project_make print-PYTHON)
    "${CC:-gcc}" -c -o "$dir/$2.o" "$ROOT/tests/prove/checks/$2.s"
    "${CC:-gcc}" -std=c11 -O2 -o "$dir/$2" "$ROOT/tests/prove/checks/tiny_main.c" "$dir/$2.o"
    run "$py" "$dir/checks/x86check.py" "$dir/$2.o" "$dir/$2" 300
    assert_failure
    assert_line --index -1 --regexp '^x86: model vs machine: 300 inputs, [1-9][0-9]* mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
}

@test "a list pointer in a stack slot moved the wrong way in the model (addq \$4 as 8 bytes) goes red on the hand-written f" {
    x86_planted_red '/def move_pointer_slot/,/return None/s/i64 %d. % (p, delta)/i64 %d\x27 % (p, 2 * delta)/' calls
}

@test "a list pointer plus a number in a register modelled wrong (the number doubled) goes red on the hand-written f" {
    x86_planted_red '/def pointer_plus/,/return None/s/i64 %s. % (b.value(p), x)/i64 %s\x27 % (b.value(p), b.emit(\x27shl i64 %s, 1\x27 % x))/' tiny
}

# What compilers emit for golfers' tables and helpers (tests/prove/checks/data.s):
# string literals and constants read from read-only data, switch's jump
# tables (gcc -O0's and -O2's idioms), a local array indexed and walked to
# its end, SSE moves, bt/btc/bts/btr, shrd/shld, a one-argument helper
# returning a char and one returning a long, registers the callee leaves
# alone kept across its call.
@test "the x86 model of read-only data, jump tables, local arrays and helpers against the machine: a hand-written f, 2000 inputs" {
    run x86_check "$BATS_TEST_TMPDIR" "$ROOT/tests/prove/checks/data.s" 2000
    assert_success
    assert_line --index -1 --regexp '^x86: model vs machine: 2000 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
}

@test "read-only data's model error put back goes red: a string literal read one byte on" {
    x86_planted_red 's/^            cells = list(data)$/            cells = list(data[1:]) + [0]/' data rodata.py
}

@test "a jump table's model error put back goes red: its entries' targets in reverse order" {
    x86_planted_red '/def table/,/def has_table/s/^        return out$/        return [(o, t) for (o, _), (_, t) in zip(out, out[::-1])]/' data rodata.py
}

# A static array (tests/prove/checks/static.s, rodata.py's mutable data):
# memset and memcpy into .bss, the pointer memset returns, movaps of zeros,
# an immediate stored after the displacement, rep stos, a store at an
# index, bytes read back by index.
@test "the x86 model of a static array (stores, fills and copies into .bss) against the machine: a hand-written f, 2000 inputs" {
    run x86_check "$BATS_TEST_TMPDIR" "$ROOT/tests/prove/checks/static.s" 2000
    assert_success
    assert_line --index -1 --regexp '^x86: model vs machine: 2000 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
}

@test "a static array's model errors put back go red: a store into it dropped; a fill's elements all at its first place" {
    x86_planted_red "/def store_place/,/def store_at/s/^            self.emit_store(ity(w), v, self.emit(.getelementptr i8, ptr %s, i64 %s. % (place\[3\], place\[2\])))$/            pass/" static
    x86_planted_red "s/^            off = dst\[2\] if not at else .*$/            off = dst[2]/" static blockops.py
}

# gcc's block fills and copies (tests/prove/checks/block.s, blockops.py):
# calls of the C library's memset and memcpy, rep stos and rep movs from
# the stack, read-only data and a string literal, over each other.
@test "the x86 model of memset, memcpy, rep stos and rep movs against the machine: a hand-written f, 2000 inputs" {
    run x86_check "$BATS_TEST_TMPDIR" "$ROOT/tests/prove/checks/block.s" 2000
    assert_success
    assert_line --index -1 --regexp '^x86: model vs machine: 2000 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
}

@test "memset's and memcpy's model errors put back go red: memset's byte wrong in each quadword; memcpy's last bytes not copied; the pointer memset returns one byte on" {
    x86_planted_red "s/q = b.emit('mul i64 %s, %d' % (c, 0x0101010101010101))/q = b.emit('mul i64 %s, %d' % (c, 0x0101010101010100))/" block blockops.py
    x86_planted_red 's/^        chunks = \[(a, 8) for a in range(0, n - n % 8, 8)\] + .*$/        chunks = [(a, 8) for a in range(0, n - n % 8, 8)]/' block blockops.py
    x86_planted_red "s/b.set('rax', \\*self.dest_after(dst, b, 0))/b.set('rax', *self.dest_after(dst, b, 1))/" block blockops.py
}

@test "rep stos and rep movs: their model errors put back go red (the count one short; the value stored off by one; the copy backward; rdi not past the last element)" {
    planted_forms blockops.py '/if op == .stos.:/,/else:/s/^            for k in range(n):$/            for k in range(n - 1):/' '(?s)^mov. \$[1-9].*rep stos' \
        'movl \$1, %ecx; lea -8\(%rbp\), %rdi; rep stosq; mov %rdi, %rbp' 'movl \$16, %ecx; lea -32\(%rbp\), %rdi; rep stosl; mov %rdi, %rbp'
    planted_forms blockops.py "s/            v = b.get('rax', 8 \* sz)$/            v = b.emit('xor i%d %s, 1' % (8 * sz, b.get('rax', 8 * sz)))/" '(?s)^mov. \$[1-9].*rep stos' \
        'movl \$64, %ecx; lea -32\(%rbp\), %rdi; rep stosb; mov %rdi, %rbp'
    planted_forms blockops.py '/src = self.source/,/advance_source/s/^            for k in range(n):$/            for k in reversed(range(n)):/' 'rep movs' \
        'movl \$3, %ecx; lea -32\(%rbp\), %rsi; lea -24\(%rbp\), %rdi; rep movsq; mov %rsi, %rbp'
    planted_forms blockops.py "s/b.set('rdi', \\*self.dest_after(dst, b, n \\* sz))/b.set('rdi', *self.dest_after(dst, b, (n - 1) * sz))/" 'rep stos' \
        'movl \$3, %ecx; lea -24\(%rbp\), %rdi; rep stosq; mov %rdi, %rbp'
}

# The time a call of memset or memcpy is charged (bound.py's libc_call: an
# allowance, the C library's code being no part of the candidate's) against
# the instructions the C library's routines execute, counted on the
# processor by tests/prove/checks/libc_count.c: single steps (the trap flag,
# no ptrace, so no capability to lack), each iteration of a rep string
# instruction one, the first call's lazy binding added to every size, 0 to
# 8192 bytes, destinations and sources aligned and not.  It covers this
# machine's C library on this processor (the IFUNC's choice of routine and
# its thresholds depend on both), not the site's: Attempt This Online runs
# Arch's glibc on its own processors.
# libc_count PYTHON DIR [ARG...]: the checker (with ARGs) given
# DIR/bound.py's allowance for 0 to 8192 bytes (the checker's sizes), the
# name bound lazily as at the site.
libc_count() {
    "$1" -B -c 'import sys; sys.path.insert(0, sys.argv[1]); import bound
print("\n".join(str(bound.libc_call(n)) for n in range(8193)))' "$2" | env -u LD_BIND_NOW "$BUILD/libc_count" "${@:3}"
}

@test "memset's and memcpy's time allowance holds on the processor: this machine's C library, 0 to 8192 bytes, aligned and not, the first call's lazy binding included; planted smaller (64 + n; 4096 + n/2) it goes red" {
    local dir="$BATS_TEST_TMPDIR/planted" plant py
    py=$(project_make print-PYTHON)
    run libc_count "$py" "$ROOT/tests/prove"
    assert_success
    assert_line --index -1 --regexp '^memset/memcpy: [0-9]+ sizes, [0-9]+ calls, at most n \+ [0-9]+ instructions for n bytes \(allowance [0-9]+ \+ n\): within$'
    assert_line --regexp '^memset: the first call.s lazy binding: [1-9][0-9]* instructions more'
    printf '# %s\n' "${lines[-1]}" >&3
    planted_copy "$dir"
    for plant in 's/^LIBC_CALL = [0-9]*$/LIBC_CALL = 64/' 's/^    return LIBC_CALL + n$/    return LIBC_CALL + n \/\/ 2/'; do
        cp "$ROOT/tests/prove/bound.py" "$dir/bound.py"
        sed -i -e "$plant" "$dir/bound.py"
        ! cmp -s "$dir/bound.py" "$ROOT/tests/prove/bound.py" || fail "nothing planted by $plant"
        run libc_count "$py" "$dir" --first  # stops at the first call over
        assert_failure 1
        assert_line --index -1 --regexp '^memset/memcpy: .*: over$'
        assert_line --regexp '^  mem(set|cpy) of [0-9]+ bytes at offset [0-9]+: [0-9]+ instructions, over the allowance [0-9]+$'
        printf '# planted: %s\n' "${lines[-1]}" >&3
    done
}

# libgcc's __popcountdi2, which gcc calls for __builtin_popcount* without
# -mpopcnt (libgcc.py): a hand-written f (tests/prove/checks/popcount.s)
# calls it three times (all 64 bits of s << 32 | e, an int zero-extended, a
# long), keeping values in rbx and r12 across the calls, linked as gcc
# links a program (libgcc.a's own routine runs).
@test "the x86 model of a call of libgcc's __popcountdi2 against the machine: a hand-written f, 2000 inputs" {
    run x86_check "$BATS_TEST_TMPDIR" "$ROOT/tests/prove/checks/popcount.s" 2000
    assert_success
    assert_line --index -1 --regexp '^x86: model vs machine: 2000 inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#x86: }" >&3
}

@test "__popcountdi2's model errors put back go red: the low 32 bits of rdi counted alone; rbx (callee-saved) clobbered; r12 clobbered" {
    x86_planted_red "s/'call i64 @llvm.ctpop.i64(i64 %s)' % b.get('rdi', 64)/'call i64 @llvm.ctpop.i64(i64 %s)' % b.cast('zext', 32, b.get('rdi', 32), 64)/" popcount libgcc.py
    x86_planted_red "s/^        b.after_call(below)\$/        b.after_call(below, ('rbx', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11'))/" popcount libgcc.py
    x86_planted_red "s/^        b.after_call(below)\$/        b.after_call(below, ('r12', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11'))/" popcount libgcc.py
}

# The time a call of __popcountdi2 is charged (bound.py's libgcc_call)
# against the instructions libgcc's routine executes, single-stepped by
# tests/prove/checks/libgcc_count.c, built as the site builds a program
# (-fPIE -pie, gcc's driver linking libgcc): this machine's gcc, and the
# site's gcc-14, 15 and 16 (their own libgcc.a, in the site's root).
# Planted smaller than the routine (16, a sed on a copy of bound.py), it
# goes red.
libgcc_allowance() {
    "$1" -B -c 'import sys; sys.path.insert(0, sys.argv[1]); import bound; print(bound.libgcc_call())' "$2"
}

@test "__popcountdi2's time allowance holds on the processor: libgcc's routine as this machine's gcc and the site's gcc-14, 15, 16 link it, single-stepped; planted smaller (16) it goes red" {
    local dir="$BATS_TEST_TMPDIR/planted" py allowance v
    py=$(project_make print-PYTHON)
    allowance=$(libgcc_allowance "$py" "$ROOT/tests/prove")
    run "$BUILD/libgcc_count" "$allowance"
    assert_success
    assert_line --index -1 --regexp "^__popcountdi2: [0-9]+ calls, at most [0-9]+ instructions a call \\(allowance $allowance\\): within\$"
    printf '# gcc: %s\n' "${lines[-1]}" >&3
    # the site's gcc builds one file: stepped.h put in its place
    sed -e "/^#include \"stepped.h\"/{r $ROOT/tests/prove/checks/stepped.h" -e 'd}' \
        "$ROOT/tests/prove/checks/libgcc_count.c" > "$BATS_TEST_TMPDIR/libgcc_count.c"
    for v in 14 15 16; do
        "$ROOT/tests/tools/site/gcc-$v" -std=c11 -O2 -fPIE -pie -o "$BATS_TEST_TMPDIR/libgcc_count-$v" \
            "$BATS_TEST_TMPDIR/libgcc_count.c" || fail "site-gcc-$v could not build libgcc_count"
        run "$BATS_TEST_TMPDIR/libgcc_count-$v" "$allowance"
        assert_success
        assert_line --index -1 --regexp "^__popcountdi2: [0-9]+ calls, at most [0-9]+ instructions a call \\(allowance $allowance\\): within\$"
        printf '# site-gcc-%s: %s\n' "$v" "${lines[-1]}" >&3
    done
    planted_copy "$dir"
    sed -i -e 's/^LIBGCC_CALL = [0-9]*$/LIBGCC_CALL = 16/' "$dir/bound.py"
    ! cmp -s "$dir/bound.py" "$ROOT/tests/prove/bound.py" || fail "nothing planted"
    run "$BUILD/libgcc_count" "$(libgcc_allowance "$py" "$dir")"
    assert_failure 1
    assert_line --index -1 --regexp '^__popcountdi2: .*\(allowance 16\): over$'
    assert_line --regexp '^  __popcountdi2\(0x[0-9a-f]+\): [0-9]+ instructions, over the allowance 16$'
    printf '# planted: %s\n' "${lines[-1]}" >&3
}

# forms DIR [ARG...]: tests/prove/checks/forms.py (the x86 model against the
# processor, form by form) with its build in DIR.
forms() {
    local py
    py=$(project_make print-PYTHON)
    "$py" "$ROOT/tests/prove/checks/forms.py" "$@"
}

@test "every instruction form the lifter accepts agrees with the processor: every register, flag and memory byte, on random and edge inputs" {
    run forms "$BATS_TEST_TMPDIR/forms"
    assert_success
    assert_line --index -1 --regexp '^forms: model vs machine: [0-9]+ forms, [0-9]+ cases, [0-9]+ inputs, 0 mismatches, [0-9.]+ s$'
    printf '# %s\n' "${lines[-1]#forms: }" >&3
}

@test "the two model errors put back (lea with 0x67 kept 64 bits; a 32-bit shift by a masked 0 kept the upper half) go red" {
    local dir="$BATS_TEST_TMPDIR/planted" script
    planted_copy "$dir"
    # Each error planted on its own, so a script that no longer matches fails here.
    for script in 's/cw = min(w, REGS\[ins.reg_name(m.base or m.index)\]\[1\])/cw = w/' \
        '/if c == 0:/{n;s/self.write(b, d, w, x)/pass/}'; do
        cp "$dir/x86.py" "$dir/x86.before"
        sed -i -e "$script" "$dir/x86.py"
        ! cmp -s "$dir/x86.py" "$dir/x86.before" || fail "nothing planted by $script"
    done
    run "$(project_make print-PYTHON)" "$dir/checks/forms.py" "$dir/build" --inputs 30 --only '^lea -1\(%eax\)|^shll \$(0|32), %e'
    assert_failure
    assert_line --regexp '^  lea -1\(%eax\), %rax: [0-9]+ mismatches$'
    assert_line --regexp '^  shll \$32, %edx: [0-9]+ mismatches$'
    assert_line --regexp '^  shll \$0, %edx: [0-9]+ mismatches$'
    printf '# %s\n' "${lines[-1]#forms: }" >&3
}

# planted_forms NAME SED ONLY...: forms.py on a copy of the models with
# SED applied to FILE (calls.py, x86.py or blockops.py), on the cases
# matching ONLY: each of its cases must go red.
planted_forms() {
    local dir="$BATS_TEST_TMPDIR/planted" file=$1 script=$2 only=$3 case
    planted_copy "$dir"
    sed -i -e "$script" "$dir/$file"
    ! cmp -s "$dir/$file" "$ROOT/tests/prove/$file" || fail "nothing planted"
    run "$(project_make print-PYTHON)" "$dir/checks/forms.py" "$dir/build" --inputs 30 --only "$only"
    assert_failure
    for case in "${@:4}"; do
        assert_line --regexp "^  $case: [0-9]+ mismatches\$"
    done
    printf '# %s\n' "${lines[-1]#forms: }" >&3
}

@test "call's model errors put back go red: the stack below rsp kept (the return address, the callee's frame)" {
    planted_forms x86.py 's/^        self.forget(0, below)$/        pass/' '^call 1f' \
        'call 1f  # to callee 0' 'call 1f  # to callee 1' 'call 1f  # to callee 2'
}

@test "call's model errors put back go red: rcx kept across the call" {
    planted_forms x86.py "s/^CLOBBERED = ('rcx', 'rdx',/CLOBBERED = ('rdx',/" '^call 1f.*callee 1' \
        'call 1f  # to callee 1'
}

@test "call's model errors put back go red: the registers the callee's code writes kept across the call" {
    planted_forms calls.py 's/if written is None or r in written\]/if written is None]/' '^call 1f' \
        'call 1f  # to callee 1' 'call 1f  # to callee 2'
}

@test "stack-passed arguments' model errors put back go red: the callee's copies of its caller's slots one slot off" {
    planted_forms x86.py 's/at = self.stack_size + 8 + 8 \* k + h/at = self.stack_size + 8 * k + h/' 'callee [34]' \
        'push %rsi; pushq \$-5; call 1f; add \$16, %rsp  # callee 3' \
        'push %rsi; pushq \$-5; call 1f; add \$16, %rsp  # callee 4' \
        'sub \$16, %rsp; mov %edi, \(%rsp\); mov %rsi, 8\(%rsp\); call 1f; add \$16, %rsp  # callee 4'
}

@test "stack-passed arguments' model errors put back go red: the slots a callee may write kept by its caller across the call" {
    planted_forms calls.py 's/^        b.forget(sp\[1\], 8 \* slots).*$/        pass/' 'callee 3' \
        'push %rsi; pushq \$-5; call 1f; add \$16, %rsp  # callee 3' 'call 1f  # to callee 3'
}

@test "bt, btc, bts, btr: their model errors put back go red (bt's bit inverted; btc setting; bts toggling; btr clearing the other bits)" {
    planted_forms x86.py "/def bit_test/,/return None/s/b.emit('icmp ne %s %s, 0' % (t, b.emit('and/b.emit('icmp eq %s %s, 0' % (t, b.emit('and/" \
        '^bt[wlq] ' 'btq \$63, %rdx' 'btl %ecx, %eax' 'btw \$5, %dx' 'btq \$7, \(%rbp\)'
    planted_forms x86.py "/def bit_test/,/return None/s/'xor %s %s, %s' % (t, x, bit)/'or %s %s, %s' % (t, x, bit)/" \
        '^btc' 'btcq %rcx, %rax' 'btcl \$100, %edx'
    planted_forms x86.py "/def bit_test/,/return None/s/'or %s %s, %s' % (t, x, bit)/'xor %s %s, %s' % (t, x, bit)/" \
        '^bts' 'btsq %rcx, %rax' 'btsw \$15, %dx'
    planted_forms x86.py "/def bit_test/,/return None/s/'and %s %s, %s' % (t, x, inv)/'and %s %s, %s' % (t, x, bit)/" \
        '^btr' 'btrl %ecx, %r11d' 'btrq \$40, \(%rbp\)'
}

@test "8- and 16-bit shifts by cl and by their width: their model errors put back go red (the count masked to the width, not to 5 bits; shr by the width keeping the value)" {
    planted_forms x86.py "s/        cmask = 63 if w == 64 else 31\$/        cmask = 63 if w == 64 else 31 if w == 32 else w - 1/" \
        '(?s)^and \$63, %ecx.*(sh|sa)[lr][bw] %cl' 'and \$63, %ecx; sub \$20, %ecx; shlb %cl, %dl' \
        'and \$63, %ecx; sub \$20, %ecx; shrw %cl, %dx' 'and \$63, %ecx; sub \$20, %ecx; sarb %cl, %dl'
    planted_forms x86.py "/def shift(/,/def count_cl/s/if op == 'ashr' else 0\$/if op == 'ashr' else x/" \
        '^sh[lr][bw] \$(8|16|31)' 'shrb \$8, %dl' 'shlw \$16, %dx' 'shlb \$31, %dl'
}

@test "rol, ror: their model errors put back go red (the directions swapped; CF kept by a count that is a multiple of the width; ror's CF from the lowest bit)" {
    planted_forms x86.py "s/fn = 'fshl' if m == 'rol' else 'fshr'/fn = 'fshr' if m == 'rol' else 'fshl'/" \
        '^ro[lr]' 'rolb \$1, %dl' 'rorw %cl, %ax' 'roll \$7, %edx' 'rorq %cl, %r10' 'rolq \$5, \(%rbp\)'
    planted_forms x86.py "/def rotate(/,/def flags_by_cl/s/zero = b.emit('icmp eq %s %s, 0' % (t, cnt))/zero = b.emit('icmp eq %s %s, 0' % (t, b.emit('and %s %s, %d' % (t, cnt, w - 1))))/" \
        '(?s)^movb \$[0-9]+, %cl.*ro[lr][bw] %cl' 'movb \$8, %cl; rolb %cl, %dl' 'movb \$24, %cl; rorb %cl, %dl' \
        'movb \$16, %cl; rolw %cl, %dx' 'movb \$48, %cl; rorw %cl, %dx'
    planted_forms x86.py "/def rotate(/,/def flags_by_cl/s/if m == 'ror' else b.emit('trunc/if m == 'rol' else b.emit('trunc/" \
        '^ror' 'rorb \$1, %dl' 'rorl %cl, %eax' 'rorq \$63, %rdx'
}

@test "PF and ah: their model errors put back go red (the parity inverted; kept by a shift by cl; ah read and written as al)" {
    planted_forms x86.py "/def parity/,/return p/s/p = self.emit('icmp eq i8 %s, 0' % self.emit('and i8/p = self.emit('icmp ne i8 %s, 0' % self.emit('and i8/" \
        '(?s)^(testl %eax, %eax.*setp|incw %ax|xorb %ah, %al|movl %edi)' 'testl %eax, %eax; setp %cl' \
        'incw %ax; setnp %al' 'xorb %ah, %al' 'movl %edi, %eax; shrl \$16, %eax; xorl %edi, %eax; xorb %ah, %al; setnp %al; movzbl %al, %eax'
    planted_forms x86.py "/def flags_by_cl/,/for f in ('cf', 'of')/s/for f in ('zf', 'sf', 'pf'):/for f in ('zf', 'sf'):/" \
        '^(sh[lr]l %cl, %eax|sarq %cl, %rdi)' 'shll %cl, %eax' 'shrl %cl, %eax' 'sarq %cl, %rdi; cmovpl %edx, %eax'
    planted_forms x86.py "s/return b.cast('trunc', 16, b.emit('lshr i16 %s, 8' % b.get(r, 16)), 8)/return b.get(r, 8)/" \
        '%ah, %al|%ch, %dl|movzbl %ah' 'xorb %ah, %al' 'xorb %ch, %dl' 'movzbl %ah, %eax'
    planted_forms x86.py "s/b.emit('shl %s %s, 8' % (ity(n), b.cast('zext', 8, v, n)))/b.cast('zext', 8, v, n)/" \
        ', %ah$|, %ch$' 'movb %cl, %ah' 'xorb %al, %ah' 'movb \(%rbp\), %ch'
}

@test "bt, btc, bts, btr on memory at a register's bit offset: their model errors put back go red (the offset taken unsigned; the word's index taken as bytes)" {
    planted_forms x86.py "/def bit_string/,/return ('sx'/s/q = b.emit('ashr %s %s, %d'/q = b.emit('lshr %s %s, %d'/" \
        '(?s)^and \$511, %rcx.*bt[wlq] ' 'and \$511, %rcx; sub \$256, %rcx; btw %cx, \(%rbp\)' \
        'and \$511, %rcx; sub \$256, %rcx; btl %ecx, \(%rbp\)' 'and \$511, %rcx; sub \$256, %rcx; btq %rcx, \(%rbp\)'
    planted_forms x86.py "/def bit_string/,/return ('sx'/s/delta = b.emit('mul i64 %s, %d' % (b.cast('sext', w, q, 64), w \/\/ 8))/delta = b.cast('sext', w, q, 64)/" \
        '(?s)^and \$(511|127), %rcx.*bt[crs]l ' 'and \$511, %rcx; sub \$256, %rcx; btcl %ecx, \(%rbp\)' \
        'and \$511, %rcx; sub \$256, %rcx; btsl %ecx, \(%rbp\)' 'and \$127, %rcx; sub \$64, %rcx; and \$3, %r11; btrl %ecx, -8\(%rbp,%r11,4\)'
}

@test "adc, sbb: their model errors put back go red (the carry in ignored; adc's carry out missing a sum equal to x; sbb r, r as 0)" {
    planted_forms x86.py "s/                r = b.emit('%s %s %s, %s' % (op, t, r, b.cast('zext', 1, c, w)))/                pass/" \
        '^(adc|sbb)l %ecx, %eax' 'adcl %ecx, %eax' 'sbbl %ecx, %eax'
    planted_forms x86.py "s/b.set_flag('cf', b.emit('or i1 %s, %s' % (b.emit('icmp ult %s %s, %s' % (t, r, x)), eq)))/b.set_flag('cf', b.emit('icmp ult %s %s, %s' % (t, r, x)))/" \
        '^adc[bwlq] \$(-1|255), %' 'adcb \$255, %al' 'adcl \$-1, %r10d' 'adcq \$-1, %rax'
    planted_forms x86.py "/sbb r, r: -CF/,/return None/s/r = b.emit('sub %s 0, %s' % (t, b.cast('zext', 1, c, w)))/r = 0/" \
        '(?s)sbbl %ecx, %ecx|sbbq %rax, %rax' 'call 1f; cmpl \$3, %eax; sbbl %ecx, %ecx  # callee 1' 'cmpq %rsi, %rdi; sbbq %rax, %rax'
}

@test "shld, shrd: their model errors put back go red (the two directions swapped; shrd's CF from the wrong bit)" {
    planted_forms x86.py "s/fn = 'fshr' if m == 'shrd' else 'fshl'/fn = 'fshl' if m == 'shrd' else 'fshr'/" \
        '^sh[lr]d' 'shldq %cl, %rdi, %rax' 'shrdl \$7, %edi, %edx' 'shrdq \$9, %rdi, \(%rbp\)'
    planted_forms x86.py "/def double_shift/,/def vector_move/s/cnt - 1 if m == 'shrd' else w - cnt/cnt if m == 'shrd' else w - cnt/" \
        '^shrd. \$' 'shrdq \$1, %rdi, %rdx' 'shrdq \$63, %rdi, %rdx'
}

@test "tzcnt, bsf, bsr: their model errors put back go red (the lowest set bit counted from the top; bsr's index one off; bsf's ZF inverted; a zero source given the width)" {
    planted_forms x86.py "/def bit_scan/,/def divide/s/@llvm.cttz/@llvm.ctlz/" '^(tzcnt|bsf)[lq] %(e|r)cx' \
        'tzcntl %ecx, %eax' 'tzcntq %rcx, %rax' 'bsfl %ecx, %eax' 'bsfq %rcx, %rax'
    planted_forms x86.py "/def bit_scan/,/def divide/s/'sub %s %d, %s' % (t, w - 1,/'sub %s %d, %s' % (t, w,/" '^bsr' \
        'bsrl %ecx, %eax' 'bsrq -8\(%rbp\), %rsi' 'bsrl %edi, %eax; xorl \$31, %eax'
    planted_forms x86.py "/def bit_scan/,/def divide/s/b.set_flag('zf', b.emit('icmp eq %s %s, 0' % (t, x)))/b.set_flag('zf', b.emit('icmp ne %s %s, 0' % (t, x)))/" \
        '(?s)sete %dl|^bsf.*cmove' 'xorl %ecx, %ecx; bsfl %ecx, %eax; sete %dl' 'xorl %ecx, %ecx; bsrq %rcx, %rax; sete %dl' \
        'bsfl %edi, %eax; movl \$-1, %edx; cmovel %edx, %eax; addl \$1, %eax'
    # bsf of zero leaves its destination as it was on this processor; tzcnt
    # of zero gives the width here (BMI1), so that plant is not seen by the
    # cases, only by the proof (below): bsf on a processor without BMI1
    planted_forms x86.py "s/^SCAN_ZERO_DEFINED = False/SCAN_ZERO_DEFINED = True/" '^xorl %ecx, %ecx\n\tbs' \
        'xorl %ecx, %ecx; bsfl %ecx, %eax; sete %dl' 'xorl %ecx, %ecx; bsfq %rcx, %rax; sete %dl'
}

@test "div, idiv: their model errors put back go red (idiv unsigned; the remainder in rax; div's remainder signed)" {
    planted_forms x86.py "s/sign = 's' if m == 'idiv' else 'u'/sign = 'u'/" 'idiv' \
        '.*cltd; idivl %ecx' '.*cqto; idivq %rcx' '.*cqto; idivq -8\(%rbp\)'
    planted_forms x86.py "/def divide/,/def check_aligned/s/b.put('rax', w, q)/b.put('rax', w, r)/" 'div[lq] %' \
        '.*cltd; idivl %ecx' '.*xorl %edx, %edx; divq %rcx' '.*movl \$0, %edx; divl %ecx'
    planted_forms x86.py "s/sign = 's' if m == 'idiv' else 'u'/sign = 's'/" '\tdiv[lq] ' \
        '.*xorl %edx, %edx; divq %rcx' '.*movl \$0, %edx; divl \(%rbp\)'
}

@test "one-operand mul and imul: their model errors put back go red (imul's product unsigned; rdx, the high half, not written)" {
    planted_forms x86.py "s/ext = 'sext' if m == 'imul' else 'zext'/ext = 'zext'/" '^imul[lq] [^,]*$' \
        'imulq %rcx' 'imull -8\(%rbp\)'
    planted_forms x86.py "/def mul_wide/,/def shift/s/b.put('rdx', w, hi)/pass/" '^mul[lq] ' 'mulq %rcx' 'mull %r11d'
}

@test "the SSE moves: their model errors put back go red (movq into xmm sign-extended; pxor x, x not clearing)" {
    planted_forms x86.py "/def vector_move/,/def check_aligned/s/v = b.cast('zext', w, v, 128)/v = b.cast('sext', w, v, 128)/" \
        '^movq %rax, %xmm2' 'movq %rax, %xmm2; movdqu %xmm2, %xmm4; movdqu %xmm4, \(%rbp\); movq %xmm4, %rcx'
    planted_forms x86.py "/def vector_move/,/def check_aligned/s/b.put(rd, 128, 0)/b.put(rd, 128, 1)/" \
        '^pxor %xmm0' 'pxor %xmm0, %xmm0; movaps %xmm0, -16\(%rbp\)'
}

@test "a local array's indexed place: its model error put back goes red (the index's scale ignored)" {
    planted_forms x86.py "/def address/,/def stack_ptr/s/num = self.emit('mul i64 %s, %d' % (num, sc))/pass/" \
        '^and \$7, %r11' 'and \$7, %r11; movl %ecx, -32\(%rbp,%r11,4\)' 'and \$7, %r11; movq -32\(%rbp,%r11,8\), %rdi'
}

@test "a tail call's model error put back goes red: the caller's eax returned, not the callee's" {
    planted_forms x86.py "s/                return ('ret', self.calls.call(b, i, jump_target(i), tail=True))/                self.calls.call(b, i, jump_target(i), tail=True); return ('ret',)/" \
        'jmp 1f' '\{disp32\} jmp 1f  # to callee 0 \(rel32, as gcc writes it\)' 'push %rdi; pop %rsi; jmp 1f  # callee 1'
}

@test "lea with an index and no base register: its model errors put back go red (the scale ignored; the address size not cut)" {
    planted_forms x86.py '/def lea(/,/^    def /s/if m.scale != 1:/if False:/' '^lea .*\(,' \
        'lea 0\(,%rax,8\), %rcx' 'lea 3\(,%ecx,4\), %r8d' 'lea -7\(,%rdx,2\), %cx'
    planted_forms x86.py '/def lea(/,/^    def /s/cw = min(w, REGS\[ins.reg_name(m.base or m.index)\]\[1\])/cw = w/' \
        '^lea .*\(,%e' 'lea 0\(,%eax,8\), %rcx' 'lea -1\(,%edi,2\), %rcx'
}

@test "leave's model error put back goes red: rsp not moved past the popped rbp" {
    planted_forms x86.py "/def leave/,/return None/s/b.set('rsp', ('s', k\[1\] + 8))/b.set('rsp', ('s', k[1]))/" \
        'leave$' 'leave' 'lea -16\(%rbp\), %rbp; leave' 'push %rax; mov %rsp, %rbp; leave'
}

@test "an unsequenced read and write of B: clang's build is proved right, gcc's machine code is refuted with a row gcc gets wrong" {
    local needle="$BATS_TEST_TMPDIR/needle.c" black white
    run plant "$NEEDLES" unsequenced-b "$needle"
    assert_success
    IFS=$'\t' read -r black white < <(awk -F'\t' '$1 == "unsequenced-b" { print $4 "\t" $5 }' "$NEEDLES")
    # One start, 27, that can capture on the board (make prove GOLF=... does
    # every start: clang's builds are proved, gcc's refuted).  clang reads B
    # first: right.
    run project_make prove GOLF="$needle" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=clang-19:-O2 PROVE_ARGS="--starts 27" PROVE_TRUST=
    assert_success
    # gcc writes B first: wrong on that board, to square 1.
    run project_make prove GOLF="$needle" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O2 PROVE_ARGS="--starts 27" PROVE_TRUST=
    assert_failure
    printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/out"
    refuted "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/prove"
    [[ $row == *'prove: gcc -O2 says true' ]] || fail "not gcc's verdict: $row"
    # the board's squares (any colouring with a capture has its free-square mask), to square 1
    [[ $(cut -f1,2 <<< "$row" | tr '\t,' '\n\n' | grep -v -- - | sort -n | paste -sd,) == \
        "$(tr '\t,' '\n\n' <<< "$black,$white" | sort -n | paste -sd,)" ]] || fail "not the needle's squares: $row"
    [[ $(cut -f4,5 <<< "$row") == 1$'\t'false ]] || fail "not to square 1, reference false: $row"
    printf '# %s\n' "$row" >&3
}

# mutant_refuted NAME: make prove (setup_file) refuted the mutant NAME.
mutant_refuted() {
    local dir="$BATS_FILE_TMPDIR/$1" row
    [ -f "$dir/status" ] || fail "mutant $1 was not proved"
    [ "$(cat "$dir/status")" -ne 99 ] || fail "$(cat "$dir/out")"
    [ "$(cat "$dir/status")" -ne 0 ] || fail "make prove proved mutant $1 equal to the reference:
$(cat "$dir/out")"
    refuted "$dir/out" "$dir/prove"
    printf '# %-22s %s\n' "$1" "$row" >&3
}

for name in "${PROVE_MUTANTS[@]}"; do
    bats_test_function --description "make prove refutes mutant $name with a counterexample that replays" -- mutant_refuted "$name"
done

# Right candidates a golfer would write (tests/prove/candidates/complete/): f calling
# itself, a static helper that calls itself, volatile locals, a test of one
# exact board, a readable 8x8 bitboard with loops, a local array (which the
# site's -fstack-protector-strong guards with its canary), and what
# compilers emit for golfers' designs (switch.c's jump table, strtab.c's
# string literal, int128.c's double shifts, btc.c's bit toggles, tailrec.c's
# tail-recursive long helper, helper3.c's helper called three times,
# onearg.c's one-argument helper, chain.c's recursive chain, board8.c's
# loops over the 64 squares, mailbox.c's local arrays, memfill.c's
# memset and local table: clang's llvm.memset and llvm.memcpy, gcc -O0's
# call of memset, rep stosq and rep movsq; rotate.c's rol and ror by cl
# and __builtin_parityl's xor al, ah and setnp; popcount.c's
# __builtin_popcountl: gcc's calls of libgcc's __popcountdi2, at -O2 in a
# loop with values kept in callee-saved registers; ctz.c's __builtin_ctzl,
# tzcnt; ffs.c's __builtin_ffsl to 0, bsf and cmove; clz.c's
# __builtin_clzl, bsr; divide.c's division by a variable at -O0, cdq, cqo,
# idiv and div; args8.c's helper of eight arguments, two on the stack,
# pushed by gcc -O0; a helper reading the lists: squarebit.c's sq(p), the
# square f's loop read, listmask.c's loop over a whole list, firstwhite.c's
# first(w), a square f reads only after it, morecond.c's loop condition
# more(p), the loop cut at the call; staticboard.c's static arrays, cleared
# each call, gcc -O2's memset and -O0's stores into .bss; intboard.c's int
# arrays on the stack, gcc -O2's and -O3's immediates stored at an index,
# mov dword ptr [rsp + rax*4 + d], 2); each is proved,
# and a wrong variant of each
# (tests/prove/candidates/complete/wrong.tsv) is refuted with a row that replays.  By
# default one start (27: it can jump both ways) on the builds where the
# kind is new to the model; with PROVE_FULL=1 every start of every default
# build.
COMPLETE="$ROOT/tests/prove/candidates/complete"
# gcc's calls (call rel32, a tail jmp to a function's start, leave, a list
# pointer stepped in its stack slot) are lifted by tests/prove/calls.py, each
# form tested against the processor (forms.tsv), so recursive.c and
# helper.c are proved from gcc's machine code at -O0 and -O2 as well.
# clang's -O2 turns recursive.c's second self-call into a jump back to f's
# entry, which tailrec.py turns back into the call (checked the same
# function): proved there too.
declare -gA COMPLETE_BUILDS=([recursive]="clang-19:-O2 clang-19:-O0 gcc:-O0 gcc:-O2" [helper]="clang-19:-O2 gcc:-O3 gcc:-O0 gcc:-O2"
    [volatile]="clang-19:-O2 gcc:-O2" [oneboard]="clang-19:-O2 gcc:-O2" [loops]="clang-19:-O0 gcc:-O0 gcc:-O3 gcc:-O2"
    [localarray]="site-gcc-14:-O0 site-gcc-16:-O0 site-gcc-15:-O0"
    [switch]="gcc:-O2 gcc:-O3 site-gcc-15:-O0" [strtab]="gcc:-O2 site-gcc-15:-O0" [int128]="gcc:-O2 site-gcc-15:-O0"
    [btc]="site-gcc-15:-O0 gcc:-O2" [tailrec]="gcc:-O2 site-gcc-15:-O0" [helper3]="site-gcc-15:-O0 gcc:-O2"
    [onearg]="gcc:-O2 site-gcc-15:-O0" [chain]="site-gcc-15:-O0" [board8]="gcc:-O2 site-gcc-15:-O0"
    [mailbox]="site-gcc-15:-O0" [memfill]="clang-19:-O0 gcc:-O2 site-gcc-15:-O0" [rotate]="gcc:-O2 site-gcc-15:-O0"
    [popcount]="gcc:-O0 gcc:-O3 site-gcc-14:-O0 site-gcc-16:-O0 gcc:-O2 site-gcc-15:-O0"
    [ctz]="site-gcc-15:-O0 gcc:-O2" [divide]="site-gcc-15:-O0 gcc:-O0" [ffs]="site-gcc-15:-O0 gcc:-O2"
    [clz]="site-gcc-15:-O0 gcc:-O2" [args8]="gcc:-O0 site-gcc-15:-O0"
    [squarebit]="gcc:-O0 clang-19:-O0 site-gcc-15:-O0" [listmask]="gcc:-O0 clang-19:-O0 site-gcc-15:-O0"
    [firstwhite]="gcc:-O0 clang-19:-O0 clang-19:-O2 site-gcc-15:-O0" [morecond]="gcc:-O0 clang-19:-O0 site-gcc-15:-O0"
    [staticboard]="gcc:-O2 gcc:-O0 clang-19:-O0 site-gcc-15:-O0" [intboard]="site-gcc-16:-O0 gcc:-O2 gcc:-O3")
if [ -n "${PROVE_FULL:-}" ]; then
    COMPLETE_STARTS=1-32
else
    COMPLETE_STARTS=27
fi

# complete_proved NAME: make prove proves tests/prove/candidates/complete/NAME.c.
complete_proved() {
    local builds=${COMPLETE_BUILDS[$1]} starts=$COMPLETE_STARTS
    # With PROVE_FULL, every start of the whole matrix: 0.5-6.5 min a
    # candidate on two idle cores (tests/prove/README.md).
    [ -z "${PROVE_FULL:-}" ] || builds=$(project_make -s print-PROVE_BUILDS)
    run project_make prove GOLF="$(in_checkout "$COMPLETE/$1.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS="$builds" PROVE_ARGS="--starts $starts" PROVE_TRUST=
    assert_success
    assert_line --index -1 --regexp '^prove: golf == reference on every valid input'
    printf '# %s\n' "${lines[-1]#prove: }" >&3
}

# complete_refuted NAME [ROW]: the wrong variant of NAME.c (wrong.tsv's row
# NAME, or ROW) is refuted,
# on start 27 also with PROVE_FULL: one start's counterexample refutes, and
# a full run could stop first at a start its build leaves unproved.
complete_refuted() {
    local builds=${COMPLETE_BUILDS[$1]}
    GOLF_SOURCE="$COMPLETE/$1.c" plant "$COMPLETE/wrong.tsv" "${2:-$1}" "$BATS_TEST_TMPDIR/wrong.c"
    run project_make prove GOLF="$(in_checkout "$BATS_TEST_TMPDIR/wrong.c")" \
        PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" PROVE_BUILDS="${builds##* }" \
        PROVE_ARGS="--starts 27" PROVE_TRUST=
    assert_failure
    printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/out"
    refuted "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/prove"
    printf '# %s\n' "$row" >&3
}

# call_refused NAME CALL EXPECT: gcc -O2's build of recursive.c with CALL
# (C text) in place of its self-call is unproved, the lifter naming why
# (EXPECT, a regular expression): calls are followed only into the
# candidate's own functions, by forms tested against the processor.
call_refused() {
    local cand="$BATS_TEST_TMPDIR/cand.c"
    sed "s/ok |= f(b, w, to - to \/ 9 + 33, e);/$2/" "$COMPLETE/recursive.c" > "$cand"
    ! cmp -s "$cand" "$COMPLETE/recursive.c" || fail "nothing replaced"
    run project_make prove GOLF="$(in_checkout "$cand")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS="gcc:-O2" PROVE_ARGS="--starts $COMPLETE_STARTS" PROVE_TRUST=
    assert_failure
    assert_line --regexp "^prove: gcc -O2: unproved: the tool does not model this: $3"
    refute_line --regexp '^prove: golf == reference'
    printf '# %s\n' "$(grep -m 1 'unproved' <<< "$output")" >&3
}

# The time budget holds on every run, not only with PROVE_TRUST's checks:
# board8.c's list phase at clang-19 -O0 takes minutes, so 2 s end it.
@test "PROVE_TIMEOUT ends a proof run without PROVE_TRUST's checks: no verdict, naming the open starts" {
    SECONDS=0
    run timeout 300 make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" prove GOLF="$(in_checkout "$COMPLETE/board8.c")" \
        PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" PROVE_BUILDS=clang-19:-O0 PROVE_TRUST= PROVE_TIMEOUT=2
    assert_failure 2
    assert_line --regexp '^prove: unproved: no verdict in 2 s \(PROVE_TIMEOUT\): starts [0-9,]+ undecided; at the limit: start'
    refute_line --regexp '^prove: golf == reference'
    [ "$SECONDS" -lt 120 ] || fail "took $SECONDS s"
}

# Each build's starts run in processes forked from the build's after its
# list phase (prove.py): a killed proof leaves none of them running.  Both
# chunks are held in the board phase (--plant board-stall: a sleep there),
# so the test does not hang on how slow some candidate is on this machine.
@test "PROVE_TIMEOUT leaves no process of the proof running: the chunks die with their build's process" {
    local out stamped="$BATS_TEST_TMPDIR/stamped" said ended
    out="$(in_checkout "$BATS_TEST_TMPDIR")/prove"
    # each line with the second it came; the last, the second make ended
    { timeout 300 make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" prove PROVE_OUT="$out" PROVE_BUILDS=gcc:-O0 \
        PROVE_TRUST= PROVE_ARGS="--plant board-stall" PROVE_TIMEOUT=30 2>&1 && echo "status 0" || echo "status $?"; } |
        while IFS= read -r line; do printf '%s %s\n' "$SECONDS" "$line"; done > "$stamped"
    grep -q ' status 2$' "$stamped" || fail "$(cat "$stamped")"
    grep -E -q ' prove: unproved: no verdict in 30 s \(PROVE_TIMEOUT\): .*at the limit: start [0-9]+ \(gcc -O0: board phase\), start [0-9]+ \(gcc -O0: board phase\)' "$stamped" ||
        fail "no chunk at the limit: $(cat "$stamped")"
    said=$(grep -m 1 ' prove: unproved: no verdict' "$stamped" | cut -d ' ' -f 1)
    ended=$(tail -n 1 "$stamped" | cut -d ' ' -f 1)
    [ $((ended - said)) -le 5 ] || fail "make ended $((ended - said)) s after the verdict: a chunk ran on"
    ! pgrep -f -- "$out/golf-gcc-O0" > /dev/null || fail "left running: $(pgrep -a -f -- "$out/golf-gcc-O0")"
}

# A list phase waiting for a slot goes before the reference's next start
# (prove.py Slots): with one slot, a reference that takes it first and
# needs a second a start (--plant reference-ahead) keeps the golf's list
# phase waiting one start, not all 32 of them.
@test "with one slot, a list phase waits for one of the reference's starts, not all of them" {
    run timeout 300 make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" prove PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O0 PROVE_TRUST= PROVE_ARGS="--jobs 1 --plant reference-ahead" PROVE_TIMEOUT=15
    assert_failure 2
    assert_line --regexp '^prove: gcc -O0: list phase [0-9.]+ s$'
    assert_line --regexp '^prove: unproved: no verdict in 15 s .*at the limit: .*start [0-9]+ \(the reference.s formulas\)'
}

# The deepest start waiting goes first, whichever build it is of: with one
# slot and each start's board phase taking 10 s (--plant board-slow),
# start 32 is decided on both builds within 50 s (about 20 s and the
# list phases and the reference), not after the first build's four
# starts (50 s and those).
@test "with one slot, start 32 is decided on every build before a build goes deeper" {
    run timeout 300 make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" prove PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS="gcc:-O0 gcc:-O2" PROVE_TRUST= PROVE_ARGS="--jobs 1 --starts 29-32 --plant board-slow" PROVE_TIMEOUT=50
    assert_failure 2
    assert_line --regexp '^prove: start 32: proved \(gcc -O0 [0-9.]+ s, gcc -O2 [0-9.]+ s\)$'
}

# The board phase puts each start's number into the list phase's names
# that become one number with it (golf.py start_pins): pinned to another
# start's numbers (--plant pins-astray), mailbox.c's start 31 is not proved.
@test "mailbox.c's board phase with its names pinned to the next start's numbers is not proved" {
    run project_make prove GOLF="$(in_checkout "$COMPLETE/mailbox.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O0 PROVE_ARGS="--starts 31 --plant pins-astray" PROVE_TRUST=
    assert_failure
    assert_line --regexp '^prove: gcc -O0: unproved: the model and the machine disagree on this row'
    refute_line --regexp '^prove: golf == reference'
}

# A call on f's own path that no input takes is dropped, not run (its
# arguments, not numbers there, would recurse without end): the solver
# shows no input takes it, and the coverage query checks it again.
@test "a call dropped on f's path without the solver's word leaves helper.c unproved: the paths do not cover every input" {
    run project_make prove GOLF="$(in_checkout "$COMPLETE/helper.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS="gcc:-O2" PROVE_ARGS="--starts 27 --plant dead-unchecked" PROVE_TRUST=
    assert_failure
    assert_line --regexp '^prove: gcc -O2: unproved: start 27: the explored paths do not cover every valid input'
    refute_line --regexp '^prove: golf == reference'
}

@test "the deciders, keeping a path's conditions between questions, answer 500 random questions as a fresh solver does; a held condition kept off the path goes red" {
    local py
    py=$(project_make print-PYTHON)
    run "$py" "$ROOT/tests/prove/checks/decidercheck.py"
    assert_success
    assert_output 'decider: 500 questions, 0 answered otherwise than a fresh solver'
    run "$py" "$ROOT/tests/prove/checks/decidercheck.py" plant
    assert_failure
    assert_output --regexp '^decider: 500 questions, [1-9][0-9]* answered otherwise than a fresh solver$'
}

# planted_recursive BUILD PLANT: make prove on recursive.c at BUILD, start
# 27, with a model error planted (prove.py --plant PLANT): never proved.
planted_recursive() {
    run project_make prove GOLF="$(in_checkout "$COMPLETE/recursive.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS="$1" PROVE_ARGS="--starts 27 --plant $2" PROVE_TRUST=
    assert_failure
    refute_line --regexp '^prove: golf == reference'
}

# Every self-call's run takes over one list phase (the first's, with the
# start and end free), renamed to its own start and end.
@test "a self-call's run taking over the shared list phase without renaming its start and end leaves recursive.c unproved" {
    planted_recursive gcc:-O2 phase-unrenamed
    assert_line --regexp "^prove: gcc -O2: unproved: .*f calls itself with a start that is not one number"
}

@test "clang's tail recursion written back as a call that forgets the accumulator: recursive.c is refuted on a row the program gets right" {
    planted_recursive clang-19:-O2 tailrec-no-acc
    assert_line 'prove: clang-19 -O2: unproved: the model and the machine disagree on this row (the replay agrees with the reference in every order tried): a fault in the tool, please report it'
}

@test "a call to a function outside the object (getpid) is refused by the lifter, naming it" {
    call_refused getpid 'ok |= f(b, w, to - to \/ 9 + 33, e) + (getpid() \& 0);' '.*call .*: a call to something other than a function of the candidate is not modelled'
}

# asm_refused EXPECT FUNCTION...: x86check.py on an object of the
# FUNCTIONs (each "name:lines", assembly lines separated by ";"; the first
# is f, global, the others static) is refused, its message EXPECT.
asm_refused() {
    local fn name
    {
        printf '\t.text\n\t.globl f\n'
        for fn in "${@:2}"; do
            name=${fn%%:*}
            printf '\t.type %s, @function\n%s:\n\t%s\n\t.size %s, .-%s\n' "$name" "$name" "${fn#*:}" "$name" "$name"
        done
        printf '\t.section .note.GNU-stack,"",@progbits\n'
    } > "$BATS_TEST_TMPDIR/f.s"
    run x86_check "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/f.s" 10
    assert_equal "$status" 2
    assert_output "x86: refused: $1"
}

@test "lzcnt (bsr with another result on a processor without LZCNT) is refused by the lifter, naming why" {
    asm_refused "f+0x2: lzcnt eax, ecx: lzcnt runs as bsr on a processor without LZCNT, with another result, and the site's processor is not known: not modelled" \
        'f:mov %edx, %eax; lzcnt %ecx, %eax; ret'
}

@test "idiv of a dividend whose high half is not its sign (no cdq) and div of one whose high half is not zero are refused by the lifter" {
    asm_refused "f+0x2: idiv ecx: idiv of a dividend whose high half is not its low half's sign (cdq, cqo) is not modelled" \
        'f:mov %edx, %eax; idivl %ecx; ret'
    asm_refused "f+0x5: idiv ecx: idiv of a dividend whose high half is not its low half's sign (cdq, cqo) is not modelled" \
        'f:mov %edx, %eax; cltd; inc %eax; idivl %ecx; ret'
    asm_refused "f+0x7: div rcx: div of a dividend whose high half is not zero is not modelled" \
        'f:mov $1, %edx; xor %eax, %eax; divq %rcx; ret'
}

@test "an indirect call (a form with no test against the processor) is refused by the lifter, naming it" {
    asm_refused 'f+0x3: call rax: the form call r64 has no test against the processor (tests/prove/forms.tsv)' \
        'f:mov %rdi, %rax; call *%rax; ret'
}

@test "a tail jmp through a relocation (to f as a global, which the linker resolves) is refused, naming it" {
    # the jmp's rel32 is 0 in the object: read as it stands it would go to
    # h, the next function, where the linked program goes to f
    asm_refused 'g+0x1: a relocation (type 4, to f): f refers to memory or code outside itself, which is not modelled' \
        'f:call g; ret' 'g:jmp f@PLT' 'h:mov %edx, %eax; ret'
}

for name in recursive helper volatile oneboard loops localarray switch strtab int128 btc tailrec helper3 onearg chain board8 \
    mailbox memfill rotate popcount ctz ffs clz divide args8 squarebit listmask firstwhite morecond staticboard intboard; do
    bats_test_function --description "make prove proves the right candidate $name.c (tests/prove/candidates/complete/)" -- complete_proved "$name"
    bats_test_function --description "make prove refutes the wrong variant of $name.c with a row that replays" -- complete_refuted "$name"
done

# A helper of each integer return type: its result is the bits of rax its
# code leaves known at every ret (calls.py's ret_bits), a short's ax, a
# _Bool's al, a long long's rax.
@test "a helper of every integer return type is proved: onearg.c's bit() and helper.c's ends() as each (site gcc-15 -O0, gcc -O2)" {
    local t name fn from to cand out=()
    for t in 'onearg|bit|unsigned char|short' 'onearg|bit|unsigned char|unsigned short' 'onearg|bit|unsigned char|char' \
        'onearg|bit|unsigned char|signed char' 'onearg|bit|unsigned char|unsigned' 'onearg|bit|unsigned char|long long' \
        'onearg|bit|unsigned char|unsigned long' 'helper|ends|int|_Bool' 'helper|ends|int|char' 'helper|ends|int|short'; do
        IFS='|' read -r name fn from to <<< "$t"
        cand="$BATS_TEST_TMPDIR/$name-${to// /-}.c"
        sed "s/^static $from $fn(/static $to $fn(/" "$COMPLETE/$name.c" > "$cand"
        ! cmp -s "$cand" "$COMPLETE/$name.c" || fail "nothing replaced in $name.c for $to"
        run project_make prove GOLF="$(in_checkout "$cand")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
            PROVE_BUILDS="site-gcc-15:-O0 gcc:-O2" PROVE_ARGS="--starts 27" PROVE_TRUST=
        assert_success
        assert_line --index -1 --regexp '^prove: golf == reference on every valid input'
        out+=("$to $fn()")
    done
    printf '# proved: %s\n' "$(IFS=,; echo "${out[*]}")" >&3
}

# switch.c at gcc -O2 calls its helper bit(*w) before the white loop's
# read: after the black list, a call on a list square runs in the list
# phase (only a call on the start waits for the board phase), so the white
# loop is cut there (3 s) where the board phase read the list square by
# square (no verdict in 900 s).  Planted back, every call waiting: not
# proved in 60 s.
@test "a helper called on a list square after the first list's loop runs in the list phase (switch.c at gcc -O2)" {
    run project_make prove GOLF="$(in_checkout "$COMPLETE/switch.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O2 PROVE_TIMEOUT=60 PROVE_ARGS="--starts 27 --plant defer-any" PROVE_TRUST=
    assert_failure
    assert_output --partial 'no verdict in 60 s'
    printf '# planted: %s\n' "$(grep -m 1 'no verdict' <<< "$output")" >&3
}

# A helper reads the lists as f does (sym_calls.py, lists.py): its reads
# start from the squares its caller's path has read, and the caller takes
# over those it chose.  Planted apart, squarebit.c's sq(p) reads a square of
# its own where f's loop read one, and no cut of the loop holds (no verdict
# in 30 s; before the change, unproved: the induction step failed).
# Planted dropped, firstwhite.c's f reads its first white square again as
# one of its own, and the model disagrees with the machine.
@test "a helper's list reads are its caller's: planted apart (squarebit.c) or not taken over (firstwhite.c), the proof goes red" {
    local out
    out=$(in_checkout "$BATS_TEST_TMPDIR")/prove
    run project_make prove GOLF="$(in_checkout "$COMPLETE/squarebit.c")" PROVE_OUT="$out" \
        PROVE_BUILDS=gcc:-O0 PROVE_TIMEOUT=30 PROVE_ARGS="--starts 27 --plant reads-apart" PROVE_TRUST=
    assert_failure
    refute_line --regexp '^prove: golf == reference'
    assert_output --partial 'no verdict in 30 s'
    printf '# planted apart: %s\n' "$(grep -m 1 'no verdict' <<< "$output")" >&3
    run project_make prove GOLF="$(in_checkout "$COMPLETE/firstwhite.c")" PROVE_OUT="$out" \
        PROVE_BUILDS=gcc:-O0 PROVE_ARGS="--starts 27 --plant reads-dropped" PROVE_TRUST=
    assert_failure
    refute_line --regexp '^prove: golf == reference'
    assert_line --regexp '^prove: gcc -O0: unproved: the model and the machine disagree on this row'
    printf '# planted dropped: %s\n' "$(grep -m 1 'unproved' <<< "$output")" >&3
}

# A loop whose first read of each square is in a helper it calls is cut
# at the call (golf.py, lists.place): morecond.c's for (; more(b); b++).
# Planted out (cut only at f's own reads), each square is read on, one by
# one: no verdict in 30 s.
@test "a loop whose read is a helper's is cut at the call (morecond.c at gcc -O0); planted out, no verdict" {
    run project_make prove GOLF="$(in_checkout "$COMPLETE/morecond.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O0 PROVE_TIMEOUT=30 PROVE_ARGS="--starts 27 --plant calls-uncut" PROVE_TRUST=
    assert_failure
    refute_line --regexp '^prove: golf == reference'
    assert_output --partial 'no verdict in 30 s'
    printf '# planted: %s\n' "$(grep -m 1 'no verdict' <<< "$output")" >&3
}

# After a list's loop, a path at another loop's header goes on in the list
# phase while an iteration would read a square it has not read
# (lists.reads_ahead), its own reads known to the probe: clang -O2 rotates
# firstwhite.c's white loop, reading two squares before its header, and
# the loop is cut at its read.  Planted blind to them, the probe takes the
# pointer past the two for a place never read, the path goes to the board
# phase with the list unread, and each start unrolls the white loop square
# by square: no verdict in 30 s.
@test "a loop entered past squares read before it is still cut (firstwhite.c at clang-19 -O2); planted blind, no verdict" {
    run project_make prove GOLF="$(in_checkout "$COMPLETE/firstwhite.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=clang-19:-O2 PROVE_TIMEOUT=30 PROVE_ARGS="--starts 27 --plant probe-unseeded" PROVE_TRUST=
    assert_failure
    refute_line --regexp '^prove: golf == reference'
    assert_output --partial 'no verdict in 30 s'
    assert_output --partial 'board phase'
    printf '# planted: %s\n' "$(grep -m 1 'no verdict' <<< "$output")" >&3
}

# A static array is the golf's own mutable data on gcc's builds as on
# clang's (rodata.py, blockops.py): it holds whatever earlier calls left when
# a call starts.  staticboard.c's wrong variant leaves seen[] uncleared, right
# on a program's first call only: refuted by rows run in order (the design
# loop above).  Planted as on a first call only (globals-initial), it is
# proved: the hole the unknown start closes.
@test "a static array holds what earlier calls left (staticboard.c's seen[] uncleared, gcc -O2); planted as on a first call, it is proved (the hole)" {
    GOLF_SOURCE="$COMPLETE/staticboard.c" plant "$COMPLETE/wrong.tsv" staticboard "$BATS_TEST_TMPDIR/wrong.c"
    run project_make prove GOLF="$(in_checkout "$BATS_TEST_TMPDIR/wrong.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O2 PROVE_ARGS="--starts 27 --plant globals-initial" PROVE_TRUST=
    assert_success
    assert_line --index -1 --regexp '^prove: golf == reference on every valid input'
    printf '# planted: %s\n' "${lines[-1]#prove: }" >&3
}

# gcc -O2 rotates staticboard.c's list loops: each list's first square is
# read before its loop, and the man stored at its place (sq[p] = 2) is a
# store at an offset computed from an unknown.  The offset is split by the
# square's values, 0 to 32 (values.offset_cases): each byte of the array
# becomes "if the square is n", not the place's arithmetic, which the
# solver took apart for every byte and every query (start 27 at gcc -O2:
# 26.6 s before, 4.3 s after; the whole proof 822 s before).  The split's
# values are the read's own: planted as 0 to 31, the store at square 32's
# place is out of bounds for the model, and the proof says so.
@test "a store at a place computed from a list's square is split by the square's values (staticboard.c, gcc -O2): the formulas agree with the program; planted short, unproved" {
    run project_make prove-check GOLF="$(in_checkout "$COMPLETE/staticboard.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O2 PROVE_POSITIONS=200 PROVE_TRUST=
    assert_success
    assert_line --index -1 --regexp '^prove: model vs machine: 200 positions, 0 mismatches, [0-9]+ s$'
    assert_line --regexp "^prove: model vs machine: gcc -O2: the proof's formulas on 200 positions: 200 agree"
    printf '# %s\n' "${lines[-1]#prove: }" >&3
    run project_make prove GOLF="$(in_checkout "$COMPLETE/staticboard.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O2 PROVE_ARGS="--starts 27 --plant domain-short" PROVE_TRUST=
    assert_failure
    refute_line --regexp '^prove: golf == reference'
    assert_line --regexp '^prove: gcc -O2: unproved: start 27: undefined behaviour in the golf \(.*\(out of bounds or misaligned in @\.bss\)\)'
    printf '# planted: %s\n' "$(grep -m 1 'unproved' <<< "$output")" >&3
}

# A store at a computed place of a frame's run that has gaps between its
# locals (gcc-16 -O0's intboard.c: its clearing loop's run covers its
# locals): each place it may hit keeps the bytes it misses, byte by byte
# (sym_mem.store_case).  Planted whole (store-whole), a window over an
# unwritten byte read as poison, and the local beside it became poison
# wherever the store missed: the black list's induction step failed.
@test "a store at a computed place keeps the bytes beside it (intboard.c, site-gcc-16 -O0); planted whole, the induction step fails" {
    run project_make prove GOLF="$(in_checkout "$COMPLETE/intboard.c")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=site-gcc-16:-O0 PROVE_ARGS="--starts 29 --plant store-whole" PROVE_TRUST=
    assert_failure
    refute_line --regexp '^prove: golf == reference'
    assert_line --regexp '^prove: site-gcc-16 -O0: the loop over the black list \(header %x[0-9a-f]+\): the induction step fails: after the iteration, memory of @f %stack differs'
    printf '# planted: %s\n' "$(grep -m 1 'induction step fails' <<< "$output")" >&3
}

# switch.c at gcc -O3 inlines its switch four times: the start's switch and
# the one on each list's first square fork the path eight ways before the
# lists' loops.  The paths before one list read are joined and the loop is
# cut once for all of them (three cuts: the white list after an empty black
# one, the black, the white after it).  Planted back, each path cut on its
# own (64 cuts of the black loop, 512 of the white): no verdict in 30 s.
@test "paths before one list read are joined and its loop cut once (switch.c at gcc -O3)" {
    local out
    out=$(in_checkout "$BATS_TEST_TMPDIR")/prove
    run project_make prove GOLF="$(in_checkout "$COMPLETE/switch.c")" PROVE_OUT="$out" \
        PROVE_BUILDS=gcc:-O3 PROVE_ARGS="--starts 27" PROVE_TRUST=
    assert_success
    assert_line --regexp '^prove: gcc -O3: list phase .*\(white list: loop at %x[0-9a-f]+, induction step [0-9.]+ s, black list: loop at %x[0-9a-f]+, induction step [0-9.]+ s, white list: loop at %x[0-9a-f]+, induction step [0-9.]+ s\);'
    printf '# %s\n' "$(grep -m 1 'induction step' <<< "$output")" >&3
    run project_make prove GOLF="$(in_checkout "$COMPLETE/switch.c")" PROVE_OUT="$out" \
        PROVE_BUILDS=gcc:-O3 PROVE_TIMEOUT=30 PROVE_ARGS="--starts 27 --plant separate-paths" PROVE_TRUST=
    assert_failure
    assert_output --partial 'no verdict in 30 s'
    printf '# planted: %s\n' "$(grep -m 1 'no verdict' <<< "$output")" >&3
}

# Each joined path's undefined behaviour stays, under that path's own
# conditions: switch.c with b[1] read on one way of the start's switch
# only (s % 8 == 3), before the black loop, reads past the end of an empty
# black list there.  Planted out (the join keeping only the UB all its
# paths share), this is proved.
@test "a read past the end of a list on one of the joined paths is found (switch.c at gcc -O3)" {
    local cand="$BATS_TEST_TMPDIR/pastend.c"
    sed 's/at = 1ULL << bit(s),/at = 1ULL << bit(s) << (s % 8 == 3 \&\& b[1] > 99),/' "$COMPLETE/switch.c" > "$cand"
    ! cmp -s "$cand" "$COMPLETE/switch.c" || fail "nothing replaced"
    run project_make prove GOLF="$(in_checkout "$cand")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O3 PROVE_ARGS="--starts 27" PROVE_TRUST=
    assert_failure
    assert_line --regexp '^prove: gcc -O3: unproved: start 27: the model finds undefined behaviour in the golf .*\(a read past the end of the list\)'
    refute_line --regexp '^prove: golf == reference'
    printf '# %s\n' "$(grep -m 1 'unproved' <<< "$output")" >&3
}

# variant_proved NAME SED [PLANT]: make prove of tests/prove/candidates/complete/NAME.c with
# SED applied (a sed script), gcc -O0, start 27, with --plant PLANT if given.
variant_proved() {
    local cand="$BATS_TEST_TMPDIR/variant.c"
    sed "$2" "$COMPLETE/$1.c" > "$cand"
    ! cmp -s "$cand" "$COMPLETE/$1.c" || fail "nothing replaced"
    run project_make prove GOLF="$(in_checkout "$cand")" PROVE_OUT="$(in_checkout "$BATS_TEST_TMPDIR")/prove" \
        PROVE_BUILDS=gcc:-O0 PROVE_ARGS="--starts 27${3:+ --plant $3}" PROVE_TRUST=
}

# A divisor of 0 faults (#DE) on the processor: divide.c with k 0 when the
# end is 23 is undefined behaviour on valid inputs, which the proof finds
# (the replay dies with no answer).  Planted out (--plant div-zero-defined:
# a divisor of 0 taken as 1), the proof no longer sees it.
@test "a division by zero on a valid input is undefined behaviour the proof finds (divide.c with k 0 when the end is 23)" {
    local sed='s/long k=4,/long k=4*(e!=23),/'
    variant_proved divide "$sed"
    assert_failure
    assert_line --regexp '^prove: gcc -O0: start 27: undefined behaviour in the golf: .* = sdiv i32 .*\(division by zero\)$'
    refute_line --regexp '^prove: golf == reference'
    printf '# %s\n' "$(grep -m 1 'undefined behaviour' <<< "$output")" >&3
    variant_proved divide "$sed" div-zero-defined
    assert_failure
    refute_line --partial '(division by zero)'
    printf '# planted: %s\n' "$(grep -m 1 'start 27' <<< "$output")" >&3
}

# __builtin_ctzl(0) is undefined in C; gcc's tzcnt gives 64 on a processor
# with BMI1 and runs as bsf, leaving its destination as it was, on one
# without (the site's processor is not known): ctz.c scanning once more
# after its last square reads tzcnt of 0 into the verdict, which is not
# proved.  Planted (--plant scan-zero-defined: tzcnt of 0 as the width, as
# this processor gives it), it is proved.
@test "__builtin_ctzl of zero reaching the verdict is not proved (ctz.c scanning once past its last square)" {
    local sed='s/r=0;M;M&=M-1)r|=__builtin_ctzl(M)==~-e\*9\/8;/r=0;r|=__builtin_ctzl(M)==~-e*9\/8,M;M\&=M-1);/'
    variant_proved ctz "$sed"
    assert_failure
    assert_line --regexp '^prove: gcc -O0: unproved: start 27: the model finds undefined behaviour in the golf \(the golf.s result is poison\)'
    refute_line --regexp '^prove: golf == reference'
    printf '# %s\n' "$(grep -m 1 'unproved' <<< "$output")" >&3
    variant_proved ctz "$sed" scan-zero-defined
    assert_success
    assert_line --index -1 --regexp '^prove: golf == reference'
    printf '# planted: %s\n' "${lines[-1]}" >&3
}

@test "make prove refutes loops.c with its rounds cut to two (a chain of three jumps missed) with a row that replays" {
    complete_refuted loops loops-two-rounds
}
