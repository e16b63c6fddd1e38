import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { categoriasProdutos, clientes, funcionarios, produtos } from '../../db/schema';
import { publish } from '../events';
import {
  answer,
  apiSuite,
  Client,
  loginAdmin,
  ok,
  refused,
  secondInstance,
  userWith,
} from '../testing/harness';

// a short re-check period, so a session ended without any event is noticed within the test
const { env } = apiSuite({ sseRecheckMs: 300 });

/**
 * Creates a user through the API (a write that announces `usuarios criado`; a taken e-mail is refused).
 * The route answers the row read back, typed as possibly missing: hence `body!`.
 */
const novoUsuario = (admin: Client, nome: string, email: string) =>
  answer(admin.api.usuarios.$post({ json: { nome, email, senha: 'segredo1' } }));

/** Opens /api/eventos on the client's app and collects the `mudanca` events it streams. */
async function listen(client: Client) {
  const ac = new AbortController();
  const res = await client.api.eventos.$get(undefined, { init: { signal: ac.signal } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = res.body!.getReader();
  const events: { recurso: string; acao: string; id?: string }[] = [];
  const closing: { motivo?: string } = {};
  let buffer = '';
  let ready!: () => void;
  const isReady = new Promise<void>((r) => {
    ready = r;
  });
  const pump = (async () => {
    const dec = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += dec.decode(value, { stream: true });
      let i = buffer.indexOf('\n\n');
      while (i >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'pronto') ready();
        if (event === 'mudanca' && data) events.push(JSON.parse(data));
        if (event === 'encerrado' && data) closing.motivo = JSON.parse(data).motivo;
        i = buffer.indexOf('\n\n');
      }
    }
  })();
  await isReady;
  return {
    events,
    closing,
    /** Resolves true when the server ends the stream within `ms`. */
    ended(ms = 5000) {
      return Promise.race([
        pump.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
      ]);
    },
    async waitFor(pred: (e: { recurso: string; acao: string; id?: string }) => boolean, ms = 5000) {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const found = events.find(pred);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      return undefined;
    },
    close() {
      ac.abort();
      void reader.cancel().catch(() => {});
      return pump;
    },
  };
}

describe('/api/eventos (live updates)', () => {
  it('streams a committed write to every open screen, also on another server instance', async () => {
    const admin = await loginAdmin(env);
    const other = await secondInstance(env);
    const here = await listen(admin);
    // the same session on the other instance
    const there = await listen(new Client(other, admin.cookie));
    const res = await novoUsuario(admin, 'Evento Teste', 'evento@exemplo.com.br');
    expect(res.status).toBe(201);
    const match = (e: { recurso: string; acao: string; id?: string }) =>
      e.recurso === 'usuarios' && e.acao === 'criado' && e.id === res.body!.id;
    expect(await here.waitFor(match)).toBeDefined();
    expect(await there.waitFor(match)).toBeDefined();
    here.close();
    there.close();
    await other.close();
  });

  it('announces nothing for a write that fails', async () => {
    const admin = await loginAdmin(env);
    const stream = await listen(admin);
    const bad = await novoUsuario(admin, 'X', 'evento@exemplo.com.br');
    expect(bad.status).toBe(409);
    const depois = await novoUsuario(admin, 'Depois', 'depois@exemplo.com.br');
    // the later, successful write arrives; the failed one never did
    expect(await stream.waitFor((e) => e.id === depois.body!.id)).toBeDefined();
    expect(stream.events.filter((e) => e.recurso === 'usuarios' && e.acao === 'criado')).toHaveLength(1);
    stream.close();
  });

  it('announces a new quote (written in one statement with its lines and team) once, and a refused one never', async () => {
    const admin = await loginAdmin(env);
    const stream = await listen(admin);
    await env.db.insert(categoriasProdutos).values({ nome: 'eventos' });
    const [cliente] = await env.db.insert(clientes).values({ nome: 'Cliente Evento' }).returning();
    const [produto] = await env.db
      .insert(produtos)
      .values({ nome: 'Granito Evento', categoria: 'eventos', valor_m2: '100.00', tipo_unidade: 'unitário' })
      .returning();
    const [func] = await env.db
      .insert(funcionarios)
      .values({ nome: 'Equipe Evento', cargo: 'Acabador', salario: '2200.00' })
      .returning();
    const body = {
      cliente_id: cliente!.id,
      funcionario_ids: [func!.id],
      itens: [{ produto_id: produto!.id, quantidade: 2 }],
      tipo_venda: 'avista' as const,
    };
    // an unknown employee: refused before anything is written
    await refused(
      admin.api.orcamentos.$post({ json: { ...body, funcionario_ids: [crypto.randomUUID()] } }),
      400,
    );
    const novo = await ok(admin.api.orcamentos.$post({ json: body }), 201);
    expect(novo.itens).toHaveLength(1);
    expect(novo.funcionarios.map((f) => f.id)).toEqual([func!.id]);
    const match = (e: { recurso: string; acao: string; id?: string }) =>
      e.recurso === 'orcamentos' && e.acao === 'criado';
    expect(await stream.waitFor((e) => match(e) && e.id === novo.id)).toBeDefined();
    expect(stream.events.filter(match)).toHaveLength(1);
    stream.close();
  });

  it('does not send a user events of screens they may not open', async () => {
    const admin = await loginAdmin(env);
    const seller = await userWith(env, ['vendas']);
    const stream = await listen(seller.client);
    const adminStream = await listen(admin);
    const res = await novoUsuario(admin, 'Oculto', 'oculto@exemplo.com.br');
    expect(await adminStream.waitFor((e) => e.id === res.body!.id)).toBeDefined();
    expect(stream.events.find((e) => e.recurso === 'usuarios')).toBeUndefined();
    stream.close();
    adminStream.close();
  });
});

