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
export interface ItemCliente {
  descricao: string;
  produto: string;
  medidas: string;
  /** With its unit: "1,44 m²", "2 peças", "3 un.", "1 conjunto (2 peças)". */
  quantidade: string;
  /** The price per `por` ("R$ 2.319,57"): quantidade × preco = valor_total, to the cent. */
  preco: string;
  /** "m²", "peça", "un." or "conjunto". */
  por: string;
  /** "R$ 2.319,57/m²". */
  valor_unitario: string;
  valor_total: string;
  /** The piece's drawing (SVG text made by the server from numbers and escaped names), when it has one. */
  desenho: { svg: string; titulo: string } | null;
}

export interface VisaoCliente {
  empresa: {
    nome: string;
    cnpj: string | null;
    endereco: string;
    telefone: string | null;
    whatsapp: string | null;
    email: string | null;
    termos: string | null;
    instrucoes_pagamento: string | null;
    chave_pix: string | null;
  };
  numero: number;
  data: string;
  validade: string;
  /** The saved version shown (the quote's updated_at): an approval names it. */
  versao: string;
  status: string;
  cliente: { nome: string; telefone: string | null; email: string | null; endereco: string };
  vendedor: string | null;
  itens: ItemCliente[];
  custos_adicionais: string | null;
  total: string;
  pagamento: { tipo: string; entrada: string | null; parcelas: string | null; cartao: string | null };
  observacoes: string | null;
}

export type EstadoPublico = 'aberto' | 'aprovado' | 'bloqueado' | 'encerrado';

export interface PaginaPublica {
  estado: EstadoPublico;
  pede_documento: boolean;
  digitos: number;
  logo: string | null;
  orcamento: VisaoCliente;
  aceite: { nome: string; em: string; pdf_sha256: string } | null;
}
