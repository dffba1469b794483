#!/usr/bin/env bats
# tests/needs, the set-up step of make test, lint, fuzz, sanitize and submit:
# silent when all is there; otherwise, as a user, one message naming every
# missing package and the one command that installs them; as root, one
# apt-get install of them all.  Run here on a bare PATH, with `id` and
# `apt-get` stood in for.

bats_require_minimum_version 1.7.0
load test_helper

NEEDS="$ROOT/tests/needs"

# A PATH with only the tools the script itself uses, and stand-ins for id
# (uid $1) and apt-get (which logs its arguments).
bare_path() {
    local bin="$BATS_TEST_TMPDIR/bin" tool
    mkdir -p "$bin"
    for tool in bash env sed head cat; do ln -sf "$(command -v "$tool")" "$bin/$tool"; done
    printf '#!/bin/sh\necho %s\n' "$1" > "$bin/id"
    printf '#!/bin/sh\necho "$*" >> "%s"\n' "$BATS_TEST_TMPDIR/apt-get.log" > "$bin/apt-get"
    chmod +x "$bin/id" "$bin/apt-get"
    echo "$bin"
}

@test "with everything there, the check for make test is silent" {
    run env CC=gcc GOLF_MATRIX="$(golf_matrix)" FUZZ_CC=clang "$NEEDS" test
    assert_success
    assert_output ""
}

@test "as a user, it names every missing package and the one command that installs them all, and stops" {
    local path
    path=$(bare_path 1000)
    run env PATH="$path" CC=gcc GOLF_MATRIX="gcc:-O2 clang:-O0 clang-19:-O2" FUZZ_CC=clang "$NEEDS" test
    assert_failure 1
    assert_line "make test needs what this machine lacks:"
    assert_line "  - gcc (package gcc)"
    assert_line "  - valgrind (package valgrind)"
    # One command, each package once, nothing run.
    run grep -c 'apt-get install' <<< "$output"
    assert_output 1
    run env PATH="$path" CC=gcc GOLF_MATRIX="gcc:-O2 clang:-O0 clang-19:-O2" FUZZ_CC=clang "$NEEDS" test
    assert_line --regexp '^  sudo apt-get install --no-install-recommends gcc xxd clang clang-19 libclang-rt-[0-9]+-dev binutils valgrind nodejs npm$'
    [ ! -e "$BATS_TEST_TMPDIR/apt-get.log" ] || fail "apt-get ran for a user: $(cat "$BATS_TEST_TMPDIR/apt-get.log")"
}

@test "as root, it installs every missing package in one apt-get install" {
    local path
    path=$(bare_path 0)
    run env PATH="$path" CC=gcc GOLF_MATRIX="gcc:-O2 clang-19:-O2" FUZZ_CC=clang-19 "$NEEDS" test
    assert_success
    assert_output --partial "make test: installing what is missing: gcc (package gcc)"
    run cat "$BATS_TEST_TMPDIR/apt-get.log"
    assert_output "update -qq
install -y -qq --no-install-recommends gcc xxd clang-19 libclang-rt-19-dev binutils valgrind nodejs npm"
}

@test "lint and fuzz check their own needs" {
    local path
    path=$(bare_path 1000)
    run env PATH="$path" "$NEEDS" lint
    assert_failure 1
    assert_output --partial "sudo apt-get install --no-install-recommends cppcheck clang-tidy"
    run env PATH="$path" FUZZ_CC=clang-19 "$NEEDS" fuzz
    assert_failure 1
    assert_output --partial "sudo apt-get install --no-install-recommends clang-19 libclang-rt-19-dev"
}
