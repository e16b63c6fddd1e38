import { perdaInput } from './catalogos-pecas';
import { moneyInput, optionalText, PRECO_MAX, requiredText, uuid, versionField } from './common';
import { TIPOS_UNIDADE } from './enums';
import { produtoFiscalFields } from './fiscal';
import { z } from './z';

export { TIPOS_UNIDADE };

export type TipoUnidade = (typeof TIPOS_UNIDADE)[number];

/** Spec doc 2 §5 defaults for a new product. */
export const PRODUTO_PADROES = {
  estoque: 0,
  estoque_minimo: 5,
  unidade: 'm²',
  tipo_unidade: 'm²' as TipoUnidade,
};

/** A stock quantity (m² or units): a number or numeric string, ≥ 0, up to 3 decimals. */
const quantidade = (label: string) =>
  z.union([z.number(), z.string().trim()], { message: `Informe ${label}.` }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.replace(',', '.');
    if (!/^\d{1,11}(\.\d{1,3})?$/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label[0]!.toUpperCase()}${label.slice(1)} deve ser um número maior ou igual a zero, com até 3 casas decimais.`,
      });
      return z.NEVER;
    }
    return s;
  });

const fields = {
  nome: requiredText('Informe o nome do produto.', 200),
  // Categories are stored in lower case, so a name typed in any case still finds its category.
  categoria: requiredText('Selecione a categoria.', 60).transform((s) => s.toLowerCase()),
  // '' is the form's "no supplier".
  fornecedor_id: z
    .union([z.literal(''), uuid], { message: 'Fornecedor inválido.' })
    .nullish()
    .transform((v) => v || null),
  valor_m2: moneyInput({ message: 'Informe o valor.', max: PRECO_MAX }),
  estoque: quantidade('o estoque'),
  estoque_minimo: quantidade('o estoque mínimo'),
  unidade: z.string().trim().min(1, 'Informe a unidade.').max(20, 'Unidade muito longa.'),
  tipo_unidade: z.enum(TIPOS_UNIDADE, { message: 'Tipo de unidade deve ser m² ou unitário.' }),
  descricao: optionalText(2000),
  perda_percentual: perdaInput,
};

// `fornecedor_nome` (read with the product) is not a field here: zod drops it, so it is never saved back.
export const produtoCreate = z.object({
  nome: fields.nome,
  categoria: fields.categoria,
  fornecedor_id: fields.fornecedor_id,
  valor_m2: fields.valor_m2,
  estoque: fields.estoque.default(String(PRODUTO_PADROES.estoque)),
  estoque_minimo: fields.estoque_minimo.default(String(PRODUTO_PADROES.estoque_minimo)),
  unidade: fields.unidade.default(PRODUTO_PADROES.unidade),
  tipo_unidade: fields.tipo_unidade.default(PRODUTO_PADROES.tipo_unidade),
  descricao: fields.descricao,
  perda_percentual: fields.perda_percentual.default('0'),
  ...produtoFiscalFields,
});
export type ProdutoCreate = z.input<typeof produtoCreate>;

export const produtoUpdate = z.object({
  nome: fields.nome.optional(),
  categoria: fields.categoria.optional(),
  fornecedor_id: fields.fornecedor_id.optional(),
  valor_m2: fields.valor_m2.optional(),
  estoque: fields.estoque.optional(),
  estoque_minimo: fields.estoque_minimo.optional(),
  unidade: fields.unidade.optional(),
  tipo_unidade: fields.tipo_unidade.optional(),
  descricao: fields.descricao.optional(),
  perda_percentual: fields.perda_percentual.optional(),
  ...produtoFiscalFields,
  ...versionField,
});

export interface Produto {
  id: string;
  nome: string;
  categoria: string;
  fornecedor_id: string | null;
  /** Read only: the supplier's name, joined. */
  fornecedor_nome: string | null;
  valor_m2: number;
  estoque: number;
  estoque_minimo: number;
  unidade: string;
  tipo_unidade: TipoUnidade;
  descricao: string | null;
  /** Stone lost in cutting that quotes charge on m² lines (0–100). */
  perda_percentual: number;
  created_at: string;
  updated_at: string;
}

export interface ProdutoOpcao {
  id: string;
  nome: string;
  valor_m2: number;
  tipo_unidade: TipoUnidade;
  perda_percentual: number;
}
