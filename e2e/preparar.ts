// The browser run's folder made ready ahead: the server compiled as `npm start` runs it, and one migrated
// database (with its admin) that every spec file's server copies. `npm test` runs this beside the checks
// that need no database (scripts/test.sh), where it costs no wall time; global-setup.ts makes it when a
// run starts without it (`npx playwright test`).
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { runDir, serverDir, startServidor } from './servidor';

const pronto = () => path.join(runDir(), 'pronto');

export const preparado = () => existsSync(pronto());

export async function preparar() {
  await rm(runDir(), { recursive: true, force: true });
  await buildServer(serverDir());
  const modelo = await startServidor('modelo', { fresh: true, keepData: true });
  await modelo.stop();
  await writeFile(pronto(), new Date().toISOString());
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await preparar();
