import { eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { ordensServico, osEtapas } from '../../db/schema';
import type { Evento } from '../events';
import {
  answer,
  apiSuite,
  type Client,
  ok,
  type Problem,
  refused,
  userWith,
  versionOf,
} from '../testing/harness';
import { etapaDe, producaoFixtures, seedGranito } from './producao.test-helpers';
import { seedCliente, seedOrcamento, seedVenda } from './vendas.test-helpers';

const { env, admin } = apiSuite();
let produtoId: string;
beforeAll(async () => {
  produtoId = await seedGranito(env);
});

const { vendaPeloOrcamento, osDaVenda, detalhe, funcionario, instalador, agendar, acao } = producaoFixtures(
  () => ({ env, admin, produtoId }),
);

type Mudanca = Omit<
  InferRequestType<(typeof admin.api)['ordens-servico'][':id']['etapas'][':etapaId']['$patch']>['json'],
  'updated_at'
>;
/** A change to stage `e` sent with the version `updated_at`: the answer, whatever the status. */
const mudarEtapa = (e: { os_id: string; id: string }, updated_at: string, json: Mudanca, c: Client = admin) =>
  answer(
    c.api['ordens-servico'][':id'].etapas[':etapaId'].$patch({
      param: { id: e.os_id, etapaId: e.id },
      json: { ...json, updated_at },
    }),
  );
const lista = (
  query: InferRequestType<(typeof admin.api)['ordens-servico']['$get']>['query'],
  c: Client = admin,
) => answer(c.api['ordens-servico'].$get({ query }));
const agendaDe = (query: InferRequestType<typeof admin.api.agenda.$get>['query'], c: Client = admin) =>
  answer(c.api.agenda.$get({ query }));
const aAgendar = (q: string) => ok(admin.api.producao['a-agendar'].$get({ query: { q } }));
const venda = (orcamentoId: string) =>
  ok(admin.api.orcamentos[':id'].venda.$post({ param: { id: orcamentoId }, json: {} }), 201);
/** A change to a sale sent with its current version (read first, as the screen does). */
const alterarVenda = async (id: string, status: 'cancelada' | 'confirmada') => {
  const one = admin.api.vendas[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { status, updated_at } });
};
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;

describe('OS created with the sale', () => {
  it('creates the OS in the sale transaction: numbered, linked, job address = the client address, five stages', async () => {
    const events: Evento[] = [];
    const stop = env.deps.events.subscribe((e) => events.push(e));
    const { venda, os, orcamento, cliente } = await vendaPeloOrcamento({
      endereco: 'Rua das Pedras',
      numero: '10',
      complemento: 'Casa 2',
      bairro: 'Cambuí',
      cidade: 'Campinas',
      uf: 'SP',
    });
    expect(os).toMatchObject({
      venda_id: venda.id,
      venda_numero: venda.numero,
      orcamento_id: orcamento.id,
      cliente_id: cliente.id,
      // the client's street line, número, complemento and bairro in the OS's one address text
      endereco: 'Rua das Pedras, 10, Casa 2 — Cambuí',
      cidade: 'Campinas',
      uf: 'SP',
      status: 'aberta',
      etapa_atual: 'medicao',
      etapas_concluidas: 0,
      etapas_total: 5,
    });
    expect(os.numero).toBeGreaterThan(0);
    const d = await detalhe(admin, os.id);
    expect(d.etapas.map((e) => `${e.etapa}:${e.status}`)).toEqual([
      'medicao:pendente',
      'corte:pendente',
      'acabamento:pendente',
      'instalacao:pendente',
      'entrega:pendente',
    ]);
    // The quote's item is the workshop's specification (admin sees sales: prices shown).
    expect(d.itens).toEqual([
      expect.objectContaining({
        produto_nome: 'Granito São Gabriel',
        medida1: 2.5,
        medida2: 1.2,
        area: 3,
        valor_total: 1350,
      }),
    ]);
    // On PostgreSQL the event arrives through LISTEN/NOTIFY after the commit.
    await vi.waitFor(() => expect(events).toContainEqual({ recurso: 'producao', acao: 'criado', id: os.id }));
    stop();
  });

  it('a failed sale leaves no OS (same transaction)', async () => {
    const o = await seedOrcamento(env, {
      status: 'aprovado',
      valor_total: '100.00',
      tipo_venda: 'entrada',
      valor_entrada: '500.00',
    });
    const antes = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from ordens_servico`);
    await refused(admin.api.orcamentos[':id'].venda.$post({ param: { id: o.id }, json: {} }), 400);
    const depois = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from ordens_servico`);
    expect(depois[0]!.n).toBe(antes[0]!.n);
  });

  it('uses only the stages the shop switched on (Produção setting), for new OS', async () => {
    const config = admin.api.producao.config;
    const cfg = await ok(config.$get());
    expect(cfg.etapas).toHaveLength(5);
    await refused(config.$put({ json: { etapas: [], updated_at: cfg.updated_at } }), 400);
    const put = await ok(
      config.$put({ json: { etapas: ['instalacao', 'medicao', 'corte'], updated_at: cfg.updated_at } }),
    );
    expect(put.etapas).toEqual(['medicao', 'corte', 'instalacao']);
    await refused(config.$put({ json: { etapas: ['corte'], updated_at: cfg.updated_at } }), 409);
    try {
      const { os } = await vendaPeloOrcamento();
      expect(os.etapas_total).toBe(3);
      const d = await detalhe(admin, os.id);
      expect(d.etapas.map((e) => e.etapa)).toEqual(['medicao', 'corte', 'instalacao']);
    } finally {
      await ok(
        config.$put({
          json: {
            etapas: ['medicao', 'corte', 'acabamento', 'instalacao', 'entrega'],
            updated_at: put.updated_at,
          },
        }),
      );
    }
  });
});

