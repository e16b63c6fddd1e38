import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { categoriasProdutos, produtos } from '../../db/schema';
import type { PlanoCorte } from '../../domain/plano-corte';
import { validarPlano } from '../../domain/plano-corte.test-helpers';
import type { AppDeps } from '../context';
import { calcularPlanoCorte, planoGate } from '../plano-corte';
import { answer, apiSuite, Client, fieldErrors, ok, refused, userWith, versionOf } from '../testing/harness';

const { env, admin } = apiSuite({ planoConcorrentes: 1, planoFila: 8 });
/** /proc/…/stat after the name: [16] is the nice value, [38] the scheduling policy (0 normal, 5 SCHED_IDLE). */
const stat = (f: string) => {
  try {
    return readFileSync(f, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined; // the process or thread is gone
  }
};
/** The planner processes this test process started (their command line names the planner's file). */
const planejadores = () =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid) && stat(`/proc/${pid}/stat`)?.[1] === String(process.pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('plano-corte-worker');
      } catch {
        return false;
      }
    });
/** Each thread of a process: its nice value and policy. */
const threadsDe = (pid: string | number) => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => {
      const s = stat(`/proc/${pid}/task/${t}/stat`);
      return s ? [{ nice: s[16], politica: s[38] }] : [];
    });
  } catch {
    return [];
  }
};
/** Other files' planners (this test worker runs files one after another), set aside. */
const planejadoresAntes = new Set(process.platform === 'linux' ? planejadores() : []);
const meusPlanejadores = () => planejadores().filter((pid) => !planejadoresAntes.has(pid));

const CHAPA = { ref: 'Chapa 3000×1900', largura_mm: 3000, altura_mm: 1900, quantidade: 5 };
const COZINHA = [
  { ref: 'bancada pia', largura_mm: 2900, altura_mm: 600, quantidade: 2 },
  { ref: 'ilha', largura_mm: 1800, altura_mm: 900, girar: false },
  { ref: 'peitoril', largura_mm: 1200, altura_mm: 150, quantidade: 3 },
];
type Calcular = InferRequestType<Client['api']['planos-corte']['calcular']['$post']>['json'];
/** A plan asked by `c` (with `headers`, if any): the answer, whatever the status. */
const calcular = (c: Client, json: Calcular, headers: Record<string, string> = {}) =>
  answer(c.api['planos-corte'].calcular.$post({ json }, { headers }));
/** The plan of a request that must answer 200. */
const planoDe = async (res: ReturnType<typeof calcular>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as PlanoCorte;
};

