// Issue 30 §1: the fiscal data on Empresa, Produtos and Clientes, the shipped IBGE/NCM searches, and the
// provider's credentials, which are encrypted and never answered, exported, audited or backed up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../db/backup';
import { empresa } from '../../db/schema';
import { credenciaisFiscais } from '../fiscal/credenciais';
import { apiSuite, clientePf, fieldMessages, okBody, userWith } from '../testing/harness';

const { env, admin } = apiSuite();
const dir = mkdtempSync(path.join(tmpdir(), 'lavra-fiscal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const API_KEY = 'nfeio-chave-secreta-Zq81xK';
const EMPRESA_ID = 'emp_7f3a9c2b';

async function categoria() {
  const nome = `pedras-${Math.random().toString(36).slice(2, 8)}`;
  await admin.create('/api/categorias-produtos', { nome });
  return nome;
}

describe('GET /api/fiscal/municipios and /api/fiscal/ncm', () => {
  it('searches the shipped IBGE list by state and name, at most 50', async () => {
    const r = okBody(await admin.get('/api/fiscal/municipios?uf=SP&q=campi'));
    expect(r.items.map((m: { nome: string }) => m.nome)).toContain('Campinas');
    expect(r.items.find((m: { nome: string }) => m.nome === 'Campinas').codigo).toBe('3509502');
    expect(r.items.every((m: { uf: string }) => m.uf === 'SP')).toBe(true);
    expect(okBody(await admin.get('/api/fiscal/municipios?uf=MG')).items).toHaveLength(50);
    expect((await admin.get('/api/fiscal/municipios?uf=XYZ')).status).toBe(400);
  });

  it('searches the NCM table by code and by words', async () => {
    const r = okBody(await admin.get('/api/fiscal/ncm?q=6802.93'));
    expect(r.items.map((n: { codigo: string }) => n.codigo)).toEqual(['68029310', '68029390']);
    expect(r.versao).toMatch(/Vigente/);
    const g = okBody(await admin.get(`/api/fiscal/ncm?q=${encodeURIComponent('mármore')}`));
    expect(g.items.length).toBeGreaterThan(0);
    expect(g.items.length).toBeLessThanOrEqual(50);
  });

  it('is open to the screens that use it (Empresa, Clientes, Produtos, Vendas), not to others', async () => {
    const { client: financeiro } = await userWith(env, ['financeiro']);
    expect((await financeiro.get('/api/fiscal/ncm?q=68')).status).toBe(403);
    const { client: produtos } = await userWith(env, ['produtos']);
    expect((await produtos.get('/api/fiscal/ncm?q=68')).status).toBe(200);
    expect((await produtos.get('/api/fiscal/municipios?uf=SP')).status).toBe(200);
  });
});

describe('Produtos: NCM, CFOP, CSOSN/CST, origem, unidade comercial', () => {
  it('saves the fiscal fields, answering the commercial unit from the product unit when unset', async () => {
    const cat = await categoria();
    const p = await admin.create('/api/produtos', {
      nome: 'Granito São Gabriel',
      categoria: cat,
      valor_m2: '450.00',
      ncm: '6802.93.90',
      cfop: '5102',
      csosn: '102',
      origem: 0,
    });
    expect(p).toMatchObject({ ncm: '68029390', cfop: '5102', csosn: '102', cst: null, origem: 0 });
    const lido = okBody(await admin.get(`/api/produtos/${p.id}`));
    expect(lido.unidade_comercial).toBe('M2'); // tipo_unidade m², none set
    const cuba = await admin.create('/api/produtos', {
      nome: 'Cuba inox',
      categoria: cat,
      valor_m2: '300',
      tipo_unidade: 'unitário',
      unidade: 'un',
      ncm: '73241000',
    });
    expect(okBody(await admin.get(`/api/produtos/${cuba.id}`)).unidade_comercial).toBe('UN');
    const ml = await admin.patchCurrent(`/api/produtos/${cuba.id}`, { unidade_comercial: 'ML', origem: 2 });
    expect(okBody(ml)).toMatchObject({ unidade_comercial: 'ML', origem: 2 });
  });

  it('refuses an NCM that is not in the table (400 naming ncm) and changes nothing', async () => {
    const cat = await categoria();
    const msgs = await admin.invalidPost('/api/produtos', {
      nome: 'Pedra inventada',
      categoria: cat,
      valor_m2: '10',
      ncm: '6802.93.99',
    });
    expect(msgs.ncm).toBe('NCM 6802.93.99 não existe na tabela NCM vigente.');
    const lista = okBody(await admin.get(`/api/produtos?q=${encodeURIComponent('Pedra inventada')}`));
    expect(lista.items).toHaveLength(0);

    const p = await admin.create('/api/produtos', {
      nome: 'Mármore Carrara',
      categoria: cat,
      valor_m2: '900',
    });
    const res = await admin.patchCurrent(`/api/produtos/${p.id}`, { ncm: '6802' });
    expect(res.status).toBe(400);
    expect(fieldMessages(res.body).ncm).toMatch(/8 dígitos/);
    const bad = await admin.patchCurrent(`/api/produtos/${p.id}`, { cfop: '9102', csosn: '1', origem: 9 });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldMessages(bad.body)).sort()).toEqual(['cfop', 'csosn', 'origem']);
    expect(okBody(await admin.get(`/api/produtos/${p.id}`))).toMatchObject({
      ncm: null,
      cfop: null,
      origem: 0,
    });
  });
});

