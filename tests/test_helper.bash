# Shared by every .bats file: the pinned helper libraries, paths, the golf's
# compiler and flags, and small fixtures.  `make test` builds the programs
# before bats starts.

# Every test loads this file anew, so it forks nothing: on a machine where a
# fork costs milliseconds, a fork here is one per test of the suite.
ROOT=${BATS_TEST_DIRNAME%/tests}
[[ $ROOT == /* && $ROOT != "$BATS_TEST_DIRNAME" ]] || ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
# The programs under test: build/, or another tree such as build/san (make
# sanitize).  tests/tools/run passes it absolute; a relative one is the checkout's.
BUILD="${BUILD:-$ROOT/build}"
[[ $BUILD == /* ]] || BUILD="$ROOT/$BUILD"
# Sanitizer flags that make sanitize adds to every compile and link, also of
# the programs a test compiles itself.
SAN="${SAN:-}"
# The pinned helper libraries, each file its load.bash names, in its order
# (their load.bash runs dirname once a file: 18 forks a test).
for lib in bats-support bats-assert; do
    while IFS= read -r line; do
        if [[ $line =~ ^source\ .*/(src/[a-z_]+\.bash)\"$ ]]; then
            # shellcheck disable=SC1090 # the library's own files
            source "$ROOT/node_modules/$lib/${BASH_REMATCH[1]}"
        fi
    done < "$ROOT/node_modules/$lib/load.bash"
done
unset lib line
# (Should a new version write its load.bash otherwise: its own loaders.)
declare -F fail > /dev/null || load "$ROOT/node_modules/bats-support/load"
declare -F assert_success > /dev/null || load "$ROOT/node_modules/bats-assert/load"

# bats runs its DEBUG trap before every command of a test (set -T: inside
# every function too), to name a failure's line.  In bats-assert's loop over
# the output's lines that trap was most of a test's time: assert_line on 300
# lines took 0.15 s with it, 0.01 s without.  So the line assertions run
# without it, and it is back as bats set it when they return, passed or
# failed (tests/golfer.bats checks that).  A failure is still named at the
# test's line: the trap ran on the call.  Each calls its worker itself, as
# bats-assert's own does (the worker checks who called it).
BATS_DEBUG_TRAP='bats_debug_trap "$BASH_SOURCE"'
if declare -F __assert_line __refute_stream_line > /dev/null; then
    for fn in assert_line:__assert_line refute_line:__refute_stream_line; do
        eval "${fn%:*}() {
            trap - DEBUG
            ${fn#*:} \"\$@\" && { trap \"\$BATS_DEBUG_TRAP\" DEBUG; return 0; }
            set -- \$?
            trap \"\$BATS_DEBUG_TRAP\" DEBUG
            return \"\$1\"
        }"
    done
    unset fn
fi

# The flags the golf needs (golf/flags, the one place they are written).
read -r GOLF_FLAGS < "$ROOT/golf/flags" || true

# The golf's compiler matrix (compiler:level words): the Makefile's, passed
# on by make test, or asked of make when bats runs on its own.
golf_matrix() {
    if [ -n "${GOLF_MATRIX:-}" ]; then echo "$GOLF_MATRIX"; else project_make print-GOLF_MATRIX; fi
}

# golf_compile COMPILER LEVEL OUT SOURCE: SOURCE compiled as every golf build
# is (the golf's flags, and $SAN), to the object OUT.
golf_compile() {
    # shellcheck disable=SC2086 # LEVEL, GOLF_FLAGS and SAN: several flags, or none
    "$1" $2 $GOLF_FLAGS $SAN -c -o "$3" "$4"
}

# golf_cc OUT SOURCE: SOURCE compiled as the main golf build is ($CC, -O2).
golf_cc() { golf_compile "${CC:-gcc}" -O2 "$1" "$2"; }

# apply_row TSV NAME FILE: golf/checkers.c (or GOLF_SOURCE: make mutants
# GOLF=file) with row NAME of TSV (a planted
# bug: its search, column 2, replaced by its replace, column 3) into FILE.
# Sets count: how often the search occurs in the golf, -1 when TSV has no
# row NAME.  FILE is written only when the search occurs exactly once.
apply_row() {
    local search replace golf rest
    count=-1
    IFS=$'\t' read -r search replace < <(awk -F'\t' -v n="$2" '$1 == n { print $2 "\t" $3; exit }' "$1")
    [ -n "$search" ] || return 0
    count=0
    golf=$(< "${GOLF_SOURCE:-$ROOT/golf/checkers.c}")
    rest=$golf
    while [[ $rest == *"$search"* ]]; do
        rest=${rest#*"$search"}
        count=$((count + 1))
    done
    [ "$count" -ne 1 ] || printf '%s' "${golf/"$search"/"$replace"}" > "$3"
}

# copy_checkout DIR: a copy of the checkout's files (not its build or
# node_modules), as a fresh clone has them, into DIR.
copy_checkout() {
    mkdir -p "$1"
    (cd "$ROOT" && tar cf - --exclude=./build --exclude=./node_modules --exclude=./.git .) |
        (cd "$1" && tar xf -)
}

# row_names TSV: the names (column 1) of TSV's rows, one a line.
row_names() { awk -F'\t' '!/^#/ && NF { print $1 }' "$1"; }

# in_checkout PATH: PATH relative to the checkout when it lies inside it.
# make cannot take a path with spaces, and the checkout's own may have some.
in_checkout() { if [[ $1 == "$ROOT"/* ]]; then echo "${1#"$ROOT"/}"; else echo "$1"; fi; }

# project_make ARG...: make in the checkout, on this run's build tree (given
# as make can take it; a later BUILD=... among ARGs overrides it).
project_make() { make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" "$@"; }

# make_list VAR: the Makefile's list VAR (sources or objects, each list
# written once there), one path a line, each absolute.  Into an array:
# mapfile -t objects < <(make_list REF_LIB).
make_list() {
    local words w
    words=$(project_make "print-$1") || return 1
    # Make's words hold no space (BUILD is one word, paths are relative).
    for w in $words; do if [[ $w == /* ]]; then echo "$w"; else echo "$ROOT/$w"; fi; done
}

# ref_objects VAR: the objects in $BUILD of the Makefile's list of
# reference sources VAR (LIB_SRC, ENGINE_SRC, ...), one path a line.
ref_objects() {
    local c
    while IFS= read -r c; do c=${c##*/}; echo "$BUILD/${c%.c}.o"; done < <(make_list "$1")
}

# The rows of cases.tsv without the header.
case_rows() { grep -v '^#' "$ROOT/cases.tsv"; }

# table_mismatches PROGRAM... : all of cases.tsv through PROGRAM in one run;
# prints each row whose answer is not its challenge verdict (nothing if all
# agree).  A crash or stray output shows as rows with a wrong or no answer.
table_mismatches() {
    paste <(case_rows) <("$@" < "$ROOT/cases.tsv" 2>&1) |
        awk -F'\t' '$5 != $NF { print "want " $5 ", got " $NF ": " $0 }'
}

# ask PROGRAM... : one question on stdin (tab-separated columns) -> $output.
ask_line() { local line=$1; shift; run "$@" <<< "$line"; }

# planted_movegen NAME FILE SEARCH REPLACE: reference/FILE with SEARCH
# replaced by REPLACE (FILE must hold SEARCH), built with tests/oracles/movegen.c and
# this build's other objects (the Makefile's ENGINE_SRC, as build/movegen)
# into $BATS_TEST_TMPDIR/NAME/movegen: how movegen.bats and perft.bats plant
# a bug in the rules or the fast generator.
planted_movegen() {
    local dir="$BATS_TEST_TMPDIR/$1" file=$2 search=$3 replace=$4 text objects=() o
    mkdir -p "$dir"
    cp "$ROOT"/reference/*.h "$dir/"
    grep -qF -- "$search" "$ROOT/reference/$file" || fail "the search text is not in reference/$file: $search"
    text=$(< "$ROOT/reference/$file")
    printf '%s\n' "${text/"$search"/"$replace"}" > "$dir/$file"
    while IFS= read -r o; do
        [ "${o##*/}" = "${file%.c}.o" ] || objects+=("$o")
    done < <(ref_objects ENGINE_SRC)
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 -O1 -pthread $SAN -I"$dir" -o "$dir/movegen" "$dir/$file" "$ROOT"/tests/oracles/{movegen,bitboard}.c \
        "${objects[@]}"
}

# needs_sandbox: a test that runs a candidate (make GOLF=..., the judge)
# needs a sandbox (tests/tools/sandbox), and where none can be made here (a
# plain chroot, no user namespaces) candidates are refused: it skips,
# saying why (tests/tools/run asks once: SANDBOX_NONE holds the reason).
# tests/sandbox.bats checks the refusal itself.
needs_sandbox() {
    [ -z "${SANDBOX_NONE:-}" ] || skip "no sandbox can be made here, candidates are refused: ${SANDBOX_NONE##*; }"
}

# no_raw_bytes: $output holds no byte outside printable ASCII and the usual
# whitespace.
no_raw_bytes() {
    local raw
    raw=$(LC_ALL=C grep -an '[^[:print:][:space:]]' <<< "$output" || true)
    [ -z "$raw" ] || fail "raw bytes on the terminal: $(cat -v <<< "$raw")"
}
