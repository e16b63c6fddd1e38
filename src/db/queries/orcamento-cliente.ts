// The customer's side of a quote: its link, the public reads, the acceptance record, change requests
// and the public routes' request counters.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { appConfig, orcamentoAceites, orcamentoAlteracoes, orcamentoLinks, orcamentos } from '../schema';
import { columnsOf, queryRows } from './common';

export type LinkRow = typeof orcamentoLinks.$inferSelect;
export type AceiteRow = typeof orcamentoAceites.$inferSelect;

/** The key the links' tokens are derived with: `novo` the first time, the kept one after. */
export async function linkSecret(db: Executor, p: { novo: string }): Promise<string> {
  await db.insert(appConfig).values({ chave: 'link_secret', valor: p.novo }).onConflictDoNothing();
  const [row] = await db.select().from(appConfig).where(eq(appConfig.chave, 'link_secret'));
  return row!.valor;
}

export async function activeLink(db: Executor, p: { orcamentoId: string }) {
  const [row] = await db
    .select()
    .from(orcamentoLinks)
    .where(and(eq(orcamentoLinks.orcamento_id, p.orcamentoId), isNull(orcamentoLinks.revogado_em)));
  return row;
}

export async function insertLink(
  db: Executor,
  v: {
    orcamento_id: string;
    token_hash: string;
    nonce: string;
    created_by: string | null;
    expira_em: string;
  },
) {
  const [row] = await db.insert(orcamentoLinks).values(v).returning();
  return row!;
}

export async function setLinkExpiry(db: Executor, p: { id: string; expiraEm: string }) {
  await db.update(orcamentoLinks).set({ expira_em: p.expiraEm }).where(eq(orcamentoLinks.id, p.id));
}

export async function revokeLink(db: Executor, p: { id: string }) {
  await db
    .update(orcamentoLinks)
    .set({ revogado_em: sql`clock_timestamp()` })
    .where(eq(orcamentoLinks.id, p.id));
}

/**
 * The link of a token hash while it opens anything: not revoked and not past the quote's validity
 * (its own date when it has one, else the date kept on the link). `lock` takes the link's row lock
 * (approvals and wrong digits are decided one at a time per link).
 */
export async function linkByHash(db: Executor, p: { hash: string; hoje: string; lock?: boolean }) {
  const q = db
    .select({ link: orcamentoLinks, validade: orcamentos.validade })
    .from(orcamentoLinks)
    .innerJoin(orcamentos, eq(orcamentos.id, orcamentoLinks.orcamento_id))
    .where(
      and(
        eq(orcamentoLinks.token_hash, p.hash),
        isNull(orcamentoLinks.revogado_em),
        sql`coalesce(${orcamentos.validade}, ${orcamentoLinks.expira_em}) >= ${p.hoje}::date`,
      ),
    );
  const [row] = await (p.lock ? q.for('update', { of: orcamentoLinks }) : q);
  return row?.link;
}

/** Counts a wrong CPF/CNPJ; the `max`-th locks the link. Answers the count and whether it is locked. */
export async function countWrongDigits(db: Executor, p: { id: string; max: number }) {
  const [row] = await db
    .update(orcamentoLinks)
    .set({
      tentativas: sql`${orcamentoLinks.tentativas} + 1`,
      bloqueado_em: sql`case when ${orcamentoLinks.tentativas} + 1 >= ${p.max} then clock_timestamp() else ${orcamentoLinks.bloqueado_em} end`,
    })
    .where(eq(orcamentoLinks.id, p.id))
    .returning({ tentativas: orcamentoLinks.tentativas, bloqueado_em: orcamentoLinks.bloqueado_em });
  return row!;
}

export async function aceiteDe(db: Executor, p: { orcamentoId: string }) {
  const [row] = await db
    .select()
    .from(orcamentoAceites)
    .where(eq(orcamentoAceites.orcamento_id, p.orcamentoId));
  return row;
}

export async function insertAceite(db: Executor, v: typeof orcamentoAceites.$inferInsert) {
  const [row] = await db.insert(orcamentoAceites).values(v).returning();
  return row!;
}

export async function insertAlteracao(db: Executor, v: typeof orcamentoAlteracoes.$inferInsert) {
  const [row] = await db.insert(orcamentoAlteracoes).values(v).returning();
  return row!;
}

export async function alteracoesDe(db: Executor, p: { orcamentoId: string }) {
  return db
    .select(columnsOf(orcamentoAlteracoes, ['mensagem', 'versao', 'created_at']))
    .from(orcamentoAlteracoes)
    .where(eq(orcamentoAlteracoes.orcamento_id, p.orcamentoId))
    .orderBy(desc(orcamentoAlteracoes.created_at))
    .limit(50);
}

/** The quote's client document (digits only) and status, for the approval's check. */
export async function documentoCliente(db: Executor, p: { orcamentoId: string }) {
  const [row] = await queryRows<{ cpf_cnpj: string | null }>(
    db,
    sql`select c.cpf_cnpj from orcamentos o join clientes c on c.id = o.cliente_id where o.id = ${p.orcamentoId}`,
  );
  return row?.cpf_cnpj ?? null;
}

/** How many finished public counters one request may prune on its way (bounded work per request). */
const PODA_MAX = 100;

/**
 * Counts one public request under `chave` in a fixed window of `janelaS` seconds and answers the count
 * so far (the counters live with the sign-in ones, so every instance shares them). With `tokenHash`,
 * counts only when a link has that hash and answers null otherwise: a random token keeps no counter
 * (the address's counter already limits a flood of them). Each call also deletes up to PODA_MAX public
 * counters whose window ended long ago, so addresses and tokens seen once do not stay forever.
 */
export async function contarRequisicao(
  db: Executor,
  p: { chave: string; janelaS: number; tokenHash?: string },
): Promise<number | null> {
  const { chave, janelaS, tokenHash } = p;
  const existe =
    tokenHash === undefined
      ? sql`true`
      : sql`exists (select 1 from orcamento_links where token_hash = ${tokenHash})`;
  const [row] = await queryRows<{ falhas: number }>(
    db,
    sql`with podados as (
          delete from login_limites where chave in (
            select chave from login_limites
             where chave like 'pub-%' and atualizado_em < clock_timestamp() - make_interval(secs => 2 * ${janelaS}::int)
               and chave <> ${chave}
             limit ${PODA_MAX}))
        insert into login_limites as l (chave, falhas, janela_inicio)
        select ${chave}, 1, clock_timestamp() where ${existe}
      on conflict (chave) do update set
        falhas = case when l.janela_inicio <= clock_timestamp() - make_interval(secs => ${janelaS}::int) then 1 else l.falhas + 1 end,
        janela_inicio = case when l.janela_inicio <= clock_timestamp() - make_interval(secs => ${janelaS}::int) then clock_timestamp() else l.janela_inicio end,
        atualizado_em = clock_timestamp()
      returning falhas`,
  );
  return row ? Number(row.falhas) : null;
}
