import { describe, expect, it } from 'vitest';
import { clientePf } from './testing/harness';
import {
  cleanupsAfterAll,
  httpClient,
  killGroup,
  serverPlace,
  startServer as start,
  waitHealthy,
} from './testing/server-process';

/**
 * A real server process saving quotes in a loop is killed with SIGKILL; after a restart on the same
 * data, every quote it acknowledged is there, and every quote that exists is whole: all its items and
 * employees, and a total that agrees with them. Runs on PGlite (a data folder) and, in `npm test`,
 * on PostgreSQL.
 */
const SENHA = 'crash-quartzito-1';
const cleanups = cleanupsAfterAll();

function startServer(env: Record<string, string>) {
  const child = start(env, SENHA);
  cleanups.push(() => killGroup(child));
  return child;
}
const client = (base: string) => httpClient(base, SENHA);

describe('a server killed mid-write', () => {
  it('loses no acknowledged quote and leaves no partial one', async () => {
    const { base, env } = await serverPlace(cleanups, 'lavra-crash-');
    let server = startServer(env);
    await waitHealthy(base);
    const api = client(base);
    expect((await api.login()).status).toBe(200);

    // master data
    const cliente = await api.post('/clientes', clientePf('Cliente Crash', '(27) 99999-0000'));
    expect(cliente.status).toBe(201);
    expect((await api.post('/categorias-produtos', { nome: 'granito' })).status).toBe(201);
    const produtos: string[] = [];
    for (const [nome, valor] of [
      ['Granito A', 450],
      ['Granito B', 620.5],
    ] as const) {
      const p = await api.post('/produtos', { nome, categoria: 'granito', valor_m2: valor });
      expect(p.status).toBe(201);
      produtos.push(p.body.id as string);
    }
    const funcionarios: string[] = [];
    for (const [nome, salario] of [
      ['Ana Instaladora', 3300],
      ['Bruno Ajudante', 2200],
    ] as const) {
      const f = await api.post('/funcionarios', { nome, cargo: 'Ajudante', salario });
      expect(f.status).toBe(201);
      funcionarios.push(f.body.id as string);
    }

    // four writers save quotes of 1–6 items, each saying in its notes what it should contain
    const acknowledged = new Map<string, { itens: number; funcionarios: number }>();
    let stop = false;
    let k = 0;
    const writer = async () => {
      while (!stop) {
        const n = (k % 6) + 1;
        const f = k % 3;
        const tag = `crash-${k++}`;
        const body = {
          cliente_id: cliente.body.id,
          funcionario_ids: funcionarios.slice(0, f),
          horas_trabalho: 4,
          observacoes: `${tag} itens=${n} funcionarios=${f}`,
          itens: Array.from({ length: n }, (_, i) => ({
            produto_id: produtos[i % 2],
            quantidade: 1 + (i % 3),
            medida1: 1.5 + i / 10,
            medida2: 0.6,
          })),
        };
        try {
          const res = await api.post('/orcamentos', body);
          if (res.status === 201) acknowledged.set(res.body.id, { itens: n, funcionarios: f });
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    // let it write for a while, then kill it without warning
    const started = Date.now();
    while (acknowledged.size < 40 && Date.now() - started < 30_000)
      await new Promise((r) => setTimeout(r, 50));
    killGroup(server);
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.size).toBeGreaterThanOrEqual(40);

    server = startServer(env);
    await waitHealthy(base);
    const after = client(base);
    expect((await after.login()).status).toBe(200);

    const ids = new Set<string>();
    for (let page = 1; ; page++) {
      const list = await after.get(`/orcamentos?limit=200&page=${page}`);
      expect(list.status).toBe(200);
      for (const q of list.body.items) ids.add(q.id);
      if (list.body.items.length < 200) break;
    }
    for (const id of acknowledged.keys()) expect(ids.has(id)).toBe(true);

    for (const id of ids) {
      const q = await after.get(`/orcamentos/${id}`);
      expect(q.status).toBe(200);
      const m = /itens=(\d+) funcionarios=(\d+)/.exec(q.body.observacoes);
      expect(m).not.toBeNull();
      expect(q.body.itens).toHaveLength(Number(m![1]));
      expect(q.body.funcionario_ids).toHaveLength(Number(m![2]));
      // the stored breakdown agrees with the stored items (sums in cents: integers, exact)
      const cents = (v: number) => Math.round(v * 100);
      const materiais = q.body.itens.reduce(
        (s: number, i: { valor_total: number }) => s + cents(i.valor_total),
        0,
      );
      expect(materiais).toBe(cents(q.body.resumo.materiais));
      expect(cents(q.body.valor_total)).toBe(cents(q.body.resumo.total));
    }
  }, 240_000);
});
