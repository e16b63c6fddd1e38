import { sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import type { Permissao } from '../../schemas/permissoes';
import { apiSuite, Client, fieldErrors, login, ok, refused, userWith, versionOf } from '../testing/harness';

const { env, admin } = apiSuite();

type NovoUsuario = InferRequestType<typeof admin.api.usuarios.$post>['json'];
type Alteracao = Omit<InferRequestType<(typeof admin.api.usuarios)[':id']['$patch']>['json'], 'updated_at'>;

const novo = (over: Partial<NovoUsuario> = {}) => ({
  nome: 'Maria Vendas',
  email: `maria.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  senha: 'segredo1',
  role: 'usuario' as const,
  status: 'ativo' as const,
  permissoes: ['orcamentos' as const],
  ...over,
});
const criar = (json: NovoUsuario, c: Client = admin) => c.api.usuarios.$post({ json });
/** A change sent by `c` with the row's current version (read first by `c`, as the screen does). */
const alterar = async (id: string, json: Alteracao, c: Client = admin) => {
  const one = c.api.usuarios[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { ...json, updated_at } });
};
/** Who `c` is signed in as (401 once the session ended). */
const eu = (c: Client) => c.api.auth.me.$get();
const entrar = (usuario: string, senha: string) =>
  new Client(env).api.auth.login.$post({ json: { usuario, senha } });

const adminId = async () => (await ok(eu(admin))).id;

describe('/api/usuarios', () => {
  it('creates a user whole (account, row, permissions) who can sign in at once', async () => {
    const body = novo();
    const res = (await ok(criar(body), 201))!;
    expect(res).toMatchObject({
      nome: 'Maria Vendas',
      email: body.email,
      role: 'usuario',
      status: 'ativo',
    });
    expect(res.permissoes).toEqual(['orcamentos']);
    const maria = await login(env, body.email, 'segredo1');
    const me = await ok(eu(maria));
    expect(me.permissoes).toEqual(['orcamentos']);
    expect(me.id).toBe(res.id);
  });

  it('defaults a new user to role usuario with the dashboard permission', async () => {
    const { role, permissoes, status, ...min } = novo();
    const res = await ok(criar(min), 201);
    expect(res).toMatchObject({ role: 'usuario', status: 'ativo', permissoes: ['dashboard'] });
  });

  it('enforces the 8-character password and the required fields in pt-BR', async () => {
    const msgs = await fieldErrors(criar(novo({ senha: 'seg-123', nome: '' })));
    expect(msgs.senha).toBe('A senha deve ter no mínimo 8 caracteres.');
    expect(msgs.nome).toBe('Informe o nome.');
  });

  it('refuses a common password on create and on update, naming the field, and writes nothing', async () => {
    const body = novo({ senha: 'password1' });
    const res = await refused(criar(body), 400);
    expect(res.errors).toEqual([
      { path: 'senha', message: 'Esta senha é muito comum e fácil de adivinhar: escolha outra senha.' },
    ]);
    expect(await queryRows(env.db, sql`select 1 from auth_user where email = ${body.email}`)).toHaveLength(0);
    // the list is checked case-insensitively ("Iloveyou" is "iloveyou")
    await refused(criar(novo({ senha: 'Iloveyou' })), 400);

    const u = await userWith(env, ['dashboard']);
    const upd = await refused(alterar(u.row.id, { senha: '12345678' }), 400);
    expect(upd.errors?.[0]?.path).toBe('senha');
    // the old password still works, the session too
    await ok(eu(u.client));
    await ok(eu(await login(env, u.email, u.senha)));
  });

  it('refuses a password holding the person’s e-mail or name, or a pt-BR common one, naming the field', async () => {
    const body = novo({ nome: 'Zuleica Prates' });
    for (const senha of [body.email, 'zuleica-2026', 'Lavra2026', 'mudar123']) {
      const res = await refused(criar({ ...body, senha }), 400);
      expect(res.errors?.[0]?.path, senha).toBe('senha');
    }
    const u = await userWith(env, ['dashboard']);
    const res = await refused(alterar(u.row.id, { senha: `${u.email}` }), 400);
    expect(res.errors?.[0]?.path).toBe('senha');
  });

  it('refuses a duplicate e-mail with 409 and writes nothing', async () => {
    const body = novo();
    await ok(criar(body), 201);
    const count = async () =>
      (await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from auth_user`))[0]!.n;
    const before = await count();
    const dup = await refused(criar({ ...body, email: body.email.toUpperCase() }), 409);
    expect(dup.detail).toBe('Já existe um usuário com este e-mail.');
    expect(await count()).toBe(before);
  });

  it('never leaves half a user when a permission is invalid', async () => {
    // on purpose: a permission that does not exist
    const body = { ...novo(), permissoes: ['orcamentos', 'root'] };
    const res = await admin.post('/api/usuarios', body);
    expect(res.status).toBe(400);
    const rows = await queryRows(env.db, sql`select 1 from auth_user where email = ${body.email}`);
    expect(rows).toHaveLength(0);
  });

  it('applies a removed permission on the very next request (403)', async () => {
    const u = await userWith(env, ['clientes', 'vendas']);
    await refused(u.client.api.usuarios.$get({ query: {} }), 403);
    const before = await ok(eu(u.client));
    expect(before.permissoes).toContain('vendas');
    await ok(alterar(u.row.id, { permissoes: ['clientes'] }));
    const after = await ok(eu(u.client));
    expect(after.permissoes).toEqual(['clientes']);
  });

  it('deactivating a user ends their session at once', async () => {
    const u = await userWith(env, ['dashboard']);
    await ok(eu(u.client));
    await ok(alterar(u.row.id, { status: 'inativo' }));
    await refused(eu(u.client), 401);
    await refused(entrar(u.email, u.senha), 403);
  });

  it('never changes the e-mail', async () => {
    const u = await userWith(env, ['dashboard']);
    const res = await refused(alterar(u.row.id, { email: 'outro@exemplo.com' }), 400);
    expect(res.detail).toBe('O e-mail não pode ser alterado.');
  });

  it('changes the password: the old one stops working, the new one works', async () => {
    const u = await userWith(env, ['dashboard']);
    await ok(alterar(u.row.id, { senha: 'nova-chave-de-pedra-1' }));
    await refused(eu(u.client), 401);
    await refused(entrar(u.email, u.senha), 401);
    const fresh = await login(env, u.email, 'nova-chave-de-pedra-1');
    await ok(eu(fresh));
  });

  it('the last active administrator cannot be demoted, deactivated or lose usuarios', async () => {
    const id = await adminId();
    // other admins created by earlier tests? make sure admin is the only one managing users
    const others = await queryRows<{ id: string }>(
      env.db,
      sql`select id from usuarios where role = 'admin' and id <> ${id}`,
    );
    expect(others).toHaveLength(0);
    const changes: Alteracao[] = [{ role: 'usuario' }, { status: 'inativo' }, { permissoes: ['dashboard'] }];
    for (const change of changes) {
      const res = await refused(alterar(id, change), 409);
      expect(res.detail).toMatch(/último administrador ativo/);
    }
    const me = await ok(eu(admin));
    expect(me.role).toBe('admin');
    expect(me.permissoes).toContain('usuarios');

    // with a second administrator, the first may step down
    const second = (await ok(criar(novo({ role: 'admin', permissoes: ['usuarios'] })), 201))!;
    await ok(alterar(id, { role: 'usuario' }));
    // and now the second is the last one
    const secondClient = await login(env, second.email, 'segredo1');
    await refused(alterar(second.id, { status: 'inativo' }, secondClient), 409);
    // restore for the other tests
    await ok(alterar(id, { role: 'admin' }, secondClient));
  });

  it('answers 409 to an edit based on a stale read', async () => {
    const u = await userWith(env, ['dashboard']);
    const one = admin.api.usuarios[':id'];
    const param = { id: u.row.id };
    const read = await ok(one.$get({ param }));
    await ok(one.$patch({ param, json: { nome: 'A', updated_at: read.updated_at } }));
    const stale = await refused(one.$patch({ param, json: { nome: 'B', updated_at: read.updated_at } }), 409);
    expect(stale.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
  });

  it('lists with search and pagination, each user with their permissions', async () => {
    const res = await ok(admin.api.usuarios.$get({ query: { q: 'maria', limit: 2, page: 1 } }));
    expect(res.items.length).toBeLessThanOrEqual(2);
    expect(res.total).toBeGreaterThanOrEqual(3);
    for (const u of res.items) expect(u.nome.toLowerCase()).toContain('maria');
  });

  it("changing one's own password ends one's other sessions and keeps the current one", async () => {
    const u = await userWith(env, ['dashboard', 'usuarios']);
    const elsewhere = await login(env, u.email, u.senha); // e.g. a stolen session
    await ok(eu(elsewhere));
    await ok(alterar(u.row.id, { senha: 'outra-senha-boa' }, u.client));
    await ok(eu(u.client));
    await refused(eu(elsewhere), 401);
    await ok(eu(await login(env, u.email, 'outra-senha-boa')));
  });

  it("an administrator resetting someone's password ends all of that person's sessions", async () => {
    const u = await userWith(env, ['dashboard']);
    const second = await login(env, u.email, u.senha);
    await ok(alterar(u.row.id, { senha: 'definida-pelo-admin' }));
    await refused(eu(u.client), 401);
    await refused(eu(second), 401);
    await ok(eu(admin));
  });

  it('is closed to users without the usuarios permission', async () => {
    const u = await userWith(env, ['dashboard', 'vendas']);
    await refused(u.client.api.usuarios.$get({ query: {} }), 403);
    await refused(criar(novo(), u.client), 403);
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

  /** A call refused with 403 whose detail says why. */
  const negado = async (call: Parameters<typeof refused>[0], detail: RegExp) => {
    expect((await refused(call, 403)).detail).toMatch(detail);
  };

  it('a usuarios holder cannot make itself administrator nor give itself more permissions', async () => {
    const g = await gerente();
    const before = await snapshot(g.row.id);
    await negado(alterar(g.row.id, { role: 'admin' }, g.client), /próprias permissões/);
    await negado(
      alterar(g.row.id, { permissoes: [...(before.permissoes as Permissao[]), 'funcionarios'] }, g.client),
      /próprias permissões/,
    );
    expect(await snapshot(g.row.id)).toEqual(before);
    // removing one's own permission is fine
    await ok(alterar(g.row.id, { permissoes: ['dashboard', 'usuarios', 'clientes'] }, g.client));
  });

  it('an administrator cannot widen their own permissions either', async () => {
    const a = await userWith(env, ['dashboard', 'usuarios'], { role: 'admin' });
    await negado(
      alterar(a.row.id, { permissoes: ['dashboard', 'usuarios', 'vendas'] }, a.client),
      /próprias permissões/,
    );
  });

  it('a usuarios holder cannot touch an administrator: no password reset, no edit, no deactivation', async () => {
    const g = await gerente();
    const id = await adminId();
    const before = await snapshot(id);
    const changes: Alteracao[] = [
      { senha: 'tomada-de-conta-1' },
      { nome: 'Ex-admin' },
      { status: 'inativo' },
      { role: 'usuario' },
      { permissoes: ['dashboard'] },
    ];
    for (const change of changes) {
      await negado(alterar(id, change, g.client), /Somente um administrador/);
    }
    expect(await snapshot(id)).toEqual(before);
    await ok(eu(admin));
  });

  it('only an administrator creates an administrator or a usuarios holder', async () => {
    const g = await gerente();
    const overs: Partial<NovoUsuario>[] = [
      { role: 'admin', permissoes: ['dashboard'] },
      { permissoes: ['dashboard', 'usuarios'] },
    ];
    for (const over of overs) {
      const body = novo(over);
      await negado(criar(body, g.client), /Somente um administrador pode conceder/);
      expect(await queryRows(env.db, sql`select 1 from auth_user where email = ${body.email}`)).toHaveLength(
        0,
      );
    }
    await ok(criar(novo({ permissoes: ['usuarios'] })), 201);
    await ok(criar(novo({ role: 'admin' })), 201);
  });

  it('a usuarios holder grants only what it holds, and never usuarios or admin, on update', async () => {
    const g = await gerente();
    const u = await userWith(env, ['dashboard']);
    const before = await snapshot(u.row.id);
    await negado(alterar(u.row.id, { role: 'admin' }, g.client), /Somente um administrador/);
    await negado(
      alterar(u.row.id, { permissoes: ['dashboard', 'usuarios'] }, g.client),
      /Somente um administrador/,
    );
    await negado(
      alterar(u.row.id, { permissoes: ['dashboard', 'funcionarios'] }, g.client),
      /só pode conceder permissões que você mesmo tem/,
    );
    await negado(
      criar(novo({ permissoes: ['funcionarios'] }), g.client),
      /só pode conceder permissões que você mesmo tem/,
    );
    expect(await snapshot(u.row.id)).toEqual(before);
    // within its reach it manages staff as before
    const feito = await ok(
      alterar(
        u.row.id,
        { nome: 'Atendente', permissoes: ['dashboard', 'clientes'], senha: 'nova-senha-da-loja' },
        g.client,
      ),
    );
    expect(feito!.permissoes).toEqual(['clientes', 'dashboard']);
    await ok(criar(novo({ permissoes: ['orcamentos'] }), g.client), 201);
  });

  it('only an administrator links an account to an employee (its agenda: customers and addresses)', async () => {
    const g = await gerente();
    const f = await ok(
      admin.api.funcionarios.$post({
        json: { nome: 'Instalador Vínculo', cargo: 'Instalador Sênior', salario: 2500 },
      }),
      201,
    );
    await negado(
      alterar(g.row.id, { funcionario_id: f.id }, g.client),
      /Somente um administrador pode vincular/,
    );
    const other = await userWith(env, ['dashboard']);
    await negado(
      alterar(other.row.id, { funcionario_id: f.id }, g.client),
      /Somente um administrador pode vincular/,
    );
    await negado(
      criar(novo({ permissoes: ['dashboard'], funcionario_id: f.id }), g.client),
      /Somente um administrador pode vincular/,
    );
    const linked = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from usuarios where funcionario_id = ${f.id}`,
    );
    expect(linked[0]!.n).toBe(0);
    // The manager may still edit the account's name, sending the link unchanged.
    await ok(alterar(other.row.id, { nome: 'Outro Nome', funcionario_id: null }, g.client));
    // An administrator links it.
    await ok(alterar(other.row.id, { funcionario_id: f.id }));
  });

  it('removing permissions from or deactivating a richer account follows the password-reset rule', async () => {
    const g = await gerente();
    const rico = await userWith(env, ['dashboard', 'clientes', 'financeiro']);
    const before = await snapshot(rico.row.id);
    await negado(
      alterar(rico.row.id, { permissoes: ['dashboard'] }, g.client),
      /remover permissões de quem tem permissões que você não tem/,
    );
    await negado(
      alterar(rico.row.id, { status: 'inativo' }, g.client),
      /desativar quem tem permissões que você não tem/,
    );
    expect(await snapshot(rico.row.id)).toEqual(before);
    await ok(eu(rico.client));
    // Someone within the manager's reach: both allowed.
    const pobre = await userWith(env, ['dashboard', 'clientes']);
    await ok(alterar(pobre.row.id, { permissoes: ['dashboard'] }, g.client));
    await ok(alterar(pobre.row.id, { status: 'inativo' }, g.client));
  });

  it('a usuarios holder cannot reset the password of someone with permissions it lacks', async () => {
    const g = await gerente();
    const rh = await userWith(env, ['dashboard', 'funcionarios']);
    const before = await snapshot(rh.row.id);
    await negado(
      alterar(rh.row.id, { senha: 'quero-entrar-1' }, g.client),
      /senha de quem tem permissões que você não tem/,
    );
    expect(await snapshot(rh.row.id)).toEqual(before);
    await ok(eu(rh.client));
  });
});
