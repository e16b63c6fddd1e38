import { sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIPOS_PESSOA as DB_TIPOS, orcamentos, vendas } from '../../db/schema';
import type { clienteCreate, clienteUpdate } from '../../schemas/clientes';
import { TIPOS_PESSOA } from '../../schemas/documentos';
import type { z } from '../../schemas/z';
import {
  answer,
  apiSuite,
  type Client,
  fieldErrors,
  fieldMessages,
  ok,
  refused,
  userWith,
  versionOf,
} from '../testing/harness';

// Valid documents (check digits correct): CPFs 529.982.247-25, 111.444.777-35, 123.456.789-09;
// CNPJs 11.222.333/0001-81, 12.345.678/0001-95.
const { env, admin } = apiSuite();

// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Cliente = z.input<typeof clienteCreate>;
type Alteracao = Omit<z.input<typeof clienteUpdate>, 'updated_at'>;

const pf = (extra: Partial<Cliente> = {}): Cliente => ({
  nome: 'Maria da Silva',
  tipo: 'Pessoa Física',
  cpf_cnpj: '529.982.247-25',
  telefone: '(11) 98765-4321',
  ...extra,
});

const criar = (json: Cliente) => ok(admin.api.clientes.$post({ json }), 201);
const invalido = (json: Cliente) => fieldErrors(admin.api.clientes.$post({ json }));
/** A change sent with the row's current version (read first, as the screen does). */
const alterar = async (id: string, json: Alteracao) => {
  const one = admin.api.clientes[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { ...json, updated_at } });
};
type Filtros = InferRequestType<typeof admin.api.clientes.$get>['query'];
const lista = (query: Filtros, c: Client = admin) => ok(c.api.clientes.$get({ query }));

describe('clientes: create and validation', () => {
  it('the schema and the database agree on the two tipos', () => {
    expect([...TIPOS_PESSOA]).toEqual([...DB_TIPOS]);
  });

  it('creates a client, storing documents, phone and CEP masked, e-mail lower-case, UF upper-case', async () => {
    const c = await criar(
      pf({
        nome: '  Ana Pereira  ',
        cpf_cnpj: '52998224725',
        telefone: '11987654321',
        email: 'Ana@Exemplo.COM',
        cep: '01310100',
        uf: 'sp',
        cidade: 'São Paulo',
        endereco: 'Avenida Paulista, 1000',
      }),
    );
    expect(c).toMatchObject({
      nome: 'Ana Pereira',
      tipo: 'Pessoa Física',
      cpf_cnpj: '529.982.247-25',
      telefone: '(11) 98765-4321',
      email: 'ana@exemplo.com',
      cep: '01310-100',
      uf: 'SP',
      cidade: 'São Paulo',
      endereco: 'Avenida Paulista, 1000',
    });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await ok(admin.api.clientes[':id'].$get({ param: { id: c.id } }));
    expect(got.cpf_cnpj).toBe('529.982.247-25');
  });

  it('a landline keeps its 10-digit mask; empty optional fields are stored as null', async () => {
    const c = await criar(pf({ telefone: '1133334444', email: '', cep: '', uf: '', cidade: '' }));
    expect(c).toMatchObject({ telefone: '(11) 3333-4444', email: null, cep: null, uf: null, cidade: null });
  });

  it('names every missing required field (the spec app silently did nothing)', async () => {
    // on purpose: a body without the required fields
    const res = await admin.post('/api/clientes', {});
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(fieldMessages(res.body)).toMatchObject({
      nome: 'Informe o nome.',
      tipo: 'Informe o tipo (Pessoa Física ou Pessoa Jurídica).',
      telefone: 'Informe o telefone.',
      cpf_cnpj: 'Informe o CPF/CNPJ.',
    });
    expect(await invalido(pf({ nome: '   ', telefone: '', cpf_cnpj: '' }))).toEqual({
      nome: 'Informe o nome.',
      telefone: 'Informe o telefone.',
      cpf_cnpj: 'Informe o CPF.',
    });
    expect(await invalido(pf({ tipo: 'Pessoa Jurídica', cpf_cnpj: undefined }))).toEqual({
      cpf_cnpj: 'Informe o CNPJ.',
    });
  });

  it('checks CPF check digits for Pessoa Física and CNPJ check digits for Pessoa Jurídica', async () => {
    expect(await invalido(pf({ cpf_cnpj: '529.982.247-26' }))).toEqual({ cpf_cnpj: 'CPF inválido.' });
    expect(await invalido(pf({ cpf_cnpj: '111.111.111-11' }))).toEqual({ cpf_cnpj: 'CPF inválido.' });
    // a valid CNPJ is still not a CPF
    expect(await invalido(pf({ cpf_cnpj: '11.222.333/0001-81' }))).toEqual({ cpf_cnpj: 'CPF inválido.' });
    expect(await invalido(pf({ tipo: 'Pessoa Jurídica' }))).toEqual({ cpf_cnpj: 'CNPJ inválido.' });
    expect(await invalido(pf({ tipo: 'Pessoa Jurídica', cpf_cnpj: '11.222.333/0001-82' }))).toEqual({
      cpf_cnpj: 'CNPJ inválido.',
    });

    const empresa = await criar(
      pf({ nome: 'Construtora Alfa', tipo: 'Pessoa Jurídica', cpf_cnpj: '11222333000181' }),
    );
    expect(empresa.cpf_cnpj).toBe('11.222.333/0001-81');
  });

  it('rejects an unknown tipo, a bad phone, a bad e-mail, a bad CEP and a UF longer than 2', async () => {
    // on purpose: a tipo outside the two
    expect(
      await admin.invalidPost('/api/clientes', {
        ...pf({ telefone: '98765-4321', email: 'nao-e-email', cep: '0131', uf: 'SPX' }),
        tipo: 'Empresa',
      }),
    ).toEqual({
      tipo: 'Informe o tipo (Pessoa Física ou Pessoa Jurídica).',
      telefone: 'Telefone inválido: informe o DDD e o número (10 ou 11 dígitos).',
      email: 'E-mail inválido.',
      cep: 'CEP inválido: informe os 8 dígitos.',
      uf: 'UF deve ter no máximo 2 letras.',
    });
    expect(await invalido(pf({ uf: 'S1' }))).toEqual({ uf: 'UF inválida.' });
  });
});

