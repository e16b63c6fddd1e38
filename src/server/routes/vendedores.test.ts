import { describe, expect, it } from 'vitest';
import { apiSuite, okBody, userWith } from '../testing/harness';
import { seedOrcamento, seedVenda } from './vendas.test-helpers';

const { env, admin } = apiSuite();

describe('/api/vendedores', () => {
  it('creates with the spec defaults: Pessoa Física, 10 %, ativo', async () => {
    const res = await admin.create('/api/vendedores', { nome: '  Carla Souza  ' });
    expect(res).toMatchObject({
      nome: 'Carla Souza',
      tipo: 'Pessoa Física',
      percentual_comissao: 10,
      status: 'ativo',
      email: null,
      uf: null,
    });
  });

  it('keeps every field, upper-cases UF, takes 0–100 with two decimals', async () => {
    const res = await admin.create('/api/vendedores', {
      nome: 'Davi Representações',
      tipo: 'Pessoa Jurídica',
      cpf: '12.345.678/0001-95',
      telefone: '(11) 98765-4321',
      email: 'Davi@Exemplo.com.br',
      endereco: 'Rua das Pedras, 10',
      cidade: 'São Paulo',
      uf: 'sp',
      cep: '01310-100',
      percentual_comissao: '7,25',
      status: 'inativo',
    });
    expect(res).toMatchObject({
      tipo: 'Pessoa Jurídica',
      email: 'davi@exemplo.com.br',
      uf: 'SP',
      percentual_comissao: 7.25,
      status: 'inativo',
      cidade: 'São Paulo',
    });
    expect(
      (await admin.post('/api/vendedores', { nome: 'Zero', percentual_comissao: 0 })).body
        .percentual_comissao,
    ).toBe(0);
    expect(
      (await admin.post('/api/vendedores', { nome: 'Cem', percentual_comissao: 100 })).body
        .percentual_comissao,
    ).toBe(100);
  });

  it('refuses bad input with pt-BR messages on the field', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ nome: '  ' }, 'nome', /Informe o nome/],
      [{}, 'nome', /Informe o nome/],
      [{ nome: 'X', percentual_comissao: 100.01 }, 'percentual_comissao', /entre 0 e 100/],
      [{ nome: 'X', percentual_comissao: -1 }, 'percentual_comissao', /inválido|entre 0 e 100/],
      [{ nome: 'X', uf: 'SPX' }, 'uf', /no máximo 2/],
      [{ nome: 'X', email: 'nao-e-email' }, 'email', /E-mail inválido/],
      [{ nome: 'X', tipo: 'Empresa' }, 'tipo', /Tipo inválido/],
      [{ nome: 'X', status: 'ausente' }, 'status', /Status inválido/],
    ];
    for (const [body, path, message] of cases) {
      const res = await admin.post('/api/vendedores', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
      expect(res.body.errors[0].message).toMatch(message);
    }
  });

  it('lists newest first, searches by name and paginates', async () => {
    const nomes = ['Lista Um', 'Lista Dois', 'Lista Três'];
    for (const nome of nomes) await admin.post('/api/vendedores', { nome });
    const res = await admin.get('/api/vendedores?q=lista&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((v: { nome: string }) => v.nome)).toEqual(['Lista Três', 'Lista Dois']);
    const p2 = await admin.get('/api/vendedores?q=lista&limit=2&page=2');
    expect(p2.body.items.map((v: { nome: string }) => v.nome)).toEqual(['Lista Um']);
  });

  it('updates with optimistic locking', async () => {
    const created = (await admin.post('/api/vendedores', { nome: 'Edu' })).body;
    const ok = await admin.patch(`/api/vendedores/${created.id}`, {
      percentual_comissao: 12.5,
      updated_at: created.updated_at,
    });
    expect(okBody(ok)).toMatchObject({ nome: 'Edu', percentual_comissao: 12.5 });
    const stale = await admin.patch(`/api/vendedores/${created.id}`, {
      nome: 'Eduardo',
      updated_at: created.updated_at,
    });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/vendedores/${created.id}`)).body.nome).toBe('Edu');
  });

  it('deletes an unused seller; one used by quotes or sales gets 409 saying why', async () => {
    const free = (await admin.post('/api/vendedores', { nome: 'Livre' })).body;
    expect((await admin.delete(`/api/vendedores/${free.id}`)).status).toBe(204);
    expect((await admin.get(`/api/vendedores/${free.id}`)).status).toBe(404);

    const used = (await admin.post('/api/vendedores', { nome: 'Ocupado' })).body;
    const orc = await seedOrcamento(env, { vendedor_id: used.id });
    await seedVenda(env, {
      data_venda: '2025-01-01',
      valor_bruto: '10',
      vendedor_id: used.id,
      orcamento_id: orc.id,
      cliente_id: orc.cliente_id,
    });
    await admin.refusedDelete(
      `/api/vendedores/${used.id}`,
      'Não é possível remover vendedor',
      'Este vendedor está vinculado a 1 orçamento e 1 venda e não pode ser removido.',
    );
  });
});

// Sellers and architects share their declaration (db/queries/comissionados.ts): the same select box.
describe.each([
  {
    recurso: 'vendedores',
    ativo: 'Opção Ativa',
    inativo: 'Opção Inativa',
    q: 'opção',
    pct: 4,
    leitor: 'vendas',
  },
  { recurso: 'arquitetos', ativo: 'RT Ativo', inativo: 'RT Inativo', q: 'RT', pct: 6, leitor: 'orcamentos' },
] as const)('/api/$recurso/opcoes', ({ recurso, ativo, inativo, q, pct, leitor }) => {
  it('lists active ones only with id, nome and percentual_comissao, for quotes and sales too', async () => {
    await admin.post(`/api/${recurso}`, { nome: ativo, percentual_comissao: pct });
    await admin.post(`/api/${recurso}`, { nome: inativo, status: 'inativo' });
    for (const perms of [[recurso], ['orcamentos'], ['vendas']] as const) {
      const { client } = await userWith(env, [...perms]);
      const res = await client.get(`/api/${recurso}/opcoes?q=${q}`);
      expect(okBody(res)).toEqual([{ id: expect.any(String), nome: ativo, percentual_comissao: pct }]);
    }
    const { client } = await userWith(env, [leitor]);
    expect((await client.get(`/api/${recurso}`)).status).toBe(403);
    expect((await client.post(`/api/${recurso}`, { nome: 'Não' })).status).toBe(403);
    const nobody = (await userWith(env, ['clientes'])).client;
    expect((await nobody.get(`/api/${recurso}/opcoes`)).status).toBe(403);
  });
});
