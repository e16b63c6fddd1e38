// Issue 30 §1: the fiscal data on Empresa, Produtos and Clientes, the shipped IBGE/NCM searches, and the
// provider's credentials, which are encrypted and never answered, exported, audited or backed up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { InferRequestType } from 'hono/client';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../db/backup';
import { empresa } from '../../db/schema';
import { credenciaisFiscais } from '../fiscal/credenciais';
import {
  answer,
  apiSuite,
  type Client,
  clientePf,
  fieldErrors,
  fieldMessages,
  ok,
  refused,
  userWith,
  versionOf,
} from '../testing/harness';

const { env, admin } = apiSuite();

type DadosEmpresa = Omit<InferRequestType<typeof admin.api.empresa.$put>['json'], 'updated_at'>;
type AlteracaoProduto = Omit<
  InferRequestType<(typeof admin.api.produtos)[':id']['$patch']>['json'],
  'updated_at'
>;
type AlteracaoCliente = Omit<
  InferRequestType<(typeof admin.api.clientes)[':id']['$patch']>['json'],
  'updated_at'
>;
const criarProduto = (json: InferRequestType<typeof admin.api.produtos.$post>['json']) =>
  ok(admin.api.produtos.$post({ json }), 201);
const produto = (id: string) => ok(admin.api.produtos[':id'].$get({ param: { id } }));
/** Changes sent with the row's current version (read first, as the screens do). */
const alterarProduto = async (id: string, json: AlteracaoProduto) => {
  const one = admin.api.produtos[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { ...json, updated_at } });
};
const criarCliente = (json: InferRequestType<typeof admin.api.clientes.$post>['json']) =>
  ok(admin.api.clientes.$post({ json }), 201);
const alterarCliente = async (id: string, json: AlteracaoCliente) => {
  const one = admin.api.clientes[':id'];
  const updated_at = await versionOf(one.$get({ param: { id } }));
  return one.$patch({ param: { id }, json: { ...json, updated_at } });
};
const salvarEmpresa = async (json: DadosEmpresa, c: Client = admin) =>
  c.api.empresa.$put({ json: { ...json, updated_at: await versionOf(c.api.empresa.$get()) } });
