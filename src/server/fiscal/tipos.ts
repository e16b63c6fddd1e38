import type { UnidadeComercial } from '../../domain/nota-fiscal';

/**
 * The fiscal data an invoice is built from (issue 30 §1), as this module reads it. The columns that
 * hold it (empresa, produtos, clientes) arrive with the branch fiscal-dados; dados.ts is the one
 * place that reads them.
 */
export type RegimeTributario = 'simples_nacional' | 'simples_excesso' | 'lucro_presumido' | 'lucro_real';

export interface CredenciaisFiscais {
  api_key: string;
  empresa_id: string;
}

export interface EmpresaFiscal {
  nome: string;
  cnpj: string | null;
  inscricao_estadual: string | null;
  regime_tributario: RegimeTributario | null;
  uf: string | null;
  cidade: string | null;
  municipio_ibge: string | null;
  nfe_serie: number;
  inscricao_municipal: string | null;
  /** The installation's NFS-e: the city's service code, the LC 116 item, the ISS rate (%). */
  nfse_codigo_servico: string | null;
  nfse_item_lista: string | null;
  nfse_aliquota_iss: string | null;
  provedor: 'nfeio';
  ambiente: 'homologacao' | 'producao';
  credenciais: CredenciaisFiscais | null;
}

export interface ClienteFiscal {
  id: string;
  nome: string;
  pessoa: 'fisica' | 'juridica';
  documento: string | null;
  email: string | null;
  /** Where the DANFE's link is sent by WhatsApp (not on the invoice). */
  telefone: string | null;
  inscricao_estadual: string | null;
  ie_isento: boolean;
  /** The logradouro; número, complemento and bairro are fields of their own. */
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  municipio_ibge: string | null;
}

export interface ItemFiscal {
  produto_id: string;
  nome: string;
  unidade: UnidadeComercial;
  quantidade: string;
  valor_linha: string;
  ncm: string | null;
  cfop: number | null;
  csosn: string | null;
  cst: string | null;
  origem: string | null;
}

export interface VendaFiscal {
  id: string;
  numero: number;
  status: string;
  tipo_venda: string;
  valor_bruto: string;
  valor_frete: string;
  valor_instalacao: string;
  tem_orcamento: boolean;
}

export interface DadosFiscais {
  empresa: EmpresaFiscal;
  cliente: ClienteFiscal;
  venda: VendaFiscal;
  itens: ItemFiscal[];
}

/** A field the invoice needs and does not have: what, where it is set (a screen link). */
export type { Pendencia } from '../../domain/pendencias-fiscais';