describe('cancelling or deleting the sale cancels the OS (kept, with the reason)', () => {
  it('sale cancelled → OS cancelada with the reason; reinstated → aberta again', async () => {
    const { venda, os } = await vendaPeloOrcamento();
    await ok(alterarVenda(venda.id, 'cancelada'));
    expect(await osDaVenda(venda.id)).toMatchObject({
      status: 'cancelada',
      motivo_cancelamento: 'Venda cancelada.',
    });
    // A cancelled OS cannot be worked on.
    const start = await acao(admin, os.id, 'medicao', 'iniciar');
    expect(start.status).toBe(409);
    expect(problema(start).detail).toBe('Esta ordem de serviço está cancelada.');
    await ok(alterarVenda(venda.id, 'confirmada'));
    expect(await osDaVenda(venda.id)).toMatchObject({ status: 'aberta', motivo_cancelamento: null });
  });

  it('sale deleted → OS kept, cancelada, with the sale number', async () => {
    const { venda, os } = await vendaPeloOrcamento();
    await ok(admin.api.vendas[':id'].$delete({ param: { id: venda.id } }), 204);
    const [kept] = await env.db.select().from(ordensServico).where(eq(ordensServico.id, os.id));
    expect(kept).toMatchObject({
      venda_id: null,
      venda_numero: venda.numero,
      status: 'cancelada',
      motivo_cancelamento: 'Venda excluída.',
    });
    const list = await lista({ status: 'cancelada', q: String(os.numero) });
    expect(list.body.items.map((r) => r.id)).toContain(os.id);
  });
});

