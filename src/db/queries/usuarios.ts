import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Me } from '../../schemas/auth';
import type { Permissao } from '../../schemas/permissoes';
import type { Db, Executor } from '../client';
import { authAccount, authSession, authUser, usuarioPermissoes, usuarios } from '../schema';
import { countWhere, likePattern, queryRows, updateVersioned } from './common';
import type { KeyPart } from './keyset';

export interface NewUsuario {
  nome: string;
  email: string;
  senha: string;
  role: 'admin' | 'usuario';
  status: 'ativo' | 'inativo';
  permissoes: Permissao[];
  funcionario_id?: string | null;
}

/**
 * Writes the sign-in account (Better Auth's user + credential account) and the staff row with its
 * permissions. Call inside a transaction: a user exists whole or not at all.
 */
export async function insertUsuario(tx: Executor, u: NewUsuario) {
  const authId = randomUUID();
  const email = u.email.trim().toLowerCase();
  await tx.insert(authUser).values({ id: authId, name: u.nome, email, emailVerified: true });
  await tx.insert(authAccount).values({
    id: randomUUID(),
    accountId: authId,
    providerId: 'credential',
    userId: authId,
    password: await hashPassword(u.senha),
  });
  const [row] = await tx
    .insert(usuarios)
    .values({
      auth_user_id: authId,
      nome: u.nome,
      email,
      role: u.role,
      status: u.status,
      funcionario_id: u.funcionario_id ?? null,
    })
    .returning();
  if (u.permissoes.length) {
    await tx
      .insert(usuarioPermissoes)
      .values(u.permissoes.map((permissao) => ({ usuario_id: row!.id, permissao })));
  }
  return row!;
}

/** Whether an administrator account exists (active or not: a deactivated one is still the owner's). */
export async function adminExists(db: Executor): Promise<boolean> {
  const [r] = await db.select({ n: count() }).from(usuarios).where(eq(usuarios.role, 'admin'));
  return (r?.n ?? 0) > 0;
}

export async function countUsuarios(db: Executor): Promise<number> {
  const [r] = await db.select({ n: count() }).from(usuarios);
  return r?.n ?? 0;
}

const permissoesAgg = sql<
  string[]
>`coalesce((select array_agg(p.permissao order by p.permissao) from usuario_permissoes p where p.usuario_id = ${usuarios.id}), '{}')`;

/** The signed-in user's columns as the API shows them (`Me`), and their typing. */
const meColumns = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  role: usuarios.role,
  status: usuarios.status,
  permissoes: permissoesAgg,
  funcionario_id: usuarios.funcionario_id,
};
function toMe<T extends { role: string; status: string; permissoes: string[] }>(r: T) {
  return {
    ...r,
    role: r.role as Me['role'],
    status: r.status as Me['status'],
    permissoes: r.permissoes as Permissao[],
  };
}

/** The signed-in user as the API shows it, read fresh (status and permissions are never cached). */
export async function loadMe(db: Executor, p: { authUserId: string }): Promise<Me | null> {
  const { authUserId } = p;
  const [r] = await db.select(meColumns).from(usuarios).where(eq(usuarios.auth_user_id, authUserId));
  return r ? toMe(r) : null;
}

function prepareSessaoMe(db: Db) {
  return db
    .select({ expires_at: authSession.expiresAt, ...meColumns })
    .from(authSession)
    .innerJoin(usuarios, eq(usuarios.auth_user_id, authSession.userId))
    .where(eq(authSession.token, sql.placeholder('token')))
    .prepare('lavra_sessao_me');
}
const sessaoMeQueries = new WeakMap<Db, ReturnType<typeof prepareSessaoMe>>();

/**
 * The session row and its user, status and permissions in one round trip (every /api request runs
 * this): a statement prepared once per connection.
 */
export async function sessaoMe(db: Db, p: { token: string }): Promise<(Me & { expires_at: Date }) | null> {
  const { token } = p;
  let q = sessaoMeQueries.get(db);
  if (!q) {
    q = prepareSessaoMe(db);
    sessaoMeQueries.set(db, q);
  }
  const [r] = await q.execute({ token });
  return r ? toMe(r) : null;
}

export async function findUsuarioByEmail(db: Executor, p: { email: string }) {
  const { email } = p;
  const [r] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email.toLowerCase()));
  return r ?? null;
}

/** Ends one session (a sign-in that must not stand: the user is inactive). */
export async function endSession(db: Executor, p: { token: string }) {
  await db.execute(sql`delete from auth_session where token = ${p.token}`);
}

/**
 * Ends every session of a user (deactivation, password reset by someone else), or every one but
 * `keepToken` (the user changed their own password: the session they did it from stays).
 */
