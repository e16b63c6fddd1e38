import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { chapas, orcamentoItens, produtos } from '../../db/schema';
import type { PlanoCorte } from '../../domain/plano-corte';
import { validarPlano } from '../../domain/plano-corte.test-helpers';
import {
  answer,
  apiSuite,
  type Client,
  fieldErrors,
  ok,
  type Problem,
  refused,
  userWith,
} from '../testing/harness';
import { producaoFixtures, seedGranito } from './producao.test-helpers';

const { env, admin } = apiSuite();
let produtoId = '';
beforeAll(async () => {
  produtoId = await seedGranito(env);
});
const { vendaPeloOrcamento } = producaoFixtures(() => ({ env, admin, produtoId }));

/** The work order's cutting plan routes, as `c` calls them. */
const planoDa = (c: Client = admin) => c.api['ordens-servico'][':id']['plano-corte'];
type Salvar = InferRequestType<ReturnType<typeof planoDa>['$post']>['json'];
type Calcular = InferRequestType<ReturnType<typeof planoDa>['calcular']['$post']>['json'];
const calcular = (osId: string, json: Calcular, c: Client = admin) =>
  planoDa(c).calcular.$post({ param: { id: osId }, json });
const salvar = (osId: string, json: Salvar, c: Client = admin) =>
  planoDa(c).$post({ param: { id: osId }, json });
const lerPlano = (osId: string, c: Client = admin) => planoDa(c).$get({ param: { id: osId } });

let lote = 0;
/** Whole slabs of the suite's granite, 3000 × 1900 mm, each in a lot of its own (codes PO<n>-01). */
async function chapasNovas(n: number) {
  lote++;
  const res = await ok(
    admin.api.chapas.entrada.$post({
      json: {
        produto_id: produtoId,
        lote: `PO${lote}`,
        quantidade: n,
        largura_mm: 3000,
        altura_mm: 1900,
        espessura_mm: 20,
        custo_m2: '250,00',
      },
    }),
    201,
  );
  return res.items;
}

/**
 * A work order whose quote has, besides the fixture's 2,50 × 1,20 m top, a 2,50 × 0,04 m saia along its
 * front and two 1,20 × 0,60 m peitoris (one line, quantity 2): five pieces to cut.
 */
async function osComPecas() {
  const { os, orcamento } = await vendaPeloOrcamento();
  const linha = { orcamento_id: orcamento.id, produto_id: produtoId, valor_unitario: '450.00' };
  await env.db.insert(orcamentoItens).values([
    {
      ...linha,
      posicao: 1,
      quantidade: '1',
      medida1: '2.5',
      medida2: '0.04',
      area: '0.1',
      valor_total: '45.00',
      faixa: 'saia',
      faixa_de: 0,
      faixa_lado: 'frente',
    },
    {
      ...linha,
      posicao: 2,
      quantidade: '2',
      medida1: '1.2',
      medida2: '0.6',
      area: '1.44',
      valor_total: '648.00',
    },
  ]);
  return os;
}

const PECAS = [
  { ref: 'Peça 1 · Granito São Gabriel', largura_mm: 2500, altura_mm: 1200, quantidade: 1 },
  { ref: 'Peça 2 · Saia da peça 1', largura_mm: 2500, altura_mm: 40, quantidade: 1 },
  { ref: 'Peça 3 · Granito São Gabriel', largura_mm: 1200, altura_mm: 600, quantidade: 2 },
];

