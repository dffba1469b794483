#!/usr/bin/env bash
# judge.sh - the whole verdict on a golf (`make judge GOLF=file`), in this
# order, stopping at the first failure:
#   1. its bytes: the count and the difference from golf/checkers.c, UTF-8
#      or not (a link runs only UTF-8), printable or not;
#   2. the table: every cases.tsv row (make's main job, tests/tools/table.sh);
#   3. a quick differential over the compiler matrix: JUDGE_POSITIONS random
#      positions through every GOLF_MATRIX build (make verify's program,
#      --sample, stopping at the first mismatch);
#   4. the proof (make prove), with the bound on the time a run takes (the
#      most machine instructions a call of f executes, each site build's).
# It ends with one line: the verdict, or the first counterexample as a
# ready cases.tsv row, replayed through the golf and the reference.  Every
# run of the golf has a time limit: a hang or a crash names its row.  Every
# run of the golf is in the sandbox (tests/tools/sandbox): what the golf
# tried there (a file written, a shell, a socket, a limit) is named in the
# verdict; where no sandbox can be made a candidate is refused before it
# runs; a run bare (SANDBOX=off) is named in the verdict too.
#
# Exit 0: proved.  1: wrong, or does not build.  3: right as far as it was
# checked, but the proof's needs are missing (it says which).  What was
# checked is left in GOLF_DIR/judge.checked (make submit's post says it).
#
# From make: MAKE, GOLF, GOLF_DIR, BUILD, GOLF_MATRIX,
# GOLF_TIME_LIMIT, JOBS, JUDGE_POSITIONS, VERIFY_SANDBOX, SANDBOX, SAN.
set -u
cd "$(dirname "$0")/.." || exit 2
golf=${GOLF:-golf/checkers.c}
build=${BUILD:-build}
dir=${GOLF_DIR:-$build}
limit=${GOLF_TIME_LIMIT:-2}
positions=${JUDGE_POSITIONS:-1000000}
# shellcheck disable=SC2206 # MAKE may be a command with arguments
make=(${MAKE:-make} --no-print-directory -s BUILD="$build" GOLF="$golf")
[ -z "${GOLF_MATRIX:-}" ] || make+=(GOLF_MATRIX="$GOLF_MATRIX")
start=$SECONDS

say() { echo "judge: $*"; }
# Every run of the golf: in the sandbox (SANDBOX and SAN from make).
sandbox=("tests/tools/sandbox")
# bare: set when the golf ran bare, named in the verdict.
bare=
[ "${SANDBOX:-}" != off ] || bare="; ran bare, unsandboxed (SANDBOX=off)"
# verdict LINE STATUS: the closing line, and the exit.
verdict() {
    if [ -n "${logs:-}" ]; then echo "$golf: $1$bare" > "$logs/verdict"
    elif [ -d "$dir" ]; then echo "$golf: $1$bare" > "$dir/judge.verdict"; fi
    echo "$golf: $1$bare ($((SECONDS - start)) s)"
    exit "$2"
}
# sandboxed STEP LOG: the verdict when the sandbox saw the golf try
# something (its lines "sandbox: NAME: what" in LOG), naming the first.
sandboxed() {
    local saw
    saw=$(sed -n '/^sandbox: [^:]*: runs bare, /d; s/^sandbox: [^:]*: //p' "$2" | head -n 1)
    [ -z "$saw" ] || { grep '^sandbox: ' "$2" | sed 's/^/judge: /'; verdict "$1: $saw" 1; }
}

# replay ROW [BUILD]: the row's question through the golf's main build (or
# the matrix build BUILD, "clang-19 -O0") and the reference, each within
# the time limit.
replay() {
    local q got want program=$dir/golf name="the main build"
    q=$(cut -f1-4 <<< "$1")
    if [ -n "${2:-}" ]; then
        program=$dir/golf-${2// /}
        name=$2
        "${make[@]}" files FILES="$program" > /dev/null 2>&1 || program=$dir/golf name="the main build"
    fi
    got=$(LIMIT_NAME=golf "tests/tools/limit" "$limit" "${sandbox[@]}" "$program" <<< "$q" 2>&1 | tr '\n' ' ')
    want=$("$build/reference" --rule challenge <<< "$q" 2>&1 | tr '\n' ' ')
    say "replayed: $golf ($name) says ${got% }, the reference (--rule challenge) says ${want% }"
}

# ==================== 1. The bytes ====================
[ -f "$golf" ] || verdict "no such file" 1
mkdir -p "$dir"
# Each step's output goes to this run's own folder, and at the end each file
# NAME is renamed to GOLF_DIR/judge.NAME: judges of the same file at once
# never write into each other's logs, and a log is never seen half-written.
logs=$(mktemp -d "$dir/judge.run.XXXXXX") || exit 2
publish() {
    local f
    [ -e "$logs/checked" ] || rm -f "$dir/judge.checked"
    for f in "$logs"/*; do [ ! -e "$f" ] || mv -f "$f" "$dir/judge.${f##*/}"; done
    rm -rf "$logs"
}
trap publish EXIT
bytes=$(wc -c < "$golf" | tr -d ' ')
delta=$((bytes - $(wc -c < golf/checkers.c)))
if [ "$delta" -gt 0 ]; then delta="+$delta"; elif [ "$delta" -eq 0 ]; then delta="="; fi
size="$bytes bytes ($delta)"
if iconv -f UTF-8 -t UTF-8 "$golf" > /dev/null 2>&1; then
    size+=", UTF-8"
