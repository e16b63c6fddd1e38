import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { chromiumPath } from '../scripts/chromium.mjs';
import { preparado, preparar } from './preparar';
import { killLeftovers, runDir } from './servidor';

/** Checks the browser and makes the run's folder (preparar.ts) unless `npm test` already has. */
export default async function globalSetup() {
  const chromium = chromiumPath();
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium não encontrado em ${chromium}. Rode "npm test" (instala com apt-get) ou apt-get install chromium-headless-shell.`,
    );
  }
  if (!preparado()) await preparar();
  return async () => {
    await killLeftovers();
    await rm(runDir(), { recursive: true, force: true });
  };
}
