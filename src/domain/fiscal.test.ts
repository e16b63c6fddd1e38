import { describe, expect, it } from 'vitest';
import {
  buscarMunicipios,
  buscarNcm,
  CRT_POR_REGIME,
  cfopParaDestino,
  formatNcm,
  municipioIbge,
  municipioPorCodigo,
  municipioValido,
  ncmDescricao,
  ncmValido,
  pendenciasFiscais,
  unidadeComercialPadrao,
  usaCsosn,
} from './fiscal';

describe('NCM table', () => {
  it('knows the stone a marmoraria sells and refuses codes that are not 8-digit NCMs in force', () => {
    expect(ncmValido('6802.93.90')).toBe(true); // granito trabalhado, outros
    expect(ncmValido('68029390')).toBe(true);
    expect(ncmValido('68022100')).toBe(true); // mármore, simplesmente talhado ou serrado
    expect(ncmValido('25161200')).toBe(true); // granito serrado em blocos ou placas
    expect(ncmValido('39221000')).toBe(true); // cubas/pias de plástico
    expect(ncmValido('84818019')).toBe(true); // torneiras
    expect(ncmValido('6802')).toBe(false); // a heading, not a product's NCM
    expect(ncmValido('68029399')).toBe(false); // 8 digits that do not exist
    expect(ncmValido('')).toBe(false);
    expect(ncmValido(null)).toBe(false);
    expect(ncmDescricao('68029390')).toMatch(/Granito/);
    expect(formatNcm('68029390')).toBe('6802.93.90');
  });

  it('searches by code prefix (dots allowed) and by words without accents', () => {
    const porCodigo = buscarNcm('6802.93');
    expect(porCodigo.map((n) => n.codigo)).toEqual(['68029310', '68029390']);
    const porPalavra = buscarNcm('marmore travertino');
    expect(porPalavra.length).toBeGreaterThan(0);
    expect(porPalavra.every((n) => /m[aá]rmore/i.test(n.descricao))).toBe(true);
    expect(buscarNcm('', 50).every((n) => n.codigo.startsWith('68'))).toBe(true);
    expect(buscarNcm('6', 50)).toHaveLength(50);
  });
});

describe('IBGE municípios', () => {
  it('ships the whole list and looks codes up by code and by city + UF', () => {
    expect(buscarMunicipios({ limit: 10_000 }).length).toBeGreaterThanOrEqual(5570);
    expect(municipioPorCodigo('3509502')).toEqual({ codigo: '3509502', nome: 'Campinas', uf: 'SP' });
    expect(municipioValido('3509502')).toBe(true);
    expect(municipioValido('3509502', 'sp')).toBe(true);
    expect(municipioValido('3509502', 'MG')).toBe(false);
    expect(municipioValido('3509503')).toBe(false);
    expect(municipioIbge('sao jose dos campos', 'SP')).toBe('3549904');
    expect(municipioIbge('São José dos Campos', 'sp')).toBe('3549904');
    expect(municipioIbge('Campinas', 'MG')).toBeNull();
    expect(municipioIbge('', 'SP')).toBeNull();
  });

  it('searches one state, names starting with the text first, at most the limit', () => {
    const r = buscarMunicipios({ uf: 'SP', q: 'campi' });
    expect(r.map((m) => m.nome)).toEqual(['Campina do Monte Alegre', 'Campinas', 'Nova Campina']);
    const t = buscarMunicipios({ uf: 'SP', q: 'jose dos' }).map((m) => m.nome);
    expect(t[0]).toBe('São José dos Campos'); // accents ignored; none starts with it, so the order is the list's
    expect(r.every((m) => m.uf === 'SP')).toBe(true);
    expect(buscarMunicipios({ uf: 'MG', limit: 50 })).toHaveLength(50);
  });
});

describe('CFOP by destination', () => {
  it('turns the in-state CFOP into the interstate one for a client of another state, and back', () => {
    expect(cfopParaDestino('5102', 'SP', 'SP')).toBe('5102');
    expect(cfopParaDestino('5102', 'SP', 'MG')).toBe('6102');
    expect(cfopParaDestino('5101', 'sp', 'rj')).toBe('6101');
    expect(cfopParaDestino('6102', 'SP', 'SP')).toBe('5102');
    expect(cfopParaDestino('1102', 'SP', 'MG')).toBe('1102'); // an entry is not a sale
    expect(cfopParaDestino('5102', 'SP', null)).toBe('5102');
  });
});

