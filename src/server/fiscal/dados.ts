import Big from 'big.js';
import { vendaParaNota } from '../../db/queries/notas-fiscais';
import { cfopPadrao, montarNota, type NotaDaVenda, QTD_DECIMAIS } from '../../domain/nota-fiscal';
import { type EntradaPendencias, pendenciasFiscais } from '../../domain/pendencias-fiscais';
import type { AppDeps } from '../context';
import { credenciaisFiscais } from './credenciais';
import type { NfeEnvio, NfseEnvio } from './provedor';
import type {
  ClienteFiscal,
  CredenciaisFiscais,
  DadosFiscais,
  EmpresaFiscal,
  ItemFiscal,
  Pendencia,
} from './tipos';

/**
 * The one place that reads the fiscal data of a sale: the company's (Empresa screen, credentials
 * decrypted), the client's and the products' fiscal columns, the quote's lines. `complemento` is a
 * test seam only: it fills a column a test left empty (the API tests of the invoice's paths set whole
 * fiscal profiles with it); production never sets it, and a test of the screens' data clears it.
 */
export interface ComplementoFiscal {
  empresa?: Partial<Omit<EmpresaFiscal, 'nome'>>;
  produtos?: Record<string, Partial<Pick<ItemFiscal, 'ncm' | 'cfop' | 'csosn' | 'cst' | 'origem'>>>;
  clientes?: Record<
    string,
    Partial<Pick<ClienteFiscal, 'inscricao_estadual' | 'ie_isento' | 'municipio_ibge'>>
  >;
}

let complemento: ComplementoFiscal = {};
export function definirComplementoFiscal(c: ComplementoFiscal) {
  complemento = c;
}

export async function dadosFiscais(
  deps: Pick<AppDeps, 'db' | 'config'>,
  vendaId: string,
): Promise<DadosFiscais | undefined> {
  const r = await vendaParaNota(deps.db, { vendaId });
  if (!r) return undefined;
  const e = r.empresa;
  const ce = complemento.empresa ?? {};
  const empresa: EmpresaFiscal = {
    nome: e?.nome ?? deps.config.empresa.nome,
    cnpj: e?.cnpj ?? null,
    uf: e?.uf ?? null,
    cidade: e?.cidade ?? null,
    // the Empresa screen's fiscal data; `complemento` only where a test left a column empty
    inscricao_estadual: e?.inscricao_estadual ?? ce.inscricao_estadual ?? null,
    regime_tributario: e?.regime_tributario ?? ce.regime_tributario ?? null,
    municipio_ibge: e?.municipio_ibge ?? ce.municipio_ibge ?? null,
    nfe_serie: ce.nfe_serie ?? e?.nfe_serie ?? 1,
    inscricao_municipal: e?.inscricao_municipal ?? ce.inscricao_municipal ?? null,
    nfse_codigo_servico: e?.nfse_codigo_servico ?? ce.nfse_codigo_servico ?? null,
    nfse_item_lista: e?.nfse_item_lista ?? ce.nfse_item_lista ?? null,
    nfse_aliquota_iss: e?.nfse_aliquota_iss ?? ce.nfse_aliquota_iss ?? null,
    provedor: 'nfeio',
    ambiente: e?.fiscal_ambiente ?? ce.ambiente ?? 'homologacao',
    credenciais: await credenciais(deps, ce.credenciais ?? undefined),
  };
  const c = r.cliente;
  const cc = complemento.clientes?.[c.id] ?? {};
  const cliente: ClienteFiscal = {
    id: c.id,
    nome: c.nome,
    pessoa: c.tipo === 'Pessoa Jurídica' ? 'juridica' : 'fisica',
    documento: c.cpf_cnpj,
    email: c.email,
    telefone: c.telefone,
    endereco: c.endereco,
    numero: c.numero,
    complemento: c.complemento,
    bairro: c.bairro,
    cidade: c.cidade,
    uf: c.uf,
    cep: c.cep,
    inscricao_estadual: c.inscricao_estadual ?? cc.inscricao_estadual ?? null,
    ie_isento: c.ie_isento || (cc.ie_isento ?? false),
    municipio_ibge: c.municipio_ibge ?? cc.municipio_ibge ?? null,
  };
  const itens = r.itens.map((i): ItemFiscal => {
    const m2 = i.tipo_unidade === 'm²';
    const cp = complemento.produtos?.[i.produto_id] ?? {};
    return {
      produto_id: i.produto_id,
      nome: i.nome,
      unidade: i.unidade_comercial === 'ML' ? 'ML' : m2 ? 'M2' : 'UN',
      // m²: the area of one piece × the pieces (the quote keeps the piece's area).
      quantidade: m2
        ? new Big(i.area ?? 0).times(i.quantidade).round(QTD_DECIMAIS, Big.roundHalfUp).toString()
        : i.quantidade,
      valor_linha: i.valor_total,
      ncm: i.ncm ?? cp.ncm ?? null,
      cfop: i.cfop ? Number(i.cfop) : (cp.cfop ?? null),
      csosn: i.csosn ?? cp.csosn ?? null,
      cst: i.cst ?? cp.cst ?? null,
      // a column with a default (0, nacional): a test's complemento overrides it
      origem: cp.origem ?? String(i.origem),
    };
  });
  return {
    empresa,
    cliente,
    itens,
    venda: {
      id: r.venda.id,
      numero: r.venda.numero,
      status: r.venda.status,
      tipo_venda: r.venda.tipo_venda,
      valor_bruto: r.venda.valor_bruto,
      valor_frete: r.orcamento?.valor_frete ?? '0',
      valor_instalacao: r.orcamento?.valor_instalacao ?? '0',
      tem_orcamento: Boolean(r.venda.orcamento_id),
    },
  };
}

