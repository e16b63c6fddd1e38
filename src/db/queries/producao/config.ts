import { eq, sql } from 'drizzle-orm';
import { ETAPAS_OS } from '../../../schemas/enums';
import type { Executor } from '../../client';
import { producaoConfig } from '../../schema';
import { queryRows } from '../common';
import type { ConstraintMap } from '../refusal';

// Production's settings, the dashboard's production cards, and the constraints the API words itself.

/** The settings; a shop that never saved them uses every stage (version: the epoch). */
export async function getProducaoConfig(db: Executor) {
  const [r] = await db.select().from(producaoConfig).where(eq(producaoConfig.id, true));
  return r ?? { id: true, etapas: [...ETAPAS_OS] as string[], updated_at: new Date(0) };
}

/** Saves the settings if `updatedAt` is the version read (the first save inserts the row). */
export async function setProducaoConfig(tx: Executor, p: { etapas: string[]; updatedAt: string }) {
  const rows = await tx
    .insert(producaoConfig)
    .values({ id: true, etapas: p.etapas })
    .onConflictDoUpdate({
      target: producaoConfig.id,
      set: { etapas: p.etapas, updated_at: sql`clock_timestamp()` },
      setWhere: eq(producaoConfig.updated_at, new Date(p.updatedAt)),
    })
    .returning();
  return rows[0];
}

/**
 * The dashboard's production cards: installation stages scheduled in [semanaDe, semanaAte) of OS not
 * cancelled, and the open OS with a stage past its scheduled end and not completed.
 */
export async function indicadoresProducao(db: Executor, p: { semanaDe: Date; semanaAte: Date; agora: Date }) {
  const [r] = await queryRows<{ instalacoes_semana: number; os_atrasadas: number }>(
    db,
    sql`select
          (select count(*)::int from os_etapas e join ordens_servico o on o.id = e.os_id
            where e.etapa = 'instalacao' and e.inicio is not null
              and tstzrange(e.inicio, e.fim, '[)') && tstzrange(${p.semanaDe}::timestamptz, ${p.semanaAte}::timestamptz, '[)')
              and o.status <> 'cancelada') as instalacoes_semana,
          (select count(distinct e.os_id)::int from os_etapas e join ordens_servico o on o.id = e.os_id
            where e.status <> 'concluida' and e.fim is not null and e.fim < ${p.agora}
              and o.status = 'aberta') as os_atrasadas`,
  );
  return r!;
}

/** Constraints the API words itself (the routes check first; these close the races). */
export const producaoConstraints: ConstraintMap = {
  usuarios_funcionario_uq: {
    code: '23505',
    refusal: {
      status: 409,
      title: 'Funcionário já vinculado',
      detail: 'Este funcionário já está vinculado a outro usuário.',
      path: 'funcionario_id',
    },
  },
  usuarios_funcionario_id_funcionarios_id_fk: {
    code: '23503',
    methods: ['POST', 'PATCH'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Funcionário não encontrado.',
      path: 'funcionario_id',
    },
  },
  os_etapa_funcionarios_funcionario_id_funcionarios_id_fk: {
    code: '23503',
    methods: ['PATCH'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Funcionário não encontrado.',
      path: 'funcionario_ids',
    },
  },
};
