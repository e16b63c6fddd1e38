import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeNfeio, iniciarFakeNfeio } from './fake/servidor';
import { corpoEmissao, corpoEmissaoNfse, nfeio, situacaoNfseDe } from './nfeio/cliente';
import { violacoes } from './nfeio/validar';
import { ErroProvedor, type NfeEnvio, type NfseEnvio } from './provedor';
import { assinar, assinaturaValida } from './webhook';

const envio = (ncm = '68029390'): NfeEnvio => ({
  serie: 1,
  numero: 7,
  natureza: 'Venda de mercadoria',
  emitida_em: new Date('2026-11-27T12:00:00Z'),
  interestadual: false,
  consumidor_final: true,
  comprador: {
    nome: 'Ana Souza',
    documento: '529.982.247-25',
    pessoa: 'fisica',
    email: null,
    ie: null,
    ie_isento: false,
    endereco: {
      uf: 'ES',
      municipio_ibge: '3205309',
      cidade: 'Vitória',
      bairro: 'Centro',
      logradouro: 'Rua A',
      numero: '10',
      complemento: null,
      cep: '29010-000',
    },
  },
  itens: [
    {
      codigo: 'BANC',
      descricao: 'Bancada',
      ncm,
      cfop: 5102,
      unidade: 'M2',
      quantidade: '0.7200',
      valor_unitario: '568.2638888889',
      valor_total: '409.15',
      valor_frete: '0.00',
      valor_desconto: '0.00',
      origem: '0',
      csosn: '102',
      cst: null,
    },
  ],
  totais: { produtos: '409.15', frete: '0.00', desconto: '0.00', nota: '409.15' },
  pagamento: 'avista',
});

let fake: FakeNfeio;
const opcoes = () => ({
  baseUrl: fake.url,
  apiKey: fake.apiKey,
  empresaId: 'emp1',
  ambiente: 'homologacao' as const,
  timeoutMs: 500,
});
beforeAll(async () => {
  fake = await iniciarFakeNfeio({ atrasoTimeoutMs: 1000 });
});
afterAll(() => fake.fechar());

