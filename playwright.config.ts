import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CEP_PORT = PORT + 99;
export const E2E_ADMIN_SENHA = 'admin-e2e-123';
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/lavra-e2e-${process.pid}`;

const CONFIGURA_O_SERVIDOR = /(recebimentos|cliente|dinheiro)\.spec\.ts$/;
const SOZINHO = /xss\.spec\.ts$/;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // one folder per port, so parallel runs never delete each other's traces
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  // Specs that switch a server-wide setting (commissions released as the customer pays; the company's
  // identity on every printout) run after all the others, so no other spec ever sees the switch.
  projects: [
    {
      name: 'desktop',
      testIgnore: [CONFIGURA_O_SERVIDOR, SOZINHO],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'configuracoes',
      testMatch: CONFIGURA_O_SERVIDOR,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    // Reads the dashboard's latest sales, which any other spec's sale pushes down: alone, at the end.
    {
      name: 'sozinho',
      testMatch: SOZINHO,
      dependencies: ['configuracoes'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: [
    {
      command: `node e2e/fake-cep.mjs ${CEP_PORT}`,
      url: `http://127.0.0.1:${CEP_PORT}/health`,
      reuseExistingServer: false,
    },
    {
      // A fresh database each run: the built app served exactly as `npm start` serves it.
      command: `rm -rf ${dataDir} && node --import tsx src/server/main.ts`,
      url: `http://localhost:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        BACKUP_DIR: `${dataDir}/backups`,
        ADMIN_PASSWORD: E2E_ADMIN_SENHA,
        EMAIL_DOMINIO: 'lavra.local',
        CEP_API_URL: `http://127.0.0.1:${CEP_PORT}/ws`,
        LOG_REQUESTS: '0',
        WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist/web',
        LOGIN_MAX_TENTATIVAS: '50',
      },
    },
  ],
});
