import { DesenhoDoItem } from '../orcamentos/peca-desenho';
import type { OsDetalhe } from './api';

/** Each piece drawn to scale with its finished sides and cutouts: what the customer approved. */
export function Desenhos({ itens }: { itens: OsDetalhe['itens'] }) {
  const pecas = itens.filter((i) => i.medida1 != null && i.medida2 != null);
  if (!pecas.length) return null;
  return (
    <ul aria-label="Desenhos das peças" className="mt-3 grid gap-3 sm:grid-cols-2">
      {pecas.map((i, idx) => (
        <li key={i.id} className="rounded-md border p-2">
          <DesenhoDoItem
            item={i}
            titulo={`Peça ${idx + 1}: ${i.item_venda_nome ?? i.produto_nome ?? 'Peça'}`}
          />
        </li>
      ))}
    </ul>
  );
}
