import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { categoriasProdutos, clientes, orcamentoItens, orcamentos, produtos, vendas } from '../../db/schema';
import { ALL, answer, apiSuite, ok, refused, userWith } from '../testing/harness';

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
      endereco: 'Rua das Pedras',
      numero: '10',
      complemento: 'Fundos',
      bairro: 'Bento Ferreira',
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
  await env.db.insert(categoriasProdutos).values({ nome: 'pedras' });
  const [p] = await env.db
    .insert(produtos)
    .values({ nome: 'Granito Ubatuba', categoria: 'pedras', valor_m2: '617.28', tipo_unidade: 'm²' })
    .returning();
  // 2 m² × R$ 617,28 = R$ 1.234,56
  await env.db.insert(orcamentoItens).values({
    orcamento_id: o!.id,
    produto_id: p!.id,
    quantidade: '2',
    valor_unitario: '617.28',
    valor_total: '1234.56',
  });
  const [v] = await env.db
    .insert(vendas)
    .values({
      cliente_id: clienteId,
      orcamento_id: o!.id,
      data_venda: '2026-03-01',
      valor_bruto: '1234.56',
      valor_liquido: '1234.56',
    })
    .returning();
  // its work order, which copies the client's address as the job's (as a sale made on screen does)
  await env.db.execute(sql`select lavra_criar_os(${v!.id})`);
});

const lgpd = () => admin.api.lgpd.clientes[':id'];
const param = () => ({ id: clienteId });

const trail = () =>
  queryRows<{ acao: string; alteracoes: unknown; usuario_id: string }>(
    env.db,
    sql`select acao, alteracoes, usuario_id from auditoria where recurso = 'clientes' and registro = ${clienteId} order by id`,
  );

describe('LGPD on a client (admins only, audited)', () => {
  it('exports everything held about the person as JSON', async () => {
    const res = await answer(lgpd().$get({ param: param() }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.body.cliente).toMatchObject({ nome: 'Joana Pessoal', email: 'joana@exemplo.com.br' });
    expect(res.body.orcamentos).toHaveLength(1);
    expect(res.body.vendas).toHaveLength(1);
    // the lines as the customer saw them (texts as on their PDF), not the shop's stored rows
    expect(res.body.orcamentos[0]!.itens[0]).toMatchObject({
      descricao: 'Granito Ubatuba',
      valor_total: 'R$ 1.234,56',
    });
    expect(res.body.auditoria).toEqual([]); // nothing about the record before this export
    expect(await trail()).toMatchObject([{ acao: 'exportado' }]);
  });

  it('exports the same as a PDF a person reads: personal data, address, quotes and sales with figures, the audit entries', async () => {
    // the typed call's own Response: a PDF is bytes, not text
    const res = await lgpd().pdf.$get({ param: param() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`lavra-cliente-${clienteId}.pdf`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const s of [
      'Dados pessoais (LGPD)',
      'Joana Pessoal',
      '52998224725',
      'joana@exemplo.com.br',
      '27999990000',
      'Rua das Pedras',
      'Bairro',
      'Bento Ferreira',
      'Complemento',
      'Fundos',
      'Vitória',
      '29000000',
      'Granito Ubatuba',
      'R$ 617,28', // the line's unit price
      'Venda Realizada', // the quote's status
      'Data da venda',
      '01/03/2026',
      'Valor bruto',
      'Registro de auditoria deste cadastro',
      'Administrador',
    ])
      expect(text).toContain(s);
    expect(text).toMatch(/Dados\s+exportados/); // the JSON export above, by the administrator
    // the quote's total, the sale's gross and the line's total (the net, after the shop's card fee, is
    // the shop's internal figure and is not exported)
    expect(text.split('R$ 1.234,56').length - 1).toBe(3);
    expect(await trail()).toMatchObject([{ acao: 'exportado' }, { acao: 'exportado' }]);
  });

  it('anonymises only with confirmation, keeps the figures, and the trail keeps no personal data', async () => {
    // on purpose: no confirmation, which the types refuse
    expect((await admin.post(`/api/lgpd/clientes/${clienteId}/anonimizar`, {})).status).toBe(400);
    await ok(lgpd().anonimizar.$post({ param: param(), json: { confirmar: true } }), 204);
    const [c] = await queryRows<Record<string, unknown>>(
      env.db,
      sql`select * from clientes where id = ${clienteId}`,
    );
    expect(c).toMatchObject({
      cpf_cnpj: null,
      email: null,
      telefone: null,
      endereco: null,
      numero: null,
      complemento: null,
      bairro: null,
      cep: null,
    });
    expect(String(c!.nome)).toMatch(/^Cliente anonimizado /);
    // the work order's job address was the client's home: gone too
    const os = await queryRows<Record<string, unknown>>(
      env.db,
      sql`select endereco, cidade, uf, cep from ordens_servico where cliente_id = ${clienteId}`,
    );
    expect(os).toEqual([{ endereco: null, cidade: null, uf: null, cep: null }]);
    const [v] = await queryRows<{ s: string }>(
      env.db,
      sql`select sum(valor_bruto)::text as s from vendas where cliente_id = ${clienteId}`,
    );
    expect(v!.s).toBe('1234.56');
    const rows = await trail();
    expect(rows.map((r) => r.acao)).toEqual(['exportado', 'exportado', 'anonimizado']);
    expect(JSON.stringify(rows)).not.toMatch(/Joana|joana|52998224725|Pedras|Bento Ferreira|Fundos/);
    // Twice is refused.
    await refused(lgpd().anonimizar.$post({ param: param(), json: { confirmar: true } }), 400);
  });

  it('is for administrators only', async () => {
    const { client } = await userWith(env, ALL);
    const dele = client.api.lgpd.clientes[':id'];
    await refused(dele.$get({ param: param() }), 403);
    await refused(dele.pdf.$get({ param: param() }), 403);
    await refused(lgpd().pdf.$get({ param: { id: 'nao-e-id' } }), 400);
    const ninguem = { id: '00000000-0000-4000-8000-000000000000' };
    await refused(lgpd().pdf.$get({ param: ninguem }), 404);
    await refused(dele.anonimizar.$post({ param: param(), json: { confirmar: true } }), 403);
    await refused(lgpd().$get({ param: ninguem }), 404);
  });
});