export async function endSessions(db: Executor, p: { authUserId: string; keepToken?: string | null }) {
  const { authUserId, keepToken } = p;
  await db.execute(
    keepToken
      ? sql`delete from auth_session where user_id = ${authUserId} and token <> ${keepToken}`
      : sql`delete from auth_session where user_id = ${authUserId}`,
  );
}

/** Other active administrators who can still manage users (the lock-out rule counts these). */
export async function countOtherManagingAdmins(db: Executor, p: { exceptId: string }): Promise<number> {
  const { exceptId } = p;
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from usuarios u
        where u.role = 'admin' and u.status = 'ativo' and u.id <> ${exceptId}
          and exists (select 1 from usuario_permissoes p where p.usuario_id = u.id and p.permissao = 'usuarios')`,
  );
  return r?.n ?? 0;
}

/** The Usuários screen's columns: the signed-in user's, with the linked employee's name and the dates. */
const usuarioColumns = {
  ...meColumns,
  funcionario_nome: sql<
    string | null
  >`(select f.nome from funcionarios f where f.id = ${usuarios.funcionario_id})`,
  created_at: usuarios.created_at,
  updated_at: usuarios.updated_at,
};

export async function listUsuarios(db: Executor, p: { q?: string; limit: number; offset: number }) {
  const where = p.q
    ? sql`(${usuarios.nome} ilike ${likePattern(p.q)} or ${usuarios.email} ilike ${likePattern(p.q)})`
    : undefined;
  const [items, total] = await Promise.all([
    db
      .select(usuarioColumns)
      .from(usuarios)
      .where(where)
      .orderBy(sql`${usuarios.created_at} desc nulls last, ${usuarios.id} desc`)
      .limit(p.limit)
      .offset(p.offset),
    countWhere(db, { table: usuarios, where }),
  ]);
  return { items, total };
}

export async function getUsuario(db: Executor, p: { id: string }) {
  const { id } = p;
  const [r] = await db.select(usuarioColumns).from(usuarios).where(eq(usuarios.id, id));
  return r ?? null;
}

export async function replacePermissoes(tx: Executor, p: { usuarioId: string; permissoes: Permissao[] }) {
  const { usuarioId, permissoes } = p;
  await tx.delete(usuarioPermissoes).where(eq(usuarioPermissoes.usuario_id, usuarioId));
  if (permissoes.length) {
    await tx
      .insert(usuarioPermissoes)
      .values(permissoes.map((permissao) => ({ usuario_id: usuarioId, permissao })));
  }
}

export async function setSenha(tx: Executor, p: { authUserId: string; senha: string }) {
  const { authUserId, senha } = p;
  await tx
    .update(authAccount)
    .set({ password: await hashPassword(senha), updatedAt: new Date() })
    .where(and(eq(authAccount.userId, authUserId), eq(authAccount.providerId, 'credential')));
}

/** The users list's search (name or e-mail). */
export function usuariosWhere(q: string | undefined): SQL | undefined {
  return q
    ? sql`(${usuarios.nome} ilike ${likePattern(q)} or ${usuarios.email} ilike ${likePattern(q)})`
    : undefined;
}

/** One page of users with their permissions (the exporter's keyset pages). */
export function pageUsuarios(db: Executor, p: { where: SQL | undefined; order: SQL; limit: number }) {
  return db.select(usuarioColumns).from(usuarios).where(p.where).orderBy(p.order).limit(p.limit);
}

/** The export's order: newest first, the id breaking ties (keyset pages). */
export const usuariosExportOrder: KeyPart[] = [
  { col: usuarios.created_at, key: 'created_at', desc: true, notNull: true },
  { col: usuarios.id, key: 'id', desc: true, notNull: true },
];

/** Reads the user's row and locks it for the rest of the transaction (an edit checks, then writes). */
export async function lockUsuario(tx: Executor, p: { id: string }) {
  const [before] = await tx.select().from(usuarios).where(eq(usuarios.id, p.id)).for('update');
  return before;
}

/** Serialises every change that could leave the shop without an administrator. */
export const lockAdmins = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(7271002)`);

/** Optimistic-lock update (see updateVersioned): the row, 'stale' or 'missing'. */
export const updateUsuario = (
  tx: Executor,
  p: { id: string; values: Record<string, unknown>; updatedAt?: string },
) => updateVersioned(tx, { table: usuarios, id: p.id, values: p.values, updatedAt: p.updatedAt });

/** Keeps the sign-in account's name the user's. */
export async function renomearConta(tx: Executor, p: { authUserId: string; nome: string }) {
  await tx.update(authUser).set({ name: p.nome, updatedAt: new Date() }).where(eq(authUser.id, p.authUserId));
}
