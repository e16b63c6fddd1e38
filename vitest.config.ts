import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/schemas/**/*.test.ts', 'src/web/**/*.test.ts'],
        },
      },
      {
        // Screens' parts in a real browser (Debian's Chromium), without a server: fields, masks,
        // messages, dialogs. `src/web/testing/render.tsx` renders them and answers their requests.
        resolve: { alias },
        test: {
          name: 'componentes',
          unstubGlobals: true,
          include: ['src/web/**/*.test.tsx'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-dev-shm-usage',
                  '--disable-background-networking',
                ],
              },
              contextOptions: { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 1366, height: 800 } }],
          },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'src/db/**/*.test.ts'],
          // every answer is checked against its route's declared contract (testing/response-contract.ts)
          setupFiles: ['src/server/testing/setup-api.ts'],
          globalSetup: ['src/server/testing/global-setup-api.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database; two workers keep a 2-core machine busy without thrashing.
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
