import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import { ProdutoForm } from './produto-form';

// The product's fiscal fields (issue 30): the NCM is chosen from the server's search of the shipped
// table, and the ICMS code asked for is the one of the company's regime.

const NCM = {
  versao: 'Vigente em 29/09/2024',
  items: [
    {
      codigo: '68029310',
      descricao: 'Pedras de cantaria ou de construção › Outras › Granito › Esferas para moinho',
    },
    { codigo: '68029390', descricao: 'Pedras de cantaria ou de construção › Outras › Granito › Outros' },
  ],
};

function respostas(regime: string | null) {
  return {
    'GET /categorias-produtos/opcoes': [{ id: 'k1', nome: 'granitos' }],
    'GET /fornecedores/opcoes': [],
    'GET /empresa': { regime_tributario: regime },
    'GET /fiscal/ncm': { versao: NCM.versao, items: [] },
    'GET /fiscal/ncm?q=6802.93': NCM,
  };
}

describe('ProdutoForm: dados fiscais', () => {
  test('the NCM is searched by code and chosen from the list; the save sends its 8 digits', async () => {
    const pedidos = fakeApi({
      ...respostas('simples_nacional'),
      'POST /produtos': (p) => ({ status: 201, body: { id: 'p1', ...(p.body as object) } }),
    });
    const onDone = vi.fn();
    renderTela(<ProdutoForm id={null} onDone={onDone} onCancel={() => {}} />);
    await page.getByLabelText('Nome').fill('Granito São Gabriel');
    await expect.element(page.getByRole('option', { name: 'granitos' })).toBeInTheDocument();
    await page.getByLabelText('Categoria').selectOptions('granitos');
    await page.getByLabelText(/^Valor/).fill('450,00');
    // Simples Nacional: CSOSN, not CST
    await expect.element(page.getByLabelText('CSOSN')).toBeVisible();
    await expect.element(page.getByLabelText('CST do ICMS')).not.toBeInTheDocument();
    await page.getByLabelText('CSOSN').fill('102');
    await page.getByLabelText('CFOP (dentro do estado)').fill('5102');

    await page.getByLabelText('NCM').click();
    await userEvent.type(page.getByPlaceholder('Código (6802) ou descrição (granito)...'), '6802.93');
    await vi.waitFor(() => expect(pedidos.map((p) => p.path)).toContain('/fiscal/ncm?q=6802.93'));
    await page.getByRole('option', { name: /6802\.93\.90/ }).click();
    await expect.element(page.getByLabelText('NCM')).toHaveTextContent('6802.93.90');

    await page.getByRole('button', { name: 'Salvar Produto' }).click();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const post = pedidos.find((p) => p.method === 'POST');
    expect(post?.body).toMatchObject({
      nome: 'Granito São Gabriel',
      ncm: '68029390',
      cfop: '5102',
      csosn: '102',
      origem: 0,
      unidade_comercial: null,
    });
  });

  test('while the next search is on its way, the options shown stay: the one tapped is chosen', async () => {
    // Without a search the server lists chapter 68, where 6802.93.90 already is; the search for what
    // was typed answers only when the test lets it (a busy server).
    let responder: (v: unknown) => void = () => {};
    const lenta = new Promise((r) => {
      responder = r;
    });
    const pedidos = fakeApi({
      ...respostas('simples_nacional'),
      'GET /fiscal/ncm': NCM,
      'GET /fiscal/ncm?q=6802.93': () => lenta,
    });
    renderTela(<ProdutoForm id={null} onDone={() => {}} onCancel={() => {}} />);
    await page.getByLabelText('NCM').click();
    await expect.element(page.getByRole('option', { name: /6802\.93\.90/ })).toBeInTheDocument();
    await userEvent.type(page.getByPlaceholder('Código (6802) ou descrição (granito)...'), '6802.93');
    await vi.waitFor(() => expect(pedidos.map((p) => p.path)).toContain('/fiscal/ncm?q=6802.93'));
    // the search is pending: the list still offers the option, and a tap on it chooses it
    await page.getByRole('option', { name: /6802\.93\.90/ }).click();
    await expect.element(page.getByLabelText('NCM')).toHaveTextContent('6802.93.90');
    responder(NCM);
  });

  test('a shop outside the Simples is asked the CST, and a bad CFOP is refused before sending', async () => {
    const pedidos = fakeApi(respostas('lucro_presumido'));
    renderTela(<ProdutoForm id={null} onDone={() => {}} onCancel={() => {}} />);
    await expect.element(page.getByLabelText('CST do ICMS')).toBeVisible();
    await expect.element(page.getByLabelText('CSOSN')).not.toBeInTheDocument();
    await page.getByLabelText('Nome').fill('Mármore Carrara');
    await page.getByLabelText('CFOP (dentro do estado)').fill('51');
    await page.getByRole('button', { name: 'Salvar Produto' }).click();
    await expect.element(page.getByText('CFOP inválido: informe os 4 dígitos (ex.: 5102).')).toBeVisible();
    expect(pedidos.filter((p) => p.method === 'POST')).toEqual([]);
  });
});
