/**
 * One interface for the fiscal provider (issue 30 §2): Lavra sends a complete invoice and keeps what
 * comes back; signing the XML and talking to SEFAZ is the provider's job. One implementation per
 * provider (nfeio/ now); the tests use fake/, a local server that keeps the same contract.
 */

export type StatusProvedor = 'processando' | 'autorizada' | 'rejeitada' | 'cancelada';

/** What the provider says about one invoice, in Lavra's words. */
export interface SituacaoNota {
  provedor_id: string;
  status: StatusProvedor;
  chave_acesso: string | null;
  protocolo: string | null;
  codigo_sefaz: string | null;
  mensagem_sefaz: string | null;
  autorizada_em: Date | null;
  /** NFS-e: the number the city gave it and its verification code (absent for an NF-e). */
  numero_prefeitura?: number | null;
  codigo_verificacao?: string | null;
  /** NFS-e: the city refused the cancellation (the invoice stays authorised, with its message). */
  cancelamento_recusado?: boolean;
}

/** An invoice as Lavra sends it (provider-neutral; each adapter maps it to its own fields). */
export interface NfeEnvio {
  serie: number;
  numero: number;
  natureza: string;
  emitida_em: Date;
  interestadual: boolean;
  consumidor_final: boolean;
  comprador: {
    nome: string;
    documento: string;
    pessoa: 'fisica' | 'juridica';
    email: string | null;
    ie: string | null;
    ie_isento: boolean;
    endereco: {
      uf: string;
      municipio_ibge: string | null;
      cidade: string;
      bairro: string;
      logradouro: string;
      numero: string;
      complemento: string | null;
      cep: string;
    };
  };
  itens: {
    codigo: string;
    descricao: string;
    ncm: string;
    cfop: number;
    unidade: string;
    quantidade: string;
    valor_unitario: string;
    valor_total: string;
    valor_frete: string;
    valor_desconto: string;
    origem: string;
    csosn: string | null;
    cst: string | null;
  }[];
  totais: { produtos: string; frete: string; desconto: string; nota: string };
  pagamento: 'avista' | 'prazo';
}

/**
 * The installation's NFS-e as Lavra sends it. No series or number: the provider draws the RPS number
 * and the city numbers the NFS-e; `referencia` is Lavra's id of the invoice (the provider's
 * externalId), by which an answer that never came is looked up.
 */
export interface NfseEnvio {
  referencia: string;
  emitida_em: Date;
  codigo_servico: string;
  item_lista: string | null;
  descricao: string;
  valor: string;
  aliquota_iss: string | null;
  tomador: NfeEnvio['comprador'] & { inscricao_municipal?: string | null };
}

export type TipoErroProvedor = 'retentavel' | 'credenciais' | 'recusada' | 'nao_encontrada';

/**
 * A provider failure, typed by what Lavra does next: `retentavel` (timeout, network, 5xx: the invoice
 * stays `processando` and is consulted again later, never sent again), `credenciais` (401/403: a pt-BR
 * message, nothing changes), `recusada` (400/422: the request itself was refused, with the provider's
 * message), `nao_encontrada` (404).
 */
export class ErroProvedor extends Error {
  constructor(
    readonly tipo: TipoErroProvedor,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ErroProvedor';
  }
}

export interface ProvedorFiscal {
  /** Sends the invoice. `chave` identifies this attempt (Lavra's idempotency key). */
  emitir(nota: NfeEnvio, chave: string): Promise<SituacaoNota>;
  /** The invoice of a series and number, if the provider has it (after an answer that never came). */
  localizar(serie: number, numero: number): Promise<SituacaoNota | null>;
  consultar(provedorId: string): Promise<SituacaoNota>;
  cancelar(provedorId: string, justificativa: string): Promise<void>;
  cartaCorrecao(provedorId: string, correcao: string): Promise<void>;
  baixarPdf(provedorId: string): Promise<Uint8Array>;
  baixarXml(provedorId: string): Promise<string>;
  /** The service invoice (NFS-e): sent once per attempt, like the NF-e. */
  emitirNfse(nota: NfseEnvio): Promise<SituacaoNota>;
  /** The service invoice Lavra sent with this `referencia`, if the provider has it. */
  localizarNfse(referencia: string): Promise<SituacaoNota | null>;
  consultarNfse(provedorId: string): Promise<SituacaoNota>;
  /** The city's cancellation (no reason field in the provider's contract; Lavra keeps its own). */
  cancelarNfse(provedorId: string): Promise<void>;
  baixarNfse(provedorId: string, tipo: 'pdf' | 'xml'): Promise<Uint8Array>;
}
