import {
  arquitetos,
  cartoes,
  clientes,
  funcionarios,
  itensVenda,
  orcamentos,
  produtos,
  vendas,
  vendedores,
} from '../../db/schema';
import type { TestEnv } from '../testing/harness';

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
