import { eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { despesas, orcamentos, produtos, vendas } from '../../db/schema';
import { addMonthsClamped, monthRange, todayIso } from '../../domain/datas';
import { FULL_FIGURES } from '../../domain/pricing.test-helpers';
import {
  MSG_CLIENTE,
  MSG_FIGURA,
  MSG_HORAS,
  MSG_ITEM_INVALIDO,
  MSG_MARGEM,
  MSG_MEDIDA,
  MSG_MEDIDA_ZERO,
  MSG_QUANTIDADE,
  MSG_SEM_ITENS,
  MSG_VALOR,
} from '../../schemas/orcamentos';
import type { Evento } from '../events';
import { answer, apiSuite, ok, type Problem, refused, userWith, versionOf } from '../testing/harness';
import {
  seedBaseOrcamento,
  seedCartao,
  seedCliente,
  seedFuncionario,
  seedItemVenda,
  seedProduto,
} from './vendas.test-helpers';

const { env, admin } = apiSuite();

// Master data, written straight into the tables (their own routes belong to other issues).
const ids = {} as Record<
  | 'cliente'
  | 'cliente2'
  | 'granito'
  | 'carrara'
  | 'cuba'
  | 'bancada'
  | 'soleira'
  | 'ana'
  | 'bruno'
  | 'inativo'
  | 'vendedor'
  | 'arquiteto'
  | 'credito'
  | 'credito6'
  | 'debito',
  string
>;

beforeAll(async () => {
  const db = env.db;
  Object.assign(
    ids,
    await seedBaseOrcamento(env, {
      granito: 'Granito São Gabriel',
      credito: { taxa_1x: '2.99', taxa_2x: '3.8', taxa_3x: '4.5' },
    }),
  );
  ids.cliente = (await seedCliente(env, 'Maria Aparecida Souza')).id;
  ids.cliente2 = (await seedCliente(env, 'Construtora Horizonte')).id;
  ids.carrara = (await seedProduto(env, 'Mármore Carrara', '389.90')).id;
  ids.soleira = (await seedItemVenda(env, 'Soleira', 'Largura x Altura')).id;
  ids.bruno = (await seedFuncionario(env, { nome: 'Bruno', cargo: 'Serrador', salario: '3300.00' })).id;
  ids.inativo = (
    await seedFuncionario(env, { nome: 'Carlos', cargo: 'Ajudante', salario: '9999.00', status: 'inativo' })
  ).id;
  ids.credito6 = (await seedCartao(env, { taxa_1x: '3', taxa_6x: '6.25' })).id;
  ids.debito = (await seedCartao(env, { tipo: 'Débito', taxa: '1.99', taxa_1x: '9' })).id;
  // This month's expenses (business time zone); only rent, power and water count, whatever the case
  // and accents. Last month's and next month's rent must not count.
  const { inicio, fim } = monthRange(env.deps.config.tzNegocio);
  await db.insert(despesas).values([
    { descricao: 'Aluguel galpão', valor: '3300.00', data_vencimento: inicio },
    { descricao: 'Conta de Luz', valor: '452.37', data_vencimento: fim },
    { descricao: 'ÁGUA', valor: '110.00', data_vencimento: inicio },
    { descricao: 'Material de escritório', valor: '500.00', data_vencimento: inicio },
    { descricao: 'Aluguel galpão', valor: '3300.00', data_vencimento: addMonthsClamped(inicio, -1) },
    { descricao: 'Aluguel galpão', valor: '3300.00', data_vencimento: addMonthsClamped(inicio, 1) },
  ]);
});

/** A quote's body as the editor sends it (POST; PUT adds `updated_at`), and one of its lines. */
type Orcamento = InferRequestType<typeof admin.api.orcamentos.$post>['json'];
type Item = NonNullable<Orcamento['itens']>[number];

/**
 * The full example: two m² lines of different formats, one unitário line, two active employees
 * (and an inactive one that must not count), seller 5%, architect 10%, credit in 3x.
 */
function fullQuote(extra: Partial<Orcamento> = {}): Orcamento {
  return {
    cliente_id: ids.cliente,
    vendedor_id: ids.vendedor,
    arquiteto_id: ids.arquiteto,
    funcionario_ids: [ids.ana, ids.bruno, ids.inativo],
    itens: [
      { item_venda_id: ids.bancada, produto_id: ids.granito, quantidade: 2, medida1: 2.5, medida2: 0.6 },
      {
        item_venda_id: ids.soleira,
        produto_id: ids.carrara,
        quantidade: 1,
        medida1: '1.85',
        medida2: '0.55',
      },
      { produto_id: ids.cuba, quantidade: 2 },
    ],
    valor_frete: 150,
    valor_instalacao: '300.00',
    horas_trabalho: 12,
    margem_lucro: 30,
    tipo_venda: 'parcelado',
    numero_parcelas: 3,
    cartao_id: ids.credito,
    observacoes: 'Entrega no térreo.',
    ...extra,
  };
}

// Worked out by hand:
// Items: 2.50 × 0.60 = 1.5 m² × 450.00 × 2 = 1350.00
//        1.85 × 0.55 = 1.0175 m² × 389.90 × 1 = 396.72325 → 396.72
//        unitário 2 × 185.00 = 370.00
// materiais 1350.00 + 396.72 + 370.00 = 2116.72
// employees (2200 + 3300) / 220 = 25.00 (Carlos is inactive: his 9999.00 does not count)
// expenses this month 3300.00 + 452.37 + 110.00 = 3862.37 / 220 = 17.5562… → 17.56
//   (office material is no utility; last and next month's rent are outside the month); hourly 42.56
// labour 42.56 × 12 = 510.72; subtotal 2116.72 + 150.00 + 300.00 + 510.72 = 3077.44
// margin 30%: 923.232 → 923.23; with margin 4000.67
// credit 3x → taxa_3x 4.5%: 4000.67 × 0.045 = 180.03015 → 180.03; base 4000.67 − 180.03 = 3820.64
// seller 5%: 191.032 → 191.03; architect 10%: 382.064 → 382.06
// total 4000.67 + 191.03 + 382.06 + 180.03 = 4753.79
const FULL_RESUMO = {
  ...FULL_FIGURES,
  // Issue 14's split of materiais: no edges, cutouts or loss here, so all of it is stone.
  pedra: 2116.72,
  bordas: 0,
  recortes: 0,
  percentual_vendedor: 5,
  percentual_arquiteto: 10,
};

/** Events arrive through LISTEN/NOTIFY after the commit (asynchronously on PostgreSQL): wait for them. */
async function waitForEvents(events: Evento[], expected: Evento[], ms = 5000) {
  const start = Date.now();
  const has = (e: Evento) =>
    events.some((x) => x.recurso === e.recurso && x.acao === e.acao && x.id === e.id);
  while (Date.now() - start < ms && !expected.every(has)) await new Promise((r) => setTimeout(r, 20));
  for (const e of expected) expect(events).toContainEqual(e);
}

async function countRows(table: 'orcamentos' | 'vendas' | 'orcamento_itens') {
  const [r] = await queryRows<{ n: number }>(env.db, sql.raw(`select count(*)::int as n from ${table}`));
  return r!.n;
}

const create = (json: Orcamento = fullQuote()) => ok(admin.api.orcamentos.$post({ json }), 201);
const calcular = (json: Orcamento, c = admin) => answer(c.api.orcamentos.calcular.$post({ json }));
const ler = (id: string) => ok(admin.api.orcamentos[':id'].$get({ param: { id } }));
/** The whole quote again with the version `updated_at`: the answer, whatever the status. */
const substituir = (id: string, json: Orcamento, updated_at: string) =>
  answer(admin.api.orcamentos[':id'].$put({ param: { id }, json: { ...json, updated_at } }));
/** The same with the version read first (as the editor does), for tests whose subject is not the version. */
const substituirAtual = async (id: string, json: Orcamento) =>
  substituir(id, json, await versionOf(admin.api.orcamentos[':id'].$get({ param: { id } })));
const vender = (id: string, json: { updated_at?: string } = {}) =>
  answer(admin.api.orcamentos[':id'].venda.$post({ param: { id }, json }));
const listar = (query: InferRequestType<typeof admin.api.orcamentos.$get>['query']) =>
  ok(admin.api.orcamentos.$get({ query }));
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;
/** A quote of one cuba (R$ 185,00) for the client, at no margin: `extra` names the people and the payment. */
const umaCubaSemMargem = (extra: Partial<Orcamento>) =>
  create({
    cliente_id: ids.cliente,
    itens: [{ produto_id: ids.cuba, quantidade: 1 }],
    margem_lucro: 0,
    ...extra,
  });

describe('POST /api/orcamentos/calcular', () => {
  it('prices the quote from the database without saving anything', async () => {
    const before = await countRows('orcamentos');
    const res = await calcular(fullQuote());
    expect(res.status).toBe(200);
    const {
      itens,
      valor_frete,
      valor_instalacao,
      horas_trabalho,
      margem_lucro,
      funcionarios_custo_hora,
      ...resumo
    } = res.body;
    expect(resumo).toEqual(FULL_RESUMO);
    // admin holds `funcionarios`: each active employee's share, 2200.00 / 220 = 10.00, 3300.00 / 220 = 15.00
    expect(funcionarios_custo_hora).toEqual([
      { id: ids.ana, nome: 'Ana', custo_hora: 10 },
      { id: ids.bruno, nome: 'Bruno', custo_hora: 15 },
    ]);
    expect({ valor_frete, valor_instalacao, horas_trabalho, margem_lucro }).toEqual({
      valor_frete: 150,
      valor_instalacao: 300,
      horas_trabalho: 12,
      margem_lucro: 30,
    });
    // No edges, cutouts or loss: each line's stone is its whole total, as before issue 14.
    const semPecas = { perda_percentual: 0, metros_borda: 0, valor_bordas: 0, valor_recortes: 0 };
    expect(itens).toEqual([
      {
        area: 1.5,
        valor_unitario: 450,
        valor_total: 1350,
        valor_material: 1350,
        tipo_unidade: 'm²',
        ...semPecas,
      },
      {
        area: 1.0175,
        valor_unitario: 389.9,
        valor_total: 396.72,
        valor_material: 396.72,
        tipo_unidade: 'm²',
        ...semPecas,
      },
      {
        area: 0,
        valor_unitario: 185,
        valor_total: 370,
        valor_material: 370,
        tipo_unidade: 'unitário',
        ...semPecas,
      },
    ]);
    expect(await countRows('orcamentos')).toBe(before);
  });

  it('ignores prices sent by the client', async () => {
    const body = {
      ...fullQuote(),
      itens: [{ produto_id: ids.cuba, quantidade: 1, valor_unitario: 1, valor_total: 1 }],
      funcionario_ids: [],
      horas_trabalho: 0,
      valor_frete: 0,
      valor_instalacao: 0,
      vendedor_id: null,
      arquiteto_id: null,
      cartao_id: null,
      margem_lucro: 0,
    };
    // untyped on purpose: the line carries prices the contract does not take
    const res = await admin.post('/api/orcamentos/calcular', body);
    // 1 × 185.00 from the product, not the 1.00 sent
    expect(res.body).toMatchObject({ materiais: 185, total: 185, itens: [{ valor_total: 185 }] });
  });

  it('prices a half-filled form: no client, a line without product, default margin', async () => {
    const res = await calcular({
      itens: [
        { item_venda_id: ids.bancada, quantidade: 0 },
        { produto_id: ids.cuba, quantidade: 3 },
      ],
      valor_frete: '10.00',
    });
    // 3 × 185.00 = 555.00 + frete 10.00 = 565.00; margin defaults to 30%: 169.50 → 734.50; no card, no one
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      materiais: 555,
      subtotal: 565,
      margem: 169.5,
      total: 734.5,
      valor_taxa_cartao: 0,
      comissao_vendedor: 0,
      comissao_arquiteto: 0,
    });
    expect(res.body.itens[0]).toEqual({
      area: 0,
      valor_unitario: 0,
      valor_total: 0,
      tipo_unidade: 'm²',
      perda_percentual: 0,
      valor_material: 0,
      metros_borda: 0,
      valor_bordas: 0,
      valor_recortes: 0,
    });
  });

  it("uses debit's taxa, and taxa_1x for credit when the sale is à vista", async () => {
    const base: Orcamento = {
      itens: [{ produto_id: ids.cuba, quantidade: 1 }],
      margem_lucro: 0,
      tipo_venda: 'avista',
      numero_parcelas: 3,
    };
    // debit 1.99%: 185.00 × 0.0199 = 3.6815 → 3.68; total 188.68
    const debito = await calcular({ ...base, cartao_id: ids.debito });
    expect(debito.body).toMatchObject({
      taxa_cartao_percentual: 1.99,
      valor_taxa_cartao: 3.68,
      total: 188.68,
    });
    // à vista ignores the 3 installments: taxa_1x 2.99%: 185.00 × 0.0299 = 5.5315 → 5.53; total 190.53
    const credito = await calcular({ ...base, cartao_id: ids.credito });
    expect(credito.body).toMatchObject({
      taxa_cartao_percentual: 2.99,
      valor_taxa_cartao: 5.53,
      total: 190.53,
    });
    // 12x without taxa_12x falls back to taxa_1x 2.99%
    const doze = await calcular({
      ...base,
      tipo_venda: 'parcelado',
      numero_parcelas: 12,
      cartao_id: ids.credito,
    });
    expect(doze.body).toMatchObject({ taxa_cartao_percentual: 2.99, total: 190.53 });
  });

  it('answers 400 in pt-BR for junk numbers', async () => {
    const res = await refused(
      admin.api.orcamentos.calcular.$post({ json: { valor_frete: 'abc', itens: [] } }),
      400,
    );
    expect(res.errors?.[0]).toMatchObject({ path: 'valor_frete', message: MSG_VALOR });
  });
});

