import { describe, expect, it } from 'vitest';
import { CARGOS as DB_CARGOS, orcamentoFuncionarios, orcamentos } from '../../db/schema';
import { resumoCustos } from '../../domain/custo-hora';
import { CARGOS, type funcionarioCreate, type funcionarioUpdate } from '../../schemas/funcionarios';
import type { z } from '../../schemas/z';
import {
  apiSuite,
  type Client,
  clientePf,
  fieldMessages,
  ok,
  refused,
  userWith,
  versionOf,
} from '../testing/harness';

const { env, admin } = apiSuite();

// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Novo = z.input<typeof funcionarioCreate>;
type Alteracao = Omit<z.input<typeof funcionarioUpdate>, 'updated_at'>;

const base = (extra: Partial<Novo> = {}): Novo => ({
  nome: 'José Pedreira',
  cargo: 'Instalador Sênior',
  salario: 3000,
  ...extra,
});

const criar = (c: Client, json: Novo) => ok(c.api.funcionarios.$post({ json }), 201);
/** A change sent with the row's current version (read first, as the screen does). */
const alterar = async (c: Client, id: string, json: Alteracao) => {
  const one = c.api.funcionarios[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { ...json, updated_at } });
};

describe('funcionarios: create, validation, update', () => {
  it('the cargo options are the spec’s and the database’s', () => {
    expect([...CARGOS]).toEqual([
      'Instalador Sênior',
      'Instalador Júnior',
      'Ajudante',
      'Acabador',
      'Serrador',
    ]);
    expect([...CARGOS]).toEqual([...DB_CARGOS]);
  });

  it('creates with status ativo and 220 monthly hours by default, with its hourly cost', async () => {
    // a status sent on create is ignored: employees always start ativo (on purpose untyped: the
    // create body has no status)
    const f = await admin.create('/api/funcionarios', {
      ...base({ cpf: '52998224725', telefone: '11987654321' }),
      status: 'inativo',
    });
    // 3000.00 / 220 = 13.6363… → 13.64
    expect(f).toMatchObject({
      nome: 'José Pedreira',
      cargo: 'Instalador Sênior',
      salario: 3000,
      horas_mensais: 220,
      status: 'ativo',
      custo_hora: 13.64,
      cpf: '529.982.247-25',
      telefone: '(11) 98765-4321',
      data_admissao: null,
    });
    const withHours = await criar(
      admin,
      base({
        nome: 'Ana Serra',
        cargo: 'Serrador',
        salario: '2500.50',
        horas_mensais: '200',
        data_admissao: '2024-03-01',
      }),
    );
    // 2500.50 / 200 = 12.5025 → 12.50
    expect(withHours).toMatchObject({
      salario: 2500.5,
      horas_mensais: 200,
      custo_hora: 12.5,
      data_admissao: '2024-03-01',
    });
  });

  it('requires nome, cargo and salario with messages naming them', async () => {
    // on purpose: a body without the required fields
    expect(await admin.invalidPost('/api/funcionarios', {})).toEqual({
      nome: 'Informe o nome.',
      cargo: 'Informe o cargo (Instalador Sênior, Instalador Júnior, Ajudante, Acabador, Serrador).',
      salario: 'Informe o salário.',
    });
    // on purpose: a cargo outside the list (the other fields are well-typed but wrong)
    expect(
      await admin.invalidPost('/api/funcionarios', {
        ...base(),
        cargo: 'Gerente',
        salario: -1,
        cpf: '123.456.789-00',
        horas_mensais: 0,
        data_admissao: '2024-02-30',
      }),
    ).toEqual({
      cargo: 'Informe o cargo (Instalador Sênior, Instalador Júnior, Ajudante, Acabador, Serrador).',
      salario: 'O valor não pode ser menor que 0.',
      cpf: 'CPF inválido.',
      horas_mensais: 'As horas mensais devem ser maiores que zero.',
      data_admissao: 'Data de admissão inválida.',
    });
  });

  it('status is editable (ativo/inativo only); an update keeps the fields not sent', async () => {
    const f = await criar(admin, base({ nome: 'Status Teste', data_admissao: '2023-05-10' }));
    const one = admin.api.funcionarios[':id'];
    const param = { id: f.id };
    const up = await ok(one.$patch({ param, json: { status: 'inativo', updated_at: f.updated_at } }));
    expect(up).toMatchObject({ status: 'inativo', salario: 3000, data_admissao: '2023-05-10' });
    // on purpose: a status outside the two
    const bad = await admin.patchCurrent(`/api/funcionarios/${f.id}`, { status: 'ferias' });
    expect(bad.status).toBe(400);
    expect(fieldMessages(bad.body)).toEqual({ status: 'Status inválido: ativo ou inativo.' });
    await refused(one.$patch({ param, json: { nome: 'X', updated_at: f.updated_at } }), 409);
    // salary change: 4400 / 220 = 20.00
    const pay = await ok(alterar(admin, f.id, { salario: '4400' }));
    expect(pay).toMatchObject({ salario: 4400, custo_hora: 20 });
  });

  it('lists newest first, filters by status and searches by nome, cargo or CPF digits', async () => {
    const a = await criar(admin, base({ nome: 'Busca Ajudante', cargo: 'Ajudante', cpf: '111.444.777-35' }));
    const b = await criar(admin, base({ nome: 'Busca Acabador', cargo: 'Acabador' }));
    await ok(alterar(admin, b.id, { status: 'inativo' }));
    const list = (query: { q: string; status?: 'ativo' | 'inativo' }) =>
      ok(admin.api.funcionarios.$get({ query }));
    const ids = async (query: Parameters<typeof list>[0]) => (await list(query)).items.map((x) => x.id);
    expect(await ids({ q: 'busca' })).toEqual([b.id, a.id]);
    expect(await ids({ q: 'busca', status: 'ativo' })).toEqual([a.id]);
    expect(await ids({ q: 'busca', status: 'inativo' })).toEqual([b.id]);
    expect(await ids({ q: 'acabador' })).toEqual([b.id]);
    expect(await ids({ q: '11144477735' })).toEqual([a.id]);
    expect((await list({ q: 'busca' })).items[0]).toHaveProperty('custo_hora', 13.64);
  });
});

