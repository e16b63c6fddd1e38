import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { XLSX_OCUPADO_RETRY_S, xlsxGate } from './export';
import { apiSuite } from './testing/harness';

// One .xlsx worker at a time and one more waiting: the third concurrent export is refused.
const { env, admin } = apiSuite({ xlsxConcorrentes: 1, xlsxFila: 1 });

const exportar = (formato: 'csv' | 'xlsx') =>
  env.app.request(`http://localhost:3000/api/fornecedores/exportar?formato=${formato}&sort=nome`, {
    headers: { cookie: admin.cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
  });

async function linhas(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  return wb.worksheets[0]!.rowCount;
}

describe('.xlsx exports take turns', () => {
  it('a few run, a few wait, the rest get 503 with Retry-After; a turn ends when the file is taken or the client leaves', async () => {
    // Names that do not compress: the file is far larger than the stream buffers, so an export the
    // client does not read stays open (and holds its turn) until the client reads or leaves.
    const N = 6000;
    await env.db.execute(
      sql`insert into fornecedores (nome, contato)
          select 'Fornecedor ' || md5(i::text), md5((i * 7)::text) || md5((i * 13)::text)
          from generate_series(1, ${N}) i`,
    );
    const gate = xlsxGate(env.deps.config);

    const primeira = await exportar('xlsx');
    expect(primeira.status).toBe(200);
    const segunda = exportar('xlsx');
    await vi.waitFor(() => expect(gate.waitingCount).toBe(1), { timeout: 10_000 });

    const terceira = await exportar('xlsx');
    expect(terceira.status).toBe(503);
    expect(terceira.headers.get('retry-after')).toBe(String(XLSX_OCUPADO_RETRY_S));
    expect(await terceira.json()).toMatchObject({
      title: 'Servidor ocupado',
      detail: 'Muitas exportações em Excel ao mesmo tempo. Tente novamente em alguns segundos.',
    });
    // CSV has no worker: its turns are its own (export-csv-turnos.test.ts).
    const csv = await exportar('csv');
    expect(csv.status).toBe(200);
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(N + 1);

    // The first client leaves: its turn goes to the one waiting, whose file is whole.
    await primeira.body!.cancel();
    const res2 = await segunda;
    expect(res2.status).toBe(200);
    expect(await linhas(res2)).toBe(N + 1);

    // That file taken, the turn is free again.
    await vi.waitFor(() => expect(gate.runningCount + gate.waitingCount).toBe(0));
    const quarta = await exportar('xlsx');
    expect(quarta.status).toBe(200);
    expect(await linhas(quarta)).toBe(N + 1);
    expect(gate.peak).toBe(1);
  });
});
