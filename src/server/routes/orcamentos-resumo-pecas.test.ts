import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orcamentoLinhaSchema } from '../../db/queries/orcamentos';
import { categoriasProdutos, clientes, orcamentoItens, orcamentos, produtos } from '../../db/schema';
import { type Client, createTestDeps, loginAdmin, ok, type TestEnv } from '../testing/harness';
import { seedCatalogoPecas } from './vendas.test-helpers';

/**
 * Issue 14 §5 "history and details list them": each row of `GET /api/orcamentos` carries its pieces
 * summed up (`resumo_pecas`). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL 15.
 */
let env: TestEnv;
let admin: Client;
const ids = {} as Record<'cliente' | 'granito' | 'cuba_inox' | 'boleado' | 'reto' | 'cuba', string>;

beforeAll(async () => {
  env = await createTestDeps();
  admin = await loginAdmin(env);
  await env.db.insert(categoriasProdutos).values({ nome: 'pedras' });
  const [cliente] = await env.db.insert(clientes).values({ nome: 'Resumo Peças Ltda' }).returning();
  ids.cliente = cliente!.id;
  const [granito, cuba] = await env.db
    .insert(produtos)
    .values([
      { nome: 'Granito Preto São Gabriel', categoria: 'pedras', valor_m2: '450.00', tipo_unidade: 'm²' },
      { nome: 'Cuba inox', categoria: 'pedras', valor_m2: '185.00', tipo_unidade: 'unitário' },
    ])
    .returning();
  ids.granito = granito!.id;
  ids.cuba_inox = cuba!.id;
  Object.assign(ids, await seedCatalogoPecas(admin));
});
afterAll(() => env.close());

type Itens = InferRequestType<Client['api']['orcamentos']['$post']>['json']['itens'];

function salvar(itens: Itens) {
  return ok(admin.api.orcamentos.$post({ json: { cliente_id: ids.cliente, margem_lucro: 0, itens } }), 201);
}

/** The list's row of quote `id`, found by its number (other quotes of this file are on the list too). */
async function linha(o: { id: string; numero: number }) {
  const res = await ok(admin.api.orcamentos.$get({ query: { q: String(o.numero) } }));
  return res.items.find((r) => r.id === o.id);
}

describe('GET /api/orcamentos: each row sums up its pieces', () => {
  it('two pieces: a bancada with front and left finished and a sink cutout, and a unit cuba', async () => {
    const o = await salvar([
      {
        produto_id: ids.granito,
        quantidade: 1,
        medida1: '2.40',
        medida2: '0.60',
        bordas: [
          { lado: 'frente', acabamento_id: ids.boleado },
          { lado: 'esquerda', acabamento_id: ids.reto },
        ],
        recortes: [{ recorte_id: ids.cuba, quantidade: 1 }],
      },
      { produto_id: ids.cuba_inox, quantidade: 1 },
    ]);
    const row = await linha(o);
    // Worked out by hand: front measures medida1 = 2.40 m, left measures medida2 = 0.60 m, so the
    // bancada has 2.40 + 0.60 = 3.00 m of finished edge, × quantity 1 = 3.00 m; the cuba (a unit
    // item) has none. One cutout × 1 piece = 1. Two lines.
    expect(row).toMatchObject({ resumo_pecas: { itens: 2, metros_borda: 3, recortes: 1 } });
    // the row is what the route documents (OpenAPI), field for field
    orcamentoLinhaSchema.strict().parse(row);
  });

  it('multiplies by each line’s quantity', async () => {
    const o = await salvar([
      {
        produto_id: ids.granito,
        quantidade: 3,
        medida1: '1.85',
        medida2: '0.55',
        bordas: [
          { lado: 'frente', acabamento_id: ids.reto },
          { lado: 'direita', acabamento_id: ids.reto },
        ],
        recortes: [{ recorte_id: ids.cuba, quantidade: 2 }],
      },
    ]);
    // By hand: per piece 1.85 (front) + 0.55 (right) = 2.40 m; 3 pieces → 7.20 m.
    // Cutouts: 2 per piece × 3 pieces = 6.
    expect((await linha(o))?.resumo_pecas).toEqual({ itens: 1, metros_borda: 7.2, recortes: 6 });
  });

  it('a quote saved before issue 14 (no metres, no cutouts) shows just its item count', async () => {
    const [o] = await env.db
      .insert(orcamentos)
      .values({ cliente_id: ids.cliente, valor_total: '396.72', margem_lucro: '0' })
      .returning();
    await env.db.insert(orcamentoItens).values(
      [0, 1].map((posicao) => ({
        orcamento_id: o!.id,
        posicao,
        produto_id: ids.granito,
        quantidade: '1',
        valor_unitario: '450.00',
        valor_total: '198.36',
        medida1: '0.80',
        medida2: '0.551',
        area: '0.4408',
      })),
    );
    expect((await linha(o!))?.resumo_pecas).toEqual({ itens: 2, metros_borda: 0, recortes: 0 });
  });

  it('a row on a later page carries its own summary (the page is chosen before it is summed)', async () => {
    const o = await salvar([
      {
        produto_id: ids.granito,
        quantidade: 1,
        medida1: '1.00',
        medida2: '0.50',
        bordas: [{ lado: 'fundo', acabamento_id: ids.reto }],
      },
    ]);
    const novo = await salvar([{ produto_id: ids.cuba_inox, quantidade: 2 }]);
    // Newest first: `novo` is on page 1 of one row, `o` on page 2.
    const p1 = await ok(admin.api.orcamentos.$get({ query: { limit: 1, page: 1 } }));
    expect(p1.items[0]).toMatchObject({
      id: novo.id,
      resumo_pecas: { itens: 1, metros_borda: 0, recortes: 0 },
    });
    const p2 = await ok(admin.api.orcamentos.$get({ query: { limit: 1, page: 2 } }));
    // By hand: the back (fundo) measures medida1 = 1.00 m, × 1 piece = 1.00 m.
    expect(p2.items[0]).toMatchObject({
      id: o.id,
      resumo_pecas: { itens: 1, metros_borda: 1, recortes: 0 },
    });
    expect(p2.total).toBe(p1.total);
  });
});
