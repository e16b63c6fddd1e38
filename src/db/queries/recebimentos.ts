import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  gerarParcelas,
  type ParcelaGerada,
  problemaParcelamento,
  regerarParcelas,
} from '../../domain/recebiveis';
import type { Executor } from '../client';
import {
  cartoes,
  clientes,
  movimentacoesCaixa,
  parcelas,
  recebimentos,
  recebiveisConfig,
  vendas,
  vendedores,
} from '../schema';
import { columnsOf, countWhere, likePattern, lookup, queryRows, valueWhere } from './common';
import type { KeyPart } from './keyset';
import type { ConstraintMap, Refusal } from './refusal';

/**
 * Contas a receber (issue 16): a sale's instalments (`parcelas`), the payments on them
 * (`recebimentos`, each with its Caixa `entrada`) and the module's settings row.
 */

export const recebimentosConstraints: ConstraintMap = {
  // A sale (or its instalment) cannot disappear from under the payments made on it.
  recebimentos_parcela_id_parcelas_id_fk: {
    code: '23503',
    methods: ['DELETE'],
    refusal: {
      status: 409,
      title: 'Venda com recebimentos',
      detail: 'Esta venda tem recebimentos registrados. Desfaça-os em Recebimentos antes de excluí-la.',
    },
  },
  recebimentos_cartao_id_cartoes_id_fk: {
    code: '23503',
    methods: ['POST'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Forma de pagamento não encontrada.',
      path: 'cartao_id',
    },
  },
  movimentacoes_recebimento_ck: {
    code: '23514',
    refusal: {
      status: 409,
      title: 'Movimentação de recebimento',
      detail: 'Esta movimentação é um recebimento: desfaça-o em Recebimentos.',
    },
  },
};

// ── The schedule follows the sale

type VendaPagamento = Pick<
  typeof vendas.$inferSelect,
  | 'id'
  | 'cliente_id'
  | 'status'
  | 'tipo_venda'
  | 'valor_bruto'
  | 'valor_entrada'
  | 'numero_parcelas'
  | 'data_venda'
>;

/**
 * Makes the sale's instalments equal to its schedule (domain gerarParcelas; none for a cancelled
 * sale), in the caller's transaction, under row locks on the sale's instalments so a payment cannot
 * land between the check and the write. Instalments with money received must come out identical
 * (regerarParcelas), otherwise nothing is written and the refusal says why (409). Null when done.
 */
export async function sincronizarParcelas(tx: Executor, p: { vendaId: string }): Promise<Refusal | null> {
  const [venda] = (await tx
    .select(
      columnsOf(vendas, [
        'id',
        'cliente_id',
        'status',
        'tipo_venda',
        'valor_bruto',
        'valor_entrada',
        'numero_parcelas',
        'data_venda',
      ]),
    )
    .from(vendas)
    .where(eq(vendas.id, p.vendaId))) as VendaPagamento[];
  if (!venda) return null;
  let novas: ParcelaGerada[] = [];
  if (venda.status !== 'cancelada') {
    const input = { ...venda, tipo_venda: venda.tipo_venda as 'avista' | 'parcelado' | 'entrada' };
    const problema = problemaParcelamento(input);
    if (problema) return { status: 400, title: 'Parcelamento inválido', detail: problema };
    novas = gerarParcelas(input);
  }
  const existentes = await tx
    .select(columnsOf(parcelas, ['id', 'parcela', 'valor', 'data_vencimento', 'valor_recebido']))
    .from(parcelas)
    .where(eq(parcelas.venda_id, p.vendaId))
    .orderBy(asc(parcelas.parcela))
    .for('update');
  const plano = regerarParcelas(existentes, novas);
  if (!plano.ok) {
    const detail =
      venda.status === 'cancelada'
        ? 'Esta venda tem recebimentos registrados. Desfaça-os em Recebimentos antes de cancelá-la.'
        : plano.motivo;
    return { status: 409, title: 'Parcelas já recebidas', detail };
  }
  if (plano.remover.length) await tx.delete(parcelas).where(inArray(parcelas.id, plano.remover));
  for (const u of plano.atualizar) {
    await tx
      .update(parcelas)
      .set({ valor: u.valor, data_vencimento: u.data_vencimento, updated_at: sql`clock_timestamp()` })
      .where(eq(parcelas.id, u.id));
  }
  if (plano.inserir.length) {
    await tx.insert(parcelas).values(
      plano.inserir.map((n) => ({
        venda_id: venda.id,
        cliente_id: venda.cliente_id,
        parcela: n.parcela,
        valor: n.valor,
        data_vencimento: n.data_vencimento,
      })),
    );
  }
  return null;
}

// ── The list (instalments by due date)

