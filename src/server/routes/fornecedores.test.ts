import { describe, expect, it } from 'vitest';
import { categoriasProdutos, produtos } from '../../db/schema';
import { apiSuite, fieldMessages, okBody, userWith } from '../testing/harness';

// Valid CNPJs (check digits correct): 11.222.333/0001-81, 12.345.678/0001-95, 02.771.169/1060-84.
const { env, admin } = apiSuite();

const base = (extra: Record<string, unknown> = {}) => ({
  nome: 'Mármores Brasil',
  telefone: '(11) 3333-4444',
  ...extra,
});

const criar = (body: Record<string, unknown>) => admin.create('/api/fornecedores', body);

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
    expect(await admin.invalidPost('/api/fornecedores', { cnpj: '11.222.333/0001-82' })).toEqual({
      nome: 'Informe o nome.',
      telefone: 'Informe o telefone.',
      cnpj: 'CNPJ inválido.',
    });
    expect(
      fieldMessages((await admin.post('/api/fornecedores', base({ cnpj: '529.982.247-25' }))).body),
    ).toEqual({
      cnpj: 'CNPJ inválido.',
    });
    // empty CNPJ is fine (labelled required in the spec's form, but not enforced)
    expect((await admin.post('/api/fornecedores', base({ nome: 'Sem CNPJ', cnpj: '' }))).status).toBe(201);
  });

  it('updates (partial, versioned) and searches by nome, contato or CNPJ digits', async () => {
    const f = await criar(base({ nome: 'Pedras Unidas', cnpj: '12.345.678/0001-95', contato: 'Beatriz' }));
    const up = await admin.patch(`/api/fornecedores/${f.id}`, { contato: 'Bia', updated_at: f.updated_at });
    expect(okBody(up)).toMatchObject({ nome: 'Pedras Unidas', contato: 'Bia', cnpj: '12.345.678/0001-95' });
    expect((await admin.patchCurrent(`/api/fornecedores/${f.id}`, { cnpj: '123' })).status).toBe(400);

    const ids = (q: string) => admin.searchIds('/api/fornecedores', q);
    expect(await ids('pedras')).toEqual([f.id]);
    expect(await ids('bia')).toEqual([f.id]);
    expect(await ids('12345678')).toEqual([f.id]);
    expect(await ids('345.678/0001')).toEqual([f.id]);
  });

  it('lists newest first, paginated with the total', async () => {
    const a = await criar(base({ nome: 'Lista A' }));
    const b = await criar(base({ nome: 'Lista B' }));
    const page = await admin.get('/api/fornecedores?limit=2');
    expect(page.body.items.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    expect(page.body.limit).toBe(2);
  });

  it('deleting a supplier that products use → 409 naming what uses it; an unused one is deleted', async () => {
    const f = await criar(base({ nome: 'Em Uso' }));
    await env.db.insert(categoriasProdutos).values({ nome: 'granito' });
    await env.db.insert(produtos).values([
      { nome: 'Granito Preto', categoria: 'granito', fornecedor_id: f.id, valor_m2: '350.00' },
      { nome: 'Granito Cinza', categoria: 'granito', fornecedor_id: f.id, valor_m2: '300.00' },
    ]);
    await admin.refusedDelete(
      `/api/fornecedores/${f.id}`,
      'Não é possível remover fornecedor',
      'Este fornecedor está vinculado a 2 produto(s) e não pode ser removido. Remova ou altere primeiro os produtos relacionados.',
    );

    const livre = await criar(base({ nome: 'Livre' }));
    expect((await admin.delete(`/api/fornecedores/${livre.id}`)).status).toBe(204);
    expect((await admin.get(`/api/fornecedores/${livre.id}`)).status).toBe(404);
  });

  it('opcoes (id, nome) are open to produtos holders; everything else needs fornecedores', async () => {
    await criar(base({ nome: 'Opção Fornecedor' }));
    const prod = await userWith(env, ['produtos']);
    const op = await prod.client.get('/api/fornecedores/opcoes?q=Opção');
    expect(okBody(op)).toHaveLength(1);
    expect(Object.keys(op.body[0]).sort()).toEqual(['id', 'nome']);
    expect((await prod.client.get('/api/fornecedores')).status).toBe(403);
    expect((await prod.client.post('/api/fornecedores', base())).status).toBe(403);

    const none = await userWith(env, ['clientes']);
    expect((await none.client.get('/api/fornecedores/opcoes')).status).toBe(403);
    const holder = await userWith(env, ['fornecedores']);
    expect((await holder.client.get('/api/fornecedores')).status).toBe(200);
  });
});
