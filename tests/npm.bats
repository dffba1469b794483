#!/usr/bin/env bats
# tests/tools/install-bats, make test's first step: npm ci of the pinned bats.
# When npm cannot reach its registry it fails within seconds, names the
# registry and the cause (no network path, or a certificate this machine
# does not trust), quotes npm's own error line and says what to check;
# never "run make test" while make test runs.  npm is pointed at registries
# on this machine: a closed port, and a TLS server with a self-signed
# certificate, as a TLS-inspecting proxy looks to a machine that does not
# trust it.  Each runs in a scratch checkout, with an empty cache.

bats_require_minimum_version 1.7.0
load test_helper

setup() {
    REPO=$BATS_TEST_TMPDIR/repo
    mkdir -p "$REPO/tests/tools"
    cp "$ROOT/tests/tools/install-bats" "$REPO/tests/tools/"
    cp "$ROOT/package.json" "$ROOT/package-lock.json" "$REPO/"
    SERVER=
}

teardown() { [ -z "$SERVER" ] || kill "$SERVER" 2> /dev/null || true; }

# install_bats REGISTRY: tests/tools/install-bats of the scratch checkout against
# REGISTRY; $elapsed is its time in seconds.
install_bats() {
    local t0=$SECONDS
    run env npm_config_registry="$1" NPM_CACHE="$BATS_TEST_TMPDIR/cache" NPM_LOG="$BATS_TEST_TMPDIR/npm.log" \
        MAKE_TYPED="make test" "$REPO/tests/tools/install-bats"
    elapsed=$((SECONDS - t0))
}

@test "npm with no network path to its registry: a fast failure that names the registry, the cause and npm's error" {
    install_bats http://127.0.0.1:9/
    assert_failure 1
    assert_line --index 0 "make test: installing the pinned bats (npm ci) from http://127.0.0.1:9/"
    assert_line "make test: npm could not install the pinned bats from http://127.0.0.1:9/:"
    assert_line --partial "  no network path to the registry (ECONNREFUSED).  Check the network connection, a proxy"
    assert_line --regexp '^  npm said: npm (ERR!|error) .*ECONNREFUSED'
    assert_line "  npm's whole output: $BATS_TEST_TMPDIR/npm.log"
    assert_line --index -1 "No test ran.  When npm can reach its registry, run make test again."
    [ "$elapsed" -le 20 ] || fail "it took $elapsed s to give up"
    [ ! -e "$REPO/node_modules/bats/bin/bats" ] || fail "bats is there after all"
    # The advice is for after the cause is fixed, not "run make test" inside it.
    run grep -c "run make test" <<< "$output"
    assert_output 1
}

@test "a registry whose certificate this machine does not trust (a TLS proxy): said as such, with what to do" {
    # A TLS server on a free port of this machine, with a new self-signed
    # certificate, that ends itself after a minute.
    local tls=$BATS_TEST_TMPDIR/tls port
    mkdir -p "$tls"
    openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -days 1 \
        -keyout "$tls/key.pem" -out "$tls/cert.pem" 2> /dev/null
    node -e '
        const fs = require("fs"), [key, cert, portfile] = process.argv.slice(1);
        const s = require("https").createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
            (q, r) => { r.writeHead(404); r.end(); });
        s.listen(0, "127.0.0.1", () => fs.writeFileSync(portfile, String(s.address().port)));
        setTimeout(() => process.exit(0), 60000);' "$tls/key.pem" "$tls/cert.pem" "$tls/port" 3>&- &
    SERVER=$!
    for _ in $(seq 50); do [ -s "$tls/port" ] && break; sleep 0.1; done
    port=$(cat "$tls/port")

    install_bats "https://127.0.0.1:$port/"
    assert_failure 1
    assert_line --regexp "^  the registry's TLS certificate is not trusted on this machine \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)"
    assert_output --partial "/usr/local/share/ca-certificates/ and run update-ca-certificates"
    assert_line --regexp '^  npm said: npm (ERR!|error) .*self[- ]signed certificate'
    [ "$elapsed" -le 20 ] || fail "it took $elapsed s to give up"
}
