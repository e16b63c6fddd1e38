import { eq, inArray } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { estatisticasVendas } from '../../db/queries/vendas';
import { orcamentos, vendas, vendedores } from '../../db/schema';
import { todayIso } from '../../domain/datas';
import { apiSuite, type Client, ok, refused, userWith, versionOf } from '../testing/harness';
import {
  seedArquiteto,
  seedCartao,
  seedCliente,
  seedOrcamento,
  seedVenda,
  seedVendedor,
} from './vendas.test-helpers';

const { env, admin } = apiSuite();

const TZ = 'America/Sao_Paulo';

type Alteracao = Omit<InferRequestType<(typeof admin.api.vendas)[':id']['$patch']>['json'], 'updated_at'>;
const venda = (id: string) => admin.api.vendas[':id'].$get({ param: { id } });
/** A change sent with the sale's current version (read first, as the screen does). */
const alterar = async (id: string, json: Alteracao) =>
  admin.api.vendas[':id'].$patch({
    param: { id },
    json: { ...json, updated_at: await versionOf(venda(id)) },
  });
const comissao = (id: string, comissao_paga: boolean, c: Client = admin) =>
  c.api.vendas[':id'].comissao.$patch({ param: { id }, json: { comissao_paga } });
const excluir = (id: string, c: Client = admin) => c.api.vendas[':id'].$delete({ param: { id } });
const estatisticas = () => ok(admin.api.vendas.estatisticas.$get());
const lista = (query: InferRequestType<typeof admin.api.vendas.$get>['query']) =>
  ok(admin.api.vendas.$get({ query }));

describe('GET /api/vendas/estatisticas', () => {
  it('sums the month and counts today in the business time zone, card and installment totals over all sales', async () => {
    const cartao = await seedCartao(env, { taxa_1x: '3' });
    const rows = await Promise.all([
      seedVenda(env, {
        data_venda: '2024-02-29',
        valor_bruto: '41.00',
        valor_liquido: '40.00',
        cartao_id: cartao.id,
        tipo_venda: 'parcelado',
        numero_parcelas: 2,
      }),
      seedVenda(env, { data_venda: '2024-03-01', valor_bruto: '100.00' }),
      seedVenda(env, {
        data_venda: '2024-03-31',
        valor_bruto: '258.00',
        valor_liquido: '250.50',
        cartao_id: cartao.id,
      }),
      seedVenda(env, {
        data_venda: '2024-04-01',
        valor_bruto: '1000.00',
        tipo_venda: 'parcelado',
        numero_parcelas: 3,
      }),
      // cancelled sales count nowhere, whatever their date, card or type
      seedVenda(env, { data_venda: '2024-03-31', valor_bruto: '777.00', status: 'cancelada' }),
      seedVenda(env, {
        data_venda: '2024-03-15',
        valor_bruto: '555.00',
        cartao_id: cartao.id,
        tipo_venda: 'parcelado',
        numero_parcelas: 2,
        status: 'cancelada',
      }),
    ]);

    // 02:30 UTC on 1 April is still 23:30 on 31 March in São Paulo (UTC−3): the month is March.
    const marco = await estatisticasVendas(env.db, { tz: TZ, now: new Date('2024-04-01T02:30:00Z') });
    // month: 100.00 (1 Mar) + 250.50 (31 Mar) = 350.50; today (31 Mar): 1 sale;
    // card: 40.00 + 250.50 = 290.50; parcelado: 40.00 + 1000.00 = 1040.00
    expect(marco).toEqual({
      vendas_mes: '350.50',
      vendas_hoje: 1,
      total_cartao: '290.50',
      total_parcelado: '1040.00',
    });

    // 03:30 UTC on 1 April is 00:30 on 1 April there: April holds only the 1000.00 sale.
    const abril = await estatisticasVendas(env.db, { tz: TZ, now: new Date('2024-04-01T03:30:00Z') });
    expect(abril).toMatchObject({ vendas_mes: '1000.00', vendas_hoje: 1 });

    await env.db.delete(vendas).where(
      inArray(
        vendas.id,
        rows.map((r) => r.id),
      ),
    );
  });

  it('answers numbers for the current month through the API', async () => {
    const before = await estatisticas();
    await seedVenda(env, {
      data_venda: todayIso(TZ),
      valor_bruto: '123.45',
      valor_liquido: '120.00',
      tipo_venda: 'parcelado',
      numero_parcelas: 2,
    });
    const res = await estatisticas();
    expect(res.vendas_hoje).toBe(before.vendas_hoje + 1);
    expect(res.vendas_mes).toBeCloseTo(before.vendas_mes + 120, 2);
    expect(res.total_parcelado).toBeCloseTo(before.total_parcelado + 120, 2);
    expect(res.total_cartao).toBe(before.total_cartao);
  });

  it('needs the vendas permission', async () => {
    const { client } = await userWith(env, ['dashboard', 'orcamentos']);
    await refused(client.api.vendas.estatisticas.$get(), 403);
    await refused(client.api.vendas.$get({ query: {} }), 403);
  });
});

