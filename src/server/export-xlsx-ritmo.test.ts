import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { type ExportSpec, PAGE_SIZE, xlsxStream } from './export';
import { createLogger } from './log';

/** An export of `total` pages of quote-like rows; `lidas()` is how many pages were read so far. */
function paginas(total: number) {
  let lidas = 0;
  const spec: ExportSpec = {
    recurso: 'teste',
    titulo: 'Teste',
    columns: [
      { header: 'Número', value: 'numero', type: 'integer' },
      { header: 'Cliente', value: 'cliente' },
      { header: 'Valor', value: 'valor', type: 'money' },
      { header: 'Status', value: 'status' },
    ],
    order: [{ col: sql`numero`, key: 'numero', notNull: true }],
    page: async () => {
      const base = lidas * PAGE_SIZE;
      lidas++;
      if (lidas > total) return [];
      return Array.from({ length: PAGE_SIZE }, (_, i) => ({
        numero: base + i,
        cliente: `Cliente ${base + i} da Silva Pereira`,
        valor: `${(base + i) % 9973}.45`,
        status: (base + i) % 3 ? 'pendente' : 'aprovado',
      }));
    },
  };
  return { spec, lidas: () => lidas };
}

const exportar = (spec: ExportSpec) =>
  xlsxStream({} as Executor, spec, 'America/Sao_Paulo', createLogger('silent')).getReader();

/**
 * A 200-page xlsx export read by a slow client: the exporter must read the database only as fast as
 * the client takes the file. exceljs hands the sheet's XML to the zip without waiting, so a writer that
 * only watched its own output piled the whole sheet up in memory (150 MB for 200,000 quotes).
 */
describe('xlsx export pace', () => {
  it('reads the next page only when the client has taken most of what the earlier ones made', async () => {
    const PAGINAS = 200;
    const { spec, lidas } = paginas(PAGINAS);
    const reader = exportar(spec);
    // At each page read, how many bytes of the file the client had taken by then.
    let recebidos = 0;
    const marcas: [pagina: number, bytes: number][] = [];
    let ultima = 0;
    const partes: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      partes.push(value);
      recebidos += value.length;
      if (lidas() !== ultima) {
        ultima = lidas();
        marcas.push([ultima, recebidos]);
      }
      // A slow connection: the client takes a chunk, then lets the server run.
      await new Promise((r) => setTimeout(r, 1));
    }
    const porPagina = recebidos / PAGINAS;
    expect(lidas()).toBe(PAGINAS + 1);
    // Never more than 10 pages ahead of what the client has received.
    for (const [pagina, bytes] of marcas) {
      if (pagina > 10) expect(bytes, `página ${pagina}`).toBeGreaterThan((pagina - 10) * porPagina * 0.8);
    }
    // The file the worker wrote is whole: every row, the last one's values typed.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(partes) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Teste')!;
    expect(ws.rowCount).toBe(PAGINAS * PAGE_SIZE + 1);
    // Quote 199,999: 199,999 mod 9,973 = 539, and 199,999 mod 3 = 1 → pendente.
    expect(ws.getRow(ws.rowCount).values).toEqual([
      undefined,
      199_999,
      'Cliente 199999 da Silva Pereira',
      539.45,
      'pendente',
    ]);
  }, 120_000);

  it('stops reading the database when the client goes away', async () => {
    const { spec, lidas } = paginas(200);
    const reader = exportar(spec);
    let recebidos = 0;
    while (recebidos < 200_000) recebidos += (await reader.read()).value?.length ?? 0;
    await reader.cancel();
    const aoSair = lidas();
    expect(aoSair).toBeLessThan(50);
    // A page in flight may still be read; nothing after it.
    await new Promise((r) => setTimeout(r, 500));
    expect(lidas()).toBeLessThanOrEqual(aoSair + 1);
  }, 60_000);
});
