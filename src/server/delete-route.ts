import type { Tx } from '../db/client';
import { uuid } from '../schemas/common';
import { type AppContext, parseId } from './context';

/**
 * A delete route's handler: the record's id from the path (400 when it is not one), `remove` in one
 * transaction (its checks throw the route's 404 or 409 and undo the whole of it), then 204.
 */
export const deleteHandler =
  (remove: (tx: Tx, id: string, c: AppContext) => Promise<void>) => async (c: AppContext) => {
    const id = parseId(c, uuid);
    await c.get('deps').db.transaction((tx) => remove(tx, id, c));
    return c.body(null, 204);
  };
