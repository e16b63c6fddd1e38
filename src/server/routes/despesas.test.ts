import { sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { FINS_DE_MES_2026 } from '../../domain/datas.test-helpers';
import type { TipoDespesa } from '../../schemas/despesas';
import { Client as Anon, apiSuite, type Client, ok, refused, userWith, versionOf } from '../testing/harness';

const { env, admin } = apiSuite();

type NovaDespesa = InferRequestType<typeof admin.api.despesas.$post>['json'];
type Alteracao = Omit<InferRequestType<(typeof admin.api.despesas)[':id']['$patch']>['json'], 'updated_at'>;

const create = async (json: NovaDespesa) => (await ok(admin.api.despesas.$post({ json }), 201)).items;
/** Creates an expense of that tipo (`extra`: its observacoes, a parcelada's parcelas): its schedule's rows. */
const lancar = (
  tipo: TipoDespesa,
  descricao: string,
  valor: number | string,
  data_vencimento: string,
  extra: Partial<NovaDespesa> = {},
) => create({ descricao, valor, data_vencimento, tipo, ...extra });
const mes = (query: InferRequestType<typeof admin.api.despesas.$get>['query']) =>
  ok(admin.api.despesas.$get({ query }));
const umaDespesa = (id: string, c: Client = admin) => c.api.despesas[':id'].$get({ param: { id } });
const status = (id: string, s: 'paga' | 'pendente', c: Client = admin) =>
  c.api.despesas[':id'].status.$patch({ param: { id }, json: { status: s } });
/** An edit sent with the row's current version (read first, as the screen does); `replicar` as the query sends it. */
const alterar = async (id: string, json: Alteracao, replicar?: string, c: Client = admin) => {
  const updated_at = await versionOf(umaDespesa(id, c));
  return c.api.despesas[':id'].$patch({ param: { id }, query: { replicar }, json: { ...json, updated_at } });
};
/** An edit with ?replicar=true: the answer `{ despesa, replicadas, erro_replicacao? }` (the row alone fails the test). */
const replicar = async (id: string, json: Alteracao) => {
  const body = await ok(alterar(id, json, 'true'));
  if (!('replicadas' in body)) throw new Error(`the row, not the replication: ${JSON.stringify(body)}`);
  return body;
};
const countRows = async () => {
  const [r] = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from despesas`);
  return r!.n;
};
const serie = async (serieId: string) =>
  (
    await queryRows<{
      data_vencimento: string;
      descricao: string;
      valor: string;
      observacoes: string | null;
      status: string;
    }>(
      env.db,
      sql`select to_char(data_vencimento, 'YYYY-MM-DD') as data_vencimento, descricao, valor::text as valor, observacoes, status
          from despesas where serie_id = ${serieId} order by data_vencimento`,
    )
  ).map((r) => ({ ...r, valor: Number(r.valor) }));

describe('POST /api/despesas builds the schedule in one go', () => {
  it('avulso → one row', async () => {
    const items = await lancar('avulso', 'Conserto da serra', 150, '2026-05-10');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      descricao: 'Conserto da serra',
      valor: 150,
      data_vencimento: '2026-05-10',
      tipo: 'avulso',
      parcelas: 1,
      parcela_atual: 1,
      status: 'pendente',
    });
    expect(items[0]!.serie_id).toEqual(expect.any(String));
  });

  it('mensal from 31 January: 12 rows through December, the 31st clamped to each month', async () => {
    const items = await lancar('mensal', 'Aluguel', '3300,00', '2026-01-31', { observacoes: 'galpão' });
    // January is month index 0 → 12 − 0 = 12 rows; 2026 is not a leap year (28 Feb)
    expect(items.map((d) => d.data_vencimento)).toEqual(FINS_DE_MES_2026);
    expect(items.map((d) => d.parcela_atual)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(items.map((d) => d.parcelas))).toEqual(new Set([12]));
    expect(new Set(items.map((d) => d.valor))).toEqual(new Set([3300]));
    expect(new Set(items.map((d) => d.serie_id)).size).toBe(1);
    expect(
      items.every((d) => d.tipo === 'mensal' && d.observacoes === 'galpão' && d.status === 'pendente'),
    ).toBe(true);
  });

  it('mensal from September: 12 − 8 = 4 rows', async () => {
    const items = await lancar('mensal', 'Água', 80.5, '2026-09-15');
    expect(items.map((d) => [d.data_vencimento, d.parcela_atual, d.parcelas])).toEqual([
      ['2026-09-15', 1, 4],
      ['2026-10-15', 2, 4],
      ['2026-11-15', 3, 4],
      ['2026-12-15', 4, 4],
    ]);
  });

  it('parcelada of 60 from 30 November crosses five years and keeps the 30th where it exists', async () => {
    const items = await lancar('parcelada', 'Financiamento da ponte rolante', 1234.56, '2026-11-30', {
      parcelas: 60,
    });
    expect(items).toHaveLength(60);
    expect(items.map((d) => d.parcela_atual)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(items.map((d) => d.parcelas))).toEqual(new Set([60]));
    expect(new Set(items.map((d) => d.serie_id)).size).toBe(1);
    expect(new Set(items.map((d) => d.valor))).toEqual(new Set([1234.56]));
    const dates = items.map((d) => d.data_vencimento);
    // months after Nov 2026: +1 Dec 2026, +2 Jan 2027, +3 Feb 2027 (28), +15 Feb 2028 (leap: 29),
    // +59 Oct 2031 (the last)
    expect(dates.slice(0, 4)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28']);
    expect(dates[4]).toBe('2027-03-30');
    expect(dates[15]).toBe('2028-02-29');
    expect(dates[59]).toBe('2031-10-30');
    // strictly one per month, in order
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates.map((d) => d.slice(0, 7))).size).toBe(60);
  });

  it('each schedule gets its own serie_id', async () => {
    const a = await lancar('mensal', 'Luz', 10, '2026-11-05');
    const b = await lancar('mensal', 'Luz', 10, '2026-11-05');
    expect(a[0]!.serie_id).not.toBe(b[0]!.serie_id);
  });

  it('validates in pt-BR and writes nothing on bad input', async () => {
    const before = await countRows();
    // on purpose: bodies the types refuse (a field missing, a tipo that does not exist)
    const malformed: [Record<string, unknown>, string, string][] = [
      [{ valor: 10, data_vencimento: '2026-01-01', tipo: 'avulso' }, 'descricao', 'Informe a descrição.'],
      [{ descricao: 'x', data_vencimento: '2026-01-01', tipo: 'avulso' }, 'valor', 'Informe o valor.'],
      [{ descricao: 'x', valor: 10, tipo: 'avulso' }, 'data_vencimento', 'Informe a data de vencimento.'],
      [
        { descricao: 'x', valor: 10, data_vencimento: '2026-01-01', tipo: 'semanal' },
        'tipo',
        'Tipo inválido.',
      ],
    ];
    for (const [body, path, message] of malformed) {
      const res = await admin.post('/api/despesas', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    const cases: [NovaDespesa, string, string][] = [
      [
        { descricao: 'x', valor: 10, data_vencimento: '2026-02-30', tipo: 'avulso' },
        'data_vencimento',
        'Informe a data de vencimento.',
      ],
      [
        { descricao: 'x', valor: 10, data_vencimento: '2026-01-01', tipo: 'parcelada' },
        'parcelas',
        'Informe de 2 a 60 parcelas.',
      ],
      [
        { descricao: 'x', valor: 10, data_vencimento: '2026-01-01', tipo: 'parcelada', parcelas: 1 },
        'parcelas',
        'Informe de 2 a 60 parcelas.',
      ],
      [
        { descricao: 'x', valor: 10, data_vencimento: '2026-01-01', tipo: 'parcelada', parcelas: 61 },
        'parcelas',
        'Informe de 2 a 60 parcelas.',
      ],
      [
        { descricao: 'x', valor: 10, data_vencimento: '2026-01-01', tipo: 'parcelada', parcelas: 2.5 },
        'parcelas',
        'Informe de 2 a 60 parcelas.',
      ],
      [
        { descricao: 'x', valor: -1, data_vencimento: '2026-01-01', tipo: 'avulso' },
        'valor',
        'O valor não pode ser menor que 0.',
      ],
      [
        { descricao: 'x', valor: '12.345', data_vencimento: '2026-01-01', tipo: 'avulso' },
        'valor',
        'Informe o valor.',
      ],
    ];
    for (const [json, path, message] of cases) {
      const res = await refused(admin.api.despesas.$post({ json }), 400);
      expect(res.errors, JSON.stringify(json)).toContainEqual({ path, message });
    }
    expect(await countRows()).toBe(before);
  });

  it('parcelada with the limits 2 and 60 is accepted; parcelas is ignored for avulso', async () => {
    expect(await lancar('parcelada', 'x', 1, '2026-01-01', { parcelas: '2' })).toHaveLength(2);
    expect(await lancar('avulso', 'x', 1, '2026-01-01', { parcelas: 9 })).toHaveLength(1);
  });
});

describe('GET /api/despesas?mes=&ano= lists the month with its KPI figures', () => {
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    // Year 2040: no other test has rows there (the 60-installment plan ends in 2031).
    const [fev] = await lancar('avulso', 'Fevereiro fora', 999, '2040-02-29');
    const [dia1] = await lancar('avulso', 'Contador', 100, '2040-03-01');
    const [ultimo] = await lancar('avulso', 'Frete de chapas', '250.50', '2040-03-31');
    const [abr] = await lancar('avulso', 'Abril fora', 777, '2040-04-01');
    const aluguel = await lancar('mensal', 'Aluguel do galpão', 1200, '2040-01-31');
    ids = { fev: fev!.id, dia1: dia1!.id, ultimo: ultimo!.id, abr: abr!.id, aluguelMar: aluguel[2]!.id };
    expect(aluguel[2]!.data_vencimento).toBe('2040-03-31');
    await ok(status(dia1!.id, 'paga'));
  });

  it('holds only the rows due from the 1st to the last day, in due-date order, and sums them in SQL', async () => {
    const res = await mes({ mes: 3, ano: 2040 });
    const got = res.items;
    expect(got.map((d) => d.id).sort()).toEqual([ids.dia1, ids.ultimo, ids.aluguelMar].sort());
    expect(got.map((d) => d.data_vencimento)).toEqual(['2040-03-01', '2040-03-31', '2040-03-31']);
    expect(res).toMatchObject({ total: 3, page: 1, limit: 50, mes: 3, ano: 2040 });
    // total = 100.00 + 250.50 + 1200.00 = 1550.50; paid = 100.00 (the 1st); pending = 1450.50
    // custo_hora = 1550.50 / 220 = 7.04772… → 7.05
    expect(res.resumo).toEqual({
      total_mes: 1550.5,
      total_pago: 100,
      total_pendente: 1450.5,
      custo_hora: 7.05,
      quantidade: 3,
    });
  });

  it("searches in the month (the KPI figures stay the whole month's) and paginates", async () => {
    const s = await mes({ mes: 3, ano: 2040, q: 'frete' });
    expect(s.items.map((d) => d.id)).toEqual([ids.ultimo]);
    expect(s.total).toBe(1);
    expect(s.resumo.total_mes).toBe(1550.5);
    const p1 = await mes({ mes: 3, ano: 2040, limit: 2, page: 1 });
    const p2 = await mes({ mes: 3, ano: 2040, limit: 2, page: 2 });
    expect(p1.items).toHaveLength(2);
    expect(p2.items).toHaveLength(1);
    expect(p1.total).toBe(3);
    const all = [...p1.items, ...p2.items].map((d) => d.id).sort();
    expect(all).toEqual([ids.dia1, ids.ultimo, ids.aluguelMar].sort());
  });

  it('an empty month answers zeros', async () => {
    const res = await mes({ mes: 7, ano: 2035 });
    expect(res.items).toEqual([]);
    expect(res.resumo).toEqual({
      total_mes: 0,
      total_pago: 0,
      total_pendente: 0,
      custo_hora: 0,
      quantidade: 0,
    });
  });

  it('rounds Custo Hora half-up to cents', async () => {
    // 1.10 / 220 = 0.005 exactly → 0.01
    await lancar('avulso', 'Tarifa', 1.1, '2036-06-15');
    expect((await mes({ mes: 6, ano: 2036 })).resumo.custo_hora).toBe(0.01);
  });

  it('rejects a month outside 1–12', async () => {
    for (const m of [13, 0, 'abc']) {
      await refused(admin.api.despesas.$get({ query: { mes: m, ano: 2040 } }), 400);
    }
  });

  it('GET /:id reads one row; unknown → 404, malformed → 400', async () => {
    expect(await ok(umaDespesa(ids.ultimo!))).toMatchObject({
      id: ids.ultimo,
      valor: 250.5,
      descricao: 'Frete de chapas',
    });
    await refused(umaDespesa('00000000-0000-4000-8000-000000000000'), 404);
    await refused(umaDespesa('nao-e-uuid'), 400);
  });
});

describe('the status switch', () => {
  it('toggles pendente ↔ paga at once and changes nothing else', async () => {
    const [d] = await lancar('avulso', 'Internet', 99.9, '2033-05-05');
    const paga = await ok(status(d!.id, 'paga'));
    expect(paga).toMatchObject({ id: d!.id, status: 'paga', valor: 99.9, descricao: 'Internet' });
    let resumo = (await mes({ mes: 5, ano: 2033 })).resumo;
    expect(resumo).toMatchObject({ total_pago: 99.9, total_pendente: 0 });
    const back = await ok(status(d!.id, 'pendente'));
    expect(back.status).toBe('pendente');
    resumo = (await mes({ mes: 5, ano: 2033 })).resumo;
    expect(resumo).toMatchObject({ total_pago: 0, total_pendente: 99.9 });
  });

  it('refuses other values and unknown rows', async () => {
    const [d] = await lancar('avulso', 'x', 1, '2033-05-06');
    // on purpose: a status outside the two
    const bad = await admin.patch(`/api/despesas/${d!.id}/status`, { status: 'cancelada' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ path: 'status', message: 'Status inválido.' });
    await refused(status('00000000-0000-4000-8000-000000000000', 'paga'), 404);
  });
});

describe('PATCH /api/despesas/:id and ?replicar=true', () => {
  let aluguel: Awaited<ReturnType<typeof create>>;
  let internet: typeof aluguel;
  beforeEach(async () => {
    aluguel = await lancar('mensal', 'Aluguel', 500, '2031-01-10');
    internet = await lancar('mensal', 'Internet', 100, '2031-01-10');
  });

  it('copies descricao, valor and observacoes to the LATER months of the SAME series only', async () => {
    const abril = aluguel[3]!;
    const maio = aluguel[4]!;
    expect(abril.data_vencimento).toBe('2031-04-10');
    // May is paid beforehand: the copy must not touch statuses
    await ok(status(maio.id, 'paga'));
    const res = await ok(
      admin.api.despesas[':id'].$patch({
        param: { id: abril.id },
        query: { replicar: 'true' },
        json: {
          descricao: 'Aluguel reajustado',
          valor: '550.25',
          observacoes: 'IGP-M',
          data_vencimento: '2031-04-12',
          updated_at: abril.updated_at,
        },
      }),
    );
    if (!('replicadas' in res)) throw new Error(`the row, not the replication: ${JSON.stringify(res)}`);
    // May … December = 8 rows
    expect(res.replicadas).toBe(8);
    expect(res.erro_replicacao).toBeUndefined();
    expect(res.despesa).toMatchObject({
      id: abril.id,
      descricao: 'Aluguel reajustado',
      valor: 550.25,
      observacoes: 'IGP-M',
      data_vencimento: '2031-04-12',
    });

    const rows = await serie(abril.serie_id!);
    const old = { descricao: 'Aluguel', valor: 500, observacoes: null };
    const novo = { descricao: 'Aluguel reajustado', valor: 550.25, observacoes: 'IGP-M' };
    expect(rows.slice(0, 3)).toEqual(
      ['2031-01-10', '2031-02-10', '2031-03-10'].map((data_vencimento) => ({
        ...old,
        data_vencimento,
        status: 'pendente',
      })),
    );
    expect(rows[3]).toEqual({ ...novo, data_vencimento: '2031-04-12', status: 'pendente' });
    // later months changed, but keep their own dates and statuses
    expect(rows.slice(4)).toEqual(
      [5, 6, 7, 8, 9, 10, 11, 12].map((m) => ({
        ...novo,
        data_vencimento: `2031-${String(m).padStart(2, '0')}-10`,
        status: m === 5 ? 'paga' : 'pendente',
      })),
    );
    // the other series is untouched
    const other = await serie(internet[0]!.serie_id!);
    expect(other.every((r) => r.descricao === 'Internet' && r.valor === 100 && r.observacoes === null)).toBe(
      true,
    );
  });

  it('copies only the fields that were sent', async () => {
    const res = await replicar(aluguel[9]!.id, { valor: 610 });
    expect(res.replicadas).toBe(2);
    const rows = await serie(aluguel[0]!.serie_id!);
    expect(rows.map((r) => [r.descricao, r.valor])).toEqual([
      ...Array.from({ length: 9 }, () => ['Aluguel', 500]),
      ['Aluguel', 610],
      ['Aluguel', 610],
      ['Aluguel', 610],
    ]);
  });

  it('December has no later months: replicadas 0', async () => {
    const res = await replicar(aluguel[11]!.id, { valor: 700 });
    expect(res).toMatchObject({ replicadas: 0, despesa: { valor: 700 } });
  });

  it('without replicar only the row changes, and the answer is the row', async () => {
    const res = await ok(alterar(aluguel[0]!.id, { valor: 505 }));
    expect(res).toMatchObject({ id: aluguel[0]!.id, valor: 505 });
    const rows = await serie(aluguel[0]!.serie_id!);
    expect(rows.map((r) => r.valor)).toEqual([505, ...Array.from({ length: 11 }, () => 500)]);
  });

  it('an avulso or a parcelada has nothing to replicate', async () => {
    const [a] = await lancar('avulso', 'Avulsa', 1, '2031-01-10');
    expect((await replicar(a!.id, { valor: 2 })).replicadas).toBe(0);
    const p = await lancar('parcelada', 'Parc', 1, '2031-01-10', { parcelas: 3 });
    expect((await replicar(p[0]!.id, { valor: 2 })).replicadas).toBe(0);
    expect((await serie(p[0]!.serie_id!)).map((r) => r.valor)).toEqual([2, 1, 1]);
  });

  it('a stale updated_at gets 409 and changes nothing, not even the later months', async () => {
    const marco = aluguel[2]!;
    const rota = admin.api.despesas[':id'];
    const param = { id: marco.id };
    await ok(
      rota.$patch({ param, query: {}, json: { observacoes: 'primeira', updated_at: marco.updated_at } }),
    );
    const stale = await refused(
      rota.$patch({ param, query: { replicar: 'true' }, json: { valor: 1, updated_at: marco.updated_at } }),
      409,
    );
    expect(stale.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    const rows = await serie(marco.serie_id!);
    expect(rows.map((r) => r.valor)).toEqual(Array.from({ length: 12 }, () => 500));
  });

  it('validates the edit (dates and tipo are not copied; tipo cannot be changed)', async () => {
    const id = aluguel[0]!.id;
    await refused(alterar(id, { valor: 'abc' }), 400);
    expect((await refused(alterar(id, { descricao: '  ' }), 400)).errors?.[0]).toMatchObject({
      path: 'descricao',
      message: 'Informe a descrição.',
    });
    // on purpose: a field the edit does not have
    expect((await admin.patchCurrent(`/api/despesas/${id}`, { tipo: 'avulso' })).status).toBe(400);
    await refused(alterar(id, { valor: 1 }, 'talvez'), 400);
    await refused(alterar('00000000-0000-4000-8000-000000000000', { valor: 1 }), 404);
  });

  it('if copying fails, the row is still saved, the later months are left whole, and the answer says so', async () => {
    // A trigger that refuses updates of later months of this series (parcela_atual > 6) makes the copy fail.
    const serieId = aluguel[0]!.serie_id!;
    await env.db.execute(
      sql.raw(`create or replace function falha_replica() returns trigger language plpgsql as $$
        begin
          if old.serie_id = '${serieId}' and old.parcela_atual > 6 then raise exception 'falha simulada'; end if;
          return new;
        end $$`),
    );
    await env.db.execute(
      sql.raw(
        'create trigger falha_replica before update on despesas for each row execute function falha_replica()',
      ),
    );
    const logged = vi.spyOn(env.deps.logger, 'error').mockImplementation(() => {});
    try {
      const res = await replicar(aluguel[3]!.id, { valor: 900 });
      expect(res).toMatchObject({
        despesa: { id: aluguel[3]!.id, valor: 900 },
        replicadas: 0,
        erro_replicacao: 'Despesa atualizada, mas houve erro ao replicar para meses futuros.',
      });
      // Months 5 and 6 would have passed the trigger, but the copy is all or nothing.
      const rows = await serie(serieId);
      expect(rows.map((r) => r.valor)).toEqual([500, 500, 500, 900, 500, 500, 500, 500, 500, 500, 500, 500]);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await env.db.execute(sql.raw('drop trigger falha_replica on despesas'));
    }
  });
});

describe('DELETE /api/despesas/:id', () => {
  it('removes one row only', async () => {
    const items = await lancar('mensal', 'Seguro', 40, '2034-10-01');
    const param = { id: items[1]!.id };
    await ok(admin.api.despesas[':id'].$delete({ param }), 204);
    await refused(umaDespesa(param.id), 404);
    expect((await serie(items[0]!.serie_id!)).map((r) => r.data_vencimento)).toEqual([
      '2034-10-01',
      '2034-12-01',
    ]);
    await refused(admin.api.despesas[':id'].$delete({ param }), 404);
  });
});

describe('GET /api/despesas/relatorio?ano=', () => {
  it('totals the year by tipo and by month, zeros included', async () => {
    // 2032: avulso 300.00 on 15/02 (paid); mensal 1000.00 from 10/11 → Nov + Dec;
    // parcelada 3 × 250.25 from 31/12/2032 → only Dec 2032 is in the year (Jan, Feb 2033 are not);
    // a row on 31/12/2031 and one on 01/01/2033 are outside.
    const [avulso] = await lancar('avulso', 'Reparo', 300, '2032-02-15');
    await ok(status(avulso!.id, 'paga'));
    await lancar('mensal', 'Vigilância', 1000, '2032-11-10');
    await lancar('parcelada', 'Compressor', 250.25, '2032-12-31', { parcelas: 3 });
    await lancar('avulso', 'Fora', 5, '2031-12-31');
    await lancar('avulso', 'Fora', 5, '2033-01-01');

    const rel = await ok(admin.api.despesas.relatorio.$get({ query: { ano: 2032 } }));
    // total = 300.00 + 2 × 1000.00 + 250.25 = 2550.25; paid 300.00; pending 2250.25
    expect(rel).toMatchObject({ ano: 2032, total: 2550.25, total_pago: 300, total_pendente: 2250.25 });
    expect(rel.por_tipo).toEqual([
      { tipo: 'avulso', total: 300, quantidade: 1 },
      { tipo: 'mensal', total: 2000, quantidade: 2 },
      { tipo: 'parcelada', total: 250.25, quantidade: 1 },
    ]);
    const zero = (mes: number) => ({ mes, total: 0, pago: 0, pendente: 0, quantidade: 0 });
    expect(rel.por_mes).toEqual([
      zero(1),
      { mes: 2, total: 300, pago: 300, pendente: 0, quantidade: 1 },
      ...[3, 4, 5, 6, 7, 8, 9, 10].map(zero),
      { mes: 11, total: 1000, pago: 0, pendente: 1000, quantidade: 1 },
      // 1000.00 + 250.25
      { mes: 12, total: 1250.25, pago: 0, pendente: 1250.25, quantidade: 2 },
    ]);
  });

  it('rejects a bad year', async () => {
    await refused(admin.api.despesas.relatorio.$get({ query: { ano: 'abc' } }), 400);
  });
});

describe('permissions', () => {
  it('needs despesas: 401 signed out, 403 without it, 200 with it', async () => {
    await refused(new Anon(env).api.despesas.$get({ query: {} }), 401);
    const outro = (await userWith(env, ['dashboard', 'vendas'])).client;
    const [d] = await lancar('avulso', 'x', 1, '2026-01-01');
    const param = { id: d!.id };
    await refused(outro.api.despesas.$get({ query: {} }), 403);
    await refused(outro.api.despesas.relatorio.$get({ query: {} }), 403);
    await refused(umaDespesa(d!.id, outro), 403);
    const json = { descricao: 'x', valor: 1, data_vencimento: '2026-01-01' };
    await refused(outro.api.despesas.$post({ json }), 403);
    await refused(alterar(d!.id, { valor: 2 }, undefined, outro), 403);
    await refused(status(d!.id, 'paga', outro), 403);
    await refused(outro.api.despesas[':id'].$delete({ param }), 403);
    const dono = (await userWith(env, ['despesas'])).client;
    await ok(dono.api.despesas.$get({ query: {} }));
  });

  it('without mes/ano the list is the current month', async () => {
    const res = await ok(admin.api.despesas.$get({ query: {} }));
    const now = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .split('-')
      .map(Number);
    expect([res.ano, res.mes]).toEqual(now);
  });
});
