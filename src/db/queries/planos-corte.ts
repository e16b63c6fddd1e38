import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { chapas, planosCorte, produtos } from '../schema';
import { queryRows } from './common';

/** What the planner reads of a slab in the yard. */
const chapaPlano = {
  id: chapas.id,
  codigo: chapas.codigo,
  produto_id: chapas.produto_id,
  tipo: chapas.tipo,
  largura_mm: chapas.largura_mm,
  altura_mm: chapas.altura_mm,
  formato: chapas.formato,
  recorte_largura_mm: chapas.recorte_largura_mm,
  recorte_altura_mm: chapas.recorte_altura_mm,
  status: chapas.status,
  ordem_servico_id: chapas.ordem_servico_id,
  updated_at: chapas.updated_at,
};
export type ChapaParaPlano = Awaited<ReturnType<typeof chapasDaPedra>>[number];

/** At most this many remnants and this many whole slabs of a stone are offered to one plan. */
export const SOBRAS_POR_PLANO = 30;
export const CHAPAS_POR_PLANO = 20;

/**
 * A stone's slabs a plan may use: the available ones (and those already reserved for `osId`, which a
 * re-plan keeps), remnants first, the oldest of each kind first — stock that waits longest goes first.
 * `chapas_produto_status_idx` serves both halves.
 */
export async function chapasDaPedra(db: Executor, p: { produtoId: string; osId?: string }) {
  const livre = p.osId
    ? or(
        eq(chapas.status, 'disponivel'),
        and(eq(chapas.status, 'reservada'), eq(chapas.ordem_servico_id, p.osId)),
      )
    : eq(chapas.status, 'disponivel');
  const deTipo = (tipo: 'sobra' | 'chapa', limit: number) =>
    db
      .select(chapaPlano)
      .from(chapas)
      .where(and(eq(chapas.produto_id, p.produtoId), eq(chapas.tipo, tipo), livre))
      // this work order's own slabs first, so a re-plan keeps what it holds
      .orderBy(sql`${chapas.ordem_servico_id} is null`, chapas.created_at, chapas.id)
      .limit(limit);
  return [...(await deTipo('sobra', SOBRAS_POR_PLANO)), ...(await deTipo('chapa', CHAPAS_POR_PLANO))];
}

/** Chosen slabs by id (any stone or status: the caller checks them). */
export async function chapasPorIds(db: Executor, p: { ids: string[] }) {
  if (!p.ids.length) return [];
  return db.select(chapaPlano).from(chapas).where(inArray(chapas.id, p.ids)).orderBy(chapas.id);
}

export async function nomeProduto(db: Executor, p: { id: string }) {
  const [r] = await db.select({ nome: produtos.nome }).from(produtos).where(eq(produtos.id, p.id));
  return r?.nome;
}

/**
 * The m² pieces of a quote, saias and frontões included (they are lines of their own), in the quote's
 * order, measures in mm. `quantidade` is rounded up: half a piece is still a piece to cut.
 */
export async function pecasDoOrcamento(db: Executor, p: { orcamentoId: string }) {
  return queryRows<{
    posicao: number;
    produto_id: string;
    produto_nome: string;
    item_nome: string | null;
    largura_mm: number;
    altura_mm: number;
    quantidade: number;
    faixa: 'saia' | 'frontao' | null;
    faixa_de: number | null;
  }>(
    db,
    sql`select i.posicao, i.produto_id, p.nome as produto_nome,
               (select v.nome from itens_vendas v where v.id = i.item_venda_id) as item_nome,
               round(i.medida1 * 1000)::int as largura_mm, round(i.medida2 * 1000)::int as altura_mm,
               ceil(i.quantidade)::int as quantidade, i.faixa, i.faixa_de
          from orcamento_itens i join produtos p on p.id = i.produto_id
         where i.orcamento_id = ${p.orcamentoId} and i.tipo_unidade = 'm²'
           and i.medida1 > 0 and i.medida2 > 0
         order by i.posicao`,
  );
}

export async function planoDaOs(db: Executor, p: { osId: string }) {
  const [r] = await db.select().from(planosCorte).where(eq(planosCorte.ordem_servico_id, p.osId));
  return r;
}

/** Stores a work order's plan, replacing the one it had. */
export async function gravarPlano(
  tx: Executor,
  p: { osId: string; plano: unknown; parametros: unknown; usuarioId: string | null },
) {
  const [r] = await tx
    .insert(planosCorte)
    .values({ ordem_servico_id: p.osId, plano: p.plano, parametros: p.parametros, created_by: p.usuarioId })
    .onConflictDoUpdate({
      target: planosCorte.ordem_servico_id,
      set: {
        plano: p.plano,
        parametros: p.parametros,
        created_by: p.usuarioId,
        updated_at: sql`clock_timestamp()`,
      },
    })
    .returning();
  return r!;
}

/**
 * Each stone's usual slab: the most common size among its whole slabs in the yard (any status: what the
 * supplier delivers), the newest size on a tie. Stones without slabs are absent.
 */
export async function chapaUsual(db: Executor, p: { produtoIds: string[] }) {
  if (!p.produtoIds.length) return [];
  return queryRows<{ produto_id: string; largura_mm: number; altura_mm: number }>(
    db,
    sql`select distinct on (produto_id) produto_id, largura_mm, altura_mm
          from chapas
         where produto_id in (${sql.join(
           p.produtoIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )}) and tipo = 'chapa'
         group by produto_id, largura_mm, altura_mm
         order by produto_id, count(*) desc, max(created_at) desc`,
  );
}