/**
 * The provider's credentials: those saved on the Empresa screen (encrypted), else the environment's
 * (NFEIO_API_KEY…). The webhook's secret is not among them: config.fiscal.webhookSegredo.
 */
async function credenciais(
  deps: Pick<AppDeps, 'db' | 'config'>,
  deTeste: CredenciaisFiscais | undefined,
): Promise<CredenciaisFiscais | null> {
  if (deTeste) return deTeste;
  const salvas = await credenciaisFiscais(deps);
  if (!salvas) return deps.config.fiscal.credenciais;
  return { api_key: salvas.apiKey, empresa_id: salvas.empresaId };
}

/** The domain's input (domain/pendencias-fiscais.ts, the one list of rules) from the sale's data. */
function entrada(d: DadosFiscais, tipo: 'nfe' | 'nfse'): EntradaPendencias {
  const e = d.empresa;
  return {
    tipo,
    venda: {
      status: d.venda.status,
      tem_itens: d.venda.tem_orcamento && d.itens.length > 0,
      valor_instalacao: d.venda.valor_instalacao,
    },
    empresa: { ...e, credenciais_definidas: Boolean(e.credenciais?.api_key && e.credenciais.empresa_id) },
    cliente: d.cliente,
    produtos: d.itens.map((i) => ({ ...i, id: i.produto_id })),
  };
}

/** Each field the sale's NF-e needs and lacks, with where it is set. */
export const pendencias = (d: DadosFiscais): Pendencia[] => pendenciasFiscais(entrada(d, 'nfe'));

/** The invoice built from the sale (items, quantities, totals), Lavra's words. */
export function notaDaVenda(d: DadosFiscais): NotaDaVenda {
  return montarNota({
    valor_total: d.venda.valor_bruto,
    valor_frete: d.venda.valor_frete,
    valor_instalacao: d.venda.valor_instalacao,
    linhas: d.itens.map((i) => ({
      codigo: i.produto_id.slice(0, 8).toUpperCase(),
      descricao: i.nome,
      unidade: i.unidade,
      quantidade: i.quantidade,
      valor_linha: i.valor_linha,
      ncm: i.ncm,
      cfop: i.cfop ?? cfopPadrao(d.empresa.uf, d.cliente.uf),
      origem: i.origem,
      csosn: i.csosn,
      cst: i.cst,
    })),
  });
}

