import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { apiSuite, Client, login, userWith } from '../testing/harness';

const { env, admin } = apiSuite();

const novo = (over: Record<string, unknown> = {}) => ({
  nome: 'Maria Vendas',
  email: `maria.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  senha: 'segredo1',
  role: 'usuario',
  status: 'ativo',
  permissoes: ['orcamentos'],
  ...over,
});

const adminId = async () => (await admin.get('/api/auth/me')).body.id as string;

describe('/api/usuarios', () => {
  it('creates a user whole (account, row, permissions) who can sign in at once', async () => {
    const body = novo();
    const res = await admin.create('/api/usuarios', body);
    expect(res).toMatchObject({
      nome: 'Maria Vendas',
      email: body.email,
      role: 'usuario',
      status: 'ativo',
    });
    expect(res.permissoes).toEqual(['orcamentos']);
    const maria = await login(env, body.email, 'segredo1');
    const me = await maria.get('/api/auth/me');
    expect(me.body.permissoes).toEqual(['orcamentos']);
    expect(me.body.id).toBe(res.id);
  });

  it('defaults a new user to role usuario with the dashboard permission', async () => {
    const { role, permissoes, status, ...min } = novo();
    const res = await admin.create('/api/usuarios', min);
    expect(res).toMatchObject({ role: 'usuario', status: 'ativo', permissoes: ['dashboard'] });
  });

  it('enforces the 8-character password and the required fields in pt-BR', async () => {
    const res = await admin.post('/api/usuarios', novo({ senha: 'seg-123', nome: '' }));
    expect(res.status).toBe(400);
    const msgs = Object.fromEntries(
      res.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(msgs.senha).toBe('A senha deve ter no mínimo 8 caracteres.');
    expect(msgs.nome).toBe('Informe o nome.');
  });

  it('refuses a common password on create and on update, naming the field, and writes nothing', async () => {
    const body = novo({ senha: 'password1' });
    const res = await admin.post('/api/usuarios', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'senha', message: 'Esta senha é muito comum e fácil de adivinhar: escolha outra senha.' },
    ]);
    expect(await queryRows(env.db, sql`select 1 from auth_user where email = ${body.email}`)).toHaveLength(0);
    // the list is checked case-insensitively ("Iloveyou" is "iloveyou")
    expect((await admin.post('/api/usuarios', novo({ senha: 'Iloveyou' }))).status).toBe(400);

    const u = await userWith(env, ['dashboard']);
    const upd = await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { senha: '12345678' });
    expect(upd.status).toBe(400);
    expect(upd.body.errors[0].path).toBe('senha');
    // the old password still works, the session too
    expect((await u.client.get('/api/auth/me')).status).toBe(200);
    expect((await login(env, u.email, u.senha).then((c) => c.get('/api/auth/me'))).status).toBe(200);
  });

  it('refuses a password holding the person’s e-mail or name, or a pt-BR common one, naming the field', async () => {
    const body = novo({ nome: 'Zuleica Prates' });
    for (const senha of [body.email, 'zuleica-2026', 'Lavra2026', 'mudar123']) {
      const res = await admin.post('/api/usuarios', { ...body, senha });
      expect(res.status, senha).toBe(400);
      expect(res.body.errors[0].path).toBe('senha');
    }
    const u = await userWith(env, ['dashboard']);
    const res = await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { senha: `${u.email}` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('senha');
  });

  it('refuses a duplicate e-mail with 409 and writes nothing', async () => {
    const body = novo();
    expect((await admin.post('/api/usuarios', body)).status).toBe(201);
    const count = async () =>
      (await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from auth_user`))[0]!.n;
    const before = await count();
    const dup = await admin.post('/api/usuarios', { ...body, email: body.email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('Já existe um usuário com este e-mail.');
    expect(await count()).toBe(before);
  });

  it('never leaves half a user when a permission is invalid', async () => {
    const body = novo({ permissoes: ['orcamentos', 'root'] });
    const res = await admin.post('/api/usuarios', body);
    expect(res.status).toBe(400);
    const rows = await queryRows(env.db, sql`select 1 from auth_user where email = ${body.email}`);
    expect(rows).toHaveLength(0);
  });

  it('applies a removed permission on the very next request (403)', async () => {
    const u = await userWith(env, ['clientes', 'vendas']);
    expect((await u.client.get('/api/usuarios')).status).toBe(403);
    const before = await u.client.get('/api/auth/me');
    expect(before.body.permissoes).toContain('vendas');
    const res = await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { permissoes: ['clientes'] });
    expect(res.status).toBe(200);
    const after = await u.client.get('/api/auth/me');
    expect(after.body.permissoes).toEqual(['clientes']);
  });

  it('deactivating a user ends their session at once', async () => {
    const u = await userWith(env, ['dashboard']);
    expect((await u.client.get('/api/auth/me')).status).toBe(200);
    expect((await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { status: 'inativo' })).status).toBe(200);
    expect((await u.client.get('/api/auth/me')).status).toBe(401);
    const again = await new Client(env).post('/api/auth/login', { usuario: u.email, senha: u.senha });
    expect(again.status).toBe(403);
  });

  it('never changes the e-mail', async () => {
    const u = await userWith(env, ['dashboard']);
    const res = await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { email: 'outro@exemplo.com' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('O e-mail não pode ser alterado.');
  });

  it('changes the password: the old one stops working, the new one works', async () => {
    const u = await userWith(env, ['dashboard']);
    expect(
      (await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { senha: 'nova-chave-de-pedra-1' })).status,
    ).toBe(200);
    expect((await u.client.get('/api/auth/me')).status).toBe(401);
    expect((await new Client(env).post('/api/auth/login', { usuario: u.email, senha: u.senha })).status).toBe(
      401,
    );
    const fresh = await login(env, u.email, 'nova-chave-de-pedra-1');
    expect((await fresh.get('/api/auth/me')).status).toBe(200);
  });

  it('the last active administrator cannot be demoted, deactivated or lose usuarios', async () => {
    const id = await adminId();
    // other admins created by earlier tests? make sure admin is the only one managing users
    const others = await queryRows<{ id: string }>(
      env.db,
      sql`select id from usuarios where role = 'admin' and id <> ${id}`,
    );
    expect(others).toHaveLength(0);
    for (const change of [{ role: 'usuario' }, { status: 'inativo' }, { permissoes: ['dashboard'] }]) {
      const res = await admin.patchCurrent(`/api/usuarios/${id}`, change);
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/último administrador ativo/);
    }
    const me = await admin.get('/api/auth/me');
    expect(me.body.role).toBe('admin');
    expect(me.body.permissoes).toContain('usuarios');

    // with a second administrator, the first may step down
    const second = await admin.post('/api/usuarios', novo({ role: 'admin', permissoes: ['usuarios'] }));
    expect(second.status).toBe(201);
    const demote = await admin.patchCurrent(`/api/usuarios/${id}`, { role: 'usuario' });
    expect(demote.status).toBe(200);
    // and now the second is the last one
    const secondClient = await login(env, second.body.email, 'segredo1');
    expect(
      (await secondClient.patchCurrent(`/api/usuarios/${second.body.id}`, { status: 'inativo' })).status,
    ).toBe(409);
    // restore for the other tests
    expect((await secondClient.patchCurrent(`/api/usuarios/${id}`, { role: 'admin' })).status).toBe(200);
  });

  it('answers 409 to an edit based on a stale read', async () => {
    const u = await userWith(env, ['dashboard']);
    const read = await admin.get(`/api/usuarios/${u.row.id}`);
    expect(
      (await admin.patch(`/api/usuarios/${u.row.id}`, { nome: 'A', updated_at: read.body.updated_at }))
        .status,
    ).toBe(200);
    const stale = await admin.patch(`/api/usuarios/${u.row.id}`, {
      nome: 'B',
      updated_at: read.body.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
  });

  it('lists with search and pagination, each user with their permissions', async () => {
    const res = await admin.get('/api/usuarios?q=maria&limit=2&page=1');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(2);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    for (const u of res.body.items) expect(u.nome.toLowerCase()).toContain('maria');
  });

  it("changing one's own password ends one's other sessions and keeps the current one", async () => {
    const u = await userWith(env, ['dashboard', 'usuarios']);
    const elsewhere = await login(env, u.email, u.senha); // e.g. a stolen session
    expect((await elsewhere.get('/api/auth/me')).status).toBe(200);
    const res = await u.client.patchCurrent(`/api/usuarios/${u.row.id}`, { senha: 'outra-senha-boa' });
    expect(res.status).toBe(200);
    expect((await u.client.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await login(env, u.email, 'outra-senha-boa').then((c) => c.get('/api/auth/me'))).status).toBe(
      200,
    );
  });

  it("an administrator resetting someone's password ends all of that person's sessions", async () => {
    const u = await userWith(env, ['dashboard']);
    const second = await login(env, u.email, u.senha);
    expect(
      (await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { senha: 'definida-pelo-admin' })).status,
    ).toBe(200);
    expect((await u.client.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });

  it('is closed to users without the usuarios permission', async () => {
    const u = await userWith(env, ['dashboard', 'vendas']);
    expect((await u.client.get('/api/usuarios')).status).toBe(403);
    expect((await u.client.post('/api/usuarios', novo())).status).toBe(403);
  });
});

describe('/api/usuarios: who may grant what', () => {
  const snapshot = async (id: string) =>
    (
      await queryRows<{ role: string; status: string; nome: string; permissoes: string[]; senha: string }>(
        env.db,
        sql`select u.role, u.status, u.nome, a.password as senha,
            coalesce((select array_agg(p.permissao order by p.permissao) from usuario_permissoes p
                      where p.usuario_id = u.id), '{}') as permissoes
          from usuarios u join auth_account a on a.user_id = u.auth_user_id where u.id = ${id}`,
      )
    )[0]!;

  /** A manager: holds `usuarios` (and a few screens) but is not an administrator. */
  const gerente = () => userWith(env, ['dashboard', 'usuarios', 'clientes', 'orcamentos']);

  const refused = (res: { status: number; body: { detail: string } }, detail: RegExp) => {
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(detail);
  };

  it('a usuarios holder cannot make itself administrator nor give itself more permissions', async () => {
    const g = await gerente();
    const before = await snapshot(g.row.id);
    refused(
      await g.client.patchCurrent(`/api/usuarios/${g.row.id}`, { role: 'admin' }),
      /próprias permissões/,
    );
    refused(
      await g.client.patchCurrent(`/api/usuarios/${g.row.id}`, {
        permissoes: [...before.permissoes, 'funcionarios'],
      }),
      /próprias permissões/,
    );
    expect(await snapshot(g.row.id)).toEqual(before);
    // removing one's own permission is fine
    const less = await g.client.patchCurrent(`/api/usuarios/${g.row.id}`, {
      permissoes: ['dashboard', 'usuarios', 'clientes'],
    });
    expect(less.status).toBe(200);
  });

  it('an administrator cannot widen their own permissions either', async () => {
    const a = await userWith(env, ['dashboard', 'usuarios'], { role: 'admin' });
    refused(
      await a.client.patchCurrent(`/api/usuarios/${a.row.id}`, {
        permissoes: ['dashboard', 'usuarios', 'vendas'],
      }),
      /próprias permissões/,
    );
  });

  it('a usuarios holder cannot touch an administrator: no password reset, no edit, no deactivation', async () => {
    const g = await gerente();
    const id = await adminId();
    const before = await snapshot(id);
    for (const change of [
      { senha: 'tomada-de-conta-1' },
      { nome: 'Ex-admin' },
      { status: 'inativo' },
      { role: 'usuario' },
      { permissoes: ['dashboard'] },
    ]) {
      refused(await g.client.patchCurrent(`/api/usuarios/${id}`, change), /Somente um administrador/);
    }
    expect(await snapshot(id)).toEqual(before);
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });

  it('only an administrator creates an administrator or a usuarios holder', async () => {
    const g = await gerente();
    for (const over of [
      { role: 'admin', permissoes: ['dashboard'] },
      { permissoes: ['dashboard', 'usuarios'] },
    ]) {
      const body = novo(over);
      refused(await g.client.post('/api/usuarios', body), /Somente um administrador pode conceder/);
      expect(await queryRows(env.db, sql`select 1 from auth_user where email = ${body.email}`)).toHaveLength(
        0,
      );
    }
    expect((await admin.post('/api/usuarios', novo({ permissoes: ['usuarios'] }))).status).toBe(201);
    expect((await admin.post('/api/usuarios', novo({ role: 'admin' }))).status).toBe(201);
  });

  it('a usuarios holder grants only what it holds, and never usuarios or admin, on update', async () => {
    const g = await gerente();
    const u = await userWith(env, ['dashboard']);
    const before = await snapshot(u.row.id);
    refused(
      await g.client.patchCurrent(`/api/usuarios/${u.row.id}`, { role: 'admin' }),
      /Somente um administrador/,
    );
    refused(
      await g.client.patchCurrent(`/api/usuarios/${u.row.id}`, { permissoes: ['dashboard', 'usuarios'] }),
      /Somente um administrador/,
    );
    refused(
      await g.client.patchCurrent(`/api/usuarios/${u.row.id}`, { permissoes: ['dashboard', 'funcionarios'] }),
      /só pode conceder permissões que você mesmo tem/,
    );
    refused(
      await g.client.post('/api/usuarios', novo({ permissoes: ['funcionarios'] })),
      /só pode conceder permissões que você mesmo tem/,
    );
    expect(await snapshot(u.row.id)).toEqual(before);
    // within its reach it manages staff as before
    const ok = await g.client.patchCurrent(`/api/usuarios/${u.row.id}`, {
      nome: 'Atendente',
      permissoes: ['dashboard', 'clientes'],
      senha: 'nova-senha-da-loja',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.permissoes).toEqual(['clientes', 'dashboard']);
    expect((await g.client.post('/api/usuarios', novo({ permissoes: ['orcamentos'] }))).status).toBe(201);
  });

  it('only an administrator links an account to an employee (its agenda: customers and addresses)', async () => {
    const g = await gerente();
    const f = await admin.create('/api/funcionarios', {
      nome: 'Instalador Vínculo',
      cargo: 'Instalador Sênior',
      salario: 2500,
    });
    refused(
      await g.client.patchCurrent(`/api/usuarios/${g.row.id}`, { funcionario_id: f.id }),
      /Somente um administrador pode vincular/,
    );
    const other = await userWith(env, ['dashboard']);
    refused(
      await g.client.patchCurrent(`/api/usuarios/${other.row.id}`, { funcionario_id: f.id }),
      /Somente um administrador pode vincular/,
    );
    refused(
      await g.client.post('/api/usuarios', novo({ permissoes: ['dashboard'], funcionario_id: f.id })),
      /Somente um administrador pode vincular/,
    );
    const linked = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from usuarios where funcionario_id = ${f.id}`,
    );
    expect(linked[0]!.n).toBe(0);
    // The manager may still edit the account's name, sending the link unchanged.
    expect(
      (
        await g.client.patchCurrent(`/api/usuarios/${other.row.id}`, {
          nome: 'Outro Nome',
          funcionario_id: null,
        })
      ).status,
    ).toBe(200);
    // An administrator links it.
    expect((await admin.patchCurrent(`/api/usuarios/${other.row.id}`, { funcionario_id: f.id })).status).toBe(
      200,
    );
  });

  it('removing permissions from or deactivating a richer account follows the password-reset rule', async () => {
    const g = await gerente();
    const rico = await userWith(env, ['dashboard', 'clientes', 'financeiro']);
    const before = await snapshot(rico.row.id);
    refused(
      await g.client.patchCurrent(`/api/usuarios/${rico.row.id}`, { permissoes: ['dashboard'] }),
      /remover permissões de quem tem permissões que você não tem/,
    );
    refused(
      await g.client.patchCurrent(`/api/usuarios/${rico.row.id}`, { status: 'inativo' }),
      /desativar quem tem permissões que você não tem/,
    );
    expect(await snapshot(rico.row.id)).toEqual(before);
    expect((await rico.client.get('/api/auth/me')).status).toBe(200);
    // Someone within the manager's reach: both allowed.
    const pobre = await userWith(env, ['dashboard', 'clientes']);
    expect(
      (await g.client.patchCurrent(`/api/usuarios/${pobre.row.id}`, { permissoes: ['dashboard'] })).status,
    ).toBe(200);
    expect((await g.client.patchCurrent(`/api/usuarios/${pobre.row.id}`, { status: 'inativo' })).status).toBe(
      200,
    );
  });

  it('a usuarios holder cannot reset the password of someone with permissions it lacks', async () => {
    const g = await gerente();
    const rh = await userWith(env, ['dashboard', 'funcionarios']);
    const before = await snapshot(rh.row.id);
    refused(
      await g.client.patchCurrent(`/api/usuarios/${rh.row.id}`, { senha: 'quero-entrar-1' }),
      /senha de quem tem permissões que você não tem/,
    );
    expect(await snapshot(rh.row.id)).toEqual(before);
    expect((await rh.client.get('/api/auth/me')).status).toBe(200);
  });
});
