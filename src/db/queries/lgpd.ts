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

/**
 * The shop's internals a client's export leaves out (issue 26 §5): labour cost and hours, margin, the
 * saved breakdown, the card fee the shop pays, the net, commissions and the architect's RT.
 */
const INTERNOS_ORCAMENTO = sql.raw(`array['custo_hora', 'horas_trabalho', 'margem_lucro', 'resumo']`);
const INTERNOS_VENDA = sql.raw(`array['taxa_cartao', 'valor_taxa', 'valor_liquido', 'comissao_vendedor',
  'comissao_arquiteto', 'comissao_paga', 'comissao_paga_base', 'rt_paga', 'rt_paga_base']`);

/** The client's quotes (without the shop's internals; their lines as the customer saw them are added by the route), oldest first. */
export async function orcamentosDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha }>(
    tx,
    sql`select (to_jsonb(o) - ${INTERNOS_ORCAMENTO}) || ${nomes('o')} as r
          from orcamentos o where o.cliente_id = ${p.id} order by o.created_at`,
  );
  return rows.map((x) => x.r);
}

/** The client's sales (what they pay; not what the shop keeps or pays out), oldest first. */
export async function vendasDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha }>(
    tx,
    sql`select (to_jsonb(s) - ${INTERNOS_VENDA}) || ${nomes('s')} as r
          from vendas s where s.cliente_id = ${p.id} order by s.created_at`,
  );
  return rows.map((x) => x.r);
}

/** Their approvals on the public link: who signed, from where, with which browser, and the signature. */
export async function aceitesDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha }>(
    tx,
    sql`select jsonb_build_object('orcamento_numero', o.numero, 'versao', a.versao, 'nome', a.nome, 'ip', a.ip,
                 'user_agent', a.user_agent, 'pdf_sha256', a.pdf_sha256, 'em', a.created_at,
                 'assinatura_png', nullif(a.assinatura_png, '')) as r
          from orcamento_aceites a join orcamentos o on o.id = a.orcamento_id
         where o.cliente_id = ${p.id} order by a.created_at`,
  );
  return rows.map((x) => x.r);
}

/** Their change requests on the public link. */
export async function alteracoesDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha }>(
    tx,
    sql`select jsonb_build_object('orcamento_numero', o.numero, 'versao', a.versao, 'mensagem', a.mensagem,
                 'ip', a.ip, 'em', a.created_at) as r
          from orcamento_alteracoes a join orcamentos o on o.id = a.orcamento_id
         where o.cliente_id = ${p.id} order by a.created_at`,
  );
  return rows.map((x) => x.r);
}

/** Their work orders: the job's address, status and each stage's schedule (not the team's notes). */
export async function ordensDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha & { etapas: Linha[] } }>(
    tx,
    sql`select jsonb_build_object('numero', s.numero, 'venda_numero', s.venda_numero, 'status', s.status,
                 'endereco', s.endereco, 'cidade', s.cidade, 'uf', s.uf, 'cep', s.cep,
                 'motivo_cancelamento', s.motivo_cancelamento, 'created_at', s.created_at, 'updated_at', s.updated_at,
                 'etapas', (select coalesce(jsonb_agg(jsonb_build_object('etapa', e.etapa, 'status', e.status,
                                    'inicio', e.inicio, 'fim', e.fim, 'concluida_em', e.concluida_em) order by e.ordem), '[]')
                              from os_etapas e where e.os_id = s.id)) as r
          from ordens_servico s where s.cliente_id = ${p.id} order by s.created_at`,
  );
  return rows.map((x) => x.r);
}

/** Their instalments, each with the payments received on it. */
export async function parcelasDoCliente(tx: Executor, p: { id: string }) {
  const rows = await queryRows<{ r: Linha & { recebimentos: Linha[] } }>(
    tx,
    sql`select jsonb_build_object('venda_numero', v.numero, 'parcela', pa.parcela, 'valor', pa.valor,
                 'valor_recebido', pa.valor_recebido, 'data_vencimento', pa.data_vencimento,
                 'recebimentos', (select coalesce(jsonb_agg(jsonb_build_object('valor', r.valor, 'data', r.data,
                                          'forma', (select c.bandeira || ' - ' || c.tipo from cartoes c where c.id = r.cartao_id))
                                        order by r.data, r.created_at), '[]')
                                    from recebimentos r where r.parcela_id = pa.id)) as r
          from parcelas pa join vendas v on v.id = pa.venda_id
         where pa.cliente_id = ${p.id} order by v.numero, pa.parcela`,
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
