import { beforeEach, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { computeResumoDetalhado } from '../../../domain/pricing';
import { orcamentoCalculo, orcamentoCreate } from '../../../schemas/orcamentos';
import type { OrcamentoCalculo } from '../../lib/resources';
import { fakeApi, type Pedido, renderTela } from '../../testing/render';
import type { OpcaoDe } from './api';
import OrcamentosPage from './page';

// The quote editor's fields without a server (was e2e/dinheiro.spec.ts's quote step and
// e2e/orcamentos.spec.ts "bad input is stopped or marked on its field…"). The fake server prices what
// the editor sends as the route does: the body read by the route's schema (orcamentoCalculo), the
// figures by the same domain function (computeResumoDetalhado) over a fixed catalogue — no team, no
// expenses, no card, no commissions. The pricing itself is the API's (routes/orcamentos*.test.ts); the
// journey (build, save, find, edit, sell) stays in the browser test.

const CLIENTE: OpcaoDe<'clientes'> = {
  id: '6f1c2a3b-0d4e-4f5a-8b6c-7d8e9f0a1b2c',
  nome: 'Maria Souza',
  cpf_cnpj: '529.982.247-25',
  tipo: 'Pessoa Física',
  telefone: '(11) 98765-4321',
  email: null,
};
const GRANITO: OpcaoDe<'produtos'> = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  nome: 'Granito São Gabriel',
  valor_m2: 450,
  tipo_unidade: 'm²',
  perda_percentual: 0,
};
const CUBA: OpcaoDe<'produtos'> = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  nome: 'Cuba inox',
  valor_m2: 185,
  tipo_unidade: 'unitário',
  perda_percentual: 0,
};
const BANCADA: OpcaoDe<'itens-venda'> = {
  id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
  nome: 'Bancada',
  formato_medida: 'Largura x Profundidade',
};

/** `POST /orcamentos/calcular` as the route answers it for this catalogue; 400 for what it refuses. */
function calcular(p: Pedido) {
  const lido = orcamentoCalculo.safeParse(p.body);
  if (!lido.success)
    return {
      status: 400,
      body: {
        title: 'Dados inválidos',
        detail: lido.error.issues[0]?.message,
        errors: lido.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      },
    };
  const input = lido.data;
  const produtos = input.itens.map((i) => [GRANITO, CUBA].find((x) => x.id === i.produto_id));
  const r = computeResumoDetalhado({
    itens: input.itens.map((i, idx) => ({
      produto_id: i.produto_id ?? '',
      quantidade: String(i.quantidade),
      medida1: i.medida1,
      medida2: i.medida2,
      valor_unitario: String(produtos[idx]?.valor_m2 ?? 0),
      tipo_unidade: produtos[idx]?.tipo_unidade ?? 'm²',
      perda_percentual: '0',
    })),
    valor_frete: input.valor_frete,
    valor_instalacao: input.valor_instalacao,
    horas_trabalho: input.horas_trabalho,
    margem_lucro: input.margem_lucro,
    tipo_venda: input.tipo_venda,
    numero_parcelas: input.numero_parcelas,
    cartao: null,
    salarios_funcionarios: [],
    despesas_fixas_mes: '0',
    percentual_vendedor: null,
    percentual_arquiteto: null,
  });
  const body: OrcamentoCalculo = {
    ...r,
    percentual_vendedor: 0,
    percentual_arquiteto: 0,
    valor_frete: Number(input.valor_frete),
    valor_instalacao: Number(input.valor_instalacao),
    horas_trabalho: Number(input.horas_trabalho),
    margem_lucro: Number(input.margem_lucro),
    itens: r.itens.map((f, idx) => ({
      ...f,
      valor_unitario: produtos[idx]?.valor_m2 ?? 0,
      tipo_unidade: produtos[idx]?.tipo_unidade ?? 'm²',
      perda_percentual: 0,
    })),
  };
  return body;
}

