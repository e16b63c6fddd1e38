import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import { HORAS_MENSAIS_PADRAO } from '../../domain/custo-hora';
import { STATUS_FUNCIONARIO } from '../../schemas/funcionarios';
import type { Executor } from '../client';
import { funcionarios, orcamentoFuncionarios, osEtapaFuncionarios } from '../schema';
import { numbersOut, numericColumns, orWhere, searchAny } from './common';
import { crudTable, type NumbersOut, type NumericKeys, selectOf } from './crud';
import { searchDocumento } from './documentos';
import { emUsoRefusal } from './refusal';

/**
 * An employee's hourly cost, as domain/custo-hora.ts defines it: salario / horas_mensais rounded
 * half-up to cents (PostgreSQL's round(numeric) rounds halves away from zero, the same for the
 * non-negative salaries the table allows), with the standard 220 h month when the hours are missing.
 */
export const custoHoraSql = sql<string>`round(${funcionarios.salario} / coalesce(nullif(${funcionarios.horas_mensais}, 0), ${sql.raw(String(HORAS_MENSAIS_PADRAO))}), 2)`;

const ativo = eq(funcionarios.status, 'ativo');
const isStatus = (v: string | undefined): v is (typeof STATUS_FUNCIONARIO)[number] =>
  (STATUS_FUNCIONARIO as readonly (string | undefined)[]).includes(v);
const MONEY_KEYS = [...numericColumns(funcionarios), 'custo_hora'];

/** An employee as the API answers it: money (the table's and `custo_hora`) as numbers. */
export const funcionarioOut = <R extends Record<string, unknown>>(row: R) =>
  numbersOut(row, MONEY_KEYS) as NumbersOut<R, NumericKeys<typeof funcionarios> | 'custo_hora'>;

/** Employees with their hourly cost. */
const select = selectOf(
  (db) =>
    db
      .select({ ...getTableColumns(funcionarios), custo_hora: custoHoraSql })
      .from(funcionarios)
      .$dynamic(),
  funcionarios.id,
);

/**
 * The screen's figures over the ACTIVE employees, summed in SQL: how many, the monthly payroll, and
 * the Cálculo de Custo figures — total = sum of the rounded per-employee costs (so the table adds up),
 * average = total / count rounded to cents (domain/custo-hora.ts `resumoCustos`).
 */
export async function resumoFuncionarios(db: Executor, p: { page: number; limit: number }) {
  const { page, limit } = p;
  const [totais] = await db
    .select({
      ativos: sql<number>`count(*)::int`,
      folha_mensal: sql<string>`coalesce(sum(${funcionarios.salario}), 0)`,
      soma: sql<string>`coalesce(sum(${custoHoraSql}), 0)`,
      media: sql<string>`coalesce(round(sum(${custoHoraSql}) / nullif(count(*), 0), 2), 0)`,
    })
    .from(funcionarios)
    .where(ativo);
  const items = await db
    .select({
      id: funcionarios.id,
      nome: funcionarios.nome,
      cargo: funcionarios.cargo,
      salario: funcionarios.salario,
      horas_mensais: funcionarios.horas_mensais,
      custo_hora: custoHoraSql,
    })
    .from(funcionarios)
    .where(ativo)
    .orderBy(asc(funcionarios.nome), asc(funcionarios.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const t = totais ?? { ativos: 0, folha_mensal: '0', soma: '0', media: '0' };
  return {
    ativos: Number(t.ativos),
    folha_mensal: Number(t.folha_mensal),
    custo_hora_medio: Number(t.media),
    calculo: {
      items: items.map((r) => numbersOut(r, ['salario', 'custo_hora'])),
      total: Number(t.ativos),
      page,
      limit,
      media: Number(t.media),
      soma: Number(t.soma),
    },
  };
}

/** How many quotes name the employee (what keeps them from being removed). */
export async function usoFuncionario(db: Executor, p: { id: string }): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(orcamentoFuncionarios)
    .where(eq(orcamentoFuncionarios.funcionario_id, p.id));
  return r?.n ?? 0;
}

/** Production stages the employee is (or was) on: they keep the employee from being deleted. */
async function etapasDoFuncionario(db: Executor, p: { id: string }): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(osEtapaFuncionarios)
    .where(eq(osEtapaFuncionarios.funcionario_id, p.id));
  return r?.n ?? 0;
}

/** The list (with the hourly cost), its search, status filter and sorts, and the active employees' options. */
export const funcionariosTable = crudTable({
  table: funcionarios,
  emUso,
  search: (q) =>
    orWhere(
      searchAny(q, [funcionarios.nome, funcionarios.cargo, funcionarios.email]),
      searchDocumento(q, funcionarios.cpf),
    ),
  filters: (query) => [isStatus(query.status) ? eq(funcionarios.status, query.status) : undefined],
  sortable: {
    created_at: funcionarios.created_at,
    nome: funcionarios.nome,
    cargo: funcionarios.cargo,
    salario: funcionarios.salario,
  },
  defaultSort: '-created_at',
  opcoes: {
    columns: { id: funcionarios.id, nome: funcionarios.nome, cargo: funcionarios.cargo },
    where: ativo,
    search: (q) => searchAny(q, [funcionarios.nome, funcionarios.cargo]),
    orderBy: funcionarios.nome,
  },
  select,
});

/** An employee on quotes cannot be deleted (they can be made inactive). */
async function emUso(db: Executor, p: { id: string }) {
  const [n, etapas] = await Promise.all([usoFuncionario(db, p), etapasDoFuncionario(db, p)]);
  const onde = [n ? `${n} orçamento(s)` : '', etapas ? `${etapas} etapa(s) de produção` : '']
    .filter(Boolean)
    .join(' e ');
  return emUsoRefusal(
    'Não é possível remover funcionário',
    `Este funcionário está vinculado a ${onde || `${n} orçamento(s)`} e não pode ser removido. Marque-o como inativo.`,
  );
}
