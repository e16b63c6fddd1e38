import { optionalText, requiredText, ufInput, updateOf } from './common';
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

export const fornecedorUpdate = updateOf(fields);

export type FornecedorInput = z.input<typeof fornecedorCreate>;
