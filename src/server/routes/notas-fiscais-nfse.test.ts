// biome-ignore-all lint/suspicious/noExplicitAny: response bodies are read loosely in tests, as a client would
import { eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriasProdutos, empresa, notasFiscais, orcamentoItens } from '../../db/schema';
import { consultarPendentes } from '../casos/notas-fiscais';
import { definirComplementoFiscal } from '../fiscal/dados';
import { type FakeNfeio, iniciarFakeNfeio } from '../fiscal/fake/servidor';
import { assinar } from '../fiscal/webhook';
import {
  answer,
  apiSuite,
  fieldErrors,
  fieldMessages,
  ok,
  type Problem,
  versionOf,
} from '../testing/harness';
import { seedCliente, seedOrcamento, seedProduto, seedVenda } from './vendas.test-helpers';

/**
 * The installation's NFS-e (issue 30): built from the sale's installation value, sent through the same
 * provider (NFE.io's service invoices, checked against contrato.json by the fake), followed by polling
 * and webhook, cancelled; and beside it the kept correction letters and the invoices' audit trail.
 */
const { env, admin } = apiSuite();
let fake: FakeNfeio;
const SEGREDO = 'segredo-do-webhook-nfse';
let granito: string;
const clientesFiscais: Record<string, { municipio_ibge: string }> = {};

beforeAll(async () => {
  fake = await iniciarFakeNfeio({ atrasoTimeoutMs: 2500 });
  env.deps.config.fiscal.nfeioUrl = fake.url;
  env.deps.config.fiscal.nfseUrl = fake.url;
  // generous: on a busy machine a 1 s client timeout can abort a call before the fake reads it
  env.deps.config.fiscal.timeoutMs = 5000;
  env.deps.config.fiscal.webhookSegredo = SEGREDO;
  await ok(admin.api.empresa.$get()); // creates the company's row
  await env.db.update(empresa).set({ cnpj: '11.222.333/0001-81', uf: 'ES', cidade: 'Vitória' });
  await env.db.insert(categoriasProdutos).values({ nome: 'pedras' });
  granito = (await seedProduto(env, 'Granito São Gabriel', '500.00')).id;
  definirComplementoFiscal({
    empresa: {
      inscricao_estadual: '082123456',
      regime_tributario: 'simples_nacional',
      municipio_ibge: '3205309',
      nfe_serie: 1,
      credenciais: { api_key: fake.apiKey, empresa_id: 'empresa-nfse' },
    },
    clientes: clientesFiscais,
    produtos: { [granito]: { ncm: '68029390', origem: '0', csosn: '102' } },
  });
});
afterAll(() => fake?.fechar());

/**
 * A sale of R$ 1.000,00: a bancada of R$ 770,00 (goods), freight R$ 80,00 and `instalacao` (the
 * installation, R$ 150,00 unless told).
 */
async function novaVenda(instalacao = '150.00') {
  const cliente = await seedCliente(env, 'Bruno Lima', {
    tipo: 'Pessoa Física',
    cpf_cnpj: '529.982.247-25',
    endereco: 'Avenida Nossa Senhora da Penha',
    numero: '1500',
    complemento: 'Apartamento 1204, Bloco B',
    bairro: 'Praia do Canto',
    cidade: 'Vitória',
    uf: 'ES',
    cep: '29055-131',
  });
  clientesFiscais[cliente.id] = { municipio_ibge: '3205309' };
  const orc = await seedOrcamento(env, {
    cliente_id: cliente.id,
    valor_frete: '80.00',
    valor_instalacao: instalacao,
  });
  await env.db.insert(orcamentoItens).values({
    orcamento_id: orc.id,
    posicao: 0,
    produto_id: granito,
    quantidade: '1',
    valor_unitario: '770.00',
    valor_total: '770.00',
    medida1: '2.2',
    medida2: '0.7',
    area: '1.5400',
    tipo_unidade: 'm²',
  });
  const venda = await seedVenda(env, {
    cliente_id: cliente.id,
    orcamento_id: orc.id,
    data_venda: '2026-11-20',
    valor_bruto: (770 + 80 + Number(instalacao)).toFixed(2),
  });
  return venda.id;
}

const emissoesNfse = () =>
  fake.pedidos.filter((p) => p.metodo === 'POST' && p.caminho.includes('/serviceinvoices'));
const vencer = (id: string) =>
  env.db
    .update(notasFiscais)
    .set({ proxima_consulta_em: sql`now() - interval '1 second'` })
    .where(eq(notasFiscais.id, id));
