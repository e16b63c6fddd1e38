import { existsSync } from 'node:fs';

export default function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium não encontrado em ${chromium}. Rode "npm test" (instala com apt-get) ou apt-get install chromium.`,
    );
  }
}
