import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/queries/common';
import {
  arquitetos,
  cartoes,
  categoriasProdutos,
  clientes,
  funcionarios,
  itensVenda,
  orcamentos,
  parcelas,
  produtos,
  vendas,
  vendedores,
} from '../../db/schema';
import { addMonthsClamped, todayIso } from '../../domain/datas';
import { type Client, ok, type TestEnv, versionOf } from '../testing/harness';

// Rows written straight to the database, so the sales and quotes tests do not depend on the master
// data's own routes.
let n = 0;
const next = () => {
  n += 1;
  return n;
};

export async function seedCliente(
  env: TestEnv,
  nome = `Cliente ${next()}`,
  values: Partial<typeof clientes.$inferInsert> = {},
) {
  const [r] = await env.db
    .insert(clientes)
    .values({ nome, ...values })
    .returning();
  return r!;
}

/** A product of the category 'pedras' (which the test creates), priced per m² unless told otherwise. */
export async function seedProduto(
  env: TestEnv,
  nome: string,
  valor_m2: string,
  tipo_unidade: (typeof produtos.$inferInsert)['tipo_unidade'] = 'm²',
) {
  const [r] = await env.db
    .insert(produtos)
    .values({ nome, categoria: 'pedras', valor_m2, tipo_unidade })
    .returning();
  return r!;
}

export async function seedItemVenda(env: TestEnv, nome: string, formato_medida: string) {
  const [r] = await env.db.insert(itensVenda).values({ nome, formato_medida }).returning();
  return r!;
}

export async function seedFuncionario(env: TestEnv, values: typeof funcionarios.$inferInsert) {
  const [r] = await env.db.insert(funcionarios).values(values).returning();
  return r!;
}

export async function seedVendedor(env: TestEnv, percentual: string, nome = `Vendedor ${next()}`) {
  const [r] = await env.db.insert(vendedores).values({ nome, percentual_comissao: percentual }).returning();
  return r!;
}

export async function seedArquiteto(env: TestEnv, percentual: string, nome = `Arquiteto ${next()}`) {
  const [r] = await env.db.insert(arquitetos).values({ nome, percentual_comissao: percentual }).returning();
  return r!;
}

export async function seedCartao(env: TestEnv, values: Partial<typeof cartoes.$inferInsert> = {}) {
  const [r] = await env.db
    .insert(cartoes)
    .values({ bandeira: 'Cartão', tipo: 'Crédito', ...values })
    .returning();
  return r!;
}

/**
 * What a priced quote needs, straight into the tables: the category 'pedras', a granite at R$ 450,00
 * the m², a unit sink at R$ 185,00, the item Bancada (Largura x Profundidade), Ana (Acabador,
 * R$ 2.200,00 a month: R$ 10,00 an hour), the seller Paulo at 5 %, the architect Júlia at 10 % and a
 * credit card with `credito`'s rates.
 */
export async function seedBaseOrcamento(
  env: TestEnv,
  p: { granito: string; credito: Partial<typeof cartoes.$inferInsert> },
) {
  await env.db.insert(categoriasProdutos).values({ nome: 'pedras' });
  return {
    granito: (await seedProduto(env, p.granito, '450.00')).id,
    cuba: (await seedProduto(env, 'Cuba inox', '185.00', 'unitário')).id,
    bancada: (await seedItemVenda(env, 'Bancada', 'Largura x Profundidade')).id,
    ana: (await seedFuncionario(env, { nome: 'Ana', cargo: 'Acabador', salario: '2200.00' })).id,
    vendedor: (await seedVendedor(env, '5', 'Paulo Vendas')).id,
    arquiteto: (await seedArquiteto(env, '10', 'Júlia Arquiteta')).id,
    credito: (await seedCartao(env, p.credito)).id,
  };
}

/**
 * The finishes and cut-outs the pieces tests price with, through their routes: Boleado at R$ 62,50 the
 * metre, Reto polido at R$ 35,00 the metre, and the cut-out Cuba de embutir at R$ 120,00.
 */
