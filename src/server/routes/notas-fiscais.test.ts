// biome-ignore-all lint/suspicious/noExplicitAny: response bodies are read loosely in tests, as a client would
import { eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriasProdutos, empresa, notasFiscais, orcamentoItens } from '../../db/schema';
import { consultar, consultarPendentes } from '../casos/notas-fiscais';
import { definirComplementoFiscal } from '../fiscal/dados';
import { type FakeNfeio, iniciarFakeNfeio } from '../fiscal/fake/servidor';
import { violacoes } from '../fiscal/nfeio/validar';
import { assinar } from '../fiscal/webhook';
import {
  answer,
  apiSuite,
  Client,
  fieldMessages,
  ok,
  type Problem,
  refused,
  userWith,
  versionOf,
} from '../testing/harness';
import { seedCliente, seedOrcamento, seedProduto, seedVenda } from './vendas.test-helpers';

const { env, admin } = apiSuite();
let fake: FakeNfeio;
const SEGREDO = 'segredo-do-webhook-de-teste';
let granito: string;
let marmore: string;
let cuba: string;
// The clients' município for the invoice paths' tests (the last test saves it through the API).
const clientesFiscais: Record<string, { municipio_ibge: string }> = {};

const completo = () => ({
  empresa: {
    inscricao_estadual: '082123456',
    regime_tributario: 'simples_nacional' as const,
    municipio_ibge: '3205309',
    nfe_serie: 1,
    credenciais: { api_key: fake.apiKey, empresa_id: 'empresa-teste' },
  },
  clientes: clientesFiscais,
  produtos: Object.fromEntries(
    [granito, marmore, cuba].map((id) => [
      id,
      { ncm: id === cuba ? '73241000' : '68029390', origem: '0', csosn: '102' },
    ]),
  ),
});

beforeAll(async () => {
  fake = await iniciarFakeNfeio({ atrasoTimeoutMs: 2500 });
  env.deps.config.fiscal.nfeioUrl = fake.url;
  env.deps.config.fiscal.nfseUrl = fake.url;
  env.deps.config.fiscal.webhookSegredo = SEGREDO;
  env.deps.config.fiscal.timeoutMs = 1000;
  await ok(admin.api.empresa.$get()); // creates the company's row
  await env.db.update(empresa).set({ cnpj: '11.222.333/0001-81', uf: 'ES', cidade: 'Vitória' });
  await env.db.insert(categoriasProdutos).values({ nome: 'pedras' });
  granito = (await seedProduto(env, 'Granito São Gabriel', '500.00')).id;
  marmore = (await seedProduto(env, 'Mármore Branco', '500.00')).id;
  cuba = (await seedProduto(env, 'Cuba inox', '250.00', 'unitário')).id;
  definirComplementoFiscal(completo());
});
afterAll(() => fake?.fechar());

/**
 * A sale of R$ 1.000,00 from a quote with freight R$ 80,00 and installation R$ 150,00: bancada
 * 1,20 × 0,60 (0,72 m², R$ 360,00), soleira 0,90 × 0,15 (0,135 m², R$ 67,50), a sink (1 un.,
 * R$ 250,00).
 */
async function novaVenda(endereco: { numero?: string | null; bairro?: string | null } = {}) {
  const cliente = await seedCliente(env, 'Ana Souza', {
    tipo: 'Pessoa Física',
    cpf_cnpj: '529.982.247-25',
    endereco: 'Rua das Pedras',
    numero: '10',
    complemento: 'Loja 2',
    bairro: 'Jardim da Penha',
    cidade: 'Vitória',
    uf: 'ES',
    cep: '29010-000',
    ...endereco,
  });
  clientesFiscais[cliente.id] = { municipio_ibge: '3205309' };
  const orc = await seedOrcamento(env, {
    cliente_id: cliente.id,
    valor_frete: '80.00',
    valor_instalacao: '150.00',
  });
  const linha = (
    posicao: number,
    produto_id: string,
    m1: string | null,
    m2: string | null,
    area: string | null,
    total: string,
    tipo: 'm²' | 'unitário',
  ) => ({
    orcamento_id: orc.id,
    posicao,
    produto_id,
    quantidade: '1',
    valor_unitario: total,
    valor_total: total,
    medida1: m1,
    medida2: m2,
    area,
    tipo_unidade: tipo,
  });
  await env.db
    .insert(orcamentoItens)
    .values([
      linha(0, granito, '1.2', '0.6', '0.7200', '360.00', 'm²'),
      linha(1, marmore, '0.9', '0.15', '0.1350', '67.50', 'm²'),
      linha(2, cuba, null, null, null, '250.00', 'unitário'),
    ]);
  const venda = await seedVenda(env, {
    cliente_id: cliente.id,
    orcamento_id: orc.id,
    data_venda: '2026-11-20',
    valor_bruto: '1000.00',
  });
  return venda.id;
}

