// `npm start`: builds the web app and the server when their builds are missing or older than their
// sources, then runs the server (which migrates the database and creates the first admin on an empty one).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverBuildIsStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'src/web'), path.join(root, 'src/schemas'), path.join(root, 'src/domain')];
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  console.log('[lavra] Compilando a interface web...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// `npm run demo` (or `npm start -- --demo`): realistic sample data first, on an empty database only.
if (process.argv.includes('--demo')) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/seed.ts'), '--scale', '0.01'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log('[lavra] Compilando o servidor...');
  await buildServer();
}

const args = ['--enable-source-maps', path.join(root, 'dist/server/main.mjs')];
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
