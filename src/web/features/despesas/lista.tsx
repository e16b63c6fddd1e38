import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Despesa, DespesasPage, StatusDespesa } from '../../../schemas/despesas';
import { TIPO_DESPESA_LABEL } from '../../../schemas/despesas';
import { useFreshRecord } from '../../components/fresh-record';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Switch } from '../../components/ui/checkbox';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDate, formatMoney } from '../../lib/format';
import { EditarDespesaDialog } from './editar-dialog';

const TIPO_VARIANT = { avulso: 'gray', mensal: 'blue', parcelada: 'yellow' } as const;

export function ListaDespesas({
  data,
  loading,
  q,
  onSearch,
  page,
  onPage,
  listKey,
  mesLabel,
  stale,
}: {
  data: DespesasPage | undefined;
  loading: boolean;
  /** The rows on screen are the previous filter's, while the new ones load. */
  stale?: boolean;
  q: string;
  onSearch: (q: string) => void;
  page: number;
  onPage: (p: number) => void;
  /** The query key of the list on screen, for the switch's immediate update. */
  listKey: readonly unknown[];
  mesLabel: string;
}) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Despesa | null>(null);
  const [removing, setRemoving] = useState<Despesa | null>(null);
  // The confirmation names the expense as the server has it now, not as the list row cached it.
  const removingNow = useFreshRecord<Despesa>(removing ? `/despesas/${removing.id}` : null).data;

  const status = useMutation({
    mutationFn: ({ id, status }: { id: string; status: StatusDespesa }) =>
      json(client.despesas[':id'].status.$patch({ param: { id }, json: { status } })),
    // The switch moves at once; the server's answer (or a failure) settles it.
    onMutate: async ({ id, status }) => {
      await qc.cancelQueries({ queryKey: listKey });
      const before = qc.getQueryData<DespesasPage>(listKey);
      if (before) {
        qc.setQueryData<DespesasPage>(listKey, {
          ...before,
          items: before.items.map((d) => (d.id === id ? { ...d, status } : d)),
        });
      }
      return { before };
    },
    onError: (err, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(listKey, ctx.before);
      toastError('Erro ao atualizar status', err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['despesas'] }),
  });

  const remove = useMutation({
    mutationFn: (id: string) => json(client.despesas[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      toastSuccess('Despesa removida com sucesso!');
      setRemoving(null);
      void qc.invalidateQueries({ queryKey: ['despesas'] });
    },
    onError: (err) => toastError('Erro ao remover despesa', err),
  });

  return (
    <div className="flex flex-col gap-4">
      <SearchInput
        value={q}
        onChange={onSearch}
        placeholder="Buscar por descrição ou observação..."
        label="Buscar despesas"
      />
      {loading ? (
        <Loading text="Carregando despesas..." />
      ) : !data?.items.length ? (
        <Empty
          text={
            q ? 'Nenhuma despesa encontrada para a busca.' : `Nenhuma despesa com vencimento em ${mesLabel}.`
          }
        />
      ) : (
        <div aria-busy={stale || undefined} className={stale ? 'opacity-60 transition-opacity' : undefined}>
          <Table aria-label={`Despesas de ${mesLabel}`}>
            <THead>
              <TR>
                <TH>Descrição</TH>
                <TH>Tipo</TH>
                <TH>Vencimento</TH>
                <TH>Parcela</TH>
                <TH className="text-right">Valor</TH>
                <TH>Status</TH>
                <TH className="text-right">Ações</TH>
              </TR>
            </THead>
            <TBody>
              {data.items.map((d) => {
                const paga = d.status === 'paga';
                return (
                  <TR key={d.id}>
                    <TD className="min-w-40 font-medium">
                      {d.descricao}
                      {d.observacoes && (
                        <p className="text-xs font-normal text-muted-foreground">{d.observacoes}</p>
                      )}
                    </TD>
                    <TD>
                      <Badge variant={TIPO_VARIANT[d.tipo]}>{TIPO_DESPESA_LABEL[d.tipo]}</Badge>
                    </TD>
                    <TD className="whitespace-nowrap">{formatDate(d.data_vencimento)}</TD>
                    <TD className="whitespace-nowrap">
                      {d.tipo === 'avulso' ? '—' : `${d.parcela_atual}/${d.parcelas}`}
                    </TD>
                    <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(d.valor)}</TD>
                    <TD>
                      <div className="flex items-center gap-2">
                        <Switch
                          checked={paga}
                          aria-label={`${d.descricao} ${formatDate(d.data_vencimento)} paga`}
                          onCheckedChange={(v) =>
                            status.mutate({ id: d.id, status: v ? 'paga' : 'pendente' })
                          }
                        />
                        <span className={paga ? 'text-sm text-green-700' : 'text-sm text-amber-700'}>
                          {paga ? 'Paga' : 'Pendente'}
                        </span>
                      </div>
                    </TD>
                    <TD>
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Editar ${d.descricao} de ${formatDate(d.data_vencimento)}`}
                          onClick={() => setEditing(d)}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Excluir ${d.descricao} de ${formatDate(d.data_vencimento)}`}
                          onClick={() => setRemoving(d)}
                        >
                          <Trash2 className="text-destructive" />
                        </Button>
                      </div>
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
          <Pagination page={page} limit={data.limit} total={data.total} onPage={onPage} />
        </div>
      )}
      <EditarDespesaDialog despesa={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Confirmar exclusão"
        description={
          removingNow
            ? `Tem certeza que deseja excluir a despesa "${removingNow.descricao}" de ${formatDate(removingNow.data_vencimento)}? Esta ação não pode ser desfeita.`
            : 'Carregando despesa...'
        }
        busy={remove.isPending || !removingNow}
        onConfirm={() => removing && remove.mutateAsync(removing.id)}
      />
    </div>
  );
}
