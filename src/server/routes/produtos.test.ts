import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clientes,
  fornecedores,
  orcamentoItens,
  orcamentos,
  produtos,
  TIPOS_UNIDADE as TIPOS_UNIDADE_DB,
} from '../../db/schema';
import { type produtoCreate, type produtoUpdate, TIPOS_UNIDADE } from '../../schemas/produtos';
import type { z } from '../../schemas/z';
import { apiSuite, fieldErrors, ok, refused, userWith, versionOf } from '../testing/harness';

const { env, admin } = apiSuite();
let marmoreraId: string;
let pedreiraId: string;
beforeAll(async () => {
  for (const nome of ['granito', 'mármore', 'quartzo']) {
    await ok(admin.api['categorias-produtos'].$post({ json: { nome } }), 201);
  }
  const [f1] = await env.db
    .insert(fornecedores)
    .values({ nome: 'Marmorera Sul', telefone: '1130000000' })
    .returning();
  const [f2] = await env.db
    .insert(fornecedores)
    .values({ nome: 'Pedreira Norte', telefone: '1140000000' })
    .returning();
  marmoreraId = f1!.id;
  pedreiraId = f2!.id;
});

// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Produto = z.input<typeof produtoCreate>;
type Alteracao = Omit<z.input<typeof produtoUpdate>, 'updated_at'>;
const criar = (json: Produto) => ok(admin.api.produtos.$post({ json }), 201);
const invalido = (json: Produto) => fieldErrors(admin.api.produtos.$post({ json }));
/** A change sent with the row's current version (read first, as the screen does). */
const alterar = async (id: string, json: Alteracao) => {
  const one = admin.api.produtos[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { ...json, updated_at } });
};
type Filtros = InferRequestType<typeof admin.api.produtos.$get>['query'];
const lista = (query: Filtros) => ok(admin.api.produtos.$get({ query }));

