import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Cartao, STATUS_CARTAO, type StatusCartao } from '../../../schemas/cartoes';
import type { Page } from '../../../schemas/common';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NativeSelect } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { api, qs, toastError, toastSuccess } from '../../lib/api';
import { nomeCartao, taxasResumo } from './shared';

const LIMIT = 20;

export interface CartoesFiltros {
  q: string;
  page: number;
  status: StatusCartao | '';
}

export function CartoesLista({
  filtros,
  onFiltros,
  onEditar,
}: {
  filtros: CartoesFiltros;
  onFiltros: (f: CartoesFiltros) => void;
  onEditar: (c: Cartao) => void;
}) {
  const qc = useQueryClient();
  const { q, page, status } = filtros;
  const [excluir, setExcluir] = useState<Cartao | null>(null);

  const list = useQuery({
    queryKey: ['cartoes', 'lista', { q, page, status }],
    queryFn: ({ signal }) =>
      api.get<Page<Cartao>>(`/cartoes${qs({ q, page, limit: LIMIT, status })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar cartões', list.error, 'Não foi possível carregar a lista de cartões.');
  }, [list.error]);

  const remover = useMutation({
    mutationFn: (c: Cartao) => api.delete(`/cartoes/${c.id}`),
    onSuccess: () => {
      toastSuccess('Cartão removido com sucesso!');
      setExcluir(null);
      void qc.invalidateQueries({ queryKey: ['cartoes'] });
    },
    onError: (err) => {
      setExcluir(null);
      toastError('Erro ao remover cartão', err);
    },
  });

  const items = list.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={q}
          onChange={(v) => onFiltros({ ...filtros, q: v, page: 1 })}
          placeholder="Buscar por bandeira, tipo ou observação..."
          label="Buscar métodos de pagamento"
        />
        <NativeSelect
          aria-label="Filtrar por status"
          className="sm:w-44"
          value={status}
          onChange={(e) => onFiltros({ ...filtros, status: e.target.value as StatusCartao | '', page: 1 })}
        >
          <option value="">Todos os status</option>
          {STATUS_CARTAO.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </div>

      {list.isPending ? (
        <Loading text="Carregando cartões..." />
      ) : items.length === 0 ? (
        <Empty
          text={
            q || status
              ? 'Nenhum método encontrado para esse filtro.'
              : 'Nenhum método de pagamento cadastrado.'
          }
        />
      ) : (
        <>
          <Table aria-label="Métodos de pagamento">
            <THead>
              <TR>
                <TH>Bandeira</TH>
                <TH>Tipo</TH>
                <TH>Taxas</TH>
                <TH>Status</TH>
                <TH>Observações</TH>
                <TH className="text-right">Ações</TH>
              </TR>
            </THead>
            <TBody>
              {items.map((c) => (
                <TR key={c.id}>
                  <TD className="font-medium">{c.bandeira}</TD>
                  <TD>{c.tipo}</TD>
                  <TD className="min-w-48 max-w-md text-sm">{taxasResumo(c)}</TD>
                  <TD>
                    <Badge variant={c.status === 'Ativo' ? 'green' : 'gray'}>{c.status}</Badge>
                  </TD>
                  <TD className="max-w-xs truncate text-muted-foreground" title={c.observacoes ?? undefined}>
                    {c.observacoes ?? '—'}
                  </TD>
                  <TD>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${nomeCartao(c)}`}
                        onClick={() => onEditar(c)}
                      >
                        <Pencil />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Excluir ${nomeCartao(c)}`}
                        className="text-destructive hover:text-destructive"
                        onClick={() => setExcluir(c)}
                      >
                        <Trash2 />
                      </Button>
                    </div>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination
            page={page}
            limit={LIMIT}
            total={list.data?.total ?? 0}
            onPage={(p) => onFiltros({ ...filtros, page: p })}
          />
        </>
      )}

      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(open) => !open && setExcluir(null)}
        title="Confirmar exclusão"
        description={`Tem certeza que deseja excluir o método de pagamento "${excluir ? nomeCartao(excluir) : ''}"? Esta ação não pode ser desfeita.`}
        busy={remover.isPending}
        onConfirm={() => excluir && remover.mutateAsync(excluir)}
      />
    </div>
  );
}
