import type { ListEndpoint, ListRow, RemoveEndpoint } from '../../lib/client';
import { removeMessages, useRemove } from './use-remove';
import { type Filters, listaError, useListFormTabs, useResourceList } from './use-resource-list';

/**
 * The wiring of a register screen (a list tab and a Novo/Editar tab, clientes is the model): the
 * tabs in the URL, the list with the spec's load error, the delete with the spec's words (leaving the
 * form when the record being edited goes), and the form's title ("Novo Cliente" / "Editar Cliente").
 * `nome` is the masculine noun of one record ("cliente"), `plural` the list's ("clientes").
 */
export function useCadastro<
  E extends ListEndpoint & RemoveEndpoint,
  F extends Filters = Record<never, string>,
>(o: {
  recurso: string;
  endpoint: E;
  nome: string;
  plural: string;
  filters?: F;
  limit?: number;
  /** A refusal the screen words itself (e.g. `toastInUse`). */
  onRemoveError?: (err: unknown) => boolean;
}) {
  const t = useListFormTabs();
  const list = useResourceList({
    recurso: o.recurso,
    endpoint: o.endpoint,
    filters: o.filters,
    limit: o.limit,
    loadError: listaError(o.plural),
  });
  const remove = useRemove<ListRow<E> & { id: string; nome: string }>({
    recurso: o.recurso,
    endpoint: o.endpoint,
    ...removeMessages(o.nome),
    onError: o.onRemoveError,
    onRemoved: (r) => r.id === t.editId && t.openNew(),
  });
  const Nome = o.nome.charAt(0).toUpperCase() + o.nome.slice(1);
  return { t, list, remove, title: `${t.editId ? 'Editar' : 'Novo'} ${Nome}` };
}