/** A sale's invoice routes. */
const notaFiscalDa = () => admin.api.vendas[':id']['nota-fiscal'];
/** "Emitir NF-e" on a sale: the answer, whatever the status. */
const emitir = (vendaId: string) => answer(notaFiscalDa().$post({ param: { id: vendaId } }));
const previa = (vendaId: string) => answer(notaFiscalDa().previa.$get({ param: { id: vendaId } }));
/** One invoice's routes. */
const notaFiscal = () => admin.api['notas-fiscais'][':id'];
const lerNota = (id: string) => ok(notaFiscal().$get({ param: { id } }));
const cancelar = (id: string, justificativa: string) =>
  answer(notaFiscal().cancelar.$post({ param: { id }, json: { justificativa } }));
/** How many invoices the sale has. */
const notasDaVenda = async (vendaId: string) =>
  (await ok(admin.api['notas-fiscais'].$get({ query: { venda_id: vendaId } }))).total;
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;

const emissoesDe = (numero: number) =>
  fake.pedidos.filter((p) => p.metodo === 'POST' && (p.corpo as { number?: number })?.number === numero);
const vencer = (id: string) =>
  env.db
    .update(notasFiscais)
    .set({ proxima_consulta_em: sql`now() - interval '1 second'` })
    .where(eq(notasFiscais.id, id));

describe('GET /api/vendas/:id/nota-fiscal/previa', () => {
  it('the invoice equals the sale to the cent: goods R$ 770,00 + freight R$ 80,00 = R$ 850,00 (installation apart)', async () => {
    const id = await novaVenda();
    const res = await previa(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pendencias).toEqual([]);
    // 770 split 360 : 67,5 : 250 → 409,15 / 76,72 / 284,13 (the cent to the largest remainder);
    // freight 80 → 42,51 / 7,97 / 29,52.
    expect(
      res.body.itens.map((i: any) => [i.unidade, i.quantidade, i.valor_total, i.valor_frete, i.ncm, i.cfop]),
    ).toEqual([
      ['M2', 0.72, 409.15, 42.51, '68029390', 5102],
      ['M2', 0.135, 76.72, 7.97, '68029390', 5102],
      ['UN', 1, 284.13, 29.52, '73241000', 5102],
    ]);
    expect(res.body.totais).toEqual({ produtos: 770, frete: 80, desconto: 0, nota: 850 });
  });

  it('missing fiscal data: listed with links, and POST answers 400 naming each one in `errors`, nothing sent', async () => {
    const id = await novaVenda();
    const base = completo();
    definirComplementoFiscal({
      ...base,
      produtos: { ...base.produtos, [granito]: { origem: '0', csosn: '102' } },
    });
    try {
      const res = await previa(id);
      expect(res.body.pendencias).toEqual([
        {
          campo: `produtos.${granito}.ncm`,
          mensagem: 'Informe o NCM (8 dígitos) do produto "Granito São Gabriel".',
          link: `/produtos?tab=novo&id=${granito}`,
        },
      ]);
      const antes = fake.pedidos.length;
      const post = await emitir(id);
      expect(post.status).toBe(400);
      expect(fieldMessages(problema(post))).toEqual({
        [`produtos.${granito}.ncm`]: 'Informe o NCM (8 dígitos) do produto "Granito São Gabriel".',
      });
      expect(fake.pedidos.length).toBe(antes);
      expect(await notasDaVenda(id)).toBe(0);
    } finally {
      definirComplementoFiscal(completo());
    }
  });
});