describe('GET /api/vendas', () => {
  it('lists newest first with client, architect and seller names, searchable by número or client', async () => {
    const cliente = await seedCliente(env, 'Marmoraria Zé Pedreira');
    const arq = await seedArquiteto(env, '5', 'Ana Arquiteta');
    const vend = await seedVendedor(env, '10', 'Beto Vendedor');
    const a = await seedVenda(env, {
      data_venda: '2025-01-10',
      valor_bruto: '500.00',
      cliente_id: cliente.id,
      arquiteto_id: arq.id,
      vendedor_id: vend.id,
    });
    const b = await seedVenda(env, { data_venda: '2025-01-11', valor_bruto: '600.00' });

    const all = await lista({ limit: 2 });
    expect(all.items.map((v) => v.id)).toEqual([b.id, a.id]);
    expect(all.total).toBeGreaterThanOrEqual(2);

    const byName = await lista({ q: 'zé pedr' });
    expect(byName.total).toBe(1);
    expect(byName.items[0]).toMatchObject({
      id: a.id,
      numero: a.numero,
      cliente_nome: 'Marmoraria Zé Pedreira',
      arquiteto_nome: 'Ana Arquiteta',
      vendedor_nome: 'Beto Vendedor',
      valor_bruto: 500,
      comissao_paga: false,
    });

    const byNumber = await lista({ q: `#${b.numero}` });
    expect(byNumber.items.map((v) => v.id)).toContain(b.id);
    expect(byNumber.items.map((v) => v.id)).not.toContain(a.id);

    const one = await ok(venda(a.id));
    expect(one).toMatchObject({ id: a.id, cliente_nome: 'Marmoraria Zé Pedreira', taxa_cartao: 0 });
    await refused(venda('00000000-0000-4000-8000-000000000000'), 404);
    await refused(venda('xyz'), 400);
  });
});