describe('Clientes: inscrição estadual or isento, município IBGE', () => {
  it('fills the IBGE code from cidade + UF when the form saves', async () => {
    const c = await admin.create('/api/clientes', {
      ...clientePf('Ana Fiscal'),
      cidade: 'São José dos Campos',
      uf: 'SP',
    });
    expect(c.municipio_ibge).toBe('3549904');
    const mudou = okBody(await admin.patchCurrent(`/api/clientes/${c.id}`, { cidade: 'Campinas', uf: 'SP' }));
    expect(mudou.municipio_ibge).toBe('3509502');
    const nenhum = okBody(
      await admin.patchCurrent(`/api/clientes/${c.id}`, { cidade: 'Cidade Nenhuma', uf: 'SP' }),
    );
    expect(nenhum.municipio_ibge).toBeNull();
    const errado = await admin.patchCurrent(`/api/clientes/${c.id}`, { municipio_ibge: '3106200', uf: 'SP' });
    expect(errado.status).toBe(400);
    expect(fieldMessages(errado.body).municipio_ibge).toMatch(/Belo Horizonte\/MG/);
  });

  it('refuses an IE together with "Isento" (400 naming inscricao_estadual), sent together or one over the other', async () => {
    const msgs = await admin.invalidPost('/api/clientes', {
      ...clientePf('Pedreira Ltda'),
      inscricao_estadual: '110.042.490.114',
      ie_isento: true,
    });
    expect(msgs.inscricao_estadual).toBe('Informe a inscrição estadual ou marque "Isento", não os dois.');

    const c = await admin.create('/api/clientes', {
      ...clientePf('Ana IE'),
      inscricao_estadual: '110.042.490.114',
    });
    expect(c).toMatchObject({ inscricao_estadual: '110042490114', ie_isento: false });
    const res = await admin.patchCurrent(`/api/clientes/${c.id}`, { ie_isento: true });
    expect(res.status).toBe(400);
    expect(fieldMessages(res.body).inscricao_estadual).toBe(
      'Informe a inscrição estadual ou marque "Isento", não os dois.',
    );
    const isento = okBody(
      await admin.patchCurrent(`/api/clientes/${c.id}`, { inscricao_estadual: '', ie_isento: true }),
    );
    expect(isento).toMatchObject({ inscricao_estadual: null, ie_isento: true });
  });
});