describe('POST /api/vendas/:id/nota-fiscal against the fake NFE.io', () => {
  it('authorised: processing, then authorised on the next consult; DANFE and XML kept', async () => {
    const id = await novaVenda();
    const res = await emitir(id);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ status: 'processando', serie: 1, valor_total: 850 });
    const [enviado] = emissoesDe(res.body.numero);
    expect(enviado!.violacoes).toEqual([]);
    expect(violacoes('emitirNfe', enviado!.corpo)).toEqual([]);
    // the client's own número, complemento and bairro (no placeholders)
    expect((enviado!.corpo as any).buyer.address).toMatchObject({
      street: 'Rua das Pedras',
      number: '10',
      additionalInformation: 'Loja 2',
      district: 'Jardim da Penha',
      city: { code: '3205309', name: 'Vitória' },
      postalCode: '29010000',
    });
    expect((enviado!.corpo as any).totals.icms).toEqual({
      productAmount: 770,
      freightAmount: 80,
      discountAmount: 0,
      invoiceAmount: 850,
      federalTaxesAmount: 0,
    });
    await consultar(env.deps, res.body.id);
    const nota = await lerNota(res.body.id);
    expect(nota).toMatchObject({
      status: 'autorizada',
      protocolo: '135260000012345',
      tem_danfe: true,
      tem_xml: true,
    });
    expect(nota.chave_acesso).toMatch(/^\d{44}$/);
    const param = { id: res.body.id };
    const danfe = await answer(notaFiscal().danfe.$get({ param }));
    expect(danfe.status).toBe(200);
    expect(danfe.headers.get('content-type')).toBe('application/pdf');
    expect(String(danfe.body)).toMatch(/^%PDF/);
    const xml = await answer(notaFiscal().xml.$get({ param }));
    expect(String(xml.body)).toContain(nota.chave_acesso);
  });

  it('rejected by SEFAZ (778, NCM), fixed, sent again with the same number and authorised', async () => {
    const id = await novaVenda();
    const base = completo();
    definirComplementoFiscal({
      ...base,
      produtos: { ...base.produtos, [granito]: { ncm: '00000000', origem: '0', csosn: '102' } },
    });
    const res = await emitir(id);
    expect(res.status).toBe(202);
    await consultar(env.deps, res.body.id);
    const rejeitada = await lerNota(res.body.id);
    expect(rejeitada).toMatchObject({
      status: 'rejeitada',
      codigo_sefaz: '778',
      mensagem_sefaz: 'Rejeição: Informado NCM inexistente',
    });
    definirComplementoFiscal(completo());
    const again = await emitir(id);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({
      id: res.body.id,
      numero: res.body.numero,
      status: 'processando',
      tentativas: 2,
    });
    await consultar(env.deps, res.body.id);
    expect((await lerNota(res.body.id)).status).toBe('autorizada');
    const enviados = emissoesDe(res.body.numero);
    expect(enviados.map((p) => (p.corpo as any).items[0].ncm)).toEqual(['00000000', '68029390']);
  });

  it('cancelled within 24 h with a justification; a short one is refused', async () => {
    const id = await novaVenda();
    const { body } = await emitir(id);
    await consultar(env.deps, body.id);
    const curta = await cancelar(body.id, 'desistiu');
    expect(curta.status).toBe(400);
    expect(fieldMessages(problema(curta))).toEqual({
      justificativa: 'A justificativa deve ter ao menos 15 caracteres.',
    });
    const res = await cancelar(body.id, 'Cliente desistiu da compra');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelada', justificativa: 'Cliente desistiu da compra' });
    expect(fake.notas.get(res.body.provedor_id!)?.status).toBe('Cancelled');
  });

  it('cancelling after the 24 h window is refused with the rule, nothing changes', async () => {
    const id = await novaVenda();
    const { body } = await emitir(id);
    await consultar(env.deps, body.id);
    await env.db
      .update(notasFiscais)
      .set({ autorizada_em: sql`now() - interval '25 hours'` })
      .where(eq(notasFiscais.id, body.id));
    const pedidos = fake.pedidos.length;
    const res = await cancelar(body.id, 'Cliente desistiu da compra');
    expect(res.status).toBe(409);
    expect(problema(res).title).toBe('Prazo de cancelamento encerrado');
    expect(problema(res).detail).toMatch(/^A NF-e só pode ser cancelada em até 24 horas após a autorização/);
    expect(fake.pedidos.length).toBe(pedidos);
    expect(await lerNota(body.id)).toMatchObject({
      status: 'autorizada',
      justificativa: null,
    });
  });

  it('the provider times out: stays processando, the poller finds it by number and follows it; never sent twice', async () => {
    const id = await novaVenda();
    fake.modo('timeout');
    const res = await emitir(id);
    fake.modo('normal');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'processando', provedor_id: null });
    await vencer(res.body.id);
    expect(await consultarPendentes(env.deps)).toBeGreaterThanOrEqual(1);
    const achada = await lerNota(res.body.id);
    expect(achada.provedor_id).toBeTruthy();
    await vencer(res.body.id);
    await consultarPendentes(env.deps);
    expect((await lerNota(res.body.id)).status).toBe('autorizada');
    expect(emissoesDe(res.body.numero)).toHaveLength(1);
  });

  it('a 503 keeps it processando with the next consult later; the sale can not get a second invoice meanwhile', async () => {
    const id = await novaVenda();
    fake.modo('503');
    const res = await emitir(id);
    fake.modo('normal');
    expect(res.body.status).toBe('processando');
    expect(new Date(res.body.proxima_consulta_em!).getTime()).toBeGreaterThan(Date.now());
    const outra = await emitir(id);
    expect(outra.status).toBe(202);
    expect(outra.body.id).toBe(res.body.id);
  });

  it('wrong credentials: a pt-BR message, no invoice left', async () => {
    const id = await novaVenda();
    fake.modo('401');
    const res = await emitir(id);
    fake.modo('normal');
    expect(res.status).toBe(502);
    expect(problema(res).detail).toMatch(/recusou as credenciais/);
    expect(await notasDaVenda(id)).toBe(0);
  });

  it('10 concurrent "Emitir" → one invoice, one request to the provider', async () => {
    const id = await novaVenda();
    const antes = fake.pedidos.filter((p) => p.metodo === 'POST').length;
    const res = await Promise.all(Array.from({ length: 10 }, () => emitir(id)));
    const ids = new Set(res.map((r) => r.body.id));
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(ids.size).toBe(1);
    expect(fake.pedidos.filter((p) => p.metodo === 'POST').length - antes).toBe(1);
    expect(await notasDaVenda(id)).toBe(1);
  });
});