function servidor() {
  return fakeApi({
    'GET /clientes/opcoes': [CLIENTE],
    'GET /produtos/opcoes': [GRANITO, CUBA],
    'GET /itens-venda/opcoes': [BANCADA],
    'GET /funcionarios/opcoes': [],
    'GET /cartoes/opcoes': [],
    // an m² line's finishes and cutouts (none in this catalogue)
    'GET /acabamentos/opcoes': [],
    'GET /recortes/opcoes': [],
    'GET /orcamentos': { items: [], total: 0, page: 1, limit: 20 },
    'POST /orcamentos/calcular': calcular,
    'POST /orcamentos': (p) => ({ status: 201, body: { id: 'o1', numero: 7, ...(p.body as object) } }),
  });
}

/** Opens a selector, searches and picks the option (as a person does). */
async function escolher(combobox: ReturnType<typeof page.getByRole>, busca: string, opcao: string) {
  await combobox.click();
  await page.getByPlaceholder(busca).fill(opcao);
  await page.getByRole('option', { name: opcao }).click();
}

/** The figure shown beside `label` in the summary panel, spaces normalised. */
function figura(label: string) {
  const resumo = page.getByRole('region', { name: '6. Resumo do Orçamento' }).element();
  const linha = [...resumo.querySelectorAll('dl > div')].find(
    (d) => d.querySelector('dt > span:first-child')?.textContent === label,
  );
  return linha?.querySelector('dd')?.textContent?.replace(/\s/g, ' ');
}

/** Polls the figure beside `label`: the summary waits out a 350 ms pause, then asks the server. */
const mostra = (label: string) => expect.poll(() => figura(label), { timeout: 5000 });

/** The error toasts on screen (a request the fake server did not answer shows as one). */
const toastsDeErro = () =>
  [...document.querySelectorAll('[data-sonner-toast][data-type="error"]')].map((t) => t.textContent);

const calculos = (pedidos: Pedido[]) =>
  pedidos
    .filter((p) => p.path === '/orcamentos/calcular')
    .map((p) => p.body as { margem_lucro: number; valor_frete: number; itens: { medida1: number }[] });

