import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { AnswerOf, client } from '../../lib/client';
import { fakeApi, renderTela } from '../../testing/render';
import { ClienteForm } from './cliente-form';

// What was e2e/clientes.spec.ts's field work (masks, required fields, check digits, CEP autofill, the
// PF → PJ switch), now in the browser without a server; the browser test keeps the journey.
// Valid documents: CPF 529.982.247-25, CNPJ 11.222.333/0001-81.

const CEP: AnswerOf<(typeof client)['cep'][':cep']> = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
};

function novo() {
  const onDone = vi.fn();
  renderTela(<ClienteForm id={null} onDone={onDone} onCancel={() => {}} />);
  return onDone;
}

describe('ClienteForm', () => {
  test('an empty save names each missing field and sends nothing', async () => {
    const pedidos = fakeApi();
    novo();
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect.element(page.getByText('Informe o nome.')).toBeVisible();
    await expect.element(page.getByText('Informe o telefone.')).toBeVisible();
    await expect.element(page.getByText('Informe o CPF.')).toBeVisible();
    expect(pedidos.filter((p) => p.method === 'POST')).toEqual([]);
  });

  test('masks as typed, the CEP fills the address, a wrong check digit is refused, then the server gets the values', async () => {
    const pedidos = fakeApi({
      'GET /cep/01310100': CEP,
      'POST /clientes': (p) => ({ status: 201, body: { id: 'c1', ...(p.body as object) } }),
    });
    const onDone = novo();
    await page.getByLabelText('Nome').fill('Maria Souza');
    await userEvent.type(page.getByLabelText('CPF'), '52998224726');
    await expect.element(page.getByLabelText('CPF')).toHaveValue('529.982.247-26');
    await userEvent.type(page.getByLabelText('Telefone'), '11987654321');
    await expect.element(page.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    await page.getByLabelText('E-mail').fill('maria@exemplo.com');
    await userEvent.type(page.getByLabelText('CEP'), '01310100');
    await expect.element(page.getByLabelText('CEP')).toHaveValue('01310-100');
    await expect.element(page.getByLabelText('Endereço')).toHaveValue('Avenida Paulista');
    // the bairro the CEP service gives lands in its own field (it was dropped before)
    await expect.element(page.getByLabelText('Bairro')).toHaveValue('Bela Vista');
    await expect.element(page.getByLabelText('Cidade')).toHaveValue('São Paulo');
    await expect.element(page.getByLabelText('UF')).toHaveValue('SP');
    // número and complemento are the user's: "s/n" is written as the NF-e takes it
    await userEvent.type(page.getByLabelText('Número'), 's/n');
    await expect.element(page.getByLabelText('Número')).toHaveValue('S/N');
    await page.getByLabelText('Complemento').fill('Conjunto 42');

    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect.element(page.getByText('CPF inválido.')).toBeVisible();
    expect(pedidos.filter((p) => p.method === 'POST')).toEqual([]);

    await page.getByLabelText('CPF').clear();
    await userEvent.type(page.getByLabelText('CPF'), '52998224725');
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect.element(page.getByText('Cliente salvo com sucesso!')).toBeVisible();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const post = pedidos.find((p) => p.method === 'POST');
    expect(post?.path).toBe('/clientes');
    expect(post?.body).toMatchObject({
      nome: 'Maria Souza',
      tipo: 'Pessoa Física',
      cpf_cnpj: '529.982.247-25',
      telefone: '(11) 98765-4321',
      email: 'maria@exemplo.com',
      cep: '01310-100',
      endereco: 'Avenida Paulista',
      numero: 'S/N',
      complemento: 'Conjunto 42',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
    });
  });

  test('Pessoa Jurídica switches the label and the mask to CNPJ', async () => {
    fakeApi();
    novo();
    await page.getByLabelText('Tipo').selectOptions('Pessoa Jurídica');
    await expect.element(page.getByLabelText('CNPJ')).toBeVisible();
    await expect.element(page.getByLabelText('CPF')).not.toBeInTheDocument();
    await userEvent.type(page.getByLabelText('CNPJ'), '11222333000181');
    await expect.element(page.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
  });

  test('an unknown CEP keeps what the user typed', async () => {
    const pedidos = fakeApi({
      'GET /cep/99999999': { status: 404, body: { title: 'Não encontrado', detail: 'CEP não encontrado.' } },
    });
    novo();
    await page.getByLabelText('Endereço').fill('Rua Digitada, 10');
    await page.getByLabelText('Cidade').fill('Campinas');
    await userEvent.type(page.getByLabelText('CEP'), '99999999');
    await vi.waitFor(() => expect(pedidos.map((p) => p.path)).toContain('/cep/99999999'));
    await expect.element(page.getByLabelText('Endereço')).toHaveValue('Rua Digitada, 10');
    await expect.element(page.getByLabelText('Cidade')).toHaveValue('Campinas');
  });

  test('an edit shows the saved número, complemento and bairro; a new CEP replaces the bairro and keeps the número', async () => {
    const pedidos = fakeApi({
      'GET /clientes/c9': {
        id: 'c9',
        nome: 'João Lima',
        tipo: 'Pessoa Física',
        cpf_cnpj: '529.982.247-25',
        telefone: '(27) 99876-5432',
        email: null,
        cep: '29010-000',
        endereco: 'Rua Sete de Setembro',
        numero: '120',
        complemento: 'Fundos',
        bairro: 'Centro',
        cidade: 'Vitória',
        uf: 'ES',
        inscricao_estadual: null,
        ie_isento: false,
        municipio_ibge: '3205309',
        created_at: '2026-11-01T12:00:00.000Z',
        updated_at: '2026-11-01T12:00:00.000Z',
      },
      'GET /cep/01310100': CEP,
      'PATCH /clientes/c9': (p) => ({ status: 200, body: { id: 'c9', ...(p.body as object) } }),
    });
    renderTela(<ClienteForm id="c9" onDone={() => {}} onCancel={() => {}} />);
    await expect.element(page.getByLabelText('Número')).toHaveValue('120');
    await expect.element(page.getByLabelText('Complemento')).toHaveValue('Fundos');
    await expect.element(page.getByLabelText('Bairro')).toHaveValue('Centro');
    await page.getByLabelText('CEP').clear();
    await userEvent.type(page.getByLabelText('CEP'), '01310100');
    await expect.element(page.getByLabelText('Bairro')).toHaveValue('Bela Vista');
    await expect.element(page.getByLabelText('Endereço')).toHaveValue('Avenida Paulista');
    await expect.element(page.getByLabelText('Número')).toHaveValue('120');
    await page.getByRole('button', { name: 'Atualizar Cliente' }).click();
    await vi.waitFor(() => expect(pedidos.some((p) => p.method === 'PATCH')).toBe(true));
    expect(pedidos.find((p) => p.method === 'PATCH')?.body).toMatchObject({
      endereco: 'Avenida Paulista',
      numero: '120',
      complemento: 'Fundos',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      updated_at: '2026-11-01T12:00:00.000Z',
    });
  });

  test('an edit from Pessoa Física to Jurídica sends the CNPJ with the new type and the version read', async () => {
    const pedidos = fakeApi({
      'GET /clientes/c7': {
        id: 'c7',
        nome: 'Maria Souza',
        tipo: 'Pessoa Física',
        cpf_cnpj: '529.982.247-25',
        telefone: '(11) 98765-4321',
        email: null,
        cep: null,
        endereco: null,
        numero: null,
        complemento: null,
        bairro: null,
        cidade: null,
        uf: null,
        inscricao_estadual: null,
        ie_isento: false,
        municipio_ibge: null,
        created_at: '2026-11-01T12:00:00.000Z',
        updated_at: '2026-11-01T12:00:00.000Z',
      },
      'PATCH /clientes/c7': (p) => ({ status: 200, body: { id: 'c7', ...(p.body as object) } }),
    });
    const onDone = vi.fn();
    renderTela(<ClienteForm id="c7" onDone={onDone} onCancel={() => {}} />);
    await expect.element(page.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    await page.getByLabelText('Tipo').selectOptions('Pessoa Jurídica');
    await page.getByLabelText('CNPJ').clear();
    await userEvent.type(page.getByLabelText('CNPJ'), '11222333000181');
    await expect.element(page.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    await page.getByLabelText('Nome').fill('Maria Souza Ltda');
    await page.getByRole('button', { name: 'Atualizar Cliente' }).click();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(pedidos.find((p) => p.method === 'PATCH')?.body).toMatchObject({
      nome: 'Maria Souza Ltda',
      tipo: 'Pessoa Jurídica',
      cpf_cnpj: '11.222.333/0001-81',
      updated_at: '2026-11-01T12:00:00.000Z',
    });
  });
});
