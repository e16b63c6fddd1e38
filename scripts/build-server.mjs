// The server compiled to plain JavaScript (esbuild; the packages stay in node_modules): `npm start` runs
// dist/server/main.mjs with Node alone. Through tsx a start cost about 6.6 CPU-seconds on this machine,
// half of it compiling TypeScript and resolving modules in tsx's loader; the bundle starts in 2.8.
//
//   node scripts/build-server.mjs [outDir]   (default dist/server)
//
// Beside main.mjs: the worker threads and the processes (planner, backup) it starts (files it finds next to itself,
// see backups.ts, plano-corte.ts, export.ts, pdf/render.ts) and the migrations (db/client.ts).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The folders whose files the server is built from: a newer file means the build is stale. */
export const SERVER_SOURCES = ['src/server', 'src/db', 'src/domain', 'src/schemas'].map((d) =>
  path.join(root, d),
);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function serverBuildIsStale(outDir = path.join(root, 'dist/server')) {
  const main = path.join(outDir, 'main.mjs');
  return !existsSync(main) || Math.max(...SERVER_SOURCES.map(newestMtime)) > statSync(main).mtimeMs;
}

/**
 * Builds into `outDir`. Outside the project, a `node_modules` link beside the folder lets the bundle
 * find the packages (the browser and API suites build one per run in their temporary folders).
 */
export async function buildServer(outDir = path.join(root, 'dist/server')) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'backup-process': path.join(root, 'src/db/backup-process.ts'),
      'plano-corte-worker': path.join(root, 'src/server/plano-corte-worker.ts'),
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // plain JavaScript workers, loaded by Node as they are
  cpSync(path.join(root, 'src/server/export-xlsx-worker.mjs'), path.join(outDir, 'export-xlsx-worker.mjs'));
  cpSync(path.join(root, 'src/server/pdf/pdf-worker.mjs'), path.join(outDir, 'pdf-worker.mjs'));
  cpSync(path.join(root, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  const projectModules = path.join(root, 'node_modules');
  const parent = path.dirname(outDir);
  if (
    !path.resolve(outDir).startsWith(`${root}${path.sep}`) &&
    !existsSync(path.join(parent, 'node_modules'))
  ) {
    symlinkSync(projectModules, path.join(parent, 'node_modules'), 'dir');
  }
  return path.join(outDir, 'main.mjs');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`[lavra] Servidor compilado: ${path.relative(process.cwd(), out)}`);
}
