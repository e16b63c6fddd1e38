import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fakeApi, type Pedido, renderTela } from '../../testing/render';
import { ComissionadoForm, type ComissionadoTexts } from './comissionado-form';

// What was e2e/vendedores.spec's and arquitetos.spec's field work: the spec's defaults, the masks, a
// required name, a commission out of 0–100 refused, an empty one sent as 0, PF → PJ, the UF
// upper-cased, and a stale edit (409) that keeps the form open and says why. The 409 itself and its
// text are the server's (routes/vendedores.test.ts "updates with optimistic locking",
// server/concurrency.test.ts). The browser tests keep create → list → edit → delete.

const VENDEDOR: ComissionadoTexts = {
  recurso: 'vendedores',
  criado: 'Vendedor criado com sucesso!',
  atualizado: 'Vendedor atualizado com sucesso!',
  erroSalvar: 'Erro ao salvar vendedor',
  botaoCriar: 'Cadastrar Vendedor',
  titulo: { novo: 'Novo Vendedor', editar: 'Editar Vendedor' },
};

const GRAVADO = {
  id: 'v1',
  nome: 'Vera Vendedora',
  tipo: 'Pessoa Física',
  cpf: null,
  telefone: null,
  email: null,
  cep: null,
  endereco: null,
  cidade: null,
  uf: null,
  percentual_comissao: 10,
  status: 'ativo',
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
};

const posts = (pedidos: Pedido[]) => pedidos.filter((p) => p.method === 'POST');

