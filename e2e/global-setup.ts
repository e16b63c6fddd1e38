import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { killLeftovers, runDir, startServidor } from './servidor';

/** Checks the browser, then migrates one database (with its admin) that every spec file's server copies. */
export default async function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium não encontrado em ${chromium}. Rode "npm test" (instala com apt-get) ou apt-get install chromium.`,
    );
  }
  await rm(runDir(), { recursive: true, force: true });
  const modelo = await startServidor('modelo', { fresh: true, keepData: true });
  await modelo.stop();
  return async () => {
    await killLeftovers();
    await rm(runDir(), { recursive: true, force: true });
  };
}
