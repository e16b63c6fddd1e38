import { and, asc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  cartasCorrecao,
  clientes,
  empresa,
  notasFiscais,
  orcamentoItens,
  produtos,
  usuarios,
  vendas,
} from '../schema';
import { andWhere, lookup, queryRows } from './common';
import type { KeyPart } from './keyset';

/** The sale, its client and its quote's lines with their products: what an invoice is built from. */
export async function vendaParaNota(db: Executor, p: { vendaId: string }) {
  const [venda] = await db
    .select({
      id: vendas.id,
      numero: vendas.numero,
      status: vendas.status,
      tipo_venda: vendas.tipo_venda,
      valor_bruto: vendas.valor_bruto,
      cliente_id: vendas.cliente_id,
      orcamento_id: vendas.orcamento_id,
    })
    .from(vendas)
    .where(eq(vendas.id, p.vendaId));
  if (!venda) return undefined;
  const [cliente] = await db.select().from(clientes).where(eq(clientes.id, venda.cliente_id));
  const [orc] = venda.orcamento_id
    ? await queryRows<{ valor_frete: string; valor_instalacao: string }>(
        db,
        sql`select valor_frete, valor_instalacao from orcamentos where id = ${venda.orcamento_id}`,
      )
    : [];
  const itens = venda.orcamento_id
    ? await db
        .select({
          produto_id: orcamentoItens.produto_id,
          nome: produtos.nome,
          tipo_unidade: orcamentoItens.tipo_unidade,
          quantidade: orcamentoItens.quantidade,
          area: orcamentoItens.area,
          valor_total: orcamentoItens.valor_total,
          ncm: produtos.ncm,
          cfop: produtos.cfop,
          csosn: produtos.csosn,
          cst: produtos.cst,
          origem: produtos.origem,
          unidade_comercial: produtos.unidade_comercial,
        })
        .from(orcamentoItens)
        .innerJoin(produtos, eq(produtos.id, orcamentoItens.produto_id))
        .where(eq(orcamentoItens.orcamento_id, venda.orcamento_id))
        .orderBy(asc(orcamentoItens.posicao), asc(orcamentoItens.id))
    : [];
  const [emp] = await db.select().from(empresa).where(eq(empresa.id, 1));
  return { venda, cliente: cliente!, orcamento: orc ?? null, itens, empresa: emp ?? null };
}

/** The sale's NF-e (or NFS-e) that is not cancelled (at most one of each: notas_fiscais_venda_uq). */
export async function notaAtivaDaVenda(db: Executor, p: { vendaId: string; tipo?: 'nfe' | 'nfse' }) {
  const [r] = await db
    .select(semArquivos)
    .from(notasFiscais)
    .where(
      and(
        eq(notasFiscais.venda_id, p.vendaId),
        eq(notasFiscais.tipo, p.tipo ?? 'nfe'),
        ne(notasFiscais.status, 'cancelada'),
      ),
    );
  return r;
}

/**
 * The next number of a series: the company's "próximo número" (Empresa screen) or, when invoices of the
 * series already went past it, the one after the highest; taken and advanced under the company row's
 * lock, so two emissions never draw the same one.
 */
export async function reservarNumero(tx: Executor, p: { serie: number }): Promise<number> {
  const [e] = await queryRows<{ proximo: number }>(
    tx,
    sql`select nfe_proximo_numero as proximo from empresa where id = 1 for update`,
  );
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(max(numero), 0) + 1 as n from notas_fiscais where tipo = 'nfe' and serie = ${p.serie}`,
  );
  const n = Math.max(Number(r!.n), Number(e?.proximo ?? 1));
  await tx.execute(sql`update empresa set nfe_proximo_numero = ${n + 1} where id = 1`);
  return n;
}

/**
 * Lavra's control number of an NFS-e (series 0): NFE.io draws the RPS number and the city numbers the
 * NFS-e (numero_prefeitura), so nothing here is sent; it only orders Lavra's rows. Taken under the
 * company row's lock, like the NF-e's.
 */
export async function reservarNumeroNfse(tx: Executor): Promise<number> {
  await tx.execute(sql`select id from empresa where id = 1 for update`);
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(max(numero), 0) + 1 as n from notas_fiscais where tipo = 'nfse' and serie = 0`,
  );
  return Number(r!.n);
}

const { xml: _x, danfe: _d, ...semArquivosCols } = getTableColumns(notasFiscais);
/** Every column but the files (XML and DANFE travel only on their own routes). */
export const semArquivos = {
  ...semArquivosCols,
  tem_danfe: sql<boolean>`(${notasFiscais.danfe} is not null)`,
  tem_xml: sql<boolean>`(${notasFiscais.xml} is not null)`,
};
const listSelect = {
  ...semArquivos,
  venda_numero: lookup<number>(vendas.numero, vendas.id, notasFiscais.venda_id),
  cliente_nome: sql<
    string | null
  >`(select c.nome from vendas v join clientes c on c.id = v.cliente_id where v.id = ${notasFiscais.venda_id})`,
};

export type NotaRow = Awaited<ReturnType<typeof getNota>>;

export async function getNota(db: Executor, p: { id: string }) {
  const [r] = await db.select(listSelect).from(notasFiscais).where(eq(notasFiscais.id, p.id));
  return r;
}

