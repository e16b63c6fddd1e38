import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import { Simulador } from './simulador';

// What was cartoes.spec's simulator test: the figures each row shows for a sale value, and the
// value field's message (the fee arithmetic itself: simulacao.test.ts).

const cartao = {
  id: 'k1',
  bandeira: 'Cartão',
  tipo: 'Crédito',
  taxa_1x: 3.5,
  taxa_2x: 4,
  taxa_3x: 4.5,
  taxa_6x: null,
  taxa_12x: 12.99,
  status: 'Ativo',
  observacoes: 'Maquininha da loja',
  updated_at: '2026-11-27T12:00:00.000Z',
};

const linha = (n: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: n, exact: true }) });

test('fee and net value per installment count, with the fallback to 1x, for what is typed', async () => {
  const pedidos = fakeApi({ 'GET /cartoes': { items: [cartao], total: 1, page: 1, limit: 4 } });
  renderTela(<Simulador />);
  await expect.element(page.getByLabelText('Valor da venda (R$)')).toHaveValue('1.000,00');
  expect(pedidos[0]?.path).toBe('/cartoes?status=Ativo&limit=4');

  // R$ 1.000,00: 3x at 4,5 % → fee 45,00, net 955,00
  await expect.element(linha('3x')).toHaveTextContent(/4,5%.*R\$\s45,00.*R\$\s955,00/);
  // 1x at 3,5 % → 35,00 / 965,00; 6x has no rate of its own → the 1x rate (3,5 %)
  await expect.element(linha('1x')).toHaveTextContent(/R\$\s35,00.*R\$\s965,00/);
  await expect.element(linha('6x')).toHaveTextContent(/3,5%.*R\$\s965,00/);
  // 12x at 12,99 % → 129,90 / 870,10
  await expect.element(linha('12x')).toHaveTextContent(/R\$\s129,90.*R\$\s870,10/);
  expect(page.getByRole('row').all()).toHaveLength(6); // header + 1x, 2x, 3x, 6x, 12x

  // R$ 2.345,67 at 4,5 % = 105,55515 → 105,56; net 2.240,11
  await page.getByLabelText('Valor da venda (R$)').fill('2.345,67');
  await expect.element(linha('3x')).toHaveTextContent(/R\$\s105,56.*R\$\s2\.240,11/);

  await page.getByLabelText('Valor da venda (R$)').fill('abc');
  await expect.element(page.getByText('Informe um valor válido, por exemplo 1.500,00.')).toBeVisible();
});
