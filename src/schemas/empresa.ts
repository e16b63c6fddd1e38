import { chavePix, MSG_CHAVE_PIX } from '../domain/pix';
import { optionalText, percentInput, requiredText, versionField } from './common';
import { cnpjOpcional, emailOpcional, enderecoFields, telefoneOpcional } from './documentos';
import { empresaFiscalFields, FISCAL_AMBIENTES, FISCAL_PROVEDORES, REGIMES_TRIBUTARIOS } from './fiscal';
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
  // Stored in the DICT's form for its kind (CPF/CNPJ digits, +55DDDNUMBER, lower-case e-mail or random
  // key): the BR Code carries it as is, and a bank refuses any other spelling.
  chave_pix: optionalText(140).transform((v, ctx) => {
    if (!v) return null;
    const k = chavePix(v);
    if (!k) {
      ctx.addIssue({ code: 'custom', message: MSG_CHAVE_PIX });
      return z.NEVER;
    }
    return k.chave;
  }),
  venda_automatica: z.boolean({ message: 'Informe se a venda é gerada na aprovação.' }),
  // Estoque (issue 28): a remnant's value as a share of its part of the slab's cost; kept when absent.
  fator_sobra: percentInput({ message: 'Informe o fator de sobra (0 a 100 %).' }).optional(),
  // Optional so that a client written before it keeps the stored choice (PUT without it changes nothing).
  comissoes_como_orcamento: z
    .boolean({ message: 'Informe se a venda registra as comissões do orçamento.' })
    .optional(),
};

export const empresaUpdate = z.object({ ...empresaFields, ...empresaFiscalFields, ...versionField });
export type EmpresaInput = z.input<typeof empresaUpdate>;

/** The logo upload: PNG, JPEG or WebP up to 1 MB (the body limit), stored re-encoded as PNG of at most 512 px. */
export const LOGO_LIMITS = {
  maxInputBytes: 1024 * 1024,
  maxSide: 512,
  format: 'png',
  field: 'logo',
} as const;

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them.

const timestamp = z.iso.datetime({ offset: true });

/** The company as `GET/PUT /api/empresa` and `PUT /api/empresa/logo` answer it. */
export const empresaSchema = z.object({
  id: z.number(),
  nome: z.string(),
  cnpj: z.string().nullable(),
  endereco: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  cep: z.string().nullable(),
  telefone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  validade_dias: z.number(),
  termos: z.string().nullable(),
  instrucoes_pagamento: z.string().nullable(),
  chave_pix: z.string().nullable(),
  venda_automatica: z.boolean(),
  fator_sobra: z.number(),
  comissoes_como_orcamento: z.boolean(),
  regime_tributario: z.enum(REGIMES_TRIBUTARIOS).nullable(),
  inscricao_estadual: z.string().nullable(),
  inscricao_municipal: z.string().nullable(),
  municipio_ibge: z.string().nullable(),
  nfe_serie: z.number(),
  nfe_proximo_numero: z.number(),
  nfse_codigo_servico: z.string().nullable(),
  nfse_item_lista: z.string().nullable(),
  /** ISS of the installation's NFS-e, percent. */
  nfse_aliquota_iss: z.number().nullable(),
  fiscal_provedor: z.enum(FISCAL_PROVEDORES).nullable(),
  fiscal_ambiente: z.enum(FISCAL_AMBIENTES),
  /** Whether the provider's API key and company id are saved; they themselves are never answered. */
  fiscal_credenciais_definidas: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  /** The logo's type and when it changed (the screens add it to the image's URL); null without one. */
  logo: z.object({ mime: z.string(), updated_at: timestamp }).nullable(),
});
export type Empresa = z.infer<typeof empresaSchema>;
