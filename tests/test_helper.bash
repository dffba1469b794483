# Shared by every .bats file: the pinned helper libraries, paths, and small
# fixtures.  `make test` builds the programs before bats starts.

ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
BUILD="$ROOT/build"
load "$ROOT/node_modules/bats-support/load"
load "$ROOT/node_modules/bats-assert/load"

# The rows of cases.tsv without the header.
case_rows() { grep -v '^#' "$ROOT/cases.tsv"; }

# ask PROGRAM... : one question on stdin (tab-separated columns) -> $output.
ask_line() { local line=$1; shift; run "$@" <<< "$line"; }
