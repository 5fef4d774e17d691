#!/usr/bin/env bash
# A private PostgreSQL server for tests: `scripts/postgres-test.sh start` prints the URL to use as
# TEST_DATABASE_URL; `scripts/postgres-test.sh stop` stops it. Uses Debian's PostgreSQL binaries
# (apt-get install postgresql); runs as the postgres user when started by root.
set -euo pipefail
PORT="${PG_TEST_PORT:-54329}"
BASE="${PG_TEST_DIR:-/tmp/forhaandsmelding-pg-test}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$BIN" ] || BIN="$(dirname "$(command -v pg_ctl)")"
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "${1:-}" in
  start)
    if [ ! -f "$BASE/data/PG_VERSION" ]; then
      mkdir -p "$BASE"
      if [ "$(id -u)" = 0 ]; then chown postgres "$BASE"; fi
      as_pg "$BIN/initdb" -D "$BASE/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_pg "$BIN/pg_ctl" -D "$BASE/data" -l "$BASE/server.log" -w \
      -o "-p $PORT -k $BASE -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null; then
      # pg_ctl only says "examine the log output"; show it, so the cause (a port in use, say) is in the CI log.
      tail -n 5 "$BASE/server.log" >&2 || true
      exit 1
    fi
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_pg "$BIN/pg_ctl" -D "$BASE/data" -m fast stop >/dev/null 2>&1 || true
    ;;
  *)
    echo "bruk: $0 start|stop" >&2
    exit 2
    ;;
esac