describe('POST /api/orcamentos', () => {
  it('saves quote, items and employees with the breakdown and the prices of the day', async () => {
    const events: Evento[] = [];
    const stop = env.deps.events.subscribe((e) => events.push(e));
    const o = await create();
    await waitForEvents(events, [{ recurso: 'orcamentos', acao: 'criado', id: o.id }]);
    stop();
    expect(o).toMatchObject({
      numero: expect.any(Number),
      cliente_id: ids.cliente,
      cliente_nome: 'Maria Aparecida Souza',
      vendedor_nome: 'Paulo Vendas',
      arquiteto_nome: 'Júlia Arquiteta',
      cartao_bandeira: 'Cartão',
      cartao_tipo: 'Crédito',
      status: 'pendente',
      valor_total: 4753.79,
      valor_frete: 150,
      valor_instalacao: 300,
      horas_trabalho: 12,
      margem_lucro: 30,
      custo_hora: 42.56,
      tipo_venda: 'parcelado',
      valor_entrada: 0,
      numero_parcelas: 3,
      observacoes: 'Entrega no térreo.',
      resumo: FULL_RESUMO,
      custos_adicionais: 0,
    });
    expect([...o.funcionario_ids].sort()).toEqual([ids.ana, ids.bruno, ids.inativo].sort());
    // Extras 4753.79 − 2116.72 = 2637.07 spread by area × quantity (3 and 1.0175 of 4.0175):
    // 2637.07 × 3 / 4.0175 = 1969.19 → 1350.00 + 1969.19 = 3319.19 (unit 3319.19 / 2 = 1659.595 → 1659.60)
    // the last m² line takes the rest 667.88 → 396.72 + 667.88 = 1064.60; the unitário line is unchanged.
    expect(o.itens).toEqual([
      expect.objectContaining({
        posicao: 0,
        produto_nome: 'Granito São Gabriel',
        item_venda_nome: 'Bancada',
        formato_medida: 'Largura x Profundidade',
        tipo_unidade: 'm²',
        quantidade: 2,
        medida1: 2.5,
        medida2: 0.6,
        area: 1.5,
        valor_unitario: 450,
        valor_total: 1350,
        valor_unitario_exibido: 1659.6,
        valor_total_exibido: 3319.19,
      }),
      expect.objectContaining({
        produto_nome: 'Mármore Carrara',
        item_venda_nome: 'Soleira',
        formato_medida: 'Largura x Altura',
        area: 1.0175,
        valor_unitario: 389.9,
        valor_total: 396.72,
        valor_total_exibido: 1064.6,
      }),
      expect.objectContaining({
        produto_nome: 'Cuba inox',
        item_venda_id: null,
        item_venda_nome: null,
        tipo_unidade: 'unitário',
        valor_unitario: 185,
        valor_total: 370,
        valor_unitario_exibido: 185,
        valor_total_exibido: 370,
      }),
    ]);

    // A later price change does not alter the saved quote.
    await env.db.update(produtos).set({ valor_m2: '999.00' }).where(eq(produtos.id, ids.cuba));
    const again = await ler(o.id);
    expect(again.itens[2]).toMatchObject({ valor_unitario: 185, valor_total: 370 });
    expect(again.valor_total).toBe(4753.79);
    expect(again.resumo).toEqual(FULL_RESUMO);
    await env.db.update(produtos).set({ valor_m2: '185.00' }).where(eq(produtos.id, ids.cuba));
  });

  it('gives every quote a new, increasing número', async () => {
    const a = await create();
    const b = await create();
    expect(b.numero).toBeGreaterThan(a.numero);
  });

  // Patches are functions: the ids exist only once beforeAll has run.
  it.each<[string, () => Partial<Orcamento>, string, string]>([
    ['no client', () => ({ cliente_id: null }), MSG_CLIENTE, 'cliente_id'],
    ['an empty client', () => ({ cliente_id: '' }), MSG_CLIENTE, 'cliente_id'],
    ['no items', () => ({ itens: [] }), MSG_SEM_ITENS, 'itens'],
    [
      'no client and no items (client first)',
      () => ({ cliente_id: null, itens: [] }),
      MSG_CLIENTE,
      'cliente_id',
    ],
    [
      'a line without product',
      () => ({
        itens: [
          { produto_id: ids.cuba, quantidade: 1 },
          { item_venda_id: ids.bancada, quantidade: 1 },
        ],
      }),
      MSG_ITEM_INVALIDO,
      'itens.1',
    ],
    [
      'quantity 0',
      () => ({ itens: [{ produto_id: ids.cuba, quantidade: 0 }] }),
      MSG_ITEM_INVALIDO,
      'itens.0',
    ],
    [
      'negative quantity',
      () => ({ itens: [{ produto_id: ids.cuba, quantidade: -2 }] }),
      MSG_QUANTIDADE,
      'itens.0.quantidade',
    ],
    [
      'a fractional quantity',
      () => ({ itens: [{ produto_id: ids.cuba, quantidade: 1.5 }] }),
      MSG_QUANTIDADE,
      'itens.0.quantidade',
    ],
  ])("refuses %s with the spec's message", async (_name, patch, message, path) => {
    const before = await countRows('orcamentos');
    const res = await refused(admin.api.orcamentos.$post({ json: fullQuote(patch()) }), 400);
    expect(res.detail).toBe(message);
    expect(res.errors?.[0]).toEqual({ path, message });
    expect(await countRows('orcamentos')).toBe(before);
  });

  it('refuses unknown references with a clear message, not a 500', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [Partial<Orcamento>, string][] = [
      [{ cliente_id: unknown }, 'Cliente não encontrado.'],
      [{ itens: [{ produto_id: unknown, quantidade: 1 }] }, 'Produto não encontrado.'],
      [{ funcionario_ids: [unknown] }, 'Funcionário não encontrado.'],
      [{ vendedor_id: unknown }, 'Vendedor não encontrado.'],
      [{ cartao_id: unknown }, 'Forma de pagamento não encontrada.'],
      [{ cliente_id: 'nao-e-uuid' }, 'Identificador inválido.'],
    ];
    for (const [patch, detail] of cases) {
      const res = await answer(admin.api.orcamentos.$post({ json: fullQuote(patch) }));
      expect(res.status, detail).toBe(400);
      expect(problema(res).detail).toBe(detail);
    }
  });

  it('refuses a down payment larger than the total', async () => {
    const res = await refused(
      admin.api.orcamentos.$post({
        json: fullQuote({ tipo_venda: 'entrada', valor_entrada: 5000, numero_parcelas: 2 }),
      }),
      400,
    );
    expect(res.detail).toBe('O valor da entrada não pode ser maior que o total do orçamento.');
  });

  it('keeps a down payment only for entrada, and one installment for à vista', async () => {
    const parcelado = await create(fullQuote({ valor_entrada: 500 }));
    expect(parcelado).toMatchObject({ tipo_venda: 'parcelado', valor_entrada: 0, numero_parcelas: 3 });
    const avista = await create(fullQuote({ tipo_venda: 'avista', valor_entrada: 500, numero_parcelas: 5 }));
    expect(avista).toMatchObject({ tipo_venda: 'avista', valor_entrada: 0, numero_parcelas: 1 });
    // à vista on credit: taxa_1x 2.99%: 4000.67 × 0.0299 = 119.620033 → 119.62; base 3881.05
    // seller 5%: 194.0525 → 194.05; architect 10%: 388.105 → 388.11; total 4000.67 + 194.05 + 388.11 + 119.62
    expect(avista.valor_total).toBe(4702.45);
  });
});

