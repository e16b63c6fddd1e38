import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FORMATOS_MEDIDA, itemVendaCreate } from '../../../schemas/itens-venda';
import { titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable } from '../../components/kit/data-table';
import { FormShell, SelectField, TextField } from '../../components/kit/form-parts';
import { ListSearch } from '../../components/kit/list-search';
import { removeMessages, useRemove } from '../../components/kit/use-remove';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { listaError, useResourceList } from '../../components/kit/use-resource-list';
import { TitledCard } from '../../components/ui/card';
import { IconAction } from '../../components/ui/row-actions';
import { client } from '../../lib/client';
import type { ItemVenda } from '../../lib/resources';

const col = columnsOf<ItemVenda>();
const columns = [
  col.accessor('nome', titleColumn('Nome', { sortable: true, className: 'font-medium' })),
  col.accessor('formato_medida', { header: 'Formato de medida', meta: { nowrap: true, card: 'subtitle' } }),
];

/** "Novo Item" / "Editar Item" (the item read fresh). Mount with `key` = the id. */
function ItemVendaForm({ id, onDone }: { id: string | null; onDone: () => void }) {
  const f = useResourceForm({
    recurso: 'itens-venda',
    endpoint: client['itens-venda'],
    schema: itemVendaCreate,
    id,
    empty: { nome: '', formato_medida: '' as ItemVenda['formato_medida'] },
    valuesOf: (i: ItemVenda) => ({ nome: i.nome, formato_medida: i.formato_medida }),
    messages: {
      created: 'Item criado com sucesso!',
      updated: 'Item atualizado com sucesso!',
      createError: 'Erro ao salvar item',
      updateError: 'Erro ao atualizar item',
    },
    onSaved: onDone,
  });
  return (
    <TitledCard title={f.editing ? 'Editar Item' : 'Novo Item'}>
      <FormShell
        f={f}
        label={f.editing ? 'Editar Item' : 'Novo Item'}
        submitLabel={f.editing ? 'Salvar Alterações' : 'Adicionar Item'}
        onCancel={f.editing ? onDone : undefined}
      >
        <TextField f={f} name="nome" label="Nome do item" required placeholder="Ex.: Bancada" />
        <SelectField
          f={f}
          name="formato_medida"
          label="Formato de medida"
          required
          placeholder="Selecione o formato"
          options={FORMATOS_MEDIDA}
        />
      </FormShell>
    </TitledCard>
  );
}

/** Spec doc 2 §2: create, edit and list sale items (name and measure format), by name. */
export function ItensVendaTab() {
  const [editando, setEditando] = useState<string | null>(null);
  const list = useResourceList({
    recurso: 'itens-venda',
    endpoint: client['itens-venda'],
    prefix: 'itens',
    limit: 50,
    loadError: listaError('itens'),
  });
  const remove = useRemove<ItemVenda>({
    recurso: 'itens-venda',
    endpoint: client['itens-venda'],
    ...removeMessages('item', { aspas: true }),
    onRemoved: (i) => i.id === editando && setEditando(null),
  });
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <ItemVendaForm key={editando ?? 'novo'} id={editando} onDone={() => setEditando(null)} />
      <div className="flex min-w-0 flex-col gap-4">
        <ListSearch
          list={list}
          lista="itens-venda"
          label="Buscar itens de venda"
          placeholder="Buscar item..."
        />
        <DataTable
          list={list}
          columns={columns}
          label="Itens de venda"
          rowClassName={(i) => i.id === editando && 'bg-muted'}
          loadingText="Carregando itens..."
          emptyText="Nenhum item de venda cadastrado."
          emptyFilteredText="Nenhum item encontrado."
          actions={(i) => (
            <div className="flex justify-end gap-1">
              <IconAction label={`Editar ${i.nome}`} icon={Pencil} onClick={() => setEditando(i.id)} />
              <IconAction
                label={`Excluir ${i.nome}`}
                icon={Trash2}
                className="text-destructive hover:text-destructive"
                onClick={() => remove.ask(i)}
              />
            </div>
          )}
        />
      </div>
      {remove.dialog}
    </div>
  );
}