describe('POST /api/fiscal/webhook', () => {
  it('a bad signature → 401 and nothing changes; the signed one updates the invoice', async () => {
    const id = await novaVenda();
    const { body } = await emitir(id);
    const { corpo, assinatura } = fake.webhook(body.provedor_id!, SEGREDO);
    const anon = new Client(env);
    // the provider's own request: its raw signed body, as NFE.io sends it (no session, no client)
    const enviar = (sig: string) =>
      env.app.request('http://localhost:3000/api/fiscal/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature': sig },
        body: corpo,
      });
    expect((await enviar(assinar(corpo, 'outro-segredo'))).status).toBe(401);
    expect((await enviar('')).status).toBe(401);
    expect((await lerNota(body.id)).status).toBe('processando');
    const ok = await enviar(assinatura);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ recebido: true, nota_id: body.id });
    await refused(anon.api['notas-fiscais'][':id'].$get({ param: { id: body.id } }), 401);
    expect((await lerNota(body.id)).status).toBe('autorizada');
  });
});

describe('GET /api/notas-fiscais', () => {
  it('filters by status and sale, exports CSV, needs Recebimentos (financeiro)', async () => {
    const autorizadas = await ok(
      admin.api['notas-fiscais'].$get({ query: { status: 'autorizada', limit: 200 } }),
    );
    expect(autorizadas.items.length).toBeGreaterThan(0);
    expect(autorizadas.items.every((n) => n.status === 'autorizada')).toBe(true);
    const csv = await answer(
      admin.api['notas-fiscais'].exportar.$get({ query: { formato: 'csv', status: 'autorizada' } }),
    );
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Chave de acesso');
    const vendas = await userWith(env, ['vendas']);
    await refused(vendas.client.api['notas-fiscais'].$get({ query: {} }), 403);
  });
});

type DadosEmpresa = Omit<InferRequestType<typeof admin.api.empresa.$put>['json'], 'updated_at'>;
/** The company's settings saved with the version read first, as the Empresa screen does. */
const salvarEmpresa = async (json: DadosEmpresa) =>
  admin.api.empresa.$put({ json: { ...json, updated_at: await versionOf(admin.api.empresa.$get()) } });
type AlteracaoCliente = Omit<
  InferRequestType<(typeof admin.api.clientes)[':id']['$patch']>['json'],
  'updated_at'
>;
const alterarCliente = async (id: string, json: AlteracaoCliente) => {
  const one = admin.api.clientes[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { ...json, updated_at } });
};

