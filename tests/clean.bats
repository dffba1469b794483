#!/usr/bin/env bats
# Never rm -rf through a mount: make fresh mounts /proc, /dev and /sys in a
# Debian root inside the build tree, so `make clean` and make fresh's own
# clean-up (tests/tools/remove-tree) unmount whatever the mount table shows under
# the tree first, and when something stays mounted they remove nothing,
# say so and fail.  Real bind mounts, made in a mount namespace of the
# test's own (a user namespace too when not run as root).
#
# In a plain chroot (the root is not a mount point, as in Debian's build
# chroots) no such namespace can be had: unshare cannot make the mounts
# private ("cannot change root filesystem propagation"), and the kernel
# refuses a user namespace to a chrooted process.  A mount made there could
# propagate to the host's mount table, so those tests skip, saying why.

bats_require_minimum_version 1.7.0
load test_helper

# in_namespace SCRIPT ARG...: bash SCRIPT in a mount namespace of its own,
# as root there.
in_namespace() {
    local userns=()
    [ "$(id -u)" -eq 0 ] || userns=(--user --map-root-user)
    unshare "${userns[@]}" --mount --propagation private bash -c "$@"
}

# need_private_namespace: skips the test, with the reason, where no mount
# namespace of the test's own can be made private.
need_private_namespace() {
    local why
    why=$(in_namespace true 2>&1) && return
    case $why in
    *"cannot change root filesystem propagation"* | *"unshare failed: Operation not permitted"*)
        skip "no private mount namespace here (in a chroot whose root is not a mount point, unshare cannot make mounts private: $why); a bind mount could reach the host's mount table" ;;
    esac
    fail "unshare cannot make a mount namespace: $why"
}

setup() {
    B=$BATS_TEST_TMPDIR/b           # a build tree inside the checkout's
    SCRATCH=$BATS_TEST_TMPDIR/scratch # what a mount under it shows
    mkdir -p "$B/fresh/root/proc" "$SCRATCH"
    echo keep > "$SCRATCH/file"
    export B SCRATCH MAKE_ARGS="BUILD=$(in_checkout "$B")" ROOT
}

@test "make clean unmounts a bind mount under the build tree before removing it, and what it showed is untouched" {
    need_private_namespace
    run in_namespace '
        mount --bind "$SCRATCH" "$B/fresh/root/proc" || exit 99
        [ -f "$B/fresh/root/proc/file" ] || exit 98
        make -s -C "$ROOT" "$MAKE_ARGS" clean || exit 1
        ! grep -qF "$B" /proc/self/mounts || exit 97'
    assert_success
    assert_output --partial "remove-tree: unmounting $B/fresh/root/proc"
    [ ! -e "$B" ] || fail "make clean left $B"
    assert_equal "$(cat "$SCRATCH/file")" keep
}

@test "a mount that cannot be unmounted (busy): make clean and make fresh remove nothing, name it and fail" {
    need_private_namespace
    run in_namespace '
        mount --bind "$SCRATCH" "$B/fresh/root/proc" || exit 99
        (cd "$B/fresh/root/proc" && exec sleep 60) &
        busy=$!
        sleep 0.2
        make -s -C "$ROOT" "$MAKE_ARGS" clean; echo "clean exit $?"
        [ -f "$B/fresh/root/proc/file" ] && echo "still mounted after clean"
        # make fresh starts by removing an earlier root; debootstrap is kept
        # off the PATH, so a regression fails here and builds nothing.
        BUILD="$B" PATH=/usr/bin:/bin "$ROOT/tests/tools/fresh"; echo "fresh exit $?"
        [ -f "$B/fresh/root/proc/file" ] && echo "still mounted after fresh"
        kill "$busy"; wait "$busy"
        make -s -C "$ROOT" "$MAKE_ARGS" clean; echo "clean exit $?"'
    assert_success
    assert_line "remove-tree: $B is left in place: still mounted under it:"
    assert_line "  $B/fresh/root/proc"
    assert_line "clean exit 2"
    assert_line "still mounted after clean"
    assert_line "fresh: a root from an earlier run is still in $B/fresh and cannot be removed"
    assert_line "fresh exit 1"
    assert_line "still mounted after fresh"
    assert_line --index -1 "clean exit 0"
    refute_output --partial debootstrap
    [ ! -e "$B" ] || fail "the last make clean left $B"
    assert_equal "$(cat "$SCRATCH/file")" keep
}

@test "the mount table's escapes are read: a mount point with a space and an apostrophe under the tree is found" {
    local tree="$BATS_TEST_TMPDIR/it's a tree"
    mkdir -p "$tree/sub dir"
    # As the kernel writes it: a space is \040.
    printf 'proc %s proc rw 0 0\n' "${tree// /\\040}/sub\\040dir" > "$BATS_TEST_TMPDIR/mounts"
    run env MOUNTS="$BATS_TEST_TMPDIR/mounts" "$ROOT/tests/tools/remove-tree" "$tree"
    assert_failure 1
    assert_line "remove-tree: unmounting $tree/sub dir"
    assert_line "  $tree/sub dir"
    [ -d "$tree/sub dir" ] || fail "remove-tree removed a tree with a mount under it"
    # A mount beside the tree, whose path only starts the same, is not under it.
    printf 'proc %s proc rw 0 0\n' "${tree// /\\040}\\040two" > "$BATS_TEST_TMPDIR/mounts"
    run env MOUNTS="$BATS_TEST_TMPDIR/mounts" "$ROOT/tests/tools/remove-tree" "$tree"
    assert_success
    [ ! -e "$tree" ] || fail "remove-tree left $tree"
}