/** One invoice's routes. */
const notaFiscal = () => admin.api['notas-fiscais'][':id'];
const lerNota = (id: string) => ok(notaFiscal().$get({ param: { id } }));
async function autorizar(id: string) {
  await vencer(id);
  await consultarPendentes(env.deps);
  return lerNota(id);
}
/** "Emitir NFS-e" (or the NF-e) on a sale: the answer, whatever the status. */
const emitirNfse = (vendaId: string) =>
  answer(admin.api.vendas[':id'].nfse.$post({ param: { id: vendaId } }));
const emitirNfe = (vendaId: string) =>
  answer(admin.api.vendas[':id']['nota-fiscal'].$post({ param: { id: vendaId } }));
const previaNfse = (vendaId: string) =>
  ok(admin.api.vendas[':id'].nfse.previa.$get({ param: { id: vendaId } }));
const notas = (query: InferRequestType<(typeof admin.api)['notas-fiscais']['$get']>['query']) =>
  answer(admin.api['notas-fiscais'].$get({ query }));
const cartaCorrecao = (id: string, correcao: string) =>
  answer(notaFiscal()['carta-correcao'].$post({ param: { id }, json: { correcao } }));
type DadosEmpresa = Omit<InferRequestType<typeof admin.api.empresa.$put>['json'], 'updated_at'>;
/** The company's settings saved with the version read first, as the Empresa screen does. */
const salvarEmpresa = async (json: DadosEmpresa) =>
  admin.api.empresa.$put({ json: { ...json, updated_at: await versionOf(admin.api.empresa.$get()) } });
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;

const dadosEmpresa: DadosEmpresa = {
  nome: 'Marmoraria Pedra Fina',
  cnpj: '11.222.333/0001-81',
  endereco: 'Av. do Granito, 500',
  cidade: 'Vitória',
  uf: 'ES',
  cep: '29010-000',
  validade_dias: 15,
  venda_automatica: true,
};

describe('Empresa: the NFS-e data', () => {
  it('validates the service code, the LC 116 item and the ISS rate (2 % to 5 %); a bad value changes nothing', async () => {
    const antes = await ok(admin.api.empresa.$get());
    expect(antes).toMatchObject({
      nfse_codigo_servico: null,
      nfse_item_lista: null,
      nfse_aliquota_iss: null,
    });
    const bad = await fieldErrors(
      salvarEmpresa({
        ...dadosEmpresa,
        nfse_codigo_servico: 'código com espaço',
        nfse_item_lista: '7',
        nfse_aliquota_iss: 7,
      }),
    );
    expect(bad).toEqual({
      nfse_codigo_servico:
        'Código do serviço no município inválido: letras, dígitos, ".", "/" e "-", até 20.',
      nfse_item_lista: 'Item da lista de serviços (LC 116) inválido: use o formato 07.02.',
      nfse_aliquota_iss: 'Alíquota do ISS inválida: de 2 a 5 (%), com até duas casas decimais.',
    });
    expect((await ok(admin.api.empresa.$get())).nfse_aliquota_iss).toBeNull();
    const r = await ok(
      salvarEmpresa({
        ...dadosEmpresa,
        inscricao_municipal: '123456',
        nfse_codigo_servico: '0702',
        nfse_item_lista: '7.02',
        nfse_aliquota_iss: '2,5',
      }),
    );
    expect(r).toMatchObject({
      inscricao_municipal: '123456',
      nfse_codigo_servico: '0702',
      nfse_item_lista: '07.02',
      nfse_aliquota_iss: 2.5,
    });
  });
});