describe('/api/eventos and Recebimentos', () => {
  it('sends recebimentos events only to whoever has financeiro (the screen’s permission)', async () => {
    const admin = await loginAdmin(env);
    const semFinanceiro = await userWith(env, ['dashboard', 'vendas']);
    const stream = await listen(semFinanceiro.client);
    const adminStream = await listen(admin);
    const id = '00000000-0000-4000-8000-0000000000aa';
    await env.db.transaction((tx) => publish(tx, 'recebimentos', 'criado', id));
    expect(await adminStream.waitFor((e) => e.recurso === 'recebimentos' && e.id === id)).toBeDefined();
    expect(stream.events.find((e) => e.recurso === 'recebimentos')).toBeUndefined();
    stream.close();
    adminStream.close();
  });
});

describe('/api/eventos follows its session', () => {
  it('ends the stream of a user as soon as an administrator deactivates them', async () => {
    const admin = await loginAdmin(env);
    const u = await userWith(env, ['clientes']);
    const stream = await listen(u.client);
    const usuario = admin.api.usuarios[':id'];
    const param = { id: u.row.id };
    const before = await ok(usuario.$get({ param }));
    await ok(usuario.$patch({ param, json: { status: 'inativo', updated_at: before.updated_at } }));
    // the `usuarios` event of their own id triggers the check at once (well before the periodic one)
    expect(await stream.ended(3000)).toBe(true);
    expect(stream.closing.motivo).toBe('sessao');
    // and the client cannot open another one
    await refused(u.client.api.eventos.$get(), 401);
  });

  it('ends the stream within the periodic check when the session ends without any event (signed out elsewhere)', async () => {
    const u = await userWith(env, ['clientes']);
    const stream = await listen(u.client);
    await ok(u.client.api.auth.logout.$post(), 204);
    expect(await stream.ended(3000)).toBe(true);
    expect(stream.closing.motivo).toBe('sessao');
  });

  it('stops sending events of a screen whose permission was removed, without reconnecting', async () => {
    const admin = await loginAdmin(env);
    const u = await userWith(env, ['fornecedores', 'produtos']);
    const stream = await listen(u.client);
    const fornecedor = (nome: string) =>
      ok(admin.api.fornecedores.$post({ json: { nome, telefone: '(11) 3333-4444' } }), 201);
    const first = await fornecedor('Visível');
    expect(await stream.waitFor((e) => e.id === first.id)).toBeDefined();
    const usuario = admin.api.usuarios[':id'];
    const param = { id: u.row.id };
    const before = await ok(usuario.$get({ param }));
    await ok(usuario.$patch({ param, json: { permissoes: ['produtos'], updated_at: before.updated_at } }));
    // its own `usuarios` event re-reads its permissions at once: from then on, no fornecedores
    const hidden = await fornecedor('Oculto depois');
    const marker = await ok(
      admin.api['categorias-produtos'].$post({ json: { nome: 'marcador-eventos' } }),
      201,
    );
    expect(await stream.waitFor((e) => e.id === marker.id)).toBeDefined();
    expect(stream.events.find((e) => e.id === hidden.id)).toBeUndefined();
    expect(await stream.ended(100)).toBe(false);
    stream.close();
  });

  it('caps the streams of one user: the eleventh closes the oldest', async () => {
    const u = await userWith(env, ['clientes']);
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await listen(u.client));
    expect(env.deps.events.streamsOf(u.row.id)).toBe(10);
    const eleventh = await listen(u.client);
    expect(await streams[0]!.ended(3000)).toBe(true);
    expect(streams[0]!.closing.motivo).toBe('limite');
    expect(await streams[1]!.ended(100)).toBe(false);
    expect(env.deps.events.streamsOf(u.row.id)).toBe(10);
    for (const s of [...streams.slice(1), eleventh]) await s.close();
    // a closed tab frees its slot
    await expect.poll(() => env.deps.events.streamsOf(u.row.id)).toBe(0);
  });

  it('caps the streams of one user across server processes: ten in all, the oldest closed wherever it is', async () => {
    // On PostgreSQL `other` is a second app with its own pool and event hub (another process, as far
    // as the cap can tell); on PGlite it is the same app, and the cap holds all the same.
    const other = await secondInstance(env);
    const u = await userWith(env, ['clientes']);
    const streams = [];
    const there = new Client(other, u.client.cookie);
    for (let i = 0; i < 6; i++) streams.push(await listen(u.client));
    for (let i = 0; i < 6; i++) streams.push(await listen(there));
    // twelve opened, ten stay: the two oldest (on the first instance) were closed to make room
    expect(await streams[0]!.ended(3000)).toBe(true);
    expect(await streams[1]!.ended(3000)).toBe(true);
    expect(streams[0]!.closing.motivo).toBe('limite');
    for (const s of streams.slice(2)) expect(await s.ended(50)).toBe(false);
    const [n] = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from sse_streams where usuario_id = ${u.row.id}`,
    );
    expect(n!.n).toBe(10);
    for (const s of streams.slice(2)) await s.close();
    await expect
      .poll(
        async () =>
          (await queryRows(env.db, sql`select 1 from sse_streams where usuario_id = ${u.row.id}`)).length,
      )
      .toBe(0);
    await other.close();
  });

  it("counts a live process's streams, and frees a dead process's slots after a minute without heartbeat", async () => {
    const u = await userWith(env, ['clientes']);
    // a process that died two minutes ago held ten streams; a live one holds nine (seen just now)
    await env.db.execute(
      sql`insert into sse_streams (id, usuario_id, aberto_em, visto_em)
          select gen_random_uuid(), ${u.row.id}, now() - interval '10 minutes', now() - interval '2 minutes'
            from generate_series(1, 10)`,
    );
    await env.db.execute(
      sql`insert into sse_streams (id, usuario_id, aberto_em, visto_em)
          select gen_random_uuid(), ${u.row.id}, now() - interval '5 minutes' + g * interval '1 second', now()
            from generate_series(1, 9) g`,
    );
    const a = await listen(u.client);
    const b = await listen(u.client);
    // the dead rows are gone; the live process's oldest made room for the second new stream
    const rows = await queryRows<{ aberto_em: string }>(
      env.db,
      sql`select aberto_em::text from sse_streams where usuario_id = ${u.row.id} order by aberto_em`,
    );
    expect(rows).toHaveLength(10);
    expect(await a.ended(200)).toBe(false);
    expect(await b.ended(50)).toBe(false);
    await a.close();
    await b.close();
  });
});
