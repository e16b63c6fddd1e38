import { and, asc, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { CardRates } from '../../domain/pricing';
import type { StatusOrcamento } from '../../schemas/orcamentos';
import { z } from '../../schemas/z';
import type { Executor } from '../client';
import { rowSchema } from '../row-schema';
import {
  acabamentos,
  arquitetos,
  cartoes,
  clientes,
  funcionarios,
  itensVenda,
  orcamentoFuncionarios,
  orcamentoItemBordas,
  orcamentoItemRecortes,
  orcamentoItens,
  orcamentos,
  produtos,
  recortes,
  vendas,
  vendedores,
} from '../schema';
import { countKept, likePattern, lookup, queryRows } from './common';

// ── What the pricing engine reads from the database (the client never sends prices or salaries)

export interface ProdutoPreco {
  id: string;
  nome: string;
  valor_m2: string;
  tipo_unidade: 'm²' | 'unitário';
  perda_percentual: string;
}

/** A finish or cutout as a quote prices it: its price (valor_ml or valor) and whether it is active. */
export interface CatalogoPreco {
  id: string;
  nome: string;
  valor: string;
  status: string;
}

export interface DadosPreco {
  produtos: Map<string, ProdutoPreco>;
  itensVenda: Set<string>;
  /** Id, status and salary of the chosen employees (only active ones count in the hourly cost). */
  equipe: { id: string; nome: string; status: string; salario: string }[];
  /** Σ of the month's fixed expenses (rent, electricity, water), from the month summary. */
  despesasFixas: string;
  percentualVendedor?: string;
  percentualArquiteto?: string;
  cartao?: CardRates;
  clienteExiste: boolean;
  acabamentos: Map<string, CatalogoPreco>;
  recortes: Map<string, CatalogoPreco>;
}

const idList = (ids: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/**
 * Everything a quote is priced from, in one round trip: the editor's live summary calls this on every
 * change, so eight lookups would be eight trips through the pool. Decimals travel as text (never as
 * JSON numbers, which would become binary floats).
 */
export async function dadosPrecificacao(
  db: Executor,
  p: {
    produtoIds: string[];
    itemVendaIds: string[];
    funcionarioIds: string[];
    mesInicio: string;
    vendedorId?: string | null;
    arquitetoId?: string | null;
    cartaoId?: string | null;
    clienteId?: string | null;
    acabamentoIds?: string[];
    recorteIds?: string[];
  },
): Promise<DadosPreco> {
  const taxas = ['taxa', ...Array.from({ length: 12 }, (_, i) => `taxa_${i + 1}x`)];
  const [r] = await queryRows<{
    produtos: ProdutoPreco[];
    itens_venda: string[];
    equipe: DadosPreco['equipe'];
    despesas_fixas: string;
    pct_vendedor: string | null;
    pct_arquiteto: string | null;
    cartao: CardRates | null;
    cliente_existe: boolean;
    acabamentos: CatalogoPreco[];
    recortes: CatalogoPreco[];
  }>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('id', id, 'nome', nome, 'valor_m2', valor_m2::text,
              'tipo_unidade', tipo_unidade, 'perda_percentual', perda_percentual::text)), '[]') from ${produtos} where id in ${idList(p.produtoIds)}) as produtos,
      (select coalesce(json_agg(id), '[]') from ${itensVenda} where id in ${idList(p.itemVendaIds)}) as itens_venda,
      (select coalesce(json_agg(json_build_object('id', id, 'nome', nome, 'status', status, 'salario', salario::text)), '[]')
         from ${funcionarios} where id in ${idList(p.funcionarioIds)}) as equipe,
      (select coalesce(sum(valor_fixas), 0)::text from despesas_mensal where mes = ${p.mesInicio}::date) as despesas_fixas,
      (select percentual_comissao::text from ${vendedores} where id = ${p.vendedorId ?? null}::uuid) as pct_vendedor,
      (select percentual_comissao::text from ${arquitetos} where id = ${p.arquitetoId ?? null}::uuid) as pct_arquiteto,
      (select json_build_object('tipo', tipo, ${sql.raw(taxas.map((t) => `'${t}', ${t}::text`).join(', '))})
         from ${cartoes} where id = ${p.cartaoId ?? null}::uuid) as cartao,
      exists (select 1 from ${clientes} where id = ${p.clienteId ?? null}::uuid) as cliente_existe,
      (select coalesce(json_agg(json_build_object('id', id, 'nome', nome, 'valor', valor_ml::text, 'status', status)), '[]')
         from ${acabamentos} where id in ${idList(p.acabamentoIds ?? [])}) as acabamentos,
      (select coalesce(json_agg(json_build_object('id', id, 'nome', nome, 'valor', valor::text, 'status', status)), '[]')
         from ${recortes} where id in ${idList(p.recorteIds ?? [])}) as recortes`,
  );
  return {
    produtos: new Map(r!.produtos.map((x) => [x.id, x])),
    itensVenda: new Set(r!.itens_venda),
    equipe: r!.equipe,
    despesasFixas: r!.despesas_fixas,
    percentualVendedor: r!.pct_vendedor ?? undefined,
    percentualArquiteto: r!.pct_arquiteto ?? undefined,
    cartao: r!.cartao ?? undefined,
    clienteExiste: r!.cliente_existe,
    acabamentos: new Map(r!.acabamentos.map((x) => [x.id, x])),
    recortes: new Map(r!.recortes.map((x) => [x.id, x])),
  };
}

// ── Writes (call inside a transaction)

export type OrcamentoValues = Omit<
  typeof orcamentos.$inferInsert,
  'id' | 'numero' | 'created_at' | 'updated_at'
>;
export type ItemValues = Omit<typeof orcamentoItens.$inferInsert, 'id' | 'orcamento_id'> & {
  /** Issue 14 snapshot: the finished sides and cutouts, prices copied from the catalogue. */
  bordas: Omit<typeof orcamentoItemBordas.$inferInsert, 'item_id'>[];
  recortes: Omit<typeof orcamentoItemRecortes.$inferInsert, 'item_id' | 'posicao'>[];
};

/**
 * Lines, finished sides and cutouts as three row sets, the lines' ids chosen here so the children
 * can name them in the same statement.
 */
function splitItens(itens: ItemValues[]) {
  const linhas = itens.map(({ bordas: _b, recortes: _r, ...i }, posicao) => ({
    ...i,
    id: crypto.randomUUID(),
    posicao,
  }));
  const bordas = itens.flatMap((i, idx) => i.bordas.map((b) => ({ ...b, item_id: linhas[idx]!.id })));
  const cortes = itens.flatMap((i, idx) =>
    i.recortes.map((r, posicao) => ({ ...r, posicao, item_id: linhas[idx]!.id })),
  );
  return { linhas, bordas, cortes };
}

/**
 * A new quote with its lines and employees, and its announcement, in one statement (so one round
 * trip, atomic without a transaction): data-modifying CTEs all run to completion, and the foreign
 * keys are checked at the statement's end, when the quote exists.
 */
export async function insertOrcamento(
  db: Executor,
  p: {
    values: OrcamentoValues;
    itens: ItemValues[];
    funcionarioIds: string[];
    aviso: (id: SQL) => SQL;
    autor: SQL;
  },
): Promise<string> {
  const { values, itens, funcionarioIds, aviso, autor } = p;
  const cols = getTableColumns(orcamentos) as Record<string, PgColumn>;
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const { linhas, bordas, cortes } = splitItens(itens);
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`with o as (
          insert into ${orcamentos} (${sql.join(
            entries.map(([k]) => sql.identifier(cols[k]!.name)),
            sql`, `,
          )})
          values (${sql.join(
            entries.map(([k, v]) => sql.param(v, cols[k])),
            sql`, `,
          )})
          returning id
        ), i as (
          insert into ${orcamentoItens} (id, orcamento_id, posicao, produto_id, item_venda_id, quantidade,
                 valor_unitario, valor_total, medida1, medida2, area, tipo_unidade, perda_percentual,
                 valor_material, metros_borda, valor_bordas, valor_recortes, faixa, faixa_de, faixa_lado)
          select x.id, o.id, x.posicao, x.produto_id, x.item_venda_id, x.quantidade, x.valor_unitario,
                 x.valor_total, x.medida1, x.medida2, x.area, coalesce(x.tipo_unidade, 'm²'), x.perda_percentual,
                 x.valor_material, x.metros_borda, x.valor_bordas, x.valor_recortes, x.faixa, x.faixa_de, x.faixa_lado
            from o, jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(id uuid, posicao int, produto_id uuid,
                 item_venda_id uuid, quantidade numeric, valor_unitario numeric, valor_total numeric,
                 medida1 numeric, medida2 numeric, area numeric, tipo_unidade text, perda_percentual numeric,
                 valor_material numeric, metros_borda numeric, valor_bordas numeric, valor_recortes numeric,
                 faixa text, faixa_de int, faixa_lado text)
        ), b as (
          insert into ${orcamentoItemBordas} (item_id, lado, acabamento_id, nome, valor_ml)
          select x.item_id, x.lado, x.acabamento_id, x.nome, x.valor_ml
            from jsonb_to_recordset(${JSON.stringify(bordas)}::jsonb) as x(item_id uuid, lado text,
                 acabamento_id uuid, nome text, valor_ml numeric)
        ), r as (
          insert into ${orcamentoItemRecortes} (item_id, posicao, recorte_id, nome, valor, quantidade)
          select x.item_id, x.posicao, x.recorte_id, x.nome, x.valor, x.quantidade
            from jsonb_to_recordset(${JSON.stringify(cortes)}::jsonb) as x(item_id uuid, posicao int,
                 recorte_id uuid, nome text, valor numeric, quantidade int)
        ), f as (
          insert into ${orcamentoFuncionarios} (orcamento_id, funcionario_id)
          select o.id, x::uuid from o, jsonb_array_elements_text(${JSON.stringify(funcionarioIds)}::jsonb) as x
        )
        select o.id, ${aviso(sql`o.id`)}, ${autor} from o`,
  );
  return r!.id;
}

/** Replaces the quote's fields, lines and employees; the caller holds the row lock. */
export async function replaceOrcamento(
  tx: Executor,
  p: { id: string; values: OrcamentoValues; itens: ItemValues[]; funcionarioIds: string[] },
) {
  const { id, values, itens, funcionarioIds } = p;
  await tx
    .update(orcamentos)
    .set({ ...values, updated_at: sql`clock_timestamp()` })
    .where(eq(orcamentos.id, id));
  await tx.delete(orcamentoItens).where(eq(orcamentoItens.orcamento_id, id));
  await tx.delete(orcamentoFuncionarios).where(eq(orcamentoFuncionarios.orcamento_id, id));
  await writeChildren(tx, id, itens, funcionarioIds);
}

async function writeChildren(tx: Executor, id: string, itens: ItemValues[], funcionarioIds: string[]) {
  const { linhas, bordas, cortes } = splitItens(itens);
  if (linhas.length) {
    await tx.insert(orcamentoItens).values(linhas.map((i) => ({ ...i, orcamento_id: id })));
  }
  if (bordas.length) await tx.insert(orcamentoItemBordas).values(bordas);
  if (cortes.length) await tx.insert(orcamentoItemRecortes).values(cortes);
  if (funcionarioIds.length) {
    await tx
      .insert(orcamentoFuncionarios)
      .values(funcionarioIds.map((funcionario_id) => ({ orcamento_id: id, funcionario_id })));
  }
}

export async function deleteOrcamento(tx: Executor, p: { id: string }) {
  const { id } = p;
  await tx.delete(orcamentos).where(eq(orcamentos.id, id));
}

/** Locks the quote row until the transaction ends (update, delete and sale generation serialise here). */
/** The quote's row as stored, without a lock (the sale preview reads what a sale would take). */
export async function orcamentoRow(db: Executor, p: { id: string }) {
  const { id } = p;
  const [row] = await db.select().from(orcamentos).where(eq(orcamentos.id, id));
  return row;
}

export async function lockOrcamento(tx: Executor, p: { id: string }) {
  const { id } = p;
  const [row] = await tx.select().from(orcamentos).where(eq(orcamentos.id, id)).for('update');
  return row;
}

// ── Reads

const arq = alias(arquitetos, 'arq');

// Names come from scalar subqueries rather than joins: a four-way join costs PostgreSQL ~3 ms to plan
// on every request, more than running the page itself; these plan in ~0.1 ms and run once per row shown.
const listColumns = {
  id: orcamentos.id,
  numero: orcamentos.numero,
  cliente_id: orcamentos.cliente_id,
  cliente_nome: lookup<string>(clientes.nome, clientes.id, orcamentos.cliente_id),
  vendedor_id: orcamentos.vendedor_id,
  vendedor_nome: lookup<string>(vendedores.nome, vendedores.id, orcamentos.vendedor_id),
  arquiteto_id: orcamentos.arquiteto_id,
  arquiteto_nome: lookup<string>(arquitetos.nome, arquitetos.id, orcamentos.arquiteto_id),
  cartao_id: orcamentos.cartao_id,
  cartao_bandeira: lookup<string>(cartoes.bandeira, cartoes.id, orcamentos.cartao_id),
  cartao_tipo: lookup<string>(cartoes.tipo, cartoes.id, orcamentos.cartao_id),
  valor_total: orcamentos.valor_total,
  status: orcamentos.status,
  tipo_venda: orcamentos.tipo_venda,
  valor_entrada: orcamentos.valor_entrada,
  numero_parcelas: orcamentos.numero_parcelas,
  validade: orcamentos.validade,
  created_at: orcamentos.created_at,
  updated_at: orcamentos.updated_at,
};

export interface ListParams {
  q?: string;
  status?: string;
  page: number;
  limit: number;
  sort?: string;
}

/**
 * Search by número ("123" or "#123") or by client name. The name match runs on clientes (trigram
 * index) and reaches the quotes through orcamentos_cliente_idx, so no per-row subquery or join is
 * needed to filter or count.
 */
export function listWhere(p: { q?: string; status?: StatusOrcamento }): SQL | undefined {
  const parts: SQL[] = [];
  if (p.status) parts.push(eq(orcamentos.status, p.status));
  const q = p.q?.trim();
  if (q) {
    // `= any(array(…))` runs the name search once (trigram index) and lets PostgreSQL combine
    // orcamentos_cliente_idx with the número index; `in (subquery)` inside an OR scans every quote.
    const byName = sql`${orcamentos.cliente_id} = any(array(select ${clientes.id} from ${clientes} where ${clientes.nome} ilike ${likePattern(q)}))`;
    const digits = /^#?\s*(\d{1,9})$/.exec(q);
    parts.push(digits ? sql`(${orcamentos.numero} = ${Number(digits[1])} or ${byName})` : byName);
  }
  return parts.length ? and(...parts) : undefined;
}

export const SORTABLE = {
  created_at: orcamentos.created_at,
  numero: orcamentos.numero,
  valor_total: orcamentos.valor_total,
} as const;

/** The column that breaks ties in every order of the list (and the export's keyset). */
export const SORT_ID = orcamentos.id;

export function listOrder(sort = '-created_at'): SQL | null {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  // Own keys only: `sort=__proto__` or `constructor` must not find Object.prototype's members.
  if (!Object.hasOwn(SORTABLE, name)) return null;
  const col = SORTABLE[name as keyof typeof SORTABLE];
  // Spelled as the indexes are built (drizzle writes `DESC NULLS LAST`): plain `desc` means NULLS FIRST,
  // and PostgreSQL would then sort the whole table instead of reading the page off the index.
  return descending
    ? sql`${col} desc nulls last, ${orcamentos.id} desc nulls last`
    : sql`${asc(col)}, ${asc(orcamentos.id)}`;
}

export async function listOrcamentos(
  db: Executor,
  p: { where: SQL | undefined; order: SQL; limit: number; offset: number },
) {
  const { where, order, limit, offset } = p;
  return db.select(listColumns).from(orcamentos).where(where).orderBy(order).limit(limit).offset(offset);
}

/** What the history shows of a quote's pieces (issue 14 §5): its lines, metres of edge and cutouts. */
export const resumoPecasSchema = z.object({
  itens: z.number().int().describe('Linhas do orçamento (peças e itens unitários)'),
  metros_borda: z
    .number()
    .describe('Metros de borda com acabamento de todas as peças (metros da linha × quantidade)'),
  recortes: z
    .number()
    .int()
    .describe('Recortes de todas as peças (quantidade do recorte × quantidade da linha)'),
});
export type ResumoPecas = z.infer<typeof resumoPecasSchema>;

/** A row of `GET /api/orcamentos` as documented (OpenAPI): the quote, the names shown, its pieces. */
export const orcamentoLinhaSchema = rowSchema(orcamentos)
  .pick({
    id: true,
    numero: true,
    cliente_id: true,
    vendedor_id: true,
    arquiteto_id: true,
    cartao_id: true,
    valor_total: true,
    status: true,
    tipo_venda: true,
    valor_entrada: true,
    numero_parcelas: true,
    validade: true,
    created_at: true,
    updated_at: true,
  })
  .extend({
    cliente_nome: z.string().nullable(),
    vendedor_nome: z.string().nullable(),
    arquiteto_nome: z.string().nullable(),
    cartao_bandeira: z.string().nullable(),
    cartao_tipo: z.string().nullable(),
    resumo_pecas: resumoPecasSchema,
  });

/**
 * The history's page: the list's columns plus each quote's pieces summed up. The page's 20 rows are
 * chosen first (index-driven, as `listOrcamentos`), in a subquery, and only then summed: a summary in
 * the outer select runs once per row shown, never for the rows an OFFSET skips nor over the table.
 * Sums are numeric in SQL (metres keep their 4 decimals); quotes saved before issue 14 have NULL
 * metres and no cutouts, and count 0 of both.
 */
export async function listOrcamentosPagina(
  db: Executor,
  p: { where: SQL | undefined; order: SQL; limit: number; offset: number },
) {
  const { where, order, limit, offset } = p;
  const ids = db
    .select({ id: orcamentos.id })
    .from(orcamentos)
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset);
  // Written out qualified: Drizzle leaves a one-table select's columns bare, and a bare "id" inside
  // the subquery would be the line's own.
  const outerId = sql`${sql.identifier('orcamentos')}.${sql.identifier('id')}`;
  const resumo = sql<ResumoPecas>`(select json_build_object(
      'itens', count(*),
      'metros_borda', coalesce(sum(i.metros_borda * i.quantidade), 0),
      'recortes', coalesce(sum(i.quantidade * r.n), 0))
    from ${orcamentoItens} i
    left join lateral (select sum(x.quantidade) as n from ${orcamentoItemRecortes} x where x.item_id = i.id) r on true
    where i.orcamento_id = ${outerId})`;
  return db
    .select({ ...listColumns, resumo_pecas: resumo })
    .from(orcamentos)
    .where(sql`${orcamentos.id} in ${ids}`)
    .orderBy(order);
}

/** Without a search the total comes from the kept counts (all quotes, or one status). */
export async function countOrcamentos(
  db: Executor,
  p: { q?: string; status?: string; where: SQL | undefined },
): Promise<number> {
  if (!p.q?.trim()) return countKept(db, { tabela: 'orcamentos', status: p.status || undefined });
  const [r] = await db.select({ n: count() }).from(orcamentos).where(p.where);
  return r?.n ?? 0;
}

/**
 * A quote's lines in order, named (product, sale item and its measure format) and measured, with the
 * `extra` columns the caller shows (the quote editor its pricing, the OS none).
 */
export function linhasDoOrcamento<C extends Record<string, PgColumn>>(
  db: Executor,
  p: { orcamentoId: string; extra: C },
) {
  const { orcamentoId, extra } = p;
  return db
    .select({
      id: orcamentoItens.id,
      posicao: orcamentoItens.posicao,
      produto_nome: produtos.nome,
      item_venda_nome: itensVenda.nome,
      formato_medida: itensVenda.formato_medida,
      tipo_unidade: orcamentoItens.tipo_unidade,
      quantidade: orcamentoItens.quantidade,
      medida1: orcamentoItens.medida1,
      medida2: orcamentoItens.medida2,
      area: orcamentoItens.area,
      valor_unitario: orcamentoItens.valor_unitario,
      valor_total: orcamentoItens.valor_total,
      ...extra,
    })
    .from(orcamentoItens)
    .leftJoin(produtos, eq(produtos.id, orcamentoItens.produto_id))
    .leftJoin(itensVenda, eq(itensVenda.id, orcamentoItens.item_venda_id))
    .where(eq(orcamentoItens.orcamento_id, orcamentoId))
    .orderBy(asc(orcamentoItens.posicao));
}

/** A quote line as the details read it: decimals as text (never binary floats), as Drizzle reads them. */
export interface ItemSalvo {
  id: string;
  posicao: number;
  produto_id: string;
  produto_nome: string | null;
  item_venda_id: string | null;
  item_venda_nome: string | null;
  formato_medida: string | null;
  tipo_unidade: (typeof orcamentoItens.$inferSelect)['tipo_unidade'];
  quantidade: string;
  valor_unitario: string;
  valor_total: string;
  medida1: string | null;
  medida2: string | null;
  area: string | null;
  perda_percentual: string | null;
  valor_material: string | null;
  metros_borda: string | null;
  valor_bordas: string | null;
  valor_recortes: string | null;
  faixa: (typeof orcamentoItens.$inferSelect)['faixa'];
  faixa_de: number | null;
  faixa_lado: (typeof orcamentoItens.$inferSelect)['faixa_lado'];
}

/**
 * The quote with its lines, team, finished sides and cutouts in one statement (one round trip: the
 * details follow every save, and each trip through the pool costs more than these small reads). The
 * children travel as JSON with their decimals as text, so they arrive exactly as a Drizzle select of
 * the same columns would give them.
 */
export async function getOrcamento(db: Executor, p: { id: string }) {
  const { id } = p;
  const doOrcamento = sql`(select oi.id from orcamento_itens oi where oi.orcamento_id = ${id})`;
  const [row] = await db
    .select({
      ...listColumns,
      valor_frete: orcamentos.valor_frete,
      valor_instalacao: orcamentos.valor_instalacao,
      custo_hora: orcamentos.custo_hora,
      horas_trabalho: orcamentos.horas_trabalho,
      margem_lucro: orcamentos.margem_lucro,
      observacoes: orcamentos.observacoes,
      resumo: orcamentos.resumo,
      arquiteto_percentual: arq.percentual_comissao,
      cliente: {
        nome: clientes.nome,
        tipo: clientes.tipo,
        cpf_cnpj: clientes.cpf_cnpj,
        telefone: clientes.telefone,
        email: clientes.email,
        endereco: clientes.endereco,
        numero: clientes.numero,
        complemento: clientes.complemento,
        bairro: clientes.bairro,
        cidade: clientes.cidade,
        uf: clientes.uf,
        cep: clientes.cep,
      },
      itens: sql<ItemSalvo[]>`(select coalesce(json_agg(json_build_object(
          'id', i.id, 'posicao', i.posicao, 'produto_id', i.produto_id, 'produto_nome', p.nome,
          'item_venda_id', i.item_venda_id, 'item_venda_nome', iv.nome, 'formato_medida', iv.formato_medida,
          'tipo_unidade', i.tipo_unidade, 'quantidade', i.quantidade::text,
          'valor_unitario', i.valor_unitario::text, 'valor_total', i.valor_total::text,
          'medida1', i.medida1::text, 'medida2', i.medida2::text, 'area', i.area::text,
          'perda_percentual', i.perda_percentual::text, 'valor_material', i.valor_material::text,
          'metros_borda', i.metros_borda::text, 'valor_bordas', i.valor_bordas::text,
          'valor_recortes', i.valor_recortes::text, 'faixa', i.faixa, 'faixa_de', i.faixa_de,
          'faixa_lado', i.faixa_lado) order by i.posicao), '[]'::json)
        from orcamento_itens i
        left join produtos p on p.id = i.produto_id
        left join itens_vendas iv on iv.id = i.item_venda_id
       where i.orcamento_id = ${orcamentos.id})`,
      funcionarios: sql<{ id: string; nome: string; cargo: (typeof funcionarios.$inferSelect)['cargo'] }[]>`(
        select coalesce(json_agg(json_build_object('id', f.id, 'nome', f.nome, 'cargo', f.cargo) order by f.nome), '[]'::json)
          from orcamento_funcionarios x join funcionarios f on f.id = x.funcionario_id
         where x.orcamento_id = ${orcamentos.id})`,
      bordas: sql<(typeof orcamentoItemBordas.$inferSelect)[]>`(
        select coalesce(json_agg(json_build_object('item_id', b.item_id, 'lado', b.lado,
                 'acabamento_id', b.acabamento_id, 'nome', b.nome, 'valor_ml', b.valor_ml::text)), '[]'::json)
          from orcamento_item_bordas b where b.item_id in ${doOrcamento})`,
      recortes: sql<(typeof orcamentoItemRecortes.$inferSelect)[]>`(
        select coalesce(json_agg(json_build_object('item_id', r.item_id, 'posicao', r.posicao,
                 'recorte_id', r.recorte_id, 'nome', r.nome, 'valor', r.valor::text,
                 'quantidade', r.quantidade) order by r.posicao), '[]'::json)
          from orcamento_item_recortes r where r.item_id in ${doOrcamento})`,
    })
    .from(orcamentos)
    .leftJoin(clientes, eq(clientes.id, orcamentos.cliente_id))
    .leftJoin(arq, eq(arq.id, orcamentos.arquiteto_id))
    .where(eq(orcamentos.id, id));
  return row;
}

// ── Sale generation

export async function vendaDoOrcamento(db: Executor, p: { orcamentoId: string }) {
  const { orcamentoId } = p;
  const [r] = await db.select({ id: vendas.id }).from(vendas).where(eq(vendas.orcamento_id, orcamentoId));
  return r;
}

export async function insertVenda(tx: Executor, values: typeof vendas.$inferInsert) {
  const [row] = await tx.insert(vendas).values(values).returning();
  return row!;
}

export async function setStatusOrcamento(tx: Executor, p: { id: string; status: StatusOrcamento }) {
  const { id, status } = p;
  await tx
    .update(orcamentos)
    .set({ status, updated_at: sql`clock_timestamp()` })
    .where(eq(orcamentos.id, id));
}