describe('OrcamentosPage editor', () => {
  beforeEach(() => localStorage.clear()); // no draft of another test offered back

  test('"4.400,00" in Frete, Instalação and Entrada is R$ 4.400,00 in the summary and in the quote saved', async () => {
    const pedidos = servidor();
    renderTela(<OrcamentosPage />, { path: '/orcamentos' });
    await escolher(page.getByRole('combobox', { name: 'Cliente' }), 'Buscar cliente...', CLIENTE.nome);
    await page.getByRole('button', { name: 'Adicionar Item' }).click();
    const item = page.getByRole('group', { name: 'Item 1' });
    await escolher(item.getByRole('combobox', { name: 'Produto' }), 'Buscar produto...', CUBA.nome);
    await item.getByLabelText('Qtd (Unidades)').fill('1');
    await page.getByLabelText('Frete (R$)').fill('4.400,00');
    await page.getByLabelText('Instalação (R$)').fill('4.400,00');
    await page.getByLabelText('Tipo de Venda').selectOptions('entrada');
    await page.getByLabelText('Valor da Entrada (R$)').fill('4.400,00');
    // what was typed stays as typed
    await expect.element(page.getByLabelText('Frete (R$)')).toHaveValue('4.400,00');
    await expect.element(page.getByLabelText('Valor da Entrada (R$)')).toHaveValue('4.400,00');
    // 1 × 185,00 + 4.400,00 + 4.400,00 = 8.985,00; 30 %: 2.695,50 → 11.680,50
    await mostra('Frete').toBe('R$ 4.400,00');
    await mostra('Instalação').toBe('R$ 4.400,00');
    await mostra('Total').toBe('R$ 11.680,50');

    await page.getByRole('button', { name: 'Gerar Orçamento' }).click();
    await expect.element(page.getByText('Orçamento salvo com sucesso!')).toBeVisible();
    const salvo = pedidos.find((p) => p.method === 'POST' && p.path === '/orcamentos')?.body;
    expect(salvo).toMatchObject({
      cliente_id: CLIENTE.id,
      valor_frete: 4400,
      valor_instalacao: 4400,
      tipo_venda: 'entrada',
      valor_entrada: 4400,
    });
    // what POST /api/orcamentos stores: R$ 4.400,00 each, not 4,40 nor 440.000,00
    const lido = orcamentoCreate.parse(salvo);
    expect([lido.valor_frete, lido.valor_instalacao, lido.valor_entrada].map(Number)).toEqual([
      4400, 4400, 4400,
    ]);
    expect(toastsDeErro()).toEqual([]);
  });

  test('"4400,00" (no thousands dot) is R$ 4.400,00 too', async () => {
    const pedidos = servidor();
    renderTela(<OrcamentosPage />, { path: '/orcamentos' });
    await page.getByLabelText('Frete (R$)').fill('4400,00');
    await page.getByLabelText('Instalação (R$)').fill('4400,00');
    await page.getByLabelText('Tipo de Venda').selectOptions('entrada');
    await page.getByLabelText('Valor da Entrada (R$)').fill('4400,00');
    await mostra('Frete').toBe('R$ 4.400,00');
    await mostra('Instalação').toBe('R$ 4.400,00');
    // the last request priced (the summary asks again once typing pauses)
    await vi.waitFor(
      () =>
        expect(calculos(pedidos).at(-1)).toMatchObject({
          valor_frete: 4400,
          valor_instalacao: 4400,
          valor_entrada: 4400,
        }),
      { timeout: 5000 },
    );
  });

  test('bad input is stopped or marked on its field, and no summary is shown for it', async () => {
    const pedidos = servidor();
    renderTela(<OrcamentosPage />, { path: '/orcamentos' });
    await page.getByRole('button', { name: 'Adicionar Item' }).click();
    const item = page.getByRole('group', { name: 'Item 1' });
    await escolher(
      item.getByRole('combobox', { name: 'Item de Venda' }),
      'Buscar item de venda...',
      BANCADA.nome,
    );
    await escolher(item.getByRole('combobox', { name: 'Produto' }), 'Buscar produto...', GRANITO.nome);
    // The masks: three decimals and fractions of a piece cannot be typed, nor a sign
    const largura = item.getByLabelText('Largura (m)');
    await largura.fill('0.005');
    await expect.element(largura).toHaveValue(0);
    await largura.fill('1.999');
    await expect.element(largura).toHaveValue(1.99);
    await item.getByLabelText('Profundidade (m)').fill('0.6');
    await item.getByLabelText('Qtd (Unidades)').fill('1.5');
    await expect.element(item.getByLabelText('Qtd (Unidades)')).toHaveValue(1);
    await page.getByLabelText('Frete (R$)').fill('-10');
    await expect.element(page.getByLabelText('Frete (R$)')).toHaveValue('10');
    // 1.99 × 0.60 = 1.194 m² × 450.00 = 537.30 + 10.00 = 547.30; 30 %: 164.19 → 711.49
    await mostra('Total').toBe('R$ 711,49');

    // Out of bounds: marked on the field with the server's message, and no figures at all
    const margem = page.getByLabelText('Margem de Lucro %');
    await margem.fill('999');
    await expect.element(margem).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(page.getByText('A margem de lucro deve estar entre 0 e 500 %.', { exact: true }))
      .toHaveAttribute('id', 'orcamento-margem-erro');
    await mostra('Total').toBe('—');
    await expect.element(page.getByText('Corrija o campo destacado para ver o resumo')).toBeVisible();
    await margem.fill('30');
    await mostra('Total').toBe('R$ 711,49');

    await largura.fill('999.99');
    await expect.element(largura).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(item.getByRole('alert'))
      .toHaveTextContent('A medida deve ser um número de 0 a 99,99 m, com até 2 casas decimais.');
    await mostra('Total').toBe('—');
    await largura.fill('1.99');

    await page.getByLabelText('Frete (R$)').fill('1e308');
    const msgFrete = 'Informe um valor de R$ 0 a R$ 9.999.999,99, com até 2 casas decimais.';
    await expect
      .element(page.getByText(msgFrete, { exact: true }))
      .toHaveAttribute('id', 'orcamento-frete-erro');
    await mostra('Total').toBe('—');
    // Saving is refused with the same message, and nothing is created
    await page.getByRole('button', { name: 'Gerar Orçamento' }).click();
    await expect
      .element(page.getByRole('region', { name: /^Notifications/ }).getByText(msgFrete, { exact: false }))
      .toBeVisible();
    await page.getByLabelText('Frete (R$)').fill('10');
    await mostra('Total').toBe('R$ 711,49');

    expect(pedidos.filter((p) => p.method === 'POST' && p.path === '/orcamentos')).toEqual([]);
    // no error toast but the refused save's (which may already have closed)
    expect(toastsDeErro().filter((t) => !t?.includes('Informe um valor de R$ 0'))).toEqual([]);
    // what the schema refuses is never sent to be priced
    for (const c of calculos(pedidos)) {
      expect(c.margem_lucro).toBeLessThanOrEqual(500);
      expect(c.valor_frete).toBeLessThan(10_000_000);
      for (const i of c.itens) expect(i.medida1).toBeLessThan(100);
    }
  });
});

