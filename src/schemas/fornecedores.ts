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
