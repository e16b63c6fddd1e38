// The public page's request counters (issue 26 §5): one GET counts once, and tokens that open nothing
// leave no counter behind (a flood of random tokens must not grow login_limites without bound).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { orcamentos } from '../../db/schema';
import { answer, apiSuite, Client, ok } from '../testing/harness';
import { seedCliente } from './vendas.test-helpers';

const { env, admin } = apiSuite();

/** The customer's page of a token, as an anonymous visitor opens it. */
const pagina = () => new Client(env).api.publico.orcamentos[':token'];

const contadores = () =>
  queryRows<{ chave: string; falhas: number }>(
    env.db,
    sql`select chave, falhas from login_limites where chave like 'pub-%' order by chave`,
  );

async function linkNovo() {
  const cliente = await seedCliente(env, 'Cliente Limites');
  const [o] = await env.db
    .insert(orcamentos)
    .values({ cliente_id: cliente.id, valor_total: '100.00' })
    .returning();
  const res = await ok(admin.api.orcamentos[':id'].link.$post({ param: { id: o!.id } }), 201);
  return String(res.url).split('/o/')[1]!;
}

describe('public page rate limit', () => {
  it('counts one GET of the customer page once, per address and per token', async () => {
    const token = await linkNovo();
    await env.db.execute(sql`delete from login_limites where chave like 'pub-%'`);
    await ok(pagina().$get({ param: { token } }));
    const rows = await contadores();
    expect(rows.map((r) => r.chave.slice(0, 6)).sort()).toEqual(['pub-e:', 'pub-t:']);
    expect(rows.map((r) => Number(r.falhas))).toEqual([1, 1]);
    // the PDF is a request of its own: it counts once more, not twice
    expect((await answer(pagina().pdf.$get({ param: { token } }))).status).toBe(200);
    expect((await contadores()).map((r) => Number(r.falhas))).toEqual([2, 2]);
  });

  it('a flood of 1 000 random tokens leaves a bounded number of counters, and old ones are pruned', async () => {
    await env.db.execute(sql`delete from login_limites where chave like 'pub-%'`);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const token = randomBytes(32).toString('base64url'); // 43 characters, the real tokens' shape
      const { status } = await answer(pagina().$get({ param: { token } }));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // unknown tokens are 404 until the address's limit, then 429
    const limite = env.deps.config.publicoPorEndereco;
    expect(limite).toBe(120);
    expect(statuses.get(404)).toBe(limite);
    expect(statuses.get(429)).toBe(1000 - limite);
    // the address's counter only: an unknown token keeps no counter of its own
    expect((await contadores()).map((r) => r.chave.slice(0, 6))).toEqual(['pub-e:']);

    // counters whose window is long over (from addresses never seen again) go on the next write
    await env.db.execute(
      sql`insert into login_limites (chave, falhas, janela_inicio, atualizado_em)
          select 'pub-e:velho-' || g, 3, now() - interval '2 hours', now() - interval '2 hours'
            from generate_series(1, 50) g`,
    );
    expect(await contadores()).toHaveLength(51);
    const token = await linkNovo();
    expect((await answer(pagina().$get({ param: { token } }))).status).toBe(429); // still throttled
    const left = await contadores();
    expect(left.filter((r) => r.chave.startsWith('pub-e:velho-'))).toEqual([]);
  });
});
