import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminExists, insertUsuario } from '../../db/queries/usuarios';
import { appConfig } from '../../db/schema';
import { PERMISSOES } from '../../schemas/permissoes';
import { problemaSenha } from './password-policy';

/** The session-signing secret: from the environment, else generated once and kept in the database
 * so that every instance (and every restart) signs cookies alike. */
export async function loadAuthSecret(db: Db): Promise<string> {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  await db
    .insert(appConfig)
    .values({ chave: 'auth_secret', valor: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appConfig).where(sql`${appConfig.chave} = 'auth_secret'`);
  return row!.valor;
}

/**
 * First start without an administrator (an empty database, or the demo's): create the `admin` user with every permission, with
 * ADMIN_PASSWORD (8+ characters, not a common password: else the start fails) or a random password
 * printed once. There is no built-in credential.
 */
export async function ensureAdmin(
  db: Db,
  opts: { emailDominio: string; adminPassword?: string; empresa?: string; log?: (msg: string) => void },
): Promise<{ created: boolean; email?: string; senha?: string }> {
  const log = opts.log ?? console.log;
  return db.transaction(async (tx) => {
    // Two instances starting together must not both create an admin.
    await tx.execute(sql`select pg_advisory_xact_lock(7271001)`);
    // Other accounts do not count (the demo's seed creates an installer first): only an admin does.
    if (await adminExists(tx)) return { created: false };
    const fraca =
      opts.adminPassword !== undefined &&
      problemaSenha(opts.adminPassword, {
        email: `admin@${opts.emailDominio}`,
        nome: 'Administrador',
        empresa: opts.empresa,
      });
    if (fraca) {
      // Refuse to start rather than create an administrator anyone could guess.
      throw new Error(`ADMIN_PASSWORD recusada: ${fraca} Defina outra e inicie de novo.`);
    }
    const senha = opts.adminPassword ?? randomBytes(12).toString('base64url');
    const email = `admin@${opts.emailDominio}`;
    await insertUsuario(tx, {
      nome: 'Administrador',
      email,
      senha,
      role: 'admin',
      status: 'ativo',
      permissoes: [...PERMISSOES],
    });
    if (opts.adminPassword) {
      log(`[lavra] Usuário administrador criado: "admin" (senha definida em ADMIN_PASSWORD).`);
    } else {
      log(
        `[lavra] Usuário administrador criado: "admin", senha: ${senha}\n` +
          '[lavra] Anote esta senha agora: ela não será mostrada de novo.',
      );
    }
    return { created: true, email, senha };
  });
}