describe('regime and unit', () => {
  it('gives CRT 1/2/3 and CSOSN only for Simples Nacional', () => {
    expect(CRT_POR_REGIME.simples_nacional).toBe(1);
    expect(CRT_POR_REGIME.simples_excesso).toBe(2);
    expect(CRT_POR_REGIME.lucro_presumido).toBe(3);
    expect(CRT_POR_REGIME.lucro_real).toBe(3);
    expect(usaCsosn('simples_nacional')).toBe(true);
    expect(usaCsosn('simples_excesso')).toBe(false);
    expect(usaCsosn('lucro_real')).toBe(false);
    expect(unidadeComercialPadrao('m²')).toBe('M2');
    expect(unidadeComercialPadrao('unitário')).toBe('UN');
  });
});

describe('pendenciasFiscais', () => {
  const empresa = {
    cnpj: '12.345.678/0001-95',
    regime_tributario: 'simples_nacional',
    inscricao_estadual: '244123456119',
    municipio_ibge: '3509502',
    endereco: 'Rua das Pedras, 10',
    uf: 'SP',
    cep: '13010-000',
    fiscal_provedor: 'nfeio',
    fiscal_credenciais_definidas: true,
  };
  const cliente = {
    id: 'c1',
    nome: 'Ana',
    tipo: 'Pessoa Física',
    cpf_cnpj: '529.982.247-25',
    endereco: 'Av. Brasil',
    numero: '1',
    bairro: 'Centro',
    cidade: 'Campinas',
    uf: 'SP',
    cep: '13000-000',
    inscricao_estadual: null,
    ie_isento: false,
    municipio_ibge: '3509502',
  };
  const produto = { id: 'p1', nome: 'Granito', ncm: '68029390', cfop: '5102', csosn: '102', cst: null };

  it('is empty when everything an NF-e needs is there', () => {
    expect(pendenciasFiscais({ empresa, cliente, produtos: [produto] })).toEqual([]);
  });

  it('lists each missing field with where it is set', () => {
    const r = pendenciasFiscais({
      empresa: {
        ...empresa,
        regime_tributario: 'lucro_presumido',
        inscricao_estadual: '',
        fiscal_credenciais_definidas: false,
      },
      cliente: { ...cliente, tipo: 'Pessoa Jurídica', municipio_ibge: '3106200' },
      produtos: [produto, { id: 'p2', nome: 'Cuba', ncm: '68029399', cfop: null, csosn: null, cst: null }],
    });
    expect(r.map((p) => [p.onde, p.campo])).toEqual([
      ['/empresa', 'inscricao_estadual'],
      ['/empresa', 'fiscal_credenciais'],
      ['/clientes/c1', 'municipio_ibge'], // Belo Horizonte is not in SP
      ['/clientes/c1', 'inscricao_estadual'],
      ['/produtos/p1', 'cst'], // Lucro Presumido uses the CST, not the CSOSN
      ['/produtos/p2', 'ncm'],
      ['/produtos/p2', 'cfop'],
      ['/produtos/p2', 'cst'],
    ]);
    expect(r[3]?.mensagem).toBe('Cliente Ana: informe a inscrição estadual ou marque "Isento".');
    expect(r[5]?.mensagem).toBe('Produto Cuba: o NCM 68029399 não existe na tabela NCM vigente.');
  });

  it("names the client's número and bairro when missing (blank counts as missing); S/N is a número", () => {
    const r = pendenciasFiscais({
      empresa,
      cliente: { ...cliente, numero: null, bairro: '  ' },
      produtos: [],
    });
    expect(r).toEqual([
      {
        campo: 'numero',
        mensagem: 'Cliente Ana: informe o número do endereço (ou "S/N").',
        onde: '/clientes/c1',
      },
      { campo: 'bairro', mensagem: 'Cliente Ana: informe o bairro.', onde: '/clientes/c1' },
    ]);
    expect(pendenciasFiscais({ empresa, cliente: { ...cliente, numero: 'S/N' }, produtos: [] })).toEqual([]);
  });

  it('accepts a company client marked isento', () => {
    const r = pendenciasFiscais({
      empresa,
      cliente: { ...cliente, tipo: 'Pessoa Jurídica', ie_isento: true },
      produtos: [],
    });
    expect(r).toEqual([]);
  });
});