describe('funcionarios: opcoes and permissions', () => {
  it('opcoes: active employees only, id, nome and cargo — never the salary; open to orcamentos', async () => {
    const ativo = await criar(admin, base({ nome: 'Opção Ativo', cargo: 'Acabador' }));
    const inativo = await criar(admin, base({ nome: 'Opção Inativo' }));
    await ok(alterar(admin, inativo.id, { status: 'inativo' }));
    const orc = (await userWith(env, ['orcamentos'])).client.api.funcionarios;
    expect(await ok(orc.opcoes.$get({ query: { q: 'Opção' } }))).toEqual([
      { id: ativo.id, nome: 'Opção Ativo', cargo: 'Acabador' },
    ]);
    expect(JSON.stringify(await ok(admin.api.funcionarios.opcoes.$get({ query: {} })))).not.toMatch(
      /salario/,
    );
    // the full list and the figures stay with the funcionarios permission
    await refused(orc.$get({ query: {} }), 403);
    await refused(orc.resumo.$get({ query: {} }), 403);
    const vendas = (await userWith(env, ['vendas'])).client.api.funcionarios;
    await refused(vendas.opcoes.$get({ query: {} }), 403);
    const holder = await userWith(env, ['funcionarios']);
    await ok(holder.client.api.funcionarios.resumo.$get({ query: {} }));
    await criar(holder.client, base({ nome: 'Pela Permissão' }));
  });
});

describe('funcionarios: delete', () => {
  it('deletes an unused employee; one on a quote → 409 suggesting inativo', async () => {
    const one = admin.api.funcionarios[':id'];
    const livre = await criar(admin, base({ nome: 'Para Apagar' }));
    await ok(one.$delete({ param: { id: livre.id } }), 204);
    await refused(one.$get({ param: { id: livre.id } }), 404);

    const usado = await criar(admin, base({ nome: 'No Orçamento' }));
    const cli = await ok(admin.api.clientes.$post({ json: clientePf('Cliente X', '11987654321') }), 201);
    const [orc] = await env.db.insert(orcamentos).values({ cliente_id: cli.id }).returning();
    await env.db.insert(orcamentoFuncionarios).values({ orcamento_id: orc!.id, funcionario_id: usado.id });
    expect(await refused(one.$delete({ param: { id: usado.id } }), 409)).toMatchObject({
      title: 'Não é possível remover funcionário',
      detail:
        'Este funcionário está vinculado a 1 orçamento(s) e não pode ser removido. Marque-o como inativo.',
    });
  });
});

describe('funcionarios: resumo (KPIs and Cálculo de Custo)', () => {
  const { admin: c } = apiSuite();

  it('is zero with no employees', async () => {
    expect(await ok(c.api.funcionarios.resumo.$get({ query: {} }))).toEqual({
      ativos: 0,
      folha_mensal: 0,
      custo_hora_medio: 0,
      calculo: { items: [], total: 0, page: 1, limit: 50, media: 0, soma: 0 },
    });
  });

  it('counts active employees, sums their payroll and hourly costs in SQL, as domain/custo-hora does', async () => {
    await criar(c, base({ nome: 'Bruno', salario: '3000.00' })); // 3000 / 220 = 13.6363… → 13.64
    await criar(c, base({ nome: 'Carla', salario: '2001.00', horas_mensais: 200 })); // 10.005 → 10.01 (half-up)
    await criar(c, base({ nome: 'Amanda', salario: '1800.00', horas_mensais: 176 })); // 10.2272… → 10.23
    const inativo = await criar(c, base({ nome: 'Davi', salario: '9000.00' }));
    await ok(alterar(c, inativo.id, { status: 'inativo' }));

    const r = await ok(c.api.funcionarios.resumo.$get({ query: {} }));
    // ativos 3; folha 3000 + 2001 + 1800 = 6801.00; soma 13.64 + 10.01 + 10.23 = 33.88;
    // média 33.88 / 3 = 11.2933… → 11.29 (the inactive 9000.00 counts nowhere)
    expect(r).toMatchObject({ ativos: 3, folha_mensal: 6801, custo_hora_medio: 11.29 });
    expect(r.calculo).toMatchObject({ total: 3, media: 11.29, soma: 33.88 });
    expect(r.calculo.items.map((i) => [i.nome, i.custo_hora])).toEqual([
      ['Amanda', 10.23],
      ['Bruno', 13.64],
      ['Carla', 10.01],
    ]);
    const domain = resumoCustos([
      { salario: '3000.00', horas_mensais: 220 },
      { salario: '2001.00', horas_mensais: 200 },
      { salario: '1800.00', horas_mensais: 176 },
    ]);
    expect({ media: domain.media, total: domain.total }).toEqual({ media: 11.29, total: 33.88 });

    const page2 = await ok(c.api.funcionarios.resumo.$get({ query: { limit: 2, page: 2 } }));
    expect(page2.calculo).toMatchObject({ total: 3, page: 2, limit: 2, soma: 33.88 });
    expect(page2.calculo.items.map((i) => i.nome)).toEqual(['Carla']);
    expect(Object.keys(page2.calculo.items[0]!).sort()).toEqual(
      ['cargo', 'custo_hora', 'horas_mensais', 'id', 'nome', 'salario'].sort(),
    );
  });
});