describe('ComissionadoForm', () => {
  test('a new seller starts Pessoa Física, 10 %, ativo; masks the phone and CPF, upper-cases the UF', async () => {
    const pedidos = fakeApi({
      'POST /vendedores': (p) => ({ status: 201, body: { ...GRAVADO, ...(p.body as object) } }),
    });
    const onDone = vi.fn();
    renderTela(<ComissionadoForm id={null} texts={VENDEDOR} onDone={onDone} />);
    await expect.element(page.getByLabelText('Tipo')).toHaveValue('Pessoa Física');
    await expect.element(page.getByLabelText('Comissão (%)')).toHaveValue(10);
    await expect.element(page.getByLabelText('Status')).toHaveValue('ativo');
    await page.getByLabelText('Nome').fill('Vera Vendedora');
    await userEvent.type(page.getByLabelText('CPF'), '52998224725');
    await expect.element(page.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    await userEvent.type(page.getByLabelText('Telefone'), '11987654321');
    await expect.element(page.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    await page.getByLabelText('E-mail').fill('vendedor@exemplo.com.br');
    await userEvent.type(page.getByLabelText('UF'), 'sp');
    await expect.element(page.getByLabelText('UF')).toHaveValue('SP');
    await page.getByLabelText('Comissão (%)').fill('12.5');
    await page.getByRole('button', { name: 'Cadastrar Vendedor' }).click();
    await expect.element(page.getByText('Vendedor criado com sucesso!')).toBeVisible();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(posts(pedidos)[0]?.body).toMatchObject({
      nome: 'Vera Vendedora',
      tipo: 'Pessoa Física',
      cpf: '529.982.247-25',
      telefone: '(11) 98765-4321',
      email: 'vendedor@exemplo.com.br',
      uf: 'SP',
      percentual_comissao: '12.5',
      status: 'ativo',
    });
  });

  test('the name is required, a commission above 100 is refused, an empty one is sent as 0; PJ asks for a CNPJ', async () => {
    const pedidos = fakeApi({
      'POST /vendedores': (p) => ({ status: 201, body: { ...GRAVADO, ...(p.body as object) } }),
    });
    renderTela(<ComissionadoForm id={null} texts={VENDEDOR} />);
    await page.getByRole('button', { name: 'Cadastrar Vendedor' }).click();
    await expect.element(page.getByText('Informe o nome.')).toBeVisible();
    await page.getByLabelText('Nome').fill('Empresa Vendedora');
    await page.getByLabelText('Tipo').selectOptions('Pessoa Jurídica');
    await expect.element(page.getByLabelText('CNPJ')).toBeVisible();
    await expect.element(page.getByLabelText('CPF')).not.toBeInTheDocument();
    await page.getByLabelText('Comissão (%)').fill('150');
    await page.getByRole('button', { name: 'Cadastrar Vendedor' }).click();
    await expect.element(page.getByText('O percentual deve estar entre 0 e 100.')).toBeVisible();
    expect(posts(pedidos)).toEqual([]);

    await page.getByLabelText('Comissão (%)').fill('');
    await page.getByRole('button', { name: 'Cadastrar Vendedor' }).click();
    await expect.element(page.getByText('Vendedor criado com sucesso!')).toBeVisible();
    expect(posts(pedidos)[0]?.body).toMatchObject({
      nome: 'Empresa Vendedora',
      tipo: 'Pessoa Jurídica',
      percentual_comissao: '0',
    });
  });

  test('a stale edit (409) keeps the form open with the server’s reason; Recarregar shows the current version', async () => {
    let leituras = 0;
    const pedidos = fakeApi({
      // the second read is someone else's change
      'GET /vendedores/v1': () =>
        ++leituras === 1
          ? GRAVADO
          : { ...GRAVADO, cidade: 'Santos', percentual_comissao: 12, updated_at: '2026-11-02T12:00:00.000Z' },
      'PATCH /vendedores/v1': {
        status: 409,
        body: { title: 'Conflito', detail: 'Este registro foi alterado por outra pessoa. Recarregue.' },
      },
    });
    const onDone = vi.fn();
    renderTela(<ComissionadoForm id="v1" texts={VENDEDOR} onDone={onDone} />);
    await expect.element(page.getByLabelText('Nome')).toHaveValue('Vera Vendedora');
    await page.getByLabelText('Comissão (%)').fill('7');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect.element(page.getByText('Erro ao salvar vendedor')).toBeVisible();
    await expect
      .element(page.getByText('Este registro foi alterado por outra pessoa. Recarregue.'))
      .toBeVisible();
    expect(pedidos.find((p) => p.method === 'PATCH')?.body).toMatchObject({
      percentual_comissao: '7',
      updated_at: GRAVADO.updated_at,
    });
    // still open, with what the person typed
    await expect.element(page.getByLabelText('Comissão (%)')).toHaveValue(7);
    expect(onDone).not.toHaveBeenCalled();
    const aviso = page.getByRole('form').getByRole('alert');
    await expect
      .element(aviso)
      .toHaveTextContent('Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.');
    await aviso.getByRole('button', { name: 'Recarregar' }).click();
    await expect.element(page.getByLabelText('Cidade')).toHaveValue('Santos');
    await expect.element(page.getByLabelText('Comissão (%)')).toHaveValue(12);
    await expect.element(aviso).not.toBeInTheDocument();
  });

  test('the shared address block stays as it was here: no Número or Bairro, and the CEP sends no bairro', async () => {
    const pedidos = fakeApi({
      'GET /cep/01310100': {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
      },
      'POST /vendedores': (p) => ({ status: 201, body: { ...GRAVADO, ...(p.body as object) } }),
    });
    const onDone = vi.fn();
    renderTela(<ComissionadoForm id={null} texts={VENDEDOR} onDone={onDone} />);
    await page.getByLabelText('Nome').fill('Vera Vendedora');
    await userEvent.type(page.getByLabelText('CEP'), '01310100');
    await expect.element(page.getByLabelText('Endereço')).toHaveValue('Avenida Paulista');
    await expect.element(page.getByLabelText('Cidade')).toHaveValue('São Paulo');
    await expect.element(page.getByLabelText('Número')).not.toBeInTheDocument();
    await expect.element(page.getByLabelText('Bairro')).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Cadastrar Vendedor' }).click();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const body = posts(pedidos)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      endereco: 'Avenida Paulista',
      cidade: 'São Paulo',
      uf: 'SP',
      cep: '01310-100',
    });
    expect(body).not.toHaveProperty('bairro');
  });
});
