#!/usr/bin/env bash
# install.sh - `make install` and `make uninstall` of the library (checkers.h,
# libcheckers.a, the shared library and its links, checkers.pc), where GNU's
# conventions put them:
#
#     reference/install.sh install|uninstall
#
# Every value comes from the Makefile in the environment, so a path may hold
# any character but a line break:
#   CK_PREFIX        PREFIX (/usr/local); a relative one is taken from the
#                    current directory (make's: the checkout), made absolute
#   CK_LIBDIR        LIBDIR (PREFIX/lib)
#   CK_INCLUDEDIR    INCLUDEDIR (PREFIX/include)
#   CK_PKGCONFIGDIR  PKGCONFIGDIR (LIBDIR/pkgconfig); these three, when
#                    relative, are under PREFIX (as meson and CMake take
#                    them: LIBDIR=lib64), else as they are
#   CK_DESTDIR       DESTDIR, a staging directory written before every path
#                    (never into checkers.pc: the files are moved to PREFIX)
#   CK_LDCONFIG      the ldconfig to run
#   CK_LIB_DIR       where `make lib` built the files (build/lib)
#   CK_VERSION       the header's CK_VERSION (0.3.0)
#   CK_SONAME        the shared library's soname (libcheckers.so.0.3)
#
# install copies the files, makes the soname links, and writes checkers.pc
# naming the directories, with those it had to make listed in comment lines
# (# made: DIR); then, where it applies (no DESTDIR, LIBDIR among the
# loader's directories), it runs ldconfig, and where it does not, it says
# how a program finds the shared library (an rpath, or LD_LIBRARY_PATH).
# uninstall removes the files, says each, removes the directories install
# made once they are empty (and no other), and runs ldconfig where it
# applies.
set -euo pipefail

fail() {
    echo "make $action: $*" >&2
    exit 2
}

action=${1:-}
[[ $action == install || $action == uninstall ]] || fail "usage: reference/install.sh install|uninstall"

# ==================== Where ====================

[ -n "${CK_PREFIX:-}" ] || fail "PREFIX is empty: give a directory, as in PREFIX=/usr/local"
for value in "$CK_PREFIX" "${CK_LIBDIR:-}" "${CK_INCLUDEDIR:-}" "${CK_PKGCONFIGDIR:-}" "${CK_DESTDIR:-}"; do
    [[ $value != *$'\n'* ]] || fail "a directory with a line break in its name: $(printf '%q' "$value")"
done

