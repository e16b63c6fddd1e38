import { describe, expect, it } from 'vitest';
import {
  BANDEIRAS as BANDEIRAS_DB,
  clientes,
  orcamentos,
  STATUS_CARTAO as STATUS_DB,
  TIPOS_CARTAO as TIPOS_DB,
  vendas,
} from '../../db/schema';
import {
  BANDEIRAS,
  type CartaoCreate,
  type cartaoUpdate,
  STATUS_CARTAO,
  TIPOS_CARTAO,
} from '../../schemas/cartoes';
import type { z } from '../../schemas/z';
import { apiSuite, fieldErrors, ok, refused, userWith, versionOf } from '../testing/harness';

const { env, admin } = apiSuite();
const cartoes = () => admin.api.cartoes;
// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Novo = CartaoCreate;
type Alteracao = Omit<z.input<typeof cartaoUpdate>, 'updated_at'>;

const criar = (json: Novo) => ok(cartoes().$post({ json }), 201);
const invalido = (json: Novo) => fieldErrors(cartoes().$post({ json }));
/** A change sent with the row's current version (read first, as the screen does). */
const alterar = async (id: string, json: Alteracao) => {
  const updated_at = await versionOf(cartoes()[':id'].$get({ param: { id } }));
  return cartoes()[':id'].$patch({ param: { id }, json: { ...json, updated_at } });
};