describe('the fiscal data typed on the screens', () => {
  it('Empresa, Produtos and Clientes saved through the API are what the invoice carries; its number is Empresa’s próximo número', async () => {
    definirComplementoFiscal({});
    try {
      const id = await novaVenda();
      const faltando = await previa(id);
      expect(faltando.body.pendencias.map((p: any) => p.campo)).toEqual(
        expect.arrayContaining([
          'empresa.inscricao_estadual',
          'empresa.regime_tributario',
          'empresa.fiscal_credenciais',
          `produtos.${granito}.ncm`,
          'cliente.municipio_ibge',
        ]),
      );
      const dadosEmpresa: DadosEmpresa = {
        nome: 'Marmoraria Vitória',
        cnpj: '11.222.333/0001-81',
        endereco: 'Av. Beira Mar, 100',
        cidade: 'Vitória',
        uf: 'ES',
        cep: '29010-000',
        validade_dias: 15,
        venda_automatica: true,
        regime_tributario: 'simples_nacional',
        inscricao_estadual: '082123456',
        municipio_ibge: '3205309',
        nfe_proximo_numero: 700,
        fiscal_provedor: 'nfeio',
        fiscal_api_key: fake.apiKey,
        fiscal_empresa_id: 'empresa-teste',
      };
      await ok(salvarEmpresa(dadosEmpresa));
      for (const [produto, ncm] of [
        [granito, '68029390'],
        [marmore, '68029100'],
        [cuba, '73241000'],
      ] as const) {
        const one = admin.api.produtos[':id'];
        const param = { id: produto };
        const updated_at = await versionOf(one.$get({ param }));
        await ok(one.$patch({ param, json: { ncm, csosn: '102', updated_at } }));
      }
      const venda = await ok(admin.api.vendas[':id'].$get({ param: { id } }));
      const cli = await ok(alterarCliente(venda.cliente_id!, { cidade: 'Vitória', uf: 'ES' }));
      expect(cli.municipio_ibge).toBe('3205309');

      const pronta = await previa(id);
      expect(pronta.body.pendencias).toEqual([]);
      expect(pronta.body.itens.map((i: any) => i.ncm)).toEqual(['68029390', '68029100', '73241000']);
      const nota = await emitir(id);
      expect(nota.status, JSON.stringify(nota.body)).toBe(202);
      expect(nota.body.numero).toBe(700);
      expect(emissoesDe(700)).toHaveLength(1);
      expect((await ok(admin.api.empresa.$get())).nfe_proximo_numero).toBe(701);

      // Produção: a client without número and bairro is named (nothing invented, nothing sent); once
      // the client's form has them, the invoice goes with the client's own.
      await ok(salvarEmpresa({ ...dadosEmpresa, fiscal_ambiente: 'producao' }));
      const outra = await novaVenda({ numero: null, bairro: null });
      const clienteOutra = (await ok(admin.api.vendas[':id'].$get({ param: { id: outra } }))).cliente_id!;
      await alterarCliente(clienteOutra, { cidade: 'Vitória', uf: 'ES' });
      const antes = fake.pedidos.length;
      const recusa = await emitir(outra);
      expect(recusa.status).toBe(400);
      expect(fieldMessages(problema(recusa))).toEqual({
        'cliente.numero': 'Informe o número do endereço do cliente (ou "S/N").',
        'cliente.bairro': 'Informe o bairro do cliente.',
      });
      expect(fake.pedidos.length).toBe(antes);
      expect(await notasDaVenda(outra)).toBe(0);
      await ok(alterarCliente(clienteOutra, { numero: 's/n', bairro: 'Praia do Canto' }));
      expect((await previa(outra)).body).toMatchObject({
        ambiente: 'producao',
        pendencias: [],
        destinatario: { endereco: 'Rua das Pedras, S/N, Loja 2 — Praia do Canto' },
      });
      const emitida = await emitir(outra);
      expect(emitida.status, JSON.stringify(emitida.body)).toBe(202);
      const [enviada] = emissoesDe(emitida.body.numero);
      expect(enviada!.violacoes).toEqual([]);
      expect((enviada!.corpo as any).buyer.address).toMatchObject({
        street: 'Rua das Pedras',
        number: 'S/N',
        additionalInformation: 'Loja 2',
        district: 'Praia do Canto',
      });
    } finally {
      definirComplementoFiscal(completo());
    }
  });
});
