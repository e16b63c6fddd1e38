import { optionalText, percentInput, requiredText, ufInput, updateOf } from './common';
import { emailOpcional, TIPOS_PESSOA } from './documentos';
import { STATUS_ATIVO } from './enums';
import { z } from './z';

export { STATUS_ATIVO };

export const COMISSAO_PADRAO = 10;
export { TIPOS_PESSOA };

/**
 * The fields sellers and architects share (doc 2 §3): both are people paid a commission. UF is
 * upper-cased, the commission percentage is 0–100 in percent (default 10).
 */
export const comissionadoFields = {
  nome: requiredText('Informe o nome.', 200),
  tipo: z.enum(TIPOS_PESSOA, { message: 'Tipo inválido.' }),
  cpf: optionalText(20),
  telefone: optionalText(30),
  email: emailOpcional,
  endereco: optionalText(300),
  cidade: optionalText(120),
  uf: ufInput,
  cep: optionalText(10),
  percentual_comissao: percentInput({ min: 0, max: 100 }),
  status: z.enum(STATUS_ATIVO, { message: 'Status inválido.' }),
};

export const comissionadoCreate = z.object({
  ...comissionadoFields,
  tipo: comissionadoFields.tipo.default('Pessoa Física'),
  percentual_comissao: comissionadoFields.percentual_comissao.default(String(COMISSAO_PADRAO)),
  status: comissionadoFields.status.default('ativo'),
});

export const comissionadoUpdate = updateOf(comissionadoFields);

export const vendedorCreate = comissionadoCreate;
export const vendedorUpdate = comissionadoUpdate;
export type VendedorInput = z.input<typeof vendedorCreate>;

/** A seller or an architect as the API answers it. */
export interface Comissionado {
  id: string;
  nome: string;
  tipo: (typeof TIPOS_PESSOA)[number];
  cpf: string | null;
  telefone: string | null;
  email: string | null;
  endereco: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  percentual_comissao: number;
  status: 'ativo' | 'inativo';
  created_at: string;
  updated_at: string;
}
export type Vendedor = Comissionado;

/** `/api/vendedores/opcoes` and `/api/arquitetos/opcoes`: active rows only. */
export interface ComissionadoOpcao {
  id: string;
  nome: string;
  percentual_comissao: number;
}