describe('/api/cartoes', () => {
  it('the schema offers exactly the values the database accepts', () => {
    expect([...BANDEIRAS]).toEqual([...BANDEIRAS_DB]);
    expect([...TIPOS_CARTAO]).toEqual([...TIPOS_DB]);
    expect([...STATUS_CARTAO]).toEqual([...STATUS_DB]);
  });

  it('KPI figures come from SQL: counts and the average rates of the active methods', async () => {
    expect(await ok(cartoes().estatisticas.$get())).toEqual({
      total: 0,
      ativos: 0,
      inativos: 0,
      taxa_media_debito: null,
      taxa_media_credito: null,
    });

    await criar({ bandeira: 'Cartão', tipo: 'Débito', taxa: 1.5 });
    await criar({ bandeira: 'Pix', tipo: 'Débito', taxa: 2 });
    await criar({ bandeira: 'Cartão', tipo: 'Débito', taxa: 10, status: 'Inativo' });
    await criar({ bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3 });
    await criar({ bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 4.5 });
    await criar({ bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 4 });
    // debit: active only, (1.5 + 2) / 2 = 1.75 (the inactive 10 % is left out);
    // credit 1x: (3 + 4.5 + 4) / 3 = 3.8333… → 3.83
    expect(await ok(cartoes().estatisticas.$get())).toEqual({
      total: 6,
      ativos: 5,
      inativos: 1,
      taxa_media_debito: 1.75,
      taxa_media_credito: 3.83,
    });
  });

  it('creates a credit method with its installment rates; status defaults to Ativo', async () => {
    const c = await criar({
      bandeira: 'Cartão',
      tipo: 'Crédito',
      taxa_1x: '3,5',
      taxa_2x: 4,
      taxa_3x: 4.5,
      taxa_6x: '',
      taxa_12x: 12.99,
      observacoes: 'Maquininha Stone',
    });
    expect(c).toMatchObject({
      bandeira: 'Cartão',
      tipo: 'Crédito',
      status: 'Ativo',
      taxa: null,
      taxa_1x: 3.5,
      taxa_2x: 4,
      taxa_3x: 4.5,
      taxa_6x: null,
      taxa_12x: 12.99,
      observacoes: 'Maquininha Stone',
    });
  });

  it('debit requires taxa, credit requires taxa_1x; bandeira and tipo are required', async () => {
    expect(await invalido({ bandeira: 'Cartão', tipo: 'Débito', taxa_1x: 2 })).toEqual({
      taxa: 'Informe a taxa do débito.',
    });
    expect(await invalido({ bandeira: 'Cartão', tipo: 'Crédito', taxa: 2, taxa_2x: 3 })).toEqual({
      taxa_1x: 'Informe a taxa do crédito à vista (1x).',
    });
    // on purpose: bodies the types refuse (no bandeira and tipo; a brand outside the list)
    expect(await admin.invalidPost('/api/cartoes', {})).toMatchObject({
      bandeira: 'Selecione a bandeira (Pix, Dinheiro ou Cartão).',
      tipo: 'Selecione o tipo (Débito ou Crédito).',
    });
    expect(
      (await admin.invalidPost('/api/cartoes', { bandeira: 'Visa', tipo: 'Débito', taxa: 1 })).bandeira,
    ).toBe('Selecione a bandeira (Pix, Dinheiro ou Cartão).');
  });

  it('rates are percentages between 0 and 100; 0 is a real rate', async () => {
    expect((await invalido({ bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3, taxa_5x: 101 })).taxa_5x).toBe(
      'O percentual deve estar entre 0 e 100.',
    );
    await invalido({ bandeira: 'Pix', tipo: 'Débito', taxa: -1 });
    expect((await invalido({ bandeira: 'Pix', tipo: 'Débito', taxa: 'abc' })).taxa).toBe(
      'Percentual inválido.',
    );
    const zero = await criar({ bandeira: 'Dinheiro', tipo: 'Débito', taxa: 0 });
    expect(zero.taxa).toBe(0);
  });

  it('updates: a status toggle alone; the debit/credit rule holds on the row after the change', async () => {
    const d = await criar({ bandeira: 'Cartão', tipo: 'Débito', taxa: 1.99 });
    const one = cartoes()[':id'];
    const inativo = await ok(
      one.$patch({ param: { id: d.id }, json: { status: 'Inativo', updated_at: d.updated_at } }),
    );
    expect(inativo).toMatchObject({ status: 'Inativo', taxa: 1.99, tipo: 'Débito' });

    // turning it into credit without a 1x rate would leave a credit method with no rate
    expect(await fieldErrors(alterar(d.id, { tipo: 'Crédito' }))).toEqual({
      taxa_1x: 'Informe a taxa do crédito à vista (1x).',
    });
    const credito = await ok(alterar(d.id, { tipo: 'Crédito', taxa_1x: 3.2, taxa: null }));
    expect(credito).toMatchObject({ tipo: 'Crédito', taxa_1x: 3.2, taxa: null });
    await refused(alterar(d.id, { taxa_1x: '' }), 400);
    await refused(
      one.$patch({ param: { id: d.id }, json: { observacoes: 'x', updated_at: d.updated_at } }),
      409,
    );
    await refused(alterar('00000000-0000-4000-8000-000000000000', { status: 'Ativo' }), 404);
  });

  it('lists newest first, searches and filters by status', async () => {
    const list = await ok(cartoes().$get({ query: { limit: 200 } }));
    const times = list.items.map((c) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const stone = await ok(cartoes().$get({ query: { q: 'stone' } }));
    expect(stone.items.map((c) => c.observacoes)).toEqual(['Maquininha Stone']);
    const inativos = await ok(cartoes().$get({ query: { status: 'Inativo' } }));
    expect(inativos.items.length).toBeGreaterThan(0);
    for (const c of inativos.items) expect(c.status).toBe('Inativo');
    // on purpose: a status outside the list
    expect((await admin.get('/api/cartoes?status=talvez')).status).toBe(400);
  });

  it('/opcoes answers only active methods with their rates, to cartoes, orcamentos and vendas holders', async () => {
    const res = await ok(cartoes().opcoes.$get({ query: {} }));
    const all = await ok(cartoes().$get({ query: { status: 'Ativo', limit: 200 } }));
    expect(res).toHaveLength(all.total);
    const keys = [
      'id',
      'bandeira',
      'tipo',
      'taxa',
      'observacoes',
      ...Array.from({ length: 12 }, (_, i) => `taxa_${i + 1}x`),
    ];
    for (const op of res) expect(Object.keys(op).sort()).toEqual([...keys].sort());
    const credito = res.find((o) => o.taxa_12x === 12.99);
    expect(credito).toMatchObject({ tipo: 'Crédito', taxa_1x: 3.5, taxa_3x: 4.5, taxa_6x: null });
    expect(JSON.stringify(res)).not.toContain('Inativo');
    for (const perm of ['orcamentos', 'vendas'] as const) {
      const { client } = await userWith(env, [perm]);
      await ok(client.api.cartoes.opcoes.$get({ query: {} }));
      await refused(client.api.cartoes.$get({ query: {} }), 403);
      await refused(client.api.cartoes.estatisticas.$get(), 403);
    }
  });

  it('403 without the cartoes permission', async () => {
    const sem = (await userWith(env, ['produtos', 'clientes'])).client.api.cartoes;
    await refused(sem.$get({ query: {} }), 403);
    await refused(sem.opcoes.$get({ query: {} }), 403);
    await refused(sem.$post({ json: { bandeira: 'Pix', tipo: 'Débito', taxa: 0 } }), 403);
    const c = await criar({ bandeira: 'Pix', tipo: 'Débito', taxa: 0 });
    const param = { id: c.id };
    const updated_at = await versionOf(sem[':id'].$get({ param }));
    await refused(sem[':id'].$patch({ param, json: { status: 'Inativo', updated_at } }), 403);
    await refused(sem[':id'].$delete({ param }), 403);
  });

  it('deletes an unused method; one that quotes or sales use gets 409 and stays', async () => {
    const one = cartoes()[':id'];
    const livre = await criar({ bandeira: 'Pix', tipo: 'Débito', taxa: 0 });
    await ok(one.$delete({ param: { id: livre.id } }), 204);
    await refused(one.$get({ param: { id: livre.id } }), 404);

    const usado = await criar({ bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3 });
    const [cli] = await env.db.insert(clientes).values({ nome: 'Cliente' }).returning();
    await env.db.insert(orcamentos).values({ cliente_id: cli!.id, cartao_id: usado.id });
    const emUso = await refused(one.$delete({ param: { id: usado.id } }), 409);
    expect(emUso.title).toBe('Não é possível remover pagamento');
    expect(emUso.detail).toMatch(/usado em 1 orçamento e não pode ser removido/);
    await ok(one.$get({ param: { id: usado.id } }));

    const naVenda = await criar({ bandeira: 'Cartão', tipo: 'Débito', taxa: 1 });
    await env.db.insert(vendas).values({
      cliente_id: cli!.id,
      cartao_id: naVenda.id,
      data_venda: '2025-01-10',
      valor_bruto: '100.00',
      valor_liquido: '99.00',
    });
    const r2 = await refused(one.$delete({ param: { id: naVenda.id } }), 409);
    expect(r2.detail).toMatch(/usado em 1 venda e não pode ser removido/);
    await ok(one.$get({ param: { id: naVenda.id } }));
  });
});
