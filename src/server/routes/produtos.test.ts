import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clientes,
  fornecedores,
  orcamentoItens,
  orcamentos,
  produtos,
  TIPOS_UNIDADE as TIPOS_UNIDADE_DB,
} from '../../db/schema';
import { TIPOS_UNIDADE } from '../../schemas/produtos';
import { apiSuite, fieldMessages, okBody, userWith } from '../testing/harness';

const { env, admin } = apiSuite();
let marmoreraId: string;
let pedreiraId: string;
beforeAll(async () => {
  for (const nome of ['granito', 'mármore', 'quartzo']) {
    expect((await admin.post('/api/categorias-produtos', { nome })).status).toBe(201);
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

const criar = (body: Record<string, unknown>) => admin.create('/api/produtos', body);

describe('/api/produtos', () => {
  it('the schema offers exactly the unit types the database accepts', () => {
    expect([...TIPOS_UNIDADE]).toEqual([...TIPOS_UNIDADE_DB]);
  });

  it('creates with the spec defaults: estoque 0, estoque_minimo 5, unidade and tipo_unidade m²', async () => {
    const res = await admin.create('/api/produtos', {
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
    expect(await admin.invalidPost('/api/produtos', {})).toEqual({
      nome: 'Informe o nome do produto.',
      categoria: 'Selecione a categoria.',
      valor_m2: 'Informe o valor.',
    });
  });

  it('rejects bad values: tipo_unidade, negative price or stock, unknown category or supplier', async () => {
    const base = { nome: 'X', categoria: 'granito', valor_m2: 10 };
    expect((await admin.invalidPost('/api/produtos', { ...base, tipo_unidade: 'kg' })).tipo_unidade).toBe(
      'Tipo de unidade deve ser m² ou unitário.',
    );
    expect((await admin.invalidPost('/api/produtos', { ...base, valor_m2: -1 })).valor_m2).toBe(
      'O valor não pode ser menor que 0.',
    );
    // Issue 26 §2: R$ 99.999.999.999,00/m² was saved; prices stop where the quote's money fields do.
    expect((await admin.invalidPost('/api/produtos', { ...base, valor_m2: '99999999999.00' })).valor_m2).toBe(
      'O valor não pode ser maior que R$ 9.999.999,99.',
    );
    expect((await admin.invalidPost('/api/acabamentos', { nome: 'Y', valor_ml: 10_000_000 })).valor_ml).toBe(
      'O valor não pode ser maior que R$ 9.999.999,99.',
    );
    expect((await admin.invalidPost('/api/recortes', { nome: 'Y', valor: '10000000.00' })).valor).toBe(
      'O valor não pode ser maior que R$ 9.999.999,99.',
    );
    expect((await admin.invalidPost('/api/produtos', { ...base, estoque: -2 })).estoque).toMatch(
      /maior ou igual a zero/,
    );

    expect((await admin.invalidPost('/api/produtos', { ...base, categoria: 'inexistente' })).categoria).toBe(
      'Categoria não encontrada.',
    );
    expect(
      (
        await admin.invalidPost('/api/produtos', {
          ...base,
          fornecedor_id: '00000000-0000-4000-8000-000000000000',
        })
      ).fornecedor_id,
    ).toBe('Fornecedor não encontrado.');
    expect(
      (await admin.get('/api/produtos?q=X')).body.items.filter((p: { nome: string }) => p.nome === 'X'),
    ).toEqual([]);
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
    const list = await admin.get('/api/produtos?q=nero');
    expect(list.body.items[0]).toMatchObject({
      id: p.id,
      fornecedor_id: marmoreraId,
      fornecedor_nome: 'Marmorera Sul',
    });

    // The edit form sends the row back as read, fornecedor_nome included: it is ignored.
    const upd = await admin.patchCurrent(`/api/produtos/${p.id}`, {
      ...p,
      valor_m2: 950,
      fornecedor_nome: 'Nome falso',
    });
    expect(okBody(upd)).toMatchObject({ valor_m2: 950, fornecedor_nome: 'Marmorera Sul' });
    const [f] = await env.db.select().from(fornecedores).where(eq(fornecedores.id, marmoreraId));
    expect(f!.nome).toBe('Marmorera Sul');

    const troca = await admin.patchCurrent(`/api/produtos/${p.id}`, { fornecedor_id: pedreiraId });
    expect(troca.body.fornecedor_nome).toBe('Pedreira Norte');
    const sem = await admin.patchCurrent(`/api/produtos/${p.id}`, { fornecedor_id: '' });
    expect(sem.body).toMatchObject({ fornecedor_id: null, fornecedor_nome: null });
  });

  it('a partial update changes only what it sends; a stale one is refused', async () => {
    const p = await criar({
      nome: 'Calacatta',
      categoria: 'mármore',
      valor_m2: 1200,
      fornecedor_id: pedreiraId,
      descricao: 'Importado',
    });
    const upd = await admin.patch(`/api/produtos/${p.id}`, { estoque: 12, updated_at: p.updated_at });
    expect(okBody(upd)).toMatchObject({
      estoque: 12,
      descricao: 'Importado',
      fornecedor_id: pedreiraId,
      valor_m2: 1200,
      categoria: 'mármore',
    });
    const stale = await admin.patch(`/api/produtos/${p.id}`, { estoque: 1, updated_at: p.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    const bad = await admin.patchCurrent(`/api/produtos/${p.id}`, { categoria: 'nenhuma' });
    expect(bad.status).toBe(400);
    expect(fieldMessages(bad.body).categoria).toBe('Categoria não encontrada.');
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

    const byName = await admin.get('/api/produtos?q=silestone');
    expect(byName.body.total).toBe(2);
    const byCat = await admin.get('/api/produtos?q=QUARTZ');
    expect(byCat.body.items.map((p: { nome: string }) => p.nome).sort()).toEqual([
      'Cuba de inox',
      'Silestone Branco',
      'Silestone Cinza',
    ]);

    // below = estoque < estoque_minimo: 3 < 5 yes, 5 < 5 no; the products created with the default
    // estoque 0 < estoque_minimo 5 count too.
    const abaixo = await admin.get('/api/produtos?abaixo_minimo=true&limit=200');
    const nomes = abaixo.body.items.map((p: { nome: string }) => p.nome);
    expect(nomes).toContain('Silestone Branco');
    expect(nomes).not.toContain('Silestone Cinza');
    for (const p of abaixo.body.items) expect(p.estoque).toBeLessThan(p.estoque_minimo);
    const [all] = await Promise.all([admin.get('/api/produtos?limit=1')]);
    expect(abaixo.body.total).toBeLessThan(all!.body.total);
    expect((await admin.get('/api/produtos?abaixo_minimo=talvez')).status).toBe(400);

    const page = await admin.get('/api/produtos?limit=2&page=2&sort=nome');
    expect(page.body).toMatchObject({ page: 2, limit: 2, total: all!.body.total });
    expect(page.body.items).toHaveLength(2);
    // default order: newest first
    const recent = await admin.get('/api/produtos?limit=1');
    expect(recent.body.items[0].nome).toBe('Silestone Cinza');
  });

  it('/opcoes answers id, nome, valor_m2, tipo_unidade, perda_percentual to produtos, orcamentos and vendas holders', async () => {
    const res = await admin.get('/api/produtos/opcoes?q=cuba');
    expect(okBody(res)).toEqual([
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
      const op = await client.get('/api/produtos/opcoes');
      expect(op.status).toBe(200);
      expect(op.body.length).toBeGreaterThan(0);
      expect((await client.get('/api/produtos')).status).toBe(403);
    }
  });

  it('403 without the produtos permission', async () => {
    const { client } = await userWith(env, ['fornecedores', 'clientes']);
    expect((await client.get('/api/produtos')).status).toBe(403);
    expect((await client.get('/api/produtos/opcoes')).status).toBe(403);
    expect(
      (await client.post('/api/produtos', { nome: 'a', categoria: 'granito', valor_m2: 1 })).status,
    ).toBe(403);
    const [p] = await env.db.select().from(produtos).limit(1);
    expect((await client.patchCurrent(`/api/produtos/${p!.id}`, { nome: 'b' })).status).toBe(403);
    expect((await client.delete(`/api/produtos/${p!.id}`)).status).toBe(403);
  });

  it('deletes a product; one that a quote uses gets 409 and stays', async () => {
    const livre = await criar({ nome: 'Para apagar', categoria: 'granito', valor_m2: 100 });
    expect((await admin.delete(`/api/produtos/${livre.id}`)).status).toBe(204);
    expect((await admin.get(`/api/produtos/${livre.id}`)).status).toBe(404);

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
    await admin.refusedDelete(
      `/api/produtos/${usado.id}`,
      'Não é possível remover produto',
      'Este produto é usado em 1 orçamento e não pode ser removido.',
    );
  });
});
