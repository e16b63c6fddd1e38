import { expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { caixaInicialInput, type Movimentacao, movimentacaoCreate } from '../../../schemas/caixa';
import type { CaixaResumo } from '../../lib/resources';
import { fakeApi, renderTela } from '../../testing/render';
import CaixaPage from './page';

// Issue 26 §2, was e2e/dinheiro.spec.ts's Caixa step: "4.400,00" typed as a person in Brazil types it
// is R$ 4.400,00 as the initial value and as a movement. The fake server reads each body with the
// route's own schema (caixaInicialInput, movimentacaoCreate) and answers what it would store, so the
// figures on screen are what the server made of what the screen sent.

function servidor() {
  const estado: { inicial: number; movs: Movimentacao[] } = { inicial: 0, movs: [] };
  const resumo = (): CaixaResumo => {
    const soma = (t: string) => estado.movs.filter((m) => m.tipo === t).reduce((s, m) => s + m.valor, 0);
    const entradas = soma('entrada');
    const saidas = soma('saida');
    return {
      caixa_inicial: estado.inicial,
      total_entradas: entradas,
      total_saidas: saidas,
      saldo: estado.inicial + entradas - saidas,
    };
  };
  const pedidos = fakeApi({
    'GET /caixa': resumo,
    'GET /caixa/movimentacoes': () => ({ items: estado.movs, total: estado.movs.length, page: 1, limit: 20 }),
    'PUT /caixa/inicial': (p) => {
      estado.inicial = Number(caixaInicialInput.parse(p.body).valor);
      return { id: 'ci1', valor: estado.inicial, created_at: '2026-11-01T12:00:00.000Z' };
    },
    'POST /caixa/movimentacoes': (p) => {
      const v = movimentacaoCreate.parse(p.body);
      const m: Movimentacao = {
        id: `m${estado.movs.length + 1}`,
        ...v,
        valor: Number(v.valor),
        created_at: '2026-11-01T12:00:00.000Z',
        updated_at: '2026-11-01T12:00:00.000Z',
      };
      estado.movs.unshift(m);
      return { status: 201, body: m };
    },
  });
  return pedidos;
}

test('"4.400,00" as the initial value and as a movement is R$ 4.400,00', async () => {
  const pedidos = servidor();
  renderTela(<CaixaPage />, { path: '/caixa' });
  await expect.element(page.getByTestId('caixa-inicial')).toHaveTextContent('R$ 0,00');

  await page.getByLabelText('Valor Inicial').fill('4.400,00');
  await page.getByRole('button', { name: 'Atualizar Caixa Inicial' }).click();
  await expect.element(page.getByText('Caixa inicial atualizado com sucesso!')).toBeVisible();
  // the text goes as typed: the route's moneyInput reads it (4400.00, not 4,40 nor 440.000,00)
  expect(pedidos.find((p) => p.method === 'PUT')).toMatchObject({
    path: '/caixa/inicial',
    body: { valor: '4.400,00' },
  });
  await expect.element(page.getByTestId('caixa-inicial')).toHaveTextContent('R$ 4.400,00');

  const form = page.getByRole('form', { name: 'Nova Movimentação' });
  await form.getByLabelText('Nome').fill('Venda balcão');
  await form.getByLabelText('Valor').fill('4.400,00');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect.element(page.getByText('Movimentação criada com sucesso!')).toBeVisible();
  const post = pedidos.find((p) => p.method === 'POST');
  expect(post).toMatchObject({
    path: '/caixa/movimentacoes',
    body: { nome: 'Venda balcão', valor: '4400.00', tipo: 'entrada' },
  });
  await expect
    .element(page.getByRole('row').filter({ hasText: 'Venda balcão' }))
    .toHaveTextContent(/R\$\s4\.400,00/);
  // R$ 4.400,00 initial + R$ 4.400,00 in = R$ 8.800,00
  await expect.element(page.getByTestId('caixa-saldo')).toHaveTextContent('R$ 8.800,00');
});

test('"4400,00" (no thousands dot) is R$ 4.400,00 too', async () => {
  const pedidos = servidor();
  renderTela(<CaixaPage />, { path: '/caixa' });
  await page.getByLabelText('Valor Inicial').fill('4400,00');
  await page.getByRole('button', { name: 'Atualizar Caixa Inicial' }).click();
  await expect.element(page.getByTestId('caixa-inicial')).toHaveTextContent('R$ 4.400,00');
  const form = page.getByRole('form', { name: 'Nova Movimentação' });
  await form.getByLabelText('Nome').fill('Sangria');
  await form.getByLabelText('Valor').fill('4400,00');
  await form.getByLabelText('Tipo').selectOptions('saida');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await vi.waitFor(() => expect(pedidos.some((p) => p.method === 'POST')).toBe(true));
  expect(pedidos.find((p) => p.method === 'POST')?.body).toMatchObject({ valor: '4400.00', tipo: 'saida' });
  // R$ 4.400,00 − R$ 4.400,00 out = R$ 0,00
  await expect.element(page.getByTestId('caixa-saidas')).toHaveTextContent('R$ 4.400,00');
  await expect.element(page.getByTestId('caixa-saldo')).toHaveTextContent('R$ 0,00');
});
