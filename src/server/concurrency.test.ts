import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/queries/common';
import { apiSuite, clientePf } from './testing/harness';

/** Many requests at once on the same rows: numbering, optimistic locking and sale generation hold. */
const { env, admin } = apiSuite();
let clienteId: string;
let produtoId: string;
beforeAll(async () => {
  const cliente = await admin.create('/api/clientes', clientePf('Cliente Concorrente', '(27) 99999-0000'));
  clienteId = cliente.id;
  expect((await admin.post('/api/categorias-produtos', { nome: 'granito' })).status).toBe(201);
  const produto = await admin.create('/api/produtos', {
    nome: 'Granito Preto',
    categoria: 'granito',
    valor_m2: 500,
  });
  produtoId = produto.id;
});

const quote = () => ({
  cliente_id: clienteId,
  itens: [{ produto_id: produtoId, quantidade: 1, medida1: 2, medida2: 0.6 }],
});

describe('concurrency', () => {
  it('50 quotes created at once get 50 distinct, increasing numbers', async () => {
    const before = await admin.post('/api/orcamentos', quote());
    const results = await Promise.all(
      Array.from({ length: 50 }, () => admin.post('/api/orcamentos', quote())),
    );
    const after = await admin.post('/api/orcamentos', quote());
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numeros = results.map((r) => r.body.numero as number);
    expect(new Set(numeros).size).toBe(50);
    // a quote asked for later always gets a higher number than one already answered
    for (const n of numeros) {
      expect(n).toBeGreaterThan(before.body.numero);
      expect(n).toBeLessThan(after.body.numero);
    }
  });

  it('20 edits of one client with the same updated_at: one wins, the rest get 409', async () => {
    const read = await admin.get(`/api/clientes/${clienteId}`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.patch(`/api/clientes/${clienteId}`, {
          nome: `Cliente Editado ${i}`,
          tipo: read.body.tipo,
          cpf_cnpj: read.body.cpf_cnpj,
          updated_at: read.body.updated_at,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)!;
    const now = await admin.get(`/api/clientes/${clienteId}`);
    expect(now.body.nome).toBe(winner.body.nome);
    expect(results.find((r) => r.status === 409)!.body.detail).toBe(
      'Este registro foi alterado por outra pessoa. Recarregue.',
    );
  });

  it('20 edits of one quote with the same updated_at: one wins, the rest get 409', async () => {
    const created = await admin.post('/api/orcamentos', quote());
    const read = await admin.get(`/api/orcamentos/${created.body.id}`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.put(`/api/orcamentos/${created.body.id}`, {
          ...quote(),
          itens: [{ produto_id: produtoId, quantidade: i + 1, medida1: 2, medida2: 0.6 }],
          updated_at: read.body.updated_at,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    // the stored quote is whole: the winner's single item, and a total that matches it
    const winner = results.find((r) => r.status === 200)!;
    const now = await admin.get(`/api/orcamentos/${created.body.id}`);
    expect(now.body.itens).toHaveLength(1);
    expect(now.body.valor_total).toBe(winner.body.valor_total);
  });

  it('20 sale generations of one quote at once make exactly one sale', async () => {
    const created = await admin.post('/api/orcamentos', quote());
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.post(`/api/orcamentos/${created.body.id}/venda`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const [n] = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from vendas where orcamento_id = ${created.body.id}`,
    );
    expect(n!.n).toBe(1);
    expect((await admin.get(`/api/orcamentos/${created.body.id}`)).body.status).toBe('venda_realizada');
  });
});
