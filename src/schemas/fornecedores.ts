import { optionalText, requiredText, ufInput, versionField } from './common';
import { cepOpcional, cnpjOpcional, emailOpcional, telefoneObrigatorio } from './documentos';
import { z } from './z';

// Doc 2 §5: nome and telefone required; the CNPJ is optional but, when given, must be a valid one.
const fields = {
  nome: requiredText('Informe o nome.', 200),
  cnpj: cnpjOpcional,
  contato: optionalText(200),
  telefone: telefoneObrigatorio,
  email: emailOpcional,
  endereco: optionalText(300),
  cidade: optionalText(120),
  uf: ufInput,
  cep: cepOpcional,
};

export const fornecedorCreate = z.object(fields);

export const fornecedorUpdate = z.object({
  nome: fields.nome.optional(),
  cnpj: fields.cnpj.optional(),
  contato: fields.contato.optional(),
  telefone: fields.telefone.optional(),
  email: fields.email.optional(),
  endereco: fields.endereco.optional(),
  cidade: fields.cidade.optional(),
  uf: fields.uf.optional(),
  cep: fields.cep.optional(),
  ...versionField,
});

export type FornecedorInput = z.input<typeof fornecedorCreate>;

/** A supplier as the API answers it. */
export interface Fornecedor {
  id: string;
  nome: string;
  cnpj: string | null;
  contato: string | null;
  telefone: string | null;
  email: string | null;
  endereco: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  created_at: string;
  updated_at: string;
}

/** `/api/fornecedores/opcoes` (the product form's supplier select). */
export interface FornecedorOpcao {
  id: string;
  nome: string;
}
