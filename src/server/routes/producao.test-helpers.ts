import { eq } from 'drizzle-orm';
import {
  categoriasProdutos,
  clientes,
  funcionarios,
  orcamentoItens,
  ordensServico,
  produtos,
  usuarios,
} from '../../db/schema';
import { answer, type Client, ok, type TestEnv, userWith } from '../testing/harness';
import { seedCliente, seedOrcamento } from './vendas.test-helpers';

// The production suites' fixtures (producao.test.ts, ordens-servico.test.ts): sales made the way the
// screens make them, employees, installers, and the Produção screen's own calls.

/** The product the sales' quotes use: Granito São Gabriel at R$ 450,00/m². Returns its id. */
export async function seedGranito(env: TestEnv): Promise<string> {
  await env.db.insert(categoriasProdutos).values({ nome: 'granitos' }).onConflictDoNothing();
  const [p] = await env.db
    .insert(produtos)
    .values({ nome: 'Granito São Gabriel', categoria: 'granitos', valor_m2: '450.00' })
    .returning();
  return p!.id;
}

export interface ProducaoCtx {
  env: TestEnv;
  admin: Client;
  produtoId: string;
}

/** The fixtures, reading the suite's context when called (the suite fills it in its beforeAll). */
export function producaoFixtures(ctx: () => ProducaoCtx) {
  /** A sale made the way the screens make it: an approved quote (one m² item) turned into a sale. */
  async function vendaPeloOrcamento(
    clienteValues: Partial<
      Pick<typeof clientes.$inferInsert, 'endereco' | 'numero' | 'complemento' | 'bairro' | 'cidade' | 'uf'>
    > = {},
  ) {
    const { env, admin, produtoId } = ctx();
    const cliente = await seedCliente(env);
    if (Object.keys(clienteValues).length) {
      await env.db.update(clientes).set(clienteValues).where(eq(clientes.id, cliente.id));
    }
    const o = await seedOrcamento(env, {
      cliente_id: cliente.id,
      status: 'aprovado',
      valor_total: '1350.00',
    });
    // 2.50 m × 1.20 m = 3.00 m² at R$ 450,00 = R$ 1.350,00
    await env.db.insert(orcamentoItens).values({
      orcamento_id: o.id,
      produto_id: produtoId,
      quantidade: '1',
      medida1: '2.5',
      medida2: '1.2',
      area: '3',
      valor_unitario: '450.00',
      valor_total: '1350.00',
    });
    const venda = await ok(admin.api.orcamentos[':id'].venda.$post({ param: { id: o.id }, json: {} }), 201);
    const os = await osDaVenda(venda.id);
    return { venda, os: os!, cliente, orcamento: o };
  }

  async function osDaVenda(vendaId: string) {
    const [r] = await ctx().env.db.select().from(ordensServico).where(eq(ordensServico.venda_id, vendaId));
    return r;
  }

  const detalhe = (c: Client, osId: string) =>
    ok(c.api['ordens-servico'][':id'].$get({ param: { id: osId } }));

  async function funcionario(nome: string, status: 'ativo' | 'inativo' = 'ativo') {
    const [f] = await ctx()
      .env.db.insert(funcionarios)
      .values({ nome, cargo: 'Instalador Sênior', salario: '3000.00', status, telefone: '11988887777' })
      .returning();
    return f!;
  }

  /** An installer: a user linked to an employee, without the Produção screen. */
  async function instalador(nome: string) {
    const { env } = ctx();
    const f = await funcionario(nome);
    const u = await userWith(env, ['dashboard']);
    await env.db.update(usuarios).set({ funcionario_id: f.id }).where(eq(usuarios.id, u.row.id));
    return { ...u, funcionario: f };
  }

  /** Schedules stage `etapa` of the OS (its version read first): the answer, whatever the status. */
  async function agendar(
    osId: string,
    etapa: string,
    inicio: string,
    fim: string,
    funcionarioIds: string[] = [],
  ) {
    const { admin } = ctx();
    const e = etapaDe(await detalhe(admin, osId), etapa);
    return answer(
      admin.api['ordens-servico'][':id'].etapas[':etapaId'].$patch({
        param: { id: e.os_id, etapaId: e.id },
        json: {
          inicio_previsto: inicio,
          fim_previsto: fim,
          funcionario_ids: funcionarioIds,
          updated_at: e.updated_at,
        },
      }),
    );
  }

  /** Starts or completes stage `etapa` as `c` (its version read by the admin): the answer, whatever the status. */
  async function acao(c: Client, osId: string, etapa: string, qual: 'iniciar' | 'concluir') {
    const e = etapaDe(await detalhe(ctx().admin, osId), etapa);
    const etapaApi = c.api['ordens-servico'][':id'].etapas[':etapaId'];
    return answer(
      etapaApi[qual].$post({ param: { id: e.os_id, etapaId: e.id }, json: { updated_at: e.updated_at } }),
    );
  }

  return { vendaPeloOrcamento, osDaVenda, detalhe, funcionario, instalador, agendar, acao };
}

export const etapaDe = (os: { etapas: { etapa: string }[] }, etapa: string) =>
  os.etapas.find((e) => e.etapa === etapa) as unknown as {
    id: string;
    os_id: string;
    updated_at: string;
    status: string;
  };
