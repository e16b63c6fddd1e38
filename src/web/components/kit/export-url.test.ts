import { describe, expect, it } from 'vitest';
import { exportUrl } from './export-url';

describe('exportUrl', () => {
  it('asks for every row of the current filters: the page and its size are left out', () => {
    expect(exportUrl('vendas', 'xlsx', { page: 3, limit: 20, q: 'Ana Maria', sort: '-valor_bruto' })).toBe(
      '/api/vendas/exportar?formato=xlsx&q=Ana+Maria&sort=-valor_bruto',
    );
  });
  it('keeps the list filters and a nested path', () => {
    expect(exportUrl('caixa/movimentacoes', 'csv', { page: 1, limit: 20, status: 'inativo' })).toBe(
      '/api/caixa/movimentacoes/exportar?formato=csv&status=inativo',
    );
  });
});
