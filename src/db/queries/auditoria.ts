import { type SQL, sql } from 'drizzle-orm';
import type { AuditoriaQuery, AuditoriaRegistro } from '../../schemas/auditoria';
import { ETAPA_OS_LABEL } from '../../schemas/enums';
import type { Executor } from '../client';
import { queryRows } from './common';

/** The trail's WHERE from the screen's filters; days are the business time zone's (`tz`). */
function filters(f: AuditoriaQuery, tz: string): SQL {
  const where: SQL[] = [];
  if (f.usuario_id) where.push(sql`a.usuario_id = ${f.usuario_id}`);
  if (f.recurso) where.push(sql`a.recurso = ${f.recurso}`);
  if (f.registro) where.push(sql`a.registro = ${f.registro}`);
  if (f.de) where.push(sql`a.em >= (${f.de}::date)::timestamp at time zone ${tz}`);
  if (f.ate) where.push(sql`a.em < (${f.ate}::date + 1)::timestamp at time zone ${tz}`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

// `em` as ISO 8601 in UTC (the API's timestamps), not PostgreSQL's text form.
const columns = sql`a.id::int as id, to_char(a.em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as em, a.usuario_id, a.endereco, a.recurso, a.registro, a.acao, a.alteracoes,
  (select u.nome from usuarios u where u.id = a.usuario_id) as usuario_nome`;

/** The first `limit` entries matching the filters, newest first (the CSV export). */
export function auditoriaExport(
  db: Executor,
  p: { filtros: AuditoriaQuery; tz: string; limit: number },
): Promise<AuditoriaRegistro[]> {
  return queryRows<AuditoriaRegistro>(
    db,
    sql`select ${columns} from auditoria a ${filters(p.filtros, p.tz)}
           order by a.em desc, a.id desc limit ${p.limit}`,
  );
}

/** One page of the trail, newest first, and how many entries match the filters. */
export async function auditoriaPage(
  db: Executor,
  p: { filtros: AuditoriaQuery; tz: string; limit: number; offset: number },
): Promise<{ items: AuditoriaRegistro[]; total: number }> {
  const cond = filters(p.filtros, p.tz);
  const [items, [count]] = await Promise.all([
    queryRows<AuditoriaRegistro>(
      db,
      sql`select ${columns}
            from auditoria a ${cond}
           order by a.em desc, a.id desc
           limit ${p.limit} offset ${p.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from auditoria a ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

/**
 * Names who is writing for the audit trigger (migration auditoria_sql), in transaction-local
 * settings: the first statement of every transaction a signed-in user's write opens.
 */
export async function definirAutor(tx: Executor, p: { usuarioId: string; endereco: string }) {
  await tx.execute(
    sql`select set_config('lavra.usuario_id', ${p.usuarioId}, true), set_config('lavra.endereco', ${p.endereco}, true)`,
  );
}

/**
 * One record's history, newest first (its details dialog): `recursos` are the tables its entries are
 * in (schemas/auditoria historicoRecursos). Reads the index auditoria_registro_idx.
 */
export function historicoRegistro(
  db: Executor,
  p: { recursos: string[]; registro: string; limit: number },
): Promise<AuditoriaRegistro[]> {
  return queryRows<AuditoriaRegistro>(
    db,
    sql`select ${columns} from auditoria a
         where a.recurso in ${p.recursos} and a.registro = ${p.registro}
         order by a.em desc, a.id desc limit ${p.limit}`,
  );
}

/** The stages' pt-BR names as a VALUES list, so a stage reads "Corte da OS #12" straight from SQL. */
const etapas = sql.join(
  Object.entries(ETAPA_OS_LABEL).map(([k, v]) => sql`(${k}, ${v})`),
  sql`, `,
);

/**
 * The names of the records an entry points to or is about (client, seller, quote, sale, work order and
 * its stages and photos, instalments and payments, Caixa movements, expenses, slabs, catalogue items…),
 * by id, so the history reads "Vendedor: Ana → Bruno" and "Corte da OS #12" rather than ids. Ids that
 * are not UUIDs, or whose record is gone, are left out.
 */
export async function nomesReferidos(db: Executor, p: { ids: string[] }): Promise<Record<string, string>> {
  const ids = [...new Set(p.ids)].filter((id) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
  );
  if (!ids.length) return {};
  const list = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
  const rows = await queryRows<{ id: string; nome: string }>(
    db,
    sql`select id::text as id, nome from clientes where id in ${list}
        union all select id::text, nome from vendedores where id in ${list}
        union all select id::text, nome from arquitetos where id in ${list}
        union all select id::text, nome from usuarios where id in ${list}
        union all select id::text, bandeira || ' - ' || tipo from cartoes where id in ${list}
        union all select id::text, 'Orçamento #' || numero from orcamentos where id in ${list}
        union all select id::text, 'Venda #' || numero from vendas where id in ${list}
        union all select id::text, 'OS #' || numero from ordens_servico where id in ${list}
        union all select id::text, nome from funcionarios where id in ${list}
        union all select id::text, nome from produtos where id in ${list}
        union all select id::text, nome from fornecedores where id in ${list}
        union all select id::text, nome from categorias_produtos where id in ${list}
        union all select id::text, nome from acabamentos where id in ${list}
        union all select id::text, nome from recortes where id in ${list}
        union all select id::text, nome from itens_vendas where id in ${list}
        union all select e.id::text, coalesce(l.nome, e.etapa) || ' da OS #' || o.numero
          from os_etapas e join ordens_servico o on o.id = e.os_id
          left join (values ${etapas}) l(etapa, nome) on l.etapa = e.etapa
         where e.id in ${list}
        union all select f.id::text, case when f.tipo = 'assinatura' then 'Assinatura' else 'Foto' end || ' da OS #' || o.numero
          from os_fotos f join ordens_servico o on o.id = f.os_id where f.id in ${list}
        union all select p.id::text, 'Parcela ' || p.parcela || ' da Venda #' || v.numero
          from parcelas p join vendas v on v.id = p.venda_id where p.id in ${list}
        union all select r.id::text, 'Recebimento da parcela ' || p.parcela || ' da Venda #' || v.numero
          from recebimentos r join parcelas p on p.id = r.parcela_id join vendas v on v.id = p.venda_id
         where r.id in ${list}
        union all select id::text, 'Caixa: ' || nome from movimentacoes_caixa where id in ${list}
        union all select id::text, 'Despesa: ' || descricao from despesas where id in ${list}
        union all select id::text, case when tipo = 'sobra' then 'Sobra ' else 'Chapa ' end || codigo
          from chapas where id in ${list}
        union all select f.id::text, 'Foto da chapa ' || c.codigo
          from chapa_fotos f join chapas c on c.id = f.chapa_id where f.id in ${list}
        union all select pc.id::text, 'Plano de corte da OS #' || o.numero
          from planos_corte pc join ordens_servico o on o.id = pc.ordem_servico_id where pc.id in ${list}
        union all select id::text, case when tipo = 'nfse' then 'NFS-e nº ' || coalesce(numero_prefeitura, numero)
                                        else 'NF-e nº ' || numero end
          from notas_fiscais where id in ${list}
        union all select cc.id::text, 'Carta de correção ' || cc.sequencia || ' da NF-e nº ' || n.numero
          from cartas_correcao cc join notas_fiscais n on n.id = cc.nota_id where cc.id in ${list}`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.nome]));
}
