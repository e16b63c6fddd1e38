import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { updateVersioned } from '../../db/queries/common';
import {
  countOtherManagingAdmins,
  endSessions,
  findUsuarioByEmail,
  getUsuario,
  insertUsuario,
  listUsuarios,
  pageUsuarios,
  replacePermissoes,
  setSenha,
  usuariosWhere,
} from '../../db/queries/usuarios';
import { authUser, usuarios } from '../../db/schema';
import { listQuery, uuid } from '../../schemas/common';
import { PERMISSAO_LABEL, type Permissao } from '../../schemas/permissoes';
import { usuarioCreate, usuarioUpdate } from '../../schemas/usuarios';
import { type AppEnv, currentUser, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { badRequest, conflict, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { exportContract, exportResponse } from '../export';

const access = ['usuarios'] as const;

/** Serialises every change that could leave the shop without an administrator. */
const lockAdmins = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(7271002)`);

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  get: route({ summary: 'Lista usuários', access, query: listQuery }),
  getExportar: route({ ...exportContract('usuários', listQuery), access }),
  getId: route({ summary: 'Um usuário', access, errors: [404] }),
  post: route({ summary: 'Cria usuário', access, body: usuarioCreate, status: 201, errors: [409] }),
  patchId: route({
    summary: 'Altera usuário (envie o updated_at lido)',
    access,
    body: usuarioUpdate,
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
  .get('/exportar', doc.getExportar, async (c) => {
    const q = parseQuery(c, listQuery);
    return exportResponse(c, {
      recurso: 'usuarios',
      titulo: 'usuários',
      columns: [
        { header: 'Nome', value: 'nome' },
        { header: 'E-mail', value: 'email' },
        { header: 'Perfil', value: 'role', labels: { admin: 'Administrador', usuario: 'Usuário' } },
        { header: 'Status', value: 'status', labels: { ativo: 'Ativo', inativo: 'Inativo' } },
        {
          header: 'Permissões',
          value: (r) => ((r.permissoes as Permissao[]) ?? []).map((p) => PERMISSAO_LABEL[p] ?? p).join(', '),
        },
        { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
      ],
      where: usuariosWhere(q.q),
      order: [
        { col: usuarios.created_at, key: 'created_at', desc: true, notNull: true },
        { col: usuarios.id, key: 'id', desc: true, notNull: true },
      ],
      page: pageUsuarios,
    });
  })
  .get('/:id', doc.getId, async (c) => {
    const row = await getUsuario(c.get('deps').db, parseId(c, uuid));
    if (!row) throw notFound('Usuário não encontrado.');
    return c.json(row);
  })
  .post('/', doc.post, async (c) => {
    const input = await parseBody(c, usuarioCreate);
    const { db } = c.get('deps');
    if (await findUsuarioByEmail(db, input.email)) {
      throw conflict('E-mail já cadastrado', 'Já existe um usuário com este e-mail.');
    }
    const id = await db.transaction(async (tx) => {
      const row = await insertUsuario(tx, input);
      await publish(tx, 'usuarios', 'criado', row.id);
      return row.id;
    });
    return c.json(await getUsuario(db, id), 201);
  })
  .patch('/:id', doc.patchId, async (c) => {
    const id = parseId(c, uuid);
    const input = await parseBody(c, usuarioUpdate);
    const me = currentUser(c);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(usuarios).where(eq(usuarios.id, id)).for('update');
      if (!before) throw notFound('Usuário não encontrado.');
      if (input.email !== undefined && input.email.trim().toLowerCase() !== before.email.toLowerCase()) {
        throw badRequest('O e-mail não pode ser alterado.', [
          { path: 'email', message: 'O e-mail não pode ser alterado.' },
        ]);
      }
      const role = input.role ?? before.role;
      const status = input.status ?? before.status;
      const current = await getUsuario(tx, id);
      const permissoes = (input.permissoes ?? current!.permissoes) as Permissao[];
      const stillAdmin = role === 'admin' && status === 'ativo' && permissoes.includes('usuarios');
      if (before.role === 'admin' && before.status === 'ativo' && !stillAdmin) {
        await lockAdmins(tx);
        if ((await countOtherManagingAdmins(tx, id)) === 0) {
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
      const r = await updateVersioned(tx, usuarios, id, values, input.updated_at);
      if (r === 'stale') throw staleWrite();
      if (r === 'missing') throw notFound('Usuário não encontrado.');
      if (input.nome !== undefined) {
        await tx
          .update(authUser)
          .set({ name: input.nome, updatedAt: new Date() })
          .where(eq(authUser.id, before.auth_user_id));
      }
      if (input.permissoes !== undefined) await replacePermissoes(tx, id, input.permissoes);
      if (input.senha) await setSenha(tx, before.auth_user_id, input.senha);
      // A deactivated user, or one whose password someone else reset, is signed out everywhere now.
      if ((status === 'inativo' && before.status === 'ativo') || (input.senha && me.id !== id)) {
        await endSessions(tx, before.auth_user_id);
      }
      await publish(tx, 'usuarios', 'atualizado', id);
    });
    return c.json(await getUsuario(db, id));
  });