describe('contrato.json (our transcription of NFE.io) and the fake that enforces it', () => {
  it('the body Lavra builds keeps the contract', () => {
    expect(violacoes('emitirNfe', corpoEmissao(envio()))).toEqual([]);
  });

  it('a wrong field name or type is caught, and the fake answers 400 with the violations', async () => {
    const corpo = corpoEmissao(envio()) as Record<string, unknown>;
    const errado = { ...corpo, items: [{ ...(corpo.items as object[])[0], quantidade: 1, cfop: '5102' }] };
    const v = violacoes('emitirNfe', errado);
    expect(v.join('\n')).toMatch(/\/items\/0 must NOT have additional properties \(quantidade\)/);
    expect(v.join('\n')).toMatch(/\/items\/0\/cfop must be integer,null/);
    const res = await fetch(`${fake.url}/v2/companies/emp1/productinvoices`, {
      method: 'POST',
      headers: { authorization: fake.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(errado),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { message: string }[] };
    expect(body.errors.map((e) => e.message).join('\n')).toMatch(/quantidade/);
  });
});

describe('the NFE.io adapter against the fake', () => {
  it('queued, then authorised on the next consult; PDF and XML downloadable; cancel', async () => {
    const p = nfeio(opcoes());
    const s = await p.emitir(envio(), 'k1');
    expect(s.status).toBe('processando');
    const a = await p.consultar(s.provedor_id);
    expect(a).toMatchObject({ status: 'autorizada', protocolo: '135260000012345' });
    expect(a.chave_acesso).toHaveLength(44);
    expect(Buffer.from(await p.baixarPdf(s.provedor_id)).toString('latin1')).toMatch(/^%PDF/);
    expect(await p.baixarXml(s.provedor_id)).toContain(a.chave_acesso);
    await p.cartaCorrecao(s.provedor_id, 'Correção do endereço de entrega: número 10');
    await p.cancelar(s.provedor_id, 'Cliente desistiu da compra');
    expect((await p.consultar(s.provedor_id)).status).toBe('cancelada');
  });

  it('rejected with the SEFAZ code and reason', async () => {
    const p = nfeio(opcoes());
    const s = await p.emitir({ ...envio('00000000'), numero: 8 }, 'k2');
    expect(await p.consultar(s.provedor_id)).toMatchObject({
      status: 'rejeitada',
      codigo_sefaz: '778',
      mensagem_sefaz: 'Rejeição: Informado NCM inexistente',
    });
  });

  it('typed errors: 503 and a timeout are retryable, 401 is credentials', async () => {
    const p = nfeio(opcoes());
    fake.modo('503');
    await expect(p.emitir({ ...envio(), numero: 9 }, 'k3')).rejects.toMatchObject({
      tipo: 'retentavel',
      status: 503,
    });
    fake.modo('timeout');
    await expect(p.emitir({ ...envio(), numero: 10 }, 'k4')).rejects.toMatchObject({ tipo: 'retentavel' });
    fake.modo('normal');
    // The invoice the lost answer was about is found by its number, not sent again.
    const achada = await p.localizar(1, 10);
    expect(achada?.provedor_id).toBeTruthy();
    const bad = nfeio({ ...opcoes(), apiKey: 'errada' });
    const e = await bad.consultar('x').catch((x) => x);
    expect(e).toBeInstanceOf(ErroProvedor);
    expect(e.tipo).toBe('credenciais');
  });
});

const envioNfse = (codigo = '0702'): NfseEnvio => ({
  referencia: `ref-${codigo}-${Math.random().toString(36).slice(2)}`,
  emitida_em: new Date('2026-11-27T12:00:00Z'),
  codigo_servico: codigo,
  item_lista: '07.02',
  descricao: 'Instalação de peças de mármore e granito — venda nº 12',
  valor: '150.00',
  aliquota_iss: '5.00',
  tomador: { ...envio().comprador, email: 'ana@exemplo.com.br' },
});

describe('the NFS-e (nf-servico-v1) through the same adapter', () => {
  it('the body keeps the contract: value to the cent, LC 116 item, the attempt as externalId', () => {
    const corpo = corpoEmissaoNfse(envioNfse());
    expect(violacoes('emitirNfse', corpo)).toEqual([]);
    expect(corpo).toMatchObject({
      cityServiceCode: '0702',
      federalServiceCode: '07.02',
      servicesAmount: 150,
      issRate: 0.05,
      borrower: { type: 'NaturalPerson', federalTaxNumber: 52998224725, email: 'ana@exemplo.com.br' },
    });
    // a field NFE.io's service invoice does not have is caught
    expect(violacoes('emitirNfse', { ...corpo, valorServico: 150 }).join('\n')).toMatch(/valorServico/);
  });

  it('queued → issued with the city’s number → its PDF → cancel (WaitingSendCancel → Cancelled)', async () => {
    const p = nfeio(opcoes());
    const e = envioNfse();
    const s = await p.emitirNfse(e);
    expect(s.status).toBe('processando');
    const a = await p.consultarNfse(s.provedor_id);
    expect(a.status).toBe('autorizada');
    expect(a.numero_prefeitura).toBeGreaterThan(0);
    expect(a.codigo_verificacao).toMatch(/^CV/);
    expect((await p.localizarNfse(e.referencia))?.provedor_id).toBe(s.provedor_id);
    expect(await p.localizarNfse('nunca-enviada')).toBeNull();
    expect(Buffer.from(await p.baixarNfse(s.provedor_id, 'pdf')).toString('latin1')).toMatch(/^%PDF/);
    await p.cancelarNfse(s.provedor_id);
    expect((await p.consultarNfse(s.provedor_id)).status).toBe('cancelada');
  });

  it('the city’s refusal and a refused cancellation, in Lavra’s words', async () => {
    const p = nfeio(opcoes());
    const s = await p.emitirNfse(envioNfse('9999'));
    expect(await p.consultarNfse(s.provedor_id)).toMatchObject({
      status: 'rejeitada',
      mensagem_sefaz: 'E160 - Código de tributação do município não permitido para o prestador',
    });
    expect(
      situacaoNfseDe({ id: 'x', flowStatus: 'CancelFailed', flowMessage: 'Prazo de cancelamento expirado' }),
    ).toMatchObject({
      status: 'autorizada',
      cancelamento_recusado: true,
      mensagem_sefaz: 'Prazo de cancelamento expirado',
    });
    expect(situacaoNfseDe({ id: 'x', flowStatus: 'WaitingSendCancel' }).status).toBe('autorizada');
    expect(situacaoNfseDe({ id: 'x', flowStatus: 'WaitingCalculateTaxes' }).status).toBe('processando');
  });
});

describe('webhook signature (HMAC-SHA1, sha1=HEX in X-Hub-Signature)', () => {
  const corpo = Buffer.from('{"id":"abc","status":"Issued"}');
  it('accepts the provider signature in either case and refuses a changed body or secret', () => {
    const s = assinar(corpo, 'segredo');
    expect(s).toMatch(/^sha1=[0-9A-F]{40}$/);
    expect(assinaturaValida(corpo, s, 'segredo')).toBe(true);
    expect(assinaturaValida(corpo, s.toLowerCase().replace('SHA1', 'sha1'), 'segredo')).toBe(true);
    expect(assinaturaValida(Buffer.from('{"id":"abc","status":"Cancelled"}'), s, 'segredo')).toBe(false);
    expect(assinaturaValida(corpo, s, 'outro')).toBe(false);
    expect(assinaturaValida(corpo, s.slice(5), 'segredo')).toBe(false);
    expect(assinaturaValida(corpo, undefined, 'segredo')).toBe(false);
  });
});
