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
