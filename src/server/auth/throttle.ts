import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/queries/common';
import type { Config } from '../config';
import type { AppDeps } from '../context';
import { HttpError } from '../errors';
import { Gate } from './gate';

/** Account back-off: 1 minute after LOGIN_CONTA_MAX_FALHAS failures, doubling, at most an hour. */
export const ESPERA_CONTA_BASE_S = 60;
export const ESPERA_CONTA_MAX_S = 60 * 60;

export interface LoginKeys {
  endereco: string;
  par: string;
  conta: string;
}

/**
 * `device`: this browser signed in as this account before (auth/dispositivo.ts): its failures count
 * under an account key of its own, so others' failures never lock it out.
 */
export function loginKeys(addressKey: string, email: string, device?: string | null): LoginKeys {
  return {
    endereco: `e:${addressKey}`,
    par: `p:${addressKey}|${email}`,
    conta: device ? `c:${email}|d:${device}` : `c:${email}`,
  };
}

export type Veredito =
  | { permitido: true }
  | { permitido: false; motivo: 'par' | 'endereco' | 'conta'; espera_s: number };

/**
 * Decides and counts one sign-in attempt in a single statement, before the password is hashed
 * (see migration login_limites_sql): parallel attempts wait on the counter rows' locks, so no more
 * than the limit are ever checked.
 */
export async function registrarTentativa(db: Db, keys: LoginKeys, config: Config): Promise<Veredito> {
  const [r] = await queryRows<{ permitido: boolean; motivo: string | null; espera_s: number }>(
    db,
    sql`select * from lavra_login_tentativa(${keys.endereco}, ${keys.par}, ${keys.conta},
      ${config.loginMaxFalhasEndereco}::int, ${config.loginMaxTentativas}::int, ${config.loginContaMaxFalhas}::int,
      ${Math.round(config.loginJanelaMin * 60)}::int, ${ESPERA_CONTA_BASE_S}::int, ${ESPERA_CONTA_MAX_S}::int)`,
  );
  if (r!.permitido) return { permitido: true };
  return {
    permitido: false,
    motivo: r!.motivo as 'par' | 'endereco' | 'conta',
    espera_s: Number(r!.espera_s),
  };
}

/** The password was right: the attempt was no failure (address+user and account counters start over). */
export async function registrarSucesso(db: Db, keys: LoginKeys) {
  await db.execute(sql`select lavra_login_sucesso(${keys.endereco}, ${keys.par}, ${keys.conta})`);
}

/**
 * `npm run desbloquear -- <usuario>`: the account's lock and its address+user counters go (the
 * addresses keep theirs: one may be spraying others). Returns how many counters were removed.
 */
export async function desbloquearConta(db: Db, email: string): Promise<number> {
  const rows = await queryRows<{ chave: string }>(
    db,
    sql`delete from login_limites
         where chave = ${`c:${email}`} or starts_with(chave, ${`c:${email}|d:`})
            or (starts_with(chave, 'p:') and right(chave, ${email.length + 1}::int) = ${`|${email}`})
        returning chave`,
  );
  return rows.length;
}

/** The attempt was counted but never checked (the server was too busy): take it back. */
export async function desfazerTentativa(db: Db, keys: LoginKeys, config: Config) {
  await db.execute(sql`update login_limites set
      falhas = greatest(falhas - 1, 0),
      bloqueado_ate = case when chave = ${keys.conta} and falhas - 1 < ${config.loginContaMaxFalhas}::int
        then null else bloqueado_ate end
    where chave in (${keys.endereco}, ${keys.par}, ${keys.conta})`);
}

function espera(segundos: number): string {
  const min = Math.ceil(segundos / 60);
  return min <= 1 ? '1 minuto' : `${min} minutos`;
}

/** 429 in pt-BR; the route adds Retry-After. */
export function muitasTentativas(v: Extract<Veredito, { permitido: false }>): HttpError {
  const detail =
    v.motivo === 'conta'
      ? `Muitas tentativas de login erradas para este usuário. Por segurança, aguarde ${espera(v.espera_s)} e tente novamente.`
      : `Muitas tentativas de login. Aguarde ${espera(v.espera_s)} e tente novamente.`;
  return new HttpError(429, 'Muitas tentativas', detail);
}

export const OCUPADO_RETRY_S = 2;
export const servidorOcupado = () =>
  new HttpError(503, 'Servidor ocupado', 'Muitos logins ao mesmo tempo. Tente novamente em alguns segundos.');

const gates = new WeakMap<AppDeps['auth'], Gate>();

/** The password-check gate of a server instance (one per Better Auth instance, i.e. per app). */
export function loginGate(deps: Pick<AppDeps, 'auth' | 'config'>): Gate {
  let g = gates.get(deps.auth);
  if (!g) {
    g = new Gate(deps.config.loginConcorrentes, deps.config.loginFila);
    gates.set(deps.auth, g);
  }
  return g;
}
