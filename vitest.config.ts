import { fileURLToPath } from 'node:url';
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
        resolve: { alias },
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'src/db/**/*.test.ts'],
          // every answer is checked against its route's declared contract (testing/response-contract.ts)
          setupFiles: ['src/server/testing/setup-api.ts'],
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
