import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { queryRows } from './common';

/** Everything stored about a client (LGPD export): the row, or undefined when there is none. */
export async function clienteCompleto(tx: Executor, p: { id: string }) {
  const [cliente] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select * from clientes where id = ${p.id}`,
  );
  return cliente;
}

/** The client's quotes, each with its lines, oldest first. */
export function orcamentosDoCliente(tx: Executor, p: { id: string }) {
  return queryRows(
    tx,
    sql`select o.*, (select coalesce(json_agg(i order by i.posicao), '[]') from orcamento_itens i
                          where i.orcamento_id = o.id) as itens
              from orcamentos o where o.cliente_id = ${p.id} order by o.created_at`,
  );
}

/** The client's sales, oldest first. */
export function vendasDoCliente(tx: Executor, p: { id: string }) {
  return queryRows(tx, sql`select * from vendas where cliente_id = ${p.id} order by created_at`);
}

/**
 * Records an LGPD request in the audit trail: that it happened and by whom, with the fields touched
 * masked (never the personal data).
 */
export async function registrarLgpd(
  tx: Executor,
  p: {
    usuarioId: string;
    endereco: string | null;
    id: string;
    acao: 'exportado' | 'anonimizado';
    campos: string[];
  },
) {
  await tx.execute(
    sql`insert into auditoria (usuario_id, endereco, recurso, registro, acao, alteracoes)
        values (${p.usuarioId}, ${p.endereco}, 'clientes', ${p.id}, ${p.acao},
                ${JSON.stringify(Object.fromEntries(p.campos.map((k) => [k, ['***', '***']])))}::jsonb)`,
  );
}

/**
 * Locks the client for anonymisation and says whether it already was. Marks the transaction first so
 * any audit trigger on clientes records the fields, not their values (see the migration).
 */
export async function travarParaAnonimizar(tx: Executor, p: { id: string }) {
  await tx.execute(sql`select set_config('lavra.anonimizando', '1', true)`);
  const [row] = await queryRows<{ id: string; anon: boolean }>(
    tx,
    sql`select id, nome like 'Cliente anonimizado %' and cpf_cnpj is null as anon
              from clientes where id = ${p.id} for update`,
  );
  return row;
}

/** Replaces the client's personal fields (quotes and sales keep their figures). */
export async function anonimizarCliente(tx: Executor, p: { id: string }) {
  await tx.execute(
    sql`update clientes set nome = 'Cliente anonimizado ' || left(id::text, 8), cpf_cnpj = null,
                   email = null, telefone = null, endereco = null, cidade = null, uf = null, cep = null,
                   updated_at = now()
             where id = ${p.id}`,
  );
}