describe('stage order', () => {
  it('a stage cannot start before the previous one is completed; corte needs medição concluída (409 with the reason)', async () => {
    const { os } = await vendaPeloOrcamento();
    const corte = await acao(admin, os.id, 'corte', 'iniciar');
    expect(corte.status).toBe(409);
    expect(problema(corte).detail).toBe('O corte só pode começar depois que a medição for concluída.');
    const inst = await acao(admin, os.id, 'instalacao', 'concluir');
    expect(inst.status).toBe(409);
    expect(problema(inst).detail).toBe(
      'A etapa Instalação só pode começar depois que a etapa Medição for concluída.',
    );
    // Nothing changed.
    const d0 = await detalhe(admin, os.id);
    expect(d0.etapas.every((e) => e.status === 'pendente')).toBe(true);

    expect((await acao(admin, os.id, 'medicao', 'iniciar')).status).toBe(200);
    // Corte still refused while the medição is only in progress.
    expect((await acao(admin, os.id, 'corte', 'iniciar')).status).toBe(409);
    const done = await acao(admin, os.id, 'medicao', 'concluir');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'concluida', concluida_por_nome: expect.any(String) });
    expect(done.body.iniciada_em).toBeTruthy();
    const [row] = await env.db.select().from(ordensServico).where(eq(ordensServico.id, os.id));
    expect(row).toMatchObject({ etapa_atual: 'corte', etapas_concluidas: 1, status: 'aberta' });
    expect((await acao(admin, os.id, 'corte', 'iniciar')).status).toBe(200);
  });

  it('pressing again what already happened answers the stage (a retry), a stale version 409', async () => {
    const { os } = await vendaPeloOrcamento();
    const e = etapaDe(await detalhe(admin, os.id), 'medicao');
    const etapa = admin.api['ordens-servico'][':id'].etapas[':etapaId'];
    const args = { param: { id: e.os_id, etapaId: e.id }, json: { updated_at: e.updated_at } };
    await ok(etapa.iniciar.$post(args));
    const again = await ok(etapa.iniciar.$post(args));
    expect(again.status).toBe('em_andamento');
    await refused(etapa.concluir.$post(args), 409);
    // on purpose: no version
    const noVersion = await admin.post(`/api/ordens-servico/${e.os_id}/etapas/${e.id}/concluir`, {});
    expect(noVersion.status).toBe(400);
  });

  it('completing every stage completes the OS', async () => {
    const { os } = await vendaPeloOrcamento();
    for (const etapa of ['medicao', 'corte', 'acabamento', 'instalacao', 'entrega']) {
      const r = await acao(admin, os.id, etapa, 'concluir');
      expect(r.status, `${etapa}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    const [row] = await env.db.select().from(ordensServico).where(eq(ordensServico.id, os.id));
    expect(row).toMatchObject({ status: 'concluida', etapa_atual: null, etapas_concluidas: 5 });
  });
});

describe('schedule, team and notes', () => {
  it('schedules a stage (pendente → agendada), warns of a double booking without refusing it', async () => {
    const joao = await funcionario('João Instalador');
    const a = await vendaPeloOrcamento();
    const b = await vendaPeloOrcamento();
    const r1 = await agendar(a.os.id, 'medicao', '2031-03-10T12:00:00.000Z', '2031-03-10T14:00:00.000Z', [
      joao.id,
    ]);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body.avisos).toEqual([]);
    expect(r1.body.etapa).toMatchObject({
      status: 'agendada',
      funcionarios: [expect.objectContaining({ id: joao.id })],
    });
    // 13:00–15:00 overlaps 12:00–14:00 for João: accepted, with the warning.
    const r2 = await agendar(b.os.id, 'medicao', '2031-03-10T13:00:00.000Z', '2031-03-10T15:00:00.000Z', [
      joao.id,
    ]);
    expect(r2.status).toBe(200);
    expect(r2.body.avisos).toEqual([
      expect.objectContaining({
        funcionario_id: joao.id,
        funcionario_nome: 'João Instalador',
        os_numero: a.os.numero,
        etapa: 'medicao',
      }),
    ]);
    // Back to back (10:00–13:00, then 13:00–15:00) is no conflict.
    const r3 = await agendar(a.os.id, 'medicao', '2031-03-10T10:00:00.000Z', '2031-03-10T13:00:00.000Z', [
      joao.id,
    ]);
    expect(r3.body.avisos).toEqual([]);
    const r4 = await agendar(b.os.id, 'medicao', '2031-03-10T12:59:00.000Z', '2031-03-10T15:00:00.000Z', [
      joao.id,
    ]);
    expect(r4.body.avisos).toEqual([
      expect.objectContaining({
        os_numero: a.os.numero,
        inicio: '2031-03-10T10:00:00.000Z',
        fim: '2031-03-10T13:00:00.000Z',
      }),
    ]);

    // The agenda of that day lists both, and by employee.
    const ag = await agendaDe({
      de: '2031-03-10T00:00:00.000Z',
      ate: '2031-03-11T00:00:00.000Z',
      funcionario_id: joao.id,
    });
    expect(ag.status).toBe(200);
    expect(ag.body.items).toEqual([
      expect.objectContaining({
        os_id: a.os.id,
        inicio: '2031-03-10T10:00:00.000Z',
        fim: '2031-03-10T13:00:00.000Z',
      }),
      expect.objectContaining({
        os_id: b.os.id,
        inicio: '2031-03-10T12:59:00.000Z',
        funcionarios: [{ id: joao.id, nome: 'João Instalador' }],
      }),
    ]);
    // The list filters by employee and by period.
    const lf = await lista({ funcionario_id: joao.id, de: '2031-03-10', ate: '2031-03-10' });
    expect(lf.body.items.map((i) => i.id).sort()).toEqual([a.os.id, b.os.id].sort());
    const lOut = await lista({ funcionario_id: joao.id, de: '2031-03-12', ate: '2031-03-20' });
    expect(lOut.body.total).toBe(0);
    // An employee on a stage is kept (made inactive instead), with the reason.
    const del = await refused(admin.api.funcionarios[':id'].$delete({ param: { id: joao.id } }), 409);
    expect(del.detail).toBe(
      'Este funcionário está vinculado a 2 etapa(s) de produção e não pode ser removido. Marque-o como inativo.',
    );
  });

  it('bad input changes nothing: end before start, one of two, inactive employee, stale version, completed stage moved', async () => {
    const ativo = await funcionario('Ana Ativa');
    const inativo = await funcionario('Ivo Inativo', 'inativo');
    const { os } = await vendaPeloOrcamento();
    const e = etapaDe(await detalhe(admin, os.id), 'medicao');
    const url = `/api/ordens-servico/${e.os_id}/etapas/${e.id}`;
    const fimAntes = await mudarEtapa(e, e.updated_at, {
      inicio_previsto: '2031-04-01T15:00:00.000Z',
      fim_previsto: '2031-04-01T14:00:00.000Z',
    });
    expect(fimAntes.status).toBe(400);
    expect(problema(fimAntes).errors).toContainEqual({
      path: 'fim_previsto',
      message: 'O fim deve ser depois do início.',
    });
    const soInicio = await mudarEtapa(e, e.updated_at, { inicio_previsto: '2031-04-01T15:00:00.000Z' });
    expect(soInicio.status).toBe(400);
    const inat = await mudarEtapa(e, e.updated_at, {
      inicio_previsto: '2031-04-01T12:00:00.000Z',
      fim_previsto: '2031-04-01T14:00:00.000Z',
      funcionario_ids: [ativo.id, inativo.id],
    });
    expect(inat.status).toBe(400);
    expect(problema(inat).errors?.[0]?.path).toBe('funcionario_ids');
    const naoExiste = await mudarEtapa(e, e.updated_at, {
      funcionario_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(naoExiste.status).toBe(400);
    // on purpose: an end that is a number
    const lixo = await admin.patch(url, {
      inicio_previsto: 'amanhã',
      fim_previsto: 3,
      updated_at: e.updated_at,
    });
    expect(lixo.status).toBe(400);
    const depois = etapaDe(await detalhe(admin, os.id), 'medicao');
    expect(depois).toMatchObject({
      status: 'pendente',
      inicio: null,
      fim: null,
      funcionarios: [],
      updated_at: e.updated_at,
    });

    const feito = await mudarEtapa(e, e.updated_at, {
      inicio_previsto: '2031-04-01T12:00:00.000Z',
      fim_previsto: '2031-04-01T14:00:00.000Z',
      notas: 'Levar a trena a laser.',
    });
    expect(feito.status).toBe(200);
    const stale = await mudarEtapa(e, e.updated_at, { notas: 'outra' });
    expect(stale.status).toBe(409);

    expect((await acao(admin, os.id, 'medicao', 'concluir')).status).toBe(200);
    const done = etapaDe(await detalhe(admin, os.id), 'medicao');
    const mover = await mudarEtapa(e, done.updated_at, {
      inicio_previsto: '2031-04-02T12:00:00.000Z',
      fim_previsto: '2031-04-02T14:00:00.000Z',
    });
    expect(mover.status).toBe(409);
    expect(problema(mover).detail).toBe('Uma etapa concluída não pode ser movida nem ter a equipe alterada.');
    // Notes may still be written on a completed stage.
    const nota = await mudarEtapa(e, done.updated_at, { notas: 'Medidas conferidas.' });
    expect(nota.status).toBe(200);
    expect(nota.body.etapa).toMatchObject({
      notas: 'Medidas conferidas.',
      inicio: '2031-04-01T12:00:00.000Z',
    });
  });

  it('edits the job address of one OS (version required)', async () => {
    const { os } = await vendaPeloOrcamento();
    const d = await detalhe(admin, os.id);
    const umaOs = admin.api['ordens-servico'][':id'];
    const param = { id: os.id };
    const r = await ok(
      umaOs.$patch({
        param,
        json: { endereco: 'Av. Brasil, 500 - apto 12', cidade: 'Santos', uf: 'sp', updated_at: d.updated_at },
      }),
    );
    expect(r).toMatchObject({ endereco: 'Av. Brasil, 500 - apto 12', cidade: 'Santos', uf: 'SP' });
    // A PATCH of the CEP alone keeps the street, city and UF (issue 26 §2: absent fields were nulled).
    const cep = await ok(umaOs.$patch({ param, json: { cep: '11010-000', updated_at: r.updated_at } }));
    expect(cep).toMatchObject({
      endereco: 'Av. Brasil, 500 - apto 12',
      cidade: 'Santos',
      uf: 'SP',
      cep: '11010-000',
    });
    await refused(umaOs.$patch({ param, json: { cidade: 'X', updated_at: d.updated_at } }), 409);
    await refused(umaOs.$patch({ param, json: { uf: 'São Paulo', updated_at: cep.updated_at } }), 400);
  });
});

describe("installer's scope", () => {
  it('sees and acts only on the stages assigned to them; elsewhere 403', async () => {
    const inst = await instalador('Carlos Instalador');
    const outro = await instalador('Pedro Instalador');
    const mine = await vendaPeloOrcamento({ endereco: 'Rua A, 1', cidade: 'Jundiaí', uf: 'SP' });
    const theirs = await vendaPeloOrcamento();
    const amanha = new Date(Date.now() + 86_400_000);
    const fim = new Date(amanha.getTime() + 2 * 3_600_000);
    expect(
      (await agendar(mine.os.id, 'medicao', amanha.toISOString(), fim.toISOString(), [inst.funcionario.id]))
        .status,
    ).toBe(200);
    expect(
      (
        await agendar(theirs.os.id, 'medicao', amanha.toISOString(), fim.toISOString(), [
          outro.funcionario.id,
        ])
      ).status,
    ).toBe(200);

    const c = inst.client;
    const agenda = await ok(c.api.producao['minha-agenda'].$get({ query: {} }));
    expect(agenda.items).toEqual([
      expect.objectContaining({
        os_id: mine.os.id,
        etapa: 'medicao',
        endereco: 'Rua A, 1',
        cidade: 'Jundiaí',
      }),
    ]);
    // Their own OS, without prices (no Vendas permission).
    const d = await detalhe(c, mine.os.id);
    expect(d.itens[0]).toMatchObject({
      produto_nome: 'Granito São Gabriel',
      area: 3,
      valor_unitario: null,
      valor_total: null,
    });
    expect(d.venda_valor_bruto).toBeNull();
    // Another installer's OS and the production screens: 403.
    await refused(c.api['ordens-servico'][':id'].$get({ param: { id: theirs.os.id } }), 403);
    expect((await acao(c, theirs.os.id, 'medicao', 'iniciar')).status).toBe(403);
    expect((await lista({}, c)).status).toBe(403);
    expect((await agendaDe({ de: '2031-01-01T00:00:00Z', ate: '2031-01-02T00:00:00Z' }, c)).status).toBe(403);
    const eTheirs = etapaDe(await detalhe(admin, theirs.os.id), 'medicao');
    expect((await mudarEtapa(eTheirs, eTheirs.updated_at, { notas: 'x' }, c)).status).toBe(403);
    // A stage of their OS not assigned to them: 403 too.
    expect((await acao(c, mine.os.id, 'corte', 'iniciar')).status).toBe(403);

    // Their own stage: start, photo, complete.
    expect((await acao(c, mine.os.id, 'medicao', 'iniciar')).status).toBe(200);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const eMine = etapaDe(await detalhe(admin, mine.os.id), 'medicao');
    const foto = await ok(
      c.api['ordens-servico'][':id'].etapas[':etapaId'].fotos.$post({
        param: { id: eMine.os_id, etapaId: eMine.id },
        json: { imagem: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
      }),
      201,
    );
    const done = await acao(c, mine.os.id, 'medicao', 'concluir');
    expect(done.status).toBe(200);
    expect(done.body.concluida_por).toBe(inst.row.id);
    const fotoDa = (cl: Client) =>
      cl.api['ordens-servico'][':id'].fotos[':fotoId'].$get({ param: { id: mine.os.id, fotoId: foto.id } });
    const img = await fotoDa(c);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    await refused(fotoDa(outro.client), 403);
    // A user neither in production nor linked to an employee has no agenda.
    const plain = await userWith(env, ['dashboard']);
    const none = await ok(plain.client.api.producao['minha-agenda'].$get({ query: {} }));
    expect(none).toEqual({ funcionario_id: null, items: [] });
  });

  it('links and unlinks an employee on the Usuários dialog (one account per employee)', async () => {
    const f = await funcionario('Rita Acabadora');
    const created = (await ok(
      admin.api.usuarios.$post({
        json: {
          nome: 'Rita',
          email: `rita-${Date.now()}@lavra.test`,
          senha: 'pedra-bruta-2031',
          permissoes: ['dashboard'],
          funcionario_id: f.id,
        },
      }),
      201,
    ))!;
    expect(created).toMatchObject({ funcionario_id: f.id, funcionario_nome: 'Rita Acabadora' });
    const dup = await refused(
      admin.api.usuarios.$post({
        json: {
          nome: 'Rita 2',
          email: `rita2-${Date.now()}@lavra.test`,
          senha: 'pedra-bruta-2031',
          funcionario_id: f.id,
        },
      }),
      409,
    );
    expect(dup.detail).toBe('Este funcionário já está vinculado a outro usuário.');
    const usuario = admin.api.usuarios[':id'];
    const param = { id: created.id };
    const vinculo = async (funcionario_id: string | null) =>
      usuario.$patch({
        param,
        json: { funcionario_id, updated_at: await versionOf(usuario.$get({ param })) },
      });
    await refused(vinculo('00000000-0000-4000-8000-000000000000'), 400);
    const unlink = await ok(vinculo(null));
    expect(unlink!.funcionario_id).toBeNull();
  });
});

describe('photos and signature', () => {
  it('refuses what is not an image, and a signature outside the entrega; nothing is stored', async () => {
    const { os } = await vendaPeloOrcamento();
    const d = await detalhe(admin, os.id);
    const med = etapaDe(d, 'medicao');
    const etapa = admin.api['ordens-servico'][':id'].etapas[':etapaId'];
    const enviar = (qual: 'fotos' | 'assinatura', e: { os_id: string; id: string }, imagem: string) =>
      answer(etapa[qual].$post({ param: { id: e.os_id, etapaId: e.id }, json: { imagem } }));
    const notImage = await enviar(
      'fotos',
      med,
      `data:image/jpeg;base64,${Buffer.from('isto não é uma foto').toString('base64')}`,
    );
    expect(notImage.status).toBe(400);
    expect(problema(notImage).detail).toBe('O arquivo enviado não é uma imagem PNG, JPEG ou WebP válida.');
    expect((await enviar('fotos', med, 'oi')).status).toBe(400);
    const big = await enviar('fotos', med, `data:image/jpeg;base64,${'A'.repeat(1_200_000)}`);
    expect([400, 413]).toContain(big.status);
    const png = await sharp({ create: { width: 60, height: 20, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const sig = `data:image/png;base64,${png.toString('base64')}`;
    const wrong = await enviar('assinatura', med, sig);
    expect(wrong.status).toBe(400);
    expect((await detalhe(admin, os.id)).fotos).toEqual([]);
    const ent = etapaDe(d, 'entrega');
    const assinada = await enviar('assinatura', ent, sig);
    expect(assinada.status, JSON.stringify(assinada.body)).toBe(201);
    expect((await detalhe(admin, os.id)).fotos).toEqual([
      expect.objectContaining({ tipo: 'assinatura', mime: 'image/png', etapa_id: ent.id }),
    ]);
  });
});

describe('list, export and dashboard', () => {
  it('lists with current stage and progress, searches by client or número, filters by stage, exports', async () => {
    const cliente = await seedCliente(env, 'Marina Quartzo Tavares');
    const o = await seedOrcamento(env, { cliente_id: cliente.id, status: 'aprovado', valor_total: '10.00' });
    const v = await venda(o.id);
    const os = (await osDaVenda(v.id))!;
    const byName = await lista({ q: 'quartzo' });
    expect(byName.body.items).toEqual([
      expect.objectContaining({
        id: os.id,
        cliente_nome: 'Marina Quartzo Tavares',
        etapa_atual: 'medicao',
        etapas_concluidas: 0,
        etapas_total: 5,
      }),
    ]);
    expect((await lista({ q: String(os.numero) })).body.items.map((r) => r.id)).toContain(os.id);
    await acao(admin, os.id, 'medicao', 'concluir');
    await agendar(os.id, 'corte', '2031-05-02T11:00:00.000Z', '2031-05-02T19:00:00.000Z');
    const corte = await lista({ q: 'quartzo', etapa: 'corte' });
    expect(corte.body.items).toEqual([
      expect.objectContaining({
        id: os.id,
        etapas_concluidas: 1,
        etapa_atual_inicio: '2031-05-02T11:00:00.000Z',
      }),
    ]);
    expect((await lista({ q: 'quartzo', etapa: 'medicao' })).body.total).toBe(0);
    expect((await lista({ etapa: 'polimento' })).status).toBe(400);
    expect((await lista({ de: '31-12-2024' })).status).toBe(400);
    const csv = await answer(
      admin.api['ordens-servico'].exportar.$get({ query: { formato: 'csv', q: 'quartzo' } }),
    );
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Marina Quartzo Tavares');
    expect(String(csv.body)).toContain('Corte');
  });

  it("the month view: at most por_dia stages a day (business day), each day's total, no cancelled OS", async () => {
    const vendasMes = [];
    for (let k = 0; k < 4; k++) vendasMes.push(await vendaPeloOrcamento());
    const [a, b, c, d] = vendasMes as [
      (typeof vendasMes)[number],
      (typeof vendasMes)[number],
      (typeof vendasMes)[number],
      (typeof vendasMes)[number],
    ];
    // 1 July 2032 in São Paulo (UTC−3): 09:00, 10:00 and 11:00 local; and 23:30 local, which is already
    // 2 July in UTC — it belongs to 1 July.
    for (const [v, inicio] of [
      [a, '2032-07-01T12:00:00.000Z'],
      [b, '2032-07-01T13:00:00.000Z'],
      [c, '2032-07-01T14:00:00.000Z'],
      [d, '2032-07-02T02:30:00.000Z'],
    ] as const) {
      const fim = new Date(new Date(inicio).getTime() + 3_600_000).toISOString();
      expect((await agendar(v.os.id, 'medicao', inicio, fim)).status).toBe(200);
    }
    expect(
      (await agendar(d.os.id, 'corte', '2032-07-03T12:00:00.000Z', '2032-07-03T13:00:00.000Z')).status,
    ).toBe(200);
    const periodo = { de: '2032-07-01T03:00:00.000Z', ate: '2032-07-04T03:00:00.000Z' };
    const mes = await agendaDe({ ...periodo, por_dia: 2 });
    expect(mes.status, JSON.stringify(mes.body)).toBe(200);
    expect(mes.body.dias).toEqual([
      { dia: '2032-07-01', total: 4 },
      { dia: '2032-07-03', total: 1 },
    ]);
    // The first two of 1 July by start, then 3 July's one.
    expect(mes.body.items.map((i) => [i.os_id, i.etapa])).toEqual([
      [a.os.id, 'medicao'],
      [b.os.id, 'medicao'],
      [d.os.id, 'corte'],
    ]);
    // What a month cell shows and what dragging it needs, nothing more (the dialog reads the rest).
    const primeira = mes.body.items[0]!;
    expect(Object.keys(primeira).sort()).toEqual(
      ['cliente_nome', 'etapa', 'fim', 'id', 'inicio', 'os_id', 'os_numero', 'status', 'updated_at'].sort(),
    );
    expect(primeira).toMatchObject({
      os_numero: a.os.numero,
      cliente_nome: a.cliente.nome,
      etapa: 'medicao',
      status: 'agendada',
      inicio: '2032-07-01T12:00:00.000Z',
      fim: '2032-07-01T13:00:00.000Z',
    });
    // Without por_dia: all five, no day totals.
    const tudo = await agendaDe(periodo);
    expect(tudo.body.items).toHaveLength(5);
    expect(tudo.body.dias).toBeNull();
    // A cancelled sale's stages leave the agenda and its totals.
    await ok(alterarVenda(a.venda.id, 'cancelada'));
    const depois = await agendaDe({ ...periodo, por_dia: 2 });
    expect(depois.body.dias).toEqual([
      { dia: '2032-07-01', total: 3 },
      { dia: '2032-07-03', total: 1 },
    ]);
    expect(depois.body.items.map((i) => i.os_id)).toEqual([b.os.id, c.os.id, d.os.id]);
    expect((await agendaDe(periodo)).body.items).toHaveLength(4);
    // Begun before the period and still running at its start (17:00 on 30 June to 02:00 on 1 July,
    // local): on the first day, before the others. One over before the period began is not there.
    expect(
      (await agendar(c.os.id, 'acabamento', '2032-06-30T20:00:00.000Z', '2032-07-01T05:00:00.000Z')).status,
    ).toBe(200);
    expect(
      (await agendar(c.os.id, 'instalacao', '2032-06-30T10:00:00.000Z', '2032-06-30T11:00:00.000Z')).status,
    ).toBe(200);
    const comAntes = await agendaDe({ ...periodo, por_dia: 2 });
    expect(comAntes.body.dias).toEqual([
      { dia: '2032-07-01', total: 4 },
      { dia: '2032-07-03', total: 1 },
    ]);
    expect(comAntes.body.items.map((i) => [i.os_id, i.etapa])).toEqual([
      [c.os.id, 'acabamento'],
      [b.os.id, 'medicao'],
      [d.os.id, 'corte'],
    ]);
    // The hourly counts the database keeps (migration 0021) equal a rebuild after these writes:
    // schedules, a move, a cancelled sale.
    const horas = () =>
      queryRows<{ hora: string; n: number }>(
        env.db,
        sql`select hora::text, sum(n)::int as n from agenda_horas group by 1 having sum(n) <> 0 order by 1`,
      );
    const mantidas = await horas();
    expect(mantidas.length).toBeGreaterThan(0);
    await env.db.execute(sql`select lavra_recalcular_agenda()`);
    expect(await horas()).toEqual(mantidas);
    // A period that does not start on a whole hour is counted from the stages: the same totals.
    const meiaHora = await agendaDe({
      de: '2032-07-01T03:30:00.000Z',
      ate: '2032-07-04T03:00:00.000Z',
      por_dia: 2,
    });
    expect(meiaHora.body.dias).toEqual(comAntes.body.dias);
    const ruim = await agendaDe({ ...periodo, por_dia: 0 });
    expect(ruim.status).toBe(400);
    expect(JSON.stringify(ruim.body)).toContain('Informe ao menos 1 etapa por dia.');
  });

  it('"A agendar" finds an unscheduled stage by client or OS number', async () => {
    const cliente = await seedCliente(env, 'Otávio Travertino Reis');
    const o = await seedOrcamento(env, { cliente_id: cliente.id, status: 'aprovado', valor_total: '10.00' });
    const v = await venda(o.id);
    const os = (await osDaVenda(v.id))!;
    const esperado = [
      expect.objectContaining({ os_id: os.id, etapa: 'medicao', cliente_nome: cliente.nome }),
    ];
    expect((await aAgendar('travertino')).items).toEqual(esperado);
    expect((await aAgendar(`#${os.numero}`)).items).toEqual(esperado);
    expect((await aAgendar('ninguem-com-esse-nome')).items).toEqual([]);
  });

  it('counts this week installations and late OS for the dashboard', async () => {
    const indicadores = () => ok(admin.api.producao.indicadores.$get());
    const before = await indicadores();
    const { os } = await vendaPeloOrcamento();
    const ontem = new Date(Date.now() - 86_400_000);
    // A medição that ended yesterday and was not completed: the OS is late.
    await agendar(os.id, 'medicao', new Date(ontem.getTime() - 3_600_000).toISOString(), ontem.toISOString());
    const after = await indicadores();
    expect(after.os_atrasadas).toBe(before.os_atrasadas + 1);
    expect(typeof after.instalacoes_semana).toBe('number');
  });
});

