import { requiredText, updateOf } from './common';
import {
  checkDocumentoPorTipo,
  documentoCheckParams,
  emailOpcional,
  enderecoDetalheFields,
  enderecoFields,
  formatDocumento,
  TIPOS_PESSOA,
  type TipoPessoa,
  telefoneObrigatorio,
} from './documentos';
import { clienteFiscalFields, MSG_IE_ISENTO } from './fiscal';
import { z } from './z';

const tipo = z.enum(TIPOS_PESSOA, { message: 'Informe o tipo (Pessoa Física ou Pessoa Jurídica).' });

// Doc 2 §3/§5: nome, telefone, cpf_cnpj and tipo are required; CPF or CNPJ by tipo; UF max 2.
const fields = {
  nome: requiredText('Informe o nome.', 200),
  tipo,
  cpf_cnpj: z.string({ message: 'Informe o CPF/CNPJ.' }).trim().max(20, 'CPF/CNPJ inválido.'),
  telefone: telefoneObrigatorio,
  email: emailOpcional,
  ...enderecoFields,
  ...enderecoDetalheFields,
  ...clienteFiscalFields,
};

/** Both sent: an IE and "Isento" cannot stand together (the database refuses it too, clientes_ie_ck). */
function checkIe(v: { inscricao_estadual?: string | null; ie_isento?: boolean }, ctx: z.RefinementCtx) {
  if (v.ie_isento && v.inscricao_estadual)
    ctx.addIssue({ code: 'custom', path: ['inscricao_estadual'], message: MSG_IE_ISENTO });
}

const withDocumento = <T extends { tipo?: TipoPessoa; cpf_cnpj?: string }>(v: T) =>
  v.tipo && v.cpf_cnpj ? { ...v, cpf_cnpj: formatDocumento(v.tipo, v.cpf_cnpj) } : v;

export const clienteCreate = z
  .object({ ...fields, cpf_cnpj: fields.cpf_cnpj.optional() })
  .superRefine((v, ctx) => checkDocumentoPorTipo(v, ctx), documentoCheckParams)
  .superRefine(checkIe)
  .transform(withDocumento);

/**
 * A partial update. The document is only checked against its tipo, so both travel together: sending
 * one without the other could leave a CNPJ on a Pessoa Física.
 */
export const clienteUpdate = updateOf(fields)
  .superRefine((v, ctx) => {
    if (v.tipo === undefined && v.cpf_cnpj === undefined) return;
    if (v.tipo === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tipo'], message: 'Informe o tipo junto com o CPF/CNPJ.' });
      return;
    }
    checkDocumentoPorTipo(v, ctx);
  }, documentoCheckParams)
  .superRefine(checkIe)
  .transform(withDocumento);

export type ClienteInput = z.input<typeof clienteCreate>;

/** `/api/clientes/opcoes`: what the quote and sale screens show of a client. */
export interface ClienteOpcao {
  id: string;
  nome: string;
  tipo: TipoPessoa;
  cpf_cnpj: string | null;
  telefone: string | null;
  email: string | null;
}
