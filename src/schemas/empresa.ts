import { optionalText, requiredText, versionField } from './common';
import { cnpjOpcional, emailOpcional, enderecoFields, telefoneOpcional } from './documentos';
import { z } from './z';

/** The Empresa screen's fields (PUT /api/empresa): everything printed or sent reads them. */
export const empresaFields = {
  nome: requiredText('Informe o nome da empresa.', 200),
  cnpj: cnpjOpcional,
  ...enderecoFields,
  telefone: telefoneOpcional,
  whatsapp: telefoneOpcional,
  email: emailOpcional,
  validade_dias: z.coerce
    .number({ message: 'Informe a validade em dias.' })
    .int('A validade deve ser um número inteiro de dias.')
    .min(1, 'A validade deve ser de 1 a 365 dias.')
    .max(365, 'A validade deve ser de 1 a 365 dias.'),
  termos: optionalText(10_000),
  instrucoes_pagamento: optionalText(2_000),
  chave_pix: optionalText(140),
  venda_automatica: z.boolean({ message: 'Informe se a venda é gerada na aprovação.' }),
  // Optional so that a client written before it keeps the stored choice (PUT without it changes nothing).
  comissoes_como_orcamento: z
    .boolean({ message: 'Informe se a venda registra as comissões do orçamento.' })
    .optional(),
};

export const empresaUpdate = z.object({ ...empresaFields, ...versionField });
export type EmpresaInput = z.input<typeof empresaUpdate>;

/** The logo upload: PNG, JPEG or WebP up to 1 MB (the body limit), stored re-encoded as PNG of at most 512 px. */
export const LOGO_LIMITS = {
  maxInputBytes: 1024 * 1024,
  maxSide: 512,
  format: 'png',
  field: 'logo',
} as const;