# absolute PATH [BASE]: PATH made absolute (from BASE if it is relative,
# else from the current directory), . and .. taken out, no link resolved.
absolute() {
    if [[ $1 == /* || -z ${2:-} ]]; then realpath -ms -- "$1"; else realpath -ms -- "$2/$1"; fi
}

prefix=$(absolute "$CK_PREFIX")
libdir=$(absolute "${CK_LIBDIR:-lib}" "$prefix")
includedir=$(absolute "${CK_INCLUDEDIR:-include}" "$prefix")
pkgconfigdir=$(absolute "${CK_PKGCONFIGDIR:-$libdir/pkgconfig}" "$prefix")
dest=${CK_DESTDIR:-}
so=libcheckers.so.$CK_VERSION
pc=$pkgconfigdir/checkers.pc

# The files, as installed (without DESTDIR).
files=("$includedir/checkers.h" "$libdir/libcheckers.a" "$libdir/$so" "$libdir/$CK_SONAME" "$libdir/libcheckers.so" "$pc")

# ==================== The loader ====================

# The directories the loader searches (ldconfig's list), one a line.
loader_dirs() {
    "$ldconfig" -N -v -X 2> /dev/null | sed -n 's/^\([^[:space:]].*\):\( (from .*)\)\{0,1\}$/\1/p' || true
}

# Finds ldconfig (often in /sbin, off a user's PATH); empty if there is none.
ldconfig=$(command -v "${CK_LDCONFIG:-ldconfig}" || command -v /sbin/ldconfig || command -v /usr/sbin/ldconfig || true)

# After the files changed: ldconfig where it applies, else why not (and
# `what` to do instead, if anything).
loader() {
    local what=${1:+; $1} dir on_path=no
    if [ -n "$dest" ]; then
        echo "ldconfig: not run (DESTDIR: it is for the machine the files are moved to)"
        return
    fi
    if [ -z "$ldconfig" ]; then
        echo "ldconfig: none here$what"
        return
    fi
    while IFS= read -r dir; do
        [ "$(absolute "$dir")" != "$libdir" ] || on_path=yes
    done < <(loader_dirs)
    if [ "$on_path" = no ]; then
        echo "ldconfig: not run ($libdir is not among the loader's directories)$what"
    elif "$ldconfig" 2> /dev/null; then
        echo "ldconfig: run, the loader's cache is up to date"
    else
        echo "ldconfig: failed (not root?): run it as root, so that the loader's cache is up to date"
    fi
}

# ==================== install ====================

# pkg-config's escape of a value: a backslash before each character but
# letters, digits and _./+-.
pc_escape() { printf '%s' "$1" | sed 's/[^A-Za-z0-9_./+-]/\\&/g'; }

# A directory of checkers.pc: ${prefix}/REST when it is under PREFIX.
# shellcheck disable=SC2016 # ${prefix} is pkg-config's, not the shell's
pc_dir() {
    if [[ $1 == "$prefix"/* ]]; then printf '${prefix}/%s' "$(pc_escape "${1#"$prefix"/}")"; else pc_escape "$1"; fi
}

# The directories install made, from checkers.pc's comments (an install
# over an install keeps them).  Those made under a DESTDIR are told apart:
# on the machine the files are moved to, they were not made by make install
# (/usr/local/lib, say), and an uninstall there leaves them.
made_mark="# made${dest:+ under DESTDIR}: "
made_dirs() {
    [ ! -f "$dest$pc" ] || awk -v m="$made_mark" 'index($0, m) == 1 { print substr($0, length(m) + 1) }' "$dest$pc"
}

install_files() {
    local made=() dir
    mapfile -t made < <(made_dirs)
    for dir in "$includedir" "$libdir" "$pkgconfigdir"; do
        while [ ! -d "$dest$dir" ] && [ "$dir" != / ]; do
            made+=("$dir")
            dir=$(dirname "$dir")
        done
    done
    install -d "$dest$includedir" "$dest$libdir" "$dest$pkgconfigdir"
    install -m 644 "$CK_LIB_DIR/include/checkers.h" "$dest$includedir/checkers.h"
    install -m 644 "$CK_LIB_DIR/libcheckers.a" "$dest$libdir/libcheckers.a"
    install -m 755 "$CK_LIB_DIR/$so" "$dest$libdir/$so"
    ln -sf "$so" "$dest$libdir/$CK_SONAME"
    ln -sf "$CK_SONAME" "$dest$libdir/libcheckers.so"
    # shellcheck disable=SC2016 # ${libdir}, ${includedir}: pkg-config's
    {
        printf '%s\n' "prefix=$(pc_escape "$prefix")" "libdir=$(pc_dir "$libdir")" "includedir=$(pc_dir "$includedir")" '' \
            'Name: checkers' 'Description: English checkers rules: positions, moves, games, PDN records, perft' \
            "Version: $CK_VERSION" 'Libs: -L${libdir} -lcheckers' 'Libs.private: -pthread' 'Cflags: -I${includedir}'
        if [ ${#made[@]} -gt 0 ]; then
            echo '# make install made these directories; make uninstall removes them when they are empty'
            printf "$made_mark%s\\n" "${made[@]}" | sort -u
        fi
    } > "$dest$pc.tmp"
    mv -f "$dest$pc.tmp" "$dest$pc"
    echo "installed checkers $CK_VERSION${dest:+ under DESTDIR $dest}:"
    printf '  %s\n' "$includedir/checkers.h" "$libdir/libcheckers.a" "$libdir/$so ($CK_SONAME, libcheckers.so: links)" "$pc"
    loader "a program linked with $CK_SONAME finds it by an rpath, -Wl,-rpath,$(printf %q "$libdir"), or by LD_LIBRARY_PATH=$(printf %q "$libdir") (reference/README.md, The library)"
}

# ==================== uninstall ====================

uninstall_files() {
    local made=() file dir removed=0
    mapfile -t made < <(made_dirs)
    for file in "${files[@]}"; do
        if [ -e "$dest$file" ] || [ -L "$dest$file" ]; then
            rm -f "$dest$file"
            echo "removed $dest$file"
            removed=$((removed + 1))
        fi
    done
    # the deepest first, so that a directory is empty when its parent's turn comes
    while IFS= read -r dir; do
        if [ -d "$dest$dir" ] && rmdir "$dest$dir" 2> /dev/null; then
            echo "removed $dest$dir/ (make install made it; now empty)"
        fi
    done < <(printf '%s\n' "${made[@]}" | awk 'NF { print length($0) "\t" $0 }' | sort -rn | cut -f2-)
    if [ "$removed" -eq 0 ]; then
        echo "make uninstall: no file of checkers under ${dest:+DESTDIR $dest, }$includedir, $libdir or $pkgconfigdir: nothing removed"
        return
    fi
    loader ""
}

if [ "$action" = install ]; then install_files; else uninstall_files; fi
