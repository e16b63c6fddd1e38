import { STATUS_ORCAMENTO } from '../../../schemas/orcamentos';
import { dateColumn, moneyColumn, textColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable } from '../../components/kit/data-table';
import { Options } from '../../components/kit/form-parts';
import { FilterSelect } from '../../components/kit/list-filters';
import { ListSearch } from '../../components/kit/list-search';
import { useResourceList } from '../../components/kit/use-resource-list';
import { client } from '../../lib/client';
import type { OrcamentoLinha } from '../../lib/resources';
import { Acoes, type HistoricoActions } from './historico-acoes';
import { StatusBadge, statusLabel } from './status';
import { resumoPecasTexto } from './texto';

/** The history's URL parameters (search, status, page, sort): what a new quote's save clears. */
export const HISTORICO_PARAMS = { q: null, status: null, page: null, sort: null };

const col = columnsOf<OrcamentoLinha>();
const columns = [
  col.accessor('numero', {
    header: 'Nº',
    enableSorting: true,
    cell: (c) => `#${c.getValue()}`,
    meta: { nowrap: true, className: 'font-medium', card: 'title' },
  }),
  col.accessor('cliente_nome', {
    header: 'Cliente',
    // The quote's pieces under the client: "2 itens · 3 m de acabamento · 1 recorte".
    cell: ({ row: { original: o } }) => (
      <>
        {o.cliente_nome ?? 'Cliente não encontrado'}
        <span className="block text-xs text-muted-foreground">{resumoPecasTexto(o.resumo_pecas)}</span>
      </>
    ),
    meta: { className: 'min-w-44', card: 'subtitle' },
  }),
  col.accessor('vendedor_nome', textColumn('Vendedor')),
  col.accessor('arquiteto_nome', textColumn('Arquiteto')),
  col.accessor('created_at', dateColumn('Data', { sortable: true, card: 'figure' })),
  col.accessor('valor_total', moneyColumn('Valor', { sortable: true, card: 'figure' })),
  col.accessor('status', {
    header: 'Status',
    cell: (c) => <StatusBadge status={c.getValue()} />,
    meta: { nowrap: true, card: 'status' },
  }),
];

/**
 * The Histórico tab: quotes searched, filtered, sorted and paginated on the server, the list's state
 * in the URL (so it survives a trip to the editor tab, a reload and Back).
 */
export function Historico(actions: HistoricoActions) {
  const list = useResourceList({
    recurso: 'orcamentos',
    endpoint: client.orcamentos,
    filters: { status: '' },
    defaultSort: '-created_at',
    loadError: {
      title: 'Erro ao carregar orçamentos',
      text: 'Não foi possível carregar a lista de orçamentos.',
    },
  });
  return (
    <div className="flex flex-col gap-3">
      <ListSearch
        list={list}
        lista="orcamentos"
        label="Buscar orçamentos"
        placeholder="Buscar por número ou cliente..."
        className="flex-col sm:flex-row sm:items-center"
      >
        <FilterSelect
          list={list}
          name="status"
          label="Filtrar por status"
          todos="Todos os status"
          className="sm:w-52"
        >
          <Options values={STATUS_ORCAMENTO} label={statusLabel} />
        </FilterSelect>
      </ListSearch>
      <DataTable
        list={list}
        columns={columns}
        label="Histórico de orçamentos"
        rowLabel={(o) => `Orçamento #${o.numero}`}
        loadingText="Carregando orçamentos..."
        emptyText="Nenhum orçamento encontrado"
        emptyFilteredText="Nenhum orçamento encontrado"
        actions={(o) => <Acoes o={o} {...actions} />}
      />
    </div>
  );
}