else
    size+=", not UTF-8 (no link can run it: make submit refuses it)"
fi
unprintable=$(LC_ALL=C tr -d '\040-\176' < "$golf" | wc -c | tr -d ' ')
[ "$unprintable" -eq 0 ] || size+=", $unprintable not printable ASCII"
[ "$(tail -c 1 "$golf" | od -An -c | tr -d ' ')" != '\n' ] ||
    size+=", ends with a line feed (counted: write it with printf '%s')"
say "$size"

# A candidate runs only in a sandbox: where none can be made, it is
# refused here, before anything of it runs.
if [ "${SANDBOX:-on}" = on ] && ! why=$("${sandbox[@]}" --check); then
    say "$why"
    verdict "$size; not run: ${why#sandbox: }; SANDBOX=off runs your own candidate bare" 1
fi

# ==================== 2. The table ====================
say "the table: every cases.tsv row (make GOLF=...)"
first_file=$logs/first
rm -f "$first_file"
TABLE_FIRST=$first_file "${make[@]}" all > "$logs/table" 2>&1
status=$?
rows=$(sed -n 's/^cases\.tsv: \([0-9]*\) rows$/\1/p' "$logs/table")
if [ "$status" -ne 0 ]; then
    grep -v -e '^make\(\[[0-9]*\]\)\{0,1\}: \*\*\*' "$logs/table"
    first=$(cat "$first_file" 2> /dev/null)
    [ -n "$rows" ] || verdict "$size; does not build (above)" 1
    what=$(grep -m 1 -o "^  golf (challenge): \(refused\|stopped by the sandbox\): .*" "$logs/table")
    [ -z "$what" ] || verdict "$size; table: ${what#  golf (challenge): }" 1
    [ -n "$first" ] || verdict "$size; the table fails (above)" 1
    row=$(sed -n "${first}p" cases.tsv)
    what=$(grep -m 1 -o "golf (challenge): \(hangs on\|crashed on\) row $first.*" "$logs/table")
    if [ -n "$what" ]; then
        say "${what#golf (challenge): }; cases.tsv:$first as a row:"
        printf '%s\n' "$row"
        verdict "$size; ${what#golf (challenge): }" 1
    fi
    wrong=$(grep -c '^  MISMATCH golf (challenge) ' "$logs/table")
    say "the first counterexample, cases.tsv:$first, as a row:"
    printf '%s\n' "$row"
    replay "$row"
    verdict "$size; table: wrong on $wrong of $rows rows, the first cases.tsv:$first (above)" 1
fi
table="table $rows/$rows"
say "$table"
# The project's own golf, bare where no sandbox can be made: named.
bare_own=$(sed -n 's/^  golf (challenge): ran bare, unsandboxed (the project.s own golf; \(.*\))$/\1/p' "$logs/table")
[ -z "$bare_own" ] || bare="; ran bare, unsandboxed (the project's own golf; $bare_own)"

# ==================== 3. The differential over the matrix ====================
case $positions in
1000000) shown="10^6" ;; 10000000) shown="10^7" ;; 100000) shown="10^5" ;; *) shown=$positions ;;
esac
# First the build the table ran (a second or so), then every matrix build.
say "the differential: $shown random positions through the main build (make differential)"
"${make[@]}" files FILES="$dir/differential" > "$logs/build" 2>&1 ||
    { cat "$logs/build"; verdict "$size; $table; the differential does not build (above)" 1; }
LIMIT_NAME=differential "tests/tools/limit" 60 "${sandbox[@]}" "$dir/differential" "$positions" 1 > "$logs/differential" 2>&1
status=$?
sandboxed "$table; differential" "$logs/differential"
if [ "$status" -ne 0 ]; then
    row=$(grep -a -m 1 -P '^[-0-9,]+\t[-0-9,]+\t\d+\t\d+\t(true|false)\t(true|false)\t' "$logs/differential")
    [ -n "$row" ] || { cat "$logs/differential"; verdict "$size; $table; the differential fails (above)" 1; }
    head -n 1 "$logs/differential" | sed 's/^/judge: /'
    say "the first counterexample, as a cases.tsv row:"
    printf '%s\n' "$row"
    replay "$row"
    verdict "$size; $table; differential: wrong (above)" 1
fi
say "the differential: $shown random positions through every matrix build (make verify)"
"${make[@]}" -j"${JOBS:-2}" verify-build > "$logs/build" 2>&1 ||
    { cat "$logs/build"; verdict "$size; $table; a matrix build fails (above)" 1; }
