import { spawnSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fotoDePedra } from '../../bench/fotos-chapas';
import {
  cleanupsAfterAll,
  freePort,
  httpClient,
  killGroup,
  root,
  startServer,
  tempDir,
  waitHealthy,
} from './testing/server-process';

/**
 * Issue 26: `npm run demo` on an empty DATA_DIR must leave an admin to sign in with. The demo is the
 * seed (bench/seed.ts, which creates the installer account first) and then the server (main.ts, which
 * creates the admin with ADMIN_PASSWORD) — scripts/start.mjs runs exactly these two after building the
 * web app, which this test leaves out. PGlite, as the README's demo.
 */
const SENHA = 'demo-quartzo-cinza-77';
const cleanups = cleanupsAfterAll();

describe('npm run demo on an empty folder', () => {
  it('creates the admin after the seed’s installer, with ADMIN_PASSWORD, and the admin signs in', async () => {
    const dataDir = tempDir(cleanups, 'lavra-demo-');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), BACKUP_DIARIO: '0' };
    const seed = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/seed.ts'), '--scale', '0.002'],
      { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    expect(seed.status, seed.stderr).toBe(0);
    expect(seed.stdout).toMatch(/instalador@/);

    const server = startServer(env, SENHA);
    cleanups.push(() => killGroup(server));
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(base);
    const api = httpClient(base, SENHA);
    const login = await api.login();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const me = await api.get('/auth/me');
    expect(me.body).toMatchObject({ role: 'admin' });

    // The yard has photos: some slabs and some remnants (bench/fotos-chapas.ts).
    for (const tipo of ['chapa', 'sobra']) {
      let comFoto = 0;
      for (let page = 1; page <= 5; page++) {
        const lista = await api.get(`/chapas?tipo=${tipo}&limit=200&page=${page}`);
        expect(lista.status, JSON.stringify(lista.body)).toBe(200);
        const items = lista.body.items as { fotos: number; foto_id: string | null }[];
        comFoto += items.filter((c) => c.fotos > 0 && c.foto_id).length;
        if (items.length < 200) break;
      }
      expect(comFoto, tipo).toBeGreaterThanOrEqual(6);
    }
  }, 240_000);
});

describe('the demo’s slab photos', () => {
  it('are stone-like JPEGs: decodable, of the size asked, neither flat nor noise alone', async () => {
    const jpeg = await fotoDePedra('Branco Dallas', 0, 7, 640, 380);
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 380 });
    const { channels } = await sharp(jpeg).stats();
    // light stone (mean well above mid grey) with visible grain and veins (some spread, not a flat fill)
    expect(channels[0]!.mean).toBeGreaterThan(170);
    expect(channels[0]!.stdev).toBeGreaterThan(4);
    expect(jpeg.byteLength).toBeLessThan(60_000);
    expect((await fotoDePedra('Branco Dallas', 0, 7, 640, 380)).equals(jpeg)).toBe(true);
  });
});