describe('PATCH /api/vendas/:id recomputes the figures', () => {
  it('recomputes fee, net, installments and both commissions when gross, type, card, entry or installments change', async () => {
    const vend = await seedVendedor(env, '10');
    const arq = await seedArquiteto(env, '5');
    const credito = await seedCartao(env, { tipo: 'Crédito', taxa_1x: '3', taxa_3x: '5.5' });
    const v = await seedVenda(env, {
      data_venda: '2025-02-01',
      valor_bruto: '1000.00',
      comissao_vendedor: '100.00',
      comissao_arquiteto: '50.00',
      valor_parcelas: '1000.00',
      vendedor_id: vend.id,
      arquiteto_id: arq.id,
    });
    const version = (await ok(venda(v.id))).updated_at;

    // parcelado 3x on the credit card at 5.5 %: fee = 2000 × 5.5 % = 110.00; net = 1890.00;
    // seller 10 % of 1890 = 189.00; architect 5 % of 1890 = 94.50; installments value = 2000 − 0.
    // on purpose: a derived figure the edit does not take (a client sending it is ignored)
    const primeira = await admin.patch(`/api/vendas/${v.id}`, {
      valor_bruto: 2000,
      tipo_venda: 'parcelado',
      numero_parcelas: 3,
      cartao_id: credito.id,
      updated_at: version,
      valor_liquido: 1,
    });
    expect(primeira.status, JSON.stringify(primeira.body)).toBe(200);
    expect(primeira.body).toMatchObject({
      valor_bruto: 2000,
      tipo_venda: 'parcelado',
      numero_parcelas: 3,
      cartao_id: credito.id,
      taxa_cartao: 0.055,
      valor_taxa: 110,
      valor_liquido: 1890,
      valor_entrada: 0,
      valor_parcelas: 2000,
      comissao_vendedor: 189,
      comissao_arquiteto: 94.5,
      cartao_bandeira: 'Cartão',
    });
    const rota = admin.api.vendas[':id'];
    const param = { id: v.id };

    // entrada of 500: the card carries 1500 → fee 82.50; net 1917.50; seller 191.75;
    // architect 5 % of 1917.50 = 95.875 → 95.88 (half-up); installments value 1500.00.
    let res = await ok(
      rota.$patch({
        param,
        json: { tipo_venda: 'entrada', valor_entrada: '500,00', updated_at: primeira.body.updated_at },
      }),
    );
    expect(res).toMatchObject({
      valor_entrada: 500,
      valor_taxa: 82.5,
      valor_liquido: 1917.5,
      valor_parcelas: 1500,
      comissao_vendedor: 191.75,
      comissao_arquiteto: 95.88,
    });

    // back to à vista: entry 0, one installment, credit 1x at 3 % → fee 60.00; net 1940.00;
    // seller 194.00; architect 97.00.
    res = await ok(rota.$patch({ param, json: { tipo_venda: 'avista', updated_at: res.updated_at } }));
    expect(res).toMatchObject({
      valor_entrada: 0,
      numero_parcelas: 1,
      taxa_cartao: 0.03,
      valor_taxa: 60,
      valor_liquido: 1940,
      valor_parcelas: 2000,
      comissao_vendedor: 194,
      comissao_arquiteto: 97,
    });

    // removing the card removes the fee: net = gross, seller 200.00, architect 100.00
    res = await ok(rota.$patch({ param, json: { cartao_id: null, updated_at: res.updated_at } }));
    expect(res).toMatchObject({
      cartao_id: null,
      taxa_cartao: 0,
      valor_taxa: 0,
      valor_liquido: 2000,
      comissao_vendedor: 200,
      comissao_arquiteto: 100,
    });
  });

  it('a change of status or date alone keeps the stored figures', async () => {
    const vend = await seedVendedor(env, '10');
    const v = await seedVenda(env, {
      data_venda: '2025-02-02',
      valor_bruto: '300.00',
      comissao_vendedor: '30.00',
      vendedor_id: vend.id,
    });
    await env.db.update(vendedores).set({ percentual_comissao: '20' }).where(eq(vendedores.id, vend.id));
    const res = await ok(alterar(v.id, { status: 'paga', data_venda: '2025-02-03', valor_bruto: '300' }));
    expect(res).toMatchObject({
      status: 'paga',
      data_venda: '2025-02-03',
      comissao_vendedor: 30,
      valor_liquido: 300,
    });
  });

  it('refuses a stale version, an entry above the gross value, an unknown card and bad values', async () => {
    const v = await seedVenda(env, { data_venda: '2025-02-04', valor_bruto: '300.00' });
    const stale = await refused(
      admin.api.vendas[':id'].$patch({
        param: { id: v.id },
        json: { status: 'paga', updated_at: '2020-01-01T00:00:00.000Z' },
      }),
      409,
    );
    expect(stale.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');

    const entrada = await refused(alterar(v.id, { tipo_venda: 'entrada', valor_entrada: 301 }), 400);
    expect(entrada.errors?.[0]?.path).toBe('valor_entrada');

    const cartao = await refused(alterar(v.id, { cartao_id: '00000000-0000-4000-8000-000000000000' }), 400);
    expect(cartao.errors?.[0]?.path).toBe('cartao_id');

    // on purpose: a status that does not exist
    expect((await admin.patchCurrent(`/api/vendas/${v.id}`, { status: 'aberta' })).status).toBe(400);
    const invalidos: Alteracao[] = [
      { numero_parcelas: 13 },
      { valor_bruto: -1 },
      { data_venda: '2025-02-30' },
    ];
    for (const json of invalidos) await refused(alterar(v.id, json), 400);
    const unchanged = await ok(venda(v.id));
    expect(unchanged).toMatchObject({ status: 'confirmada', valor_bruto: 300, tipo_venda: 'avista' });
    await refused(alterar('00000000-0000-4000-8000-000000000000', { status: 'paga' }), 404);
  });
});

describe('PATCH /api/vendas/:id/comissao', () => {
  it('toggles the commission between paid and pending', async () => {
    const v = await seedVenda(env, { data_venda: '2025-03-01', valor_bruto: '100.00' });
    const paga = await ok(comissao(v.id, true));
    expect(paga.comissao_paga).toBe(true);
    const pendente = await ok(comissao(v.id, false));
    expect(pendente.comissao_paga).toBe(false);
    // on purpose: a yes/no sent as text
    expect((await admin.patch(`/api/vendas/${v.id}/comissao`, { comissao_paga: 'sim' })).status).toBe(400);
    await refused(comissao('00000000-0000-4000-8000-000000000000', true), 404);
  });
});

describe('DELETE /api/vendas/:id', () => {
  it('removes the sale and returns its quote to pendente', async () => {
    const orc = await seedOrcamento(env);
    const v = await seedVenda(env, {
      data_venda: '2025-03-02',
      valor_bruto: '1000.00',
      cliente_id: orc.cliente_id,
      orcamento_id: orc.id,
    });
    const { client } = await userWith(env, ['vendas']);
    await ok(excluir(v.id, client), 204);
    const [quote] = await env.db.select().from(orcamentos).where(eq(orcamentos.id, orc.id));
    expect(quote!.status).toBe('pendente');
    expect(quote!.updated_at.getTime()).toBeGreaterThan(orc.updated_at.getTime());
    expect(await env.db.select().from(vendas).where(eq(vendas.id, v.id))).toEqual([]);
    await refused(excluir(v.id, client), 404);
  });

  it('a sale without a quote is simply removed; other quotes are untouched', async () => {
    const other = await seedOrcamento(env);
    const v = await seedVenda(env, { data_venda: '2025-03-03', valor_bruto: '10.00' });
    await ok(excluir(v.id), 204);
    const [quote] = await env.db.select().from(orcamentos).where(eq(orcamentos.id, other.id));
    expect(quote!.status).toBe('venda_realizada');
  });

  it('needs the vendas permission', async () => {
    const v = await seedVenda(env, { data_venda: '2025-03-04', valor_bruto: '10.00' });
    const { client } = await userWith(env, ['orcamentos']);
    await refused(excluir(v.id, client), 403);
    await refused(comissao(v.id, true, client), 403);
    expect(await env.db.select().from(vendas).where(eq(vendas.id, v.id))).toHaveLength(1);
  });
});
