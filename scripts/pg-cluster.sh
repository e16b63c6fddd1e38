# Sourced by scripts/test.sh: starts a throw-away PostgreSQL 15 cluster on a free port and exports
# TEST_DATABASE_URL; pg_cluster_stop removes it. PostgreSQL refuses to run as root, so as root the
# cluster belongs to the `postgres` user.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

pg_cluster_ensure_binaries() {
  if [ -x "$PG_BIN/initdb" ]; then return 0; fi
  if [ "$(id -u)" = 0 ]; then
    echo "PostgreSQL 15 não encontrado: instalando com apt-get..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
    # Debian starts a default cluster on install; the tests use their own.
    pg_ctlcluster 15 main stop >/dev/null 2>&1 || true
  fi
  [ -x "$PG_BIN/initdb" ] || { echo "PostgreSQL 15 ausente (instale postgresql-15)."; return 1; }
}

pg_cluster_start() {
  pg_cluster_ensure_binaries || return 1
  PG_DIR=$(mktemp -d /tmp/lavra-pg.XXXXXX)
  PG_PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  local run=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_DIR"
    run=(runuser -u postgres --)
  fi
  "${run[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
  # Durability settings off: this cluster lives for one test run.
  "${run[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w start \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  PG_RUN=("${run[@]}")
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') em 127.0.0.1:$PG_PORT"
}

pg_cluster_stop() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
    "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}
