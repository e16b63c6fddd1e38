import { categoriasProdutosConstraints } from './categorias-produtos';
import { chapasConstraints } from './chapas';
import { clientesConstraints } from './clientes';
import { producaoConstraints } from './producao/config';
import { produtosConstraints } from './produtos';
import { recebimentosConstraints } from './recebimentos';
import type { ConstraintMap, Refusal } from './refusal';

/** Every resource's map, read by the error handler (server/errors.ts). */
export const CONSTRAINTS: ConstraintMap = {
  ...categoriasProdutosConstraints,
  ...produtosConstraints,
  ...recebimentosConstraints,
  ...producaoConstraints,
  ...chapasConstraints,
  ...clientesConstraints,
};

/** The resource's refusal for a violated constraint, when it declared one. */
export function constraintRefusal(v: { code: string; constraint: string }, method?: string): Refusal | null {
  const rule = Object.hasOwn(CONSTRAINTS, v.constraint) ? CONSTRAINTS[v.constraint] : undefined;
  if (!rule || rule.code !== v.code) return null;
  if (rule.methods && (!method || !rule.methods.includes(method))) return null;
  return rule.refusal;
}
