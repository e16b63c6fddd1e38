import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { clientes, orcamentos, vendas } from '../../db/schema';
import { ALL, apiSuite, userWith } from '../testing/harness';

const { env, admin } = apiSuite();
let clienteId: string;
beforeAll(async () => {
  const [c] = await env.db
    .insert(clientes)
    .values({
      nome: 'Joana Pessoal',
      cpf_cnpj: '52998224725',
      email: 'joana@exemplo.com.br',
      telefone: '27999990000',
      endereco: 'Rua das Pedras, 10',
      cidade: 'Vitória',
      uf: 'ES',
      cep: '29000000',
    })
    .returning();
  clienteId = c!.id;
  const [o] = await env.db
    .insert(orcamentos)
    .values({ cliente_id: clienteId, valor_total: '1234.56', status: 'venda_realizada' })
    .returning();
  await env.db.insert(vendas).values({
    cliente_id: clienteId,
    orcamento_id: o!.id,
    data_venda: '2026-03-01',
    valor_bruto: '1234.56',
    valor_liquido: '1234.56',
  });
});

const trail = () =>
  queryRows<{ acao: string; alteracoes: unknown; usuario_id: string }>(
    env.db,
    sql`select acao, alteracoes, usuario_id from auditoria where recurso = 'clientes' and registro = ${clienteId} order by id`,
  );

describe('LGPD on a client (admins only, audited)', () => {
  it('exports everything held about the person as JSON', async () => {
    const res = await admin.get(`/api/lgpd/clientes/${clienteId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.body.cliente).toMatchObject({ nome: 'Joana Pessoal', email: 'joana@exemplo.com.br' });
    expect(res.body.orcamentos).toHaveLength(1);
    expect(res.body.vendas).toHaveLength(1);
    expect(await trail()).toMatchObject([{ acao: 'exportado' }]);
  });

  it('anonymises only with confirmation, keeps the figures, and the trail keeps no personal data', async () => {
    expect((await admin.post(`/api/lgpd/clientes/${clienteId}/anonimizar`, {})).status).toBe(400);
    const res = await admin.post(`/api/lgpd/clientes/${clienteId}/anonimizar`, { confirmar: true });
    expect(res.status).toBe(204);
    const [c] = await queryRows<Record<string, unknown>>(
      env.db,
      sql`select * from clientes where id = ${clienteId}`,
    );
    expect(c).toMatchObject({ cpf_cnpj: null, email: null, telefone: null, endereco: null, cep: null });
    expect(String(c!.nome)).toMatch(/^Cliente anonimizado /);
    const [v] = await queryRows<{ s: string }>(
      env.db,
      sql`select sum(valor_bruto)::text as s from vendas where cliente_id = ${clienteId}`,
    );
    expect(v!.s).toBe('1234.56');
    const rows = await trail();
    expect(rows.map((r) => r.acao)).toEqual(['exportado', 'anonimizado']);
    expect(JSON.stringify(rows)).not.toMatch(/Joana|joana|52998224725|Pedras/);
    // Twice is refused.
    expect((await admin.post(`/api/lgpd/clientes/${clienteId}/anonimizar`, { confirmar: true })).status).toBe(
      400,
    );
  });

  it('is for administrators only', async () => {
    const { client } = await userWith(env, ALL);
    expect((await client.get(`/api/lgpd/clientes/${clienteId}`)).status).toBe(403);
    expect(
      (await client.post(`/api/lgpd/clientes/${clienteId}/anonimizar`, { confirmar: true })).status,
    ).toBe(403);
    expect((await admin.get('/api/lgpd/clientes/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