# shellcheck disable=SC2086 # VERIFY_SANDBOX: the sandbox's options
"${sandbox[@]}" ${VERIFY_SANDBOX:-} "$dir/verify/verify" --sample "$positions" --stall $((limit > 3 ? limit : 3)) > "$logs/verify" 2>&1
status=$?
sandboxed "$table; differential over the matrix" "$logs/verify"
if [ "$status" -ne 0 ]; then
    row=$(grep -a -m 1 -P '^[-0-9,]+\t[-0-9,]+\t\d+\t\d+\t(true|false)\t(true|false)\tverify ' "$logs/verify")
    [ -n "$row" ] || { cat "$logs/verify"; verdict "$size; $table; the differential fails (above)" 1; }
    say "the first counterexample, as a cases.tsv row:"
    printf '%s\n' "$row"
    case $row in
    *"hangs here"* | *"crashed here"*)
        verdict "$size; $table; differential: ${row##*: }" 1 ;;
    esac
    # The first build verify names ("gcc -O0, clang -O2 say true"), unless all.
    builds=${row##*verify * #*: }
    case $builds in
    "all builds"*) replay "$row" ;;
    *) first_build=${builds%%,*}; replay "$row" "${first_build% say*}" ;;
    esac
    verdict "$size; $table; differential: wrong (above)" 1
fi
differential="differential $shown, 0 mismatches"
say "$differential"
echo "$table; $differential" > "$logs/checked"

# ==================== 4. The proof ====================
missing=()
PYTHON=$("${make[@]}" print-PYTHON) # the Makefile's choice: the first python3 that imports z3
command -v clang-19 > /dev/null 2>&1 || missing+=("clang-19 (package clang-19)")
# One run of that python3 names the modules it cannot import.
absent=$("${PYTHON:-python3}" -c 'import sys
for m in ("z3", "capstone"):
    try:
        __import__(m)
    except Exception:
        print(m)' 2> /dev/null) || absent="z3 capstone"
[[ $absent != *z3* ]] || missing+=("z3 for ${PYTHON:-python3} (package python3-z3)")
[[ $absent != *capstone* ]] || missing+=("capstone for ${PYTHON:-python3} (package python3-capstone)")
# UBSan's runtime for clang-19 (make prove runs the golf under it).
command -v clang-19 > /dev/null 2>&1 && ! printf 'int main(void) { return 0; }\n' |
    clang-19 -fsanitize=undefined -x c -o "$logs/ubsan-probe" - > /dev/null 2>&1 &&
    missing+=("the runtime of clang-19 -fsanitize=undefined (package libclang-rt-19-dev)")
rm -f "$logs/ubsan-probe"
# The site's compilers (tests/tools/site-root): made once by make prove, as
# root with debootstrap, as a user with mmdebstrap.
if ! "tests/tools/site-root" "$build/site-root" check 2> /dev/null; then
    if [ "$(id -u)" -eq 0 ]; then
        say "the site's compilers (gcc-14, gcc-15, gcc-16) are made once now, in $build/site-root (a few minutes)"
    elif ! command -v mmdebstrap > /dev/null 2>&1 || ! grep -q "^$(id -un):" /etc/subuid 2> /dev/null; then
        missing+=("the site's compilers (make site-root: as root, or a user with mmdebstrap and subordinate ids)")
    fi
fi
if [ ${#missing[@]} -gt 0 ]; then
    say "the proof needs what is missing here: ${missing[*]}; make prove installs it (as root) or names the command"
    verdict "$size; $table; $differential; not proved (the proof's needs are missing)" 3
fi
say "the proof: make prove GOLF=... (every start of every build: the longest step)"
"${make[@]}" prove > "$logs/prove" 2>&1
status=$?
if [ "$status" -ne 0 ]; then
    grep -v -e '^make\(\[[0-9]*\]\)\{0,1\}: \*\*\*' "$logs/prove"
    if grep -q -P '^[-0-9,]+\t[-0-9,]+\t\d+\t\d+\t(true|false)\t(true|false)\t' "$logs/prove"; then
        verdict "$size; $table; $differential; the proof refutes it (the counterexample above)" 1
    fi
    verdict "$size; $table; $differential; not proved (above)" 1
fi
grep '^prove: time: ' "$logs/prove" | sed 's/^/judge: /'
tail -n 1 "$logs/prove" | sed 's/^/judge: /'
# The time a run takes at the site, as the proof bounds it (tests/prove/bound.py):
# the most machine instructions a call of f executes, each site build's.
sites=$(grep -m 1 '^prove: time: ' "$logs/prove" | grep -o -E 'site-gcc-[0-9]+ -O0 [0-9][0-9,.x^]*[0-9]' | paste -sd '|' | sed 's/|/, /g')
most=$(grep -m 1 '^prove: time: ' "$logs/prove" | sed -n 's/^prove: time: a run of f executes at most \([^ ]*\) .*/\1/p')
proved="proved on every valid input${most:+; a run at most $most instructions${sites:+ ($sites)}}"
echo "$table; $differential; $proved" > "$logs/checked"
verdict "$size; $table; $differential; $proved" 0
