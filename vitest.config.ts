import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { chromiumPath } from './scripts/chromium.mjs';

/**
 * The API suite runs twice, on PGlite and on PostgreSQL (TEST_DATABASE_URL). These files do the same work
 * in both passes (their own in-memory PGlite, no database, or the PGlite commands), so only the PGlite
 * pass runs them.
 */
const PGLITE_PASS_ONLY = [
  'src/db/backup-cli.test.ts',
  'src/db/backup-seguranca.test.ts',
  'src/db/papeis.test.ts',
  'src/server/compilado.test.ts',
  'src/server/demo.test.ts',
  'src/server/export-xlsx-ritmo.test.ts',
];
/** What exists only on a PostgreSQL server (a cluster of processes, advisory locks, the move to it). */
const POSTGRES_PASS_ONLY = [
  'src/db/backup-cli-postgres.test.ts',
  'src/db/migrate-lock.test.ts',
  'src/server/cluster.test.ts',
];

/**
 * The API files that take longest (servers started and killed, backups, generated data, thousands of
 * requests), started first. Vitest otherwise starts the largest files first when it has no timings
 * from an earlier run (a clean clone: CI), and these short files ran last, one worker alone on them
 * for the pass's last ~100 s while the other had nothing left.
 */
const SLOW_FIRST = [
  'src/server/backup-crash.test.ts',
  'src/db/backup-cli.test.ts',
  'src/db/backup-cli-postgres.test.ts',
  'src/server/fuzz.test.ts',
  'src/server/backups.test.ts',
  'src/db/backup.test.ts',
  'src/db/backup-seguranca.test.ts',
  'src/server/demo.test.ts',
  'src/server/export-xlsx-ritmo.test.ts',
  'src/server/crash.test.ts',
  'src/server/cluster.test.ts',
  'src/server/auth/throttle.test.ts',
  'src/server/compilado.test.ts',
  'src/server/shutdown.test.ts',
  'src/db/migrate-lock.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((s) => f.moduleId.endsWith(s));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // a stable sort: the rest keep Vitest's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // one sequencer for every project (Vitest reads only the root's): it orders only the API files
    sequence: { sequencer: SlowFirst },
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
                executablePath: chromiumPath(),
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
          exclude: process.env.TEST_DATABASE_URL ? PGLITE_PASS_ONLY : POSTGRES_PASS_ONLY,
          // every answer is checked against its route's declared contract (testing/response-contract.ts)
          setupFiles: ['src/server/testing/setup-api.ts'],
          globalSetup: ['src/server/testing/global-setup-api.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database; two workers keep a 2-core machine busy without thrashing.
          pool: 'forks',
          // PGlite's WebAssembly with V8's baseline compiler only: a file's database lives seconds, too short
          // for the optimising tier to repay its compilation (ten route files: 79 → 69 CPU-s, 47 → 40 s).
          execArgv: ['--liftoff-only'],
          // A worker runs its files one after another in one process: the app's modules are loaded (and
          // optimised by V8) once per worker, not once per file. Isolation comes from each file's own
          // database and app (harness.ts createTestDeps), and no test mocks a module.
          isolate: false,
          maxWorkers: 2,
        },
      },
    ],
  },
});