describe('GET /api/orcamentos/:id', () => {
  it('answers 404 for an unknown quote and 400 for a malformed id', async () => {
    const umOrcamento = (id: string) => admin.api.orcamentos[':id'].$get({ param: { id } });
    await refused(umOrcamento('00000000-0000-4000-8000-000000000000'), 404);
    await refused(umOrcamento('123'), 400);
  });

  it('shows the extras as one line when there is no m² item', async () => {
    const o = await create(
      fullQuote({ itens: [{ produto_id: ids.cuba, quantidade: 2 }], funcionario_ids: [], horas_trabalho: 0 }),
    );
    // 2 × 185.00 = 370.00 + 150.00 + 300.00 = 820.00; margin 246.00 → 1066.00
    // 3x 4.5%: 47.97; base 1018.03; seller 5%: 50.9015 → 50.90; architect 10%: 101.803 → 101.80
    // total 1066.00 + 50.90 + 101.80 + 47.97 = 1266.67; extras 1266.67 − 370.00 = 896.67
    expect(o.valor_total).toBe(1266.67);
    expect(o.custos_adicionais).toBe(896.67);
    expect(o.itens[0]).toMatchObject({ valor_unitario_exibido: 185, valor_total_exibido: 370 });
  });
});

describe('PUT /api/orcamentos/:id', () => {
  it("replaces fields, items and employees, repricing at today's prices", async () => {
    const o = await create();
    await env.db.update(produtos).set({ valor_m2: '200.00' }).where(eq(produtos.id, ids.cuba));
    const res = await substituir(
      o.id,
      {
        cliente_id: ids.cliente2,
        funcionario_ids: [ids.ana],
        itens: [{ produto_id: ids.cuba, quantidade: 3 }],
        margem_lucro: 10,
      },
      o.updated_at,
    );
    await env.db.update(produtos).set({ valor_m2: '185.00' }).where(eq(produtos.id, ids.cuba));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 3 × 200.00 (the new price) = 600.00; labour 0 h; subtotal 600.00; margin 10%: 60.00 → 660.00
    // à vista by default, no card, no seller or architect → total 660.00
    expect(res.body).toMatchObject({
      numero: o.numero,
      cliente_nome: 'Construtora Horizonte',
      vendedor_id: null,
      cartao_id: null,
      tipo_venda: 'avista',
      funcionario_ids: [ids.ana],
      valor_total: 660,
      // Ana 2200 / 220 = 10.00 + expenses 17.56
      custo_hora: 27.56,
      status: 'pendente',
    });
    expect(res.body.itens).toHaveLength(1);
    expect(res.body.itens[0]).toMatchObject({ valor_unitario: 200, valor_total: 600 });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(o.updated_at).getTime());
  });

  it('answers 409 to a stale updated_at and changes nothing', async () => {
    const o = await create();
    const first = await substituir(o.id, fullQuote({ margem_lucro: 20 }), o.updated_at);
    expect(first.status).toBe(200);
    const stale = await substituir(o.id, fullQuote({ margem_lucro: 50 }), o.updated_at);
    expect(stale.status).toBe(409);
    expect(problema(stale).detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    expect((await ler(o.id)).margem_lucro).toBe(20);
  });

  it('applies the same validation messages', async () => {
    const o = await create();
    const res = await substituirAtual(o.id, fullQuote({ itens: [] }));
    expect(res.status).toBe(400);
    expect(problema(res).detail).toBe(MSG_SEM_ITENS);
  });

  it('answers 404 for an unknown quote', async () => {
    const res = await substituirAtual('00000000-0000-4000-8000-000000000000', fullQuote());
    expect(res.status).toBe(404);
  });

  it('a failure while writing leaves the previous version intact', async () => {
    const o = await create();
    // A fault injected in the last write of the transaction (the employees), after the quote row and
    // its items were already rewritten: everything must roll back.
    await env.db.execute(sql`create or replace function lavra_falha_teste() returns trigger as $$
      begin
        if new.funcionario_id = ${sql.raw(`'${ids.bruno}'`)}::uuid then
          raise exception 'falha simulada' using errcode = 'check_violation';
        end if;
        return new;
      end $$ language plpgsql`);
    await env.db.execute(sql`create trigger lavra_falha_teste before insert on orcamento_funcionarios
      for each row execute function lavra_falha_teste()`);
    try {
      const res = await substituir(
        o.id,
        {
          ...fullQuote(),
          cliente_id: ids.cliente2,
          itens: [{ produto_id: ids.cuba, quantidade: 9 }],
          funcionario_ids: [ids.ana, ids.bruno],
        },
        o.updated_at,
      );
      expect(res.status).toBe(400);
    } finally {
      await env.db.execute(sql`drop trigger lavra_falha_teste on orcamento_funcionarios`);
      await env.db.execute(sql`drop function lavra_falha_teste()`);
    }
    const after = await ler(o.id);
    expect(after.cliente_id).toBe(ids.cliente);
    expect(after.valor_total).toBe(4753.79);
    expect(after.updated_at).toBe(o.updated_at);
    expect(after.itens.map((i) => i.produto_nome)).toEqual([
      'Granito São Gabriel',
      'Mármore Carrara',
      'Cuba inox',
    ]);
    expect([...after.funcionario_ids].sort()).toEqual([ids.ana, ids.bruno, ids.inativo].sort());
  });
});

