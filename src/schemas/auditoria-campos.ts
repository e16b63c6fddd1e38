// How an audit entry's fields read for people (pt-BR): the label of each column of the audited tables
// and how its value is shown. Shared by the history dialog (web) and the LGPD PDF (server); a column
// not listed here shows its own name and its value as stored.
import { TIPO_MOVIMENTACAO_LABEL } from './caixa';
import { TIPO_DESPESA_LABEL } from './despesas';
import { ETAPA_OS_LABEL, STATUS_ETAPA_LABEL, STATUS_OS_LABEL, TIPO_VENDA_LABEL } from './enums';
import { AMBIENTE_LABEL, PROVEDOR_LABEL, REGIME_LABEL } from './fiscal';
import { PERMISSAO_LABEL } from './permissoes';
import { STATUS_VENDA_LABEL } from './vendas';

/**
 * money: "R$ 1.234,56"; percent: "5,5%"; fraction: a stored 0.055 read as "5,5%"; date: dd/mm/aaaa;
 * datetime: an instant; boolean: Sim/Não; ref: another record's id, shown by its name when the server
 * sends it (`nomes`); text: as is, or its label in `valores`.
 */
export type TipoCampo = 'money' | 'percent' | 'fraction' | 'date' | 'datetime' | 'boolean' | 'ref' | 'text';
export interface CampoAuditoria {
  label: string;
  tipo?: TipoCampo;
  valores?: Record<string, string>;
}

const STATUS: Record<string, string> = {
  ...STATUS_OS_LABEL,
  ...STATUS_ETAPA_LABEL,
  pendente: 'Pendente',
  aprovado: 'Aprovado',
  venda_realizada: 'Venda Realizada',
  rejeitado: 'Rejeitado',
  ...STATUS_VENDA_LABEL,
  ativo: 'Ativo',
  inativo: 'Inativo',
  disponivel: 'Disponível',
  // notas fiscais (issue 30)
  processando: 'Processando',
  autorizada: 'Autorizada',
  rejeitada: 'Rejeitada',
  enviada: 'Enviada',
  registrada: 'Registrada',
  reservada: 'Reservada',
  consumida: 'Consumida',
  baixada: 'Baixada',
};

const taxas = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [`taxa_${i + 1}x`, { label: `Taxa ${i + 1}x`, tipo: 'percent' }]),
) as Record<string, CampoAuditoria>;

