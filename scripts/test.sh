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
trap 'print_times; [ -z "$BESIDE_PID" ] || kill -- -"$BESIDE_PID" 2>/dev/null; pg_cluster_stop; rm -rf "$RESULTS"' EXIT
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
# beside NAME COMMAND starts one step in the background, its output into a file; end_beside waits for it,
# prints its header and output whole, records its own wall time, and stops the run if it failed.
BESIDE_PID=''
beside() {
  BESIDE_NAME=$1
  set -m # a process group of its own, which the exit trap can stop whole
  ( t0=$SECONDS; set +e; eval "$2" >"$RESULTS/beside.log" 2>&1; rc=$?; echo "$rc $((SECONDS - t0))" >"$RESULTS/beside.rc" ) &
  BESIDE_PID=$!
  set +m
}
end_beside() {
  end_step
  STEP_NAME=''
  wait "$BESIDE_PID" || true
  BESIDE_PID=''
  printf '\n\033[1m==> %s\033[0m (ao lado dos passos acima)\n' "$BESIDE_NAME"
  cat "$RESULTS/beside.log"
  local rc secs
  read -r rc secs <"$RESULTS/beside.rc"
  TIMES+=("$(printf '%5ss  %s (ao lado dos passos acima)' "$secs" "$BESIDE_NAME")")
  [ "$rc" = 0 ] || exit 1
}

# The steps that need no database run beside the component tests, which alone left a third of the 2
# cores idle (vmstat): a browser waiting on its pages. Side by side, in one chain beside them, they took
# 78–86 s against 99 s one after the other (and 85–93 s all six at once).
ensure_chromium
# the browser run's folder (its compiled server and migrated database), made here and not at its start
export E2E_RUN_DIR="$RESULTS/e2e"
beside "Component tests — Chromium" "vitest componentes --project componentes"

step "Type check"
npx tsc --noEmit -p tsconfig.json

step "Lint (Biome)"
npx biome ci --reporter=summary .

step "Unit tests"
vitest unit --project unit

step "Build web"
npx vite build --logLevel warn
node scripts/check-bundle.mjs

step "E2E setup (server, database)"
node --import tsx e2e/preparar.ts

end_beside

step "API tests — PGlite"
vitest api-pglite --project api

step "API tests — PostgreSQL 15"
pg_cluster_start
TEST_DATABASE_URL=$TEST_DATABASE_URL vitest api-postgres --project api
pg_cluster_stop

step "Browser tests — Chromium"
PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e.json" npx playwright test --reporter=list,json

step "Summary"
print_times
node scripts/test-summary.mjs "$RESULTS"