describe('Empresa: dados fiscais and the provider credentials', () => {
  it('saves regime, IE, IM, município, série, número, provider and environment (homologação by default)', async () => {
    const antes = okBody(await admin.get('/api/empresa'));
    expect(antes).toMatchObject({
      regime_tributario: null,
      nfe_serie: 1,
      nfe_proximo_numero: 1,
      fiscal_ambiente: 'homologacao',
      fiscal_credenciais_definidas: false,
    });
    const r = okBody(
      await admin.putCurrent('/api/empresa', {
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
    const bad = await admin.putCurrent('/api/empresa', {
      ...dadosEmpresa,
      municipio_ibge: '3106200',
      nfe_serie: 1000,
      regime_tributario: 'mei',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldMessages(bad.body)).sort()).toEqual(['nfe_serie', 'regime_tributario']);
    const mun = await admin.putCurrent('/api/empresa', { ...dadosEmpresa, municipio_ibge: '3106200' });
    expect(fieldMessages(mun.body).municipio_ibge).toBe(
      'O município escolhido (Belo Horizonte/MG) não é da UF informada (SP).',
    );
    expect(okBody(await admin.get('/api/empresa'))).toMatchObject({
      nfe_serie: 2,
      municipio_ibge: '3509502',
    });
  });

  it('keeps the credentials encrypted, answers only that they are set, and hands them to the provider code', async () => {
    const only = await admin.putCurrent('/api/empresa', { ...dadosEmpresa, fiscal_api_key: API_KEY });
    expect(only.status).toBe(400);
    expect(fieldMessages(only.body).fiscal_empresa_id).toBe('Informe o ID da empresa no provedor.');

    const res = await admin.putCurrent('/api/empresa', {
      ...dadosEmpresa,
      fiscal_api_key: API_KEY,
      fiscal_empresa_id: EMPRESA_ID,
    });
    expect(okBody(res).fiscal_credenciais_definidas).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);
    const get = await admin.get('/api/empresa');
    expect(okBody(get).fiscal_credenciais_definidas).toBe(true);
    expect(JSON.stringify(get.body)).not.toContain(API_KEY);
    expect(JSON.stringify(get.body)).not.toContain(EMPRESA_ID);
    expect(get.body).not.toHaveProperty('fiscal_credenciais');
    expect(get.body).not.toHaveProperty('fiscal_api_key');

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
    okBody(await admin.putCurrent('/api/empresa', { ...dadosEmpresa, fiscal_api_key: `${API_KEY}-2` }));
    expect(await credenciaisFiscais(env.deps)).toEqual({ apiKey: `${API_KEY}-2`, empresaId: EMPRESA_ID });
    okBody(
      await admin.putCurrent('/api/empresa', { ...dadosEmpresa, fiscal_api_key: '', fiscal_empresa_id: '' }),
    );
    expect(await credenciaisFiscais(env.deps)).toEqual({ apiKey: `${API_KEY}-2`, empresaId: EMPRESA_ID });
  });

  it('never writes the credentials to the audit trail, nor to a backup', async () => {
    const aud = await admin.get('/api/auditoria?recurso=empresa&limit=200');
    const texto = JSON.stringify(okBody(aud));
    expect(texto).toContain('fiscal_credenciais'); // that they changed is recorded…
    expect(texto).not.toContain(API_KEY); // …what they are is not, not even encrypted
    expect(texto).not.toMatch(/v1:[A-Za-z0-9+/=]{20,}/);
    const csv = await admin.get('/api/auditoria/exportar?recurso=empresa');
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
    const res = await client.put('/api/empresa', { ...dadosEmpresa, fiscal_credenciais_remover: true });
    expect(res.status).toBe(403);
    expect(await credenciaisFiscais(env.deps)).not.toBeNull();
    const r = okBody(
      await admin.putCurrent('/api/empresa', { ...dadosEmpresa, fiscal_credenciais_remover: true }),
    );
    expect(r.fiscal_credenciais_definidas).toBe(false);
    expect(await credenciaisFiscais(env.deps)).toBeNull();
  });
});

const dadosEmpresa = {
  nome: 'Marmoraria Pedra Fina',
  cnpj: '11.222.333/0001-81',
  endereco: 'Av. do Granito, 500',
  cidade: 'Campinas',
  uf: 'SP',
  cep: '13010-100',
  validade_dias: 15,
  venda_automatica: true,
};
