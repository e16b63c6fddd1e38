import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Page } from '../../../schemas/common';
import {
  FORMATOS_MEDIDA,
  type FormatoMedida,
  type ItemVenda,
  itemVendaCreate,
} from '../../../schemas/itens-venda';
import type { z } from '../../../schemas/z';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError, api, qs, toastError, toastSuccess } from '../../lib/api';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

const LIMIT = 50;
type FormValues = { nome: string; formato_medida: FormatoMedida | '' };
const VAZIO: FormValues = { nome: '', formato_medida: '' };
const resolver = zodResolver(itemVendaCreate as unknown as z.ZodType<FormValues, FormValues>);

/** Spec doc 2 §2: create, edit and list sale items (name and measure format), by name. */
export function ItensVendaTab() {
  const qc = useQueryClient();
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editando, setEditando] = useState<ItemVenda | null>(null);
  const [excluir, setExcluir] = useState<ItemVenda | null>(null);
  const { register, handleSubmit, reset, setError, setFocus, formState } = useForm<FormValues>({
    resolver,
    defaultValues: VAZIO,
  });
  const errors = formState.errors;

  const list = useQuery({
    queryKey: ['itens-venda', 'lista', { q, page }],
    queryFn: ({ signal }) => api.get<Page<ItemVenda>>(`/itens-venda${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar itens', list.error, 'Não foi possível carregar a lista de itens.');
  }, [list.error]);

  const cancelar = () => {
    setEditando(null);
    reset(VAZIO);
  };

  const salvar = useMutation({
    mutationFn: (v: FormValues) =>
      editando
        ? api.patch<ItemVenda>(`/itens-venda/${editando.id}`, { ...v, updated_at: editando.updated_at })
        : api.post<ItemVenda>('/itens-venda', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      toastSuccess(editando ? 'Item atualizado com sucesso!' : 'Item criado com sucesso!');
      cancelar();
      void qc.invalidateQueries({ queryKey: ['itens-venda'] });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        for (const f of err.errors) {
          if (f.path === 'nome' || f.path === 'formato_medida') setError(f.path, { message: f.message });
        }
      }
      toastError(editando ? 'Erro ao atualizar item' : 'Erro ao salvar item', err);
    },
  });

  const remover = useMutation({
    mutationFn: (i: ItemVenda) => api.delete(`/itens-venda/${i.id}`),
    onSuccess: (_, i) => {
      toastSuccess('Item removido com sucesso!');
      setExcluir(null);
      if (editando?.id === i.id) cancelar();
      void qc.invalidateQueries({ queryKey: ['itens-venda'] });
    },
    onError: (err) => {
      setExcluir(null);
      toastError('Erro ao remover item', err);
    },
  });

  const items = list.data?.items ?? [];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle>{editando ? 'Editar Item' : 'Novo Item'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={handleSubmit((v) => salvar.mutateAsync(v).catch(() => {}))}
            noValidate
          >
            <FormField id="iv-nome" label="Nome do item" required error={errors.nome?.message}>
              <Input
                {...fieldA11y('iv-nome', errors.nome?.message)}
                placeholder="Ex.: Bancada"
                autoComplete="off"
                {...register('nome')}
              />
            </FormField>
            <FormField
              id="iv-formato"
              label="Formato de medida"
              required
              error={errors.formato_medida?.message}
            >
              <NativeSelect
                {...fieldA11y('iv-formato', errors.formato_medida?.message)}
                {...register('formato_medida')}
              >
                <option value="">Selecione o formato</option>
                {FORMATOS_MEDIDA.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {editando && (
                <Button variant="outline" onClick={cancelar} disabled={salvar.isPending}>
                  Cancelar
                </Button>
              )}
              <Button type="submit" disabled={salvar.isPending || formState.isSubmitting}>
                {salvar.isPending ? 'Salvando...' : editando ? 'Salvar Alterações' : 'Adicionar Item'}
              </Button>
            </div>
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
          placeholder="Buscar item..."
          label="Buscar itens de venda"
        />
        {list.isPending ? (
          <Loading text="Carregando itens..." />
        ) : items.length === 0 ? (
          <Empty text={q ? 'Nenhum item encontrado.' : 'Nenhum item de venda cadastrado.'} />
        ) : (
          <>
            <Table aria-label="Itens de venda">
              <THead>
                <TR>
                  <TH>Nome</TH>
                  <TH>Formato de medida</TH>
                  <TH className="text-right">Ações</TH>
                </TR>
              </THead>
              <TBody>
                {items.map((i) => (
                  <TR key={i.id} className={editando?.id === i.id ? 'bg-muted' : undefined}>
                    <TD className="font-medium">{i.nome}</TD>
                    <TD className="whitespace-nowrap">{i.formato_medida}</TD>
                    <TD>
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Editar ${i.nome}`}
                          onClick={() => {
                            setEditando(i);
                            reset({ nome: i.nome, formato_medida: i.formato_medida });
                            setFocus('nome');
                          }}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Excluir ${i.nome}`}
                          className="text-destructive hover:text-destructive"
                          onClick={() => setExcluir(i)}
                        >
                          <Trash2 />
                        </Button>
                      </div>
                    </TD>
                  </TR>
                ))}
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
        description={`Tem certeza que deseja excluir o item "${excluir?.nome ?? ''}"? Esta ação não pode ser desfeita.`}
        busy={remover.isPending}
        onConfirm={() => excluir && remover.mutateAsync(excluir)}
      />
    </div>
  );
}
