import { optionalText, requiredText, updateOf } from './common';
import { cnpjOpcional, emailOpcional, enderecoFields, telefoneObrigatorio } from './documentos';
import { z } from './z';

// Doc 2 §5: nome and telefone required; the CNPJ is optional but, when given, must be a valid one.
const fields = {
  nome: requiredText('Informe o nome.', 200),
  cnpj: cnpjOpcional,
  contato: optionalText(200),
  telefone: telefoneObrigatorio,
  email: emailOpcional,
  ...enderecoFields,
};

export const fornecedorCreate = z.object(fields);

export const fornecedorUpdate = updateOf(fields);

export type FornecedorInput = z.input<typeof fornecedorCreate>;
