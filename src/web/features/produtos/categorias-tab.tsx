import { Plus, Trash2 } from 'lucide-react';
import { categoriaProdutoCreate } from '../../../schemas/categorias-produtos';
import { titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable, listTexts } from '../../components/kit/data-table';
import { TextField } from '../../components/kit/form-parts';
import { ListSearch } from '../../components/kit/list-search';
import { removeMessages, useRemove } from '../../components/kit/use-remove';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { listaError, useResourceList } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { client } from '../../lib/client';
import type { CategoriaProduto } from '../../lib/resources';

const emUso = (n: number) => `Categoria em uso por ${n} produto${n === 1 ? '' : 's'}: não pode ser excluída.`;

const col = columnsOf<CategoriaProduto>();
const columns = [
  col.accessor('nome', titleColumn('Nome', { sortable: true, className: 'font-medium' })),
  col.accessor('total_produtos', { header: 'Produtos', meta: { numeric: true, card: 'figure' } }),
];

/** Spec doc 2 §2: create, list and delete categories; delete is disabled for a category in use. */
export function CategoriasTab() {
  const f = useResourceForm({
    recurso: 'categorias-produtos',
    endpoint: client['categorias-produtos'],
    schema: categoriaProdutoCreate,
    id: null,
    empty: { nome: '' },
    valuesOf: (c: CategoriaProduto) => ({ nome: c.nome }),
    conflictField: 'nome',
    messages: {
      created: 'Categoria criada com sucesso!',
      updated: 'Categoria atualizada com sucesso!',
      createError: 'Erro ao criar categoria',
      updateError: 'Erro ao atualizar categoria',
    },
  });
  const list = useResourceList({
    recurso: 'categorias-produtos',
    endpoint: client['categorias-produtos'],
    prefix: 'cat',
    limit: 50,
    loadError: listaError('categorias'),
  });
  const remove = useRemove<CategoriaProduto>({
    recurso: 'categorias-produtos',
    endpoint: client['categorias-produtos'],
    ...removeMessages('categoria', { feminina: true, aspas: true }),
  });

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <TitledCard title="Nova Categoria">
        <form className="flex flex-col gap-3" onSubmit={f.onSubmit} noValidate aria-label="Nova Categoria">
          <TextField
            f={f}
            name="nome"
            label="Nome da categoria"
            placeholder="Ex.: granito"
            hint="O nome é salvo em letras minúsculas."
          />
          <Button type="submit" disabled={f.saving}>
            <Plus />
            {f.saving ? 'Salvando...' : 'Adicionar Categoria'}
          </Button>
          {f.leaveDialog}
        </form>
      </TitledCard>
      <div className="flex min-w-0 flex-col gap-4">
        <ListSearch
          list={list}
          lista="categorias-produtos"
          label="Buscar categorias"
          placeholder="Buscar categoria..."
        />
        <DataTable
          list={list}
          columns={columns}
          label="Categorias"
          {...listTexts('categoria', 'categorias', { feminina: true })}
          actions={(c) => {
            const usada = c.total_produtos > 0;
            return (
              <div className="text-right">
                {/* aria-disabled rather than disabled: still focusable and hoverable, so the
                    reason (title and description) reaches mouse, keyboard and screen-reader users. */}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Excluir ${c.nome}`}
                  aria-disabled={usada || undefined}
                  aria-describedby={usada ? `cat-uso-${c.id}` : undefined}
                  title={usada ? emUso(c.total_produtos) : `Excluir ${c.nome}`}
                  className={
                    usada ? 'cursor-not-allowed opacity-40' : 'text-destructive hover:text-destructive'
                  }
                  onClick={() => !usada && remove.ask(c)}
                >
                  <Trash2 />
                </Button>
                {usada && (
                  <span id={`cat-uso-${c.id}`} className="sr-only">
                    {emUso(c.total_produtos)}
                  </span>
                )}
              </div>
            );
          }}
        />
      </div>
      {remove.dialog}
    </div>
  );
}
