import { beforeAll, describe, expect, it } from 'vitest';
import { categoriasProdutos } from '../../db/schema';
import { apiSuite, ok, refused } from '../testing/harness';
import { seedArquiteto, seedCartao, seedCliente, seedProduto, seedVendedor } from './vendas.test-helpers';

const { env, admin } = apiSuite();

beforeAll(async () => {
  await env.db.insert(categoriasProdutos).values({ nome: 'pedras' });
});

/**
 * Ten sinks at R$ 185,00 at no margin, seller 5 %, architect 10 %, credit in 3x at 4,5 %.
 * Quote (domain/pricing.ts): materiais 10 × 185.00 = 1850.00; fee 1850.00 × 4.5 % = 83.25;
 * base 1850.00 − 83.25 = 1766.75; seller 5 % = 88.3375 → 88.34; architect 10 % = 176.675 → 176.68;
 * total 1850.00 + 88.34 + 176.68 + 83.25 = 2198.27.
 */
async function quote() {
  const cuba = await seedProduto(env, 'Cuba inox', '185.00', 'unitário');
  const json = {
    cliente_id: (await seedCliente(env)).id,
    vendedor_id: (await seedVendedor(env, '5')).id,
    arquiteto_id: (await seedArquiteto(env, '10')).id,
    cartao_id: (await seedCartao(env, { taxa_1x: '2.99', taxa_3x: '4.5' })).id,
    itens: [{ produto_id: cuba.id, quantidade: 10 }],
    margem_lucro: 0,
    tipo_venda: 'parcelado' as const,
    numero_parcelas: 3,
  };
  const o = await ok(admin.api.orcamentos.$post({ json }), 201);
  expect(o.resumo).toMatchObject({
    valor_taxa_cartao: 83.25,
    comissao_vendedor: 88.34,
    comissao_arquiteto: 176.68,
    total: 2198.27,
  });
  return o;
}

const empresa = () => ok(admin.api.empresa.$get());
const orcamento = () => admin.api.orcamentos[':id'];

async function setComoOrcamento(value: boolean | undefined) {
  const { id, logo, created_at, comissoes_como_orcamento, ...fields } = await empresa();
  void id;
  void logo;
  void created_at;
  void comissoes_como_orcamento;
  const json = value === undefined ? fields : { ...fields, comissoes_como_orcamento: value };
  return ok(admin.api.empresa.$put({ json }));
}

describe('the sale of a quote: its figures shown before, and Empresa "como no orçamento"', () => {
  it("by default the sale keeps the seed's formula, and the preview shows the very figures it records", async () => {
    expect((await empresa()).comissoes_como_orcamento).toBe(false);
    const o = await quote();
    // Sale (seed): fee 2198.27 × 4.5 % = 98.92215 → 98.92; net 2198.27 − 98.92 = 2099.35;
    // seller 5 % of 2099.35 = 104.9675 → 104.97; architect 10 % = 209.935 → 209.94.
    const seed = {
      valor_bruto: 2198.27,
      valor_taxa: 98.92,
      valor_liquido: 2099.35,
      comissao_vendedor: 104.97,
      comissao_arquiteto: 209.94,
      valor_parcelas: 2198.27,
      numero_parcelas: 3,
    };
    const param = { id: o.id };
    expect(await ok(orcamento().venda.previa.$get({ param }))).toMatchObject(seed);
    // A preview creates nothing.
    expect((await ok(orcamento().$get({ param }))).status).toBe('pendente');
    expect(await ok(orcamento().venda.$post({ param, json: {} }), 201)).toMatchObject(seed);
    // Once sold, there is nothing to preview.
    await refused(orcamento().venda.previa.$get({ param }), 409);
  });

  it('with the Empresa setting on, the sale records the fee and commissions the quote showed', async () => {
    expect((await setComoOrcamento(true)).comissoes_como_orcamento).toBe(true);
    // A PUT that leaves the field out (an older screen) keeps the stored choice.
    expect((await setComoOrcamento(undefined)).comissoes_como_orcamento).toBe(true);
    const o = await quote();
    // The quote's figures: fee 83.25, net 2198.27 − 83.25 = 2115.02, seller 88.34, architect 176.68.
    const comoOrcamento = {
      valor_bruto: 2198.27,
      valor_taxa: 83.25,
      valor_liquido: 2115.02,
      comissao_vendedor: 88.34,
      comissao_arquiteto: 176.68,
      valor_parcelas: 2198.27,
    };
    const param = { id: o.id };
    expect(await ok(orcamento().venda.previa.$get({ param }))).toMatchObject(comoOrcamento);
    const venda = await ok(orcamento().venda.$post({ param, json: {} }), 201);
    expect(venda).toMatchObject(comoOrcamento);
    expect(await ok(admin.api.vendas[':id'].$get({ param: { id: venda.id } }))).toMatchObject(comoOrcamento);
    await setComoOrcamento(false);
  });

  it('refuses a setting that is not a yes/no, changing nothing', async () => {
    const current = await empresa();
    const { id, logo, created_at, ...fields } = current;
    void id;
    void logo;
    void created_at;
    // on purpose: a yes/no sent as text, which the types refuse
    const res = await admin.put('/api/empresa', { ...fields, comissoes_como_orcamento: 'sim' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('comissoes_como_orcamento');
    expect((await empresa()).updated_at).toBe(current.updated_at);
  });
});