describe('clientes: the address in the parts an NF-e asks for (número, complemento, bairro)', () => {
  it('stores them apart from the logradouro ("s/n" written S/N), lists, exports and updates them', async () => {
    const c = await criar(
      pf({
        nome: 'Rita Endereço Completo',
        endereco: 'Rua Sete de Setembro',
        numero: ' s/n ',
        complemento: 'Galpão 3',
        bairro: 'Centro',
        cidade: 'Vitória',
        uf: 'ES',
      }),
    );
    expect(c).toMatchObject({
      endereco: 'Rua Sete de Setembro',
      numero: 'S/N',
      complemento: 'Galpão 3',
      bairro: 'Centro',
    });
    expect((await lista({ q: 'Rita Endereço' })).items).toEqual([
      expect.objectContaining({ numero: 'S/N', complemento: 'Galpão 3', bairro: 'Centro' }),
    ]);
    const csv = await answer(
      admin.api.clientes.exportar.$get({ query: { formato: 'csv', q: 'Rita Endereço' } }),
    );
    expect(csv.status).toBe(200);
    const [cabecalho, linha] = String(csv.body)
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(cabecalho).toContain(';Endereço;Número;Complemento;Bairro;Cidade;UF;CEP;');
    expect(linha).toContain(';Rua Sete de Setembro;S/N;Galpão 3;Centro;Vitória;ES;;');

    const up = await ok(alterar(c.id, { numero: '120', complemento: '' }));
    expect(up).toMatchObject({
      endereco: 'Rua Sete de Setembro',
      numero: '120',
      complemento: null,
      bairro: 'Centro',
    });
  });

  it('refuses a número over 20 characters and a bairro or complemento over 60, naming each; nothing saved', async () => {
    expect(
      await invalido(
        pf({
          nome: 'Longo Demais',
          numero: '1'.repeat(21),
          bairro: 'b'.repeat(61),
          complemento: 'c'.repeat(61),
        }),
      ),
    ).toEqual({
      numero: 'Número: no máximo 20 caracteres.',
      bairro: 'Bairro: no máximo 60 caracteres.',
      complemento: 'Complemento: no máximo 60 caracteres.',
    });
    expect((await lista({ q: 'Longo Demais' })).total).toBe(0);
    // the limits hold in the database too, whatever writes there
    await expect(
      env.db.execute(sql`insert into clientes (nome, numero) values ('Direto no banco', ${'9'.repeat(21)})`),
    ).rejects.toThrow();
    await expect(
      env.db.execute(sql`insert into clientes (nome, bairro) values ('Direto no banco', ${'b'.repeat(61)})`),
    ).rejects.toThrow();
  });
});

