import { and, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { chapaConsumos, chapas, empresa, fornecedores, ordensServico, produtos } from '../schema';
import { andWhere, likePattern, lookup, queryRows, searchAny } from './common';
import { crudTable, selectOf } from './crud';
import { type ConstraintMap, emUsoRefusal } from './refusal';

export type ChapaRow = typeof chapas.$inferSelect;

/** The list's row: the slab with its stone's, supplier's and work order's names (scalar subqueries). */
const chapaComNomes = {
  ...getTableColumns(chapas),
  produto_nome: lookup<string>(produtos.nome, produtos.id, chapas.produto_id),
  fornecedor_nome: lookup<string>(fornecedores.nome, fornecedores.id, chapas.fornecedor_id),
  os_numero: lookup<number>(ordensServico.numero, ordensServico.id, chapas.ordem_servico_id),
  // the outer table named literally: inside the subquery a bare origem_id would be the inner row's
  origem_codigo: sql<string | null>`(select o.codigo from chapas o where o.id = chapas.origem_id)`,
  // the list shows the first photo; chapa_fotos_chapa_idx serves it
  foto_id: sql<
    string | null
  >`(select f.id from chapa_fotos f where f.chapa_id = chapas.id order by f.created_at, f.id limit 1)`,
  fotos: sql<number>`(select count(*)::int from chapa_fotos f where f.chapa_id = chapas.id)`,
};

const select = selectOf((db) => db.select(chapaComNomes).from(chapas).$dynamic(), chapas.id);

/**
 * `cabe=LxA`: slabs that can hold a piece of L × A mm turned either way. The bounding box (longer side
 * against the longer, shorter against the shorter) is what `chapas_cabe_idx` serves; an L must then
 * hold it inside one of its two full rectangles (its width above the corner, its height beside it).
 */
export function cabeWhere(l: number, a: number): SQL {
  const lo = Math.min(l, a);
  const hi = Math.max(l, a);
  const fits = (w: SQL, h: SQL) =>
    sql`((${w} >= ${l}::int and ${h} >= ${a}::int) or (${w} >= ${a}::int and ${h} >= ${l}::int))`;
  return sql`(greatest(${chapas.largura_mm}, ${chapas.altura_mm}) >= ${hi}::int
    and least(${chapas.largura_mm}, ${chapas.altura_mm}) >= ${lo}::int
    and (${chapas.formato} = 'retangulo'
      or ${fits(sql`${chapas.largura_mm}`, sql`${chapas.altura_mm} - ${chapas.recorte_altura_mm}`)}
      or ${fits(sql`${chapas.largura_mm} - ${chapas.recorte_largura_mm}`, sql`${chapas.altura_mm}`)}))`;
}

/** The list's filters (already validated by the route's schema). `cabe` implies available slabs. */
export function chapasFilters(f: {
  produto_id?: string;
  tipo?: string;
  status?: string;
  lote?: string;
  localizacao?: string;
  ordem_servico_id?: string;
  cabe?: [number, number];
}): (SQL | undefined)[] {
  return [
    f.produto_id ? eq(chapas.produto_id, f.produto_id) : undefined,
    f.tipo ? eq(chapas.tipo, f.tipo as ChapaRow['tipo']) : undefined,
    f.cabe
      ? eq(chapas.status, 'disponivel')
      : f.status
        ? eq(chapas.status, f.status as ChapaRow['status'])
        : undefined,
    f.lote ? eq(chapas.lote, f.lote) : undefined,
    f.localizacao ? sql`${chapas.localizacao} ilike ${likePattern(f.localizacao)}` : undefined,
    f.ordem_servico_id ? eq(chapas.ordem_servico_id, f.ordem_servico_id) : undefined,
    f.cabe ? cabeWhere(f.cabe[0], f.cabe[1]) : undefined,
  ];
}

/** `?q=`: the code, lot, block or location (trigram indexes on code and location). */
export const searchChapas = (q: string) =>
  searchAny(q, [chapas.codigo, chapas.lote, chapas.bloco, chapas.localizacao]);

export const chapasTable = crudTable({
  table: chapas,
  select,
  search: searchChapas,
  sortable: {
    created_at: chapas.created_at,
    codigo: chapas.codigo,
    lote: chapas.lote,
    area_mm2: chapas.area_mm2,
    custo: chapas.custo,
  },
  defaultSort: '-created_at',
  opcoes: {
    columns: { id: chapas.id, codigo: chapas.codigo },
    where: sql`${chapas.status} = 'disponivel'`,
    search: (q: string) => searchAny(q, [chapas.codigo]),
    orderBy: chapas.codigo,
  },
  emUso,
});

/** A slab with a remnant cut from it, or consumed by a job, stays: its history is the stock's. */
async function emUso(db: Executor, p: { id: string }) {
  const [r] = await db.select({ n: count() }).from(chapas).where(eq(chapas.origem_id, p.id));
  return emUsoRefusal(
    'Não é possível remover chapa',
    (r?.n ?? 0) > 0
      ? `Desta chapa saíram ${r!.n} sobra(s): ela não pode ser removida. Use "Baixar".`
      : 'Esta chapa foi consumida por uma ordem de serviço e não pode ser removida. Use "Baixar".',
  );
}

export async function getChapa(db: Executor, p: { id: string }) {
  return select.one(db, p.id);
}

/** A slab by the code on its label, as typed or in capitals (the unique index serves both). */
export async function chapaPorCodigo(db: Executor, p: { codigo: string }) {
  const [r] = await db
    .select({ id: chapas.id })
    .from(chapas)
    .where(inArray(chapas.codigo, [p.codigo, p.codigo.toUpperCase()]))
    .limit(1);
  return r ? select.one(db, r.id) : undefined;
}

/** Reads a slab and locks it for the rest of the transaction (reservations race on it). */
export async function lockChapa(tx: Executor, p: { id: string }): Promise<ChapaRow | undefined> {
  const [r] = await tx.select().from(chapas).where(eq(chapas.id, p.id)).for('update');
  return r;
}

export async function lockChapas(tx: Executor, p: { ids: string[] }): Promise<ChapaRow[]> {
  if (!p.ids.length) return [];
  return tx.select().from(chapas).where(inArray(chapas.id, p.ids)).orderBy(chapas.id).for('update');
}

/** The next number of a lot: one after the highest `<lote>-<nn>` already there (codes typed by hand aside). */
export async function proximoNumeroNoLote(tx: Executor, p: { lote: string }): Promise<number> {
  const prefix = `${p.lote}-`;
  // a lot holds tens of slabs (chapas_lote_idx): reading their codes is cheaper than being clever in SQL
  const rows = await tx.select({ codigo: chapas.codigo }).from(chapas).where(eq(chapas.lote, p.lote));
  let max = 0;
  for (const { codigo } of rows) {
    const n = codigo.startsWith(prefix) ? codigo.slice(prefix.length) : '';
    if (/^\d{1,6}$/.test(n)) max = Math.max(max, Number(n));
  }
  return max + 1;
}

/** How many remnants a slab already gave (their codes go on from there). */
export async function sobrasDaChapa(tx: Executor, p: { id: string }): Promise<number> {
  const [r] = await tx.select({ n: count() }).from(chapas).where(eq(chapas.origem_id, p.id));
  return r?.n ?? 0;
}

export async function insertChapas(tx: Executor, p: { values: (typeof chapas.$inferInsert)[] }) {
  return tx.insert(chapas).values(p.values).returning();
}

/** Sets a slab's status and work order (the routes checked the transition under the row's lock). */
export async function setSituacao(
  tx: Executor,
  p: { id: string; status: ChapaRow['status']; ordemServicoId: string | null; motivo?: string | null },
) {
  const [r] = await tx
    .update(chapas)
    .set({
      status: p.status,
      ordem_servico_id: p.ordemServicoId,
      ...(p.motivo !== undefined ? { motivo_baixa: p.motivo } : {}),
      updated_at: sql`clock_timestamp()`,
    })
    .where(eq(chapas.id, p.id))
    .returning();
  return r;
}

/** A cancelled work order gives back the slabs it held. Answers the ids released. */
export async function liberarDaOs(tx: Executor, p: { osId: string }): Promise<string[]> {
  const rows = await tx
    .update(chapas)
    .set({ status: 'disponivel', ordem_servico_id: null, updated_at: sql`clock_timestamp()` })
    .where(and(eq(chapas.ordem_servico_id, p.osId), eq(chapas.status, 'reservada')))
    .returning({ id: chapas.id });
  return rows.map((r) => r.id);
}

export async function fatorSobra(db: Executor): Promise<string> {
  const [r] = await db.select({ f: empresa.fator_sobra }).from(empresa).where(eq(empresa.id, 1));
  return r?.f ?? '50';
}

export async function insertConsumo(tx: Executor, p: typeof chapaConsumos.$inferInsert) {
  await tx.insert(chapaConsumos).values(p);
}

/** A work order's slabs (reserved and consumed) and the stone cost it consumed. */
export async function chapasDaOs(db: Executor, p: { osId: string }) {
  const items = await select.list(db, {
    where: eq(chapas.ordem_servico_id, p.osId),
    order: sql`${chapas.codigo}`,
    limit: 500,
    offset: 0,
  });
  const [c] = await queryRows<{ custo: string | null; sobras: string | null }>(
    db,
    sql`select sum(custo) as custo, sum(custo_sobras) as sobras from chapa_consumos where ordem_servico_id = ${p.osId}`,
  );
  return { items, custo: c?.custo ?? '0', custoSobras: c?.sobras ?? '0' };
}

export async function osParaReserva(db: Executor, p: { id: string }) {
  const [r] = await db
    .select({
      id: ordensServico.id,
      numero: ordensServico.numero,
      status: ordensServico.status,
      orcamento_id: ordensServico.orcamento_id,
    })
    .from(ordensServico)
    .where(eq(ordensServico.id, p.id));
  return r;
}

export async function numeroDaOs(db: Executor, p: { id: string }): Promise<number | null> {
  const [r] = await db
    .select({ n: ordensServico.numero })
    .from(ordensServico)
    .where(eq(ordensServico.id, p.id));
  return r?.n ?? null;
}

/**
 * The largest m² piece of each stone of a quote (mm, by area): what a slab must hold to be offered for
 * the job ("Reservar chapas").
 */
export async function maioresPecas(db: Executor, p: { orcamentoId: string }) {
  return queryRows<{ produto_id: string; produto_nome: string; largura_mm: number; altura_mm: number }>(
    db,
    sql`select distinct on (i.produto_id) i.produto_id, p.nome as produto_nome,
               round(i.medida1 * 1000)::int as largura_mm, round(i.medida2 * 1000)::int as altura_mm
          from orcamento_itens i join produtos p on p.id = i.produto_id
         where i.orcamento_id = ${p.orcamentoId} and i.tipo_unidade = 'm²'
           and i.medida1 > 0 and i.medida2 > 0
         order by i.produto_id, i.medida1 * i.medida2 desc`,
  );
}

/** Available slabs of a stone that hold a piece (the quote's suggestion and the reservation list). */
export async function candidatas(
  db: Executor,
  p: { produtoId: string; largura: number; altura: number; limit: number; tipo?: 'sobra' },
) {
  return select.list(db, {
    where: andWhere(
      eq(chapas.produto_id, p.produtoId),
      eq(chapas.status, 'disponivel'),
      p.tipo ? eq(chapas.tipo, p.tipo) : undefined,
      cabeWhere(p.largura, p.altura),
    ),
    // the smallest that holds it first: a remnant before a whole slab
    order: sql`${chapas.area_mm2}, ${chapas.id}`,
    limit: p.limit,
    offset: 0,
  });
}

export async function produtoDaChapa(db: Executor, p: { id: string }) {
  const [r] = await db
    .select({ id: produtos.id, nome: produtos.nome, tipo_unidade: produtos.tipo_unidade })
    .from(produtos)
    .where(eq(produtos.id, p.id));
  return r;
}

/** The Estoque screen's figures per stone: counts, m² available and reserved, value, old remnants. */
export async function resumoPorPedra(db: Executor, p: { diasSobra: number }) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select c.produto_id, p.nome as produto_nome,
               count(*) filter (where c.tipo = 'chapa' and c.status = 'disponivel')::int as chapas,
               count(*) filter (where c.tipo = 'sobra' and c.status = 'disponivel')::int as sobras,
               round(coalesce(sum(c.area_mm2::numeric) filter (where c.status = 'disponivel'), 0) / 1000000, 3) as m2_disponivel,
               round(coalesce(sum(c.area_mm2::numeric) filter (where c.status = 'reservada'), 0) / 1000000, 3) as m2_reservado,
               coalesce(sum(c.custo) filter (where c.status = 'disponivel'), 0) as valor,
               count(*) filter (where c.tipo = 'sobra' and c.status = 'disponivel'
                                  and c.data_entrada < current_date - ${p.diasSobra}::int)::int as sobras_antigas
          from chapas c join produtos p on p.id = c.produto_id
         where c.status in ('disponivel', 'reservada')
         group by c.produto_id, p.nome
         order by p.nome`,
  );
}

/** The dashboard's card: value of the available stock and how many remnants wait to be used. */
export async function estoqueDashboard(db: Executor) {
  const [r] = await queryRows<{ valor: string | null; sobras: number; m2: string | null }>(
    db,
    sql`select coalesce(sum(custo), 0) as valor, (count(*) filter (where tipo = 'sobra'))::int as sobras,
               round(coalesce(sum(area_mm2::numeric), 0) / 1000000, 3) as m2
          from chapas where status = 'disponivel'`,
  );
  return r;
}

export const chapasConstraints: ConstraintMap = {
  chapas_codigo_uq: {
    code: '23505',
    refusal: {
      status: 409,
      title: 'Código duplicado',
      detail: 'Já existe uma chapa com este código.',
      path: 'codigo',
    },
  },
  chapas_produto_id_produtos_id_fk: {
    code: '23503',
    methods: ['POST', 'PATCH'],
    refusal: { status: 400, title: 'Dados inválidos', detail: 'Pedra não encontrada.', path: 'produto_id' },
  },
  chapas_fornecedor_id_fornecedores_id_fk: {
    code: '23503',
    methods: ['POST', 'PATCH'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Fornecedor não encontrado.',
      path: 'fornecedor_id',
    },
  },
  chapas_recorte_ck: {
    code: '23514',
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'O recorte do L deve ser menor que a chapa.',
      path: 'recorte_largura_mm',
    },
  },
  chapas_medidas_ck: {
    code: '23514',
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Largura e altura: de 100 a 5000 mm.',
      path: 'largura_mm',
    },
  },
};
