// The browser run's folder made ready ahead: the server compiled as `npm start` runs it, and one migrated
// database (with its admin) that every spec file's server copies. `npm test` runs this beside the checks
// that need no database (scripts/test.sh), where it costs no wall time; global-setup.ts makes it when a
// run starts without it (`npx playwright test`).
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { runDir, serverDir, startServidor, templateDir } from './servidor';

const pronto = () => path.join(runDir(), 'pronto');

export const preparado = () => existsSync(pronto());

export async function preparar() {
  await rm(runDir(), { recursive: true, force: true });
  await buildServer(serverDir());
  const modelo = await startServidor('modelo', { fresh: true, keepData: true });
  await modelo.stop();
  // Every spec file's server is a copy of this folder and lives seconds to a minute on a database of a
  // few MB: PostgreSQL's 128 MB buffer pool (initdb's postgresql.conf) only cost each start ~0.5 CPU-s
  // of WebAssembly initialising it. A shop's data folder keeps initdb's setting.
  const conf = path.join(templateDir(), 'postgresql.conf');
  const texto = await readFile(conf, 'utf8');
  if (!/^shared_buffers = 128MB/m.test(texto)) throw new Error(`shared_buffers inesperado em ${conf}`);
  await writeFile(conf, texto.replace(/^shared_buffers = 128MB/m, 'shared_buffers = 16MB'));
  await writeFile(pronto(), new Date().toISOString());
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await preparar();
