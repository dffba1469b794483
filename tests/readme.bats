#!/usr/bin/env bats
# The READMEs hold true: every `$ command` example prints what it says
# (tests/tools/readme-examples), the top page stays short, and every link between
# them leads somewhere.

bats_require_minimum_version 1.7.0
load test_helper

# The top README and every folder's (golf/, reference/, tests/ and below).
mapfile -t READMES < <(cd "$ROOT" && { echo README.md; find golf reference tests -name README.md | LC_ALL=C sort; })

@test "every README example prints what the README says" {
    run "$ROOT/tests/tools/readme-examples"
    assert_success
    assert_line --regexp '^readme-examples: [0-9]+ examples, 0 differ$'
    local n
    n=$(sed -n 's/^readme-examples: \([0-9]*\) examples.*/\1/p' <<< "$output")
    [ "$n" -ge 20 ] || fail "only $n examples ran: are the READMEs' \$ blocks still read?"
}

@test "a wrong line in a README example is caught, with its file, line and a diff" {
    local copy="$BATS_TEST_TMPDIR/README.md" at
    sed 's/^perft 3: 302$/perft 3: 303/' "$ROOT/reference/README.md" > "$copy"
    ! cmp -s "$copy" "$ROOT/reference/README.md" || fail "the planted line's original is gone from reference/README.md"
    at=$(grep -n '^\$ build/reference --divide perft B:W21-32:B1-12 3$' "$copy" | cut -d: -f1)
    run "$ROOT/tests/tools/readme-examples" "$copy"
    assert_failure 1
    assert_line "$copy:$at: \$ build/reference --divide perft B:W21-32:B1-12 3"
    assert_line -- '-perft 3: 303'
    assert_line -- '+perft 3: 302'
    assert_line --regexp '^readme-examples: [0-9]+ examples, 1 differ$'
}

@test "every folder of golf/, reference/ and tests/ has a README.md" {
    local d missing=()
    [ ${#READMES[@]} -ge 9 ] || fail "only ${#READMES[@]} READMEs found: ${READMES[*]}"
    while IFS= read -r d; do
        [ -f "$ROOT/$d/README.md" ] || missing+=("$d")
    done < <(cd "$ROOT" && find golf reference tests -mindepth 0 -maxdepth 1 -type d)
    [ ${#missing[@]} -eq 0 ] || fail "no README.md in: ${missing[*]}"
}

@test "make help lists every target the Makefile defines" {
    local defined listed
    defined=$(grep -oE '^[a-z%-]+:' "$ROOT/Makefile" | tr -d : | sort -u | xargs)
    run project_make help
    assert_success
    listed=$(awk '{ print $1 }' <<< "$output" | sort -u | xargs)
    assert_equal "$listed" "$defined"
}

@test "the top README fits on two screens: 150 lines at most" {
    local n
    n=$(wc -l < "$ROOT/README.md")
    [ "$n" -le 150 ] || fail "README.md has $n lines; move the detail to a folder's README"
}

# anchors FILE: the anchors GitHub makes of FILE's headings, one a line.
anchors() { sed -n 's/^#\{1,6\} //p' "$1" | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9_\n-'; }

@test "every relative link in the READMEs leads to a file, and its #anchor to a heading there" {
    local file dir link target anchor bad=()
    # Each file's anchors, one a line between newlines, read once: a README
    # links to the same few files hundreds of times, and forks cost.
    local -A headings=()
    for file in "${READMES[@]}"; do
        while IFS= read -r link; do
            target=${link%%#*} anchor=
            [[ $link == *'#'* ]] && anchor=${link#*#}
            dir=.
            [[ $file != */* ]] || dir=${file%/*}
            [ -n "$target" ] && target="$ROOT/$dir/$target" || target="$ROOT/$file"
            if [ ! -e "$target" ]; then
                bad+=("$file: $link: no such file")
            elif [ -n "$anchor" ]; then
                [ -n "${headings[$target]+set}" ] || headings[$target]=$'\n'$(anchors "$target")$'\n'
                [[ ${headings[$target]} == *$'\n'"$anchor"$'\n'* ]] || bad+=("$file: $link: no heading with that anchor")
            fi
        done < <(grep -o '](\([^)h][^)]*\))' "$ROOT/$file" | sed 's/^](\(.*\))$/\1/')
    done
    [ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
}