export async function seedCatalogoPecas(admin: Client) {
  const { api } = admin;
  return {
    boleado: (await ok(api.acabamentos.$post({ json: { nome: 'Boleado', valor_ml: '62.50' } }), 201)).id,
    reto: (await ok(api.acabamentos.$post({ json: { nome: 'Reto polido', valor_ml: 35 } }), 201)).id,
    cuba: (await ok(api.recortes.$post({ json: { nome: 'Cuba de embutir', valor: '120.00' } }), 201)).id,
  };
}

export async function seedOrcamento(env: TestEnv, values: Partial<typeof orcamentos.$inferInsert> = {}) {
  const cliente_id = values.cliente_id ?? (await seedCliente(env)).id;
  const [r] = await env.db
    .insert(orcamentos)
    .values({ valor_total: '1000.00', status: 'venda_realizada', ...values, cliente_id })
    .returning();
  return r!;
}

export type VendaSeed = Partial<typeof vendas.$inferInsert> & { data_venda: string; valor_bruto: string };

/** A sale row; by default net = gross, no fee, no commission. */
export async function seedVenda(env: TestEnv, values: VendaSeed) {
  const cliente_id = values.cliente_id ?? (await seedCliente(env)).id;
  const [r] = await env.db
    .insert(vendas)
    .values({ valor_liquido: values.valor_bruto, ...values, cliente_id })
    .returning();
  return r!;
}

// ── Receivables (issue 16): sales made through the route that creates their instalments

export type Pagamento = {
  tipo_venda: 'avista' | 'parcelado' | 'entrada';
  valor_total: string;
  valor_entrada?: string;
  numero_parcelas?: number;
  vendedor_id?: string;
  arquiteto_id?: string;
};

/** A sale through the quote → sale route (the path that creates its instalments), dated today. */
export async function vendaComParcelas(env: TestEnv, admin: Client, p: Pagamento, clienteId?: string) {
  const o = await seedOrcamento(env, {
    status: 'aprovado',
    tipo_venda: p.tipo_venda,
    valor_total: p.valor_total,
    valor_entrada: p.valor_entrada ?? '0',
    numero_parcelas: p.numero_parcelas ?? 1,
    vendedor_id: p.vendedor_id ?? null,
    arquiteto_id: p.arquiteto_id ?? null,
    ...(clienteId ? { cliente_id: clienteId } : {}),
  });
  return ok(admin.api.orcamentos[':id'].venda.$post({ param: { id: o.id }, json: {} }), 201);
}

/**
 * A sale of R$ 1.200,00 in 3 instalments (R$ 400,00 each) to a new client, back-dated two months in
 * the business time zone: instalment 1 was due last month (late), 2 is due today, 3 next month.
 */
export async function vendaAtrasada(env: TestEnv, admin: Client, clienteNome: string) {
  const cliente = await seedCliente(env, clienteNome);
  const p: Pagamento = { tipo_venda: 'parcelado', valor_total: '1200.00', numero_parcelas: 3 };
  const v = await vendaComParcelas(env, admin, p, cliente.id);
  const back = addMonthsClamped(todayIso(env.deps.config.tzNegocio), -2);
  const venda = admin.api.vendas[':id'];
  const updated_at = await versionOf(venda.$get({ param: { id: v.id } }));
  await ok(venda.$patch({ param: { id: v.id }, json: { data_venda: back, updated_at } }));
  return { cliente, v, dataVenda: back, parcelas: await parcelasDa(env, v.id) };
}

/** A sale's instalments as stored, in order. */
export function parcelasDa(env: TestEnv, vendaId: string) {
  return env.db
    .select({
      id: parcelas.id,
      parcela: parcelas.parcela,
      valor: parcelas.valor,
      valor_recebido: parcelas.valor_recebido,
      data_vencimento: parcelas.data_vencimento,
    })
    .from(parcelas)
    .where(eq(parcelas.venda_id, vendaId))
    .orderBy(parcelas.parcela);
}

/** Payments, Caixa movements and the money received: equal before and after a refused write. */
export async function contagensRecebimentos(env: TestEnv) {
  const [r] = await queryRows<{ rec: number; mov: number; recebido: string }>(
    env.db,
    sql`select (select count(*)::int from recebimentos) as rec, (select count(*)::int from movimentacoes_caixa) as mov,
               (select coalesce(sum(valor_recebido), 0)::text from parcelas) as recebido`,
  );
  return r!;
}
