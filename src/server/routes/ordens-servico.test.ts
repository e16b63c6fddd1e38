import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osEtapas } from '../../db/schema';
import {
  agendaContratoSchema,
  etapaContratoAtualizadaSchema,
  etapaContratoSchema,
  ordemServicoContratoSchema,
  ordensServicoPageSchema,
} from '../../schemas/producao';
import {
  answer,
  type Client,
  createTestDeps,
  loginAdmin,
  ok,
  type Problem,
  refused,
  type TestEnv,
  userWith,
} from '../testing/harness';
import { etapaDe, producaoFixtures, seedGranito } from './producao.test-helpers';

/**
 * The HTTP contract's production paths (api.md: `/api/ordens-servico`, `/api/agenda`): the same records
 * and rules as /api/producao, under the contract's names.
 */
let env: TestEnv;
let admin: Client;
let produtoId: string;
beforeAll(async () => {
  env = await createTestDeps();
  admin = await loginAdmin(env);
  produtoId = await seedGranito(env);
});
afterAll(() => env.close());

const { vendaPeloOrcamento, detalhe, funcionario, instalador } = producaoFixtures(() => ({
  env,
  admin,
  produtoId,
}));

const osContrato = (c: Client, osId: string) =>
  ok(c.api['ordens-servico'][':id'].$get({ param: { id: osId } }));

const tipo = <E extends { tipo: string }>(os: { etapas: E[] }, t: string) =>
  os.etapas.find((e) => e.tipo === t)!;
/** A stage's routes, as `c` calls them. */
const etapaDa = (c: Client) => c.api['ordens-servico'][':id'].etapas[':etapaId'];
/** The raw path of a stage (for the requests the types refuse on purpose). */
const etapaUrl = (osId: string, etapaId: string, acao = '') =>
  `/api/ordens-servico/${osId}/etapas/${etapaId}${acao ? `/${acao}` : ''}`;
type Mudanca = Omit<InferRequestType<ReturnType<typeof etapaDa>['$patch']>['json'], 'updated_at'>;
type Filtros = InferRequestType<Client['api']['agenda']['$get']>['query'];
/** Starts (`iniciar`) or completes (`concluir`) a stage with the version read: the answer, whatever the status. */
const acao = (
  qual: 'iniciar' | 'concluir',
  osId: string,
  etapaId: string,
  updated_at: string,
  c: Client = admin,
) => answer(etapaDa(c)[qual].$post({ param: { id: osId, etapaId }, json: { updated_at } }));
const agendaDe = (query: Filtros, c: Client = admin) => answer(c.api.agenda.$get({ query }));
const lista = (
  query: InferRequestType<Client['api']['ordens-servico']['$get']>['query'],
  c: Client = admin,
) => answer(c.api['ordens-servico'].$get({ query }));
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;

/** The stage's row as stored: what "nothing changed" compares. */
async function linha(etapaId: string) {
  const [r] = await env.db.select().from(osEtapas).where(eq(osEtapas.id, etapaId));
  return r!;
}

/** A change to a stage of OS `osId` sent with the version read (`etapa`), as the OS screen sends it. */
const agendar = (
  osId: string,
  etapa: { id: string; updated_at: string },
  mudanca: Mudanca,
  c: Client = admin,
) =>
  answer(
    etapaDa(c).$patch({
      param: { id: osId, etapaId: etapa.id },
      json: { ...mudanca, updated_at: etapa.updated_at },
    }),
  );
/** A 400 that names the field and says why, in pt-BR. */
function campoRecusado(res: { status: number; body: unknown }, path: string, message: string) {
  expect(res.status).toBe(400);
  expect(problema(res).errors).toContainEqual({ path, message });
}

