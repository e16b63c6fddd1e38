import { expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { despesaCreate } from '../../../schemas/despesas';
import { fakeApi, renderTela } from '../../testing/render';
import { NovaDespesa } from './nova';

// What was e2e/despesas.spec's form work: required fields named, Parcelas only for parcelada and
// bounded 2–60, the count of rows created told in the toast. The schedule itself (12 monthly rows, the
// 31st → the month's last day, installments) is the API test's (routes/despesas.test.ts); the browser
// test keeps create → list → pay → edit with replication → report → delete.

const linha = (n: number, de: number) => ({
  id: `d${n}`,
  descricao: 'Compressor',
  valor: 250.25,
  data_vencimento: `2027-${String(10 + n).padStart(2, '0')}-30`,
  tipo: 'parcelada',
  parcela_atual: n,
  parcelas: de,
  status: 'pendente',
  observacoes: null,
  serie_id: 'g1',
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
});

test('an empty save names the required fields; Parcelas shows only for parcelada', async () => {
  const pedidos = fakeApi();
  renderTela(<NovaDespesa onCreated={() => {}} />);
  await page.getByLabelText('Descrição').fill('');
  await page.getByRole('button', { name: 'Cadastrar Despesa' }).click();
  await expect.element(page.getByText('Informe a descrição.')).toBeVisible();
  await expect.element(page.getByText('Informe o valor.')).toBeVisible();
  expect(pedidos.filter((p) => p.method === 'POST')).toEqual([]);

  await expect.element(page.getByLabelText('Parcelas')).not.toBeInTheDocument();
  await page.getByLabelText('Tipo').selectOptions('parcelada');
  await expect.element(page.getByLabelText('Parcelas')).toBeVisible();
  await page.getByLabelText('Tipo').selectOptions('mensal');
  await expect.element(page.getByLabelText('Parcelas')).not.toBeInTheDocument();
});

test('61 installments are refused before sending; 3 are sent and the toast counts the rows created', async () => {
  const pedidos = fakeApi({
    'POST /despesas': { status: 201, body: { items: [linha(1, 3), linha(2, 3), linha(3, 3)] } },
  });
  const onCreated = vi.fn();
  renderTela(<NovaDespesa onCreated={onCreated} />);
  await page.getByLabelText('Descrição').fill('Compressor');
  await page.getByLabelText('Valor (R$)').fill('250.25');
  await page.getByLabelText('Data de Vencimento').fill('2027-11-30');
  await page.getByLabelText('Tipo').selectOptions('parcelada');
  await page.getByLabelText('Parcelas').fill('61');
  await page.getByRole('button', { name: 'Cadastrar Despesa' }).click();
  await expect.element(page.getByText('Informe de 2 a 60 parcelas.')).toBeVisible();
  expect(pedidos.filter((p) => p.method === 'POST')).toEqual([]);

  await page.getByLabelText('Parcelas').fill('3');
  await page.getByRole('button', { name: 'Cadastrar Despesa' }).click();
  await expect.element(page.getByText('Despesa(s) cadastrada(s) com sucesso!')).toBeVisible();
  await expect.element(page.getByText('3 despesas cadastradas.')).toBeVisible();
  await vi.waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
  expect(pedidos.find((p) => p.method === 'POST')?.body).toMatchObject({
    descricao: 'Compressor',
    valor: '250.25',
    data_vencimento: '2027-11-30',
    tipo: 'parcelada',
    parcelas: 3,
  });
});

// Issue 26 §2, was e2e/dinheiro.spec.ts's Despesas step: money typed as a person in Brazil types it.
test.each([
  ['4.400,00', '4400.00'],
  ['4400,00', '4400.00'],
])('Valor "%s" is sent as R$ 4.400,00 (%s), which the route reads as such', async (digitado, enviado) => {
  const pedidos = fakeApi({
    'POST /despesas': (p) => ({ status: 201, body: { items: [{ ...linha(1, 1), ...(p.body as object) }] } }),
  });
  renderTela(<NovaDespesa onCreated={() => {}} />);
  await page.getByLabelText('Descrição').fill('Aluguel');
  await page.getByLabelText('Valor (R$)').fill(digitado);
  await page.getByLabelText('Data de Vencimento').fill('2026-03-10');
  await page.getByRole('button', { name: 'Cadastrar Despesa' }).click();
  // (the previous test's toast of the same words may still be on screen: wait for the request)
  await vi.waitFor(() => expect(pedidos.some((p) => p.method === 'POST')).toBe(true));
  const body = pedidos.find((p) => p.method === 'POST')?.body;
  expect(body).toMatchObject({ descricao: 'Aluguel', valor: enviado, data_vencimento: '2026-03-10' });
  // what POST /api/despesas stores: R$ 4.400,00, not 4,40 nor 440.000,00
  expect(despesaCreate.parse(body).valor).toBe('4400.00');
});
