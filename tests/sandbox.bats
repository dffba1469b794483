#!/usr/bin/env bats
# The sandbox every run of a golf goes through (tests/tools/sandbox): a
# candidate is untrusted code.  Payload candidates (tests/fixtures/
# payloads.c appended to the golf, built as make builds a candidate) try
# each thing a hostile post might: write outside the checkout, write into
# it, start a shell, connect to a listener on 127.0.0.1, read a file in
# $HOME, fork without bound, take memory, CPU, a huge file.  Each is shown
# contained in the sandbox and escaping without it (SANDBOX=off, into
# throwaway folders only: a copy of cases.tsv and rules.h, a stand-in
# $HOME, a listener of the test's own).  Then the golfer's view: make names
# what a candidate tried, make judge's verdict too, and where no sandbox
# can be made a candidate is refused, never run bare.

bats_require_minimum_version 1.7.0
load test_helper

SANDBOX_TOOL="$ROOT/tests/tools/sandbox"

# The payload program, built once: the golf, then payloads.c, with the
# golf's flags, linked with the driver and the reader as make links a
# golf.  Without sanitizers, whatever SAN says: the limits asserted here
# are the plain build's (an ASan build gets ASan's own, make sanitize).
setup_file() {
    local dir=$BATS_FILE_TMPDIR/build src objects=()
    mkdir -p "$dir"
    { cat "$ROOT/golf/checkers.c"; echo; cat "$ROOT/tests/fixtures/payloads.c"; } > "$dir/candidate.c"
    # shellcheck disable=SC2086 # GOLF_FLAGS: several flags, or none
    "${CC:-gcc}" -O2 $GOLF_FLAGS -c -o "$dir/candidate.o" "$dir/candidate.c" 2> "$dir/candidate.warnings" || {
        cat "$dir/candidate.warnings" >&2
        return 1
    }
    local libs=()
    mapfile -t libs < <(make_list REF_LIB) # one a line: the checkout's path may hold spaces
    for src in "$ROOT/golf/driver.c" "${libs[@]}"; do
        src=${src##*/}
        src=${src%.o}
        [ "$src" = driver.c ] && src=$ROOT/golf/driver.c || src=$ROOT/reference/$src.c
        "${CC:-gcc}" -std=c11 -O2 -c -o "$dir/${src##*/}.o" "$src" || return 1
        objects+=("$dir/${src##*/}.o")
    done
    "${CC:-gcc}" -o "$dir/payload" "$dir/candidate.o" "${objects[@]}"
}

setup() {
    P=$BATS_FILE_TMPDIR/build/payload
    # Throwaway places the payloads aim at: a folder outside, a copy of
    # the checkout's files, a stand-in $HOME with a secret.
    OUT=$BATS_TEST_TMPDIR/outside
    COPY=$BATS_TEST_TMPDIR/checkout
    FAKE_HOME=$BATS_TEST_TMPDIR/home
    mkdir -p "$OUT" "$COPY/reference" "$FAKE_HOME"
    cp "$ROOT/cases.tsv" "$COPY/"
    cp "$ROOT/reference/rules.h" "$COPY/reference/"
    echo "the secret $BATS_TEST_NUMBER" > "$FAKE_HOME/secret"
    SUMS=$(cd "$COPY" && cksum cases.tsv reference/rules.h)
}

# boxed ARG...: the payload in the sandbox (from the copy, as make runs a
# golf from the checkout), its output in $output.  bare ARG...: the same
# without it (SANDBOX=off).  The payload is a plain build: no sanitizer's
# options or limits, whatever make sanitize says.
boxed() {
    run --separate-stderr env -u ASAN_OPTIONS -u UBSAN_OPTIONS -u LSAN_OPTIONS SAN= \
        bash -c 'cd "$1" && shift && "$@" < /dev/null' _ "$COPY" "$SANDBOX_TOOL" "$@"
}
bare() {
    run --separate-stderr env -u ASAN_OPTIONS -u UBSAN_OPTIONS -u LSAN_OPTIONS SAN= \
        bash -c 'cd "$1" && shift && SANDBOX=off "$@" < /dev/null' _ "$COPY" "$SANDBOX_TOOL" "$@"
}
stderr_has() { grep -q -F -x -- "$1" <<< "$stderr" || fail "stderr has no line '$1': $stderr"; }
copy_untouched() { [ "$(cd "$COPY" && cksum cases.tsv reference/rules.h)" = "$SUMS" ] || fail "the checkout's copy was written"; }

@test "a candidate that writes outside the checkout: nothing reaches the folder; bare, it does" {
    needs_sandbox
    boxed "$P" write-outside "$OUT"
    assert_success
    stderr_has "payload: append to $OUT/pwned: failed"
    [ ! -e "$OUT/pwned" ] || fail "the sandboxed payload wrote $OUT/pwned"
    bare "$P" write-outside "$OUT"
    stderr_has "payload: append to $OUT/pwned: done"
    [ "$(cat "$OUT/pwned")" = pwned ]
}

@test "a candidate that writes into the checkout (cases.tsv, reference/rules.h): refused, and its write to its own folder is named; bare, it rewrites both" {
    needs_sandbox
    boxed "$P" write-checkout "$COPY"
    assert_failure 126
    stderr_has "payload: append to $COPY/cases.tsv: failed"
    stderr_has "payload: append to $COPY/reference/rules.h: failed"
    stderr_has "sandbox: payload: wrote /tmp/cases.tsv (in its private /tmp, thrown away)"
    copy_untouched
    bare "$P" write-checkout "$COPY"
    assert_success
    [ "$(tail -n 1 "$COPY/reference/rules.h")" = pwned ] || fail "rules.h not written bare"
    [ "$(tail -n 2 "$COPY/cases.tsv")" = $'pwned\npwned' ] || fail "cases.tsv not written twice bare"
}

@test "a candidate that starts a shell (system(), as a constructor): it finds none, and the sandbox names the command; bare, the command runs" {
    needs_sandbox
    boxed "$P" shell
    assert_failure 126
    stderr_has "payload: system: status 32512"
    stderr_has "sandbox: payload: started a shell: sh -c echo pwned > shell-pwned (there is none here)"
    [ ! -e "$COPY/shell-pwned" ]
    bare "$P" shell
    assert_success
    stderr_has "payload: system: status 0"
    [ "$(cat "$COPY/shell-pwned")" = pwned ]
}

@test "a candidate that connects to a listener on 127.0.0.1: killed at its socket, named, the listener hears nothing; bare, it hears the candidate" {
    needs_sandbox
    local port listener heard=$BATS_TEST_TMPDIR/heard
    # The listener: every connection's first line appended to $heard.
    python3 -c 'import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen()
print(s.getsockname()[1], flush=True)
while True:
    c, _ = s.accept()
    with open(sys.argv[1], "ab") as fh:
        fh.write(c.recv(100))
    c.close()' "$heard" > "$BATS_TEST_TMPDIR/port" 3>&- &
    listener=$!
    for _ in $(seq 50); do [ -s "$BATS_TEST_TMPDIR/port" ] && break; sleep 0.1; done
    port=$(cat "$BATS_TEST_TMPDIR/port")
    [ -n "$port" ] || { kill "$listener"; fail "the listener did not start"; }
    boxed "$P" connect "$port"
    local boxed_status=$status boxed_err=$stderr
    bare "$P" connect "$port"
    local bare_err=$stderr
    sleep 0.2
    kill "$listener"
    wait "$listener" 2> /dev/null || true
    [ "$boxed_status" -eq 159 ] || fail "the sandboxed payload exited $boxed_status: $boxed_err"
    stderr=$boxed_err stderr_has "sandbox: payload: made a system call the sandbox forbids (a socket: there is no network here), and was killed"
    stderr=$bare_err stderr_has "payload: connect to 127.0.0.1:$port: done"
    [ "$(cat "$heard")" = pwned ] || fail "the listener heard: $(cat "$heard" 2> /dev/null)"
}

@test "a candidate that reads a file in \$HOME: it sees no home; bare, it copies the secret out" {
    needs_sandbox
    HOME=$FAKE_HOME boxed "$P" read-home "$FAKE_HOME/secret" "$OUT"
    assert_success
    stderr_has "payload: read $FAKE_HOME/secret: failed"
    [ ! -e "$OUT/stolen" ]
    HOME=$FAKE_HOME bare "$P" read-home "$FAKE_HOME/secret" "$OUT"
    stderr_has "payload: read $FAKE_HOME/secret: done"
    [ "$(cat "$OUT/stolen")" = "the secret $BATS_TEST_NUMBER" ]
}

@test "a candidate that forks 100 processes gets fewer than the limit of 32, and is named for those it left; bare, it gets all 100" {
    needs_sandbox
    boxed "$P" fork
    assert_failure 126
    local n
    n=$(sed -n 's/^payload: forked \([0-9]*\) processes$/\1/p' <<< "$stderr")
    [ -n "$n" ] && [ "$n" -lt 32 ] || fail "forked in the sandbox: ${n:-?}: $stderr"
    stderr_has "sandbox: payload: left $n processes running when it ended (the limit is 32; all killed)"
    bare "$P" fork
    stderr_has "payload: forked 100 processes"
}

# bomb_contained AS...: a fork bomb, run in the sandbox as AS (a command
# prefix: nothing for root, setpriv for a user): at no time more than the
# limit of its processes, none left after it is stopped.  Should the sandbox
# fail, the bomb is bounded by itself (payloads.c: 1111 processes, 2 s),
# and a user's by a ulimit of 1000 processes too (root ignores that one).
bomb_contained() {
    local most=0 seen=0 n
    (
        ulimit -S -u 1000
        exec env -u ASAN_OPTIONS -u UBSAN_OPTIONS -u LSAN_OPTIONS SAN= "$@" \
            bash -c 'exec timeout 10 /proc/self/fd/8 /proc/self/fd/9 bomb < /dev/null' 8< "$SANDBOX_TOOL" 9< "$P"
    ) 3>&- &
    local bomb=$! # timeout's: stopping it stops the sandbox
    # Watched for half a second once it runs (on a loaded machine the
    # sandbox may take a while to start), then stopped.
    for _ in $(seq 100); do
        sleep 0.1
        n=$(pgrep -c -f '^/run/sandbox/9 bomb$') || n=0
        [ "$n" -le "$most" ] || most=$n
        [ "$n" -eq 0 ] || seen=$((seen + 1))
        [ "$seen" -lt 5 ] || break
    done
    kill "$bomb" 2> /dev/null || true
    wait "$bomb" || true
    # The kernel takes the sandbox's processes down once it is stopped; on a
    # loaded machine that takes a moment (2 were left at 0.2 s, load 6.6).
    # The bomb's processes each live 2 s and fork anew while they can, so
    # one still there after 1 s is one the sandbox did not stop.
    for _ in $(seq 10); do
        sleep 0.1
        n=$(pgrep -c -f '^/run/sandbox/9 bomb$') || n=0
        [ "$n" -gt 0 ] || break
    done
    [ "$n" -eq 0 ] || fail "$n of the bomb's processes outlived it by 1 s"
    [ "$most" -gt 5 ] || fail "the bomb never ran (at most $most processes seen)"
    [ "$most" -le 32 ] || fail "the bomb had $most processes at once"
}

@test "a fork bomb: at most the limit of 32 processes at once, as root and as a user, all gone when it is stopped" {
    needs_sandbox
    bomb_contained
    [ "$(id -u)" -ne 0 ] || bomb_contained setpriv --reuid=65534 --regid=65534 --clear-groups
}

@test "a candidate that takes memory: stopped near 1 GB of address space; bare, it takes 4 GB" {
    needs_sandbox
    boxed "$P" memory
    assert_success
    local mb
    mb=$(sed -n 's/^payload: allocated \([0-9]*\) MB$/\1/p' <<< "$stderr")
    [ -n "$mb" ] && [ "$mb" -lt 1024 ] || fail "allocated in the sandbox: ${mb:-?} MB: $stderr"
    bare "$P" memory
    stderr_has "payload: allocated 4096 MB"
}

@test "a candidate that spins: killed at its CPU limit and named; bare, it spins on" {
    needs_sandbox
    boxed --cpu 1 "$P" cpu
    assert_failure 152
    stderr_has "sandbox: payload: exceeded its CPU time limit (1 s)"
    bare "$P" cpu
    stderr_has "payload: spun 1.5 s of CPU"
}

@test "a candidate that writes a huge file: killed at the file size limit, named, nothing kept; bare, the file stays" {
    needs_sandbox
    boxed --fsize 1 "$P" file
    assert_failure 153
    stderr_has "sandbox: payload: wrote a file over the size limit (1 MB)"
    stderr_has "sandbox: payload: wrote /tmp/big (in its private /tmp, thrown away)"
    [ ! -e "$COPY/big" ]
    bare "$P" file
    stderr_has "payload: wrote 4194304 bytes"
    [ "$(wc -c < "$COPY/big")" -eq 4194304 ]
}

@test "the sandbox's limits by default, and bare none of them" {
    needs_sandbox
    boxed "$P" limits
    stderr_has "payload: limits: cpu 60 s, address space 1024 MB, processes 32, file size 64 MB, files 64"
    bare "$P" limits
    [[ $stderr == "payload: limits: "* && $stderr != *"cpu 60 s"* ]] || fail "bare: $stderr"
}

@test "what a candidate sees: the libraries and nothing of the host's files, no home, no network but a loopback, no environment" {
    needs_sandbox
    boxed "$P" look "$ROOT" "$ROOT/cases.tsv" "$HOME" /root /home /etc/passwd /usr/bin/gcc /usr/lib /sys /var
    assert_success
    # /: bin (a /bin/sh that runs nothing), dev, etc (ld.so.cache alone),
    # the library folders the host has, proc, run (the program), tmp, usr.
    local want="bin dev etc " d
    for d in lib lib32 lib64 libx32; do [ ! -e "/$d" ] || want+="$d "; done
    assert_equal "$(sed -n 's/^payload: \/ holds //p' <<< "$stderr" | sort | tr '\n' ' ')" "${want}proc run tmp usr "
    for p in "$ROOT" "$ROOT/cases.tsv" "$HOME" /root /home /etc/passwd /usr/bin/gcc /sys /var; do
        stderr_has "payload: $p: absent"
    done
    stderr_has "payload: /usr/lib: there"
    for p in /payload-was-here /dev/shm/payload-was-here /run/sandbox/payload-was-here /usr/lib/payload-was-here; do
        stderr_has "payload: write $p: failed"
    done
    stderr_has "payload: write /tmp/payload-was-here: done"
    [ "$(grep -c '^payload: network: ' <<< "$stderr")" -eq 1 ] && stderr_has "payload: network: lo" ||
        fail "network: $(grep '^payload: network: ' <<< "$stderr")"
    [ "$(sed -n 's/^payload: environment: //p' <<< "$stderr" | sort | tr '\n' ' ')" = "PATH PWD " ] ||
        fail "environment: $(grep '^payload: environment' <<< "$stderr")"
    [ "$(id -u)" -ne 0 ] || stderr_has "payload: uid 65534"
}

# ==================== The golfer's view: make, make judge ====================

# shell_candidate FILE CANDIDATE: a right golf plus a constructor that
# calls system() to append to FILE (cases.tsv: the checkout's, as make runs
# a golf from there), as a hostile post would.
shell_candidate() {
    local file
    file=$(printf '%q' "$1" | sed 's/[\\"]/\\&/g') # for sh, then in a C string
    printf '%s\n%s' "$(cat "$ROOT/golf/checkers.c")" \
        "__attribute__((constructor)) static void p(void) { system(\"echo pwned >> $file\"); }" > "$2"
}

@test "make GOLF= on a right golf that calls system(): 179/179, but stopped by the sandbox, naming the command; cases.tsv untouched" {
    needs_sandbox
    local c="$BATS_TEST_TMPDIR/it's a shell.c" sum
    sum=$(cksum < "$ROOT/cases.tsv")
    shell_candidate cases.tsv "$c"
    run project_make GOLF="$c"
    assert_failure
    assert_line --regexp '^  golf \(challenge\) +179/179 agree$'
    assert_line "  golf (challenge): stopped by the sandbox: started a shell: sh -c echo pwned >> cases.tsv (there is none here)"
    [ "$(cksum < "$ROOT/cases.tsv")" = "$sum" ] || fail "cases.tsv was written"
    run project_make judge GOLF="$c"
    assert_failure
    assert_line --regexp "^$c: [0-9]+ bytes \\(\\+[0-9]+\\), UTF-8, [0-9]+ not printable ASCII; table: stopped by the sandbox: started a shell: sh -c echo pwned >> cases.tsv \\(there is none here\\) \\([0-9]+ s\\)$"
    [ "$(cksum < "$ROOT/cases.tsv")" = "$sum" ] || fail "cases.tsv was written"
}

@test "make GOLF= SANDBOX=off runs the candidate bare, as asked, and says so: its command runs (into a file of the test's)" {
    local c="$BATS_TEST_TMPDIR/bare.c"
    shell_candidate "$BATS_TEST_TMPDIR/it's pwned" "$c"
    run project_make GOLF="$c" SANDBOX=off
    assert_success
    assert_line "  golf (challenge): ran bare, unsandboxed (SANDBOX=off)"
    [ "$(cat "$BATS_TEST_TMPDIR/it's pwned")" = pwned ] || fail "the command did not run bare"
}

# no_userns COMMAND...: COMMAND where no user namespace can be made (a
# namespace of its own that allows none further), unless none can be made
# here already (a plain chroot).
no_userns() {
    if "$SANDBOX_TOOL" --check > /dev/null; then
        run bwrap --unshare-user --disable-userns --dev-bind / / "$@"
    else
        run "$@"
    fi
}

@test "where no sandbox can be made: a candidate is refused, by make and by make judge, saying why; the project's own golf runs bare, saying so" {
    local c="$BATS_TEST_TMPDIR/refused.c"
    shell_candidate cases.tsv "$c"
    no_userns "$SANDBOX_TOOL" --check
    assert_failure 125
    assert_output --regexp '^sandbox: no sandbox can be made here: .*(user namespace|chroot)'
    no_userns make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" GOLF="$c"
    assert_failure
    assert_line --regexp "^  golf \\(challenge\\): refused: no sandbox can be made here: .*; SANDBOX=off runs your own candidate bare$"
    assert_line --regexp '^  golf \(challenge\) +0/179 agree$'
    no_userns make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")" judge GOLF="$c"
    assert_failure
    assert_line --regexp "^$c: .*; not run: no sandbox can be made here: .*; SANDBOX=off runs your own candidate bare \\([0-9]+ s\\)$"
    refute_line --partial "judge: the table"
    no_userns make -s -C "$ROOT" BUILD="$(in_checkout "$BUILD")"
    assert_success
    assert_line --regexp "^  golf \\(challenge\\): ran bare, unsandboxed \\(the project's own golf; no sandbox can be made here: .*\\)$"
}
