#!/usr/bin/env bash
# `npm run bench [-- --quick | --soak | options]`: starts a throw-away PostgreSQL 15 cluster (as
# `npm test` does), runs bench/run.ts against it and against PGlite, and removes the cluster.
# The cluster runs with PostgreSQL's durable defaults (fsync, synchronous_commit, full_page_writes on):
# the figures are those of a real installation, not of the test suite's fast, unsafe settings.
# With BENCH_DATABASE_URL already set, that server is used instead (with `-- --reuse`, its generated
# databases are kept between runs: tuning without reloading a million rows each time).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/pg-cluster.sh

trap 'pg_cluster_stop' EXIT
if [[ -z "${BENCH_DATABASE_URL:-}" && " $* " != *" --db pglite "* && " $* " != *" --db=pglite "* ]]; then
  pg_cluster_start
  "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -m fast restart \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=300" >/dev/null
  export BENCH_DATABASE_URL=$TEST_DATABASE_URL
fi
node --import tsx bench/run.ts "$@"
