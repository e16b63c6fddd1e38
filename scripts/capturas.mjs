#!/usr/bin/env node
// The README's pictures, made by hand (not part of `npm test`): `node scripts/capturas.mjs`.
// Fills a throwaway database with the demo's data (`npm run demo`'s seed), starts the server on it and,
// with Playwright and Debian's Chromium, saves
//   docs/img/estoque.png      the Estoque list at 1366 px
//   docs/img/plano-corte.png  a kitchen's cutting plan, drawn (Simulador de corte)
// as palette PNGs (each well under 200 KB). Env: CHROMIUM_PATH (default: scripts/chromium.mjs); WEB_DIR, a
// built web app to serve (default: built now into a temporary folder); PORT (default 5399).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { chromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'lavra-capturas-'));
const port = Number(process.env.PORT ?? 5399);
const base = `http://127.0.0.1:${port}`;
const senha = 'capturas-quartzo-77';
const env = {
  ...process.env,
  DATA_DIR: path.join(tmp, 'dados'),
  DATABASE_URL: '',
  PORT: String(port),
  BACKUP_DIARIO: '0',
  LOG_REQUESTS: '0',
  ADMIN_PASSWORD: senha,
};
const out = path.join(root, 'docs/img');
let server;

function run(cmd, args, extra = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extra } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: saiu com ${r.status}`);
}

async function saudavel(ms = 120_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('o servidor não respondeu');
}

/** A screenshot as a palette PNG: a screen of flat colours loses nothing visible and shrinks 3–5×. */
async function salvar(png, nome) {
  const arquivo = path.join(out, nome);
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(arquivo);
  console.log(`[capturas] ${path.relative(root, arquivo)}: ${Math.round(statSync(arquivo).size / 1024)} KB`);
}

try {
  let webDir = process.env.WEB_DIR;
  if (!webDir) {
    webDir = path.join(tmp, 'web');
    console.log('[capturas] compilando a interface web...');
    run('npx', ['vite', 'build', '--logLevel', 'warn'], { WEB_OUT_DIR: webDir });
  }
  console.log('[capturas] dados de demonstração...');
  run(process.execPath, ['--import', 'tsx', 'bench/seed.ts', '--scale', '0.01']);
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...env, WEB_DIR: webDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await saudavel();

  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({
    viewport: { width: 1366, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  await page.goto(base);
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).first().waitFor();
  mkdirSync(out, { recursive: true });

  // 1. Estoque: the stock per stone, the filters and the list's first rows (those with photos first).
  await page.goto(`${base}/estoque?status=disponivel&sort=codigo`);
  await page.getByRole('heading', { name: 'Estoque', exact: true }).waitFor();
  await page.locator('img[src*="/fotos/"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  // a tall window rather than a page clip: the side menu runs the whole height
  await page.setViewportSize({ width: 1366, height: 1450 });
  await salvar(await page.screenshot(), 'estoque.png');
  await page.setViewportSize({ width: 1366, height: 900 });

  // 2. A plan drawn: a kitchen's pieces on a remnant and new slabs, in the Simulador de corte (the
  // demo's work orders have a piece or two per stone; a kitchen shows what the planner does).
  await page.goto(`${base}/estoque/simulador`);
  await page
    .getByRole('textbox', { name: 'Peças' })
    .fill(
      [
        'bancada pia; 2900; 600; 1',
        'bancada cooktop; 2300; 600; 1',
        'ilha; 1800; 900; 1; veio',
        'saia; 2900; 100; 2',
        'frontão; 2300; 150; 2',
        'peitoril; 1200; 150; 3',
        'soleira; 900; 150; 2',
        'nicho; 600; 300; 2',
      ].join('\n'),
    );
  await page.getByRole('textbox', { name: 'Chapas' }).fill('3000 x 1900 x 3\nsobra 1300 x 450');
  await page.getByRole('button', { name: 'Calcular plano' }).click();
  const resultado = page.getByRole('heading', { name: 'Resultado' });
  await resultado.waitFor({ timeout: 30_000 });
  await page
    .getByRole('img', { name: /^Chapa \d/ })
    .first()
    .waitFor();
  const topo = (await resultado.boundingBox()).y + (await page.evaluate(() => window.scrollY)) - 24;
  const altura = Math.min(1500, (await page.evaluate(() => document.documentElement.scrollHeight)) - topo);
  await salvar(
    await page.screenshot({ fullPage: true, clip: { x: 264, y: topo, width: 1366 - 264, height: altura } }),
    'plano-corte.png',
  );
  await browser.close();
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
  rmSync(tmp, { recursive: true, force: true });
}
