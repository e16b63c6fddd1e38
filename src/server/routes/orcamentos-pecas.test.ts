import { sql } from 'drizzle-orm';
import type { ClientResponse, InferRequestType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { categoriasProdutos, orcamentoItens, orcamentos } from '../../db/schema';
import {
  answer,
  apiSuite,
  type Client,
  fieldMessages,
  ok,
  type Problem,
  refused,
  userWith,
  versionOf,
} from '../testing/harness';
import { seedCatalogoPecas, seedCliente, seedProduto } from './vendas.test-helpers';

/**
 * Issue 14 through the API: the catalogues of finishes and cutouts, and quotes priced with edges,
 * cutouts, loss and strips. Runs on PGlite and, in `npm test`, again on PostgreSQL 15.
 */
const { env, admin } = apiSuite();
const ids = {} as Record<
  | 'cliente'
  | 'granito'
  | 'carrara'
  | 'cuba_inox'
  | 'boleado'
  | 'reto'
  | 'chanfrado_inativo'
  | 'cuba'
  | 'cooktop'
  | 'furo'
  | 'recorte_inativo',
  string
>;

type NovoOrcamento = InferRequestType<Client['api']['orcamentos']['$post']>['json'];
type Item = NonNullable<NovoOrcamento['itens']>[number];
type Acabamento = InferRequestType<Client['api']['acabamentos']['$post']>['json'];
type Recorte = InferRequestType<Client['api']['recortes']['$post']>['json'];
const criarAcabamento = async (json: Acabamento) => (await ok(admin.api.acabamentos.$post({ json }), 201)).id;
const criarRecorte = async (json: Recorte) => (await ok(admin.api.recortes.$post({ json }), 201)).id;
/** Changes sent with the row's current version (read first, as the screens do). */
const alterarAcabamento = async (
  id: string,
  json: Omit<InferRequestType<Client['api']['acabamentos'][':id']['$patch']>['json'], 'updated_at'>,
) => {
  const one = admin.api.acabamentos[':id'];
  return one.$patch({
    param: { id },
    json: { ...json, updated_at: await versionOf(one.$get({ param: { id } })) },
  });
};
const alterarRecorte = async (
  id: string,
  json: Omit<InferRequestType<Client['api']['recortes'][':id']['$patch']>['json'], 'updated_at'>,
) => {
  const one = admin.api.recortes[':id'];
  return one.$patch({
    param: { id },
    json: { ...json, updated_at: await versionOf(one.$get({ param: { id } })) },
  });
};
const alterarProduto = async (
  id: string,
  json: Omit<InferRequestType<Client['api']['produtos'][':id']['$patch']>['json'], 'updated_at'>,
) => {
  const one = admin.api.produtos[':id'];
  return one.$patch({
    param: { id },
    json: { ...json, updated_at: await versionOf(one.$get({ param: { id } })) },
  });
};
const criarOrcamento = (json: NovoOrcamento) => ok(admin.api.orcamentos.$post({ json }), 201);
const lerOrcamento = (id: string) => ok(admin.api.orcamentos[':id'].$get({ param: { id } }));
const substituir = async (id: string, json: NovoOrcamento) => {
  const one = admin.api.orcamentos[':id'];
  return one.$put({
    param: { id },
    json: { ...json, updated_at: await versionOf(one.$get({ param: { id } })) },
  });
};

beforeAll(async () => {
  const db = env.db;
  await db.insert(categoriasProdutos).values({ nome: 'pedras' });
  ids.cliente = (await seedCliente(env, 'Helena Duarte')).id;
  // Granite loses 10 % in cutting by default; Carrara has no loss (the default of every product).
  const granito = await ok(
    admin.api.produtos.$post({
      json: {
        nome: 'Granito Preto São Gabriel',
        categoria: 'pedras',
        valor_m2: '450.00',
        tipo_unidade: 'm²',
        perda_percentual: '10',
      },
    }),
    201,
  );
  expect(granito.perda_percentual).toBe(10);
  ids.granito = granito.id;
  ids.carrara = (await seedProduto(env, 'Mármore Carrara', '389.90')).id;
  ids.cuba_inox = (await seedProduto(env, 'Cuba inox', '185.00', 'unitário')).id;
  Object.assign(ids, await seedCatalogoPecas(admin));
  ids.chanfrado_inativo = await criarAcabamento({
    nome: 'Chanfrado',
    valor_ml: 40,
    status: 'inativo',
  });
  ids.cooktop = await criarRecorte({ nome: 'Cooktop', valor: 95 });
  ids.furo = await criarRecorte({ nome: 'Furo de torneira', valor: 15 });
  ids.recorte_inativo = await criarRecorte({
    nome: 'Cuba esculpida',
    valor: 480,
    status: 'inativo',
  });
});

/**
 * A bancada 2.40 × 0.60 with front (boleado) and left (reto) edges, a cuba and a cooktop; the saia
 * along its front; and two small pieces with their own loss and three tap holes each. No labour,
 * freight, margin or card, so the total is the materials.
 */
function pecasQuote(extra: Partial<NovoOrcamento> = {}): NovoOrcamento & { itens: Item[] } {
  return {
    cliente_id: ids.cliente,
    margem_lucro: 0,
    itens: [
      {
        produto_id: ids.granito,
        quantidade: 1,
        medida1: '2.40',
        medida2: '0.60',
        bordas: [
          { lado: 'esquerda', acabamento_id: ids.reto },
          { lado: 'frente', acabamento_id: ids.boleado },
        ],
        recortes: [
          { recorte_id: ids.cuba, quantidade: 1 },
          { recorte_id: ids.cooktop, quantidade: 1 },
        ],
      },
      {
        produto_id: ids.granito,
        quantidade: 1,
        medida1: '2.40',
        medida2: '0.10',
        perda_percentual: 0,
        bordas: [{ lado: 'frente', acabamento_id: ids.reto }],
        faixa: { tipo: 'saia', item: 0, lado: 'frente' },
      },
      {
        produto_id: ids.granito,
        quantidade: 2,
        medida1: 0.5,
        medida2: 0.4,
        perda_percentual: '5.5',
        recortes: [{ recorte_id: ids.furo, quantidade: 3 }],
      },
    ],
    ...extra,
  } as NovoOrcamento & { itens: Item[] };
}

// Worked out by hand:
// line 0: area 2.40 × 0.60 = 1.44 m²; stone 1.44 × 450.00 × 1 × 1.10 (product's 10 % loss) = 712.80
//         edges: front 2.40 m × 62.50 = 150.00, left 0.60 m × 35.00 = 21.00 → 171.00 (3.0 m)
//         cutouts 1 × 120.00 + 1 × 95.00 = 215.00; line total 712.80 + 171.00 + 215.00 = 1098.80
// line 1 (saia): 2.40 × 0.10 = 0.24 m² × 450.00 × 1.00 (loss 0 given) = 108.00;
//         front 2.40 × 35.00 = 84.00; total 192.00
// line 2: 0.50 × 0.40 = 0.2 m² × 450.00 × 2 × 1.055 = 189.90; cutouts 3 × 15.00 × 2 = 90.00; total 279.90
// pedra 712.80 + 108.00 + 189.90 = 1010.70; bordas 171.00 + 84.00 = 255.00; recortes 215.00 + 90.00 = 305.00
// materiais = total (no labour, freight, margin, card) = 1570.70
const ITENS = [
  {
    area: 1.44,
    perda_percentual: 10,
    valor_material: 712.8,
    metros_borda: 3,
    valor_bordas: 171,
    valor_recortes: 215,
    valor_total: 1098.8,
  },
  {
    area: 0.24,
    perda_percentual: 0,
    valor_material: 108,
    metros_borda: 2.4,
    valor_bordas: 84,
    valor_recortes: 0,
    valor_total: 192,
  },
  {
    area: 0.2,
    perda_percentual: 5.5,
    valor_material: 189.9,
    metros_borda: 0,
    valor_bordas: 0,
    valor_recortes: 90,
    valor_total: 279.9,
  },
];

async function counts() {
  const [r] = await queryRows<{ o: number; i: number; b: number; r: number }>(
    env.db,
    sql`select (select count(*) from orcamentos)::int as o, (select count(*) from orcamento_itens)::int as i,
        (select count(*) from orcamento_item_bordas)::int as b, (select count(*) from orcamento_item_recortes)::int as r`,
  );
  return r!;
}

describe('catalogues /api/acabamentos and /api/recortes', () => {
  it('lists, filters by status and answers the active options to quote builders only', async () => {
    const list = await ok(admin.api.acabamentos.$get({ query: { sort: 'nome' } }));
    expect(list.items.map((a) => a.nome)).toEqual(['Boleado', 'Chanfrado', 'Reto polido']);
    expect(list.items[0]!.valor_ml).toBe(62.5);
    const inativos = await ok(admin.api.recortes.$get({ query: { status: 'inativo' } }));
    expect(inativos.items.map((r) => r.nome)).toEqual(['Cuba esculpida']);

    const { client: vendedor } = await userWith(env, ['orcamentos']);
    const opcoes = await ok(vendedor.api.acabamentos.opcoes.$get({ query: {} }));
    expect(opcoes).toEqual([
      { id: ids.boleado, nome: 'Boleado', valor_ml: 62.5 },
      { id: ids.reto, nome: 'Reto polido', valor_ml: 35 },
    ]);
    expect((await ok(vendedor.api.recortes.opcoes.$get({ query: {} }))).map((r) => r.nome)).toEqual([
      'Cooktop',
      'Cuba de embutir',
      'Furo de torneira',
    ]);
    await refused(vendedor.api.acabamentos.$get({ query: {} }), 403);
    await refused(vendedor.api.recortes.$post({ json: { nome: 'X', valor: 1 } }), 403);
  });

  it('refuses a negative price or an empty name in pt-BR, naming the field', async () => {
    const neg = await refused(
      admin.api.acabamentos.$post({ json: { nome: 'Meia-esquadria', valor_ml: -1 } }),
      400,
    );
    expect(neg.errors?.[0]?.path).toBe('valor_ml');
    const semNome = await refused(admin.api.recortes.$post({ json: { nome: '  ', valor: 10 } }), 400);
    expect(semNome.errors?.[0]).toMatchObject({ path: 'nome', message: 'Informe o nome do recorte.' });
    // on purpose: a status outside the two
    const status = await admin.post('/api/recortes', { nome: 'Furo', valor: 10, status: 'talvez' });
    expect(status.body.errors[0].path).toBe('status');
  });

  it('PATCH changes only what it is sent: an inactive entry stays inactive (issue 26 §2)', async () => {
    const a = await criarAcabamento({ nome: 'Meia-cana', valor_ml: 55, status: 'inativo' });
    const r = await criarRecorte({ nome: 'Ralo linear', valor: 90, status: 'inativo' });
    const pa = await ok(alterarAcabamento(a, { valor_ml: '57.50' }));
    expect(pa).toMatchObject({ nome: 'Meia-cana', valor_ml: 57.5, status: 'inativo' });
    const pr = await ok(alterarRecorte(r, { nome: 'Ralo linear 80 cm' }));
    expect(pr).toMatchObject({ nome: 'Ralo linear 80 cm', valor: 90, status: 'inativo' });
  });

  it('products carry perda_percentual (0–100, two decimals)', async () => {
    const bad = await refused(alterarProduto(ids.carrara, { perda_percentual: 100.5 }), 400);
    expect(bad.errors?.[0]?.path).toBe('perda_percentual');
    await refused(alterarProduto(ids.carrara, { perda_percentual: '1.234' }), 400);
    const carrara = await ok(admin.api.produtos[':id'].$get({ param: { id: ids.carrara } }));
    expect(carrara.perda_percentual).toBe(0);
  });
});

describe('quotes with edges, cutouts, loss and strips', () => {
  it('/calcular answers each figure to the cent and the split of materiais', async () => {
    const res = await ok(admin.api.orcamentos.calcular.$post({ json: pecasQuote() }));
    expect(res.itens).toEqual(ITENS.map((i) => expect.objectContaining(i)));
    expect(res).toMatchObject({
      materiais: 1570.7,
      pedra: 1010.7,
      bordas: 255,
      recortes: 305,
      subtotal: 1570.7,
      margem: 0,
      total: 1570.7,
    });
  });

  it('saves the snapshot and GET answers it with the names and prices copied', async () => {
    const res = await criarOrcamento(pecasQuote());
    const o = await lerOrcamento(res.id);
    expect(o.valor_total).toBe(1570.7);
    expect(o.resumo).toMatchObject({ materiais: 1570.7, pedra: 1010.7, bordas: 255, recortes: 305 });
    expect(o.itens).toEqual(ITENS.map((i) => expect.objectContaining(i)));
    // Sides come back in the drawing's order (frente, fundo, esquerda, direita), whatever was sent.
    expect(o.itens[0]!.bordas).toEqual([
      { lado: 'frente', acabamento_id: ids.boleado, nome: 'Boleado', valor_ml: 62.5 },
      { lado: 'esquerda', acabamento_id: ids.reto, nome: 'Reto polido', valor_ml: 35 },
    ]);
    expect(o.itens[0]!.recortes).toEqual([
      { recorte_id: ids.cuba, nome: 'Cuba de embutir', valor: 120, quantidade: 1 },
      { recorte_id: ids.cooktop, nome: 'Cooktop', valor: 95, quantidade: 1 },
    ]);
    expect(o.itens[0]!.faixa).toBeNull();
    expect(o.itens[1]!.faixa).toEqual({ tipo: 'saia', item: 0, lado: 'frente' });
    expect(o.itens[2]!.recortes).toEqual([
      { recorte_id: ids.furo, nome: 'Furo de torneira', valor: 15, quantidade: 3 },
    ]);
  });

  it('the work order of the sale carries each piece with its finished sides and cutouts for the workshop (issue 17)', async () => {
    const res = await criarOrcamento(pecasQuote());
    const got = await lerOrcamento(res.id);
    await ok(
      admin.api.orcamentos[':id'].venda.$post({
        param: { id: res.id },
        json: { updated_at: got.updated_at },
      }),
      201,
    );
    const [os] = await queryRows<{ id: string }>(
      env.db,
      sql`select id from ordens_servico where orcamento_id = ${res.id}`,
    );
    const detalhe = await ok(admin.api['ordens-servico'][':id'].$get({ param: { id: os!.id } }));
    expect(detalhe.itens[0]!.bordas).toEqual([
      { lado: 'frente', nome: 'Boleado' },
      { lado: 'esquerda', nome: 'Reto polido' },
    ]);
    expect(detalhe.itens[0]!.recortes).toEqual([
      { nome: 'Cuba de embutir', quantidade: 1 },
      { nome: 'Cooktop', quantidade: 1 },
    ]);
    expect(detalhe.itens[2]!.recortes).toEqual([{ nome: 'Furo de torneira', quantidade: 3 }]);
  });

  it('editing the catalogue or the product never changes a saved quote; deleting a used entry is 409', async () => {
    const id = (await criarOrcamento(pecasQuote())).id;
    await ok(alterarAcabamento(ids.boleado, { valor_ml: 99, nome: 'Boleado duplo' }));
    await ok(alterarRecorte(ids.cuba, { valor: 150 }));
    await ok(alterarProduto(ids.granito, { perda_percentual: 20 }));
    const o = await lerOrcamento(id);
    expect(o.valor_total).toBe(1570.7);
    expect(o.itens[0]).toMatchObject(ITENS[0]!);
    expect(o.itens[0]!.bordas[0]).toMatchObject({ nome: 'Boleado', valor_ml: 62.5 });
    expect(o.itens[0]!.recortes[0]).toMatchObject({ nome: 'Cuba de embutir', valor: 120 });

    const antes = await counts();
    const del = await refused(admin.api.acabamentos[':id'].$delete({ param: { id: ids.boleado } }), 409);
    expect(del.detail).toMatch(/Este acabamento é usado em \d+ orçamentos? e não pode ser removido/);
    const delR = await refused(admin.api.recortes[':id'].$delete({ param: { id: ids.furo } }), 409);
    expect(delR.detail).toMatch(/Este recorte é usado em/);
    expect(await counts()).toEqual(antes);
    // An entry no saved quote uses goes away.
    const livre = await criarRecorte({ nome: 'Rebaixo', valor: 30 });
    await ok(admin.api.recortes[':id'].$delete({ param: { id: livre } }), 204);

    // Restore the prices the other tests work with.
    await ok(alterarAcabamento(ids.boleado, { valor_ml: '62.50', nome: 'Boleado' }));
    await ok(alterarRecorte(ids.cuba, { valor: 120 }));
    await ok(alterarProduto(ids.granito, { perda_percentual: 10 }));
  });

  it('PUT replaces the snapshot (a side removed, a cutout added) and reprices', async () => {
    const id = (await criarOrcamento(pecasQuote())).id;
    const body = pecasQuote();
    const linha = body.itens[0]!;
    linha.bordas = [{ lado: 'frente', acabamento_id: ids.boleado }];
    linha.recortes = [...linha.recortes!, { recorte_id: ids.furo, quantidade: 1 }];
    const res = await answer(substituir(id, body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // line 0 now: edges 2.40 × 62.50 = 150.00 (2.4 m); cutouts 120 + 95 + 15 = 230.00;
    // total 712.80 + 150.00 + 230.00 = 1092.80; quote 1092.80 + 192.00 + 279.90 = 1564.70
    expect(res.body.itens[0]).toMatchObject({
      metros_borda: 2.4,
      valor_bordas: 150,
      valor_recortes: 230,
      valor_total: 1092.8,
    });
    expect(res.body.itens[0]!.bordas).toHaveLength(1);
    expect(res.body.itens[0]!.recortes).toHaveLength(3);
    expect(res.body.valor_total).toBe(1564.7);
  });

  /** A Carrara line 1.85 × 0.55 without pieces: 1.0175 m² × 389.90 = 396.72325 → R$ 396,72 of stone only. */
  const CARRARA_SO_PEDRA = {
    valor_total: 396.72,
    valor_material: 396.72,
    perda_percentual: 0,
    metros_borda: 0,
    valor_bordas: 0,
    valor_recortes: 0,
    bordas: [],
    recortes: [],
  };

  it('a quote without the new fields is priced exactly as before', async () => {
    // 1.85 × 0.55 = 1.0175 m² × 389.90 × 1 = 396.72325 → 396.72 (Carrara has no loss); 2 × 185.00 = 370.00
    // materiais 766.72, margin 0 → total 766.72
    const res = await criarOrcamento({
      cliente_id: ids.cliente,
      margem_lucro: 0,
      itens: [
        { produto_id: ids.carrara, quantidade: 1, medida1: '1.85', medida2: '0.55' },
        { produto_id: ids.cuba_inox, quantidade: 2 },
      ],
    });
    expect(res.valor_total).toBe(766.72);
    expect(res.resumo).toMatchObject({ materiais: 766.72, pedra: 766.72, bordas: 0, recortes: 0 });
    expect(res.itens[0]).toMatchObject(CARRARA_SO_PEDRA);
    expect(res.itens[1]).toMatchObject({
      valor_total: 370,
      valor_material: 370,
      bordas: [],
      recortes: [],
    });
  });

  it('a quote saved before issue 14 (no snapshot columns, no split in resumo) opens unchanged', async () => {
    const [o] = await env.db
      .insert(orcamentos)
      .values({
        cliente_id: ids.cliente,
        valor_total: '396.72',
        margem_lucro: '0',
        resumo: { materiais: '396.72', total: '396.72', subtotal: '396.72' },
      })
      .returning();
    await env.db.insert(orcamentoItens).values({
      orcamento_id: o!.id,
      produto_id: ids.carrara,
      quantidade: '1',
      valor_unitario: '389.90',
      valor_total: '396.72',
      medida1: '1.85',
      medida2: '0.55',
      area: '1.0175',
    });
    const got = await lerOrcamento(o!.id);
    expect(got.resumo).toMatchObject({
      materiais: 396.72,
      total: 396.72,
      pedra: 396.72,
      bordas: 0,
      recortes: 0,
    });
    expect(got.itens[0]).toMatchObject({
      ...CARRARA_SO_PEDRA,
      faixa: null,
      valor_total_exibido: 396.72,
    });
  });
});

describe('bad input on the new fields: 400 naming the field, nothing saved', () => {
  const linha = (extra: Partial<Item>): Item => ({
    produto_id: ids.granito,
    quantidade: 1,
    medida1: 1,
    medida2: 0.5,
    ...extra,
  });
  const cases: [string, () => Item, string, RegExp][] = [
    [
      'a side twice',
      () =>
        linha({
          bordas: [
            { lado: 'frente', acabamento_id: ids.reto },
            { lado: 'frente', acabamento_id: ids.boleado },
          ],
        }),
      'itens.0.bordas.1.lado',
      /mais de uma vez/,
    ],
    [
      'an inactive finish',
      () => linha({ bordas: [{ lado: 'fundo', acabamento_id: ids.chanfrado_inativo }] }),
      'itens.0.bordas.0.acabamento_id',
      /"Chanfrado" está inativo/,
    ],
    [
      'an unknown finish',
      () => linha({ bordas: [{ lado: 'fundo', acabamento_id: '00000000-0000-4000-8000-000000000000' }] }),
      'itens.0.bordas.0.acabamento_id',
      /Acabamento não encontrado/,
    ],
    [
      'a malformed finish id',
      () => linha({ bordas: [{ lado: 'fundo', acabamento_id: 'boleado' }] }),
      'itens.0.bordas.0.acabamento_id',
      /Acabamento inválido/,
    ],
    [
      'an inactive cutout',
      () => linha({ recortes: [{ recorte_id: ids.recorte_inativo, quantidade: 1 }] }),
      'itens.0.recortes.0.recorte_id',
      /"Cuba esculpida" está inativo/,
    ],
    [
      'an unknown cutout',
      () => linha({ recortes: [{ recorte_id: '00000000-0000-4000-8000-000000000001', quantidade: 1 }] }),
      'itens.0.recortes.0.recorte_id',
      /Recorte não encontrado/,
    ],
    [
      'cutout quantity 0',
      () => linha({ recortes: [{ recorte_id: ids.cuba, quantidade: 0 }] }),
      'itens.0.recortes.0.quantidade',
      /número inteiro/,
    ],
    [
      'negative cutout quantity',
      () => linha({ recortes: [{ recorte_id: ids.cuba, quantidade: -2 }] }),
      'itens.0.recortes.0.quantidade',
      /número inteiro/,
    ],
    [
      'fractional cutout quantity',
      () => linha({ recortes: [{ recorte_id: ids.cuba, quantidade: 1.5 }] }),
      'itens.0.recortes.0.quantidade',
      /número inteiro/,
    ],
    [
      'a loss over 100 %',
      () => linha({ perda_percentual: 100.01 }),
      'itens.0.perda_percentual',
      /entre 0 e 100/,
    ],
    ['a negative loss', () => linha({ perda_percentual: -1 }), 'itens.0.perda_percentual', /entre 0 e 100/],
    [
      'edges on a unit item',
      () => ({
        produto_id: ids.cuba_inox,
        quantidade: 1,
        bordas: [{ lado: 'frente', acabamento_id: ids.reto }],
      }),
      'itens.0.bordas',
      /unitários não aceitam bordas/,
    ],
    [
      'cutouts on a unit item',
      () => ({
        produto_id: ids.cuba_inox,
        quantidade: 1,
        recortes: [{ recorte_id: ids.cuba, quantidade: 1 }],
      }),
      'itens.0.recortes',
      /unitários não aceitam recortes/,
    ],
    [
      'loss on a unit item',
      () => ({ produto_id: ids.cuba_inox, quantidade: 1, perda_percentual: 5 }),
      'itens.0.perda_percentual',
      /unitários não aceitam perda/,
    ],
    [
      'a strip along itself',
      () => linha({ faixa: { tipo: 'saia', item: 0, lado: 'frente' } }),
      'itens.0.faixa.item',
      /outra peça/,
    ],
  ];

  for (const [name, item, path, message] of cases) {
    it(name, async () => {
      const antes = await counts();
      const json = { cliente_id: ids.cliente, itens: [item()] };
      // saving and /calcular, one after the other
      const chamadas: (() => Promise<ClientResponse<unknown>>)[] = [
        () => admin.api.orcamentos.$post({ json }),
        () => admin.api.orcamentos.calcular.$post({ json }),
      ];
      for (const chamar of chamadas) {
        const res = await answer(chamar());
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/problem\+json/);
        expect(fieldMessages(res.body as unknown as Problem)[path], JSON.stringify(res.body)).toMatch(
          message,
        );
      }
      expect(await counts()).toEqual(antes);
    });
  }

  // on purpose: a side and a strip kind outside their lists (the types refuse them)
  const malformados: [string, () => Record<string, unknown>, string, RegExp][] = [
    [
      'unknown side',
      () => ({ ...linha({}), bordas: [{ lado: 'cima', acabamento_id: ids.reto }] }),
      'itens.0.bordas.0.lado',
      /Lado inválido/,
    ],
    [
      'a strip of an unknown kind',
      () => ({ ...linha({}), faixa: { tipo: 'rodape', item: 0, lado: 'frente' } }),
      'itens.0.faixa.tipo',
      /saia ou frontao/,
    ],
  ];
  for (const [name, item, path, message] of malformados) {
    it(name, async () => {
      const antes = await counts();
      for (const url of ['/api/orcamentos', '/api/orcamentos/calcular']) {
        const res = await admin.post(url, { cliente_id: ids.cliente, itens: [item()] });
        expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/problem\+json/);
        const erro = (res.body.errors ?? []).find((e: { path: string }) => e.path === path);
        expect(erro, JSON.stringify(res.body)).toBeDefined();
        expect(erro.message).toMatch(message);
      }
      expect(await counts()).toEqual(antes);
    });
  }

  it('PUT with bad input leaves the saved quote as it was', async () => {
    const id = (await criarOrcamento(pecasQuote())).id;
    const antes = await lerOrcamento(id);
    const body = pecasQuote();
    body.itens[0]!.bordas = [{ lado: 'frente', acabamento_id: ids.chanfrado_inativo }];
    const res = await refused(substituir(id, body), 400);
    expect(res.errors?.[0]?.path).toBe('itens.0.bordas.0.acabamento_id');
    expect(await lerOrcamento(id)).toEqual(antes);
  });
});
