import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium.mjs';

// The runner's folder for this run's databases; workers inherit it through the environment.
process.env.E2E_RUN_DIR ??= `/tmp/lavra-e2e-${process.pid}`;
const CEP_PORT = Number(process.env.E2E_CEP_PORT ?? 3199);
process.env.E2E_CEP_PORT = String(CEP_PORT);
// The fake NFE.io (issue 30): the next port unless told.
const NFEIO_PORT = Number(process.env.E2E_NFEIO_PORT ?? CEP_PORT + 1);
process.env.E2E_NFEIO_PORT = String(NFEIO_PORT);

const chromium = {
  executablePath: chromiumPath(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    // V8's baseline tier at most (Ignition, Sparkplug): a test's page lives seconds, too short for
    // Maglev and TurboFan to repay compiling its hot code on threads that take the 2 cores from the
    // servers under test. Four large specs (orcamentos, a11y, shell, producao), alternated runs on this
    // machine: 164 and 146 s with every tier, 129–150 s (mean 137) without the optimising ones.
    '--js-flags=--max-opt=1',
  ],
};

// Every spec file runs against a server and a database of its own (e2e/servidor.ts, the `servidor`
// fixture): no ordering between specs, any file may change a server-wide setting.
export default defineConfig({
  testDir: 'e2e',
  // one folder per run, so parallel runs never delete each other's traces
  outputDir: `test-results/${CEP_PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace costs every test ~10 % of its CPU and is kept only when it fails, where CI shows
    // none of it (the failure prints the page's text and its errors: fixtures.ts). E2E_TRACE=1 locally.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'desktop' }],
  webServer: [
    {
      command: `node e2e/fake-cep.mjs ${CEP_PORT}`,
      url: `http://127.0.0.1:${CEP_PORT}/health`,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx e2e/fake-nfeio.ts ${NFEIO_PORT}`,
      url: `http://127.0.0.1:${NFEIO_PORT}/health`,
      reuseExistingServer: false,
    },
  ],
});