describe('the installation’s NFS-e', () => {
  it('review: value = the installation R$ 150,00 to the cent, ISS 2,5 % = R$ 3,75; no pendências', async () => {
    const id = await novaVenda();
    const p = await previaNfse(id);
    expect(p.pendencias).toEqual([]);
    expect(p.valor).toBe(150);
    expect(p.iss).toBe(3.75);
    expect(p.servico).toMatchObject({ codigo_servico: '0702', item_lista: '07.02', aliquota_iss: 2.5 });
    expect(p.nota_atual).toBeNull();
  });

  it('R$ 99,99 of installation at 2,5 %: ISS 2,49975 → R$ 2,50 (half up)', async () => {
    const id = await novaVenda('99.99');
    const p = await previaNfse(id);
    expect([p.valor, p.iss]).toEqual([99.99, 2.5]);
  });

  it('a sale without installation: listed as missing, POST → 400 naming it, nothing sent', async () => {
    const id = await novaVenda('0.00');
    const p = await previaNfse(id);
    expect(p.pendencias.map((x: any) => x.campo)).toEqual(['venda.valor_instalacao']);
    const antes = emissoesNfse().length;
    const r = await emitirNfse(id);
    expect(r.status).toBe(400);
    expect(fieldMessages(problema(r))).toEqual({
      'venda.valor_instalacao': 'A venda não tem valor de instalação.',
    });
    expect(emissoesNfse().length).toBe(antes);
    expect((await notas({ venda_id: id })).body.total).toBe(0);
  });

  it('10 concurrent "Emitir NFS-e" → one invoice, one request (in the contract); polled → autorizada with the city’s number; PDF and XML', async () => {
    const id = await novaVenda();
    const antes = emissoesNfse().length;
    const res = await Promise.all(Array.from({ length: 10 }, () => emitirNfse(id)));
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(new Set(res.map((r) => r.body.id)).size).toBe(1);
    const enviados = emissoesNfse().slice(antes);
    expect(enviados).toHaveLength(1);
    expect(enviados[0]!.violacoes).toEqual([]);
    const corpo = enviados[0]!.corpo as any;
    const nota = res[0]!.body;
    expect(corpo).toMatchObject({
      externalId: nota.idempotency_key,
      cityServiceCode: '0702',
      federalServiceCode: '07.02',
      servicesAmount: 150,
      borrower: {
        type: 'NaturalPerson',
        name: 'Bruno Lima',
        federalTaxNumber: 52998224725,
        address: { city: { code: '3205309', name: 'Vitória' }, state: 'ES', postalCode: '29055131' },
      },
    });
    expect(nota).toMatchObject({ tipo: 'nfse', serie: 0, status: 'processando', valor_total: 150 });

    const n = await autorizar(nota.id);
    expect(n).toMatchObject({ status: 'autorizada', tem_danfe: true, tem_xml: true });
    expect(n.numero_prefeitura).toBeGreaterThan(2026000000);
    expect(n.codigo_verificacao).toMatch(/^CV\d{6}$/);
    const param = { id: nota.id };
    const pdf = await answer(notaFiscal().danfe.$get({ param }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="nfse-${n.numero_prefeitura}.pdf"`,
    );
    expect(String(pdf.body)).toContain('NFS-e (fake NFE.io)');
    const xml = await answer(notaFiscal().xml.$get({ param }));
    expect(String(xml.body)).toContain(`<Numero>${n.numero_prefeitura}</Numero>`);

    // the same sale's NF-e is another invoice: both live side by side
    const nfe = await emitirNfe(id);
    expect(nfe.status).toBe(202);
    expect(nfe.body).toMatchObject({ tipo: 'nfe', valor_total: 850 });
    const daVenda = await ok(admin.api['notas-fiscais'].$get({ query: { venda_id: id } }));
    expect(daVenda.items.map((x) => x.tipo).sort()).toEqual(['nfe', 'nfse']);
    const soNfse = await ok(admin.api['notas-fiscais'].$get({ query: { venda_id: id, tipo: 'nfse' } }));
    expect(soNfse.items.map((x) => x.id)).toEqual([nota.id]);
    expect((await notas({ tipo: 'nfx' })).status).toBe(400);
    const csv = String(
      await ok(admin.api['notas-fiscais'].exportar.$get({ query: { formato: 'csv', venda_id: id } })),
    );
    expect(csv.split('\n')[0]).toContain('Tipo');
    expect(csv).toContain('NFS-e');
    expect(csv).toContain(String(n.numero_prefeitura));
  });

  it('the city refuses (its message kept), the code is fixed, the retry on the same row is authorised', async () => {
    const id = await novaVenda();
    await env.db.update(empresa).set({ nfse_codigo_servico: '9999' });
    try {
      const r = await emitirNfse(id);
      const rejeitada = await autorizar(r.body.id);
      expect(rejeitada).toMatchObject({
        status: 'rejeitada',
        mensagem_sefaz: 'E160 - Código de tributação do município não permitido para o prestador',
      });
    } finally {
      await env.db.update(empresa).set({ nfse_codigo_servico: '0702' });
    }
    const de_novo = await emitirNfse(id);
    expect(de_novo.body.status).toBe('processando');
    expect((await autorizar(de_novo.body.id)).status).toBe('autorizada');
    const todas = await ok(admin.api['notas-fiscais'].$get({ query: { venda_id: id, tipo: 'nfse' } }));
    expect(todas.total).toBe(1);
  });

  it('an answer that never came: processando, then found by its externalId (never sent twice)', async () => {
    const id = await novaVenda();
    const antes = emissoesNfse().length;
    fake.modo('timeout');
    env.deps.config.fiscal.timeoutMs = 1000; // the fake answers after 2,5 s
    const r = await emitirNfse(id);
    env.deps.config.fiscal.timeoutMs = 5000;
    fake.modo('normal');
    expect(r.body).toMatchObject({ status: 'processando', provedor_id: null });
    const n = await autorizar(r.body.id);
    expect(n.status).toBe('autorizada');
    expect(n.provedor_id).toBeTruthy();
    expect(emissoesNfse().length - antes).toBe(1);
    expect(
      fake.pedidos.some((p) => p.caminho.endsWith(`/serviceinvoices/external/${r.body.idempotency_key}`)),
    ).toBe(true);
  });

  it('the signed webhook authorises it; cancel (no 24 h rule: the city’s) → cancelada; no carta de correção', async () => {
    const id = await novaVenda();
    const { body } = await emitirNfse(id);
    const { corpo, assinatura } = fake.webhook(body.provedor_id!, SEGREDO);
    // the provider's own request: its raw signed body, as NFE.io sends it (no session, no client)
    const enviar = (sig: string) =>
      env.app.request('http://localhost:3000/api/fiscal/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature': sig },
        body: corpo,
      });
    expect((await enviar(assinar(corpo, 'outro'))).status).toBe(401);
    expect((await enviar(assinatura)).status).toBe(200);
    const n = await lerNota(body.id);
    expect(n.status).toBe('autorizada');
    // two days later: an NF-e could no longer be cancelled, an NFS-e goes to the city
    await env.db
      .update(notasFiscais)
      .set({ autorizada_em: sql`now() - interval '2 days'` })
      .where(eq(notasFiscais.id, body.id));
    const carta = await cartaCorrecao(body.id, 'Corrigir o complemento do endereço do tomador.');
    expect(carta.status).toBe(409);
    const c = await ok(
      notaFiscal().cancelar.$post({
        param: { id: body.id },
        json: { justificativa: 'Instalação não realizada, venda desfeita.' },
      }),
    );
    expect(c).toMatchObject({
      status: 'cancelada',
      justificativa: 'Instalação não realizada, venda desfeita.',
    });
    expect(
      fake.pedidos.some(
        (p) => p.metodo === 'DELETE' && p.caminho.endsWith(`/serviceinvoices/${body.provedor_id}`),
      ),
    ).toBe(true);
  });

  it('the webhook refuses every notice while NFEIO_WEBHOOK_SEGREDO is unset (401), whatever the signature', async () => {
    env.deps.config.fiscal.webhookSegredo = null;
    try {
      const corpo = JSON.stringify({ id: 'x' });
      // the provider's own request, raw
      const r = await env.app.request('http://localhost:3000/api/fiscal/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature': assinar(corpo, '') },
        body: corpo,
      });
      expect(r.status).toBe(401);
      expect((await r.json()).detail).toMatch(/NFEIO_WEBHOOK_SEGREDO/);
    } finally {
      env.deps.config.fiscal.webhookSegredo = SEGREDO;
    }
  });
});

describe('cartas de correção and the audit trail', () => {
  it('each letter is kept in order with who sent it; the trail names the invoice and leaves its files out', async () => {
    const id = await novaVenda();
    const { body } = await emitirNfe(id);
    const n = await autorizar(body.id);
    expect(n.status).toBe('autorizada');
    const textos = [
      'Corrigir o bairro do destinatário para Praia do Canto.',
      'Corrigir o complemento para Apartamento 1204, Bloco B.',
    ];
    for (const correcao of textos) {
      const r = await cartaCorrecao(body.id, correcao);
      expect(r.status).toBe(201);
    }
    const curta = await cartaCorrecao(body.id, 'curta');
    expect(curta.status).toBe(400);
    const lista = await ok(notaFiscal()['cartas-correcao'].$get({ param: { id: body.id } }));
    expect(lista.items.map((c) => [c.sequencia, c.correcao, c.status, c.created_by_nome])).toEqual([
      [1, textos[0], 'enviada', expect.any(String)],
      [2, textos[1], 'enviada', expect.any(String)],
    ]);
    const noFake = fake.notas.get(n.provedor_id!)!;
    expect(noFake.cartas).toEqual(textos);

    const trilha = await ok(
      admin.api.auditoria.$get({ query: { recurso: 'notas_fiscais', registro: body.id, limit: 50 } }),
    );
    expect(trilha.items.length).toBeGreaterThanOrEqual(2);
    expect(trilha.nomes[body.id]).toBe(`NF-e nº ${n.numero}`);
    const criado = trilha.items.find((e) => e.acao === 'criado')!;
    expect(criado.alteracoes.status).toEqual([null, 'processando']);
    for (const e of trilha.items) {
      expect(Object.keys(e.alteracoes)).not.toContain('xml');
      expect(Object.keys(e.alteracoes)).not.toContain('danfe');
      expect(Object.keys(e.alteracoes)).not.toContain('payload');
    }
    expect(trilha.items.some((e: any) => e.alteracoes.status?.[1] === 'autorizada')).toBe(true);
    const cartas = await ok(admin.api.auditoria.$get({ query: { recurso: 'cartas_correcao', limit: 50 } }));
    const primeira = lista.items[0]!;
    expect(cartas.nomes[primeira.id]).toBe(`Carta de correção 1 da NF-e nº ${n.numero}`);
  });
});
