import { describe, expect, it } from 'vitest';
import {
  BANDEIRAS as BANDEIRAS_DB,
  clientes,
  orcamentos,
  STATUS_CARTAO as STATUS_DB,
  TIPOS_CARTAO as TIPOS_DB,
  vendas,
} from '../../db/schema';
import { BANDEIRAS, STATUS_CARTAO, TIPOS_CARTAO } from '../../schemas/cartoes';
import { apiSuite, fieldMessages, okBody, userWith } from '../testing/harness';

const { env, admin } = apiSuite();

const criar = (body: Record<string, unknown>) => admin.create('/api/cartoes', body);

describe('/api/cartoes', () => {
  it('the schema offers exactly the values the database accepts', () => {
    expect([...BANDEIRAS]).toEqual([...BANDEIRAS_DB]);
    expect([...TIPOS_CARTAO]).toEqual([...TIPOS_DB]);
    expect([...STATUS_CARTAO]).toEqual([...STATUS_DB]);
  });

  it('KPI figures come from SQL: counts and the average rates of the active methods', async () => {
    const empty = await admin.get('/api/cartoes/estatisticas');
    expect(empty.body).toEqual({
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
    const res = await admin.get('/api/cartoes/estatisticas');
    // debit: active only, (1.5 + 2) / 2 = 1.75 (the inactive 10 % is left out);
    // credit 1x: (3 + 4.5 + 4) / 3 = 3.8333… → 3.83
    expect(okBody(res)).toEqual({
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
    expect(
      await admin.invalidPost('/api/cartoes', { bandeira: 'Cartão', tipo: 'Débito', taxa_1x: 2 }),
    ).toEqual({ taxa: 'Informe a taxa do débito.' });
    expect(
      await admin.invalidPost('/api/cartoes', {
        bandeira: 'Cartão',
        tipo: 'Crédito',
        taxa: 2,
        taxa_2x: 3,
      }),
    ).toEqual({ taxa_1x: 'Informe a taxa do crédito à vista (1x).' });
    expect(await admin.invalidPost('/api/cartoes', {})).toMatchObject({
      bandeira: 'Selecione a bandeira (Pix, Dinheiro ou Cartão).',
      tipo: 'Selecione o tipo (Débito ou Crédito).',
    });
    expect(
      (await admin.invalidPost('/api/cartoes', { bandeira: 'Visa', tipo: 'Débito', taxa: 1 })).bandeira,
    ).toBe('Selecione a bandeira (Pix, Dinheiro ou Cartão).');
  });

  it('rates are percentages between 0 and 100; 0 is a real rate', async () => {
    expect(
      (
        await admin.invalidPost('/api/cartoes', {
          bandeira: 'Cartão',
          tipo: 'Crédito',
          taxa_1x: 3,
          taxa_5x: 101,
        })
      ).taxa_5x,
    ).toBe('O percentual deve estar entre 0 e 100.');
    const neg = await admin.post('/api/cartoes', { bandeira: 'Pix', tipo: 'Débito', taxa: -1 });
    expect(neg.status).toBe(400);
    expect(
      (await admin.invalidPost('/api/cartoes', { bandeira: 'Pix', tipo: 'Débito', taxa: 'abc' })).taxa,
    ).toBe('Percentual inválido.');
    const zero = await criar({ bandeira: 'Dinheiro', tipo: 'Débito', taxa: 0 });
    expect(zero.taxa).toBe(0);
  });

  it('updates: a status toggle alone; the debit/credit rule holds on the row after the change', async () => {
    const d = await criar({ bandeira: 'Cartão', tipo: 'Débito', taxa: 1.99 });
    const inativo = await admin.patch(`/api/cartoes/${d.id}`, {
      status: 'Inativo',
      updated_at: d.updated_at,
    });
    expect(okBody(inativo)).toMatchObject({ status: 'Inativo', taxa: 1.99, tipo: 'Débito' });

    // turning it into credit without a 1x rate would leave a credit method with no rate
    const semTaxa = await admin.patchCurrent(`/api/cartoes/${d.id}`, { tipo: 'Crédito' });
    expect(semTaxa.status).toBe(400);
    expect(fieldMessages(semTaxa.body)).toEqual({ taxa_1x: 'Informe a taxa do crédito à vista (1x).' });
    const ok = await admin.patchCurrent(`/api/cartoes/${d.id}`, {
      tipo: 'Crédito',
      taxa_1x: 3.2,
      taxa: null,
    });
    expect(okBody(ok)).toMatchObject({ tipo: 'Crédito', taxa_1x: 3.2, taxa: null });
    const limpa = await admin.patchCurrent(`/api/cartoes/${d.id}`, { taxa_1x: '' });
    expect(limpa.status).toBe(400);
    const stale = await admin.patch(`/api/cartoes/${d.id}`, { observacoes: 'x', updated_at: d.updated_at });
    expect(stale.status).toBe(409);
    expect(
      (await admin.patchCurrent('/api/cartoes/00000000-0000-4000-8000-000000000000', { status: 'Ativo' }))
        .status,
    ).toBe(404);
  });

  it('lists newest first, searches and filters by status', async () => {
    const list = await admin.get('/api/cartoes?limit=200');
    const times = list.body.items.map((c: { created_at: string }) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const stone = await admin.get('/api/cartoes?q=stone');
    expect(stone.body.items.map((c: { observacoes: string }) => c.observacoes)).toEqual(['Maquininha Stone']);
    const inativos = await admin.get('/api/cartoes?status=Inativo');
    expect(inativos.body.items.length).toBeGreaterThan(0);
    for (const c of inativos.body.items) expect(c.status).toBe('Inativo');
    expect((await admin.get('/api/cartoes?status=talvez')).status).toBe(400);
  });

  it('/opcoes answers only active methods with their rates, to cartoes, orcamentos and vendas holders', async () => {
    const res = await admin.get('/api/cartoes/opcoes');
    expect(res.status).toBe(200);
    const all = await admin.get('/api/cartoes?status=Ativo&limit=200');
    expect(res.body).toHaveLength(all.body.total);
    const keys = [
      'id',
      'bandeira',
      'tipo',
      'taxa',
      'observacoes',
      ...Array.from({ length: 12 }, (_, i) => `taxa_${i + 1}x`),
    ];
    for (const op of res.body) expect(Object.keys(op).sort()).toEqual([...keys].sort());
    const credito = res.body.find((o: { taxa_12x: number | null }) => o.taxa_12x === 12.99);
    expect(credito).toMatchObject({ tipo: 'Crédito', taxa_1x: 3.5, taxa_3x: 4.5, taxa_6x: null });
    expect(JSON.stringify(res.body)).not.toContain('Inativo');
    for (const perm of ['orcamentos', 'vendas'] as const) {
      const { client } = await userWith(env, [perm]);
      expect((await client.get('/api/cartoes/opcoes')).status).toBe(200);
      expect((await client.get('/api/cartoes')).status).toBe(403);
      expect((await client.get('/api/cartoes/estatisticas')).status).toBe(403);
    }
  });

  it('403 without the cartoes permission', async () => {
    const { client } = await userWith(env, ['produtos', 'clientes']);
    expect((await client.get('/api/cartoes')).status).toBe(403);
    expect((await client.get('/api/cartoes/opcoes')).status).toBe(403);
    expect((await client.post('/api/cartoes', { bandeira: 'Pix', tipo: 'Débito', taxa: 0 })).status).toBe(
      403,
    );
    const c = await criar({ bandeira: 'Pix', tipo: 'Débito', taxa: 0 });
    expect((await client.patchCurrent(`/api/cartoes/${c.id}`, { status: 'Inativo' })).status).toBe(403);
    expect((await client.delete(`/api/cartoes/${c.id}`)).status).toBe(403);
  });

  it('deletes an unused method; one that quotes or sales use gets 409 and stays', async () => {
    const livre = await criar({ bandeira: 'Pix', tipo: 'Débito', taxa: 0 });
    expect((await admin.delete(`/api/cartoes/${livre.id}`)).status).toBe(204);
    expect((await admin.get(`/api/cartoes/${livre.id}`)).status).toBe(404);

    const usado = await criar({ bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3 });
    const [cli] = await env.db.insert(clientes).values({ nome: 'Cliente' }).returning();
    await env.db.insert(orcamentos).values({ cliente_id: cli!.id, cartao_id: usado.id });
    await admin.refusedDelete(
      `/api/cartoes/${usado.id}`,
      'Não é possível remover pagamento',
      /usado em 1 orçamento e não pode ser removido/,
    );

    const naVenda = await criar({ bandeira: 'Cartão', tipo: 'Débito', taxa: 1 });
    await env.db.insert(vendas).values({
      cliente_id: cli!.id,
      cartao_id: naVenda.id,
      data_venda: '2025-01-10',
      valor_bruto: '100.00',
      valor_liquido: '99.00',
    });
    const r2 = await admin.delete(`/api/cartoes/${naVenda.id}`);
    expect(r2.status).toBe(409);
    expect(r2.body.detail).toMatch(/usado em 1 venda e não pode ser removido/);
    expect((await admin.get(`/api/cartoes/${naVenda.id}`)).status).toBe(200);
  });
});
