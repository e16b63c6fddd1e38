import { formatCep, formatCnpj, formatCpf, formatPhone } from '@brazilian-utils/brazilian-utils';
import {
  cepValido,
  cnpjValido,
  cpfValido,
  documentoLabel,
  documentoValido,
  onlyDigits,
  type TipoPessoa,
  telefoneValido,
} from '../../schemas/documentos';

/**
 * Input masks: each takes whatever is in the field (digits, a paste with dots and dashes, a
 * half-typed value) and answers the masked text to show, never longer than the document.
 * The rules themselves (check digits, lengths) live in schemas/documentos.ts, shared with the server.
 */

export { cepValido, cnpjValido, cpfValido, documentoLabel, documentoValido, onlyDigits, telefoneValido };

/** 000.000.000-00 */
export function maskCpf(v: string): string {
  return formatCpf(onlyDigits(v).slice(0, 11));
}

/** 00.000.000/0000-00 */
export function maskCnpj(v: string): string {
  return formatCnpj(onlyDigits(v).slice(0, 14));
}

/** CPF for Pessoa Física, CNPJ for Pessoa Jurídica. */
export function maskCpfCnpj(tipo: TipoPessoa | string | undefined | null, v: string): string {
  return tipo === 'Pessoa Jurídica' ? maskCnpj(v) : maskCpf(v);
}

/**
 * (00) 0000-0000 for a landline (10 digits), (00) 00000-0000 for a mobile (11 digits); while typing,
 * the groups follow the digits so far.
 */
export function maskTelefone(v: string): string {
  const d = onlyDigits(v).slice(0, 11);
  if (!d) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return formatPhone(d, { mask: 'nanp' });
}

/** 00000-000 */
export function maskCep(v: string): string {
  return formatCep(onlyDigits(v).slice(0, 8));
}

/** The placeholder a document field shows for the chosen tipo. */
export function placeholderDocumento(tipo: TipoPessoa | string | undefined | null): string {
  return tipo === 'Pessoa Jurídica' ? '00.000.000/0000-00' : '000.000.000-00';
}
