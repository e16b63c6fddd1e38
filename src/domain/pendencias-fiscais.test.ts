import { describe, expect, it } from 'vitest';
import { type EntradaPendencias, pendenciasFiscais } from './pendencias-fiscais';

const empresa = {
  cnpj: '12.345.678/0001-95',
  regime_tributario: 'simples_nacional',
  inscricao_estadual: '244123456119',
  inscricao_municipal: '123456',
  municipio_ibge: '3509502',
  uf: 'SP',
  credenciais_definidas: true,
  nfse_codigo_servico: '0702',
  nfse_aliquota_iss: '5.00',
};
const cliente = {
  id: 'c1',
  pessoa: 'fisica' as const,
  documento: '529.982.247-25',
  endereco: 'Av. Brasil',
  numero: '1',
  bairro: 'Centro',
  cidade: 'Campinas',
  uf: 'SP',
  cep: '13000-000',
  municipio_ibge: '3509502',
  inscricao_estadual: null,
  ie_isento: false,
};
const produto = { id: 'p1', nome: 'Granito', ncm: '68029390', origem: '0', csosn: '102', cst: null };
const venda = { status: 'ativa', tem_itens: true, valor_instalacao: '150.00' };
const nfe = (o: Partial<EntradaPendencias> = {}): EntradaPendencias => ({
  tipo: 'nfe',
  venda,
  empresa,
  cliente,
  produtos: [produto],
  ...o,
});

describe('pendenciasFiscais: the one list of what an invoice lacks', () => {
  it('is empty when the NF-e and the NFS-e have everything', () => {
    expect(pendenciasFiscais(nfe())).toEqual([]);
    expect(pendenciasFiscais(nfe({ tipo: 'nfse' }))).toEqual([]);
  });

  it('NF-e: each missing field with where it is set, in the order they are fixed', () => {
    const r = pendenciasFiscais(
      nfe({
        empresa: {
          ...empresa,
          regime_tributario: 'lucro_presumido',
          inscricao_estadual: ' ',
          credenciais_definidas: false,
        },
        cliente: { ...cliente, pessoa: 'juridica', numero: null, bairro: '  ' },
        produtos: [
          produto,
          produto,
          { id: 'p2', nome: 'Cuba', ncm: '6802.93', origem: null, csosn: null, cst: null },
        ],
      }),
    );
    expect(r.map((p) => [p.campo, p.link])).toEqual([
      ['empresa.inscricao_estadual', '/empresa'],
      ['empresa.fiscal_credenciais', '/empresa'],
      ['cliente.numero', '/clientes?tab=novo&id=c1'],
      ['cliente.bairro', '/clientes?tab=novo&id=c1'],
      ['cliente.inscricao_estadual', '/clientes?tab=novo&id=c1'],
      // Lucro Presumido uses the CST, not the CSOSN; p1 listed once though it is on two lines
      ['produtos.p1.cst', '/produtos?tab=novo&id=p1'],
      ['produtos.p2.ncm', '/produtos?tab=novo&id=p2'],
      ['produtos.p2.origem', '/produtos?tab=novo&id=p2'],
      ['produtos.p2.cst', '/produtos?tab=novo&id=p2'],
    ]);
    expect(r[2]!.mensagem).toBe('Informe o número do endereço do cliente (ou "S/N").');
    expect(r[6]!.mensagem).toBe('Informe o NCM (8 dígitos) do produto "Cuba".');
  });

  it('CSOSN only for Simples Nacional (CRT 1): Simples over the sub-limit (CRT 2) asks for the CST', () => {
    const semCodigos = [{ ...produto, csosn: null, cst: null }];
    expect(pendenciasFiscais(nfe({ produtos: semCodigos })).map((p) => p.campo)).toEqual([
      'produtos.p1.csosn',
    ]);
    expect(
      pendenciasFiscais(
        nfe({ empresa: { ...empresa, regime_tributario: 'simples_excesso' }, produtos: semCodigos }),
      ).map((p) => p.campo),
    ).toEqual(['produtos.p1.cst']);
  });

  it('"S/N" is a número; a company client marked isento needs no IE', () => {
    expect(
      pendenciasFiscais(nfe({ cliente: { ...cliente, pessoa: 'juridica', numero: 'S/N', ie_isento: true } })),
    ).toEqual([]);
  });

  it('a sale cancelled or without items (no quote) is named first', () => {
    expect(
      pendenciasFiscais(nfe({ venda: { ...venda, status: 'cancelada', tem_itens: false }, produtos: [] })),
    ).toEqual([
      { campo: 'venda.status', mensagem: 'A venda está cancelada.', link: '/vendas' },
      {
        campo: 'venda.itens',
        mensagem: 'A venda não tem itens (foi lançada sem orçamento).',
        link: '/vendas',
      },
    ]);
  });

  it('NFS-e: the installation value, IM, service code and ISS rate; not the IE, CRT or the products', () => {
    const r = pendenciasFiscais(
      nfe({
        tipo: 'nfse',
        venda: { ...venda, valor_instalacao: '0.00' },
        empresa: {
          ...empresa,
          inscricao_estadual: null,
          regime_tributario: null,
          inscricao_municipal: '',
          nfse_codigo_servico: null,
          nfse_aliquota_iss: null,
        },
        cliente: { ...cliente, pessoa: 'juridica' },
        produtos: [{ id: 'p2', nome: 'Cuba', ncm: null }],
      }),
    );
    expect(r.map((p) => p.campo)).toEqual([
      'venda.valor_instalacao',
      'empresa.inscricao_municipal',
      'empresa.nfse_codigo_servico',
      'empresa.nfse_aliquota_iss',
    ]);
    expect(r[0]!.mensagem).toBe('A venda não tem valor de instalação.');
  });

  it('without a sale or client (the Empresa screen asks about the company alone)', () => {
    const r = pendenciasFiscais({
      tipo: 'nfse',
      empresa: { credenciais_definidas: false },
    });
    expect(r.map((p) => p.campo)).toEqual([
      'empresa.cnpj',
      'empresa.inscricao_municipal',
      'empresa.municipio_ibge',
      'empresa.nfse_codigo_servico',
      'empresa.nfse_aliquota_iss',
      'empresa.fiscal_credenciais',
    ]);
  });
});