describe('bounds of what a quote may hold (issue 12 §3)', () => {
  const line = (extra: Partial<Item>): Partial<Orcamento> => ({
    itens: [
      {
        item_venda_id: ids.bancada,
        produto_id: ids.granito,
        quantidade: 1,
        medida1: 1,
        medida2: 1,
        ...extra,
      },
    ],
  });
  // [name, body patch, path, message]: each refused with 400 naming the field, on /calcular, POST and PUT
  const cases: [string, () => Partial<Orcamento>, string, string][] = [
    ['a measure with 3 decimals', () => line({ medida1: 0.005 }), 'itens.0.medida1', MSG_MEDIDA],
    ['a measure with 3 decimals (text)', () => line({ medida2: '1,999' }), 'itens.0.medida2', MSG_MEDIDA],
    ['a negative measure', () => line({ medida1: -1 }), 'itens.0.medida1', MSG_MEDIDA],
    ['a measure of 999.99 m', () => line({ medida2: 999.99 }), 'itens.0.medida2', MSG_MEDIDA],
    ['a measure of 1e308', () => line({ medida1: 1e308 }), 'itens.0.medida1', MSG_MEDIDA],
    ['a fractional quantity', () => line({ quantidade: 1.5 }), 'itens.0.quantidade', MSG_QUANTIDADE],
    ['a negative quantity', () => line({ quantidade: -1 }), 'itens.0.quantidade', MSG_QUANTIDADE],
    ['10,000 units', () => line({ quantidade: 10000 }), 'itens.0.quantidade', MSG_QUANTIDADE],
    ['a quantity of 1e308', () => line({ quantidade: 1e308 }), 'itens.0.quantidade', MSG_QUANTIDADE],
    ['a negative freight', () => ({ valor_frete: -10 }), 'valor_frete', MSG_VALOR],
    ['freight of 1e308', () => ({ valor_frete: 1e308 }), 'valor_frete', MSG_VALOR],
    [
      'installation over 9,999,999.99',
      () => ({ valor_instalacao: '10000000' }),
      'valor_instalacao',
      MSG_VALOR,
    ],
    ['a negative margin', () => ({ margem_lucro: -5 }), 'margem_lucro', MSG_MARGEM],
    ['a margin of 999 %', () => ({ margem_lucro: 999 }), 'margem_lucro', MSG_MARGEM],
    ['10,000 hours', () => ({ horas_trabalho: 10000 }), 'horas_trabalho', MSG_HORAS],
    ['negative hours', () => ({ horas_trabalho: -1 }), 'horas_trabalho', MSG_HORAS],
  ];

  it.each(cases)('/calcular refuses %s (400 naming the field)', async (_n, patch, path, message) => {
    const res = await refused(admin.api.orcamentos.calcular.$post({ json: fullQuote(patch()) }), 400);
    expect(res.errors).toContainEqual({ path, message });
  });

  it.each(cases)('POST and PUT refuse %s and change nothing', async (_n, patch, path, message) => {
    const o = await create();
    const before = await countRows('orcamentos');
    const post = await refused(admin.api.orcamentos.$post({ json: fullQuote(patch()) }), 400);
    expect(post.errors).toContainEqual({ path, message });
    expect(await countRows('orcamentos')).toBe(before);
    const put = await substituir(o.id, fullQuote(patch()), o.updated_at);
    expect(put.status).toBe(400);
    expect(problema(put).errors).toContainEqual({ path, message });
    expect((await ler(o.id)).updated_at).toBe(o.updated_at);
  });

  it('accepts the edges: 99.99 m × 0.01 m, 9,999 units, 500 % margin, R$ 9,999,999.99 freight', async () => {
    const res = await calcular({
      itens: [
        { produto_id: ids.cuba, quantidade: 9999 },
        { produto_id: ids.granito, quantidade: 1, medida1: 99.99, medida2: 0.01 },
      ],
      margem_lucro: 500,
      valor_frete: '9999999.99',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 9999 × 185.00 = 1,849,815.00; 99.99 × 0.01 = 0.9999 m² × 450.00 = 449.955 → 449.96
    // materiais 1,850,264.96; + freight 9,999,999.99 = 11,850,264.95; margin 500 % = 59,251,324.75
    // total 71,101,589.70
    expect(res.body).toMatchObject({ materiais: 1850264.96, margem: 59251324.75, total: 71101589.7 });
  });

  it('refuses a figure that would not fit numeric(14,2), naming the line', async () => {
    // A product priced R$ 999,999,999.00 × 9,999 units = R$ 9,998,999,990,001.00 > 999,999,999,999.99
    const [caro] = await env.db
      .insert(produtos)
      .values({
        nome: 'Peça de museu',
        categoria: 'pedras',
        valor_m2: '999999999.00',
        tipo_unidade: 'unitário',
      })
      .returning();
    const body: Orcamento = {
      cliente_id: ids.cliente,
      itens: [
        { produto_id: ids.cuba, quantidade: 1 },
        { produto_id: caro!.id, quantidade: 9999 },
      ],
    };
    const calc = await refused(admin.api.orcamentos.calcular.$post({ json: body }), 400);
    expect(calc.errors).toEqual([{ path: 'itens.1.quantidade', message: MSG_FIGURA }]);
    const before = await countRows('orcamentos');
    await refused(admin.api.orcamentos.$post({ json: body }), 400);
    expect(await countRows('orcamentos')).toBe(before);
  });
});

describe('an m² piece without a measure (issue 26 §2: two 0 m² strips were saved at R$ 0,00)', () => {
  const semMedida: [string, Partial<Item>, string][] = [
    ['a zero height', { medida1: 2.4, medida2: 0 }, 'itens.1.medida2'],
    ['a zero length', { medida1: '0.00', medida2: 0.6 }, 'itens.1.medida1'],
    ['no measures at all', { medida1: null, medida2: '' }, 'itens.1.medida1'],
  ];
  const comPeca = (medidas: Partial<Item>, extra: Partial<Orcamento> = {}) =>
    fullQuote({
      itens: [
        { item_venda_id: ids.bancada, produto_id: ids.granito, quantidade: 1, medida1: 2.4, medida2: 0.6 },
        { item_venda_id: ids.bancada, produto_id: ids.granito, quantidade: 2, ...medidas },
        { produto_id: ids.cuba, quantidade: 1 },
      ],
      ...extra,
    });

  it.each(semMedida)(
    'POST and PUT refuse %s (400 naming the measure) and save nothing',
    async (_n, m, path) => {
      const o = await create();
      const before = await countRows('orcamentos');
      const post = await refused(admin.api.orcamentos.$post({ json: comPeca(m) }), 400);
      expect(post.errors).toContainEqual({ path, message: MSG_MEDIDA_ZERO });
      expect(await countRows('orcamentos')).toBe(before);
      const put = await substituir(o.id, comPeca(m), o.updated_at);
      expect(put.status).toBe(400);
      expect(problema(put).errors).toContainEqual({ path, message: MSG_MEDIDA_ZERO });
      expect((await ler(o.id)).updated_at).toBe(o.updated_at);
    },
  );

  it('the live summary still prices a line being typed, and a unit product needs no measure', async () => {
    await ok(admin.api.orcamentos.calcular.$post({ json: comPeca({ medida1: 2.4 }) }));
    // 2.40 × 0.60 = 1.44 m² × 450.00 = 648.00 and 1 × 185.00: no measure asked of the sink
    const o = await create(
      fullQuote({
        itens: [
          { item_venda_id: ids.bancada, produto_id: ids.granito, quantidade: 1, medida1: 2.4, medida2: 0.6 },
          { produto_id: ids.cuba, quantidade: 1 },
        ],
      }),
    );
    expect(o.resumo.materiais).toBe(833);
  });
});

describe('labour breakdown by employee (issue 12 §5)', () => {
  it('is sent only to holders of funcionarios; the team figure stays for quote builders', async () => {
    const { client: vendedorUser } = await userWith(env, ['orcamentos']);
    const body = fullQuote();
    const semPermissao = await ok(vendedorUser.api.orcamentos.calcular.$post({ json: body }));
    expect(semPermissao).not.toHaveProperty('funcionarios_custo_hora');
    // no salary as a value anywhere (a bare '2200' could match inside an id)
    expect(JSON.stringify(semPermissao)).not.toMatch(/[:[,]2200(\.0+)?[,}\]]/);
    // the team's figure the spec's formula needs: (2200 + 3300) / 220 = 25.00
    expect(semPermissao.custo_hora_funcionarios).toBe(25);

    const { client: rh } = await userWith(env, ['orcamentos', 'funcionarios']);
    const comPermissao = await calcular(body, rh);
    expect(comPermissao.body.funcionarios_custo_hora).toEqual([
      { id: ids.ana, nome: 'Ana', custo_hora: 10 },
      { id: ids.bruno, nome: 'Bruno', custo_hora: 15 },
    ]);

    // Neither the details nor the selector carry any salary or per-person cost.
    const o = await create();
    const detalhe = await ok(vendedorUser.api.orcamentos[':id'].$get({ param: { id: o.id } }));
    for (const f of detalhe.funcionarios) expect(Object.keys(f).sort()).toEqual(['cargo', 'id', 'nome']);
    const opcoes = await ok(vendedorUser.api.funcionarios.opcoes.$get({ query: {} }));
    for (const f of opcoes) {
      expect(f).not.toHaveProperty('salario');
      expect(f).not.toHaveProperty('custo_hora');
    }
  });
});

describe('POST /api/orcamentos/:id/venda', () => {
  it("turns the quote into a confirmed sale with the spec's figures, in one step", async () => {
    const o = await create();
    const events: Evento[] = [];
    const stop = env.deps.events.subscribe((e) => events.push(e));
    const res = await vender(o.id);
    await waitForEvents(events, [
      { recurso: 'vendas', acao: 'criado', id: res.body.id },
      { recurso: 'orcamentos', acao: 'atualizado', id: o.id },
    ]);
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // bruto 4753.79; credit 3x 4.5%: 213.92055 → 213.92; liquido 4753.79 − 213.92 = 4539.87
    // seller 5% of (bruto − fee) 4539.87 = 226.9935 → 226.99; architect 10% of liquido = 453.987 → 453.99
    // parcelas 4753.79 − 0 = 4753.79 (no down payment outside entrada)
    expect(res.body).toMatchObject({
      numero: expect.any(Number),
      orcamento_id: o.id,
      cliente_id: ids.cliente,
      vendedor_id: ids.vendedor,
      arquiteto_id: ids.arquiteto,
      cartao_id: ids.credito,
      data_venda: todayIso(env.deps.config.tzNegocio),
      tipo_venda: 'parcelado',
      valor_bruto: 4753.79,
      valor_entrada: 0,
      numero_parcelas: 3,
      valor_parcelas: 4753.79,
      taxa_cartao: 0.045,
      valor_taxa: 213.92,
      valor_liquido: 4539.87,
      comissao_vendedor: 226.99,
      comissao_arquiteto: 453.99,
      status: 'confirmada',
      comissao_paga: false,
    });
    expect((await ler(o.id)).status).toBe('venda_realizada');
  });

  it('charges the card only on what follows the down payment (entrada)', async () => {
    const o = await umaCubaSemMargem({
      vendedor_id: ids.vendedor,
      tipo_venda: 'entrada',
      valor_entrada: '100.00',
      numero_parcelas: 6,
      cartao_id: ids.credito6,
    });
    // quote: 185.00, margin 0; 6x → taxa_6x 6.25%: 11.5625 → 11.56; base 173.44
    // seller 5%: 8.672 → 8.67; total 185.00 + 8.67 + 11.56 = 205.23
    expect(o).toMatchObject({ valor_total: 205.23, valor_entrada: 100, numero_parcelas: 6 });
    const res = await vender(o.id);
    expect(res.status).toBe(201);
    // sale: fee on 205.23 − 100.00 = 105.23 × 6.25% = 6.576875 → 6.58; liquido 205.23 − 6.58 = 198.65
    // seller 5%: 9.9325 → 9.93; no architect → 0; parcelas 205.23 − 100.00 = 105.23
    expect(res.body).toMatchObject({
      tipo_venda: 'entrada',
      valor_bruto: 205.23,
      valor_entrada: 100,
      numero_parcelas: 6,
      valor_parcelas: 105.23,
      taxa_cartao: 0.0625,
      valor_taxa: 6.58,
      valor_liquido: 198.65,
      comissao_vendedor: 9.93,
      comissao_arquiteto: 0,
      arquiteto_id: null,
    });
  });

  it('à vista without card or people: no fee, no commission, one installment', async () => {
    const o = await create({ cliente_id: ids.cliente, itens: [{ produto_id: ids.cuba, quantidade: 2 }] });
    // 370.00 + 30% 111.00 = 481.00
    const res = await vender(o.id);
    expect(res.body).toMatchObject({
      tipo_venda: 'avista',
      valor_bruto: 481,
      numero_parcelas: 1,
      valor_parcelas: 481,
      taxa_cartao: 0,
      valor_taxa: 0,
      valor_liquido: 481,
      comissao_vendedor: 0,
      comissao_arquiteto: 0,
      cartao_id: null,
    });
  });

  it('uses the debit rate on the gross value', async () => {
    const o = await umaCubaSemMargem({ arquiteto_id: ids.arquiteto, cartao_id: ids.debito });
    // quote: 185.00; debit 1.99%: 3.6815 → 3.68; base 181.32; architect 10%: 18.132 → 18.13
    // total 185.00 + 18.13 + 3.68 = 206.81
    expect(o.valor_total).toBe(206.81);
    const res = await vender(o.id);
    // sale: 206.81 × 1.99% = 4.115519 → 4.12; liquido 202.69; architect 10%: 20.269 → 20.27
    expect(res.body).toMatchObject({
      taxa_cartao: 0.0199,
      valor_taxa: 4.12,
      valor_liquido: 202.69,
      comissao_arquiteto: 20.27,
    });
  });

  it('with the updated_at the confirmation showed: 409 when the quote changed since, and no sale', async () => {
    const o = await create();
    const shown = o.updated_at;
    const put = await ok(
      admin.api.orcamentos[':id'].$put({
        param: { id: o.id },
        json: { ...fullQuote({ margem_lucro: 20 }), updated_at: shown },
      }),
    );
    const stale = await refused(
      admin.api.orcamentos[':id'].venda.$post({ param: { id: o.id }, json: { updated_at: shown } }),
      409,
    );
    expect(stale.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    expect(await env.db.select().from(vendas).where(eq(vendas.orcamento_id, o.id))).toHaveLength(0);
    expect((await ler(o.id)).status).toBe('pendente');
    const fresh = await ok(
      admin.api.orcamentos[':id'].venda.$post({ param: { id: o.id }, json: { updated_at: put.updated_at } }),
      201,
    );
    expect(fresh.valor_bruto).toBe(put.valor_total);
  });

  it('refuses a malformed updated_at with 400 and still accepts an empty body', async () => {
    const o = await create();
    expect((await vender(o.id, { updated_at: 'ontem' })).status).toBe(400);
    // untyped on purpose: a request with no body at all (older clients)
    const empty = await admin.request('POST', `/api/orcamentos/${o.id}/venda`);
    expect(empty.status).toBe(201);
  });

  it('a second call gets 409 and no second sale', async () => {
    const o = await create();
    expect((await vender(o.id)).status).toBe(201);
    const again = await vender(o.id);
    expect(again.status).toBe(409);
    expect(problema(again).detail).toBe('Já existe uma venda gerada a partir deste orçamento.');
    const rows = await env.db.select().from(vendas).where(eq(vendas.orcamento_id, o.id));
    expect(rows).toHaveLength(1);
  });

  it('20 concurrent calls on one quote make exactly one sale', async () => {
    const o = await create();
    const results = await Promise.all(Array.from({ length: 20 }, () => vender(o.id)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await env.db.select().from(vendas).where(eq(vendas.orcamento_id, o.id));
    expect(rows).toHaveLength(1);
  });

  it('a sold quote can no longer be updated or deleted (409)', async () => {
    const o = await create();
    await vender(o.id);
    const fresh = await ler(o.id);
    const put = await substituir(o.id, fullQuote(), fresh.updated_at);
    expect(put.status).toBe(409);
    expect(problema(put).detail).toBe('Este orçamento já foi convertido em venda e não pode ser alterado.');
    const del = await refused(admin.api.orcamentos[':id'].$delete({ param: { id: o.id } }), 409);
    expect(del.detail).toBe('Este orçamento já foi convertido em venda e não pode ser excluído.');
    expect((await ler(o.id)).valor_total).toBe(4753.79);
  });

  it('answers 404 for an unknown quote', async () => {
    expect((await vender('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('DELETE /api/orcamentos/:id', () => {
  it('removes the quote with its items and employees', async () => {
    const o = await create();
    const items = await countRows('orcamento_itens');
    const remover = () => admin.api.orcamentos[':id'].$delete({ param: { id: o.id } });
    await ok(remover(), 204);
    await refused(admin.api.orcamentos[':id'].$get({ param: { id: o.id } }), 404);
    expect(await countRows('orcamento_itens')).toBe(items - 3);
    await refused(remover(), 404);
  });
});

describe('GET /api/orcamentos', () => {
  let numeros: number[];
  beforeAll(async () => {
    // A clean slate of quotes with known creation times, newest last.
    await env.db.delete(vendas);
    await env.db.delete(orcamentos);
    const small = (cliente_id: string, quantidade: number): Orcamento => ({
      cliente_id,
      itens: [{ produto_id: ids.cuba, quantidade }],
    });
    const made = [
      await create(small(ids.cliente, 1)),
      await create({ ...small(ids.cliente2, 2), vendedor_id: ids.vendedor, arquiteto_id: ids.arquiteto }),
      await create(small(ids.cliente, 3)),
      await create(small(ids.cliente2, 4)),
      await create(small(ids.cliente, 5)),
    ];
    for (const [i, o] of made.entries()) {
      await env.db.execute(
        sql`update orcamentos set created_at = ${`2024-01-0${i + 1}T12:00:00Z`}::timestamptz where id = ${o.id}`,
      );
    }
    await ok(admin.api.orcamentos[':id'].venda.$post({ param: { id: made[3]!.id }, json: {} }), 201);
    numeros = made.map((o) => o.numero);
  });

  it('lists newest first with client, seller and architect names, paginated', async () => {
    const p1 = await listar({ limit: 2 });
    expect(p1).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(p1.items.map((o) => o.numero)).toEqual([numeros[4], numeros[3]]);
    const p2 = await listar({ limit: 2, page: 2 });
    expect(p2.items.map((o) => o.numero)).toEqual([numeros[2], numeros[1]]);
    expect(p2.items[1]).toMatchObject({
      cliente_nome: 'Construtora Horizonte',
      vendedor_nome: 'Paulo Vendas',
      arquiteto_nome: 'Júlia Arquiteta',
      // 2 × 185.00 = 370.00 + 30% = 481.00; seller 5% 24.05, architect 10% 48.10 → 553.15
      valor_total: 553.15,
      status: 'pendente',
    });
    const p3 = await listar({ limit: 2, page: 3 });
    expect(p3.items.map((o) => o.numero)).toEqual([numeros[0]]);
  });

  it('searches by client name, case- and part-insensitive', async () => {
    const res = await listar({ q: 'horizon' });
    expect(res.total).toBe(2);
    expect(res.items.map((o) => o.numero)).toEqual([numeros[3], numeros[1]]);
  });

  it('searches by número, with or without #', async () => {
    for (const q of [String(numeros[2]), `#${numeros[2]}`]) {
      const res = await listar({ q });
      expect(res.items.map((o) => o.numero)).toEqual([numeros[2]]);
    }
  });

  it('filters by status', async () => {
    const vendidos = await listar({ status: 'venda_realizada' });
    expect(vendidos.items.map((o) => o.numero)).toEqual([numeros[3]]);
    const pendentes = await listar({ status: 'pendente', q: 'maria' });
    expect(pendentes.total).toBe(3);
    await refused(admin.api.orcamentos.$get({ query: { status: 'qualquer' } }), 400);
  });

  it('takes a search text with LIKE wildcards literally', async () => {
    expect((await listar({ q: '%' })).total).toBe(0);
  });
});

describe('permissions and company header', () => {
  it('holders of orcamentos alone can work with quotes; others get 403', async () => {
    const { client } = await userWith(env, ['orcamentos']);
    await ok(client.api.orcamentos.calcular.$post({ json: fullQuote() }));
    await ok(client.api.orcamentos.$get({ query: {} }));
    const other = await userWith(env, ['clientes']);
    await refused(other.client.api.orcamentos.calcular.$post({ json: fullQuote() }), 403);
    // the company's identity is on every printout: any signed-in user reads it (routes/empresa.ts)
    await ok(other.client.api.empresa.$get());
  });

  it('GET /api/empresa answers the company, seeded from the configured one', async () => {
    const empresa = await ok(admin.api.empresa.$get());
    expect(empresa.nome).toBe(env.deps.config.empresa.nome);
  });
});
