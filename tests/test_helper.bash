# Shared by every .bats file: the pinned helper libraries, paths, and small
# fixtures.  `make test` builds the programs before bats starts.

ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
# The programs under test: build/, or another tree such as build/san (make sanitize).
BUILD="${BUILD:-$ROOT/build}"
# Flags a test must add when it links its own program from $BUILD's objects:
# make sanitize sets the sanitizer flags its build/san objects need.
BUILD_LDFLAGS="${BUILD_LDFLAGS:-}"
load "$ROOT/node_modules/bats-support/load"
load "$ROOT/node_modules/bats-assert/load"

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
