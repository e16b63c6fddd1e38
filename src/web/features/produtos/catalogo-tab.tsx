import { useState } from 'react';
import { ativoColumn, titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable, listTexts } from '../../components/kit/data-table';
import { ExportButton } from '../../components/kit/export-button';
import { removeMessages, useRemove } from '../../components/kit/use-remove';
import { listaError, useResourceList } from '../../components/kit/use-resource-list';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { formatMoney } from '../../lib/format';

import { ACABAMENTOS, type Catalogo, CatalogoForm, type Entrada, precoDe, RECORTES } from './catalogo-form';

const col = columnsOf<Entrada>();

function CatalogoTab({ c }: { c: Catalogo }) {
  const [editando, setEditando] = useState<string | null>(null);
  const list = useResourceList({
    recurso: c.recurso,
    endpoint: c.endpoint,
    prefix: c.recurso,
    limit: 50,
    loadError: listaError(c.recurso),
  });
  const remove = useRemove<Entrada>({
    recurso: c.recurso,
    endpoint: c.endpoint,
    ...removeMessages(c.singular.toLowerCase(), { aspas: true }),
    onRemoved: (e) => e.id === editando && setEditando(null),
  });
  const columns = [
    col.accessor('nome', titleColumn('Nome', { sortable: true, className: 'font-medium' })),
    col.accessor(c.campo, {
      id: c.campo,
      header: c.precoLabel.replace(' (R$)', ''),
      enableSorting: true,
      meta: { numeric: true, card: 'figure' },
      cell: ({ row: { original: e } }) => (
        <>
          {formatMoney(precoDe(c, e))}
          <span className="text-muted-foreground">{c.precoSufixo}</span>
        </>
      ),
    }),
    col.accessor('status', ativoColumn({ sortable: true })),
  ];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <CatalogoForm key={editando ?? 'novo'} c={c} id={editando} onDone={() => setEditando(null)} />
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-0 flex-1">
            <SearchInput
              value={list.q}
              onChange={list.setQ}
              placeholder={`Buscar ${c.singular.toLowerCase()}...`}
              label={`Buscar ${c.recurso}`}
            />
          </div>
          <ExportButton lista={c.recurso} params={list.params} />
        </div>
        <DataTable
          list={list}
          columns={columns}
          label={c.singular === 'Acabamento' ? 'Acabamentos' : 'Recortes'}
          getRowId={(e) => e.id}
          rowLabel={(e) => e.nome}
          rowClassName={(e) => e.id === editando && 'bg-muted'}
          {...listTexts(c.singular.toLowerCase(), c.recurso)}
          actions={(e) => (
            <RowActions
              editLabel={`Editar ${e.nome}`}
              deleteLabel={`Excluir ${e.nome}`}
              onEdit={() => setEditando(e.id)}
              onDelete={() => remove.ask(e)}
            />
          )}
        />
      </div>
      {remove.dialog}
    </div>
  );
}

/** Produtos → Acabamentos: edge finishes priced per linear metre. */
export const AcabamentosTab = () => <CatalogoTab c={ACABAMENTOS} />;
/** Produtos → Recortes: cutouts priced each. */
export const RecortesTab = () => <CatalogoTab c={RECORTES} />;