/** By column name: the audited tables use each name with one meaning. */
export const CAMPOS_AUDITORIA: Record<string, CampoAuditoria> = {
  id: { label: 'Identificador' },
  numero: { label: 'Número' },
  data_venda: { label: 'Data da venda', tipo: 'date' },
  data: { label: 'Data', tipo: 'date' },
  nome: { label: 'Nome' },
  descricao: { label: 'Descrição' },
  tipo: {
    label: 'Tipo',
    valores: {
      ...TIPO_DESPESA_LABEL,
      ...TIPO_MOVIMENTACAO_LABEL,
      foto: 'Foto',
      assinatura: 'Assinatura',
      nfe: 'NF-e',
      nfse: 'NFS-e',
    },
  },
  cpf_cnpj: { label: 'CPF/CNPJ' },
  email: { label: 'E-mail' },
  telefone: { label: 'Telefone' },
  endereco: { label: 'Endereço' },
  // a client's address: `numero` (the street number, "S/N") shares the label of a quote's or sale's number
  complemento: { label: 'Complemento' },
  bairro: { label: 'Bairro' },
  cidade: { label: 'Cidade' },
  uf: { label: 'UF' },
  cep: { label: 'CEP' },
  cliente_id: { label: 'Cliente', tipo: 'ref' },
  orcamento_id: { label: 'Orçamento', tipo: 'ref' },
  vendedor_id: { label: 'Vendedor', tipo: 'ref' },
  arquiteto_id: { label: 'Arquiteto', tipo: 'ref' },
  cartao_id: { label: 'Forma de pagamento', tipo: 'ref' },
  usuario_id: { label: 'Usuário', tipo: 'ref' },
  auth_user_id: { label: 'Conta de acesso' },
  serie_id: { label: 'Série' },
  valor: { label: 'Valor', tipo: 'money' },
  valor_total: { label: 'Valor total', tipo: 'money' },
  valor_frete: { label: 'Frete', tipo: 'money' },
  valor_instalacao: { label: 'Instalação', tipo: 'money' },
  custo_hora: { label: 'Custo da hora', tipo: 'money' },
  horas_trabalho: { label: 'Horas de trabalho' },
  margem_lucro: { label: 'Margem de lucro', tipo: 'percent' },
  status: { label: 'Status', valores: STATUS },
  observacoes: { label: 'Observações' },
  tipo_venda: { label: 'Tipo de venda', valores: TIPO_VENDA_LABEL },
  valor_entrada: { label: 'Entrada', tipo: 'money' },
  numero_parcelas: { label: 'Parcelas' },
  validade: { label: 'Validade', tipo: 'date' },
  resumo: { label: 'Resumo financeiro' },
  valor_bruto: { label: 'Valor bruto', tipo: 'money' },
  valor_parcelas: { label: 'Valor da parcela', tipo: 'money' },
  taxa_cartao: { label: 'Taxa do cartão', tipo: 'fraction' },
  valor_taxa: { label: 'Valor da taxa', tipo: 'money' },
  valor_liquido: { label: 'Valor líquido', tipo: 'money' },
  comissao_vendedor: { label: 'Comissão do vendedor', tipo: 'money' },
  comissao_arquiteto: { label: 'Comissão do arquiteto', tipo: 'money' },
  comissao_paga: { label: 'Comissão paga', tipo: 'boolean' },
  // what the customer had paid when the commission was last paid (issue 16): "Pagar liberado" moves it
  comissao_paga_base: { label: 'Comissão paga sobre o recebido de', tipo: 'money' },
  rt_paga: { label: 'RT paga', tipo: 'boolean' },
  rt_paga_base: { label: 'RT paga sobre o recebido de', tipo: 'money' },
  comissoes_como_orcamento: { label: 'Comissões da venda: como no orçamento', tipo: 'boolean' },
  data_vencimento: { label: 'Vencimento', tipo: 'date' },
  parcelas: { label: 'Parcelas' },
  parcela_atual: { label: 'Parcela' },
  bandeira: { label: 'Bandeira' },
  taxa: { label: 'Taxa', tipo: 'percent' },
  ...taxas,
  role: { label: 'Perfil', valores: { admin: 'Administrador', usuario: 'Usuário' } },
  permissao: { label: 'Permissão', valores: PERMISSAO_LABEL },
  created_at: { label: 'Criado em', tipo: 'datetime' },
  // Estoque de chapas (issue 28)
  codigo: { label: 'Código' },
  produto_id: { label: 'Pedra', tipo: 'ref' },
  lote: { label: 'Lote' },
  bloco: { label: 'Bloco' },
  largura_mm: { label: 'Largura (mm)' },
  altura_mm: { label: 'Altura (mm)' },
  espessura_mm: { label: 'Espessura (mm)' },
  formato: { label: 'Formato', valores: { retangulo: 'Retângulo', L: 'L' } },
  recorte_largura_mm: { label: 'Recorte do L, largura (mm)' },
  recorte_altura_mm: { label: 'Recorte do L, altura (mm)' },
  area_mm2: { label: 'Área (mm²)' },
  localizacao: { label: 'Localização' },
  custo: { label: 'Custo', tipo: 'money' },
  fornecedor_id: { label: 'Fornecedor', tipo: 'ref' },
  data_entrada: { label: 'Data de entrada', tipo: 'date' },
  origem_id: { label: 'Chapa de origem', tipo: 'ref' },
  ordem_servico_id: { label: 'Ordem de serviço', tipo: 'ref' },
  motivo_baixa: { label: 'Motivo da baixa' },
  fator_sobra: { label: 'Fator de sobra', tipo: 'percent' },
  // Produção (issue 17): "etapa_atual: medicao → corte" and "concluida_por: — → 9b696c8c-…" were
  // what the Auditoria screen showed of them (issue 26 §3)
  venda_id: { label: 'Venda', tipo: 'ref' },
  venda_numero: { label: 'Nº da venda' },
  motivo_cancelamento: { label: 'Motivo do cancelamento' },
  etapa_atual: { label: 'Etapa atual', valores: ETAPA_OS_LABEL },
  etapas_concluidas: { label: 'Etapas concluídas' },
  etapas_total: { label: 'Total de etapas' },
  os_id: { label: 'Ordem de serviço', tipo: 'ref' },
  etapa: { label: 'Etapa', valores: ETAPA_OS_LABEL },
  ordem: { label: 'Ordem' },
  inicio: { label: 'Início agendado', tipo: 'datetime' },
  fim: { label: 'Fim agendado', tipo: 'datetime' },
  iniciada_em: { label: 'Iniciada em', tipo: 'datetime' },
  iniciada_por: { label: 'Iniciada por', tipo: 'ref' },
  concluida_em: { label: 'Concluída em', tipo: 'datetime' },
  concluida_por: { label: 'Concluída por', tipo: 'ref' },
  notas: { label: 'Notas' },
  etapa_id: { label: 'Etapa da OS', tipo: 'ref' },
  funcionario_id: { label: 'Funcionário', tipo: 'ref' },
  mime: { label: 'Tipo de arquivo' },
  tamanho: { label: 'Tamanho (bytes)' },
  created_by: { label: 'Enviado por', tipo: 'ref' },
  etapas: { label: 'Etapas' },
  // Recebimentos (issue 16), Empresa
  parcela: { label: 'Parcela' },
  valor_recebido: { label: 'Valor recebido', tipo: 'money' },
  parcela_id: { label: 'Parcela', tipo: 'ref' },
  movimentacao_id: { label: 'Movimentação do caixa', tipo: 'ref' },
  valor_ml: { label: 'Valor por metro linear', tipo: 'money' },
  pix_chave: { label: 'Chave Pix' },
  pix_nome: { label: 'Nome no Pix' },
  pix_cidade: { label: 'Cidade no Pix' },
  chave_pix: { label: 'Chave Pix' },
  comissao_por_recebimento: { label: 'Comissão por recebimento', tipo: 'boolean' },
  cnpj: { label: 'CNPJ' },
  whatsapp: { label: 'WhatsApp' },
  validade_dias: { label: 'Validade (dias)' },
  termos: { label: 'Termos' },
  instrucoes_pagamento: { label: 'Instruções de pagamento' },
  venda_automatica: { label: 'Venda automática na aprovação', tipo: 'boolean' },
  // Dados fiscais (issue 30): Empresa, Clientes (produtos are not audited)
  regime_tributario: { label: 'Regime tributário', valores: REGIME_LABEL },
  inscricao_estadual: { label: 'Inscrição estadual' },
  inscricao_municipal: { label: 'Inscrição municipal' },
  municipio_ibge: { label: 'Município (IBGE)' },
  nfe_serie: { label: 'Série da NF-e' },
  nfe_proximo_numero: { label: 'Próximo número da NF-e' },
  nfse_codigo_servico: { label: 'Código do serviço no município (NFS-e)' },
  nfse_item_lista: { label: 'Item da lista de serviços (LC 116)' },
  nfse_aliquota_iss: { label: 'Alíquota do ISS (%)' },
  fiscal_provedor: { label: 'Provedor fiscal', valores: PROVEDOR_LABEL },
  fiscal_ambiente: { label: 'Ambiente fiscal', valores: AMBIENTE_LABEL },
  // the trail records "***" (migration 0030_fiscal_dados_sql), never the blob
  fiscal_credenciais: { label: 'Credenciais do provedor fiscal' },
  // notas fiscais and their cartas de correção (issue 30; the files and the payload are left out)
  serie: { label: 'Série' },
  provedor_id: { label: 'Identificação no provedor' },
  chave_acesso: { label: 'Chave de acesso' },
  protocolo: { label: 'Protocolo' },
  codigo_sefaz: { label: 'Código SEFAZ' },
  mensagem_sefaz: { label: 'Motivo (SEFAZ ou prefeitura)' },
  idempotency_key: { label: 'Chave da tentativa' },
  tentativas: { label: 'Tentativas' },
  autorizada_em: { label: 'Autorizada em', tipo: 'datetime' },
  cancelada_em: { label: 'Cancelada em', tipo: 'datetime' },
  justificativa: { label: 'Justificativa' },
  numero_prefeitura: { label: 'Número na prefeitura' },
  codigo_verificacao: { label: 'Código de verificação' },
  nota_id: { label: 'Nota fiscal', tipo: 'ref' },
  sequencia: { label: 'Sequência' },
  correcao: { label: 'Correção' },
  ie_isento: { label: 'Isento de inscrição estadual', tipo: 'boolean' },
};

