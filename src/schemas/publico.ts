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
  /** The version the page showed (`versao` of the view): a quote changed since is not what was read. */
  versao: z.iso.datetime({ offset: true, message: 'Versão inválida.' }).optional(),
});
export type AprovarInput = z.input<typeof aprovarInput>;

export const alteracaoInput = z.object({
  mensagem: requiredText('Escreva o que deseja alterar no orçamento.', 2000),
});