/** What goes to the provider: the invoice with its series, number and the buyer (no pending fields). */
export function envioDaNota(
  d: DadosFiscais,
  nota: NotaDaVenda,
  serie: number,
  numero: number,
  agora: Date,
): NfeEnvio {
  const c = d.cliente;
  return {
    serie,
    numero,
    natureza: 'Venda de mercadoria',
    emitida_em: agora,
    interestadual: Boolean(d.empresa.uf && c.uf && d.empresa.uf !== c.uf),
    consumidor_final: c.pessoa === 'fisica' || !c.inscricao_estadual,
    comprador: destinatario(c),
    itens: nota.itens.map((i) => ({
      codigo: i.codigo,
      descricao: i.descricao,
      ncm: i.ncm ?? '',
      cfop: i.cfop ?? 5102,
      unidade: i.unidade,
      quantidade: i.quantidade,
      valor_unitario: i.valor_unitario,
      valor_total: i.valor_total,
      valor_frete: i.valor_frete,
      valor_desconto: i.valor_desconto,
      origem: i.origem ?? '0',
      csosn: i.csosn,
      cst: i.cst,
    })),
    totais: nota.totais,
    pagamento: d.venda.tipo_venda === 'avista' ? 'avista' : 'prazo',
  };
}

export type { CredenciaisFiscais };

/**
 * The client as both invoices name them (the NF-e's comprador, the NFS-e's tomador), from the client's
 * own address: pendências send nothing while the número or the bairro is missing.
 */
function destinatario(c: ClienteFiscal): NfeEnvio['comprador'] {
  return {
    nome: c.nome,
    documento: c.documento ?? '',
    pessoa: c.pessoa,
    email: c.email,
    ie: c.inscricao_estadual,
    ie_isento: c.ie_isento,
    endereco: {
      uf: c.uf ?? '',
      municipio_ibge: c.municipio_ibge,
      cidade: c.cidade ?? '',
      bairro: c.bairro ?? '',
      logradouro: c.endereco ?? '',
      numero: c.numero ?? '',
      complemento: c.complemento,
      cep: c.cep ?? '',
    },
  };
}

/** The installation's value on the sale (its quote's), to the cent; 0 when the sale has none. */
export const valorInstalacao = (d: DadosFiscais) => new Big(d.venda.valor_instalacao || 0);

/** What the installation's NFS-e needs and lacks (the sale's installation value among them). */
export const pendenciasNfse = (d: DadosFiscais): Pendencia[] => pendenciasFiscais(entrada(d, 'nfse'));

/** The ISS of the installation: value × rate, to the cent (half up). */
export function issDaInstalacao(d: DadosFiscais): string {
  if (!d.empresa.nfse_aliquota_iss) return '0.00';
  return valorInstalacao(d).times(d.empresa.nfse_aliquota_iss).div(100).round(2, Big.roundHalfUp).toFixed(2);
}

/** What goes to the provider for the installation's NFS-e (no pending fields). */
export function envioNfse(d: DadosFiscais, referencia: string, agora: Date): NfseEnvio {
  const c = d.cliente;
  return {
    referencia,
    emitida_em: agora,
    codigo_servico: d.empresa.nfse_codigo_servico ?? '',
    item_lista: d.empresa.nfse_item_lista,
    descricao: `Instalação de peças de mármore e granito — venda nº ${d.venda.numero}`,
    valor: valorInstalacao(d).toFixed(2),
    aliquota_iss: d.empresa.nfse_aliquota_iss,
    tomador: destinatario(c),
  };
}
