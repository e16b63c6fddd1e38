import { moneyInput, PRECO_MAX, requiredText, updateOf } from './common';
import { STATUS_ATIVO } from './enums';
import { z } from './z';

// Issue 14: the two piece catalogues under Produtos. Same shape, one price column each:
// acabamentos (edge finishes) cost `valor_ml` per linear metre, recortes (cutouts) `valor` each.

const status = z.enum(STATUS_ATIVO, { message: 'Status deve ser ativo ou inativo.' });
const nome = (message: string) => requiredText(message, 120);

/** A catalogue's create and update bodies: its name, its one price column (`preco`) and its status. */
function catalogo<P extends z.ZodRawShape>(nomeMessage: string, preco: P) {
  const fields = { nome: nome(nomeMessage), ...preco, status };
  const create = z.object({ ...fields, status: status.default('ativo') });
  // The update is built from the fields without the create's default: `.partial()` keeps a default,
  // so a PATCH that left `status` out re-activated an inactive entry.
  return { create, update: updateOf(fields) };
}

const acabamento = catalogo('Informe o nome do acabamento.', {
  valor_ml: moneyInput({ message: 'Informe o valor por metro linear (R$, 0 ou mais).', max: PRECO_MAX }),
});
export const acabamentoCreate = acabamento.create;
export const acabamentoUpdate = acabamento.update;
export type AcabamentoCreate = z.input<typeof acabamentoCreate>;

const recorte = catalogo('Informe o nome do recorte.', {
  valor: moneyInput({ message: 'Informe o valor do recorte (R$, 0 ou mais).', max: PRECO_MAX }),
});
export const recorteCreate = recorte.create;
export const recorteUpdate = recorte.update;
export type RecorteCreate = z.input<typeof recorteCreate>;

export const MSG_PERDA = 'A perda deve estar entre 0 e 100%, com até 2 casas decimais.';

/**
 * Stone lost in cutting, in percent (0–100, step 0.01): the product's default and a quote line's own.
 * A number or numeric string (comma accepted), kept as a decimal string.
 */
export const perdaInput = z
  .union([z.number(), z.string().trim()], { message: MSG_PERDA })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.replace(',', '.');
    const n = Number(s);
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(s) || n > 100) {
      ctx.addIssue({ code: 'custom', message: MSG_PERDA });
      return z.NEVER;
    }
    return s;
  });

export interface Acabamento {
  id: string;
  nome: string;
  valor_ml: number;
  status: (typeof STATUS_ATIVO)[number];
  created_at: string;
  updated_at: string;
}

export interface Recorte {
  id: string;
  nome: string;
  valor: number;
  status: (typeof STATUS_ATIVO)[number];
  created_at: string;
  updated_at: string;
}
