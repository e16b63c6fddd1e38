import { type Context, Hono } from 'hono';
import { empresaNome } from '../../db/queries/empresa';
import {
  countOtherManagingAdmins,
  endSessions,
  findUsuarioByEmail,
  getUsuario,
  insertUsuario,
  listUsuarios,
  lockAdmins,
  lockUsuario,
  pageUsuarios,
  renomearConta,
  replacePermissoes,
  setSenha,
  updateUsuario,
  usuariosExportOrder,
  usuariosWhere,
} from '../../db/queries/usuarios';
import type { Me } from '../../schemas/auth';
import { listQuery, uuid } from '../../schemas/common';
import { PERMISSAO_LABEL, type Permissao } from '../../schemas/permissoes';
import { usuarioCreate, usuarioSchema, usuariosPageSchema, usuarioUpdate } from '../../schemas/usuarios';
import { problemaSenha } from '../auth/password-policy';
import { currentSessionToken } from '../auth/session';
import { type AppEnv, currentUser, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { badRequest, conflict, HttpError, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { COLUNAS, exportContract, exportHandler } from '../export';

const access = ['usuarios'] as const;

const negado = (detail: string) => new HttpError(403, 'Acesso negado', detail);
const SO_ADMIN_CONCEDE =
  'Somente um administrador pode conceder o papel de administrador ou a permissão Usuários.';

/**
 * 400 on `senha` for a weak password (the length is the schema's): common, repeated, or holding the
 * person's e-mail or name, the shop's name or the product's.
 */
async function checkSenha(
  c: Context<AppEnv>,
  senha: string | undefined,
  pessoa: { email: string; nome: string },
) {
  if (senha === undefined) return;
  const { db, config } = c.get('deps');
  const empresa = (await empresaNome(db)) ?? config.empresa.nome;
  const problema = problemaSenha(senha, { ...pessoa, empresa });
  if (problema) throw badRequest(problema, [{ path: 'senha', message: problema }]);
}

/**
 * Who may give what (issue 12 §5: a holder of `usuarios` made itself administrator and reset the
 * administrator's password). The `usuarios` permission lets a non-administrator manage ordinary staff
 * within their own reach, never beyond it:
 * - only an administrator grants the admin role or the `usuarios` permission, and touches an
 *   administrator's account at all (edit, deactivate, password);
 * - a non-administrator grants only permissions they hold, and resets the password, removes
 *   permissions from or deactivates only someone whose permissions they all hold (else signing in as
 *   that person would widen their own access, or they could disarm a richer manager: issue 26);
 * - only an administrator links an account to an employee (`funcionario_id`: the linked account reads
 *   that employee's agenda, customers' names and addresses included);
 * - nobody widens their own role or permissions, administrators included.
 * `target` is the account before the change (null when creating); `granted` the permissions it gains.
 */
function checkGrant(
  me: Me,
  target: { id: string; role: string; permissoes: readonly string[] } | null,
  change: {
    role?: string;
    granted: readonly Permissao[];
    senha: boolean;
    revoked?: readonly string[];
    deactivated?: boolean;
    funcionario?: boolean;
  },
) {
  const isAdmin = me.role === 'admin';
  const promoted = change.role === 'admin' && target?.role !== 'admin';
  if (target && target.id === me.id && (promoted || change.granted.length > 0)) {
    throw negado('Você não pode ampliar as suas próprias permissões: peça a um administrador.');
  }
  if (isAdmin) return;
  if (target?.role === 'admin') {
    throw negado('Somente um administrador pode alterar a conta de um administrador.');
  }
  if (promoted || change.granted.includes('usuarios')) throw negado(SO_ADMIN_CONCEDE);
  if (change.funcionario) throw negado('Somente um administrador pode vincular um usuário a um funcionário.');
  if (change.granted.some((p) => !me.permissoes.includes(p))) {
    throw negado('Você só pode conceder permissões que você mesmo tem.');
  }
  const richer =
    target && target.id !== me.id && target.permissoes.some((p) => !me.permissoes.includes(p as Permissao));
  if (!richer) return;
  if (change.senha) throw negado('Você não pode alterar a senha de quem tem permissões que você não tem.');
  if (change.revoked?.length)
    throw negado('Você não pode remover permissões de quem tem permissões que você não tem.');
  if (change.deactivated) throw negado('Você não pode desativar quem tem permissões que você não tem.');
}

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  get: route({
    summary: 'Lista usuários',
    description:
      'Paginada, os mais novos primeiro; `q` procura no nome e no e-mail. Cada usuário vem com suas `permissoes`.',
    access,
    query: listQuery,
    response: usuariosPageSchema,
  }),
  getExportar: route({ ...exportContract('usuários', listQuery), access }),
  getId: route({
    summary: 'Um usuário',
    description: 'O usuário com seu papel, situação, `permissoes` e o funcionário vinculado, se houver.',
    access,
    response: usuarioSchema,
    errors: [404],
  }),
  post: route({
    summary: 'Cria usuário',
    description:
      'Sem `permissoes`, o usuário recebe só `dashboard`. 400 em `senha` fraca (comum, repetida ou contendo o e-mail, o nome ou o nome da empresa); 409 para e-mail já cadastrado. Quem não é administrador só concede permissões que tem e nunca o papel de administrador, a permissão Usuários ou o vínculo com um funcionário (403). Aceita `Idempotency-Key`; publica um evento ao vivo.',
    access,
    body: usuarioCreate,
    response: usuarioSchema,
    status: 201,
    errors: [409],
  }),
  patchId: route({
    summary: 'Altera usuário (envie o updated_at lido)',
    description:
      'Só os campos enviados mudam; `permissoes` substitui a lista inteira e o e-mail nunca muda (400). 409 se outra pessoa alterou antes (`updated_at`) ou se a mudança deixaria a empresa sem nenhum administrador ativo com a permissão Usuários. Desativar ou trocar a senha de outra pessoa encerra todas as sessões dela; quem troca a própria senha continua só na sessão atual. 403 quando alguém amplia as próprias permissões, quando quem não é administrador mexe na conta de um administrador ou concede o que não pode (como no cadastro), ou troca a senha, remove permissões ou desativa quem tem permissões que ele não tem. Publica um evento ao vivo.',
    access,
    body: usuarioUpdate,
    response: usuarioSchema,
    errors: [404, 409],
  }),
};

export const usuariosRoutes = new Hono<AppEnv>()
  .get('/', doc.get, async (c) => {
    const q = parseQuery(c, listQuery);
    const { items, total } = await listUsuarios(c.get('deps').db, {
      q: q.q,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return c.json({ items, total, page: q.page, limit: q.limit });
  })
  .get('/exportar', doc.getExportar, (c) =>
    exportHandler(c, listQuery, (q) => ({
      recurso: 'usuarios',
      titulo: 'usuários',
      columns: [
        COLUNAS.nome,
        COLUNAS.email,
        { header: 'Perfil', value: 'role', labels: { admin: 'Administrador', usuario: 'Usuário' } },
        COLUNAS.status,
        {
          header: 'Permissões',
          value: (r) => ((r.permissoes as Permissao[]) ?? []).map((p) => PERMISSAO_LABEL[p] ?? p).join(', '),
        },
        COLUNAS.cadastradoEm,
      ],
      where: usuariosWhere(q.q),
      order: usuariosExportOrder,
      page: pageUsuarios,
    })),
  )
  .get('/:id', doc.getId, async (c) => {
    const row = await getUsuario(c.get('deps').db, { id: parseId(c, uuid) });
    if (!row) throw notFound('Usuário não encontrado.');
    return c.json(row);
  })
  .post('/', doc.post, async (c) => {
    const input = await parseBody(c, usuarioCreate);
    await checkSenha(c, input.senha, input);
    checkGrant(currentUser(c), null, {
      role: input.role,
      granted: input.permissoes,
      senha: false,
      funcionario: input.funcionario_id != null,
    });
    const { db } = c.get('deps');
    if (await findUsuarioByEmail(db, { email: input.email })) {
      throw conflict('E-mail já cadastrado', 'Já existe um usuário com este e-mail.');
    }
    const id = await db.transaction(async (tx) => {
      const row = await insertUsuario(tx, input);
      await publish(tx, 'usuarios', 'criado', row.id);
      return row.id;
    });
    return c.json(await getUsuario(db, { id }), 201);
  })
  .patch('/:id', doc.patchId, async (c) => {
    const id = parseId(c, uuid);
    const input = await parseBody(c, usuarioUpdate);
    const me = currentUser(c);
    const { db } = c.get('deps');
    if (input.senha !== undefined) {
      const pessoa = await getUsuario(db, { id });
      if (pessoa) await checkSenha(c, input.senha, { email: pessoa.email, nome: input.nome ?? pessoa.nome });
    }
    const myToken = input.senha && me.id === id ? await currentSessionToken(c) : null;
    await db.transaction(async (tx) => {
      const before = await lockUsuario(tx, { id });
      if (!before) throw notFound('Usuário não encontrado.');
      if (input.email !== undefined && input.email.trim().toLowerCase() !== before.email.toLowerCase()) {
        throw badRequest('O e-mail não pode ser alterado.', [
          { path: 'email', message: 'O e-mail não pode ser alterado.' },
        ]);
      }
      const role = input.role ?? before.role;
      const status = input.status ?? before.status;
      const current = (await getUsuario(tx, { id }))!;
      checkGrant(me, current, {
        role: input.role,
        granted: (input.permissoes ?? []).filter((p) => !current.permissoes.includes(p)),
        senha: !!input.senha,
        revoked: input.permissoes
          ? current.permissoes.filter((p) => !input.permissoes!.includes(p as Permissao))
          : [],
        deactivated: input.status === 'inativo' && before.status === 'ativo',
        funcionario:
          input.funcionario_id !== undefined && input.funcionario_id !== (before.funcionario_id ?? null),
      });
      const permissoes = (input.permissoes ?? current.permissoes) as Permissao[];
      const stillAdmin = role === 'admin' && status === 'ativo' && permissoes.includes('usuarios');
      if (before.role === 'admin' && before.status === 'ativo' && !stillAdmin) {
        await lockAdmins(tx);
        if ((await countOtherManagingAdmins(tx, { exceptId: id })) === 0) {
          throw conflict(
            'Último administrador',
            'Não é possível remover o último administrador ativo: promova outro usuário a administrador antes.',
          );
        }
      }
      const values: Record<string, unknown> = {};
      if (input.nome !== undefined) values.nome = input.nome;
      if (input.role !== undefined) values.role = input.role;
      if (input.status !== undefined) values.status = input.status;
      if (input.funcionario_id !== undefined) values.funcionario_id = input.funcionario_id;
      const r = await updateUsuario(tx, { id, values, updatedAt: input.updated_at });
      if (r === 'stale') throw staleWrite();
      if (r === 'missing') throw notFound('Usuário não encontrado.');
      if (input.nome !== undefined) {
        await renomearConta(tx, { authUserId: before.auth_user_id, nome: input.nome });
      }
      if (input.permissoes !== undefined)
        await replacePermissoes(tx, { usuarioId: id, permissoes: input.permissoes });
      if (input.senha) await setSenha(tx, { authUserId: before.auth_user_id, senha: input.senha });
      // A deactivated user, or one whose password someone else reset, is signed out everywhere now;
      // who changes their own password stays signed in here only (another session may be a thief's).
      if ((status === 'inativo' && before.status === 'ativo') || (input.senha && me.id !== id)) {
        await endSessions(tx, { authUserId: before.auth_user_id });
      } else if (input.senha) {
        await endSessions(tx, { authUserId: before.auth_user_id, keepToken: myToken });
      }
      await publish(tx, 'usuarios', 'atualizado', id);
    });
    return c.json(await getUsuario(db, { id }));
  });
