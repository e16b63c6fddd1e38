import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CategoriaProduto, categoriaProdutoCreate } from '../../../schemas/categorias-produtos';
import type { Page } from '../../../schemas/common';
import type { z } from '../../../schemas/z';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fieldA11y } from '../../components/ui/form-field';
import { Input, Label } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError, api, qs, toastError, toastSuccess } from '../../lib/api';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

const LIMIT = 50;
type FormValues = { nome: string };
const resolver = zodResolver(categoriaProdutoCreate as unknown as z.ZodType<FormValues, FormValues>);

const emUso = (n: number) => `Categoria em uso por ${n} produto${n === 1 ? '' : 's'}: não pode ser excluída.`;

/** Spec doc 2 §2: create, list and delete categories; delete is disabled for a category in use. */
export function CategoriasTab() {
  const qc = useQueryClient();
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [excluir, setExcluir] = useState<CategoriaProduto | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>({
    resolver,
    defaultValues: { nome: '' },
  });
  const erro = formState.errors.nome?.message;

  const list = useQuery({
    queryKey: ['categorias-produtos', 'lista', { q, page }],
    queryFn: ({ signal }) =>
      api.get<Page<CategoriaProduto>>(`/categorias-produtos${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError(
        'Erro ao carregar categorias',
        list.error,
        'Não foi possível carregar a lista de categorias.',
      );
  }, [list.error]);

  const criar = useMutation({
    mutationFn: (v: FormValues) =>
      api.post<CategoriaProduto>('/categorias-produtos', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      toastSuccess('Categoria criada com sucesso!');
      reset({ nome: '' });
      void qc.invalidateQueries({ queryKey: ['categorias-produtos'] });
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.errors.some((e) => e.path === 'nome')))
        setError('nome', { message: err.errors[0]?.message ?? err.detail });
      toastError('Erro ao criar categoria', err);
    },
  });

  const remover = useMutation({
    mutationFn: (c: CategoriaProduto) => api.delete(`/categorias-produtos/${c.id}`),
    onSuccess: () => {
      toastSuccess('Categoria removida com sucesso!');
      setExcluir(null);
      void qc.invalidateQueries({ queryKey: ['categorias-produtos'] });
    },
    onError: (err) => {
      setExcluir(null);
      toastError('Erro ao remover categoria', err);
    },
  });

  const items = list.data?.items ?? [];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle>Nova Categoria</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-3"
            onSubmit={handleSubmit((v) => criar.mutateAsync(v).catch(() => {}))}
            noValidate
          >
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="cat-nome">Nome da categoria</Label>
              <Input
                {...fieldA11y('cat-nome', erro)}
                placeholder="Ex.: granito"
                autoComplete="off"
                {...register('nome')}
              />
              {erro && (
                <p id="cat-nome-erro" role="alert" className="text-xs font-medium text-destructive">
                  {erro}
                </p>
              )}
              <p className="text-xs text-muted-foreground">O nome é salvo em letras minúsculas.</p>
            </div>
            <Button type="submit" disabled={criar.isPending || formState.isSubmitting}>
              <Plus />
              {criar.isPending ? 'Salvando...' : 'Adicionar Categoria'}
            </Button>
          </form>
        </CardContent>
      </Card>

      <div className="flex min-w-0 flex-col gap-4">
        <SearchInput
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
          placeholder="Buscar categoria..."
          label="Buscar categorias"
        />
        {list.isPending ? (
          <Loading text="Carregando categorias..." />
        ) : items.length === 0 ? (
          <Empty text={q ? 'Nenhuma categoria encontrada.' : 'Nenhuma categoria cadastrada.'} />
        ) : (
          <>
            <Table aria-label="Categorias">
              <THead>
                <TR>
                  <TH>Nome</TH>
                  <TH className="text-right">Produtos</TH>
                  <TH className="text-right">Ações</TH>
                </TR>
              </THead>
              <TBody>
                {items.map((c) => {
                  const usada = c.total_produtos > 0;
                  return (
                    <TR key={c.id}>
                      <TD className="font-medium">{c.nome}</TD>
                      <TD className="text-right">{c.total_produtos}</TD>
                      <TD className="text-right">
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
                            usada
                              ? 'cursor-not-allowed opacity-40'
                              : 'text-destructive hover:text-destructive'
                          }
                          onClick={() => !usada && setExcluir(c)}
                        >
                          <Trash2 />
                        </Button>
                        {usada && (
                          <span id={`cat-uso-${c.id}`} className="sr-only">
                            {emUso(c.total_produtos)}
                          </span>
                        )}
                      </TD>
                    </TR>
                  );
                })}
              </TBody>
            </Table>
            <Pagination page={page} limit={LIMIT} total={list.data?.total ?? 0} onPage={setPage} />
          </>
        )}
      </div>

      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(open) => !open && setExcluir(null)}
        title="Confirmar exclusão"
        description={`Tem certeza que deseja excluir a categoria "${excluir?.nome ?? ''}"? Esta ação não pode ser desfeita.`}
        busy={remover.isPending}
        onConfirm={() => excluir && remover.mutateAsync(excluir)}
      />
    </div>
  );
}
