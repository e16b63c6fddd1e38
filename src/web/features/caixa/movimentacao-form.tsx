import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type Movimentacao,
  movimentacaoCreate,
  TIPO_MOVIMENTACAO_LABEL,
  TIPOS_MOVIMENTACAO,
  type TipoMovimentacao,
} from '../../../schemas/caixa';
import type { z } from '../../../schemas/z';
import { ConflictNotice, isStaleWrite, useFreshRecord } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { ApiError, api } from '../../lib/api';
import { todayIso } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

interface FormValues {
  nome: string;
  valor: string;
  data: string;
  tipo: TipoMovimentacao;
}
type Parsed = z.output<typeof movimentacaoCreate>;

/** Creation mode: type entrada, today's date, empty fields (spec doc 2 §4). */
const empty = (): FormValues => ({ nome: '', valor: '', data: todayIso(), tipo: 'entrada' });

export const errorMessage = (err: unknown) => (err instanceof ApiError ? err.detail : (err as Error).message);

/** "Nova Movimentação" or, once a row's edit is chosen, "Editar Movimentação". */
export function MovimentacaoForm({
  editing,
  onDone,
}: {
  editing: Movimentacao | null;
  /** Back to creation mode (after saving or Cancelar). */
  onDone: () => void;
}) {
  const qc = useQueryClient();
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(movimentacaoCreate as unknown as z.ZodType<Parsed, FormValues>),
    defaultValues: empty(),
  });
  const { register, handleSubmit, reset, setError, setFocus, formState } = form;
  const errors = formState.errors;

  // The movement as the server has it now (not the list's row); its updated_at is the edit's version.
  const fresh = useFreshRecord<Movimentacao>(editing ? `/caixa/movimentacoes/${editing.id}` : null);
  const atual = editing ? (fresh.data ?? null) : null;
  const loading = !!editing && !atual;
  const [conflict, setConflict] = useState(false);

  useEffect(() => {
    if (!editing) setConflict(false);
    if (atual) {
      reset({ nome: atual.nome, valor: atual.valor.toFixed(2), data: atual.data, tipo: atual.tipo });
      setFocus('nome');
    } else if (!editing) {
      reset(empty());
    }
  }, [editing, atual, reset, setFocus]);

  const save = useMutation({
    mutationFn: (v: Parsed) =>
      editing
        ? api.patch<Movimentacao>(`/caixa/movimentacoes/${editing.id}`, {
            ...v,
            updated_at: (atual ?? editing).updated_at,
          })
        : api.post<Movimentacao>('/caixa/movimentacoes', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      toast.success('Sucesso', {
        description: editing ? 'Movimentação atualizada com sucesso!' : 'Movimentação criada com sucesso!',
      });
      void qc.invalidateQueries({ queryKey: ['caixa'] });
      reset(empty());
      onDone();
    },
    onError: (err) => {
      if (isStaleWrite(err)) setConflict(true);
      if (err instanceof ApiError) {
        for (const e of err.errors) {
          if (e.path === 'nome' || e.path === 'valor' || e.path === 'data' || e.path === 'tipo') {
            setError(e.path, { type: 'server', message: e.message });
          }
        }
      }
      toast.error('Erro', {
        description: `${editing ? 'Erro ao atualizar movimentação: ' : 'Erro ao criar movimentação: '}${errorMessage(err)}`,
      });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? 'Editar Movimentação' : 'Nova Movimentação'}</CardTitle>
      </CardHeader>
      <CardContent>
        {conflict && (
          <ConflictNotice
            reloading={fresh.isFetching}
            onReload={() => void fresh.refetch().then((res) => res.isSuccess && setConflict(false))}
          />
        )}
        {loading && <Loading text="Carregando movimentação..." />}
        <form
          hidden={loading}
          noValidate
          aria-label={editing ? 'Editar Movimentação' : 'Nova Movimentação'}
          onSubmit={handleSubmit((v) => save.mutateAsync(v).catch(() => {}))}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <FormField id="mov-nome" label="Nome" required error={errors.nome?.message}>
            <Input
              {...fieldA11y('mov-nome', errors.nome?.message)}
              placeholder="Ex.: Venda balcão"
              {...register('nome')}
            />
          </FormField>
          <FormField id="mov-valor" label="Valor" required error={errors.valor?.message}>
            <Input
              {...fieldA11y('mov-valor', errors.valor?.message)}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="0,00"
              {...register('valor')}
            />
          </FormField>
          <FormField id="mov-data" label="Data" required error={errors.data?.message}>
            <Input {...fieldA11y('mov-data', errors.data?.message)} type="date" {...register('data')} />
          </FormField>
          <FormField id="mov-tipo" label="Tipo" error={errors.tipo?.message}>
            <NativeSelect {...fieldA11y('mov-tipo', errors.tipo?.message)} {...register('tipo')}>
              {TIPOS_MOVIMENTACAO.map((t) => (
                <option key={t} value={t}>
                  {TIPO_MOVIMENTACAO_LABEL[t]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row lg:col-span-4 sm:justify-end">
            {editing && (
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => {
                  reset(empty());
                  onDone();
                }}
              >
                Cancelar
              </Button>
            )}
            <Button type="submit" disabled={save.isPending || formState.isSubmitting}>
              {editing ? 'Atualizar Movimentação' : 'Adicionar'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