const ORDEM = new Map(Object.keys(CAMPOS_AUDITORIA).map((k, i) => [k, i]));

/**
 * Where a field goes in a list: the catalogue's order (a row's JSON from the database comes sorted by
 * key length), unknown fields after, the version stamp last.
 */
export function ordemCampo(campo: string): number {
  return campo === 'updated_at' ? ORDEM.size + 1 : (ORDEM.get(campo) ?? ORDEM.size);
}

export function campoAuditoria(campo: string): CampoAuditoria {
  return Object.hasOwn(CAMPOS_AUDITORIA, campo) ? CAMPOS_AUDITORIA[campo]! : { label: campo };
}

export interface Formatadores {
  money: (v: string | number) => string;
  percent: (v: number) => string;
  date: (iso: string) => string;
  datetime: (iso: string) => string;
}

/**
 * One value of an audit entry as a person reads it; `nomes` maps the ids of other records (clients,
 * sellers, payment methods …) to their names. Money stays a decimal string or number as stored.
 */
export function valorAuditoria(
  campo: string,
  v: unknown,
  fmt: Formatadores,
  nomes: Record<string, string> = {},
): string {
  if (v === null || v === undefined || v === '') return '—';
  if (v === '***') return '(dado pessoal omitido)';
  const c = campoAuditoria(campo);
  switch (c.tipo) {
    case 'money':
      return fmt.money(v as string | number);
    case 'percent':
      return fmt.percent(Number(v));
    case 'fraction':
      // the stored fraction 0.055 → 5,5% (display only, as on the sales screen)
      return fmt.percent(Math.round(Number(v) * 1_000_000) / 10_000);
    case 'date':
      return fmt.date(String(v).slice(0, 10));
    case 'datetime':
      return fmt.datetime(String(v));
    case 'boolean':
      return v === true ? 'Sim' : v === false ? 'Não' : String(v);
    case 'ref':
      return Object.hasOwn(nomes, String(v)) ? nomes[String(v)]! : `${String(v).slice(0, 8)}…`;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  return c.valores && Object.hasOwn(c.valores, s) ? c.valores[s]! : s;
}

/** The columns of the audited tables that point to another record: the history names them. */
export const CAMPOS_REF = Object.entries(CAMPOS_AUDITORIA)
  .filter(([, c]) => c.tipo === 'ref')
  .map(([k]) => k);
