import type { Executor } from '../db/client';
import { sincronizarParcelas } from '../db/queries/recebimentos';
import { fromRefusal } from './errors';
import { publish } from './events';

/**
 * The sale's instalments (issue 16), kept by every path that writes a sale, inside its transaction:
 * one call after the sale row is written. Creating, editing the payment fields, the date or the
 * status (cancelling removes the unpaid instalments, restoring creates them again) all come down to
 * "make the instalments equal to the sale's schedule"; a received instalment that would change
 * refuses the whole write (409 with the reason), a schedule the rules cannot make refuses it with 400.
 */
export async function regerarParcelasDaVenda(tx: Executor, vendaId: string): Promise<void> {
  const refusal = await sincronizarParcelas(tx, { vendaId });
  if (refusal) throw fromRefusal(refusal);
  await publish(tx, 'recebimentos', 'atualizado', vendaId);
}

/** A new sale's instalments (the same rule as an edit: the sale has none yet). */
export const criarParcelasDaVenda = regerarParcelasDaVenda;
