import { requiredText, versionField } from './common';
import { z } from './z';

// Spec doc 2 §5: the name is trimmed and stored in lower case (the database checks it too).
const nome = requiredText('Informe o nome da categoria.', 60).transform((s) => s.toLowerCase());

export const categoriaProdutoCreate = z.object({
  nome,
  ativa: z.boolean({ message: 'Valor inválido.' }).optional(),
});
export type CategoriaProdutoCreate = z.input<typeof categoriaProdutoCreate>;

export const categoriaProdutoUpdate = z.object({
  nome: nome.optional(),
  ativa: z.boolean({ message: 'Valor inválido.' }).optional(),
  ...versionField,
});

export const CATEGORIA_DUPLICADA = 'Já existe uma categoria com esse nome.';
