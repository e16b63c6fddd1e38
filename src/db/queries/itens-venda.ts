import type { Executor } from '../client';
import { itensVenda } from '../schema';
import { crudTable, porNome } from './crud';
import { countOrcamentosCom } from './produtos';
import { emUsoRefusal } from './refusal';

/** The list's search and sorts (by name ascending, spec doc 2 §7), and the select box's options. */
export const itensVendaTable = crudTable({
  table: itensVenda,
  emUso,
  ...porNome(itensVenda, {
    id: itensVenda.id,
    nome: itensVenda.nome,
    formato_medida: itensVenda.formato_medida,
  }),
});

/** A sale item used on quotes cannot be deleted. */
async function emUso(db: Executor, p: { id: string }) {
  const n = await countOrcamentosCom(db, { coluna: 'item_venda_id', id: p.id });
  return emUsoRefusal(
    'Não é possível remover item',
    `Este item é usado em ${n} orçamento${n === 1 ? '' : 's'} e não pode ser removido.`,
  );
}
