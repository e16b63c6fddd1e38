import { Hono } from 'hono';
import { endSession, loadMe } from '../../db/queries/usuarios';
import { loginInput, loginRespostaSchema, meSchema, sessaoSchema } from '../../schemas/auth';
import { addressKey, clientAddress } from '../client-address';
import { type AppEnv, currentUser, parseBody } from '../context';
import { route } from '../contract';
import { HttpError } from '../errors';
import { rememberDevice, trustedDevice } from './dispositivo';
import {
  desfazerTentativa,
  loginGate,
  loginKeys,
  muitasTentativas,
  OCUPADO_RETRY_S,
  registrarSucesso,
  registrarTentativa,
  servidorOcupado,
} from './throttle';

/** The problem with a `retry-after` of `s` seconds. */
const comEspera = (e: HttpError, s: number) =>
  new HttpError(e.status, e.title, e.detail, e.errors, { 'retry-after': String(s) });

const invalid = () => new HttpError(401, 'Erro no login', 'Usuário ou senha inválidos');

/** "joao" → joao@<EMAIL_DOMINIO>; anything with an @ is the e-mail itself. */
export function resolveEmail(usuario: string, dominio: string): string {
  const u = usuario.trim().toLowerCase();
  return u.includes('@') ? u : `${u}@${dominio}`;
}

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  postLogin: route({
    summary: 'Entra (usuário ou e-mail e senha); devolve o usuário e o cookie de sessão',
    description:
      'Um `usuario` sem @ vira `usuario@<EMAIL_DOMINIO>`. As tentativas são contadas por endereço, por endereço e usuário e por conta antes de conferir a senha; passado o limite, 429 com `Retry-After` (depois de `LOGIN_CONTA_MAX_FALHAS` falhas a conta bloqueia por 1 minuto, dobrando até 1 hora; um navegador em que a conta já entrou conta as falhas à parte). 403 para usuário inativo, 503 com `Retry-After` quando o servidor está ocupado demais para conferir senhas; o acerto zera as falhas da conta e marca o navegador como conhecido (cookie de 180 dias).',
    access: 'publico',
    body: loginInput,
    errors: [401, 403, 429, 503],
    response: loginRespostaSchema,
  }),
  postLogout: route({
    summary: 'Sai (encerra a sessão)',
    description: 'Apaga a sessão e o cookie; sem sessão válida responde 204 do mesmo jeito.',
    access: 'publico',
    status: 204,
  }),
  getMe: route({
    summary: 'O usuário da sessão e suas permissões',
    description:
      'O usuário da sessão com `permissoes` e, se for um instalador ligado a um funcionário, `funcionario_id`; 401 sem sessão.',
    access: 'sessao',
    response: meSchema,
  }),
  getSessao: route({
    summary: 'Quem está na sessão (200 também sem sessão: { usuario: null })',
    description:
      'A primeira pergunta do app web: uma visita anônima não é erro, então responde 200 com `usuario: null` em vez do 401 de `GET /api/auth/me`.',
    access: 'publico',
    response: sessaoSchema,
  }),
};

export const authRoutes = new Hono<AppEnv>()
  .post('/login', doc.postLogin, async (c) => {
    const deps = c.get('deps');
    const { db, auth, config } = deps;
    const { usuario, senha } = await parseBody(c, loginInput);
    const email = resolveEmail(usuario, config.emailDominio);
    const device = trustedDevice(c, deps.deviceKey, email);
    const keys = loginKeys(addressKey(clientAddress(c, config)), email, device);

    // Counted before the hash, in one statement: parallel attempts cannot all pass one count.
    const veredito = await registrarTentativa(db, keys, config);
    // Thrown, not returned: the typed client's answer of this route is the signed-in user only.
    if (!veredito.permitido) throw comEspera(muitasTentativas(veredito), veredito.espera_s);

    const checked = await loginGate(deps).tryRun(() =>
      auth.api
        .signInEmail({
          body: { email, password: senha, rememberMe: true },
          headers: c.req.raw.headers,
          returnHeaders: true,
        })
        .catch(() => null),
    );
    if (!checked) {
      await desfazerTentativa(db, keys, config);
      throw comEspera(servidorOcupado(), OCUPADO_RETRY_S);
    }
    const result = checked.value;
    if (!result) throw invalid(); // stays counted as a failure
    await registrarSucesso(db, keys);
    const me = await loadMe(db, { authUserId: result.response.user.id });
    if (me?.status !== 'ativo') {
      await endSession(db, { token: result.response.token });
      throw new HttpError(403, 'Erro no login', 'Usuário inativo. Fale com o administrador.');
    }
    rememberDevice(c, deps.deviceKey, email, config.publicUrl.startsWith('https://'));
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
  .get('/me', doc.getMe, (c) => c.json(currentUser(c)))
  // "Who is signed in?", the web app's first question, answered 200 either way: an anonymous visit is
  // not an error (a 401 shows as one in every browser's console). GET /me keeps its 401.
  .get('/sessao', doc.getSessao, (c) => c.json({ usuario: c.get('me') ?? null }));
