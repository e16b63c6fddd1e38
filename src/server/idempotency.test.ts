import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/queries/common';
import { chavesIdempotencia, clientes, produtos } from '../db/schema';
import { IDEMPOTENT_REPLAY_HEADER } from './idempotency';
import { apiSuite, type Client, clientePf, userWith } from './testing/harness';

const { env, admin } = apiSuite();
let clienteId: string;
let produtoId: string;
beforeAll(async () => {
  clienteId = (await env.db.insert(clientes).values({ nome: 'Cliente Idem' }).returning())[0]!.id;
  await env.db.execute(sql`insert into categorias_produtos (nome) values ('pedras')`);
  produtoId = (
    await env.db
      .insert(produtos)
      .values({ nome: 'Cuba inox', categoria: 'pedras', valor_m2: '185.00', tipo_unidade: 'unitário' })
      .returning()
  )[0]!.id;
});

const quote = (extra: Record<string, unknown> = {}) => ({
  cliente_id: clienteId,
  itens: [{ produto_id: produtoId, quantidade: 2 }],
  tipo_venda: 'avista',
  ...extra,
});

async function count(table: string, where = 'true') {
  const [r] = await queryRows<{ n: number }>(
    env.db,
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return r!.n;
}

const withKey = (c: Client, path: string, body: unknown, key: string) =>
  c.request('POST', path, body, { 'idempotency-key': key });

describe('Idempotency-Key on creating requests', () => {
  it('the same key twice creates one quote and answers the same status and body', async () => {
    const before = await count('orcamentos');
    const key = crypto.randomUUID();
    const first = await withKey(admin, '/api/orcamentos', quote(), key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    const again = await withKey(admin, '/api/orcamentos', quote(), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(await count('orcamentos')).toBe(before + 1);
  });

  it('20 concurrent requests with one key create exactly one record, and all get its answer', async () => {
    const before = await count('vendedores');
    const key = crypto.randomUUID();
    const body = { nome: 'Concorrente Único' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withKey(admin, '/api/vendedores', body, key)),
    );
    expect(await count('vendedores')).toBe(before + 1);
    // One executed; the 19 others waited for it and got its answer.
    for (const a of answers) expect(a.status).toBe(201);
    for (const a of answers) expect(a.body.id).toBe(answers[0]!.body.id);
    expect(answers.filter((a) => a.status === 201 && !a.headers.get(IDEMPOTENT_REPLAY_HEADER))).toHaveLength(
      1,
    );
  });

  it('sale from a quote: a retried POST /:id/venda answers the same sale instead of 409', async () => {
    const o = (await admin.post('/api/orcamentos', quote())).body;
    const key = crypto.randomUUID();
    const first = await withKey(admin, `/api/orcamentos/${o.id}/venda`, {}, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await withKey(admin, `/api/orcamentos/${o.id}/venda`, {}, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count('vendas', `orcamento_id = '${o.id}'`)).toBe(1);
    // Without the key the second attempt is a real second request, refused as before.
    expect((await admin.post(`/api/orcamentos/${o.id}/venda`)).status).toBe(409);
  });

  it('the same key with a different body is refused with 422 and changes nothing', async () => {
    const key = crypto.randomUUID();
    expect((await withKey(admin, '/api/vendedores', { nome: 'Primeiro Corpo' }, key)).status).toBe(201);
    const before = await count('vendedores');
    const other = await withKey(admin, '/api/vendedores', { nome: 'Outro Corpo' }, key);
    expect(other.status).toBe(422);
    expect(other.body.detail).toBe(
      'Esta operação já foi registrada com outros dados (mesma chave de idempotência). Recarregue a página e confira antes de salvar de novo.',
    );
    expect(await count('vendedores')).toBe(before);
  });

  it('a failed write leaves no key: the same key may be retried with corrected data', async () => {
    const key = crypto.randomUUID();
    const bad = await withKey(admin, '/api/vendedores', { nome: '' }, key);
    expect(bad.status).toBe(400);
    expect(await count('chaves_idempotencia', `chave = '${key}'`)).toBe(0);
    const ok = await withKey(admin, '/api/vendedores', { nome: 'Corrigido' }, key);
    expect(ok.status).toBe(201);
    expect(ok.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
  });

  it('without the header nothing changes: two posts create two records and keep no key', async () => {
    const keysBefore = await count('chaves_idempotencia');
    const before = await count('vendedores');
    expect((await admin.post('/api/vendedores', { nome: 'Sem Chave' })).status).toBe(201);
    expect((await admin.post('/api/vendedores', { nome: 'Sem Chave' })).status).toBe(201);
    expect(await count('vendedores')).toBe(before + 2);
    expect(await count('chaves_idempotencia')).toBe(keysBefore);
  });

  it('a stored answer is replayed only after the permission check (revoked: 403, not the 201)', async () => {
    const u = await userWith(env, ['dashboard', 'clientes']);
    const body = clientePf('Cliente Revogado Idem');
    const first = await withKey(u.client, '/api/clientes', body, 'revogar-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await admin.patchCurrent(`/api/usuarios/${u.row.id}`, { permissoes: ['dashboard'] });
    const again = await withKey(u.client, '/api/clientes', body, 'revogar-1');
    expect(again.status).toBe(403);
    expect(again.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    expect(JSON.stringify(again.body)).not.toContain(first.body.id);
  });

  it("another user's identical key does not collide (keys are per user)", async () => {
    const outro = await userWith(env, ['vendedores']);
    const key = crypto.randomUUID();
    const before = await count('vendedores');
    const a = await withKey(admin, '/api/vendedores', { nome: 'Mesmo Corpo' }, key);
    const b = await withKey(outro.client, '/api/vendedores', { nome: 'Mesmo Corpo' }, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
    expect(await count('vendedores')).toBe(before + 2);
  });

  it('the same key on another path is another operation', async () => {
    const key = crypto.randomUUID();
    expect((await withKey(admin, '/api/vendedores', { nome: 'Caminho A' }, key)).status).toBe(201);
    const v = await withKey(admin, '/api/arquitetos', { nome: 'Caminho B' }, key);
    expect(v.status).toBe(201);
    expect(v.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
  });

  it('computations and sign-in ignore the header; a malformed key is a 400', async () => {
    const key = crypto.randomUUID();
    expect((await withKey(admin, '/api/orcamentos/calcular', quote(), key)).status).toBe(200);
    expect((await withKey(admin, '/api/orcamentos/calcular', quote({ valor_frete: 10 }), key)).status).toBe(
      200,
    );
    expect(await count('chaves_idempotencia', `chave = '${key}'`)).toBe(0);
    const bad = await withKey(admin, '/api/vendedores', { nome: 'Chave Ruim' }, 'x'.repeat(300));
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('Idempotency-Key');
  });

  it('keys older than 24 h are purged on a later write', async () => {
    const key = crypto.randomUUID();
    expect((await withKey(admin, '/api/vendedores', { nome: 'Antiga' }, key)).status).toBe(201);
    await env.db.execute(
      sql`update ${chavesIdempotencia} set created_at = now() - interval '25 hours' where chave = ${key}`,
    );
    // The purge runs at most every 10 minutes per process: move its clock instead of waiting.
    const { resetPurgeClockForTests } = await import('./idempotency');
    resetPurgeClockForTests();
    const recent = crypto.randomUUID();
    expect((await withKey(admin, '/api/vendedores', { nome: 'Recente' }, recent)).status).toBe(201);
    expect(await count('chaves_idempotencia', `chave = '${key}'`)).toBe(0);
    expect(await count('chaves_idempotencia', `chave = '${recent}'`)).toBe(1);
  });
});
