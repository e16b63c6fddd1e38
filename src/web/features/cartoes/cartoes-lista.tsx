import { STATUS_CARTAO } from '../../../schemas/cartoes';
import { badgeColumn, titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable, NONE } from '../../components/kit/data-table';
import { Options } from '../../components/kit/form-parts';
import { FilterSelect } from '../../components/kit/list-filters';
import { ListSearch } from '../../components/kit/list-search';
import { useListaCadastro } from '../../components/kit/use-cadastro';
import { RowActions } from '../../components/ui/row-actions';
import { client } from '../../lib/client';
import type { Cartao } from '../../lib/resources';
import { nomeCartao, taxasResumo } from './shared';

const col = columnsOf<Cartao>();
const columns = [
  col.accessor('bandeira', titleColumn('Bandeira', { sortable: true, className: 'font-medium' })),
  col.accessor('tipo', { header: 'Tipo', enableSorting: true, meta: { card: 'subtitle' } }),
  col.display({
    id: 'taxas',
    header: 'Taxas',
    meta: { card: 'figure', className: 'min-w-48 max-w-md text-sm' },
    cell: ({ row }) => taxasResumo(row.original),
  }),
  col.accessor('status', badgeColumn('Status', { Ativo: 'green', Inativo: 'gray' })),
  col.accessor('observacoes', {
    header: 'Observações',
    meta: { className: 'max-w-xs truncate text-muted-foreground' },
    cell: (c) => <span title={c.getValue() ?? undefined}>{c.getValue() ?? NONE}</span>,
  }),
];

/** The payment methods: search, status filter, rows with their rates. */
export function CartoesLista({ onEditar }: { onEditar: (c: Cartao) => void }) {
  const { list, remove } = useListaCadastro({
    recurso: 'cartoes',
    endpoint: client.cartoes,
    plural: 'cartões',
    filters: { status: '' },
    remove: {
      question: (c) =>
        `Tem certeza que deseja excluir o método de pagamento "${nomeCartao(c)}"? Esta ação não pode ser desfeita.`,
      success: 'Cartão removido com sucesso!',
      errorTitle: 'Erro ao remover cartão',
    },
  });
  return (
    <div className="flex flex-col gap-4">
      <ListSearch
        list={list}
        lista="cartoes"
        label="Buscar métodos de pagamento"
        placeholder="Buscar por bandeira, tipo ou observação..."
        className="flex-col gap-3 sm:flex-row sm:items-center"
      >
        <FilterSelect
          list={list}
          name="status"
          label="Filtrar por status"
          todos="Todos os status"
          className="sm:w-44"
        >
          <Options values={STATUS_CARTAO} />
        </FilterSelect>
      </ListSearch>
      <DataTable
        list={list}
        columns={columns}
        label="Métodos de pagamento"
        rowLabel={nomeCartao}
        loadingText="Carregando cartões..."
        emptyText="Nenhum método de pagamento cadastrado."
        emptyFilteredText="Nenhum método encontrado para esse filtro."
        actions={(c) => (
          <RowActions
            editLabel={`Editar ${nomeCartao(c)}`}
            deleteLabel={`Excluir ${nomeCartao(c)}`}
            onEdit={() => onEditar(c)}
            onDelete={() => remove.ask(c)}
          />
        )}
      />
      {remove.dialog}
    </div>
  );
}
