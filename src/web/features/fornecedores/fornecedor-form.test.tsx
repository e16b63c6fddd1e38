import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import { FornecedorForm } from './fornecedor-form';

// What was fornecedores.spec's field work: required fields, the CNPJ and landline masks, the CEP
// lookup, an invalid CNPJ refused before anything is sent. The browser test keeps the journey.

test('a supplier form: required fields, masks, CEP, and an optional CNPJ that must be valid', async () => {
  const pedidos = fakeApi({
    'GET /cep/30130010': {
      cep: '30130-010',
      logradouro: 'Praça Sete de Setembro',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
    },
    'POST /fornecedores': (p) => ({ status: 201, body: { id: 'f1', ...(p.body as object) } }),
  });
  const onDone = vi.fn();
  renderTela(<FornecedorForm id={null} onDone={onDone} onCancel={() => {}} />);

  await page.getByRole('button', { name: 'Salvar Fornecedor' }).click();
  await expect.element(page.getByText('Informe o nome.')).toBeVisible();
  await expect.element(page.getByText('Informe o telefone.')).toBeVisible();

  await page.getByLabelText('Nome').fill('Marmoraria Fornecedora');
  await userEvent.type(page.getByLabelText('CNPJ'), '11222333000182');
  await expect.element(page.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-82');
  await page.getByLabelText('Contato').fill('Roberto');
  await userEvent.type(page.getByLabelText('Telefone'), '3132221100');
  await expect.element(page.getByLabelText('Telefone')).toHaveValue('(31) 3222-1100');
  await userEvent.type(page.getByLabelText('CEP'), '30130010');
  await expect.element(page.getByLabelText('Endereço')).toHaveValue('Praça Sete de Setembro');
  await expect.element(page.getByLabelText('Cidade')).toHaveValue('Belo Horizonte');
  await expect.element(page.getByLabelText('UF')).toHaveValue('MG');

  await page.getByRole('button', { name: 'Salvar Fornecedor' }).click();
  await expect.element(page.getByText('CNPJ inválido.')).toBeVisible();
  expect(pedidos.filter((p) => p.method === 'POST')).toEqual([]);

  await page.getByLabelText('CNPJ').clear();
  await userEvent.type(page.getByLabelText('CNPJ'), '11222333000181');
  await page.getByRole('button', { name: 'Salvar Fornecedor' }).click();
  await expect.element(page.getByText('Fornecedor salvo com sucesso!')).toBeVisible();
  await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  expect(pedidos.find((p) => p.method === 'POST')?.body).toMatchObject({
    nome: 'Marmoraria Fornecedora',
    cnpj: '11.222.333/0001-81',
    contato: 'Roberto',
    telefone: '(31) 3222-1100',
    cidade: 'Belo Horizonte',
    uf: 'MG',
  });
});
