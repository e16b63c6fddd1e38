import type { ListEndpoint, ListRow, RemoveEndpoint } from '../../lib/client';
import { type RemoveOptions, removeMessages, useRemove } from './use-remove';
import { type Filters, listaError, useListFormTabs, useResourceList } from './use-resource-list';

/**
 * A register's list (the spec's load error) and its delete: what a list needs when its tabs live
 * elsewhere (Produtos, Pagamentos) and what `useCadastro` builds on. `remove` takes the delete's
 * words and reactions; the resource is the list's.
 */
export function useListaCadastro<
  E extends ListEndpoint & RemoveEndpoint,
  F extends Filters = Record<never, string>,
  T extends { id: string } = ListRow<E> & { id: string },
>(o: {
  recurso: string;
  endpoint: E;
  plural: string;
  filters?: F;
  limit?: number;
  remove: Omit<RemoveOptions<NoInfer<T>>, 'recurso' | 'endpoint'>;
}) {
  const list = useResourceList({
    recurso: o.recurso,
    endpoint: o.endpoint,
    filters: o.filters,
    limit: o.limit,
    loadError: listaError(o.plural),
  });
  const remove = useRemove<T>({ recurso: o.recurso, endpoint: o.endpoint, ...o.remove });
  return { list, remove };
}

/**
 * The wiring of a register screen (a list tab and a Novo/Editar tab, clientes is the model): the
 * tabs in the URL, the list with the spec's load error, the delete with the spec's words (leaving the
 * form when the record being edited goes), and the form's title ("Novo Cliente" / "Editar Cliente").
 * `nome` is the masculine noun of one record ("cliente"), `plural` the list's ("clientes").
 * `rowActions` are a row's Editar (this screen's form) and Excluir, named by the record's `nome`.
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
  const { list, remove } = useListaCadastro<E, F, ListRow<E> & { id: string; nome: string }>({
    ...o,
    remove: {
      ...removeMessages(o.nome),
      onError: o.onRemoveError,
      onRemoved: (r) => r.id === t.editId && t.openNew(),
    },
  });
  const Nome = o.nome.charAt(0).toUpperCase() + o.nome.slice(1);
  const rowActions = remove.rowActions(
    (r) => r.nome,
    (r) => t.edit(r.id),
  );
  return { t, list, remove, rowActions, title: `${t.editId ? 'Editar' : 'Novo'} ${Nome}` };
}
