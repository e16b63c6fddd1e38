import { AlertTriangle } from 'lucide-react';
import { useEffect, useState } from 'react';

import { titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable, NONE } from '../../components/kit/data-table';
import { ExportButton } from '../../components/kit/export-button';
import { useListaCadastro } from '../../components/kit/use-cadastro';
import { removeMessages } from '../../components/kit/use-remove';
import { Checkbox } from '../../components/ui/checkbox';
import { SearchInput } from '../../components/ui/search-input';
import { client } from '../../lib/client';
import { formatMoney, formatNumber } from '../../lib/format';
import type { Produto } from '../../lib/resources';

export function abaixoDoMinimo(p: Pick<Produto, 'estoque' | 'estoque_minimo'>) {
  return p.estoque < p.estoque_minimo;
}

const col = columnsOf<Produto>();
const columns = [
  col.accessor('nome', titleColumn('Nome', { sortable: true, className: 'font-medium' })),
  col.accessor('categoria', { header: 'Categoria', enableSorting: true, meta: { card: 'subtitle' } }),
  col.accessor('fornecedor_nome', {
    header: 'Fornecedor',
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">{NONE}</span>,
  }),
  col.accessor('valor_m2', {
    header: 'Valor',
    enableSorting: true,
    meta: { numeric: true, card: 'figure' },
    cell: ({ row: { original: p } }) => (
      <>
        {formatMoney(p.valor_m2)}
        <span className="text-muted-foreground">/{p.tipo_unidade === 'm²' ? 'm²' : 'un'}</span>
      </>
    ),
  }),
  col.accessor('estoque', {
    header: 'Estoque',
    enableSorting: true,
    meta: { numeric: true, card: 'figure' },
    cell: ({ row: { original: p } }) => {
      const baixo = abaixoDoMinimo(p);
      return (
        <span
          className={
            baixo
              ? 'inline-flex items-center gap-1 font-semibold text-destructive'
              : 'inline-flex items-center gap-1'
          }
          title={baixo ? 'Estoque abaixo do mínimo' : undefined}
          data-testid="produto-estoque"
        >
          {baixo && <AlertTriangle aria-hidden className="size-4" />}
          {formatNumber(p.estoque)}
          {baixo && <span className="sr-only"> (abaixo do mínimo)</span>}
        </span>
      );
    },
  }),
  col.accessor('estoque_minimo', {
    header: 'Mínimo',
    meta: { numeric: true },
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor('tipo_unidade', { header: 'Tipo', meta: { nowrap: true } }),
];

/** The products list: search, "only below minimum stock", the rows with their stock warning. */
export function ProdutosLista({ onEditar }: { onEditar: (p: Produto) => void }) {
  const { list, remove } = useListaCadastro({
    recurso: 'produtos',
    endpoint: client.produtos,
    plural: 'produtos',
    filters: { abaixo_minimo: '' },
    remove: { ...removeMessages('produto', { aspas: true }), invalidates: ['categorias-produtos'] },
  });
  // The box follows the click at once; the URL (a router transition) and the list follow it.
  const noUrl = list.filters.abaixo_minimo === 'true';
  const [abaixo, setAbaixo] = useState(noUrl);
  useEffect(() => setAbaixo(noUrl), [noUrl]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          value={list.q}
          onChange={list.setQ}
          placeholder="Buscar por nome ou categoria..."
          label="Buscar produtos"
        />
        <div className="flex items-center gap-2">
          <Checkbox
            id="filtro-abaixo-minimo"
            checked={abaixo}
            onCheckedChange={(v) => {
              setAbaixo(v === true);
              list.setFilter('abaixo_minimo', v === true ? 'true' : '');
            }}
          />
          <label htmlFor="filtro-abaixo-minimo" className="text-sm">
            Somente estoque abaixo do mínimo
          </label>
          <ExportButton lista="produtos" params={list.params} />
        </div>
      </div>
      <DataTable
        list={list}
        columns={columns}
        label="Produtos"
        loadingText="Carregando produtos..."
        emptyText="Nenhum produto cadastrado."
        emptyFilteredText="Nenhum produto encontrado para esse filtro."
        actions={remove.rowActions(
          (p) => p.nome,
          (p) => onEditar(p),
        )}
      />
      {remove.dialog}
    </div>
  );
}
