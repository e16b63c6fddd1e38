import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { queryRows } from './common';

/**
 * Rows as PostgreSQL writes them in JSON (dates 'YYYY-MM-DD', instants ISO with their offset,
 * numerics as numbers): the same on both engines, for the JSON export and the PDF alike.
 */
type Linha = Record<string, unknown>;

/** Everything stored about a client (LGPD export): the row, or undefined when there is none. */
export async function clienteCompleto(tx: Executor, p: { id: string }) {
  const [row] = await queryRows<{ r: Linha }>(
    tx,
    sql`select to_jsonb(c) as r from clientes c where id = ${p.id}`,
  );
  return row?.r;
}

const nomes = (t: string) =>
  sql.raw(`jsonb_build_object(
    'vendedor_nome', (select v.nome from vendedores v where v.id = ${t}.vendedor_id),
    'arquiteto_nome', (select a.nome from arquitetos a where a.id = ${t}.arquiteto_id),
    'cartao_nome', (select c.bandeira || ' - ' || c.tipo from cartoes c where c.id = ${t}.cartao_id))`);

/** The client's quotes, each with its lines (and their products' names), oldest first. */
export async function orcamentosDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha & { itens: Linha[] } }>(
    tx,
    sql`select to_jsonb(o) || ${nomes('o')} || jsonb_build_object('itens',
               (select coalesce(jsonb_agg(to_jsonb(i) || jsonb_build_object('produto_nome',
                         (select pr.nome from produtos pr where pr.id = i.produto_id)) order by i.posicao), '[]')
                  from orcamento_itens i where i.orcamento_id = o.id)) as r
          from orcamentos o where o.cliente_id = ${p.id} order by o.created_at`,
  );
  return rows.map((x) => x.r);
}

/** The client's sales, oldest first. */
export async function vendasDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha }>(
    tx,
    sql`select to_jsonb(s) || ${nomes('s')} as r from vendas s where s.cliente_id = ${p.id} order by s.created_at`,
  );
  return rows.map((x) => x.r);
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

/**
 * Anonymises the client (migration 0026, lavra_anonimizar_cliente): the record's personal fields, and
 * every copy of them — Caixa descriptions, the work orders' job address, notes, the approval's person
 * and PDF, change requests, the audit rows about their records — with the public links revoked. Quotes,
 * sales, instalments and payments keep their amounts.
 */
export async function anonimizarCliente(tx: Executor, p: { id: string }) {
  await tx.execute(sql`select lavra_anonimizar_cliente(${p.id}::uuid)`);
}
