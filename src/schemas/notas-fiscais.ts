import { isoDate, listQuery, pageSchema, uuid } from './common';
import { STATUS_NOTA_FISCAL, TIPOS_NOTA_FISCAL } from './enums';
import { z } from './z';

export { STATUS_NOTA_FISCAL, TIPOS_NOTA_FISCAL };

export const TIPO_NOTA_FISCAL_LABEL = { nfe: 'NF-e', nfse: 'NFS-e' } as const;

export const STATUS_NOTA_FISCAL_LABEL = {
  processando: 'Processando',
  autorizada: 'Autorizada',
  rejeitada: 'Rejeitada',
  cancelada: 'Cancelada',
} as const;

/** `GET /api/notas-fiscais`: period (the day it was written), status, client, sale, número. */
export const notasFiscaisListQuery = listQuery.extend({
  status: z.enum(STATUS_NOTA_FISCAL, { message: 'Status inválido.' }).optional(),
  tipo: z.enum(TIPOS_NOTA_FISCAL, { message: 'Tipo inválido: use nfe ou nfse.' }).optional(),
  cliente_id: uuid.optional(),
  venda_id: uuid.optional(),
  inicio: isoDate().optional(),
  fim: isoDate().optional(),
});

export const cancelarNotaInput = z.object({
  justificativa: z
    .string({ message: 'Informe a justificativa.' })
    .trim()
    .min(15, 'A justificativa deve ter ao menos 15 caracteres.')
    .max(255, 'A justificativa deve ter no máximo 255 caracteres.'),
});

export const cartaCorrecaoInput = z.object({
  correcao: z
    .string({ message: 'Informe a correção.' })
    .trim()
    .min(15, 'A correção deve ter ao menos 15 caracteres.')
    .max(1000, 'A correção deve ter no máximo 1000 caracteres.'),
});

// The answers' timestamps, as JSON carries them (a Date is written as its ISO string).
const ts = z.iso.datetime({ offset: true });
export const notaFiscalSchema = z.object({
  id: uuid,
  venda_id: uuid,
  venda_numero: z.number().nullable(),
  cliente_nome: z.string().nullable(),
  tipo: z.enum(TIPOS_NOTA_FISCAL),
  serie: z.number(),
  numero: z.number(),
  status: z.enum(STATUS_NOTA_FISCAL),
  provedor: z.string(),
  provedor_id: z.string().nullable(),
  chave_acesso: z.string().nullable(),
  protocolo: z.string().nullable(),
  codigo_sefaz: z.string().nullable(),
  mensagem_sefaz: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  idempotency_key: z.string(),
  tentativas: z.number(),
  proxima_consulta_em: ts.nullable(),
  valor_total: z.number(),
  autorizada_em: ts.nullable(),
  cancelada_em: ts.nullable(),
  justificativa: z.string().nullable(),
  numero_prefeitura: z.number().nullable(),
  codigo_verificacao: z.string().nullable(),
  tem_danfe: z.boolean(),
  tem_xml: z.boolean(),
  created_by: uuid.nullable(),
  created_at: ts,
  updated_at: ts,
});
export const notasFiscaisPageSchema = pageSchema(notaFiscalSchema);

export const pendenciaSchema = z.object({ campo: z.string(), mensagem: z.string(), link: z.string() });
const itemPrevia = z.object({
  numero: z.number(),
  codigo: z.string(),
  descricao: z.string(),
  unidade: z.enum(['M2', 'UN', 'ML']),
  quantidade: z.number(),
  valor_unitario: z.number(),
  valor_total: z.number(),
  valor_frete: z.number(),
  valor_desconto: z.number(),
  ncm: z.string().nullable(),
  cfop: z.number().nullable(),
  origem: z.string().nullable(),
  csosn: z.string().nullable(),
  cst: z.string().nullable(),
});
export const previaNotaSchema = z.object({
  venda_id: uuid,
  venda_numero: z.number(),
  serie: z.number(),
  numero: z.number().nullable(),
  ambiente: z.enum(['homologacao', 'producao']),
  destinatario: z.object({
    nome: z.string(),
    documento: z.string().nullable(),
    /** "Rua X, 123 — Bairro": the street line the invoice sends ('' when the client has none). */
    endereco: z.string(),
    uf: z.string().nullable(),
    cidade: z.string().nullable(),
    telefone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  itens: z.array(itemPrevia),
  totais: z.object({ produtos: z.number(), frete: z.number(), desconto: z.number(), nota: z.number() }),
  pendencias: z.array(pendenciaSchema),
  nota_atual: notaFiscalSchema.omit({ venda_numero: true, cliente_nome: true }).nullable(),
});

/** `GET /api/vendas/:id/nfse/previa`: the installation's NFS-e that would be sent, and what it lacks. */
export const previaNfseSchema = z.object({
  venda_id: uuid,
  venda_numero: z.number(),
  ambiente: z.enum(['homologacao', 'producao']),
  tomador: z.object({
    nome: z.string(),
    documento: z.string().nullable(),
    endereco: z.string(),
    uf: z.string().nullable(),
    cidade: z.string().nullable(),
  }),
  servico: z.object({
    descricao: z.string(),
    codigo_servico: z.string().nullable(),
    item_lista: z.string().nullable(),
    aliquota_iss: z.number().nullable(),
  }),
  /** The sale's installation value, to the cent, and its ISS (value × rate). */
  valor: z.number(),
  iss: z.number(),
  pendencias: z.array(pendenciaSchema),
  nota_atual: notaFiscalSchema.omit({ venda_numero: true, cliente_nome: true }).nullable(),
});

/** A carta de correção kept with its NF-e. */
export const cartaCorrecaoSchema = z.object({
  id: uuid,
  nota_id: uuid,
  sequencia: z.number(),
  correcao: z.string(),
  status: z.enum(['enviada', 'registrada', 'rejeitada']),
  protocolo: z.string().nullable(),
  created_by: uuid.nullable(),
  created_by_nome: z.string().nullable(),
  created_at: ts,
});
