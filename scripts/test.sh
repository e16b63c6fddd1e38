#!/usr/bin/env bash
# `npm test`: type check, lint, unit tests, API tests on PGlite and on a throw-away PostgreSQL 15,
# then the browser suite in Debian's Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/pg-cluster.sh

RESULTS=$(mktemp -d /tmp/lavra-results.XXXXXX)
trap 'pg_cluster_stop; rm -rf "$RESULTS"' EXIT
step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
vitest() { npx vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/$1.json" "${@:2}"; }

step "Type check"
npx tsc --noEmit -p tsconfig.json

step "Lint (Biome)"
npx biome ci --reporter=summary .

step "Unit tests"
vitest unit --project unit

step "API tests — PGlite"
vitest api-pglite --project api

step "API tests — PostgreSQL 15"
pg_cluster_start
TEST_DATABASE_URL=$TEST_DATABASE_URL vitest api-postgres --project api
pg_cluster_stop

step "Build web"
npx vite build --logLevel warn
node scripts/check-bundle.mjs

step "Browser tests — Chromium"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "Chromium não encontrado: instalando com apt-get..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium ausente: rode como root ou instale o pacote chromium." >&2
    exit 1
  fi
fi
PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e.json" npx playwright test --reporter=list,json

step "Summary"
node scripts/test-summary.mjs "$RESULTS"
