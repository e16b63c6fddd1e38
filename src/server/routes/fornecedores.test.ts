import { describe, expect, it } from 'vitest';
import { categoriasProdutos, produtos } from '../../db/schema';
import type { fornecedorCreate } from '../../schemas/fornecedores';
import type { z } from '../../schemas/z';
import { apiSuite, fieldErrors, ok, refused, userWith, versionOf } from '../testing/harness';

// Valid CNPJs (check digits correct): 11.222.333/0001-81, 12.345.678/0001-95, 02.771.169/1060-84.
const { env, admin } = apiSuite();

// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Fornecedor = z.input<typeof fornecedorCreate>;

const base = (extra: Partial<Fornecedor> = {}): Fornecedor => ({
  nome: 'Mármores Brasil',
  telefone: '(11) 3333-4444',
  ...extra,
});

const criar = (json: Fornecedor) => ok(admin.api.fornecedores.$post({ json }), 201);

describe('fornecedores', () => {
  it('creates with nome and telefone only; CNPJ, phone and CEP are stored masked', async () => {
    const f = await criar(base());
    expect(f).toMatchObject({
      nome: 'Mármores Brasil',
      telefone: '(11) 3333-4444',
      cnpj: null,
      contato: null,
    });
    const full = await criar(
      base({
        nome: 'Granitos do Sul',
        cnpj: '11222333000181',
        contato: 'João',
        telefone: '48999887766',
        email: 'Vendas@Granitos.com.br',
        cep: '88010000',
        uf: 'sc',
        cidade: 'Florianópolis',
      }),
    );
    expect(full).toMatchObject({
      cnpj: '11.222.333/0001-81',
      telefone: '(48) 99988-7766',
      email: 'vendas@granitos.com.br',
      cep: '88010-000',
      uf: 'SC',
      contato: 'João',
    });
  });

  it('requires nome and telefone; validates the CNPJ when given', async () => {
    // on purpose: a body without the required nome and telefone
    expect(await admin.invalidPost('/api/fornecedores', { cnpj: '11.222.333/0001-82' })).toEqual({
      nome: 'Informe o nome.',
      telefone: 'Informe o telefone.',
      cnpj: 'CNPJ inválido.',
    });
    expect(
      await fieldErrors(admin.api.fornecedores.$post({ json: base({ cnpj: '529.982.247-25' }) })),
    ).toEqual({
      cnpj: 'CNPJ inválido.',
    });
    // empty CNPJ is fine (labelled required in the spec's form, but not enforced)
    await criar(base({ nome: 'Sem CNPJ', cnpj: '' }));
  });

  it('updates (partial, versioned) and searches by nome, contato or CNPJ digits', async () => {
    const one = admin.api.fornecedores[':id'];
    const f = await criar(base({ nome: 'Pedras Unidas', cnpj: '12.345.678/0001-95', contato: 'Beatriz' }));
    const up = await ok(
      one.$patch({ param: { id: f.id }, json: { contato: 'Bia', updated_at: f.updated_at } }),
    );
    expect(up).toMatchObject({ nome: 'Pedras Unidas', contato: 'Bia', cnpj: '12.345.678/0001-95' });
    const updated_at = await versionOf(one.$get({ param: { id: f.id } }));
    await refused(one.$patch({ param: { id: f.id }, json: { cnpj: '123', updated_at } }), 400);

    const ids = async (q: string) =>
      (await ok(admin.api.fornecedores.$get({ query: { q } }))).items.map((x) => x.id);
    expect(await ids('pedras')).toEqual([f.id]);
    expect(await ids('bia')).toEqual([f.id]);
    expect(await ids('12345678')).toEqual([f.id]);
    expect(await ids('345.678/0001')).toEqual([f.id]);
  });

  it('lists newest first, paginated with the total', async () => {
    const a = await criar(base({ nome: 'Lista A' }));
    const b = await criar(base({ nome: 'Lista B' }));
    const page = await ok(admin.api.fornecedores.$get({ query: { limit: 2 } }));
    expect(page.items.map((x) => x.id)).toEqual([b.id, a.id]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.limit).toBe(2);
  });

  it('deleting a supplier that products use → 409 naming what uses it; an unused one is deleted', async () => {
    const one = admin.api.fornecedores[':id'];
    const f = await criar(base({ nome: 'Em Uso' }));
    await env.db.insert(categoriasProdutos).values({ nome: 'granito' });
    await env.db.insert(produtos).values([
      { nome: 'Granito Preto', categoria: 'granito', fornecedor_id: f.id, valor_m2: '350.00' },
      { nome: 'Granito Cinza', categoria: 'granito', fornecedor_id: f.id, valor_m2: '300.00' },
    ]);
    const emUso = await refused(one.$delete({ param: { id: f.id } }), 409);
    expect(emUso.title).toBe('Não é possível remover fornecedor');
    expect(emUso.detail).toBe(
      'Este fornecedor está vinculado a 2 produto(s) e não pode ser removido. Remova ou altere primeiro os produtos relacionados.',
    );
    await ok(one.$get({ param: { id: f.id } }));

    const livre = await criar(base({ nome: 'Livre' }));
    await ok(one.$delete({ param: { id: livre.id } }), 204);
    await refused(one.$get({ param: { id: livre.id } }), 404);
  });

  it('opcoes (id, nome) are open to produtos holders; everything else needs fornecedores', async () => {
    await criar(base({ nome: 'Opção Fornecedor' }));
    const prod = (await userWith(env, ['produtos'])).client.api.fornecedores;
    const op = await ok(prod.opcoes.$get({ query: { q: 'Opção' } }));
    expect(op).toHaveLength(1);
    expect(Object.keys(op[0]!).sort()).toEqual(['id', 'nome']);
    await refused(prod.$get({ query: {} }), 403);
    await refused(prod.$post({ json: base() }), 403);

    const none = (await userWith(env, ['clientes'])).client.api.fornecedores;
    await refused(none.opcoes.$get({ query: {} }), 403);
    const holder = (await userWith(env, ['fornecedores'])).client.api.fornecedores;
    await ok(holder.$get({ query: {} }));
  });
});