async function situacao(id: string) {
  const [r] = await env.db
    .select({ status: chapas.status, os: chapas.ordem_servico_id })
    .from(chapas)
    .where(eq(chapas.id, id));
  return r;
}

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the work order’s cutting plan', () => {
  it('calcular proposes without saving; saving stores the plan and reserves its slabs', async () => {
    const [c1, c2] = await chapasNovas(2);
    const os = await osComPecas();
    await refused(lerPlano(os.id), 404);

    const proposta = await ok(calcular(os.id, { chapa_ids: [c1!.id, c2!.id], tempo_ms: 300 }));
    expect(proposta.salvo).toBe(false);
    expect(proposta.pedras).toHaveLength(1);
    const pedra = proposta.pedras[0]!;
    expect(pedra.pecas.map((p) => [p.ref, p.quantidade])).toEqual(PECAS.map((p) => [p.ref, p.quantidade]));
    const plano = pedra.plano as PlanoCorte;
    const slabs = [
      { ref: c1!.codigo, chapa_id: c1!.id, largura_mm: 3000, altura_mm: 1900 },
      { ref: c2!.codigo, chapa_id: c2!.id, largura_mm: 3000, altura_mm: 1900 },
    ];
    expect(validarPlano(PECAS, slabs, plano)).toEqual([]);
    // 3,0 + 0,1 + 2 × 0,72 = 4,54 m² of pieces on a 5,6 m² usable slab, and they fit: one slab.
    expect(plano.chapas).toHaveLength(1);
    expect(plano.chapas[0]!.pecas).toHaveLength(4);
    expect(plano.nao_couberam).toEqual([]);
    expect(await situacao(c1!.id)).toEqual({ status: 'disponivel', os: null });

    const res = await ok(
      salvar(os.id, {
        chapa_ids: [c1!.id, c2!.id],
        sem_girar: ['Peça 1 · Granito São Gabriel'],
        tempo_ms: 300,
      }),
      201,
    );
    expect(res.salvo).toBe(true);
    const salvo = res.pedras[0]!.plano as PlanoCorte;
    const locked = PECAS.map((p, i) => (i === 0 ? { ...p, girar: false } : p));
    expect(validarPlano(locked, slabs, salvo)).toEqual([]);
    const usada = salvo.chapas[0]!.chapa_id!;
    expect(await situacao(usada)).toEqual({ status: 'reservada', os: os.id });
    // the slab the plan does not use stays in stock
    const outra = usada === c1!.id ? c2!.id : c1!.id;
    expect(await situacao(outra)).toEqual({ status: 'disponivel', os: null });

    const lido = await ok(lerPlano(os.id));
    expect(lido.salvo).toBe(true);
    expect(lido.pedras).toEqual(res.pedras);
    expect(lido.parametros).toEqual({
      chapa_ids: [c1!.id, c2!.id],
      sem_girar: ['Peça 1 · Granito São Gabriel'],
      serra_mm: 4,
      refilo_mm: 10,
    });

    // Planned again on the other slab only: the first goes back to stock, the other is reserved.
    await ok(salvar(os.id, { chapa_ids: [outra], tempo_ms: 200 }), 201);
    expect(await situacao(usada)).toEqual({ status: 'disponivel', os: null });
    expect(await situacao(outra)).toEqual({ status: 'reservada', os: os.id });
  });

  it('saving stores exactly the plan sent (the proposal shown); a tampered one → 400 naming the problem, nothing saved', async () => {
    const [c1, c2] = await chapasNovas(2);
    const os = await osComPecas();
    const proposta = await ok(calcular(os.id, { chapa_ids: [c1!.id, c2!.id], tempo_ms: 300 }));
    const enviar = (pedras: { produto_id: string; plano: PlanoCorte }[]) =>
      salvar(os.id, { ...proposta.parametros, pedras });
    const pedrasDa = (plano: PlanoCorte) => [{ produto_id: produtoId, plano }];
    const plano = proposta.pedras[0]!.plano as PlanoCorte;
    expect(plano.chapas).toHaveLength(1);

    const res = await ok(enviar(pedrasDa(plano)), 201);
    expect(res.pedras).toEqual(proposta.pedras);
    expect((await ok(lerPlano(os.id))).pedras).toEqual(proposta.pedras);
    const usada = plano.chapas[0]!.chapa_id!;
    const outra = usada === c1!.id ? c2! : c1!;
    expect(await situacao(usada)).toEqual({ status: 'reservada', os: os.id });

    // The same layout on the other slab (same size): a plan the planner did not answer, saved as sent.
    const trocada: PlanoCorte = {
      ...plano,
      chapas: [{ ...plano.chapas[0]!, chapa_id: outra.id, ref: outra.codigo }],
    };
    const res2 = await ok(enviar(pedrasDa(trocada)), 201);
    expect(res2.pedras[0]!.plano).toEqual(trocada);
    expect((await ok(lerPlano(os.id))).pedras[0]!.plano).toEqual(trocada);
    expect(await situacao(outra.id)).toEqual({ status: 'reservada', os: os.id });
    expect(await situacao(usada)).toEqual({ status: 'disponivel', os: null });

    // Tampered plans: each refused with the problem named, and the saved plan and the slabs unchanged.
    const ch = trocada.chapas[0]!;
    const [p1, p2] = ch.pecas;
    const sobreposta: PlanoCorte = {
      ...trocada,
      chapas: [{ ...ch, pecas: [p1!, { ...p2!, x_mm: p1!.x_mm, y_mm: p1!.y_mm }, ...ch.pecas.slice(2)] }],
    };
    let erros = await fieldErrors(enviar(pedrasDa(sobreposta)));
    expect(erros['pedras.0.plano']).toMatch(
      /^O plano de Granito São Gabriel não confere: .*a menos que a serra/,
    );

    const semPeca: PlanoCorte = { ...trocada, chapas: [{ ...ch, pecas: ch.pecas.slice(1) }] };
    erros = await fieldErrors(enviar(pedrasDa(semPeca)));
    expect(erros['pedras.0.plano']).toContain(`${p1!.ref}: pedidas`);

    // a slab of another stone, of the same size
    const [marmore] = await env.db
      .insert(produtos)
      .values({ nome: 'Mármore Carrara', categoria: 'granitos', valor_m2: '900.00' })
      .returning();
    const entrada = await ok(
      admin.api.chapas.entrada.$post({
        json: {
          produto_id: marmore!.id,
          lote: `MC${lote}`,
          quantidade: 1,
          largura_mm: 3000,
          altura_mm: 1900,
          espessura_mm: 20,
          custo_m2: '500,00',
        },
      }),
      201,
    );
    const alheia = entrada.items[0]!;
    erros = await fieldErrors(
      salvar(os.id, {
        ...proposta.parametros,
        chapa_ids: [],
        pedras: pedrasDa({ ...trocada, chapas: [{ ...ch, chapa_id: alheia.id, ref: alheia.codigo }] }),
      }),
    );
    expect(erros['pedras.0.plano.chapas.0.chapa_id']).toBe(
      `A chapa ${alheia.codigo} não é de Granito São Gabriel: é de outra pedra.`,
    );
    // a stone of the OS without its plan
    erros = await fieldErrors(enviar([]));
    expect(erros.pedras).toBe('Falta o plano de Granito São Gabriel.');

    expect((await ok(lerPlano(os.id))).pedras[0]!.plano).toEqual(trocada);
    expect(await situacao(outra.id)).toEqual({ status: 'reservada', os: os.id });
    expect(await situacao(usada)).toEqual({ status: 'disponivel', os: null });
    expect(await situacao(alheia.id)).toEqual({ status: 'disponivel', os: null });
  });

  it('two work orders saving a plan on the same slab at once: one reserves it, the other gets 409 and saves nothing', async () => {
    const [c] = await chapasNovas(1);
    const a = await osComPecas();
    const b = await osComPecas();
    const body = { chapa_ids: [c!.id], tempo_ms: 200 };
    const [ra, rb] = await Promise.all([answer(salvar(a.id, body)), answer(salvar(b.id, body))]);
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    const [ganhou, perdeu, resPerdeu] = ra.status === 201 ? [a, b, rb] : [b, a, ra];
    expect((resPerdeu.body as unknown as Problem).detail).toMatch(
      new RegExp(`^A chapa ${c!.codigo} (já está|foi) reservada para a OS ${ganhou.numero}`),
    );
    expect(await situacao(c!.id)).toEqual({ status: 'reservada', os: ganhou.id });
    await refused(lerPlano(perdeu.id), 404);
  });

  it('without chosen slabs it plans on the stone’s available ones; the PDF names each slab and piece', async () => {
    await chapasNovas(1);
    const os = await osComPecas();
    const res = await ok(salvar(os.id, { tempo_ms: 200 }), 201);
    const plano = res.pedras[0]!.plano as PlanoCorte;
    expect(plano.chapas.length).toBeGreaterThan(0);
    for (const c of plano.chapas)
      expect(await situacao(c.chapa_id!)).toEqual({ status: 'reservada', os: os.id });

    const pdf = await planoDa().pdf.$get({ param: { id: os.id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`OS ${os.numero}`);
    for (const c of plano.chapas) {
      expect(text).toContain(`Chapa ${c.ref} — Granito São Gabriel`);
      for (const p of c.pecas) expect(text).toContain(p.ref);
      expect(text).toContain('Cortes, na ordem');
    }
    expect(text).toContain('Saia da peça 1');
  });

  it('permission producao; unknown OS 404; an unknown slab or a bad blade 400 naming the field', async () => {
    const os = await osComPecas();
    const { client } = await userWith(env, ['estoque']);
    await refused(lerPlano(os.id, client), 403);
    await refused(salvar(os.id, {}, client), 403);
    const nada = '00000000-0000-4000-8000-000000000000';
    await refused(calcular(nada, {}), 404);
    await refused(planoDa().pdf.$get({ param: { id: os.id } }), 404);
    const erros = await fieldErrors(calcular(os.id, { chapa_ids: [nada] }));
    expect(erros['chapa_ids.0']).toBe('Chapa não encontrada.');
    const serra = await fieldErrors(salvar(os.id, { serra_mm: 30 }));
    expect(serra.serra_mm).toMatch(/20 mm/);
  });
});
