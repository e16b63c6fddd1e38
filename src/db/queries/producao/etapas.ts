import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import { funcionarios, ordensServico, osEtapaFuncionarios, osEtapas } from '../../schema';
import { queryRows, updateVersioned } from '../common';
import { etapaSelect, iso } from './comum';

// A work order's stages: locking and the order rule, the team and its conflicts, the OS's kept
// summary, and the installer's scope.

/** A stage with its OS's status, locked for the rest of the transaction (checks, then writes). */
export async function lockEtapa(tx: Executor, p: { id: string }) {
  const [r] = await tx
    .select({
      ...getTableColumns(osEtapas),
      os_status: ordensServico.status,
      os_numero: ordensServico.numero,
    })
    .from(osEtapas)
    .innerJoin(ordensServico, eq(ordensServico.id, osEtapas.os_id))
    .where(eq(osEtapas.id, p.id))
    .for('update', { of: osEtapas });
  return r;
}

export async function getEtapa(db: Executor, p: { id: string }) {
  const [r] = await db.select(etapaSelect).from(osEtapas).where(eq(osEtapas.id, p.id));
  return r;
}

/** The stages before this one in its OS that are not completed yet (the order rule). */
export async function etapasAnterioresAbertas(tx: Executor, p: { osId: string; ordem: number }) {
  return tx
    .select({ etapa: osEtapas.etapa, status: osEtapas.status })
    .from(osEtapas)
    .where(
      and(
        eq(osEtapas.os_id, p.osId),
        sql`${osEtapas.ordem} < ${p.ordem}`,
        sql`${osEtapas.status} <> 'concluida'`,
      ),
    )
    .orderBy(asc(osEtapas.ordem));
}

/** The stages after this one that already started or finished (a completed stage is not reopened under them). */
export async function etapasSeguintesIniciadas(tx: Executor, p: { osId: string; ordem: number }) {
  return tx
    .select({ etapa: osEtapas.etapa })
    .from(osEtapas)
    .where(
      and(
        eq(osEtapas.os_id, p.osId),
        sql`${osEtapas.ordem} > ${p.ordem}`,
        sql`${osEtapas.status} in ('em_andamento', 'concluida')`,
      ),
    );
}

export const updateEtapa = (
  tx: Executor,
  p: { id: string; values: Record<string, unknown>; updatedAt?: string },
) => updateVersioned(tx, { table: osEtapas, id: p.id, values: p.values, updatedAt: p.updatedAt });

/** The employees of a stage (ids). */
export async function equipeIds(db: Executor, p: { etapaId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: osEtapaFuncionarios.funcionario_id })
    .from(osEtapaFuncionarios)
    .where(eq(osEtapaFuncionarios.etapa_id, p.etapaId));
  return rows.map((r) => r.id);
}

export async function setEquipe(tx: Executor, p: { etapaId: string; funcionarioIds: string[] }) {
  await tx.delete(osEtapaFuncionarios).where(eq(osEtapaFuncionarios.etapa_id, p.etapaId));
  if (p.funcionarioIds.length) {
    await tx
      .insert(osEtapaFuncionarios)
      .values(p.funcionarioIds.map((funcionario_id) => ({ etapa_id: p.etapaId, funcionario_id })));
  }
}

/** Of the given ids, the employees that are active (the others are refused on a team). */
export async function funcionariosAtivos(db: Executor, p: { ids: string[] }) {
  if (!p.ids.length) return [];
  return db
    .select({ id: funcionarios.id, nome: funcionarios.nome })
    .from(funcionarios)
    .where(and(inArray(funcionarios.id, p.ids), eq(funcionarios.status, 'ativo')));
}

export interface ConflitoAgenda {
  funcionario_id: string;
  funcionario_nome: string;
  os_id: string;
  os_numero: number;
  etapa: string;
  inicio: string;
  fim: string;
}

/** Other stages (not completed, OS not cancelled) where one of these employees is booked at the same time. */
export async function conflitosAgenda(
  db: Executor,
  p: { etapaId: string; funcionarioIds: string[]; inicio: Date; fim: Date },
): Promise<ConflitoAgenda[]> {
  if (!p.funcionarioIds.length) return [];
  return queryRows<ConflitoAgenda>(
    db,
    sql`select ef.funcionario_id, f.nome as funcionario_nome, o.id as os_id, o.numero as os_numero, e.etapa,
               ${iso('e.inicio')} as inicio, ${iso('e.fim')} as fim
          from os_etapas e
          join os_etapa_funcionarios ef on ef.etapa_id = e.id
          join funcionarios f on f.id = ef.funcionario_id
          join ordens_servico o on o.id = e.os_id
         where e.inicio is not null
           and tstzrange(e.inicio, e.fim, '[)') && tstzrange(${p.inicio}::timestamptz, ${p.fim}::timestamptz, '[)')
           and e.id <> ${p.etapaId}
           and e.status <> 'concluida'
           and o.status <> 'cancelada'
           and ef.funcionario_id in (${sql.join(
             p.funcionarioIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
         order by e.inicio, f.nome`,
  );
}

/**
 * Recomputes the OS's kept summary after a stage changed: its current stage (the first not
 * completed), the count of completed ones, and its status (concluída when every stage is).
 */
export async function atualizarResumoOs(tx: Executor, p: { osId: string }) {
  await tx.execute(sql`
    update ordens_servico o
       set etapa_atual = r.atual,
           etapas_concluidas = r.feitas,
           etapas_total = r.total,
           status = case when o.status = 'cancelada' then 'cancelada'
                         when r.atual is null then 'concluida' else 'aberta' end,
           updated_at = clock_timestamp()
      from (select (select e.etapa from os_etapas e where e.os_id = ${p.osId} and e.status <> 'concluida'
                     order by e.ordem limit 1) as atual,
                   (select count(*)::int from os_etapas e where e.os_id = ${p.osId} and e.status = 'concluida') as feitas,
                   (select count(*)::int from os_etapas e where e.os_id = ${p.osId}) as total) r
     where o.id = ${p.osId}`);
}

/** Is this employee on the team of this stage? Of any stage of this OS? (the installer's scope) */
export async function funcionarioNaEtapa(db: Executor, p: { etapaId: string; funcionarioId: string }) {
  const [r] = await db
    .select({ n: sql<number>`1` })
    .from(osEtapaFuncionarios)
    .where(
      and(
        eq(osEtapaFuncionarios.etapa_id, p.etapaId),
        eq(osEtapaFuncionarios.funcionario_id, p.funcionarioId),
      ),
    );
  return !!r;
}

export async function funcionarioNaOs(db: Executor, p: { osId: string; funcionarioId: string }) {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from os_etapas e join os_etapa_funcionarios ef on ef.etapa_id = e.id
         where e.os_id = ${p.osId} and ef.funcionario_id = ${p.funcionarioId} limit 1`,
  );
  return !!r;
}
