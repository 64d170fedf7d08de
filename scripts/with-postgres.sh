#!/usr/bin/env bash
# Runs a command (the test suite) with a throw-away PostgreSQL cluster, for the web table's storage tests:
#   scripts/with-postgres.sh .venv/bin/pytest -n 2
# The cluster lives in a temporary folder, listens on 127.0.0.1:$PG_PORT (default 55432) only, and is
# stopped and deleted when the command ends. MASTERBUILDER_TEST_PG is set to its URL for the command.
# Already set: the command runs against that server. PostgreSQL not installed: one line says which tests
# are skipped, and the command runs without it. Used by `make test` and by .ci/run.
set -euo pipefail

if [ -n "${MASTERBUILDER_TEST_PG:-}" ]; then exec "$@"; fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "PostgreSQL is not installed: the PostgreSQL storage tests are skipped (apt-get install postgresql, or set MASTERBUILDER_TEST_PG to a server's URL)." >&2
    exec "$@"
fi

PG_PORT="${PG_PORT:-55432}"
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
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null; then
    echo "The throw-away PostgreSQL did not start on port $PG_PORT (taken? set PG_PORT): $(tail -1 "$PG_DIR/log")" >&2
    exit 1
fi

export MASTERBUILDER_TEST_PG="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/postgres"
"$@"