describe('GET /api/ordens-servico', () => {
  it('a sale → its OS by venda_id, with the five stages in order under the contract names', async () => {
    const { venda, os } = await vendaPeloOrcamento();
    const res = await lista({ venda_id: venda.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 1, page: 1, limit: 50 });
    // Every answer is the documented one (the schemas the reference is built from).
    ordensServicoPageSchema.parse(res.body);
    expect(res.body.items).toHaveLength(1);
    const item = res.body.items[0]!;
    expect(item).toMatchObject({ id: os.id, numero: os.numero, venda_id: venda.id, status: 'aberta' });
    expect(item.etapas.map((e) => e.tipo)).toEqual([
      'medicao',
      'corte',
      'acabamento',
      'instalacao',
      'entrega',
    ]);
    for (const e of item.etapas) {
      expect(e).toMatchObject({
        id: expect.any(String),
        status: 'pendente',
        inicio_previsto: null,
        fim_previsto: null,
        funcionario_ids: [],
        updated_at: expect.any(String),
      });
    }
    // The detail answers the same stages (and keeps the Produção screen's fields).
    const d = await osContrato(admin, os.id);
    ordemServicoContratoSchema.parse(d);
    expect(d).toMatchObject({ id: os.id, numero: os.numero, venda_id: venda.id, status: 'aberta' });
    expect(d.etapas).toEqual(item.etapas);
    expect(d.etapas[0]).toMatchObject({ etapa: 'medicao', inicio: null, fim: null, funcionarios: [] });
  });

  it('a page of several OS: each carries its own stages', async () => {
    const a = await vendaPeloOrcamento();
    const b = await vendaPeloOrcamento();
    const res = await lista({ limit: 2, sort: '-created_at' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.id)).toEqual([b.os.id, a.os.id]);
    for (const item of res.body.items) {
      expect(item.etapas).toHaveLength(5);
      expect(item.etapas.every((e) => e.os_id === item.id)).toBe(true);
    }
    expect(res.body.total).toBeGreaterThanOrEqual(2);
  });

  it('unknown id → 404 in pt-BR; bad filters → 400; no Produção → 403', async () => {
    const umaOs = (id: string, c: Client = admin) => c.api['ordens-servico'][':id'].$get({ param: { id } });
    const nf = await refused(umaOs('00000000-0000-4000-8000-000000000000'), 404);
    expect(nf.detail).toBe('Ordem de serviço não encontrada.');
    await refused(umaOs('123'), 400);
    const bad = await lista({ venda_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(problema(bad).errors).toContainEqual({ path: 'venda_id', message: 'Identificador inválido.' });
    expect((await lista({ status: 'perdida' })).status).toBe(400);
    const { os } = await vendaPeloOrcamento();
    const semPermissao = await userWith(env, ['dashboard']);
    expect((await lista({}, semPermissao.client)).status).toBe(403);
    await refused(umaOs(os.id, semPermissao.client), 403);
  });
});

describe('PATCH …/etapas/:etapaId and GET /api/agenda', () => {
  it('schedules the medição; the agenda shows it by business day and employee, not for another one', async () => {
    const joao = await funcionario('João Medidor');
    const outro = await funcionario('Outro Funcionário');
    const a = await vendaPeloOrcamento();
    const b = await vendaPeloOrcamento();
    const medA = tipo(await osContrato(admin, a.os.id), 'medicao');
    // 10 March 2031, 09:00–11:00 in São Paulo (UTC−3).
    const agenda = {
      inicio_previsto: '2031-03-10T12:00:00.000Z',
      fim_previsto: '2031-03-10T14:00:00.000Z',
      funcionario_ids: [joao.id],
    };
    const agendada = { id: medA.id, tipo: 'medicao', status: 'agendada', ...agenda };
    const r = await agendar(a.os.id, medA, { ...agenda, notas: 'Levar a trena a laser.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    etapaContratoAtualizadaSchema.parse(r.body);
    expect(r.body.avisos).toEqual([]);
    expect(r.body.etapa).toMatchObject({ ...agendada, notas: 'Levar a trena a laser.' });
    // 22:00–23:00 of the same business day is 01:00–02:00Z of the 11th; it overlaps nothing.
    const medB = tipo(await osContrato(admin, b.os.id), 'medicao');
    const rb = await agendar(b.os.id, medB, {
      inicio_previsto: '2031-03-11T01:00:00.000Z',
      fim_previsto: '2031-03-11T02:00:00.000Z',
      funcionario_ids: [joao.id],
    });
    expect(rb.status).toBe(200);
    // The same stage moved onto João's 09:00–11:00: accepted, with the warning.
    const dobrada = await agendar(b.os.id, rb.body.etapa, {
      inicio_previsto: '2031-03-10T13:00:00.000Z',
      fim_previsto: '2031-03-10T15:00:00.000Z',
    });
    expect(dobrada.status).toBe(200);
    expect(dobrada.body.avisos).toEqual([
      expect.objectContaining({ funcionario_id: joao.id, os_numero: a.os.numero, etapa: 'medicao' }),
    ]);
    const volta = await agendar(b.os.id, dobrada.body.etapa, {
      inicio_previsto: '2031-03-11T01:00:00.000Z',
      fim_previsto: '2031-03-11T02:00:00.000Z',
    });
    expect(volta.body.avisos).toEqual([]);

    const dia10 = await agendaDe({ inicio: '2031-03-10', fim: '2031-03-10', funcionario_id: joao.id });
    expect(dia10.status, JSON.stringify(dia10.body)).toBe(200);
    agendaContratoSchema.parse(dia10.body);
    expect(dia10.body.truncado).toBe(false);
    expect(dia10.body.items).toEqual([
      expect.objectContaining({
        ...agendada,
        updated_at: r.body.etapa.updated_at,
        os_id: a.os.id,
        os_numero: a.os.numero,
        cliente_nome: a.cliente.nome,
      }),
      expect.objectContaining({ id: medB.id, os_id: b.os.id, inicio_previsto: '2031-03-11T01:00:00.000Z' }),
    ]);
    // The next business day has neither; another employee has nothing; de/ate and instants work too.
    const dia11 = await agendaDe({ inicio: '2031-03-11', fim: '2031-03-11', funcionario_id: joao.id });
    expect(dia11.body.items).toEqual([]);
    const doOutro = await agendaDe({ inicio: '2031-03-10', fim: '2031-03-10', funcionario_id: outro.id });
    expect(doOutro.status).toBe(200);
    expect(doOutro.body.items).toEqual([]);
    const instantes = await agendaDe({
      de: '2031-03-10T11:00:00.000Z',
      ate: '2031-03-10T13:00:00.000Z',
      funcionario_id: joao.id,
    });
    expect(instantes.body.items.map((i) => i.id)).toEqual([medA.id]);
    // The Produção screen reads the same schedule.
    expect(etapaDe(await detalhe(admin, a.os.id), 'medicao')).toMatchObject({
      inicio: '2031-03-10T12:00:00.000Z',
      status: 'agendada',
    });
  });

  it('bad input → 400 in pt-BR and nothing changes; a stale version 409; a stage of another OS 404', async () => {
    const ativo = await funcionario('Ana Ativa');
    const inativo = await funcionario('Ivo Inativo', 'inativo');
    const { os } = await vendaPeloOrcamento();
    const outra = await vendaPeloOrcamento();
    const med = tipo(await osContrato(admin, os.id), 'medicao');
    const antes = await linha(med.id);
    const url = etapaUrl(os.id, med.id);
    const fimAntes = await agendar(os.id, med, {
      inicio_previsto: '2031-04-01T15:00:00.000Z',
      fim_previsto: '2031-04-01T14:00:00.000Z',
    });
    campoRecusado(fimAntes, 'fim_previsto', 'O fim deve ser depois do início.');
    const soInicio = await agendar(os.id, med, { inicio_previsto: '2031-04-01T15:00:00.000Z' });
    campoRecusado(soInicio, 'fim_previsto', 'Informe o início e o fim do agendamento.');
    const inat = await agendar(os.id, med, {
      inicio_previsto: '2031-04-01T12:00:00.000Z',
      fim_previsto: '2031-04-01T14:00:00.000Z',
      funcionario_ids: [ativo.id, inativo.id],
    });
    expect(inat.status).toBe(400);
    expect(problema(inat).errors?.[0]).toEqual({
      path: 'funcionario_ids',
      message: 'Funcionário inativo ou inexistente: escolha funcionários ativos.',
    });
    // on purpose: an end that is a number; then no version at all
    const lixo = await admin.patch(url, {
      inicio_previsto: 'amanhã',
      fim_previsto: 3,
      updated_at: med.updated_at,
    });
    expect(lixo.status).toBe(400);
    expect(lixo.body.title).toBe('Dados inválidos');
    const semVersao = await admin.patch(url, { notas: 'x' });
    expect(semVersao.status).toBe(400);
    expect(semVersao.body.errors[0].path).toBe('updated_at');
    // The stage of another OS under this OS's path: 404, and neither stage changes.
    const daOutra = tipo(await osContrato(admin, outra.os.id), 'medicao');
    const alheia = await agendar(os.id, daOutra, { notas: 'não é desta OS' });
    expect(alheia.status).toBe(404);
    expect(problema(alheia).detail).toBe('Etapa não encontrada.');
    expect(await linha(med.id)).toEqual(antes);
    expect((await linha(daOutra.id)).notas).toBeNull();

    const feito = await agendar(os.id, med, { notas: 'Confirmar acesso ao prédio.' });
    expect(feito.status).toBe(200);
    const stale = await agendar(os.id, med, { notas: 'outra' });
    expect(stale.status).toBe(409);
    expect(problema(stale).detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    expect((await linha(med.id)).notas).toBe('Confirmar acesso ao prédio.');
  });

  it('schedules by whole business days (AAAA-MM-DD) too; an end before the start is refused', async () => {
    const { os } = await vendaPeloOrcamento();
    const med = tipo(await osContrato(admin, os.id), 'medicao');
    const invertido = await agendar(os.id, med, {
      inicio_previsto: '2031-08-05',
      fim_previsto: '2031-08-04',
    });
    campoRecusado(invertido, 'fim_previsto', 'O fim deve ser depois do início.');
    // Noon UTC of 5 August is after the end of 4 August in São Paulo (03:00Z of the 5th): refused by the route.
    const misto = await agendar(os.id, med, {
      inicio_previsto: '2031-08-05T12:00:00.000Z',
      fim_previsto: '2031-08-04',
    });
    campoRecusado(misto, 'fim_previsto', 'O fim deve ser depois do início.');
    expect(await linha(med.id)).toMatchObject({ inicio: null, fim: null, status: 'pendente' });
    // 4 and 5 August in São Paulo (UTC−3): from 03:00Z of the 4th to 03:00Z of the 6th.
    const dias = await agendar(os.id, med, { inicio_previsto: '2031-08-04', fim_previsto: '2031-08-05' });
    expect(dias.status, JSON.stringify(dias.body)).toBe(200);
    expect(dias.body.etapa).toMatchObject({
      status: 'agendada',
      inicio_previsto: '2031-08-04T03:00:00.000Z',
      fim_previsto: '2031-08-06T03:00:00.000Z',
    });
    // 22:00 of 4 August until the end of that day.
    const noite = await agendar(os.id, dias.body.etapa, {
      inicio_previsto: '2031-08-04T22:00:00-03:00',
      fim_previsto: '2031-08-04',
    });
    expect(noite.status, JSON.stringify(noite.body)).toBe(200);
    expect(noite.body.etapa).toMatchObject({
      inicio_previsto: '2031-08-05T01:00:00.000Z',
      fim_previsto: '2031-08-05T03:00:00.000Z',
    });
  });

  it('the agenda refuses a period it cannot read (400 in pt-BR)', async () => {
    const semInicio = await agendaDe({ fim: '2031-03-10' });
    campoRecusado(semInicio, 'inicio', 'Informe o início do período (inicio).');
    const ruim = await agendaDe({ inicio: '10/03/2031', fim: '2031-03-10' });
    campoRecusado(ruim, 'inicio', 'Data inicial inválida: use AAAA-MM-DD ou data e hora ISO com fuso.');
    // A day that does not exist is bad input, not a server error.
    const inexistente = await agendaDe({ inicio: '2031-02-31', fim: '2031-03-10' });
    expect(inexistente.status).toBe(400);
    expect(problema(inexistente).errors?.[0]?.path).toBe('inicio');
    expect((await lista({ de: '2031-02-30' })).status).toBe(400);
    const invertido = await agendaDe({ inicio: '2031-03-10', fim: '2031-03-09' });
    campoRecusado(invertido, 'fim', 'O fim deve ser depois do início.');
    // 1 January to 3 March 2031 is 62 whole days: the longest period; one more day is refused.
    expect((await agendaDe({ inicio: '2031-01-01', fim: '2031-03-03' })).status).toBe(200);
    const longo = await agendaDe({ inicio: '2031-01-01', fim: '2031-03-04' });
    expect(longo.status).toBe(400);
    expect(problema(longo).detail).toBe('O período da agenda é de no máximo 62 dias.');
    expect((await agendaDe({ inicio: '2031-03-10', fim: '2031-03-10', funcionario_id: 'x' })).status).toBe(
      400,
    );
    const semPermissao = await userWith(env, ['dashboard']);
    expect((await agendaDe({ inicio: '2031-03-10', fim: '2031-03-10' }, semPermissao.client)).status).toBe(
      403,
    );
  });
});

describe('POST …/etapas/:etapaId/iniciar and /concluir', () => {
  it('the order rule, versions, a stage of another OS, permission', async () => {
    const { os } = await vendaPeloOrcamento();
    const outra = await vendaPeloOrcamento();
    const d = await osContrato(admin, os.id);
    const med = tipo(d, 'medicao');
    const corte = tipo(d, 'corte');

    const corteAntes = await acao('iniciar', os.id, corte.id, corte.updated_at);
    expect(corteAntes.status).toBe(409);
    expect(problema(corteAntes).detail).toBe('O corte só pode começar depois que a medição for concluída.');

    // Another OS's stage under this OS's path: 404 and it does not start.
    const daOutra = tipo(await osContrato(admin, outra.os.id), 'medicao');
    const alheia = await acao('iniciar', os.id, daOutra.id, daOutra.updated_at);
    expect(alheia.status).toBe(404);
    expect(problema(alheia).detail).toBe('Etapa não encontrada.');
    expect((await linha(daOutra.id)).status).toBe('pendente');
    expect((await acao('concluir', os.id, daOutra.id, daOutra.updated_at)).status).toBe(404);

    const semProducao = await userWith(env, ['dashboard', 'vendas']);
    const proibido = await acao('iniciar', os.id, med.id, med.updated_at, semProducao.client);
    expect(proibido.status).toBe(403);
    expect((await linha(med.id)).status).toBe('pendente');
    // on purpose: no version
    expect((await admin.post(etapaUrl(os.id, med.id, 'iniciar'), {})).status).toBe(400);

    const inicio = await acao('iniciar', os.id, med.id, med.updated_at);
    expect(inicio.status, JSON.stringify(inicio.body)).toBe(200);
    etapaContratoSchema.parse(inicio.body);
    expect(inicio.body).toMatchObject({
      id: med.id,
      tipo: 'medicao',
      status: 'em_andamento',
      funcionario_ids: [],
    });
    // The version read before it started is stale now.
    const stale = await acao('concluir', os.id, med.id, med.updated_at);
    expect(stale.status).toBe(409);
    expect(problema(stale).detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    expect((await linha(med.id)).status).toBe('em_andamento');

    const fim = await acao('concluir', os.id, med.id, inicio.body.updated_at);
    expect(fim.status, JSON.stringify(fim.body)).toBe(200);
    expect(fim.body).toMatchObject({
      tipo: 'medicao',
      status: 'concluida',
      concluida_por_nome: expect.any(String),
    });
    const depois = await osContrato(admin, os.id);
    expect(depois.etapas.map((e) => `${e.tipo}:${e.status}`)).toEqual([
      'medicao:concluida',
      'corte:pendente',
      'acabamento:pendente',
      'instalacao:pendente',
      'entrega:pendente',
    ]);
    const corteAgora = tipo(depois, 'corte');
    expect((await acao('iniciar', os.id, corteAgora.id, corteAgora.updated_at)).status).toBe(200);
  });

  it("the installer's scope: their own stage yes, another's 403 (as on /api/producao)", async () => {
    const inst = await instalador('Carlos Instalador');
    const { os } = await vendaPeloOrcamento();
    const d = await osContrato(admin, os.id);
    const med = tipo(d, 'medicao');
    const ag = await agendar(os.id, med, {
      inicio_previsto: '2031-06-02T12:00:00.000Z',
      fim_previsto: '2031-06-02T14:00:00.000Z',
      funcionario_ids: [inst.funcionario.id],
    });
    expect(ag.status).toBe(200);
    const c = inst.client;
    // Their OS reads; the list, the agenda and the schedule are Produção's.
    expect((await osContrato(c, os.id)).etapas).toHaveLength(5);
    expect((await lista({}, c)).status).toBe(403);
    expect((await agendaDe({ inicio: '2031-06-02', fim: '2031-06-02' }, c)).status).toBe(403);
    expect((await agendar(os.id, ag.body.etapa, { notas: 'x' }, c)).status).toBe(403);
    // A stage of their OS not assigned to them: 403; an OS they have nothing in: 403.
    const corte = tipo(d, 'corte');
    expect((await acao('iniciar', os.id, corte.id, corte.updated_at, c)).status).toBe(403);
    const alheia = await vendaPeloOrcamento();
    await refused(c.api['ordens-servico'][':id'].$get({ param: { id: alheia.os.id } }), 403);

    const inicio = await acao('iniciar', os.id, med.id, ag.body.etapa.updated_at, c);
    expect(inicio.status, JSON.stringify(inicio.body)).toBe(200);
    const fim = await acao('concluir', os.id, med.id, inicio.body.updated_at, c);
    expect(fim.status, JSON.stringify(fim.body)).toBe(200);
    expect(fim.body).toMatchObject({ status: 'concluida', concluida_por: inst.row.id });
  });
});
