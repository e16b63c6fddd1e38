// biome-ignore-all lint/suspicious/noExplicitAny: response bodies are read loosely in tests, as a client would
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriasProdutos, empresa, notasFiscais, orcamentoItens } from '../../db/schema';
import { consultar, consultarPendentes } from '../casos/notas-fiscais';
import { definirComplementoFiscal } from '../fiscal/dados';
import { type FakeNfeio, iniciarFakeNfeio } from '../fiscal/fake/servidor';
import { violacoes } from '../fiscal/nfeio/validar';
import { assinar } from '../fiscal/webhook';
import { apiSuite, Client, fieldMessages, userWith } from '../testing/harness';
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
  await admin.get('/api/empresa');
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
    const res = await admin.get(`/api/vendas/${id}/nota-fiscal/previa`);
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
      const res = await admin.get(`/api/vendas/${id}/nota-fiscal/previa`);
      expect(res.body.pendencias).toEqual([
        {
          campo: `produtos.${granito}.ncm`,
          mensagem: 'Informe o NCM (8 dígitos) do produto "Granito São Gabriel".',
          link: `/produtos?tab=novo&id=${granito}`,
        },
      ]);
      const antes = fake.pedidos.length;
      const post = await admin.post(`/api/vendas/${id}/nota-fiscal`);
      expect(post.status).toBe(400);
      expect(fieldMessages(post.body)).toEqual({
        [`produtos.${granito}.ncm`]: 'Informe o NCM (8 dígitos) do produto "Granito São Gabriel".',
      });
      expect(fake.pedidos.length).toBe(antes);
      expect((await admin.get(`/api/notas-fiscais?venda_id=${id}`)).body.total).toBe(0);
    } finally {
      definirComplementoFiscal(completo());
    }
  });
});