const lerEmpresa = () => ok(admin.api.empresa.$get());
const dir = mkdtempSync(path.join(tmpdir(), 'lavra-fiscal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const API_KEY = 'nfeio-chave-secreta-Zq81xK';
const EMPRESA_ID = 'emp_7f3a9c2b';

async function categoria() {
  const nome = `pedras-${Math.random().toString(36).slice(2, 8)}`;
  await ok(admin.api['categorias-produtos'].$post({ json: { nome } }), 201);
  return nome;
}

describe('GET /api/fiscal/municipios and /api/fiscal/ncm', () => {
  it('searches the shipped IBGE list by state and name, at most 50', async () => {
    const municipios = admin.api.fiscal.municipios;
    const r = await ok(municipios.$get({ query: { uf: 'SP', q: 'campi' } }));
    expect(r.items.map((m) => m.nome)).toContain('Campinas');
    expect(r.items.find((m) => m.nome === 'Campinas')?.codigo).toBe('3509502');
    expect(r.items.every((m) => m.uf === 'SP')).toBe(true);
    expect((await ok(municipios.$get({ query: { uf: 'MG' } }))).items).toHaveLength(50);
    await refused(municipios.$get({ query: { uf: 'XYZ' } }), 400);
  });

  it('searches the NCM table by code and by words', async () => {
    const r = await ok(admin.api.fiscal.ncm.$get({ query: { q: '6802.93' } }));
    expect(r.items.map((n) => n.codigo)).toEqual(['68029310', '68029390']);
    expect(r.versao).toMatch(/Vigente/);
    const g = await ok(admin.api.fiscal.ncm.$get({ query: { q: 'mármore' } }));
    expect(g.items.length).toBeGreaterThan(0);
    expect(g.items.length).toBeLessThanOrEqual(50);
  });

  it('is open to the screens that use it (Empresa, Clientes, Produtos, Vendas), not to others', async () => {
    const { client: financeiro } = await userWith(env, ['financeiro']);
    await refused(financeiro.api.fiscal.ncm.$get({ query: { q: '68' } }), 403);
    const { client: produtos } = await userWith(env, ['produtos']);
    await ok(produtos.api.fiscal.ncm.$get({ query: { q: '68' } }));
    await ok(produtos.api.fiscal.municipios.$get({ query: { uf: 'SP' } }));
  });
});

describe('Produtos: NCM, CFOP, CSOSN/CST, origem, unidade comercial', () => {
  it('saves the fiscal fields, answering the commercial unit from the product unit when unset', async () => {
    const cat = await categoria();
    const p = await criarProduto({
      nome: 'Granito São Gabriel',
      categoria: cat,
      valor_m2: '450.00',
      ncm: '6802.93.90',
      cfop: '5102',
      csosn: '102',
      origem: 0,
    });
    expect(p).toMatchObject({ ncm: '68029390', cfop: '5102', csosn: '102', cst: null, origem: 0 });
    const lido = await produto(p.id);
    expect(lido.unidade_comercial).toBe('M2'); // tipo_unidade m², none set
    const cuba = await criarProduto({
      nome: 'Cuba inox',
      categoria: cat,
      valor_m2: '300',
      tipo_unidade: 'unitário',
      unidade: 'un',
      ncm: '73241000',
    });
    expect((await produto(cuba.id)).unidade_comercial).toBe('UN');
    const ml = await ok(alterarProduto(cuba.id, { unidade_comercial: 'ML', origem: 2 }));
    expect(ml).toMatchObject({ unidade_comercial: 'ML', origem: 2 });
  });

  it('refuses an NCM that is not in the table (400 naming ncm) and changes nothing', async () => {
    const cat = await categoria();
    const msgs = await fieldErrors(
      admin.api.produtos.$post({
        json: { nome: 'Pedra inventada', categoria: cat, valor_m2: '10', ncm: '6802.93.99' },
      }),
    );
    expect(msgs.ncm).toBe('NCM 6802.93.99 não existe na tabela NCM vigente.');
    const lista = await ok(admin.api.produtos.$get({ query: { q: 'Pedra inventada' } }));
    expect(lista.items).toHaveLength(0);

    const p = await criarProduto({
      nome: 'Mármore Carrara',
      categoria: cat,
      valor_m2: '900',
    });
    expect((await fieldErrors(alterarProduto(p.id, { ncm: '6802' }))).ncm).toMatch(/8 dígitos/);
    const bad = await fieldErrors(alterarProduto(p.id, { cfop: '9102', csosn: '1', origem: 9 }));
    expect(Object.keys(bad).sort()).toEqual(['cfop', 'csosn', 'origem']);
    expect(await produto(p.id)).toMatchObject({
      ncm: null,
      cfop: null,
      origem: 0,
    });
  });
});

describe('Clientes: inscrição estadual or isento, município IBGE', () => {
  it('fills the IBGE code from cidade + UF when the form saves', async () => {
    const c = await criarCliente({
      ...clientePf('Ana Fiscal'),
      cidade: 'São José dos Campos',
      uf: 'SP',
    });
    expect(c.municipio_ibge).toBe('3549904');
    const mudou = await ok(alterarCliente(c.id, { cidade: 'Campinas', uf: 'SP' }));
    expect(mudou.municipio_ibge).toBe('3509502');
    const nenhum = await ok(alterarCliente(c.id, { cidade: 'Cidade Nenhuma', uf: 'SP' }));
    expect(nenhum.municipio_ibge).toBeNull();
    const errado = await fieldErrors(alterarCliente(c.id, { municipio_ibge: '3106200', uf: 'SP' }));
    expect(errado.municipio_ibge).toMatch(/Belo Horizonte\/MG/);
  });

  it('refuses an IE together with "Isento" (400 naming inscricao_estadual), sent together or one over the other', async () => {
    const msgs = await fieldErrors(
      admin.api.clientes.$post({
        json: { ...clientePf('Pedreira Ltda'), inscricao_estadual: '110.042.490.114', ie_isento: true },
      }),
    );
    expect(msgs.inscricao_estadual).toBe('Informe a inscrição estadual ou marque "Isento", não os dois.');

    const c = await criarCliente({
      ...clientePf('Ana IE'),
      inscricao_estadual: '110.042.490.114',
    });
    expect(c).toMatchObject({ inscricao_estadual: '110042490114', ie_isento: false });
    const res = await fieldErrors(alterarCliente(c.id, { ie_isento: true }));
    expect(res.inscricao_estadual).toBe('Informe a inscrição estadual ou marque "Isento", não os dois.');
    const isento = await ok(alterarCliente(c.id, { inscricao_estadual: '', ie_isento: true }));
    expect(isento).toMatchObject({ inscricao_estadual: null, ie_isento: true });
  });
});

describe('Empresa: dados fiscais and the provider credentials', () => {
  it('saves regime, IE, IM, município, série, número, provider and environment (homologação by default)', async () => {
    const antes = await lerEmpresa();
    expect(antes).toMatchObject({
      regime_tributario: null,
      nfe_serie: 1,
      nfe_proximo_numero: 1,
      fiscal_ambiente: 'homologacao',
      fiscal_credenciais_definidas: false,
    });
    const r = await ok(
      salvarEmpresa({
        ...dadosEmpresa,
        regime_tributario: 'simples_nacional',
        inscricao_estadual: '244.123.456.119',
        inscricao_municipal: '123456',
        municipio_ibge: '3509502',
        nfe_serie: 2,
        nfe_proximo_numero: 1501,
        fiscal_provedor: 'nfeio',
      }),
    );
    expect(r).toMatchObject({
      regime_tributario: 'simples_nacional',
      inscricao_estadual: '244123456119',
      municipio_ibge: '3509502',
      nfe_serie: 2,
      nfe_proximo_numero: 1501,
      fiscal_provedor: 'nfeio',
      fiscal_ambiente: 'homologacao',
    });
    // on purpose: a regime outside the list
    const bad = await admin.putCurrent('/api/empresa', {
      ...dadosEmpresa,
      municipio_ibge: '3106200',
      nfe_serie: 1000,
      regime_tributario: 'mei',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldMessages(bad.body)).sort()).toEqual(['nfe_serie', 'regime_tributario']);
    const mun = await fieldErrors(salvarEmpresa({ ...dadosEmpresa, municipio_ibge: '3106200' }));
    expect(mun.municipio_ibge).toBe('O município escolhido (Belo Horizonte/MG) não é da UF informada (SP).');
    expect(await lerEmpresa()).toMatchObject({
      nfe_serie: 2,
      municipio_ibge: '3509502',
    });
  });

  it('keeps the credentials encrypted, answers only that they are set, and hands them to the provider code', async () => {
    const only = await fieldErrors(salvarEmpresa({ ...dadosEmpresa, fiscal_api_key: API_KEY }));
    expect(only.fiscal_empresa_id).toBe('Informe o ID da empresa no provedor.');

    const res = await ok(
      salvarEmpresa({
        ...dadosEmpresa,
        fiscal_api_key: API_KEY,
        fiscal_empresa_id: EMPRESA_ID,
      }),
    );
    expect(res.fiscal_credenciais_definidas).toBe(true);
    expect(JSON.stringify(res)).not.toContain(API_KEY);
    const get = await lerEmpresa();
    expect(get.fiscal_credenciais_definidas).toBe(true);
    expect(JSON.stringify(get)).not.toContain(API_KEY);
    expect(JSON.stringify(get)).not.toContain(EMPRESA_ID);
    expect(get).not.toHaveProperty('fiscal_credenciais');
    expect(get).not.toHaveProperty('fiscal_api_key');

    // In the database: one AES-GCM blob, neither secret in clear.
    const [row] = await env.db.select({ c: empresa.fiscal_credenciais }).from(empresa);
    expect(row!.c).toMatch(/^v1:/);
    expect(row!.c).not.toContain(API_KEY);
    expect(await credenciaisFiscais(env.deps)).toEqual({ apiKey: API_KEY, empresaId: EMPRESA_ID });

    // Another key (FISCAL_CHAVE changed) does not open them: a clear 409, never garbage.
    const outra = {
      ...env.deps,
      config: { ...env.deps.config, fiscalChave: 'outra-chave-fiscal-0123456789abcdef-000' },
    };
    await expect(credenciaisFiscais(outra)).rejects.toMatchObject({ status: 409 });

    // One part typed keeps the other; a PUT without them keeps both; "remover" clears.
    await ok(salvarEmpresa({ ...dadosEmpresa, fiscal_api_key: `${API_KEY}-2` }));
    expect(await credenciaisFiscais(env.deps)).toEqual({ apiKey: `${API_KEY}-2`, empresaId: EMPRESA_ID });
    await ok(salvarEmpresa({ ...dadosEmpresa, fiscal_api_key: '', fiscal_empresa_id: '' }));
    expect(await credenciaisFiscais(env.deps)).toEqual({ apiKey: `${API_KEY}-2`, empresaId: EMPRESA_ID });
  });

  it('never writes the credentials to the audit trail, nor to a backup', async () => {
    const aud = await ok(admin.api.auditoria.$get({ query: { recurso: 'empresa', limit: 200 } }));
    const texto = JSON.stringify(aud);
    expect(texto).toContain('fiscal_credenciais'); // that they changed is recorded…
    expect(texto).not.toContain(API_KEY); // …what they are is not, not even encrypted
    expect(texto).not.toMatch(/v1:[A-Za-z0-9+/=]{20,}/);
    const csv = await answer(admin.api.auditoria.exportar.$get({ query: { recurso: 'empresa' } }));
    expect(csv.status).toBe(200);
    expect(String(csv.body)).not.toContain(API_KEY);
    expect(String(csv.body)).not.toMatch(/v1:[A-Za-z0-9+/=]{20,}/);

    const file = path.join(dir, 'fiscal.jsonl.gz');
    await writeBackup(env.db, env.deps.database.kind, file, {
      chave: 'chave-dos-backups-de-teste-0123456789abcdef',
    });
    const conteudo = gunzipSync(readFileSync(file)).toString('utf8');
    const linhaEmpresa = conteudo.split('\n').find((l) => l.includes('"nfe_proximo_numero"'));
    expect(linhaEmpresa).toBeDefined();
    expect(linhaEmpresa).not.toContain('fiscal_credenciais');
    expect(conteudo).not.toContain(API_KEY);
    expect(conteudo).not.toMatch(/v1:[A-Za-z0-9+/=]{20,}/);
  });

  it('removes the credentials on request, and only Configurações may change them', async () => {
    const { client } = await userWith(env, ['clientes']);
    await refused(salvarEmpresa({ ...dadosEmpresa, fiscal_credenciais_remover: true }, client), 403);
    expect(await credenciaisFiscais(env.deps)).not.toBeNull();
    const r = await ok(salvarEmpresa({ ...dadosEmpresa, fiscal_credenciais_remover: true }));
    expect(r.fiscal_credenciais_definidas).toBe(false);
    expect(await credenciaisFiscais(env.deps)).toBeNull();
  });
});

const dadosEmpresa: DadosEmpresa = {
  nome: 'Marmoraria Pedra Fina',
  cnpj: '11.222.333/0001-81',
  endereco: 'Av. do Granito, 500',
  cidade: 'Campinas',
  uf: 'SP',
  cep: '13010-100',
  validade_dias: 15,
  venda_automatica: true,
};
