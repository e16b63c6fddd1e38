import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { buildServer } from '../scripts/build-server.mjs';
import { chromiumPath } from '../scripts/chromium.mjs';
import { killLeftovers, runDir, serverDir, startServidor } from './servidor';

/**
 * Checks the browser, compiles the server as `npm start` does (into the run's folder: a run never uses
 * another's or a stale dist/), then migrates one database (with its admin) that every spec file's server
 * copies.
 */
export default async function globalSetup() {
  const chromium = chromiumPath();
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium não encontrado em ${chromium}. Rode "npm test" (instala com apt-get) ou apt-get install chromium-headless-shell.`,
    );
  }
  await rm(runDir(), { recursive: true, force: true });
  await buildServer(serverDir());
  const modelo = await startServidor('modelo', { fresh: true, keepData: true });
  await modelo.stop();
  return async () => {
    await killLeftovers();
    await rm(runDir(), { recursive: true, force: true });
  };
}