describe('OrcamentosPage sale confirmation', () => {
  const LINHA = {
    id: 'o8',
    numero: 8,
    cliente_nome: CLIENTE.nome,
    resumo_pecas: { itens: 1, metros_borda: 0, recortes: 0 },
    vendedor_nome: null,
    arquiteto_nome: null,
    created_at: '2026-11-20T13:00:00.000Z',
    valor_total: 444,
    status: 'pendente',
  };
  const DETALHE = {
    ...LINHA,
    updated_at: '2026-11-20T13:00:00.000Z',
    tipo_venda: 'avista',
    valor_entrada: 0,
    numero_parcelas: 1,
    cartao_bandeira: null,
    cartao_tipo: null,
  };

  // The figures the sale will record arrive after the dialog opens (a request of their own). "Confirmar"
  // waits for them, and their rows are held in place meanwhile: a double click aimed at "Confirmar" as
  // they arrived landed on the text below it (the dialog grew around its centre) and sold nothing.
  test('"Confirmar" waits for the sale figures ("Cancelar" does not), and their arrival does not move it', async () => {
    let soltar: (v: unknown) => void = () => {};
    const previa = new Promise((r) => {
      soltar = r;
    });
    fakeApi({
      'GET /orcamentos': { items: [LINHA], total: 1, page: 1, limit: 20 },
      'GET /orcamentos/o8': DETALHE,
      'GET /orcamentos/o8/venda/previa': () =>
        previa.then(() => ({
          valor_taxa: 0,
          valor_liquido: 444,
          comissao_vendedor: 13.32,
          comissao_arquiteto: 0,
        })),
    });
    renderTela(<OrcamentosPage />, { path: '/orcamentos?aba=historico' });
    await page.getByRole('button', { name: 'Gerar venda do orçamento #8' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirmar Geração de Venda' });
    await expect.element(dialog.getByText('R$ 444,00').first()).toBeVisible();
    const confirmar = dialog.getByRole('button', { name: 'Confirmar' });
    await expect.element(dialog.getByText('Calculando os valores da venda...')).toBeVisible();
    await expect.element(confirmar).toBeDisabled();
    // meanwhile the user may still give up, on a phone too
    await expect.element(dialog.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    const antes = confirmar.element().getBoundingClientRect();

    soltar(undefined);
    await expect.element(dialog.getByText('R$ 13,32')).toBeVisible();
    await expect.element(confirmar).toBeEnabled();
    const depois = confirmar.element().getBoundingClientRect();
    expect({ x: depois.x, y: depois.y }).toEqual({ x: antes.x, y: antes.y });
  });
});
