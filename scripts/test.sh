#!/usr/bin/env bash
# `npm test`: type check, lint, unit tests, API tests on PGlite and on a throw-away PostgreSQL 15,
# then the browser suite in Debian's Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/pg-cluster.sh

RESULTS=$(mktemp -d /tmp/lavra-results.XXXXXX)
# Each step's wall time, printed before the summary (or when a step fails).
TIMES=()
PRINTED=''
STEP_NAME=''
STEP_T0=$SECONDS
end_step() { if [ -n "$STEP_NAME" ]; then TIMES+=("$(printf '%5ss  %s' $((SECONDS - STEP_T0)) "$STEP_NAME")"); fi; }
print_times() {
  end_step
  STEP_NAME=''
  if [ -z "$PRINTED" ]; then printf '%s\n' "${TIMES[@]}"; printf '%5ss  total\n' "$SECONDS"; fi
  PRINTED=1
}
trap 'print_times; pg_cluster_stop; rm -rf "$RESULTS"' EXIT
step() {
  end_step
  STEP_NAME="$*"
  STEP_T0=$SECONDS
  printf '\n\033[1m==> %s\033[0m\n' "$*"
}
# The tests drive Debian's chromium-headless-shell (scripts/chromium.mjs says why); CHROMIUM_PATH picks another.
ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] && return 0
    echo "CHROMIUM_PATH=$CHROMIUM_PATH não é executável." >&2
    exit 1
  fi
  if [ -x /usr/lib/chromium/chromium-headless-shell ]; then return 0; fi
  if [ "$(id -u)" = 0 ]; then
    echo "chromium-headless-shell não encontrado: instalando com apt-get..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  elif [ -x /usr/bin/chromium ]; then
    echo "chromium-headless-shell ausente (instale-o como root): os testes usam /usr/bin/chromium, mais lento." >&2
  else
    echo "Chromium ausente: rode como root ou instale o pacote chromium-headless-shell." >&2
    exit 1
  fi
}
vitest() { npx vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/$1.json" "${@:2}"; }

step "Type check"
npx tsc --noEmit -p tsconfig.json

step "Lint (Biome)"
npx biome ci --reporter=summary .

step "Unit tests"
vitest unit --project unit

step "Component tests — Chromium"
ensure_chromium
vitest componentes --project componentes

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
PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e.json" npx playwright test --reporter=list,json

step "Summary"
print_times
node scripts/test-summary.mjs "$RESULTS"
