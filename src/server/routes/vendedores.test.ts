import { describe, expect, it } from 'vitest';
import type { vendedorCreate } from '../../schemas/vendedores';
import type { z } from '../../schemas/z';
import { apiSuite, ok, refused, userWith } from '../testing/harness';
import { seedOrcamento, seedVenda } from './vendas.test-helpers';

const { env, admin } = apiSuite();

// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Vendedor = z.input<typeof vendedorCreate>;
const criar = (json: Vendedor) => ok(admin.api.vendedores.$post({ json }), 201);

describe('/api/vendedores', () => {
  it('creates with the spec defaults: Pessoa Física, 10 %, ativo', async () => {
    const res = await criar({ nome: '  Carla Souza  ' });
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
    const res = await criar({
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
    expect((await criar({ nome: 'Zero', percentual_comissao: 0 })).percentual_comissao).toBe(0);
    expect((await criar({ nome: 'Cem', percentual_comissao: 100 })).percentual_comissao).toBe(100);
  });

  it('refuses bad input with pt-BR messages on the field', async () => {
    const cases: [Vendedor, string, RegExp][] = [
      [{ nome: '  ' }, 'nome', /Informe o nome/],
      [{ nome: 'X', percentual_comissao: 100.01 }, 'percentual_comissao', /entre 0 e 100/],
      [{ nome: 'X', percentual_comissao: -1 }, 'percentual_comissao', /inválido|entre 0 e 100/],
      [{ nome: 'X', uf: 'SPX' }, 'uf', /no máximo 2/],
      [{ nome: 'X', email: 'nao-e-email' }, 'email', /E-mail inválido/],
    ];
    for (const [json, path, message] of cases) {
      const res = await refused(admin.api.vendedores.$post({ json }), 400);
      expect(res.errors?.[0]?.path, JSON.stringify(json)).toBe(path);
      expect(res.errors?.[0]?.message).toMatch(message);
    }
    // on purpose: bodies the types refuse (no nome, values outside the enums)
    const malformed: [unknown, string, RegExp][] = [
      [{}, 'nome', /Informe o nome/],
      [{ nome: 'X', tipo: 'Empresa' }, 'tipo', /Tipo inválido/],
      [{ nome: 'X', status: 'ausente' }, 'status', /Status inválido/],
    ];
    for (const [body, path, message] of malformed) {
      const res = await admin.post('/api/vendedores', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
      expect(res.body.errors[0].message).toMatch(message);
    }
  });

  it('lists newest first, searches by name and paginates', async () => {
    const nomes = ['Lista Um', 'Lista Dois', 'Lista Três'];
    for (const nome of nomes) await criar({ nome });
    const res = await ok(admin.api.vendedores.$get({ query: { q: 'lista', limit: 2 } }));
    expect(res.total).toBe(3);
    expect(res.items.map((v) => v.nome)).toEqual(['Lista Três', 'Lista Dois']);
    const p2 = await ok(admin.api.vendedores.$get({ query: { q: 'lista', limit: 2, page: 2 } }));
    expect(p2.items.map((v) => v.nome)).toEqual(['Lista Um']);
  });

  it('updates with optimistic locking', async () => {
    const one = admin.api.vendedores[':id'];
    const created = await criar({ nome: 'Edu' });
    const param = { id: created.id };
    const saved = await ok(
      one.$patch({ param, json: { percentual_comissao: 12.5, updated_at: created.updated_at } }),
    );
    expect(saved).toMatchObject({ nome: 'Edu', percentual_comissao: 12.5 });
    await refused(one.$patch({ param, json: { nome: 'Eduardo', updated_at: created.updated_at } }), 409);
    expect((await ok(one.$get({ param }))).nome).toBe('Edu');
  });

  it('deletes an unused seller; one used by quotes or sales gets 409 saying why', async () => {
    const one = admin.api.vendedores[':id'];
    const free = await criar({ nome: 'Livre' });
    await ok(one.$delete({ param: { id: free.id } }), 204);
    await refused(one.$get({ param: { id: free.id } }), 404);

    const used = await criar({ nome: 'Ocupado' });
    const orc = await seedOrcamento(env, { vendedor_id: used.id });
    await seedVenda(env, {
      data_venda: '2025-01-01',
      valor_bruto: '10',
      vendedor_id: used.id,
      orcamento_id: orc.id,
      cliente_id: orc.cliente_id,
    });
    const emUso = await refused(one.$delete({ param: { id: used.id } }), 409);
    expect(emUso.title).toBe('Não é possível remover vendedor');
    expect(emUso.detail).toBe(
      'Este vendedor está vinculado a 1 orçamento e 1 venda e não pode ser removido.',
    );
    await ok(one.$get({ param: { id: used.id } }));
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
    await ok(admin.api[recurso].$post({ json: { nome: ativo, percentual_comissao: pct } }), 201);
    await ok(admin.api[recurso].$post({ json: { nome: inativo, status: 'inativo' } }), 201);
    for (const perms of [[recurso], ['orcamentos'], ['vendas']] as const) {
      const { client } = await userWith(env, [...perms]);
      const res = await ok(client.api[recurso].opcoes.$get({ query: { q } }));
      expect(res).toEqual([{ id: expect.any(String), nome: ativo, percentual_comissao: pct }]);
    }
    const { client } = await userWith(env, [leitor]);
    await refused(client.api[recurso].$get({ query: {} }), 403);
    await refused(client.api[recurso].$post({ json: { nome: 'Não' } }), 403);
    const nobody = (await userWith(env, ['clientes'])).client;
    await refused(nobody.api[recurso].opcoes.$get({ query: {} }), 403);
  });
});
