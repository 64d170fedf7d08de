#!/usr/bin/env bash
# Runs a command (the test suite) with a throw-away PostgreSQL cluster, for the web table's storage tests:
#   scripts/with-postgres.sh .venv/bin/pytest -n 2
# The cluster lives in a temporary folder, listens on 127.0.0.1:$PG_PORT only (default: the first free port
# from 55432), and is stopped and deleted when the command ends. MASTERBUILDER_TEST_PG is set to its URL
# for the command; already set, the command runs against that server. PostgreSQL not installed: one line
# says which tests are skipped, and the command runs without it. Used by `make test` and by .ci/run.
set -euo pipefail

if [ -n "${MASTERBUILDER_TEST_PG:-}" ]; then exec "$@"; fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "PostgreSQL is not installed: the PostgreSQL storage tests are skipped (apt-get install postgresql, or set MASTERBUILDER_TEST_PG to a server's URL)." >&2
    exec "$@"
fi

# the first free port from 55432 on (another cluster may have one already), unless PG_PORT says which
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [ -z "${PG_PORT:-}" ]; then
    PG_PORT=55432
    while port_taken "$PG_PORT" && [ "$PG_PORT" -lt 55532 ]; do PG_PORT=$((PG_PORT + 1)); done
fi
PG_DIR="$(mktemp -d /tmp/masterbuilder-pg.XXXXXX)"
# PostgreSQL refuses to run as root: as root it runs as the `postgres` user of Debian's package.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; else "$@"; fi
}
if [ "$(id -u)" -eq 0 ]; then chown postgres "$PG_DIR"; fi
stop_pg() {
    as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
}
trap stop_pg EXIT
as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U postgres >/dev/null
if ! as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null 2>&1; then
    reason="$(grep -m1 -E 'FATAL|could not' "$PG_DIR/log" || tail -1 "$PG_DIR/log")"
    echo "The throw-away PostgreSQL did not start on port $PG_PORT (taken? set PG_PORT): $reason" >&2
    exit 1
fi

export MASTERBUILDER_TEST_PG="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/postgres"
"$@"
