import {
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  isValidCnpj,
  isValidCpf,
} from '@brazilian-utils/brazilian-utils';
import { optionalText, ufInput } from './common';
import { TIPOS_PESSOA } from './enums';
import { z } from './z';

export { TIPOS_PESSOA };

/**
 * Brazilian documents, phones and CEPs: the rules the server enforces and the web forms reuse.
 * Values are stored in their usual masked form ("123.456.789-09", "(11) 98765-4321", "01310-100")
 * whatever the client sent, so every screen and printout shows them the same way; searches compare
 * digits only (queries/common.ts `searchDigits`).
 */

export type TipoPessoa = (typeof TIPOS_PESSOA)[number];

export function onlyDigits(v: string | null | undefined): string {
  return (v ?? '').replace(/\D/g, '');
}

export const cpfValido = (v: string) => onlyDigits(v).length === 11 && isValidCpf(onlyDigits(v));
export const cnpjValido = (v: string) => onlyDigits(v).length === 14 && isValidCnpj(onlyDigits(v));

/** A CPF for Pessoa Física, a CNPJ for Pessoa Jurídica, check digits included. */
export function documentoValido(tipo: TipoPessoa, v: string): boolean {
  return tipo === 'Pessoa Jurídica' ? cnpjValido(v) : cpfValido(v);
}

export const documentoLabel = (tipo: TipoPessoa | undefined | null) =>
  tipo === 'Pessoa Jurídica' ? 'CNPJ' : 'CPF';

/** The stored form of a valid CPF/CNPJ: masked. */
export function formatDocumento(tipo: TipoPessoa, v: string): string {
  const d = onlyDigits(v);
  return tipo === 'Pessoa Jurídica' ? formatCnpj(d) : formatCpf(d);
}

/** A phone with area code: 10 digits (landline) or 11 (mobile). */
export const telefoneValido = (v: string) => {
  const n = onlyDigits(v).length;
  return n === 10 || n === 11;
};
export const formatTelefone = (v: string) => formatPhone(onlyDigits(v), { mask: 'nanp' });

export const cepValido = (v: string) => onlyDigits(v).length === 8;
export const formatCepValue = (v: string) => formatCep(onlyDigits(v));

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * An optional masked field (CPF, CNPJ, phone, CEP): empty → null, otherwise `valido` checks it and it
 * is stored as `format` writes it; any other value is refused with `invalido`.
 */
const opcionalMascarado = (
  invalido: string,
  max: number,
  valido: (v: string) => boolean,
  format: (v: string) => string,
) =>
  z
    .string({ message: invalido })
    .max(max, invalido)
    .nullish()
    .transform(blankToNull)
    .refine((v) => v === null || valido(v), invalido)
    .transform((v) => (v === null ? null : format(v)));

/** An optional CPF: empty → null, otherwise check digits validated and stored masked. */
export const cpfOpcional = opcionalMascarado('CPF inválido.', 20, cpfValido, (v) => formatCpf(onlyDigits(v)));

/** An optional CNPJ: empty → null, otherwise check digits validated and stored masked. */
export const cnpjOpcional = opcionalMascarado('CNPJ inválido.', 20, cnpjValido, (v) =>
  formatCnpj(onlyDigits(v)),
);

const TELEFONE_INVALIDO = 'Telefone inválido: informe o DDD e o número (10 ou 11 dígitos).';

/** A required phone (DDD + number), stored as "(11) 98765-4321" / "(11) 3333-4444". */
export const telefoneObrigatorio = z
  .string({ message: 'Informe o telefone.' })
  .trim()
  .min(1, 'Informe o telefone.')
  .max(30, TELEFONE_INVALIDO)
  // empty is already "Informe o telefone."
  .refine((v) => v === '' || telefoneValido(v), TELEFONE_INVALIDO)
  .transform(formatTelefone);

export const telefoneOpcional = opcionalMascarado(TELEFONE_INVALIDO, 30, telefoneValido, formatTelefone);

const CEP_INVALIDO = 'CEP inválido: informe os 8 dígitos.';
export const cepOpcional = opcionalMascarado(CEP_INVALIDO, 12, cepValido, formatCepValue);

export const emailOpcional = z
  .string({ message: 'E-mail inválido.' })
  .max(254, 'E-mail inválido.')
  .nullish()
  .transform((v) => (v?.trim() ? v.trim().toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, 'E-mail inválido.');

/**
 * Checks `cpf_cnpj` against `tipo` on an object that has both (a client, an architect…): required,
 * check digits of a CPF for Pessoa Física and of a CNPJ for Pessoa Jurídica. Use in superRefine with
 * `documentoCheckParams`, so the document is reported together with the other fields' errors.
 */
export function checkDocumentoPorTipo(
  value: { tipo?: unknown; cpf_cnpj?: unknown },
  ctx: z.RefinementCtx,
  opts: { required: boolean; path?: string } = { required: true },
) {
  const path = [opts.path ?? 'cpf_cnpj'];
  const tipo = (TIPOS_PESSOA as readonly unknown[]).includes(value.tipo) ? (value.tipo as TipoPessoa) : null;
  if (value.cpf_cnpj !== undefined && value.cpf_cnpj !== null && typeof value.cpf_cnpj !== 'string') return;
  const doc = (value.cpf_cnpj ?? '').trim();
  const label = tipo ? documentoLabel(tipo) : 'CPF/CNPJ';
  if (!doc) {
    if (opts.required) ctx.addIssue({ code: 'custom', path, message: `Informe o ${label}.` });
    return;
  }
  if (!tipo) return; // the missing or unknown tipo has its own message
  if (!documentoValido(tipo, doc)) ctx.addIssue({ code: 'custom', path, message: `${label} inválido.` });
}

/** superRefine params: run the document check even when other fields already failed. */
export const documentoCheckParams = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** `GET /api/cep/:cep`: the address the forms fill from a CEP. */
export const enderecoCepSchema = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
});
export type EnderecoCep = z.infer<typeof enderecoCepSchema>;

const textoOpcional = (campo: string, max: number) =>
  z
    .string({ message: `${campo} inválido.` })
    .trim()
    .max(max, `${campo}: no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The parts of a client's address an NF-e asks for apart (issue 30; the database limits them too,
 * clientes_*_ck): número ("S/N" for none: "s/n" and "sn" are written so), complemento and bairro.
 * `endereco` is then the logradouro alone.
 */
export const enderecoDetalheFields = {
  numero: textoOpcional('Número', 20).transform((v) => (v && /^s\/?n$/i.test(v) ? 'S/N' : v)),
  complemento: textoOpcional('Complemento', 60),
  bairro: textoOpcional('Bairro', 60),
};

/** A validated address (clients, suppliers, the company): `EnderecoFields` on the screens. */
export const enderecoFields = {
  endereco: optionalText(300),
  cidade: optionalText(120),
  uf: ufInput,
  cep: cepOpcional,
};