describe('clientes: update', () => {
  it('updates with the version read; a stale version gets 409', async () => {
    const c = await criar(pf({ nome: 'Carlos Souza', cpf_cnpj: '111.444.777-35' }));
    const one = admin.api.clientes[':id'];
    const param = { id: c.id };
    const up = await ok(one.$patch({ param, json: { nome: 'Carlos A. Souza', updated_at: c.updated_at } }));
    expect(up).toMatchObject({
      nome: 'Carlos A. Souza',
      cpf_cnpj: '111.444.777-35',
      telefone: c.telefone,
    });
    const stale = await refused(
      one.$patch({ param, json: { nome: 'Outro', updated_at: c.updated_at } }),
      409,
    );
    expect(stale.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
  });

  it('switches to Pessoa Jurídica only together with a valid CNPJ', async () => {
    const c = await criar(pf({ nome: 'Loja Beta', cpf_cnpj: '123.456.789-09' }));
    expect(await fieldErrors(alterar(c.id, { tipo: 'Pessoa Jurídica' }))).toEqual({
      cpf_cnpj: 'Informe o CNPJ.',
    });
    expect(await fieldErrors(alterar(c.id, { cpf_cnpj: '12345678000195' }))).toEqual({
      tipo: 'Informe o tipo junto com o CPF/CNPJ.',
    });
    const pj = await ok(alterar(c.id, { tipo: 'Pessoa Jurídica', cpf_cnpj: '12345678000195' }));
    expect(pj).toMatchObject({ tipo: 'Pessoa Jurídica', cpf_cnpj: '12.345.678/0001-95' });
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    await refused(alterar('00000000-0000-4000-8000-000000000000', { nome: 'X' }), 404);
    await refused(admin.api.clientes[':id'].$get({ param: { id: 'abc' } }), 400);
  });
});

describe('clientes: list, search and opcoes', () => {
  it('lists newest first and searches by nome, e-mail or CPF/CNPJ digits (masked or not)', async () => {
    const a = await criar(pf({ nome: 'Zélia Busca', email: 'zelia@busca.com', cpf_cnpj: '925.994.252-71' }));
    const b = await criar(
      pf({
        nome: 'Empresa Busca',
        tipo: 'Pessoa Jurídica',
        cpf_cnpj: '02.771.169/1060-84',
        email: 'x@y.com',
      }),
    );
    const list = await lista({ limit: 2 });
    expect(list.items.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(list).toMatchObject({ page: 1, limit: 2 });

    const ids = async (q: string) => (await lista({ q })).items.map((c) => c.id);
    expect(await ids('zélia')).toEqual([a.id]);
    expect(await ids('BUSCA.COM')).toEqual([a.id]);
    expect(await ids('92599425271')).toEqual([a.id]);
    expect(await ids('925.994')).toEqual([a.id]);
    expect(await ids('99425')).toEqual([a.id]);
    expect(await ids('02771169106084')).toEqual([b.id]);
    expect(await ids('busca')).toEqual([b.id, a.id]);
    expect(await ids('ninguém-assim')).toEqual([]);
  });

  it('opcoes: id, nome and what the quote screen shows; open to orcamentos and vendas holders', async () => {
    const c = await criar(pf({ nome: 'Opção Cliente', cpf_cnpj: '345.329.677-08', cidade: 'Campinas' }));
    const vendas = await userWith(env, ['vendas']);
    expect(await ok(vendas.client.api.clientes.opcoes.$get({ query: { q: 'Opção' } }))).toEqual([
      {
        id: c.id,
        nome: 'Opção Cliente',
        tipo: 'Pessoa Física',
        cpf_cnpj: '345.329.677-08',
        telefone: '(11) 98765-4321',
        email: null,
      },
    ]);
    const orc = await userWith(env, ['orcamentos']);
    await ok(orc.client.api.clientes.opcoes.$get({ query: {} }));
    expect((await ok(admin.api.clientes.opcoes.$get({ query: {} }))).length).toBeLessThanOrEqual(50);
  });
});

describe('clientes: permissions', () => {
  it('403 without the clientes permission; vendas holders read only the selector', async () => {
    const { client } = await userWith(env, ['vendas', 'produtos']);
    await refused(client.api.clientes.$get({ query: {} }), 403);
    await refused(client.api.clientes.$post({ json: pf() }), 403);
    const other = await userWith(env, ['produtos']);
    await refused(other.client.api.clientes.opcoes.$get({ query: {} }), 403);
    const holder = await userWith(env, ['clientes']);
    await ok(holder.client.api.clientes.$post({ json: pf({ nome: 'Pela Permissão' }) }), 201);
  });
});

describe('clientes: delete', () => {
  it('deletes a client nobody uses', async () => {
    const one = admin.api.clientes[':id'];
    const c = await criar(pf({ nome: 'Para Apagar' }));
    await ok(one.$delete({ param: { id: c.id } }), 204);
    await refused(one.$get({ param: { id: c.id } }), 404);
    await refused(one.$delete({ param: { id: c.id } }), 404);
  });

  it('409 with a clear message for a client with quotes or sales, and the client stays', async () => {
    const c = await criar(pf({ nome: 'Com Orçamento' }));
    await env.db.insert(orcamentos).values({ cliente_id: c.id });
    const one = admin.api.clientes[':id'];
    const emUso = await refused(one.$delete({ param: { id: c.id } }), 409);
    expect(emUso.title).toBe('Não é possível remover cliente');
    expect(emUso.detail).toBe('Este cliente possui 1 orçamento(s) e não pode ser removido.');
    await ok(one.$get({ param: { id: c.id } }));

    const v = await criar(pf({ nome: 'Com Venda' }));
    await env.db.insert(orcamentos).values([{ cliente_id: v.id }, { cliente_id: v.id }]);
    await env.db
      .insert(vendas)
      .values({ cliente_id: v.id, data_venda: '2025-01-10', valor_bruto: '100.00', valor_liquido: '100.00' });
    const res2 = await refused(one.$delete({ param: { id: v.id } }), 409);
    expect(res2.detail).toBe('Este cliente possui 2 orçamento(s) e 1 venda(s) e não pode ser removido.');
  });
});

describe('clientes: 20,000 rows', () => {
  const { env: big, admin: c } = apiSuite();
  beforeAll(async () => {
    // One multi-row statement: "Cliente Massa 1" … "Cliente Massa 20000", CPF-like digits masked.
    await big.db.execute(sql`
      insert into clientes (nome, tipo, cpf_cnpj, telefone, email, created_at)
      select 'Cliente Massa ' || i, 'Pessoa Física',
             regexp_replace(lpad(i::text, 11, '0'), '(\\d{3})(\\d{3})(\\d{3})(\\d{2})', '\\1.\\2.\\3-\\4'),
             '(11) 90000-0000', 'massa' || i || '@exemplo.com',
             now() - (i || ' seconds')::interval
      from generate_series(1, 20000) as i`);
  });

  it('answers one page of 50 with the total of 20,000, newest first, pages not overlapping', async () => {
    const p1 = await lista({ limit: 50 }, c);
    expect(p1.total).toBe(20000);
    expect(p1.items).toHaveLength(50);
    // created_at = now() - i seconds, so the newest is i = 1
    expect(p1.items[0]!.nome).toBe('Cliente Massa 1');
    expect(p1.items[49]!.nome).toBe('Cliente Massa 50');
    const p2 = await lista({ limit: 50, page: 2 }, c);
    expect(p2.items[0]!.nome).toBe('Cliente Massa 51');
    const last = await lista({ limit: 50, page: 400 }, c);
    expect(last.items).toHaveLength(50);
    expect(last.items[49]!.nome).toBe('Cliente Massa 20000');
    expect((await lista({ limit: 50, page: 401 }, c)).items).toEqual([]);
    await refused(c.api.clientes.$get({ query: { limit: 201 } }), 400);
  });

  it('searches the 20,000 in SQL: by name and by CPF digits', async () => {
    // "Massa 1999" matches 1999 and 19990…19999: 11 clients
    const byName = await lista({ q: 'Massa 1999', limit: 5 }, c);
    expect(byName.total).toBe(11);
    expect(byName.items).toHaveLength(5);
    // client 12345 has CPF 000.000.123-45
    const byDoc = await lista({ q: '000.000.123-45' }, c);
    expect(byDoc.total).toBe(1);
    expect(byDoc.items[0]!.nome).toBe('Cliente Massa 12345');
  });
});