export const STATUS_FILTRO = ['aberta', 'parcial', 'paga', 'atrasada', 'pendente'] as const;

export interface ParcelasFiltro {
  q?: string;
  status?: string;
  de?: string;
  ate?: string;
  venda_id?: string;
  cliente_id?: string;
  vendedor_id?: string;
}

/** A status as SQL, at `hoje` (the business day): the same rule as the domain's statusParcela. */
function statusWhere(status: string | undefined, hoje: string): SQL | undefined {
  const open = sql`${parcelas.valor_recebido} < ${parcelas.valor}`;
  switch (status) {
    case 'paga':
      return sql`${parcelas.valor_recebido} >= ${parcelas.valor}`;
    case 'atrasada':
      return sql`${open} and ${parcelas.data_vencimento} < ${hoje}::date`;
    case 'parcial':
      return sql`${open} and ${parcelas.valor_recebido} > 0 and ${parcelas.data_vencimento} >= ${hoje}::date`;
    case 'aberta':
      return sql`${parcelas.valor_recebido} = 0 and ${parcelas.data_vencimento} >= ${hoje}::date`;
    // Anything still owed (aberta, parcial or atrasada).
    case 'pendente':
      return open;
    default:
      return undefined;
  }
}

export function parcelasWhere(f: ParcelasFiltro, hoje: string): SQL | undefined {
  const q = f.q?.trim();
  let search: SQL | undefined;
  if (q) {
    const byName = sql`${parcelas.cliente_id} = any(array(select ${clientes.id} from ${clientes} where ${clientes.nome} ilike ${likePattern(q)}))`;
    const digits = q.replace(/^#/, '');
    search = /^\d{1,9}$/.test(digits)
      ? sql`(${parcelas.venda_id} = any(array(select ${vendas.id} from ${vendas} where ${vendas.numero} = ${Number(digits)})) or ${byName})`
      : byName;
  }
  return and(
    search,
    statusWhere(f.status, hoje),
    f.de ? sql`${parcelas.data_vencimento} >= ${f.de}::date` : undefined,
    f.ate ? sql`${parcelas.data_vencimento} <= ${f.ate}::date` : undefined,
    // parcelas_venda_parcela_uq (venda_id, parcela) serves it.
    f.venda_id ? eq(parcelas.venda_id, f.venda_id) : undefined,
    f.cliente_id ? eq(parcelas.cliente_id, f.cliente_id) : undefined,
    f.vendedor_id
      ? sql`${parcelas.venda_id} = any(array(select ${vendas.id} from ${vendas} where ${vendas.vendedor_id} = ${f.vendedor_id}))`
      : undefined,
  );
}

/** Names by scalar subqueries (see vendas.ts): cheaper to plan than joins on every page. */
const parcelaSelect = {
  id: parcelas.id,
  venda_id: parcelas.venda_id,
  cliente_id: parcelas.cliente_id,
  parcela: parcelas.parcela,
  valor: parcelas.valor,
  valor_recebido: parcelas.valor_recebido,
  data_vencimento: parcelas.data_vencimento,
  updated_at: parcelas.updated_at,
  venda_numero: lookup<number>(vendas.numero, vendas.id, parcelas.venda_id),
  numero_parcelas: sql<number>`(select case when ${vendas.tipo_venda} = 'avista' then 1 else ${vendas.numero_parcelas} end from ${vendas} where ${vendas.id} = ${parcelas.venda_id})`,
  cliente_nome: lookup<string>(clientes.nome, clientes.id, parcelas.cliente_id),
  cliente_telefone: lookup<string | null>(clientes.telefone, clientes.id, parcelas.cliente_id),
  vendedor_nome: sql<
    string | null
  >`(select ${vendedores.nome} from ${vendedores} where ${vendedores.id} = (select ${vendas.vendedor_id} from ${vendas} where ${vendas.id} = ${parcelas.venda_id}))`,
};

/** Due date first, then the sale's order of instalments (parcelas_vencimento_idx). */
export const parcelasOrder: KeyPart[] = [
  { col: parcelas.data_vencimento, key: 'data_vencimento', notNull: true },
  { col: parcelas.id, key: 'id', notNull: true },
];

export function listParcelas(db: Executor, p: { where?: SQL; order: SQL; limit: number; offset: number }) {
  return db
    .select(parcelaSelect)
    .from(parcelas)
    .where(p.where)
    .orderBy(p.order)
    .limit(p.limit)
    .offset(p.offset);
}

export type ParcelaRow = Awaited<ReturnType<typeof listParcelas>>[number];

export const countParcelas = (db: Executor, p: { where?: SQL }) =>
  countWhere(db, { table: parcelas, where: p.where });

export async function getParcela(db: Executor, p: { id: string }): Promise<ParcelaRow | undefined> {
  const [r] = await db.select(parcelaSelect).from(parcelas).where(eq(parcelas.id, p.id));
  return r;
}

/** A payment's own columns (what recording one answers). */
const recebimentoCols = {
  id: recebimentos.id,
  parcela_id: recebimentos.parcela_id,
  valor: recebimentos.valor,
  data: recebimentos.data,
  cartao_id: recebimentos.cartao_id,
  movimentacao_id: recebimentos.movimentacao_id,
  created_at: recebimentos.created_at,
};

const recebimentoSelect = {
  ...recebimentoCols,
  // null: a payment recorded without its method (POST /api/recebiveis/:id/recebimentos).
  forma_pagamento: sql<
    string | null
  >`(select ${cartoes.bandeira} || case when ${cartoes.bandeira} = 'Cartão' then ' ' || ${cartoes.tipo} else '' end from ${cartoes} where ${cartoes.id} = ${recebimentos.cartao_id})`,
};

/** The payments of some instalments, oldest first. */
export async function recebimentosDe(db: Executor, p: { parcelaIds: string[] }) {
  // inArray of nothing is "false": an empty statement list, no round trip.
  if (!p.parcelaIds.length) return [] as Awaited<ReturnType<typeof recebimentosQuery>>;
  return recebimentosQuery(db, p.parcelaIds);
}

function recebimentosQuery(db: Executor, parcelaIds: string[]) {
  return db
    .select(recebimentoSelect)
    .from(recebimentos)
    .where(inArray(recebimentos.parcela_id, parcelaIds))
    .orderBy(asc(recebimentos.data), asc(recebimentos.created_at));
}

/** A customer's statement: every instalment, by due date (parcelas_cliente_idx). */
export function parcelasDoCliente(db: Executor, p: { clienteId: string }) {
  return db
    .select(parcelaSelect)
    .from(parcelas)
    .where(eq(parcelas.cliente_id, p.clienteId))
    .orderBy(asc(parcelas.data_vencimento), asc(parcelas.parcela));
}

export function clienteNome(db: Executor, p: { id: string }) {
  return valueWhere(db, { column: clientes.nome, where: eq(clientes.id, p.id) });
}

export interface KpisRows {
  a_receber_mes: string;
  recebido_mes: string;
  em_atraso: string;
  em_atraso_parcelas: number;
  total_aberto: string;
}

/**
 * The four cards as SQL columns (a_receber_mes, recebido_mes, em_atraso, em_atraso_parcelas,
 * total_aberto), for `inicio` the first day of the business month and `hoje` today there. They read the
 * month sums the database keeps (recebiveis_mensal, migration 0017); only "em atraso" adds the instalments
 * of the current month due before today, an index-only scan of parcelas_abertas_idx over one month.
 */
export function kpisRecebiveisSql(p: { hoje: string; inicio: string }) {
  return sql`(select coalesce(sum(aberto), 0)::text from recebiveis_mensal where mes = ${p.inicio}::date) as a_receber_mes,
    (select coalesce(sum(recebido), 0)::text from recebiveis_mensal where mes = ${p.inicio}::date) as recebido_mes,
    ((select coalesce(sum(aberto), 0) from recebiveis_mensal where mes < ${p.inicio}::date)
      + (select coalesce(sum(valor - valor_recebido), 0) from parcelas
          where valor_recebido < valor and data_vencimento >= ${p.inicio}::date and data_vencimento < ${p.hoje}::date))::text as em_atraso,
    ((select coalesce(sum(parcelas_abertas), 0) from recebiveis_mensal where mes < ${p.inicio}::date)
      + (select count(*) from parcelas
          where valor_recebido < valor and data_vencimento >= ${p.inicio}::date and data_vencimento < ${p.hoje}::date))::int as em_atraso_parcelas,
    (select coalesce(sum(aberto), 0)::text from recebiveis_mensal) as total_aberto`;
}

/** The Recebimentos cards, one statement (kpisRecebiveisSql). */
export async function kpisRecebimentos(db: Executor, p: { hoje: string; inicio: string }): Promise<KpisRows> {
  const [r] = await queryRows<KpisRows>(db, sql`select ${kpisRecebiveisSql(p)}`);
  return r!;
}

// ── Payments

/**
 * The instalment under a row lock, with what the payment needs of its sale. Two payments on one
 * instalment queue here; the second reads the first's received value.
 */
export async function lockParcela(tx: Executor, p: { id: string }) {
  const [r] = await queryRows<{
    id: string;
    venda_id: string;
    parcela: number;
    valor: string;
    valor_recebido: string;
    status_venda: string;
    venda_numero: number;
    numero_parcelas: number;
    tipo_venda: string;
    cliente_nome: string;
  }>(
    tx,
    sql`select p.id, p.venda_id, p.parcela, p.valor::text, p.valor_recebido::text,
               v.status as status_venda, v.numero as venda_numero, v.numero_parcelas, v.tipo_venda,
               (select c.nome from clientes c where c.id = p.cliente_id) as cliente_nome
        from parcelas p join vendas v on v.id = p.venda_id
        where p.id = ${p.id}
        for update of p`,
  );
  return r;
}

export async function cartaoExiste(db: Executor, p: { id: string }) {
  return (await valueWhere(db, { column: cartoes.id, where: eq(cartoes.id, p.id) })) !== undefined;
}

/**
 * The payment, its Caixa entrada and the instalment's received value, in the caller's transaction.
 * Answers the payment row.
 */
export async function insertRecebimento(
  tx: Executor,
  p: {
    parcelaId: string;
    valor: string;
    data: string;
    cartaoId: string | null;
    nome: string;
    createdBy: string | null;
  },
) {
  const [mov] = await tx
    .insert(movimentacoesCaixa)
    .values({ nome: p.nome, valor: p.valor, data: p.data, tipo: 'entrada' })
    .returning({ id: movimentacoesCaixa.id });
  const [r] = await tx
    .insert(recebimentos)
    .values({
      parcela_id: p.parcelaId,
      valor: p.valor,
      data: p.data,
      cartao_id: p.cartaoId,
      movimentacao_id: mov!.id,
      created_by: p.createdBy,
    })
    .returning(recebimentoCols);
  await tx
    .update(parcelas)
    .set({
      valor_recebido: sql`${parcelas.valor_recebido} + ${p.valor}::numeric`,
      updated_at: sql`clock_timestamp()`,
    })
    .where(eq(parcelas.id, p.parcelaId));
  return r!;
}

export function parcelaDoRecebimento(db: Executor, p: { id: string }) {
  return valueWhere(db, { column: recebimentos.parcela_id, where: eq(recebimentos.id, p.id) });
}

/**
 * Undoes a payment: the payment, its Caixa movement and the instalment's received value. Call with
 * the instalment locked (lockParcela): the delete's RETURNING then says whether this call removed it
 * (a second undo finds nothing). Null when it was already gone.
 */
export async function deleteRecebimento(tx: Executor, p: { id: string }) {
  const [gone] = await tx
    .delete(recebimentos)
    .where(eq(recebimentos.id, p.id))
    .returning(columnsOf(recebimentos, ['parcela_id', 'valor', 'movimentacao_id']));
  if (!gone) return null;
  await tx.delete(movimentacoesCaixa).where(eq(movimentacoesCaixa.id, gone.movimentacao_id));
  await tx
    .update(parcelas)
    .set({
      valor_recebido: sql`${parcelas.valor_recebido} - ${gone.valor}::numeric`,
      updated_at: sql`clock_timestamp()`,
    })
    .where(eq(parcelas.id, gone.parcela_id));
  return gone;
}

/** The payment a Caixa movement records, if any (the Caixa routes refuse to edit it). */
export function recebimentoDaMovimentacao(db: Executor, p: { movimentacaoId: string }) {
  return valueWhere(db, {
    column: recebimentos.id,
    where: eq(recebimentos.movimentacao_id, p.movimentacaoId),
  });
}

// ── Settings

export async function getConfig(db: Executor) {
  const [r] = await db.select().from(recebiveisConfig).where(eq(recebiveisConfig.id, 1));
  // No row until the settings are first saved (a fresh database stays empty for a restore): the
  // defaults, with the version the first save creates the row with.
  return (
    r ?? {
      id: 1,
      pix_chave: null,
      pix_nome: null,
      pix_cidade: null,
      comissao_por_recebimento: false,
      updated_at: new Date(0),
    }
  );
}

/** Optimistic lock on the single row (created first with getConfig's default version when missing). */
export async function updateConfig(
  tx: Executor,
  p: { values: Partial<typeof recebiveisConfig.$inferInsert>; updatedAt: string },
): Promise<'ok' | 'stale'> {
  await tx
    .insert(recebiveisConfig)
    .values({ id: 1, updated_at: new Date(0) })
    .onConflictDoNothing();
  const rows = await tx
    .update(recebiveisConfig)
    .set({ ...p.values, updated_at: sql`clock_timestamp()` })
    .where(and(eq(recebiveisConfig.id, 1), eq(recebiveisConfig.updated_at, new Date(p.updatedAt))))
    .returning({ id: recebiveisConfig.id });
  return rows.length ? 'ok' : 'stale';
}
