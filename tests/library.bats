#!/usr/bin/env bats
# The rules as a C library, used as an engine author would: `make install`
# into a prefix, an engine with names of its own (tests/oracles/lib_example.c)
# built through pkg-config, linked with every object of the archive and,
# apart, with the shared library, and its answers held to the CLI's.

bats_require_minimum_version 1.7.0
load test_helper

# One install for the file, at a prefix with a space (pkg-config escapes it).
setup_file() {
    export PREFIX="$BATS_FILE_TMPDIR/a prefix"
    project_make install PREFIX="$PREFIX" > "$BATS_FILE_TMPDIR/install.log" 2>&1 ||
        { cat "$BATS_FILE_TMPDIR/install.log" >&2; return 1; }
}

setup() {
    export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
    cd "$BATS_TEST_TMPDIR" || return 1
}

# The build line reference/README.md gives, with pkg-config's answer
# substituted before the shell reads it (its escapes keep a path with a
# space one word).
readme_build_line() {
    grep -m 1 '^cc -o engine tests/oracles/lib_example.c \$(pkg-config --cflags --libs checkers)$' "$ROOT/reference/README.md"
}

# build_shared PREFIX OUT: the engine, as the README builds it, against the
# shared library of PREFIX.
build_shared() {
    local line flags
    line=$(readme_build_line) || fail "reference/README.md has no build line for the engine"
    flags=$(PKG_CONFIG_PATH="$1/lib/pkgconfig" pkg-config --cflags --libs checkers) || fail "pkg-config: no checkers"
    line=${line//'$(pkg-config --cflags --libs checkers)'/$flags}
    line=${line/'-o engine'/-o '"$2"'}
    mkdir -p tests/oracles && cp "$ROOT/tests/oracles/lib_example.c" tests/oracles/
    # shellcheck disable=SC2086 # SAN: several flags, or none
    eval "$line $SAN"
}

# build_static PREFIX OUT: the engine with every object of the archive
# (--whole-archive: a name the library exports that the engine defines too
# is a link error, not a silent choice).
build_static() {
    local cflags libs
    cflags=$(PKG_CONFIG_PATH="$1/lib/pkgconfig" pkg-config --cflags checkers) &&
        libs=$(PKG_CONFIG_PATH="$1/lib/pkgconfig" pkg-config --static --libs checkers) || fail "pkg-config: no checkers"
    eval "\"${CC:-gcc}\" -std=c11 $SAN -o \"\$2\" \"\$ROOT/tests/oracles/lib_example.c\" $cflags \
        -Wl,--whole-archive -Wl,-Bstatic $libs -Wl,-Bdynamic -Wl,--no-whole-archive"
}

# foreign_names PREFIX: every defined external name of the installed
# archive and shared library that does not start with ck_, "FILE: NAME".
foreign_names() {
    nm -g --defined-only "$1/lib/libcheckers.a" | awk 'NF == 3 && $3 !~ /^ck_/ { print "libcheckers.a: " $3 }'
    nm -D --defined-only "$1/lib/libcheckers.so" | awk 'NF == 3 && $3 !~ /^ck_/ { print "libcheckers.so: " $3 }'
}

# soname_version VERSION: the number after libcheckers.so. in the soname:
# the major, and the minor too while the major is 0 (the Makefile's rule).
soname_version() {
    if [[ ${1%%.*} == 0 ]]; then echo "${1%.*}"; else echo "${1%%.*}"; fi
}

# same_answers ENGINE: ENGINE's moves, perft, game and pdn answers are the CLI's.
same_answers() {
    local fen
    for fen in B:W21-32:B1-12 ' w:W27:B8,15,23,24.' W:WK13,30:B9,10,17,18 W:W5:B1 W:W26:B14,15,22,23; do
        diff <("$1" moves "$fen") <("$BUILD/reference" --show moves "$fen") || fail "moves $fen differ"
    done
    diff <("$1" perft B:W21-32:B1-12 8) <("$BUILD/reference" perft B:W21-32:B1-12 8) || fail "perft 8 differs"
    diff <("$1" perft W:W21,22,23,K3,K8,25,27:B5,6,10,K28,K30,13,16 6) \
        <("$BUILD/reference" perft W:W21,22,23,K3,K8,25,27:B5,6,10,K28,K30,13,16 6) || fail "perft with kings differs"
    diff <("$1" game B:W21-32:B1-12 11-15 22-18 15x22 26x17; "$1" game W:WK10:B14 10x17x10; "$1" game W:W26:B14,15,22,23 26x10
           "$1" game B:W21-32:B1-12 11-15 24-20 8-11 28-24 9-13) \
        <(printf '%s\t%s\n' B:W21-32:B1-12 '11-15 22-18 15x22 26x17' W:WK10:B14 10x17x10 W:W26:B14,15,22,23 26x10 \
                 B:W21-32:B1-12 '11-15 24-20 8-11 28-24 9-13' | "$BUILD/reference" game) || fail "games differ"
    diff <("$1" pdn "$BATS_FILE_TMPDIR/records.pdn") <("$BUILD/reference" pdn "$BATS_FILE_TMPDIR/records.pdn" 2> /dev/null) ||
        fail "pdn records differ"
}

# Records of every verdict: the real sample, and faults of each kind.
records() {
    { cat "$ROOT/tests/fixtures/pdn/forms.pdn" "$ROOT/tests/fixtures/pdn/tinsley-sample.pdn"
      printf '[Event "illegal"]\n1. 11-15 22-18 2. 15x22 25x18 3. 12-16 *\n'
      printf '[Black "A \\"quoted\\" name"]\n[FEN "W:W5:B1"]\n5-1 *\n'
      printf '[GameType "22"]\n1. 11-15 *\n[FEN "B:W5:B5"]\n1. 5-9 *\n11-15 22-18 (2. 15-19) 1118 *\n'
    } > "$BATS_FILE_TMPDIR/records.pdn"
}

@test "make install puts the header, both libraries, the soname links and checkers.pc under DESTDIR/PREFIX; uninstall removes them" {
    local stage="$BATS_TEST_TMPDIR/stage" version so
    version=$(sed -n 's/^#define CK_VERSION "\(.*\)"$/\1/p' "$ROOT/reference/checkers.h")
    [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "no CK_VERSION in checkers.h: '$version'"
    so=$(soname_version "$version")
    run project_make install DESTDIR="$stage" PREFIX=/opt/ck
    assert_success
    [ "$(readlink "$stage/opt/ck/lib/libcheckers.so")" = "libcheckers.so.$so" ] || fail "no development link"
    [ "$(readlink "$stage/opt/ck/lib/libcheckers.so.$so")" = "libcheckers.so.$version" ] || fail "no soname link"
    [ -f "$stage/opt/ck/lib/libcheckers.so.$version" ] && [ -f "$stage/opt/ck/lib/libcheckers.a" ] &&
        cmp -s "$stage/opt/ck/include/checkers.h" "$ROOT/reference/checkers.h" || fail "files missing"
    readelf -d "$stage/opt/ck/lib/libcheckers.so.$version" | grep -qF "Library soname: [libcheckers.so.$so]" ||
        fail "the soname is not libcheckers.so.$so"
    # the .pc names PREFIX, not the staging directory, and the header's version
    grep -qx 'prefix=/opt/ck' "$stage/opt/ck/lib/pkgconfig/checkers.pc" || fail "$(cat "$stage/opt/ck/lib/pkgconfig/checkers.pc")"
    [ "$(PKG_CONFIG_PATH="$stage/opt/ck/lib/pkgconfig" pkg-config --modversion checkers)" = "$version" ] ||
        fail "checkers.pc's version is not CK_VERSION $version"
    [ "$(PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig" pkg-config --modversion checkers)" = "$version" ]
    run project_make uninstall DESTDIR="$stage" PREFIX=/opt/ck
    assert_success
    assert_line "removed $stage/opt/ck/include/checkers.h"
    assert_line "removed $stage/opt/ck/lib/libcheckers.so.$so"
    assert_line "removed $stage/opt/ck/lib/pkgconfig/checkers.pc"
    assert_line "removed $stage/opt/ck/lib/pkgconfig/ (make install made it; now empty)"
    assert_line "removed $stage/opt/ (make install made it; now empty)"
    assert_line 'ldconfig: not run (DESTDIR: it is for the machine the files are moved to)'
    # nothing left of it: no file, no directory it made (the stage itself was there)
    run find "$stage" -mindepth 1
    assert_output ''
}

# pc_value PCDIR VARIABLE: the variable of checkers.pc in PCDIR, as
# pkg-config gives it (its escapes undone).
pc_value() { PKG_CONFIG_PATH="$1" pkg-config --variable="$2" checkers | sed 's/\\\(.\)/\1/g'; }

@test "make install: a relative PREFIX made absolute from the checkout, LIBDIR and PKGCONFIGDIR under it, an absolute INCLUDEDIR; GNU's lowercase names too" {
    local abs="$BATS_TEST_TMPDIR/a relative prefix" inc="$BATS_TEST_TMPDIR/the headers" rel
    rel=$(realpath --relative-to="$ROOT" "$abs")
    [[ $rel != /* ]] || fail "not relative: $rel"
    run project_make install PREFIX="$rel" LIBDIR=lib64 INCLUDEDIR="$inc" PKGCONFIGDIR=share/pkgconfig
    assert_success
    assert_line "  $inc/checkers.h"
    [ -f "$abs/lib64/libcheckers.a" ] && [ -L "$abs/lib64/libcheckers.so" ] && [ -f "$inc/checkers.h" ] ||
        fail "$(find "$BATS_TEST_TMPDIR")"
    # checkers.pc names them all, absolute: the prefix, the libdir under it
    assert_equal "$(pc_value "$abs/share/pkgconfig" prefix)" "$abs"
    assert_equal "$(pc_value "$abs/share/pkgconfig" libdir)" "$abs/lib64"
    assert_equal "$(pc_value "$abs/share/pkgconfig" includedir)" "$inc"
    # shellcheck disable=SC2016 # pkg-config's ${prefix}
    grep -qx 'libdir=${prefix}/lib64' "$abs/share/pkgconfig/checkers.pc" || fail "$(cat "$abs/share/pkgconfig/checkers.pc")"
    # an engine built through it, with the rpath, finds everything
    build_rpath "$abs/share/pkgconfig" "$abs/lib64" engine
    run ./engine perft B:W21-32:B1-12 3
    assert_output 'perft 3: 302'
    run project_make uninstall PREFIX="$rel" LIBDIR=lib64 INCLUDEDIR="$inc" PKGCONFIGDIR=share/pkgconfig
    assert_success
    [ ! -e "$abs" ] && [ ! -e "$inc" ] || fail "left: $(find "$abs" "$inc" 2>&1)"
    # GNU's own names: prefix, libdir, includedir
    run project_make install prefix="$abs" libdir="$abs/l" includedir="$abs/i"
    assert_success
    [ -f "$abs/l/libcheckers.a" ] && [ -f "$abs/i/checkers.h" ] && [ -f "$abs/l/pkgconfig/checkers.pc" ] || fail "$(find "$abs")"
    run project_make uninstall prefix="$abs" libdir="$abs/l" includedir="$abs/i"
    assert_success
    [ ! -e "$abs" ] || fail "left: $(find "$abs")"
}

@test "make uninstall removes only the directories make install made, says each file, and says when nothing is there" {
    local p="$BATS_TEST_TMPDIR/p"
    mkdir -p "$p/include" "$p/lib" && touch "$p/lib/theirs.so"
    run project_make install PREFIX="$p"
    assert_success
    run project_make uninstall PREFIX="$p"
    assert_success
    assert_output --regexp "^removed $p/include/checkers.h
removed $p/lib/libcheckers.a
removed $p/lib/libcheckers.so.[0-9.]+
removed $p/lib/libcheckers.so.[0-9.]+
removed $p/lib/libcheckers.so
removed $p/lib/pkgconfig/checkers.pc
removed $p/lib/pkgconfig/ \\(make install made it; now empty\\)
ldconfig: not run \\($p/lib is not among the loader's directories\\)$"
    # the directories that were there stay, empty or not
    run bash -c 'find "$1" | sort' - "$p"
    assert_output "$p"$'\n'"$p/include"$'\n'"$p/lib"$'\n'"$p/lib/theirs.so"
    run project_make uninstall PREFIX="$p"
    assert_success
    assert_output "make uninstall: no file of checkers under $p/include, $p/lib or $p/lib/pkgconfig: nothing removed"
}

# An ldconfig of the test's: `-N -v -X` lists LOADER_DIR as the loader's
# directory; any other call is recorded in ./calls (CALLS: make runs it in
# the checkout), and exits STUB_STATUS.
ldconfig_stub() {
    printf '%s\n' '#!/usr/bin/env bash' \
        'if [ "$*" = "-N -v -X" ]; then printf "%s: (from /etc/ld.so.conf.d/stub.conf:1)\n\tlibstub.so.1 -> libstub.so.1\n" "$LOADER_DIR"; exit 0; fi' \
        'echo "ldconfig $*" >> "$CALLS"' 'exit "${STUB_STATUS:-0}"' > ldconfig
    chmod +x ldconfig
    export CALLS=$PWD/calls
}

@test "make install and uninstall run ldconfig where it applies (LIBDIR among the loader's directories, no DESTDIR), else say why not and how a program finds the library" {
    local p="$BATS_TEST_TMPDIR/p q"
    ldconfig_stub
    export LOADER_DIR="$p/lib"
    run project_make install PREFIX="$p" LDCONFIG="$PWD/ldconfig"
    assert_success
    assert_line "ldconfig: run, the loader's cache is up to date"
    assert_equal "$(cat calls)" 'ldconfig '
    STUB_STATUS=1 run project_make install PREFIX="$p" LDCONFIG="$PWD/ldconfig"
    assert_success
    assert_line "ldconfig: failed (not root?): run it as root, so that the loader's cache is up to date"
    run project_make uninstall PREFIX="$p" LDCONFIG="$PWD/ldconfig"
    assert_line "ldconfig: run, the loader's cache is up to date"
    assert_equal "$(wc -l < calls)" 3
    # staged: never
    run project_make install PREFIX="$p" DESTDIR="$BATS_TEST_TMPDIR/stage" LDCONFIG="$PWD/ldconfig"
    assert_line 'ldconfig: not run (DESTDIR: it is for the machine the files are moved to)'
    # a directory the loader does not search: not run, and how to find the library
    LOADER_DIR=/usr/local/lib run project_make install PREFIX="$p" LDCONFIG="$PWD/ldconfig"
    assert_line --partial "ldconfig: not run ($p/lib is not among the loader's directories); a program linked with libcheckers.so."
    assert_line --partial "finds it by an rpath, -Wl,-rpath,$(printf %q "$p/lib"), or by LD_LIBRARY_PATH=$(printf %q "$p/lib")"
    assert_equal "$(wc -l < calls)" 3
}

# build_rpath PCDIR LIBDIR OUT: the engine built by the README's line with
# an rpath, its "$HOME/.local/lib" made LIBDIR.
build_rpath() {
    local line flags
    # shellcheck disable=SC2016 # the README's text
    line=$(grep -m 1 -F 'cc -o engine tests/oracles/lib_example.c $(pkg-config --cflags --libs checkers) -Wl,-rpath,"$HOME/.local/lib"' \
        "$ROOT/reference/README.md") || fail "reference/README.md has no rpath line for the engine"
    flags=$(PKG_CONFIG_PATH="$1" pkg-config --cflags --libs checkers) || fail "pkg-config: no checkers"
    line=${line//'$(pkg-config --cflags --libs checkers)'/$flags}
    line=${line//'"$HOME/.local/lib"'/'"$2"'}
    line=${line/'-o engine'/-o '"$3"'}
    mkdir -p tests/oracles && cp "$ROOT/tests/oracles/lib_example.c" tests/oracles/
    # shellcheck disable=SC2086 # SAN: several flags, or none
    eval "$line $SAN"
}

@test "an engine linked with the shared library of a prefix the loader does not search starts by the README's rpath, or LD_LIBRARY_PATH, and not without" {
    build_shared "$PREFIX" engine-plain
    run ./engine-plain perft B:W21-32:B1-12 3
    assert_failure
    assert_output --partial 'libcheckers.so.'
    assert_output --partial 'cannot open shared object file'
    # shellcheck disable=SC2016 # the README's text
    grep -q -F 'LD_LIBRARY_PATH="$HOME/.local/lib" ./engine perft B:W21-32:B1-12 3 ' "$ROOT/reference/README.md" ||
        fail "reference/README.md has no LD_LIBRARY_PATH line"
    LD_LIBRARY_PATH="$PREFIX/lib" run ./engine-plain perft B:W21-32:B1-12 3
    assert_output 'perft 3: 302'
    build_rpath "$PREFIX/lib/pkgconfig" "$PREFIX/lib" engine-rpath
    readelf -d engine-rpath | grep -qF "[$PREFIX/lib]" || fail "$(readelf -d engine-rpath | grep -i path)"
    run ./engine-rpath perft B:W21-32:B1-12 3
    assert_output 'perft 3: 302'
}

@test "every defined external name of the installed archive and shared library starts with ck_, and no CLI command is in either" {
    run foreign_names "$PREFIX"
    assert_output ''
    # each name the header declares is defined, in both, and nothing else
    local declared archive shared
    declared=$(sed -n 's/^CK_API .*[ *]\(ck_[a-z0-9_]*\)(.*/\1/p' "$ROOT/reference/checkers.h" | sort)
    archive=$(nm -g --defined-only "$PREFIX/lib/libcheckers.a" | awk 'NF == 3 { print $3 }' | sort)
    shared=$(nm -D --defined-only "$PREFIX/lib/libcheckers.so" | awk 'NF == 3 { print $3 }' | sort)
    [ "$(wc -l <<< "$declared")" -ge 20 ] || fail "checkers.h declares only: $declared"
    assert_equal "$archive" "$declared"
    assert_equal "$shared" "$declared"
    run nm "$PREFIX/lib/libcheckers.a" "$PREFIX/lib/libcheckers.so"
    refute_output --regexp ' (perft_main|pdn_command|print_answer|run_lines|run_pdn|run_games|run_moves|print_moves)$'
}

@test "the header compiles alone, warning-free, with gcc and clang-19 in C11, pedantic, and C99" {
    local cc std
    printf '#include <checkers.h>\nint main(void) { return ck_version()[0] != CK_VERSION[0]; }\n' > alone.c
    for cc in gcc clang-19; do
        for std in c11 c99; do
            run "$cc" -std=$std -Wall -Wextra -pedantic -Werror -I"$PREFIX/include" -fsyntax-only alone.c
            assert_success
        done
    done
}

@test "an engine with its own board, move, perft, play, on_board... links every object of the archive and answers as the CLI" {
    records
    build_static "$PREFIX" engine-static || fail "the engine does not link with the whole archive"
    ! readelf -d engine-static | grep -q 'libcheckers' || fail "the static engine needs the shared library"
    nm engine-static | grep -q ' T perft$' && nm engine-static | grep -q ' T ck_perft$' || fail "not both perfts"
    same_answers ./engine-static
}

@test "the same engine, built as the README says, linked with the shared library, answers as the CLI" {
    records
    build_shared "$PREFIX" engine-shared || fail "the README's build line failed"
    local so
    so=libcheckers.so.$(soname_version "$(sed -n 's/^#define CK_VERSION "\(.*\)"$/\1/p' "$ROOT/reference/checkers.h")")
    readelf -d engine-shared | grep -qF "Shared library: [$so]" || fail "not linked with $so"
    export LD_LIBRARY_PATH="$PREFIX/lib"
    run ./engine-shared perft B:W21-32:B1-12 3
    assert_output 'perft 3: 302'
    same_answers ./engine-shared
}

@test "the library's functions answer as their header's examples say" {
    cat > examples.c <<'EOF'
#include <checkers.h>
#include <stdio.h>
#include <string.h>
#define CHECK(c) do { if (!(c)) { printf("line %d: %s\n", __LINE__, #c); bad = 1; } } while (0)
int main(void)
{
    int bad = 0;
    char err[CK_ERROR_SIZE], fen[CK_FEN_SIZE], text[CK_MOVE_SIZE];
    ck_position p = ck_start(), q;
    ck_move m[64];
    CHECK(strcmp(ck_version(), CK_VERSION) == 0);
    CHECK(p.at[1] == CK_BLACK && p.at[21] == CK_WHITE && p.turn == CK_BLACK);
    CHECK(!ck_from_fen("B:W5:B5", &q, err) && strcmp(err, "fen, column 7: square 5 is both white and black") == 0);
    CHECK(ck_from_fen(" b:W21-32:B1-12.", &q, err) && memcmp(&p, &q, sizeof p) == 0);
    CHECK(ck_to_fen(&p, fen, err));
    CHECK(strcmp(fen, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12") == 0);
    CHECK(ck_valid(&p, err));
    q = p, q.at[3] = CK_WHITE, q.at[21] = CK_EMPTY;
    CHECK(!ck_valid(&q, err) && strcmp(err, "square 3: a white man on 3 would have been crowned (white men crown on 1-4): "
                                             "CK_WHITE_KING is a king") == 0);
    q = p, q.turn = CK_EMPTY;
    CHECK(!ck_valid(&q, err));
    size_t n = 0;
    CHECK(ck_moves(&p, m, 64, &n, err) && n == 7 && ck_moves(&p, m, 2, &n, err) && n == 7 && ck_moves(&p, NULL, 0, &n, err));
    CHECK(ck_move_text(&m[0], text, err) && strcmp(text, "9-13") == 0);
    CHECK(ck_move_text(&m[6], text, err) && strcmp(text, "12-16") == 0);
    q = p;
    CHECK(ck_play_move(&q, &m[0], err) && q.at[13] == CK_BLACK && q.at[9] == CK_EMPTY && q.turn == CK_WHITE);
    q = p;
    CHECK(!ck_play(&q, "22-18", err) && strcmp(err, "22 holds a white man, and black is to move") == 0);
    CHECK(memcmp(&p, &q, sizeof p) == 0 && ck_play(&q, "11-15", err) && q.at[15] == CK_BLACK && q.turn == CK_WHITE);
    ck_game g = {p, 0};
    ck_outcome o = CK_DRAWN;
    CHECK(ck_replay(&g, "11-15 22-18 15x22 26x17", err) == 0 && g.quiet == 0 && ck_outcome_of(&g, &o, err) &&
          o == CK_IN_PLAY);
    g = (ck_game){p, 0};
    CHECK(ck_replay(&g, "11-15 11-16", err) == 2 && strcmp(err, "there is no piece on 11") == 0);
    CHECK(ck_from_fen("W:W5:B1", &g.pos, err) && ck_outcome_of(&g, &o, err) && o == CK_BLACK_WINS);
    ck_count c;
    CHECK(ck_perft(&p, 3, NULL, 1, &c, err) && c.high == 0 && c.low == 302);
    ck_table *t = ck_table_new(16);
    CHECK(t && ck_perft(&p, 9, t, 2, &c, NULL) && c.low == 3963680);
    ck_table_free(t);
    CHECK(!ck_perft(&p, 65, NULL, 1, &c, err) && strcmp(err, "depth: not 0-64") == 0);
    CHECK(!ck_perft(&p, 3, NULL, 0, &c, err) && strcmp(err, "threads: not 1-1024") == 0);
    c = (ck_count){1, 0};
    ck_count_text(c, text);
    CHECK(strcmp(text, "18446744073709551616") == 0);
    const char pdn[] = "[Event \"x\"]\n11-15 22-18 *\n[Event \"y\"]\n1. 11-15 2. 9-14 *";
    ck_pdn *r = ck_pdn_open(pdn, sizeof pdn - 1, false);
    ck_record rec;
    CHECK(r && ck_pdn_next(r, &rec) && rec.verdict == CK_RECORD_LEGAL && rec.plies == 2 && rec.ntags == 1);
    CHECK(strcmp(rec.tags[0].name, "Event") == 0 && strcmp(rec.tags[0].value, "x") == 0 && rec.moves[1].from == 22);
    CHECK(ck_pdn_next(r, &rec) && rec.verdict == CK_RECORD_ILLEGAL && rec.number == 2 && rec.ply == 2);
    CHECK(strcmp(rec.move, "9-14") == 0 && strcmp(rec.number_text, "2.") == 0 && rec.line == 3);
    CHECK(!ck_pdn_next(r, &rec) && ck_pdn_error(r) == NULL);
    ck_pdn_close(r);
    CHECK(ck_from_fen("W:W10,30:B6,7", &q, err));
    CHECK(ck_is_legal(&q, 10, 1, CK_RULE_CHALLENGE, err) && ck_is_legal(&q, 10, 3, CK_RULE_ENGLISH, err));
    CHECK(!ck_is_legal(&q, 10, 10, CK_RULE_CHALLENGE, err) && !ck_is_legal(&q, 6, 2, CK_RULE_CHALLENGE, err));
    CHECK(ck_is_legal(&q, 30, 26, CK_RULE_CHALLENGE, err) && !ck_is_legal(&q, 30, 26, CK_RULE_ENGLISH, err));
    CHECK(!ck_is_legal(&q, 10, 0, CK_RULE_CHALLENGE, err) && !ck_is_legal(&q, 33, 1, CK_RULE_CHALLENGE, err));
    CHECK(strcmp(err, "") == 0);
    return bad;
}
EOF
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 -Wall -Wextra -pedantic $SAN -I"$PREFIX/include" -o examples examples.c "$PREFIX/lib/libcheckers.a" -pthread
    run ./examples
    assert_success
    assert_output ''
}

@test "a name without the prefix in the library is caught: nm names it, and the engine does not link with the archive" {
    local planted="$BATS_TEST_TMPDIR/planted prefix" lib
    cp -R "$PREFIX" "$planted"
    lib="$planted/lib"
    # the planted library: its objects and one more, which defines on_board
    printf 'int on_board(int n) { return n > 0; }\n' > planted.c
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" $SAN -fPIC -c -o planted.o planted.c
    ar rs "$lib/libcheckers.a" planted.o
    # shellcheck disable=SC2086
    "${CC:-gcc}" $SAN -shared -pthread -Wl,-soname,libcheckers.so.0 -o "$(readlink -f "$lib/libcheckers.so")" planted.o \
        -Wl,--whole-archive "$PREFIX/lib/libcheckers.a" -Wl,--no-whole-archive
    sed -i "s|^prefix=.*|prefix=$(printf '%s' "$planted" | sed 's/[^A-Za-z0-9_./+-]/\\\\&/g')|" "$lib/pkgconfig/checkers.pc"
    run foreign_names "$planted"
    assert_output $'libcheckers.a: on_board\nlibcheckers.so: on_board'
    run build_static "$planted" engine-static
    assert_failure
    assert_output --partial 'multiple definition of `on_board'
    build_static "$PREFIX" engine-static # the failure is the plant's
}

@test "make install refuses a header that declares a name without the prefix, naming it" {
    local copy="$BATS_TEST_TMPDIR/copy"
    mkdir -p "$copy/tests/tools" "$copy/golf"
    cp -R "$ROOT/reference" "$ROOT/Makefile" "$copy/"
    cp "$ROOT/golf/flags" "$copy/golf/"
    cp "$ROOT/tests/tools/needs" "$copy/tests/tools/"
    sed -i 's|^CK_API const char \*ck_version(void);$|&\nCK_API bool on_board(int n);|' "$copy/reference/checkers.h"
    grep -q '^CK_API bool on_board(int n);$' "$copy/reference/checkers.h" || fail "the plant did not take"
    run make -s -C "$copy" BUILD=b install PREFIX="$BATS_TEST_TMPDIR/p"
    assert_failure
    assert_output --partial 'reference/checkers.h: every name of the library starts with ck_, not: on_board'
    [ ! -e "$BATS_TEST_TMPDIR/p" ] || fail "something was installed"
}

# ==================== What the library refuses ====================

@test "every bad input a caller can give is refused with its reason, and nothing is written past a buffer" {
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 -Wall -Wextra -pedantic -Werror $SAN -DCK_NO_NONNULL -I"$PREFIX/include" -o lib_refuse \
        "$ROOT/tests/oracles/lib_refuse.c" "$PREFIX/lib/libcheckers.a" -pthread
    run ./lib_refuse
    assert_success
    assert_output --regexp '^lib_refuse: [0-9]{3} calls refused as said$'
}

# nonnull_lines CC: the lines of lib_refuse.c where CC warns -Wnonnull, and
# (after a line "--") the lines of any other warning.
nonnull_lines() {
    local out
    out=$("$1" -std=c11 -Wall -Wextra -pedantic -I"$PREFIX/include" -fsyntax-only "$ROOT/tests/oracles/lib_refuse.c" 2>&1)
    sed -n 's/^[^:]*lib_refuse\.c:\([0-9]*\):[0-9]*: warning: .*\[-Wnonnull\]$/\1/p' <<< "$out" | sort -un
    echo --
    grep 'warning:' <<< "$out" | grep -v '\[-Wnonnull\]$' || true
}

@test "checkers.h marks every pointer a function needs: gcc and clang-19 warn at each NULL passed there, and nowhere else" {
    local marked cc
    marked=$(grep -n '/\* nonnull \*/' "$ROOT/tests/oracles/lib_refuse.c" | cut -d: -f1)
    [ "$(wc -l <<< "$marked")" -ge 20 ] || fail "lib_refuse.c marks only: $marked"
    for cc in gcc clang-19; do
        run nonnull_lines "$cc"
        assert_output "$marked"$'\n--'
    done
    # the marks left out (CK_NO_NONNULL): no warning at all
    run gcc -std=c11 -Wall -Wextra -pedantic -Werror -DCK_NO_NONNULL -I"$PREFIX/include" -fsyntax-only \
        "$ROOT/tests/oracles/lib_refuse.c"
    assert_success
    # one mark taken out of the header: its lines no longer warn
    mkdir -p planted && sed 's/^CK_API CK_NONNULL(1) bool ck_valid(/CK_API bool ck_valid(/' "$PREFIX/include/checkers.h" > planted/checkers.h
    ! cmp -s planted/checkers.h "$PREFIX/include/checkers.h" || fail "the plant did not take"
    run gcc -std=c11 -Wall -I planted -fsyntax-only "$ROOT/tests/oracles/lib_refuse.c"
    refute_output --regexp "lib_refuse\.c:$(grep -n 'ck_valid(NULL' "$ROOT/tests/oracles/lib_refuse.c" | cut -d: -f1):"
}

# Each check taken out of the library, one at a time: the file, its line
# as it is, then the line planted in its place.
PLANTS=(
    library.c
    'static bool position_ok(const ck_position *pos, char *err)'
    'static bool position_ok(const ck_position *pos, char *err) { (void)pos, (void)err; return true; } static bool position_was(const ck_position *pos, char *err)'
    library.c
    'static bool board_ok(const ck_position *pos, char *err)'
    'static bool board_ok(const ck_position *pos, char *err) { return given(pos, "pos", err); } static bool board_was(const ck_position *pos, char *err)'
    library.c
    'static bool move_ok(const ck_move *m, char *err)'
    'static bool move_ok(const ck_move *m, char *err) { return given(m, "move", err); } static bool move_was(const ck_move *m, char *err)'
    library.c
    'static bool given(const void *p, const char *name, char *err)'
    'static bool given(const void *p, const char *name, char *err) { (void)p, (void)name, (void)err; return true; } static bool given_was(const void *p, const char *name, char *err)'
    library.c
    '    const move *found = NULL;'
    '    const move *found = &r;'
    library.c
    '    if (text == NULL && len > 0)'
    '    if (false)'
    library.c
    '    if (r != CK_RULE_CHALLENGE && r != CK_RULE_ENGLISH)'
    '    if (false)'
    library.c
    '    return (g->quiet >= 0 && g->quiet <= DRAW_QUIET_MOVES) ||'
    '    return true ||'
    text.c
    '    if (more >= SIZE_MAX - b->len) { /* no size_t holds it: no memory could */'
    '    if (false) {'
)

# planted_run PROGRAM ARG...: run, for a program with a bug planted: what
# a sanitizer reports (make sanitize) is its expected failure, kept in the
# test's directory, not in the run's reports, which must stay empty.
planted_run() {
    ASAN_OPTIONS="log_path=$BATS_TEST_TMPDIR/planted-asan" run "$@"
}

# plant FROM TO FILE: FILE with its line FROM (the whole line, as it is)
# replaced by TO.
plant() {
    FROM=$1 TO=$2 awk '$0 == ENVIRON["FROM"] { print ENVIRON["TO"]; next } { print }' "$3" > "$3.new" && mv "$3.new" "$3"
}

@test "the refusals bite: with each check of the library taken out, lib_refuse fails" {
    local copy="$BATS_TEST_TMPDIR/planted" i file from to all=() objects=() o
    # the library's objects as make lib built them, but the planted file's
    mapfile -t all < <(make_list LIB_PIC)
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 -O0 $SAN -DCK_NO_NONNULL -I"$ROOT/reference" -c -o lib_refuse.o "$ROOT/tests/oracles/lib_refuse.c"
    for ((i = 0; i < ${#PLANTS[@]}; i += 3)); do
        file=${PLANTS[i]} from=${PLANTS[i + 1]} to=${PLANTS[i + 2]}
        rm -rf "$copy" && cp -R "$ROOT/reference" "$copy"
        plant "$from" "$to" "$copy/$file"
        cmp -s "$copy/$file" "$ROOT/reference/$file" && fail "the plant did not take: $from"
        objects=()
        for o in "${all[@]}"; do [[ $o == */${file%.c}.o ]] || objects+=("$o"); done
        # shellcheck disable=SC2086 # SAN: several flags, or none
        "${CC:-gcc}" -std=c11 -O0 -w $SAN -I"$ROOT/reference" -o lib_refuse lib_refuse.o "$copy/$file" "${objects[@]}" -pthread ||
            fail "the plant does not build: $to"
        planted_run ./lib_refuse
        [ "$status" -ne 0 ] || fail "with '$to' planted, lib_refuse passes: $output"
        refute_output --partial 'refused as said'
    done
}

# The two bounds of write_move (notation.c), as they are, then planted away.
WRITE_MOVE_PLANTS=(
    "    int n = m->n < 0 ? 0 : m->n > MAX_JUMPS ? MAX_JUMPS : m->n; /* at most sq's room */"
    '    int n = m->n;'
    '        at = wrote < 0 || (size_t)wrote >= MOVE_TEXT_SIZE - at ? MOVE_TEXT_SIZE - 1 : at + (size_t)wrote;'
    '        at += (size_t)wrote;'
)

@test "write_move never writes past its text or its squares: with either bound taken out of notation.c, the unit check fails" {
    local copy="$BATS_TEST_TMPDIR/planted" objects=() o i from to
    for ((i = 0; i < ${#WRITE_MOVE_PLANTS[@]}; i += 2)); do
        from=${WRITE_MOVE_PLANTS[i]} to=${WRITE_MOVE_PLANTS[i + 1]}
        rm -rf "$copy" && cp -R "$ROOT/reference" "$copy"
        plant "$from" "$to" "$copy/notation.c"
        cmp -s "$copy/notation.c" "$ROOT/reference/notation.c" && fail "the plant did not take: $from"
        mapfile -t objects < <(ref_objects LIB_SRC)
        for o in "${!objects[@]}"; do [[ ${objects[o]} != */notation.o ]] || objects[o]=$copy/notation.c; done
        # shellcheck disable=SC2086 # SAN: several flags, or none
        "${CC:-gcc}" -std=c11 -O0 $SAN -I"$ROOT/tests/oracles" -o unit "$ROOT/tests/oracles/unit.c" "${objects[@]}"
        planted_run ./unit write_move
        [ "$status" -ne 0 ] || fail "with '$to' planted, the unit check passes: $output"
        refute_output --partial ', 0 failed'
    done
    run "$BUILD/unit" write_move
    assert_success
}

# ==================== Out of memory ====================

# The allocator wrapped for tests/oracles/lib_oom.c: every allocation the
# library makes is counted, and the one asked for fails.
OOM_WRAP=-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free

@test "out of memory at each allocation of every allocating ck_ function: the failure said, no abort, no exit, nothing leaked" {
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 -Wall -Wextra -pedantic $SAN -I"$PREFIX/include" -o lib_oom "$ROOT/tests/oracles/lib_oom.c" \
        "$PREFIX/lib/libcheckers.a" -pthread $OOM_WRAP
    local i
    for i in $(seq 15); do cat "$ROOT/tests/fixtures/pdn/forms.pdn"; done > forms15.pdn # 10 kB: a file read in pieces
    run ./lib_oom forms15.pdn
    assert_success
    assert_line 'lib_oom: ok'
    local f
    for f in ck_from_fen ck_moves ck_play ck_replay ck_perft ck_table_new ck_pdn_open ck_pdn_open_file; do
        assert_line --regexp "^$f: [1-9][0-9]* allocations; each failing: [1-9][0-9]* times out of memory, [0-9]+ got round, 0 blocks held$"
    done
    # and nothing in the shared library can end the program
    run nm -D -u "$PREFIX/lib/libcheckers.so"
    refute_line --regexp '^ +U (abort|exit|_exit|_Exit|quick_exit|perror)(@.*)?$'
}

@test "the out-of-memory test bites: with the old abort planted back in move_list_add it fails" {
    local copy="$BATS_TEST_TMPDIR/planted" src=()
    cp -R "$ROOT/reference" "$copy"
    sed -i 's|^            l->failed = true;$|            abort();|' "$copy/moves.c"
    grep -q '^            abort();$' "$copy/moves.c" || fail "the plant did not take"
    read -ra src <<< "$(project_make print-CK_SRC)"
    # shellcheck disable=SC2086 # SAN: several flags, or none
    "${CC:-gcc}" -std=c11 -O0 $SAN -I"$copy" -o lib_oom "$ROOT/tests/oracles/lib_oom.c" \
        "${src[@]/#reference/$copy}" -pthread $OOM_WRAP
    run ./lib_oom "$ROOT/tests/fixtures/pdn/forms.pdn"
    assert_failure
    refute_line 'lib_oom: ok'
    assert_line --regexp '^ck_from_fen: 1 allocations' # the FEN's one; then ck_moves aborts
    refute_line --partial 'ck_moves:'
}

# ==================== A large PDN file ====================

@test "ck_pdn_open_file and reference pdn read a 60 MB file a record at a time: each, its memory limited to 32 MB, answers the same" {
    local comment i
    # a 60 kB record (a long comment), doubled ten times: 1024 records, 61 MB
    comment=$(head -c 60000 /dev/zero | tr '\0' x)
    printf '[Event "big"]\n1. 11-15 {%s}\n22-18 2. 15x22 25x18 *\n' "$comment" > big.pdn
    for i in 1 2 3 4 5 6 7 8 9 10; do cat big.pdn big.pdn > twice.pdn && mv twice.pdn big.pdn; done
    [ "$(stat -c %s big.pdn)" -gt 50000000 ] || fail "big.pdn is $(stat -c %s big.pdn) bytes"
    build_static "$PREFIX" engine-static
    "$BUILD/reference" pdn big.pdn > cli.out 2> /dev/null
    [ "$(wc -l < cli.out)" -eq 1024 ] || fail "the CLI gave $(wc -l < cli.out) lines"
    if [ -n "$SAN" ]; then # ASan reserves terabytes of address space: no ulimit -v
        ./engine-static pdn big.pdn > engine.out
    else
        # the limit bites a reader that holds the file whole (the CLI's, once)
        run bash -c 'ulimit -v 32768 && "$1" pdn "$2" > /dev/null 2>&1' - "$BUILD/reference" big.pdn
        assert_success
        (ulimit -v 32768 && ./engine-static pdn big.pdn > engine.out) || fail "the engine does not fit in 32 MB"
    fi
    cmp engine.out cli.out || fail "the engine's records are not the CLI's"
}

@test "ck_pdn_open_file gives the CLI's records wherever its pieces cut the file: the Tinsley sample shifted by 0-300 bytes" {
    local k
    build_static "$PREFIX" engine-static
    # a % line of k spaces moves every cut of a 4 kB piece k bytes into the
    # games, and every line one down whatever k is: one answer for all
    cat "$ROOT/tests/fixtures/pdn/tinsley-sample.pdn" "$ROOT/tests/fixtures/pdn/forms.pdn" > games.pdn
    { echo %; cat games.pdn; } | "$BUILD/reference" pdn > cli.out 2> /dev/null
    [ "$(wc -l < cli.out)" -eq 307 ] || fail "the CLI gave $(wc -l < cli.out) lines"
    for k in $(seq 0 "$([ -n "$SAN" ] && echo 37 || echo 13)" 300); do
        { printf '%%%*s\n' "$k" ''; cat games.pdn; } > cut.pdn
        ./engine-static pdn cut.pdn | cmp -s - cli.out || fail "shifted by $k: the records differ"
    done
}
