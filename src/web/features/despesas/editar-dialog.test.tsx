import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { Despesa } from '../../lib/resources';
import { fakeApi, type Pedido, type Respostas, renderTela } from '../../testing/render';
import { EditarDespesaDialog } from './editar-dialog';

// What was e2e/despesas.spec's edit dialog details: the value read fresh, "Aplicar também aos meses
// seguintes" only for a monthly expense, only the changed fields sent, ?replicar=true, and the
// replication toasts (9 later months / none). Which rows the server changes is the API test's
// (routes/despesas.test.ts); the browser test keeps one edit with replication through the server.

const MENSAL: Despesa = {
  id: 'd3',
  descricao: 'Aluguel do galpão',
  valor: 1500,
  data_vencimento: '2027-03-31',
  tipo: 'mensal',
  parcela_atual: 3,
  parcelas: 12,
  status: 'pendente',
  observacoes: null,
  serie_id: 'g1',
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
};

function abrir(d: Despesa, patch: Respostas[string]) {
  const pedidos = fakeApi({
    [`GET /despesas/${d.id}`]: d,
    [`PATCH /despesas/${d.id}`]: patch,
    'GET /auditoria': { items: [], total: 0, page: 1, limit: 20 },
  });
  renderTela(<EditarDespesaDialog despesa={d} onOpenChange={() => {}} />);
  return pedidos;
}

const dialog = () => page.getByRole('dialog', { name: 'Editar Despesa' });
const replicar = () => dialog().getByRole('checkbox', { name: 'Aplicar também aos meses seguintes' });

describe('EditarDespesaDialog', () => {
  test('a monthly one: sends only what changed with ?replicar=true and tells how many later months changed', async () => {
    const pedidos = abrir(MENSAL, (p: Pedido) => ({
      despesa: { ...MENSAL, ...(p.body as object) },
      replicadas: 9,
    }));
    const valor = dialog().getByLabelText('Valor (R$)');
    await expect.element(valor).toBeVisible();
    await expect.poll(() => (valor.element() as HTMLInputElement).value).toBe('1500.00');
    await valor.fill('1650');
    await dialog().getByLabelText('Observações').fill('reajuste anual');
    await replicar().click();
    await dialog().getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect.element(page.getByText('Despesa atualizada com sucesso!')).toBeVisible();
    await expect
      .element(page.getByText('9 despesas mensais futuras também foram atualizadas.'))
      .toBeVisible();
    const patch = pedidos.find((p) => p.method === 'PATCH');
    expect(patch?.path).toBe('/despesas/d3?replicar=true');
    expect(patch?.body).toEqual({
      updated_at: MENSAL.updated_at,
      valor: '1650',
      observacoes: 'reajuste anual',
    });
  });

  test('the last month of a series: the server finds no later month, and the toast says so', async () => {
    const dezembro = { ...MENSAL, id: 'd12', data_vencimento: '2027-12-31', parcela_atual: 12 };
    abrir(dezembro as Despesa, (p: Pedido) => ({
      despesa: { ...dezembro, ...(p.body as object) },
      replicadas: 0,
    }));
    await dialog().getByLabelText('Valor (R$)').fill('1700');
    await replicar().click();
    await dialog().getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect
      .element(page.getByText('Não foram encontradas despesas mensais futuras para replicar.'))
      .toBeVisible();
  });

  test('a one-off expense offers no replication and sends no ?replicar', async () => {
    const avulsa = { ...MENSAL, id: 'd1', tipo: 'avulso', parcelas: 1, parcela_atual: 1 };
    const pedidos = abrir(avulsa as Despesa, (p: Pedido) => ({ ...avulsa, ...(p.body as object) }));
    await expect.element(dialog().getByLabelText('Descrição')).toHaveValue('Aluguel do galpão');
    await expect.element(replicar()).not.toBeInTheDocument();
    await dialog().getByLabelText('Descrição').fill('Conserto');
    await dialog().getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect.element(page.getByText('Despesa atualizada com sucesso!')).toBeVisible();
    const patch = pedidos.find((p) => p.method === 'PATCH');
    expect(patch?.path).toBe('/despesas/d1');
    expect(patch?.body).toEqual({ updated_at: avulsa.updated_at, descricao: 'Conserto' });
  });
});
