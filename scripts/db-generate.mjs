// Generates the SQL migration from src/db/schema.ts with drizzle-kit.
// Until the first release the schema is one initial migration (`--reset` rewrites it); after that,
// migrations are append-only: run without --reset and commit the new file.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

if (process.argv.includes('--reset')) rmSync('src/db/migrations', { recursive: true, force: true });
execFileSync(
  'npx',
  ['drizzle-kit', 'generate', '--name', process.argv.includes('--reset') ? 'init' : 'change'],
  {
    stdio: 'inherit',
  },
);
