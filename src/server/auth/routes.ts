import { getConnInfo } from '@hono/node-server/conninfo';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { loadMe } from '../../db/queries/usuarios';
import { loginTentativas } from '../../db/schema';
import { loginInput } from '../../schemas/auth';
import { type AppContext, type AppEnv, currentUser, parseBody } from '../context';
import { route } from '../contract';
import { HttpError } from '../errors';

const invalid = () => new HttpError(401, 'Erro no login', 'Usuário ou senha inválidos');

/** "joao" → joao@<EMAIL_DOMINIO>; anything with an @ is the e-mail itself. */
export function resolveEmail(usuario: string, dominio: string): string {
  const u = usuario.trim().toLowerCase();
  return u.includes('@') ? u : `${u}@${dominio}`;
}

function clientIp(c: AppContext): string {
  if (process.env.TRUST_PROXY === '1') {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  postLogin: route({
    summary: 'Entra (usuário ou e-mail e senha); devolve o usuário e o cookie de sessão',
    access: 'publico',
    body: loginInput,
    errors: [401, 403, 429],
  }),
  postLogout: route({ summary: 'Sai (encerra a sessão)', access: 'publico', status: 204 }),
  getMe: route({ summary: 'O usuário da sessão e suas permissões', access: 'sessao' }),
};

export const authRoutes = new Hono<AppEnv>()
  .post('/login', doc.postLogin, async (c) => {
    const { db, auth, config } = c.get('deps');
    const { usuario, senha } = await parseBody(c, loginInput);
    const email = resolveEmail(usuario, config.emailDominio);
    const chave = `${clientIp(c)}|${email}`;
    const desde = new Date(Date.now() - config.loginJanelaMin * 60_000);

    const [falhas] = await db
      .select({ n: count() })
      .from(loginTentativas)
      .where(and(eq(loginTentativas.chave, chave), gt(loginTentativas.created_at, desde)));
    if ((falhas?.n ?? 0) >= config.loginMaxTentativas) {
      throw new HttpError(
        429,
        'Muitas tentativas',
        `Muitas tentativas de login. Aguarde ${config.loginJanelaMin} minutos e tente novamente.`,
      );
    }

    const result = await auth.api
      .signInEmail({
        body: { email, password: senha, rememberMe: true },
        headers: c.req.raw.headers,
        returnHeaders: true,
      })
      .catch(() => null);
    if (!result) {
      await db.insert(loginTentativas).values({ chave });
      throw invalid();
    }
    const me = await loadMe(db, result.response.user.id);
    if (me?.status !== 'ativo') {
      await db.execute(sql`delete from auth_session where token = ${result.response.token}`);
      throw new HttpError(403, 'Erro no login', 'Usuário inativo. Fale com o administrador.');
    }
    await db.delete(loginTentativas).where(eq(loginTentativas.chave, chave));
    // Old failures of everyone are pruned here, off the hot path of requests.
    await db.delete(loginTentativas).where(sql`${loginTentativas.created_at} < now() - interval '1 day'`);
    const res = c.json({ usuario: me }, 200);
    for (const cookie of result.headers.getSetCookie()) res.headers.append('set-cookie', cookie);
    return res;
  })
  .post('/logout', doc.postLogout, async (c) => {
    const { auth } = c.get('deps');
    const res = c.body(null, 204);
    try {
      const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      for (const cookie of headers.getSetCookie()) res.headers.append('set-cookie', cookie);
    } catch {
      // No valid session: signing out is already done (spec: session errors on sign-out are ignored).
    }
    return res;
  })
  .get('/me', doc.getMe, (c) => c.json(currentUser(c)));