describe('POST /api/vendas/:id/nota-fiscal against the fake NFE.io', () => {
  it('authorised: processing, then authorised on the next consult; DANFE and XML kept', async () => {
    const id = await novaVenda();
    const res = await admin.post(`/api/vendas/${id}/nota-fiscal`);
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
    const nota = (await admin.get(`/api/notas-fiscais/${res.body.id}`)).body;
    expect(nota).toMatchObject({
      status: 'autorizada',
      protocolo: '135260000012345',
      tem_danfe: true,
      tem_xml: true,
    });
    expect(nota.chave_acesso).toMatch(/^\d{44}$/);
    const danfe = await admin.get(`/api/notas-fiscais/${res.body.id}/danfe`);
    expect(danfe.status).toBe(200);
    expect(danfe.headers.get('content-type')).toBe('application/pdf');
    expect(String(danfe.body)).toMatch(/^%PDF/);
    const xml = await admin.get(`/api/notas-fiscais/${res.body.id}/xml`);
    expect(String(xml.body)).toContain(nota.chave_acesso);
  });

  it('rejected by SEFAZ (778, NCM), fixed, sent again with the same number and authorised', async () => {
    const id = await novaVenda();
    const base = completo();
    definirComplementoFiscal({
      ...base,
      produtos: { ...base.produtos, [granito]: { ncm: '00000000', origem: '0', csosn: '102' } },
    });
    const res = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    expect(res.status).toBe(202);
    await consultar(env.deps, res.body.id);
    const rejeitada = (await admin.get(`/api/notas-fiscais/${res.body.id}`)).body;
    expect(rejeitada).toMatchObject({
      status: 'rejeitada',
      codigo_sefaz: '778',
      mensagem_sefaz: 'Rejeição: Informado NCM inexistente',
    });
    definirComplementoFiscal(completo());
    const again = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({
      id: res.body.id,
      numero: res.body.numero,
      status: 'processando',
      tentativas: 2,
    });
    await consultar(env.deps, res.body.id);
    expect((await admin.get(`/api/notas-fiscais/${res.body.id}`)).body.status).toBe('autorizada');
    const enviados = emissoesDe(res.body.numero);
    expect(enviados.map((p) => (p.corpo as any).items[0].ncm)).toEqual(['00000000', '68029390']);
  });

  it('cancelled within 24 h with a justification; a short one is refused', async () => {
    const id = await novaVenda();
    const { body } = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    await consultar(env.deps, body.id);
    const curta = await admin.post(`/api/notas-fiscais/${body.id}/cancelar`, { justificativa: 'desistiu' });
    expect(curta.status).toBe(400);
    expect(fieldMessages(curta.body)).toEqual({
      justificativa: 'A justificativa deve ter ao menos 15 caracteres.',
    });
    const res = await admin.post(`/api/notas-fiscais/${body.id}/cancelar`, {
      justificativa: 'Cliente desistiu da compra',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelada', justificativa: 'Cliente desistiu da compra' });
    expect(fake.notas.get(res.body.provedor_id)?.status).toBe('Cancelled');
  });

  it('cancelling after the 24 h window is refused with the rule, nothing changes', async () => {
    const id = await novaVenda();
    const { body } = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    await consultar(env.deps, body.id);
    await env.db
      .update(notasFiscais)
      .set({ autorizada_em: sql`now() - interval '25 hours'` })
      .where(eq(notasFiscais.id, body.id));
    const pedidos = fake.pedidos.length;
    const res = await admin.post(`/api/notas-fiscais/${body.id}/cancelar`, {
      justificativa: 'Cliente desistiu da compra',
    });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe('Prazo de cancelamento encerrado');
    expect(res.body.detail).toMatch(/^A NF-e só pode ser cancelada em até 24 horas após a autorização/);
    expect(fake.pedidos.length).toBe(pedidos);
    expect((await admin.get(`/api/notas-fiscais/${body.id}`)).body).toMatchObject({
      status: 'autorizada',
      justificativa: null,
    });
  });

  it('the provider times out: stays processando, the poller finds it by number and follows it; never sent twice', async () => {
    const id = await novaVenda();
    fake.modo('timeout');
    const res = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    fake.modo('normal');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'processando', provedor_id: null });
    await vencer(res.body.id);
    expect(await consultarPendentes(env.deps)).toBeGreaterThanOrEqual(1);
    const achada = (await admin.get(`/api/notas-fiscais/${res.body.id}`)).body;
    expect(achada.provedor_id).toBeTruthy();
    await vencer(res.body.id);
    await consultarPendentes(env.deps);
    expect((await admin.get(`/api/notas-fiscais/${res.body.id}`)).body.status).toBe('autorizada');
    expect(emissoesDe(res.body.numero)).toHaveLength(1);
  });

  it('a 503 keeps it processando with the next consult later; the sale can not get a second invoice meanwhile', async () => {
    const id = await novaVenda();
    fake.modo('503');
    const res = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    fake.modo('normal');
    expect(res.body.status).toBe('processando');
    expect(new Date(res.body.proxima_consulta_em).getTime()).toBeGreaterThan(Date.now());
    const outra = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    expect(outra.status).toBe(202);
    expect(outra.body.id).toBe(res.body.id);
  });

  it('wrong credentials: a pt-BR message, no invoice left', async () => {
    const id = await novaVenda();
    fake.modo('401');
    const res = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    fake.modo('normal');
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/recusou as credenciais/);
    expect((await admin.get(`/api/notas-fiscais?venda_id=${id}`)).body.total).toBe(0);
  });

  it('10 concurrent "Emitir" → one invoice, one request to the provider', async () => {
    const id = await novaVenda();
    const antes = fake.pedidos.filter((p) => p.metodo === 'POST').length;
    const res = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/vendas/${id}/nota-fiscal`)),
    );
    const ids = new Set(res.map((r) => r.body.id));
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(ids.size).toBe(1);
    expect(fake.pedidos.filter((p) => p.metodo === 'POST').length - antes).toBe(1);
    expect((await admin.get(`/api/notas-fiscais?venda_id=${id}`)).body.total).toBe(1);
  });
});

describe('POST /api/fiscal/webhook', () => {
  it('a bad signature → 401 and nothing changes; the signed one updates the invoice', async () => {
    const id = await novaVenda();
    const { body } = await admin.post(`/api/vendas/${id}/nota-fiscal`);
    const { corpo, assinatura } = fake.webhook(body.provedor_id, SEGREDO);
    const anon = new Client(env);
    const enviar = (sig: string) =>
      env.app.request('http://localhost:3000/api/fiscal/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature': sig },
        body: corpo,
      });
    expect((await enviar(assinar(corpo, 'outro-segredo'))).status).toBe(401);
    expect((await enviar('')).status).toBe(401);
    expect((await admin.get(`/api/notas-fiscais/${body.id}`)).body.status).toBe('processando');
    const ok = await enviar(assinatura);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ recebido: true, nota_id: body.id });
    expect((await anon.get(`/api/notas-fiscais/${body.id}`)).status).toBe(401);
    expect((await admin.get(`/api/notas-fiscais/${body.id}`)).body.status).toBe('autorizada');
  });
});

describe('GET /api/notas-fiscais', () => {
  it('filters by status and sale, exports CSV, needs Recebimentos (financeiro)', async () => {
    const autorizadas = await admin.get('/api/notas-fiscais?status=autorizada&limit=200');
    expect(autorizadas.status).toBe(200);
    expect(autorizadas.body.items.length).toBeGreaterThan(0);
    expect(autorizadas.body.items.every((n: any) => n.status === 'autorizada')).toBe(true);
    const csv = await admin.get('/api/notas-fiscais/exportar?formato=csv&status=autorizada');
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Chave de acesso');
    const vendas = await userWith(env, ['vendas']);
    expect((await vendas.client.get('/api/notas-fiscais')).status).toBe(403);
  });
});

describe('the fiscal data typed on the screens', () => {
  it('Empresa, Produtos and Clientes saved through the API are what the invoice carries; its number is Empresa’s próximo número', async () => {
    definirComplementoFiscal({});
    try {
      const id = await novaVenda();
      const faltando = await admin.get(`/api/vendas/${id}/nota-fiscal/previa`);
      expect(faltando.body.pendencias.map((p: any) => p.campo)).toEqual(
        expect.arrayContaining([
          'empresa.inscricao_estadual',
          'empresa.regime_tributario',
          'empresa.fiscal_credenciais',
          `produtos.${granito}.ncm`,
          'cliente.municipio_ibge',
        ]),
      );
      const dadosEmpresa = {
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
      const emp = await admin.putCurrent('/api/empresa', dadosEmpresa);
      expect(emp.status, JSON.stringify(emp.body)).toBe(200);
      for (const [produto, ncm] of [
        [granito, '68029390'],
        [marmore, '68029100'],
        [cuba, '73241000'],
      ] as const) {
        const p = await admin.patchCurrent(`/api/produtos/${produto}`, { ncm, csosn: '102' });
        expect(p.status, JSON.stringify(p.body)).toBe(200);
      }
      const venda = await admin.get(`/api/vendas/${id}`);
      const cli = await admin.patchCurrent(`/api/clientes/${venda.body.cliente_id}`, {
        cidade: 'Vitória',
        uf: 'ES',
      });
      expect(cli.body.municipio_ibge).toBe('3205309');

      const previa = await admin.get(`/api/vendas/${id}/nota-fiscal/previa`);
      expect(previa.body.pendencias).toEqual([]);
      expect(previa.body.itens.map((i: any) => i.ncm)).toEqual(['68029390', '68029100', '73241000']);
      const nota = await admin.post(`/api/vendas/${id}/nota-fiscal`);
      expect(nota.status, JSON.stringify(nota.body)).toBe(202);
      expect(nota.body.numero).toBe(700);
      expect(emissoesDe(700)).toHaveLength(1);
      expect((await admin.get('/api/empresa')).body.nfe_proximo_numero).toBe(701);

      // Produção: a client without número and bairro is named (nothing invented, nothing sent); once
      // the client's form has them, the invoice goes with the client's own.
      const prod = await admin.putCurrent('/api/empresa', { ...dadosEmpresa, fiscal_ambiente: 'producao' });
      expect(prod.status, JSON.stringify(prod.body)).toBe(200);
      const outra = await novaVenda({ numero: null, bairro: null });
      const clienteOutra = (await admin.get(`/api/vendas/${outra}`)).body.cliente_id;
      await admin.patchCurrent(`/api/clientes/${clienteOutra}`, { cidade: 'Vitória', uf: 'ES' });
      const antes = fake.pedidos.length;
      const recusa = await admin.post(`/api/vendas/${outra}/nota-fiscal`);
      expect(recusa.status).toBe(400);
      expect(fieldMessages(recusa.body)).toEqual({
        'cliente.numero': 'Informe o número do endereço do cliente (ou "S/N").',
        'cliente.bairro': 'Informe o bairro do cliente.',
      });
      expect(fake.pedidos.length).toBe(antes);
      expect((await admin.get(`/api/notas-fiscais?venda_id=${outra}`)).body.total).toBe(0);
      const comEndereco = await admin.patchCurrent(`/api/clientes/${clienteOutra}`, {
        numero: 's/n',
        bairro: 'Praia do Canto',
      });
      expect(comEndereco.status, JSON.stringify(comEndereco.body)).toBe(200);
      expect((await admin.get(`/api/vendas/${outra}/nota-fiscal/previa`)).body).toMatchObject({
        ambiente: 'producao',
        pendencias: [],
        destinatario: { endereco: 'Rua das Pedras, S/N, Loja 2 — Praia do Canto' },
      });
      const emitida = await admin.post(`/api/vendas/${outra}/nota-fiscal`);
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
