import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { StatusDespesa } from '../../../schemas/despesas';
import { DataTable } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { useRemove } from '../../components/kit/use-remove';
import type { ResourceList } from '../../components/kit/use-resource-list';
import { IconAction } from '../../components/ui/row-actions';
import { toastError } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDate } from '../../lib/format';
import type { Despesa, DespesasPage } from '../../lib/resources';
import { despesasKeys } from './api';
import { despesaColumns } from './colunas';
import { EditarDespesaDialog } from './editar-dialog';

export type DespesasList = ResourceList<Despesa, { mes: string; ano: string }, DespesasPage>;

/** A month's expenses: search, the rows with their paid switch, edit and delete. */
export function ListaDespesas({ list, mesLabel }: { list: DespesasList; mesLabel: string }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Despesa | null>(null);
  const listKey = list.queryKey;

  const status = useMutation({
    mutationFn: ({ id, status }: { id: string; status: StatusDespesa }) =>
      json(client.despesas[':id'].status.$patch({ param: { id }, json: { status } })),
    // The switch moves at once; the server's answer (or a failure) settles it.
    onMutate: async ({ id, status }) => {
      await qc.cancelQueries({ queryKey: listKey });
      const before = qc.getQueryData<DespesasPage>(listKey);
      if (before)
        qc.setQueryData<DespesasPage>(listKey, {
          ...before,
          items: before.items.map((d) => (d.id === id ? { ...d, status } : d)),
        });
      return { before };
    },
    onError: (err, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(listKey, ctx.before);
      toastError('Erro ao atualizar status', err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: despesasKeys.all }),
  });
  const remove = useRemove<Despesa>({
    recurso: 'despesas',
    endpoint: client.despesas,
    question: (d) =>
      `Tem certeza que deseja excluir a despesa "${d.descricao}" de ${formatDate(d.data_vencimento)}? Esta ação não pode ser desfeita.`,
    success: 'Despesa removida com sucesso!',
    errorTitle: 'Erro ao remover despesa',
  });
  const { mutate } = status;
  const columns = useMemo(
    () => despesaColumns((d, paga) => mutate({ id: d.id, status: paga ? 'paga' : 'pendente' })),
    [mutate],
  );
  const nome = (d: Despesa) => `${d.descricao} de ${formatDate(d.data_vencimento)}`;

  return (
    <div className="flex flex-col gap-4">
      <ListSearch
        list={list}
        lista="despesas"
        label="Buscar despesas"
        placeholder="Buscar por descrição ou observação..."
      />
      <DataTable
        list={list}
        columns={columns}
        label={`Despesas de ${mesLabel}`}
        rowLabel={nome}
        loadingText="Carregando despesas..."
        emptyText={`Nenhuma despesa com vencimento em ${mesLabel}.`}
        emptyFilteredText={
          list.q
            ? 'Nenhuma despesa encontrada para a busca.'
            : `Nenhuma despesa com vencimento em ${mesLabel}.`
        }
        actions={(d) => (
          <div className="flex justify-end gap-1">
            <IconAction label={`Editar ${nome(d)}`} icon={Pencil} onClick={() => setEditing(d)} />
            <IconAction
              label={`Excluir ${nome(d)}`}
              icon={Trash2}
              onClick={() => remove.ask(d)}
              iconClassName="text-destructive"
            />
          </div>
        )}
      />
      <EditarDespesaDialog despesa={editing} onOpenChange={(open) => !open && setEditing(null)} />
      {remove.dialog}
    </div>
  );
}
