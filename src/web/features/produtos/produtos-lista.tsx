import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Page } from '../../../schemas/common';
import type { Produto } from '../../../schemas/produtos';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { api, qs, toastError, toastSuccess } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';

export const LIMIT = 20;

export interface ListaFiltros {
  q: string;
  page: number;
  abaixoMinimo: boolean;
}

export function abaixoDoMinimo(p: Pick<Produto, 'estoque' | 'estoque_minimo'>) {
  return p.estoque < p.estoque_minimo;
}

export function ProdutosLista({
  filtros,
  onFiltros,
  onEditar,
}: {
  filtros: ListaFiltros;
  onFiltros: (f: ListaFiltros) => void;
  onEditar: (p: Produto) => void;
}) {
  const qc = useQueryClient();
  const { q, page, abaixoMinimo } = filtros;
  const [excluir, setExcluir] = useState<Produto | null>(null);

  const list = useQuery({
    queryKey: ['produtos', { q, page, abaixoMinimo }],
    queryFn: ({ signal }) =>
      api.get<Page<Produto>>(
        `/produtos${qs({ q, page, limit: LIMIT, abaixo_minimo: abaixoMinimo ? 'true' : undefined })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar produtos', list.error, 'Não foi possível carregar a lista de produtos.');
  }, [list.error]);

  const remover = useMutation({
    mutationFn: (p: Produto) => api.delete(`/produtos/${p.id}`),
    onSuccess: () => {
      toastSuccess('Produto removido com sucesso!');
      setExcluir(null);
      void qc.invalidateQueries({ queryKey: ['produtos'] });
      void qc.invalidateQueries({ queryKey: ['categorias-produtos'] });
    },
    onError: (err) => {
      setExcluir(null);
      toastError('Erro ao remover produto', err);
    },
  });

  const items = list.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          value={q}
          onChange={(v) => onFiltros({ ...filtros, q: v, page: 1 })}
          placeholder="Buscar por nome ou categoria..."
          label="Buscar produtos"
        />
        <div className="flex items-center gap-2">
          <Checkbox
            id="filtro-abaixo-minimo"
            checked={abaixoMinimo}
            onCheckedChange={(v) => onFiltros({ ...filtros, abaixoMinimo: v === true, page: 1 })}
          />
          <label htmlFor="filtro-abaixo-minimo" className="text-sm">
            Somente estoque abaixo do mínimo
          </label>
        </div>
      </div>

      {list.isPending ? (
        <Loading text="Carregando produtos..." />
      ) : items.length === 0 ? (
        <Empty
          text={
            q || abaixoMinimo ? 'Nenhum produto encontrado para esse filtro.' : 'Nenhum produto cadastrado.'
          }
        />
      ) : (
        <>
          <Table aria-label="Produtos">
            <THead>
              <TR>
                <TH>Nome</TH>
                <TH>Categoria</TH>
                <TH>Fornecedor</TH>
                <TH className="text-right">Valor</TH>
                <TH className="text-right">Estoque</TH>
                <TH className="text-right">Mínimo</TH>
                <TH>Tipo</TH>
                <TH className="text-right">Ações</TH>
              </TR>
            </THead>
            <TBody>
              {items.map((p) => {
                const baixo = abaixoDoMinimo(p);
                return (
                  <TR key={p.id}>
                    <TD className="font-medium">{p.nome}</TD>
                    <TD>{p.categoria}</TD>
                    <TD>{p.fornecedor_nome ?? <span className="text-muted-foreground">—</span>}</TD>
                    <TD className="whitespace-nowrap text-right">
                      {formatMoney(p.valor_m2)}
                      <span className="text-muted-foreground">/{p.tipo_unidade === 'm²' ? 'm²' : 'un'}</span>
                    </TD>
                    <TD
                      className={
                        baixo ? 'whitespace-nowrap text-right font-semibold text-destructive' : 'text-right'
                      }
                      title={baixo ? 'Estoque abaixo do mínimo' : undefined}
                      data-testid="produto-estoque"
                    >
                      <span className="inline-flex items-center gap-1">
                        {baixo && <AlertTriangle aria-hidden className="size-4" />}
                        {formatNumber(p.estoque)}
                        {baixo && <span className="sr-only"> (abaixo do mínimo)</span>}
                      </span>
                    </TD>
                    <TD className="text-right">{formatNumber(p.estoque_minimo)}</TD>
                    <TD className="whitespace-nowrap">{p.tipo_unidade}</TD>
                    <TD>
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Editar ${p.nome}`}
                          onClick={() => onEditar(p)}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Excluir ${p.nome}`}
                          className="text-destructive hover:text-destructive"
                          onClick={() => setExcluir(p)}
                        >
                          <Trash2 />
                        </Button>
                      </div>
                    </TD>
                  </TR>
                );
              })}
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
        description={`Tem certeza que deseja excluir o produto "${excluir?.nome ?? ''}"? Esta ação não pode ser desfeita.`}
        busy={remover.isPending}
        onConfirm={() => excluir && remover.mutateAsync(excluir)}
      />
    </div>
  );
}
