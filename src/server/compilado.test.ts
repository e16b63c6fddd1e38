import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientePf } from './testing/harness';
import {
  adminCookie,
  cleanupsAfterAll,
  killGroup,
  serverPlace,
  startServer,
  waitHealthy,
} from './testing/server-process';

/**
 * The compiled server (scripts/build-server.mjs) finds what it starts beside itself: the cutting
 * planner's worker, the .xlsx writer's worker, the PDF worker and the backup process. From the sources
 * each is found next to its module; a file left out of the build fails here, not at a shop.
 */
const SENHA = 'compilado-quartzito-1';
const cleanups = cleanupsAfterAll();

describe('the compiled server', () => {
  it('plans a cut, writes an .xlsx and a PDF, and takes a backup', async () => {
    const { base, env, dataDir } = await serverPlace(cleanups, 'lavra-compilado-');
    const child = startServer(
      { ...env, DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'backups'), BACKUP_DIARIO: '0' },
      SENHA,
    );
    cleanups.push(() => killGroup(child));
    await waitHealthy(base);
    const cookie = await adminCookie(base, SENHA);
    const call = (method: string, p: string, body?: unknown) =>
      fetch(`${base}/api${p}`, {
        method,
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // the planner's worker: two 1500 × 1000 pieces fit one 3000 × 2000 slab
    const plano = await call('POST', '/planos-corte/calcular', {
      pecas: [{ ref: 'bancada', largura_mm: 1500, altura_mm: 1000, quantidade: 2 }],
      chapas: [{ ref: 'Chapa', largura_mm: 3000, altura_mm: 2000, quantidade: 2 }],
      tempo_ms: 100,
    });
    expect(plano.status, await plano.clone().text()).toBe(200);
    expect((await plano.json()).chapas).toHaveLength(1);

    // the .xlsx worker: a zip (an .xlsx starts with PK)
    const cliente = await call('POST', '/clientes', clientePf('Cliente Compilado'));
    expect(cliente.status).toBe(201);
    const xlsx = await call('GET', '/clientes/exportar?formato=xlsx');
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // the PDF worker
    const pdf = await call('GET', `/lgpd/clientes/${(await cliente.json()).id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // the backup process
    const backup = await call('POST', '/backups');
    expect(backup.status, await backup.clone().text()).toBe(201);
    expect((await backup.json()).bytes).toBeGreaterThan(0);
  }, 120_000);
});