describe('OS for sales made before this migration', () => {
  it('lavra_criar_os (what the migration runs for every old sale) creates missing OS once, a cancelled sale a cancelled OS', async () => {
    // Rows written straight to the table: no route hook ran, like the sales of before the migration.
    const old = await seedVenda(env, { data_venda: '2024-01-10', valor_bruto: '500.00' });
    const oldCancelled = await seedVenda(env, {
      data_venda: '2024-01-11',
      valor_bruto: '90.00',
      status: 'cancelada',
    });
    expect(await osDaVenda(old.id)).toBeUndefined();
    await env.db.execute(
      sql`select lavra_criar_os(id) from (select id from vendas order by created_at, numero) v`,
    );
    await env.db.execute(sql`select lavra_criar_os(id) from vendas`); // a second run adds nothing
    expect(await osDaVenda(old.id)).toMatchObject({
      status: 'aberta',
      venda_numero: old.numero,
      etapa_atual: 'medicao',
    });
    expect(await osDaVenda(oldCancelled.id)).toMatchObject({
      status: 'cancelada',
      motivo_cancelamento: 'Venda cancelada.',
    });
    const [sem] = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from vendas v where (select count(*) from ordens_servico o where o.venda_id = v.id) <> 1`,
    );
    expect(sem!.n).toBe(0);
    const stages = await env.db
      .select()
      .from(osEtapas)
      .where(eq(osEtapas.os_id, (await osDaVenda(old.id))!.id));
    expect(stages).toHaveLength(5);
  });
});
