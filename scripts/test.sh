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
# together NAME COMMAND [NAME COMMAND...]: runs the commands at the same time, each into its own log; then
# prints each step's header and log in the order given, records each one's wall time, and stops the run
# if any failed.
together() {
  end_step
  STEP_NAME=''
  local names=() pids=() i=0 failed=()
  while [ $# -gt 0 ]; do
    names+=("$1")
    ( t0=$SECONDS; set +e; eval "$2" >"$RESULTS/together-$i.log" 2>&1; rc=$?; echo "$rc $((SECONDS - t0))" >"$RESULTS/together-$i.rc" ) &
    pids+=($!)
    i=$((i + 1))
    shift 2
  done
  local t0=$SECONDS
  for pid in "${pids[@]}"; do wait "$pid" || true; done
  TIMES+=("$(printf '%5ss  %s' $((SECONDS - t0)) "Fase sem banco (os ${#names[@]} passos abaixo, ao mesmo tempo)")")
  for i in "${!names[@]}"; do
    printf '\n\033[1m==> %s\033[0m (ao mesmo tempo que os demais desta fase)\n' "${names[$i]}"
    cat "$RESULTS/together-$i.log"
    read -r rc secs <"$RESULTS/together-$i.rc"
    TIMES+=("$(printf '%5ss  %s (em paralelo)' "$secs" "${names[$i]}")")
    [ "$rc" = 0 ] || failed+=("${names[$i]}")
  done
  if [ ${#failed[@]} -gt 0 ]; then
    printf '\nFalhou: %s\n' "${failed[*]}" >&2
    exit 1
  fi
}

# The checks that need no database run side by side: alone, the unit and component runs left a third of
# the 2 cores idle (vmstat), and the type check, the web build and the browser run's preparation (its
# server compiled, one database migrated: ~10 s before any browser test could start) use one core each.
# Each keeps its own output, printed whole in this order once all have ended, and its own wall time.
ensure_chromium
# the browser run's folder (compiled server, migrated database), made here instead of at its start
export E2E_RUN_DIR="$RESULTS/e2e"
together \
  "Type check" "npx tsc --noEmit -p tsconfig.json" \
  "Lint (Biome)" "npx biome ci --reporter=summary ." \
  "Unit tests" "vitest unit --project unit" \
  "Component tests — Chromium" "vitest componentes --project componentes" \
  "Build web" "npx vite build --logLevel warn && node scripts/check-bundle.mjs" \
  "E2E setup (server, database)" "node --import tsx e2e/preparar.ts"

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
