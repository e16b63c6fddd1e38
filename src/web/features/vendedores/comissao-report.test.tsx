import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { ComissoesVendedores } from '../../../schemas/relatorios';
import { fakeApi, renderTela } from '../../testing/render';
import { ComissaoReport } from './comissao-report';

// What was confianca-telas.spec's inverted-period test (at two sizes; the message and the missing
// figures do not depend on the width): the report asks the server only for a valid period.

const vazio: ComissoesVendedores = {
  liberacao: false,
  resumo: { vendedores_ativos: 1, vendas_com_comissao: 0, total_comissoes: 0 },
  por_vendedor: [],
  vendas: [],
  vendas_total: 0,
  page: 1,
  limit: 50,
};

test('a period whose Data Início is after Data Fim shows the error and no figures, and asks nothing', async () => {
  const pedidos = fakeApi({ 'GET /relatorios/comissoes-vendedores': vazio, 'GET /vendedores/opcoes': [] });
  renderTela(<ComissaoReport kind="vendedor" />);
  await page.getByLabelText('Data Início').fill('2026-01-01');
  await page.getByLabelText('Data Fim').fill('2026-12-31');
  await expect.element(page.getByText('Vendas com Comissão')).toBeVisible();

  const antes = pedidos.length;
  await page.getByLabelText('Data Início').fill('2027-02-01');
  await expect.element(page.getByText('A Data Fim deve ser igual ou posterior à Data Início.')).toBeVisible();
  await expect.element(page.getByText('Vendas com Comissão')).not.toBeInTheDocument();
  await expect.element(page.getByText('Detalhamento das Vendas')).not.toBeInTheDocument();
  expect(pedidos.slice(antes).filter((p) => p.path.includes('inicio=2027-02-01'))).toEqual([]);

  // a valid period again shows its figures
  await page.getByLabelText('Data Início').fill('2026-01-01');
  await expect.element(page.getByText('Vendas com Comissão')).toBeVisible();
});
