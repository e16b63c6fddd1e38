import { type PgColumn, sortOrder } from '../db/queries/crud';
import { HttpError } from './errors';

/** `?sort=-col` → ORDER BY, from the columns a list allows; 400 for any other. */
export function orderFrom(sort: string, sortable: Record<string, PgColumn>, idCol: PgColumn) {
  const order = sortOrder(sort, sortable, idCol);
  if (!order) throw new HttpError(400, 'Dados inválidos', `Não é possível ordenar por "${sort}".`);
  return order;
}
