// The customer's answers on the public page of a quote (POST /api/publico/orcamentos/:token/…).

import { requiredText } from './common';
import { onlyDigits } from './documentos';
import { z } from './z';

/** How many leading digits of the CPF/CNPJ the customer types to approve. */
export const DIGITOS_DOCUMENTO = 4;
/** A drawn signature as a PNG data URL, at most 200 KB of image. */
export const ASSINATURA_MAX_BYTES = 200 * 1024;
export const ASSINATURA_PREFIXO = 'data:image/png;base64,';
/** Wrong CPF/CNPJ digits allowed per link; the last one locks it. */
export const MAX_TENTATIVAS_DOCUMENTO = 5;

const MSG_DOCUMENTO = `Informe os ${DIGITOS_DOCUMENTO} primeiros dígitos do seu CPF ou CNPJ.`;
const MSG_ASSINATURA = 'Desenhe sua assinatura no quadro.';

export const aprovarInput = z.object({
  nome: requiredText('Informe seu nome completo.', 120),
  documento: z
    .string({ message: MSG_DOCUMENTO })
    .max(30, MSG_DOCUMENTO)
    .transform(onlyDigits)
    .refine((d) => d.length === DIGITOS_DOCUMENTO, MSG_DOCUMENTO)
    .optional(),
  assinatura: z
    .string({ message: MSG_ASSINATURA })
    .max(
      Math.ceil((ASSINATURA_MAX_BYTES * 4) / 3) + ASSINATURA_PREFIXO.length + 4,
      'A assinatura deve ter no máximo 200 KB.',
    )
    .refine((s) => s.startsWith(ASSINATURA_PREFIXO), 'A assinatura deve ser uma imagem PNG.'),
  aceite: z.literal(true, { message: 'Para aprovar, aceite os termos e condições.' }),
  /**
   * The version the page showed (`versao` of the view), required: without it an approval would accept
   * whatever the quote had become since (issue 26: edited from R$ 3.457,09 to R$ 5.052,67 and approved
   * at the new price). A quote changed since is not what was read: 409.
   */
  versao: z.iso.datetime({
    offset: true,
    error: (i) =>
      i.input === undefined
        ? 'Recarregue a página: a versão do orçamento não foi enviada.'
        : 'Versão inválida.',
  }),
});
export type AprovarInput = z.input<typeof aprovarInput>;

export const alteracaoInput = z.object({
  mensagem: requiredText('Escreva o que deseja alterar no orçamento.', 2000),
});

// ── What the customer sees (GET /api/publico/orcamentos/:token, and the PDF): formatted text only,
// the customer-facing figures of the printout, no internal id.
export const itemClienteSchema = z.object({
  descricao: z.string(),
  produto: z.string(),
  medidas: z.string(),
  /** With its unit: "1,44 m²", "2 peças", "3 un.", "1 conjunto (2 peças)". */
  quantidade: z.string(),
  /** The price per `por` ("R$ 2.319,57"): quantidade × preco = valor_total, to the cent. */
  preco: z.string(),
  /** "m²", "peça", "un." or "conjunto". */
  por: z.string(),
  /** "R$ 2.319,57/m²". */
  valor_unitario: z.string(),
  valor_total: z.string(),
  /** The piece's drawing (SVG text made by the server from numbers and escaped names), when it has one. */
  desenho: z.object({ svg: z.string(), titulo: z.string() }).nullable(),
});
export type ItemCliente = z.infer<typeof itemClienteSchema>;

export const visaoClienteSchema = z.object({
  empresa: z.object({
    nome: z.string(),
    cnpj: z.string().nullable(),
    endereco: z.string(),
    telefone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    termos: z.string().nullable(),
    instrucoes_pagamento: z.string().nullable(),
    chave_pix: z.string().nullable(),
  }),
  numero: z.number().int(),
  data: z.string(),
  validade: z.string(),
  /** The saved version shown (the quote's updated_at): an approval names it. */
  versao: z.string(),
  status: z.string(),
  cliente: z.object({
    nome: z.string(),
    telefone: z.string().nullable(),
    email: z.string().nullable(),
    endereco: z.string(),
  }),
  vendedor: z.string().nullable(),
  itens: z.array(itemClienteSchema),
  custos_adicionais: z.string().nullable(),
  total: z.string(),
  pagamento: z.object({
    tipo: z.string(),
    entrada: z.string().nullable(),
    parcelas: z.string().nullable(),
    cartao: z.string().nullable(),
  }),
  observacoes: z.string().nullable(),
});
export type VisaoCliente = z.infer<typeof visaoClienteSchema>;

export const ESTADOS_PUBLICOS = ['aberto', 'aprovado', 'bloqueado', 'encerrado'] as const;
export type EstadoPublico = (typeof ESTADOS_PUBLICOS)[number];

export const paginaPublicaSchema = z.object({
  estado: z.enum(ESTADOS_PUBLICOS),
  pede_documento: z.boolean(),
  digitos: z.number().int(),
  logo: z.string().nullable(),
  orcamento: visaoClienteSchema,
  aceite: z
    .object({ nome: z.string(), em: z.string(), pdf_sha256: z.string().regex(/^[0-9a-f]{64}$/) })
    .nullable(),
});
export type PaginaPublica = z.infer<typeof paginaPublicaSchema>;

/** The approval's answer: the sale made when the shop sells on approval, and the accepted PDF's hash. */
export const aprovacaoSchema = z.object({
  estado: z.literal('aprovado'),
  numero: z.number().int(),
  venda: z.boolean(),
  pdf_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const alteracaoPedidaSchema = z.object({ ok: z.literal(true) });
