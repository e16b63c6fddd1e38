import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { type ExportSpec, PAGE_SIZE, xlsxStream } from './export';
import { createLogger } from './log';

/**
 * A 200-page xlsx export read by a slow client: the exporter must read the database only as fast as
 * the client takes the file. exceljs hands the sheet's XML to the zip without waiting, so a writer that
 * only watched its own output piled the whole sheet up in memory (150 MB for 200,000 quotes).
 */
describe('xlsx export pace', () => {
  it('reads the next page only when the client has taken most of what the earlier ones made', async () => {
    const PAGINAS = 200;
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
        if (lidas > PAGINAS) return [];
        return Array.from({ length: PAGE_SIZE }, (_, i) => ({
          numero: base + i,
          cliente: `Cliente ${base + i} da Silva Pereira`,
          valor: `${(base + i) % 9973}.45`,
          status: (base + i) % 3 ? 'pendente' : 'aprovado',
        }));
      },
    };
    const reader = xlsxStream({} as Executor, spec, 'America/Sao_Paulo', createLogger('silent')).getReader();
    // At each page read, how many bytes of the file the client had taken by then.
    let recebidos = 0;
    const marcas: [pagina: number, bytes: number][] = [];
    let ultima = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      recebidos += value.length;
      if (lidas !== ultima) {
        ultima = lidas;
        marcas.push([lidas, recebidos]);
      }
      // A slow connection: the client takes a chunk, then lets the server run.
      await new Promise((r) => setTimeout(r, 1));
    }
    const porPagina = recebidos / PAGINAS;
    expect(lidas).toBe(PAGINAS + 1);
    // Never more than 10 pages ahead of what the client has received.
    for (const [pagina, bytes] of marcas) {
      if (pagina > 10) expect(bytes, `página ${pagina}`).toBeGreaterThan((pagina - 10) * porPagina * 0.8);
    }
  }, 120_000);
});