export async function lockNota(tx: Executor, p: { id: string }) {
  const [r] = await tx.select(semArquivos).from(notasFiscais).where(eq(notasFiscais.id, p.id)).for('update');
  return r;
}

export async function notaPorProvedorId(db: Executor, p: { provedorId: string }) {
  const [r] = await db
    .select({ id: notasFiscais.id })
    .from(notasFiscais)
    .where(eq(notasFiscais.provedor_id, p.provedorId));
  return r;
}

export async function insertNota(tx: Executor, values: typeof notasFiscais.$inferInsert) {
  const [r] = await tx.insert(notasFiscais).values(values).returning({ id: notasFiscais.id });
  return r!.id;
}

export async function updateNota(
  tx: Executor,
  p: { id: string; values: Partial<typeof notasFiscais.$inferInsert> },
) {
  await tx
    .update(notasFiscais)
    .set({ ...p.values, updated_at: sql`now()` })
    .where(eq(notasFiscais.id, p.id));
}

export async function deleteNota(tx: Executor, p: { id: string }) {
  await tx.delete(notasFiscais).where(eq(notasFiscais.id, p.id));
}

export async function arquivosDaNota(db: Executor, p: { id: string }) {
  const [r] = await db
    .select({
      xml: notasFiscais.xml,
      danfe: notasFiscais.danfe,
      numero: notasFiscais.numero,
      serie: notasFiscais.serie,
    })
    .from(notasFiscais)
    .where(eq(notasFiscais.id, p.id));
  return r;
}

/**
 * Claims up to `limit` invoices due for a consult by pushing their next consult `leaseSeg` ahead in
 * one statement (skip locked): two pollers, or a poller and a webhook, never consult the same one twice.
 */
export async function reservarConsultas(db: Executor, p: { limit: number; leaseSeg: number }) {
  const r = await queryRows<{ id: string }>(
    db,
    sql`
    update notas_fiscais set proxima_consulta_em = now() + make_interval(secs => ${p.leaseSeg})
     where id in (select id from notas_fiscais
                   where proxima_consulta_em is not null and proxima_consulta_em <= now()
                   order by proxima_consulta_em limit ${p.limit} for update skip locked)
    returning id`,
  );
  return r.map((x) => x.id);
}

export interface NotasFiltro {
  status?: string;
  tipo?: string;
  venda_id?: string;
  cliente_id?: string;
  inicio?: string;
  fim?: string;
  q?: string;
}

export function notasWhere(f: NotasFiltro, tz: string): SQL | undefined {
  const dia = sql`(${notasFiscais.created_at} at time zone ${tz})::date`;
  return andWhere(
    f.status ? eq(notasFiscais.status, f.status as 'processando') : undefined,
    f.tipo ? eq(notasFiscais.tipo, f.tipo as 'nfe') : undefined,
    f.venda_id ? eq(notasFiscais.venda_id, f.venda_id) : undefined,
    f.cliente_id
      ? sql`${notasFiscais.venda_id} in (select id from vendas where cliente_id = ${f.cliente_id})`
      : undefined,
    f.inicio ? sql`${dia} >= ${f.inicio}::date` : undefined,
    f.fim ? sql`${dia} <= ${f.fim}::date` : undefined,
    f.q && /^\d{1,12}$/.test(f.q.trim())
      ? sql`(${notasFiscais.numero}::bigint = ${f.q.trim()}::bigint or ${notasFiscais.numero_prefeitura} = ${f.q.trim()}::bigint)`
      : undefined,
  );
}

export const notasOrder: KeyPart[] = [
  { col: notasFiscais.created_at, key: 'created_at', desc: true, notNull: true },
  { col: notasFiscais.id, key: 'id', desc: true, notNull: true },
];

export function listNotas(db: Executor, p: { where?: SQL; order: SQL; limit: number; offset: number }) {
  return db
    .select(listSelect)
    .from(notasFiscais)
    .where(p.where)
    .orderBy(p.order)
    .limit(p.limit)
    .offset(p.offset);
}

export async function countNotas(db: Executor, p: { where?: SQL }) {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(notasFiscais).where(p.where);
  return Number(r?.n ?? 0);
}

/** The invoice's correction letters, first to last, with who sent each. */
export function cartasDaNota(db: Executor, p: { notaId: string }) {
  return db
    .select({
      ...getTableColumns(cartasCorrecao),
      created_by_nome: lookup<string>(usuarios.nome, usuarios.id, cartasCorrecao.created_by),
    })
    .from(cartasCorrecao)
    .where(eq(cartasCorrecao.nota_id, p.notaId))
    .orderBy(asc(cartasCorrecao.sequencia));
}

/** A letter with the next sequence of its invoice (the caller holds the invoice's lock). */
export async function insertCarta(
  tx: Executor,
  v: { nota_id: string; correcao: string; created_by: string | null },
): Promise<string> {
  const [r] = await queryRows<{ id: string }>(
    tx,
    sql`insert into cartas_correcao (nota_id, sequencia, correcao, created_by)
        select ${v.nota_id}, coalesce(max(sequencia), 0) + 1, ${v.correcao}, ${v.created_by}
          from cartas_correcao where nota_id = ${v.nota_id}
        returning id`,
  );
  return r!.id;
}
