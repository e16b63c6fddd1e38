/**
 * Every enumerated value the database checks (db/schema.ts) and the schemas validate, defined once:
 * db/schema.ts builds its CHECK constraints from these, schemas/ and the web read them from here; the
 * type of a list's values beside it where the schemas name it.
 */
export const TIPOS_PESSOA = ['Pessoa Física', 'Pessoa Jurídica'] as const;
export const STATUS_ATIVO = ['ativo', 'inativo'] as const;
export const ROLES = ['admin', 'usuario'] as const;
export const TIPOS_UNIDADE = ['m²', 'unitário'] as const;
export const FORMATOS_MEDIDA = ['Largura x Profundidade', 'Largura x Altura'] as const;
export const CARGOS = ['Instalador Sênior', 'Instalador Júnior', 'Ajudante', 'Acabador', 'Serrador'] as const;
export const BANDEIRAS = ['Pix', 'Dinheiro', 'Cartão'] as const;
export const TIPOS_CARTAO = ['Débito', 'Crédito'] as const;
export const STATUS_CARTAO = ['Ativo', 'Inativo'] as const;
export const STATUS_ORCAMENTO = ['pendente', 'aprovado', 'venda_realizada', 'rejeitado'] as const;
export type StatusOrcamento = (typeof STATUS_ORCAMENTO)[number];
export const TIPOS_VENDA = ['avista', 'parcelado', 'entrada'] as const;
export type TipoVenda = (typeof TIPOS_VENDA)[number];
export const STATUS_VENDA = ['confirmada', 'paga', 'cancelada'] as const;
export type StatusVenda = (typeof STATUS_VENDA)[number];
export const TIPOS_DESPESA = ['avulso', 'mensal', 'parcelada'] as const;
export type TipoDespesa = (typeof TIPOS_DESPESA)[number];
export const STATUS_DESPESA = ['pendente', 'paga'] as const;
export type StatusDespesa = (typeof STATUS_DESPESA)[number];
export const TIPOS_MOVIMENTACAO = ['entrada', 'saida'] as const;
export const STATUS_FUNCIONARIO = STATUS_ATIVO;
/** Sides of a piece (issue 14): frente/fundo run along medida1, esquerda/direita along medida2. */
export const LADOS_PECA = ['frente', 'fundo', 'esquerda', 'direita'] as const;
/** Strips cut along a side of another piece: saia (apron) and frontão (backsplash). */
export const FAIXAS = ['saia', 'frontao'] as const;
// Work orders (issue 17): their stages and statuses live with the production rules.
export {
  ETAPA_OS_LABEL,
  ETAPAS_OS,
  type EtapaOs,
  STATUS_ETAPA,
  STATUS_ETAPA_LABEL,
  STATUS_OS,
  STATUS_OS_LABEL,
  type StatusEtapa,
  TIPOS_FOTO_OS,
} from '../domain/producao-etapas';

/** How a sale type reads on screens, printouts and exports (quotes and sales alike). */
export const TIPO_VENDA_LABEL: Record<TipoVenda, string> = {
  avista: 'À Vista',
  parcelado: 'Parcelado',
  entrada: 'Entrada',
};

// Stock of slabs and remnants (issue 28).
export const TIPOS_CHAPA = ['chapa', 'sobra'] as const;
export type TipoChapa = (typeof TIPOS_CHAPA)[number];
export const FORMATOS_CHAPA = ['retangulo', 'L'] as const;
export type FormatoChapa = (typeof FORMATOS_CHAPA)[number];
export const STATUS_CHAPA = ['disponivel', 'reservada', 'consumida', 'baixada'] as const;
export type StatusChapa = (typeof STATUS_CHAPA)[number];
/** Measures of a slab in millimetres (integers): sides and thickness. */
export const MEDIDA_CHAPA_MM = { min: 100, max: 5000 } as const;
export const ESPESSURA_CHAPA_MM = { min: 10, max: 100 } as const;

// Nota fiscal (issue 30). The regime gives the invoice's CRT: Simples Nacional 1, Simples com excesso
// de sublimite 2, Lucro Presumido and Lucro Real 3.
export const REGIMES_TRIBUTARIOS = [
  'simples_nacional',
  'simples_excesso',
  'lucro_presumido',
  'lucro_real',
] as const;
export type RegimeTributario = (typeof REGIMES_TRIBUTARIOS)[number];
export const FISCAL_PROVEDORES = ['nfeio'] as const;
export type FiscalProvedor = (typeof FISCAL_PROVEDORES)[number];
/** Homologação first: the provider's sandbox, where nothing has legal effect. */
export const FISCAL_AMBIENTES = ['homologacao', 'producao'] as const;
export type FiscalAmbiente = (typeof FISCAL_AMBIENTES)[number];
/** The invoice's commercial unit (uCom). */
export const UNIDADES_COMERCIAIS = ['M2', 'UN', 'ML'] as const;
export type UnidadeComercial = (typeof UNIDADES_COMERCIAIS)[number];

/** Invoices (issue 30): the sale's NF-e and the installation's NFS-e, and where each stands. */
export const TIPOS_NOTA_FISCAL = ['nfe', 'nfse'] as const;
export type TipoNotaFiscal = (typeof TIPOS_NOTA_FISCAL)[number];
export const STATUS_NOTA_FISCAL = ['processando', 'autorizada', 'rejeitada', 'cancelada'] as const;
export type StatusNotaFiscal = (typeof STATUS_NOTA_FISCAL)[number];