describe('POST /api/planos-corte/calcular', () => {
  it('plans a kitchen in the worker: a valid plan, fewest slabs, nothing saved', async () => {
    const body = { pecas: COZINHA, chapas: [CHAPA], tempo_ms: 300 };
    const plano = await planoDe(calcular(admin, body));
    expect(validarPlano(COZINHA, [CHAPA], plano)).toEqual([]);
    // 2 × 1,740,000 + 1,620,000 + 3 × 180,000 = 5,640,000 mm² > 2980 × 1880 = 5,602,400: two slabs.
    expect(plano.chapas.length).toBe(2);
    expect(plano.minimo_comprovado).toBe(true);
    expect(plano.chapas[0]).toMatchObject({
      ref: 'Chapa 3000×1900',
      chapa_id: null,
      sobra: false,
      refilo_mm: 10,
    });
    // A POST that creates nothing: the same idempotency key with another body is no conflict.
    const h = { 'idempotency-key': 'plano-mesma-chave' };
    expect((await calcular(admin, body, h)).status).toBe(200);
    const outro = { ...body, pecas: COZINHA.slice(1) };
    expect((await calcular(admin, outro, h)).status).toBe(200);
  });

  it.runIf(process.platform === 'linux')(
    'the planner runs in a process of its own at the lowest priority (SCHED_IDLE, nice 19), every thread of it; the server keeps the normal one',
    async () => {
      await planoDe(calcular(admin, { pecas: COZINHA, chapas: [CHAPA], tempo_ms: 50 }));
      const [pid] = meusPlanejadores();
      expect(pid).toBeDefined();
      // a plan lifted past its budget (a busy machine) goes back to idle through `chrt`, a moment later
      await expect
        .poll(() => threadsDe(pid!).every((t) => t.politica === '5'), { timeout: 10_000 })
        .toBe(true);
      expect(threadsDe(pid!).map((t) => t.nice)).toEqual(threadsDe(pid!).map(() => '19'));
      // No thread of the server's process is lowered: a starved thread holding a lock the server's thread
      // waits for would stall every request (it did, while the planner was a thread of the server).
      expect(threadsDe(process.pid).filter((t) => t.politica !== '0' || t.nice !== '0')).toEqual([]);
    },
  );

  it.runIf(process.platform === 'linux')(
    'on a machine kept busy by other work, a plan past its budget is lifted to a normal process until it answers, then goes back to idle',
    async () => {
      await planoDe(calcular(admin, { pecas: COZINHA, chapas: [CHAPA], tempo_ms: 50 }));
      // The planner (one at a time here), idle between plans: a plan that outlived its budget goes back
      // to idle a moment after its answer.
      await expect.poll(() => meusPlanejadores().length, { timeout: 10_000 }).toBe(1);
      const [pid] = meusPlanejadores() as [string];
      await expect.poll(() => stat(`/proc/${pid}/stat`)?.[38], { timeout: 10_000 }).toBe('5');

      // Two busy loops per core at normal priority leave a SCHED_IDLE process practically no CPU: without
      // the lift past the budget this plan took tens of seconds (the Simulador under stress-ng). Each loop
      // says when it runs, so the plan starts on a machine already busy; each ends by itself after 60 s,
      // should the test be stopped before its `finally`.
      const hogs = Array.from({ length: availableParallelism() * 2 }, () =>
        spawn(
          process.execPath,
          ['-e', 'process.stdout.write("ok"); const fim = Date.now() + 60000; while (Date.now() < fim);'],
          { stdio: ['ignore', 'pipe', 'ignore'] },
        ),
      );
      const vistas: (string | undefined)[] = [];
      const servidorBaixado: unknown[] = [];
      let ocupadaAoResponder = false;
      try {
        await Promise.all(hogs.map((h) => new Promise((ok) => h.stdout.once('data', ok))));
        const pecas = Array.from({ length: 120 }, (_, i) => ({
          ref: `p${i}`,
          largura_mm: 400 + ((i * 137) % 900),
          altura_mm: 300 + ((i * 211) % 500),
        }));
        let respondeu = false;
        const resposta = planoDe(calcular(admin, { pecas, chapas: [CHAPA], tempo_ms: 300 })).finally(() => {
          respondeu = true;
          ocupadaAoResponder = hogs.every((h) => h.exitCode === null);
        });
        // The planner's policy, read while the plan runs and until it is idle again after the answer
        // (the lift lasts from past the budget until the "back to idle" after the answer: ≥ 0.1 s).
        const t0 = Date.now();
        while (!(respondeu && vistas.includes('0') && vistas.at(-1) === '5') && Date.now() - t0 < 40_000) {
          vistas.push(stat(`/proc/${pid}/stat`)?.[38]);
          servidorBaixado.push(...threadsDe(process.pid).filter((t) => t.politica !== '0'));
          await new Promise((r) => setTimeout(r, 5));
        }
        const plano = await resposta;
        expect(validarPlano(pecas, [CHAPA], plano)).toEqual([]);
        // Answered while the machine was still busy: the loops run 60 s, and a plan left idle took tens of
        // seconds. How much sooner depends on the machine's load (1.2–1.9 s here, 8.8 s once in CI), so the
        // proof that it did not starve is the policy the kernel shows, not a time.
        expect(ocupadaAoResponder).toBe(true);
      } finally {
        for (const h of hogs) h.kill('SIGKILL');
      }
      // idle at first, then a normal process (lifted), then idle again, in that order
      expect(vistas.filter((p, i) => p !== vistas[i - 1])).toEqual(['5', '0', '5']);
      // and the server's own threads at the normal policy all along
      expect(servidorBaixado).toEqual([]);
    },
  );

  it('open to producao and to orcamentos; 403 to others, 401 without a session', async () => {
    const body = { pecas: [{ ref: 'a', largura_mm: 500, altura_mm: 500 }], chapas: [CHAPA], tempo_ms: 100 };
    for (const p of ['producao', 'orcamentos'] as const) {
      const { client } = await userWith(env, [p]);
      expect((await calcular(client, body)).status).toBe(200);
    }
    const { client } = await userWith(env, ['clientes', 'vendas']);
    expect((await calcular(client, body)).status).toBe(403);
    expect((await calcular(new Client(env), body)).status).toBe(401);
  });

  it('a piece that fits nowhere is reported, not refused', async () => {
    const pecas = [{ ref: 'gigante', largura_mm: 4000, altura_mm: 2500 }, ...COZINHA];
    const plano = await planoDe(calcular(admin, { pecas, chapas: [CHAPA], tempo_ms: 200 }));
    expect(plano.nao_couberam).toEqual([
      { ref: 'gigante', motivo: 'A peça 4000 × 2500 mm é maior que todas as chapas, em qualquer posição.' },
    ]);
    expect(validarPlano(pecas, [CHAPA], plano)).toEqual([]);
  });

  it('bad input: 400 naming the field', async () => {
    const peca = { ref: 'a', largura_mm: 500, altura_mm: 400 };
    const ok: Calcular = { pecas: [peca], chapas: [CHAPA] };
    const casos: [Calcular, string, RegExp][] = [
      [{ ...ok, pecas: [{ ...peca, largura_mm: 500.5 }] }, 'pecas.0.largura_mm', /inteiro/],
      [{ ...ok, pecas: [{ ...peca, altura_mm: 0 }] }, 'pecas.0.altura_mm', /maior que zero/],
      [{ ...ok, pecas: [{ ...peca, largura_mm: -10 }] }, 'pecas.0.largura_mm', /maior que zero/],
      [{ ...ok, pecas: [{ ...peca, largura_mm: 5001 }] }, 'pecas.0.largura_mm', /5000 mm/],
      [{ ...ok, chapas: [{ ...CHAPA, altura_mm: 9000 }] }, 'chapas.0.altura_mm', /5000 mm/],
      [{ ...ok, pecas: [] }, 'pecas', /ao menos uma peça/],
      [{ ...ok, chapas: [] }, 'chapas', /ao menos uma chapa/],
      [{ ...ok, pecas: Array.from({ length: 501 }, () => peca) }, 'pecas', /500 peças/],
      [
        {
          ...ok,
          pecas: [
            { ...peca, quantidade: 300 },
            { ...peca, quantidade: 201 },
          ],
        },
        'pecas',
        /501/,
      ],
      [{ ...ok, serra_mm: 21 }, 'serra_mm', /20 mm/],
      [{ ...ok, tempo_ms: 10_001 }, 'tempo_ms', /10 s/],
      [
        { ...ok, refilo_mm: 250, chapas: [{ ...CHAPA, largura_mm: 500 }] },
        'refilo_mm',
        /não deixa área útil/,
      ],
      [{ ...ok, chapas: [{ ...CHAPA, formato: 'L' }] }, 'chapas.0.recorte_largura_mm', /recorte do L/],
      [{ ...ok, chapas: [{ ...CHAPA, chapa_id: 'c-1', quantidade: 2 }] }, 'chapas.0.quantidade', /uma só/],
    ];
    for (const [json, campo, msg] of casos) {
      const erros = await fieldErrors(admin.api['planos-corte'].calcular.$post({ json }));
      expect(erros[campo], `${campo} em ${JSON.stringify(erros)}`).toMatch(msg);
    }
    // on purpose: a width sent as text, a yes/no sent as text
    const malformados: [unknown, string, RegExp][] = [
      [{ ...ok, chapas: [{ ...CHAPA, largura_mm: '3000' }] }, 'chapas.0.largura_mm', /.+/],
      [{ ...ok, pecas: [{ ...peca, girar: 'sim' }] }, 'pecas.0.girar', /verdadeiro ou falso/],
    ];
    for (const [body, campo, msg] of malformados) {
      const erros = await admin.invalidPost('/api/planos-corte/calcular', body);
      expect(erros[campo], `${campo} em ${JSON.stringify(erros)}`).toMatch(msg);
    }
    // A remnant keeps its edges: a trim that would eat a new slab of that size does not apply to it.
    const sobra = { ...ok, refilo_mm: 250, chapas: [{ ...CHAPA, largura_mm: 500, sobra: true }] };
    expect((await calcular(admin, { ...sobra, tempo_ms: 100 })).status).toBe(200);
  });

  it('plans run off the request thread, one at a time: other requests are answered meanwhile', async () => {
    // 1000 × 1000 squares: two to a slab (2980 × 1880 usable) while the area bound says 5.6 per
    // slab, so no plan ever reaches the bound and each one takes its whole 800 ms.
    const pecas = [{ ref: 'q', largura_mm: 1000, altura_mm: 1000, quantidade: 60 }];
    const chapas = [{ ...CHAPA, quantidade: 40 }];
    const gate = planoGate(env.deps.config);
    const inicio = performance.now();
    const planos = [1, 2, 3].map(() => calcular(admin, { pecas, chapas, tempo_ms: 800 }));
    // While they run, a plain request: answered long before the plans end.
    await new Promise((ok) => setTimeout(ok, 200));
    const t0 = performance.now();
    await ok(admin.api.auth.me.$get());
    const espera = performance.now() - t0;
    for (const res of planos) {
      const plano = await planoDe(res);
      expect(validarPlano(pecas, chapas, plano)).toEqual([]);
      expect(plano.chapas.length).toBe(30);
    }
    expect(gate.peak).toBe(1);
    // Three plans of 800 ms each, one after the other.
    expect(performance.now() - inicio).toBeGreaterThan(2000);
    expect(espera).toBeLessThan(700);
  });

  it('beyond the queue: 503 with Retry-After', async () => {
    const config = { ...env.deps.config, planoConcorrentes: 1, planoFila: 0 } as AppDeps['config'];
    const pecas = [{ ref: 'a', largura_mm: 700, altura_mm: 300, quantidade: 40 }];
    const primeiro = calcularPlanoCorte(config, pecas, [{ ...CHAPA, largura_mm: 2999 }], { tempo_ms: 400 });
    await expect(calcularPlanoCorte(config, pecas, [CHAPA], { tempo_ms: 100 })).rejects.toMatchObject({
      status: 503,
    });
    await primeiro;
  });
});