describe('/api/produtos', () => {
  it('the schema offers exactly the unit types the database accepts', () => {
    expect([...TIPOS_UNIDADE]).toEqual([...TIPOS_UNIDADE_DB]);
  });

  it('creates with the spec defaults: estoque 0, estoque_minimo 5, unidade and tipo_unidade m²', async () => {
    const res = await criar({
      nome: 'Branco Itaúnas',
      categoria: 'granito',
      valor_m2: 389.9,
    });
    expect(res).toMatchObject({
      nome: 'Branco Itaúnas',
      categoria: 'granito',
      valor_m2: 389.9,
      estoque: 0,
      estoque_minimo: 5,
      unidade: 'm²',
      tipo_unidade: 'm²',
      fornecedor_id: null,
      fornecedor_nome: null,
      descricao: null,
    });
  });

  it('requires nome, categoria and valor_m2 with pt-BR messages', async () => {
    // on purpose: a body without the required fields
    expect(await admin.invalidPost('/api/produtos', {})).toEqual({
      nome: 'Informe o nome do produto.',
      categoria: 'Selecione a categoria.',
      valor_m2: 'Informe o valor.',
    });
  });

  it('rejects bad values: tipo_unidade, negative price or stock, unknown category or supplier', async () => {
    const base = { nome: 'X', categoria: 'granito', valor_m2: 10 };
    // on purpose: a unit type outside the two
    expect((await admin.invalidPost('/api/produtos', { ...base, tipo_unidade: 'kg' })).tipo_unidade).toBe(
      'Tipo de unidade deve ser m² ou unitário.',
    );
    expect((await invalido({ ...base, valor_m2: -1 })).valor_m2).toBe('O valor não pode ser menor que 0.');
    // Issue 26 §2: R$ 99.999.999.999,00/m² was saved; prices stop where the quote's money fields do.
    expect((await invalido({ ...base, valor_m2: '99999999999.00' })).valor_m2).toBe(
      'O valor não pode ser maior que R$ 9.999.999,99.',
    );
    expect(
      (await fieldErrors(admin.api.acabamentos.$post({ json: { nome: 'Y', valor_ml: 10_000_000 } })))
        .valor_ml,
    ).toBe('O valor não pode ser maior que R$ 9.999.999,99.');
    expect(
      (await fieldErrors(admin.api.recortes.$post({ json: { nome: 'Y', valor: '10000000.00' } }))).valor,
    ).toBe('O valor não pode ser maior que R$ 9.999.999,99.');
    expect((await invalido({ ...base, estoque: -2 })).estoque).toMatch(/maior ou igual a zero/);

    expect((await invalido({ ...base, categoria: 'inexistente' })).categoria).toBe(
      'Categoria não encontrada.',
    );
    expect(
      (await invalido({ ...base, fornecedor_id: '00000000-0000-4000-8000-000000000000' })).fornecedor_id,
    ).toBe('Fornecedor não encontrado.');
    expect((await lista({ q: 'X' })).items.filter((p) => p.nome === 'X')).toEqual([]);
  });

  it('accepts a category typed in another case, a unitário product and decimal stock', async () => {
    const p = await criar({
      nome: 'Cuba de inox',
      categoria: ' Quartzo ',
      valor_m2: '150,50',
      tipo_unidade: 'unitário',
      unidade: 'un',
      estoque: '2.5',
      estoque_minimo: 1,
      descricao: 'Cuba 40 cm',
    });
    expect(p).toMatchObject({
      categoria: 'quartzo',
      valor_m2: 150.5,
      tipo_unidade: 'unitário',
      unidade: 'un',
      estoque: 2.5,
      estoque_minimo: 1,
      descricao: 'Cuba 40 cm',
    });
  });

  it('reads the supplier name with the product and never saves it back', async () => {
    const p = await criar({
      nome: 'Nero Marquina',
      categoria: 'mármore',
      valor_m2: 900,
      fornecedor_id: marmoreraId,
    });
    expect(p.fornecedor_nome).toBe('Marmorera Sul');
    const list = await lista({ q: 'nero' });
    expect(list.items[0]).toMatchObject({
      id: p.id,
      fornecedor_id: marmoreraId,
      fornecedor_nome: 'Marmorera Sul',
    });

    // The edit form sends the row back as read, fornecedor_nome included: it is ignored (on purpose
    // untyped: the update's body has no fornecedor_nome, id or created_at).
    const upd = await admin.patchCurrent(`/api/produtos/${p.id}`, {
      ...p,
      valor_m2: 950,
      fornecedor_nome: 'Nome falso',
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ valor_m2: 950, fornecedor_nome: 'Marmorera Sul' });
    const [f] = await env.db.select().from(fornecedores).where(eq(fornecedores.id, marmoreraId));
    expect(f!.nome).toBe('Marmorera Sul');

    const troca = await ok(alterar(p.id, { fornecedor_id: pedreiraId }));
    expect(troca.fornecedor_nome).toBe('Pedreira Norte');
    const sem = await ok(alterar(p.id, { fornecedor_id: '' }));
    expect(sem).toMatchObject({ fornecedor_id: null, fornecedor_nome: null });
  });

  it('a partial update changes only what it sends; a stale one is refused', async () => {
    const p = await criar({
      nome: 'Calacatta',
      categoria: 'mármore',
      valor_m2: 1200,
      fornecedor_id: pedreiraId,
      descricao: 'Importado',
    });
    const one = admin.api.produtos[':id'];
    const param = { id: p.id };
    const upd = await ok(one.$patch({ param, json: { estoque: 12, updated_at: p.updated_at } }));
    expect(upd).toMatchObject({
      estoque: 12,
      descricao: 'Importado',
      fornecedor_id: pedreiraId,
      valor_m2: 1200,
      categoria: 'mármore',
    });
    const stale = await refused(one.$patch({ param, json: { estoque: 1, updated_at: p.updated_at } }), 409);
    expect(stale.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    expect((await fieldErrors(alterar(p.id, { categoria: 'nenhuma' }))).categoria).toBe(
      'Categoria não encontrada.',
    );
  });

  it('searches by name or category, filters those below the minimum stock, pages in SQL', async () => {
    await criar({
      nome: 'Silestone Branco',
      categoria: 'quartzo',
      valor_m2: 1500,
      estoque: 3,
      estoque_minimo: 5,
    });
    await criar({
      nome: 'Silestone Cinza',
      categoria: 'quartzo',
      valor_m2: 1500,
      estoque: 5,
      estoque_minimo: 5,
    });

    expect((await lista({ q: 'silestone' })).total).toBe(2);
    const byCat = await lista({ q: 'QUARTZ' });
    expect(byCat.items.map((p) => p.nome).sort()).toEqual([
      'Cuba de inox',
      'Silestone Branco',
      'Silestone Cinza',
    ]);

    // below = estoque < estoque_minimo: 3 < 5 yes, 5 < 5 no; the products created with the default
    // estoque 0 < estoque_minimo 5 count too.
    const abaixo = await lista({ abaixo_minimo: 'true', limit: 200 });
    const nomes = abaixo.items.map((p) => p.nome);
    expect(nomes).toContain('Silestone Branco');
    expect(nomes).not.toContain('Silestone Cinza');
    for (const p of abaixo.items) expect(p.estoque).toBeLessThan(p.estoque_minimo);
    const all = await lista({ limit: 1 });
    expect(abaixo.total).toBeLessThan(all.total);
    // on purpose: a flag that is neither true nor false
    expect((await admin.get('/api/produtos?abaixo_minimo=talvez')).status).toBe(400);

    const page = await lista({ limit: 2, page: 2, sort: 'nome' });
    expect(page).toMatchObject({ page: 2, limit: 2, total: all.total });
    expect(page.items).toHaveLength(2);
    // default order: newest first
    expect((await lista({ limit: 1 })).items[0]!.nome).toBe('Silestone Cinza');
  });

  it('/opcoes answers id, nome, valor_m2, tipo_unidade, perda_percentual to produtos, orcamentos and vendas holders', async () => {
    expect(await ok(admin.api.produtos.opcoes.$get({ query: { q: 'cuba' } }))).toEqual([
      {
        id: expect.any(String),
        nome: 'Cuba de inox',
        valor_m2: 150.5,
        tipo_unidade: 'unitário',
        perda_percentual: 0,
      },
    ]);
    for (const perm of ['orcamentos', 'vendas'] as const) {
      const { client } = await userWith(env, [perm]);
      expect((await ok(client.api.produtos.opcoes.$get({ query: {} }))).length).toBeGreaterThan(0);
      await refused(client.api.produtos.$get({ query: {} }), 403);
    }
  });

  it('403 without the produtos permission', async () => {
    const sem = (await userWith(env, ['fornecedores', 'clientes'])).client.api.produtos;
    await refused(sem.$get({ query: {} }), 403);
    await refused(sem.opcoes.$get({ query: {} }), 403);
    await refused(
      sem.$post({ json: { nome: 'a', categoria: 'granito', valor_m2: 1 } satisfies Produto }),
      403,
    );
    const [p] = await env.db.select().from(produtos).limit(1);
    const param = { id: p!.id };
    const updated_at = await versionOf(sem[':id'].$get({ param }));
    await refused(sem[':id'].$patch({ param, json: { nome: 'b', updated_at } }), 403);
    await refused(sem[':id'].$delete({ param }), 403);
  });

  it('deletes a product; one that a quote uses gets 409 and stays', async () => {
    const one = admin.api.produtos[':id'];
    const livre = await criar({ nome: 'Para apagar', categoria: 'granito', valor_m2: 100 });
    await ok(one.$delete({ param: { id: livre.id } }), 204);
    await refused(one.$get({ param: { id: livre.id } }), 404);

    const usado = await criar({ nome: 'Usado em orçamento', categoria: 'granito', valor_m2: 100 });
    const [cli] = await env.db.insert(clientes).values({ nome: 'Cliente' }).returning();
    const [orc] = await env.db.insert(orcamentos).values({ cliente_id: cli!.id }).returning();
    await env.db.insert(orcamentoItens).values({
      orcamento_id: orc!.id,
      produto_id: usado.id,
      quantidade: '2',
      valor_unitario: '100.00',
      valor_total: '200.00',
      tipo_unidade: 'unitário',
    });
    const emUso = await refused(one.$delete({ param: { id: usado.id } }), 409);
    expect(emUso.title).toBe('Não é possível remover produto');
    expect(emUso.detail).toBe('Este produto é usado em 1 orçamento e não pode ser removido.');
    await ok(one.$get({ param: { id: usado.id } }));
  });
});