describe('POST /api/planos-corte/calcular with produto_id', () => {
  async function pedra(nome: string) {
    await env.db.insert(categoriasProdutos).values({ nome: 'granitos' }).onConflictDoNothing();
    const [p] = await env.db
      .insert(produtos)
      .values({ nome, categoria: 'granitos', valor_m2: '300.00' })
      .returning();
    return p!.id;
  }
  type NovaChapa = InferRequestType<typeof admin.api.chapas.$post>['json'];
  const chapa = (produto_id: string, over: Partial<NovaChapa>) =>
    ok(
      admin.api.chapas.$post({
        json: {
          produto_id,
          lote: 'PC1',
          espessura_mm: 20,
          largura_mm: 3000,
          altura_mm: 1900,
          custo: '1500.00',
          ...over,
        },
      }),
      201,
    );

  it('plans on the stone’s available slabs and remnants, the remnant first', async () => {
    const id = await pedra('Branco Itaúnas');
    const inteira = await chapa(id, { codigo: 'PC1-01' });
    const sobra = await chapa(id, { codigo: 'PC1-S1', tipo: 'sobra', largura_mm: 1300, altura_mm: 700 });
    const baixada = await chapa(id, { codigo: 'PC1-02' });
    const param = { id: baixada.id };
    const updated_at = await versionOf(admin.api.chapas[':id'].$get({ param }));
    await ok(admin.api.chapas[':id'].baixar.$post({ param, json: { motivo: 'quebrou', updated_at } }));
    // Another stone's slab is never offered.
    await chapa(await pedra('Verde Ubatuba'), {
      codigo: 'PC2-01',
      tipo: 'sobra',
      largura_mm: 1300,
      altura_mm: 700,
    });
    const pecas = [
      { ref: 'bancada', largura_mm: 2900, altura_mm: 600 },
      { ref: 'peitoril', largura_mm: 1200, altura_mm: 600 },
    ];
    const plano = await planoDe(calcular(admin, { pecas, produto_id: id, tempo_ms: 200 }));
    // The peitoril fits the 1300 × 700 remnant; the bancada needs the whole slab (the other is written off).
    expect(plano.chapas.map((c) => [c.ref, c.chapa_id, c.sobra])).toEqual([
      ['PC1-S1', sobra.id, true],
      ['PC1-01', inteira.id, false],
    ]);
    expect(plano.chapas[0]!.pecas.map((p) => p.ref)).toEqual(['peitoril']);
    const chapas = [
      { ref: 'PC1-S1', chapa_id: sobra.id, largura_mm: 1300, altura_mm: 700, sobra: true },
      { ref: 'PC1-01', chapa_id: inteira.id, largura_mm: 3000, altura_mm: 1900 },
    ];
    expect(validarPlano(pecas, chapas, plano)).toEqual([]);
  });

  it('both or neither: 400; an unknown stone: 400; a stone without stock: 409', async () => {
    const peca = { ref: 'a', largura_mm: 500, altura_mm: 400 };
    const id = await pedra('Sem estoque');
    const invalido = (json: Calcular) => fieldErrors(admin.api['planos-corte'].calcular.$post({ json }));
    const ambos = await invalido({ pecas: [peca], chapas: [CHAPA], produto_id: id });
    expect(ambos.produto_id).toMatch(/não os dois/);
    const nenhum = await invalido({ pecas: [peca] });
    expect(nenhum.chapas).toMatch(/Informe as chapas ou a pedra/);
    const desconhecida = await invalido({
      pecas: [peca],
      produto_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(desconhecida.produto_id).toBe('Pedra não encontrada.');
    const sem = await refused(
      admin.api['planos-corte'].calcular.$post({ json: { pecas: [peca], produto_id: id } }),
      409,
    );
    expect(sem.detail).toBe('Não há chapas nem sobras disponíveis de Sem estoque no estoque.');
  });
});

describe('POST /api/planos-corte/estimativa', () => {
  it('per stone, ≈ N slabs of its usual size: one more piece, one more slab; no slabs in the yard, no estimate', async () => {
    await env.db.insert(categoriasProdutos).values({ nome: 'granitos' }).onConflictDoNothing();
    const [p, sem] = await env.db
      .insert(produtos)
      .values([
        { nome: 'Cinza Andorinha', categoria: 'granitos', valor_m2: '300.00' },
        { nome: 'Sem chapas no pátio', categoria: 'granitos', valor_m2: '300.00' },
      ])
      .returning();
    // three 3000 × 1900 slabs and one 3200 × 1800: the usual size is 3000 × 1900
    for (const [l, a, cod] of [
      [3000, 1900, 'EST-1'],
      [3000, 1900, 'EST-2'],
      [3000, 1900, 'EST-3'],
      [3200, 1800, 'EST-4'],
    ] as const)
      await ok(
        admin.api.chapas.$post({
          json: {
            produto_id: p!.id,
            codigo: cod,
            lote: 'EST',
            espessura_mm: 20,
            largura_mm: l,
            altura_mm: a,
            custo: '1500.00',
          },
        }),
        201,
      );
    const estimar = (n: number) =>
      ok(
        admin.api['planos-corte'].estimativa.$post({
          json: {
            pedras: [
              { produto_id: p!.id, pecas: [{ largura_mm: 1400, altura_mm: 900, quantidade: n }] },
              { produto_id: sem!.id, pecas: [{ largura_mm: 1400, altura_mm: 900, quantidade: 1 }] },
            ],
          },
        }),
      );
    // Four 1400 × 900 fit a 2980 × 1880 usable slab two by two (2 × 1400 + 4 and 2 × 900 + 4):
    // 4 × 1,260,000 = 5,040,000 of 5,700,000 mm² = 88,4 %.
    const quatro = await estimar(4);
    expect(quatro.pedras).toEqual([
      {
        produto_id: p!.id,
        produto_nome: 'Cinza Andorinha',
        chapa: { largura_mm: 3000, altura_mm: 1900 },
        chapas: 1,
        aproveitamento: 88.4,
        nao_couberam: 0,
      },
      {
        produto_id: sem!.id,
        produto_nome: 'Sem chapas no pátio',
        chapa: null,
        chapas: null,
        aproveitamento: null,
        nao_couberam: 0,
      },
    ]);
    // The fifth: 6,300,000 mm² is more than one slab holds.
    expect((await estimar(5)).pedras[0]).toMatchObject({ chapas: 2 });
  });
});
