import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type DespesaAtualizada,
  type DespesaUpdateInput,
  despesaEditForm,
  TIPO_DESPESA_LABEL,
} from '../../../schemas/despesas';
import type { z } from '../../../schemas/z';
import { ConflictNotice, isStaleWrite, useFreshRecord } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Label, Textarea } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { toastError } from '../../lib/api';
import { client, json } from '../../lib/client';
import type { Despesa } from '../../lib/resources';
import { markServerErrors } from './shared';

// What the fields hold is the schema's input; the submit gets its output (Parsed).
type FormValues = z.input<typeof despesaEditForm>;
type Parsed = z.output<typeof despesaEditForm>;

/**
 * Edits one row. For a monthly expense it offers to carry descrição, valor and observações to the
 * later months of its series (the server does both in one transaction).
 */
export function EditarDespesaDialog({
  despesa,
  onOpenChange,
}: {
  despesa: Despesa | null;
  onOpenChange: (open: boolean) => void;
}) {
  const qc = useQueryClient();
  const [replicar, setReplicar] = useState(false);
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(despesaEditForm),
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;
  // The expense as the server has it now (not the list's row), read on every opening; its
  // updated_at is the version the edit is based on.
  const fresh = useFreshRecord<Despesa>(despesa ? `/despesas/${despesa.id}` : null);
  const atual = despesa ? (fresh.data ?? null) : null;
  const [conflict, setConflict] = useState(false);
  const mensal = atual?.tipo === 'mensal';

  useEffect(() => {
    if (!despesa) setConflict(false);
    if (!atual) return;
    setReplicar(false);
    reset({
      descricao: atual.descricao,
      valor: atual.valor.toFixed(2),
      data_vencimento: atual.data_vencimento,
      observacoes: atual.observacoes ?? '',
    });
  }, [despesa, atual, reset]);

  const save = useMutation({
    mutationFn: (v: Parsed & { replicar: boolean }) => {
      const { replicar: rep, ...values } = v;
      // Only what changed is sent, so the copy to later months does not overwrite what they hold of their own.
      const d = atual!;
      const body: DespesaUpdateInput = { updated_at: d.updated_at };
      if (values.descricao !== d.descricao) body.descricao = values.descricao;
      if (Number(values.valor) !== d.valor) body.valor = values.valor;
      if (values.data_vencimento !== d.data_vencimento) body.data_vencimento = values.data_vencimento;
      if ((values.observacoes ?? null) !== (d.observacoes ?? null)) body.observacoes = values.observacoes;
      // Dates and status are never copied: with none of the copied fields changed there is nothing to replicate.
      const replicate = rep && ('descricao' in body || 'valor' in body || 'observacoes' in body);
      const call = json(
        client.despesas[':id'].$patch({
          param: { id: d.id },
          query: { replicar: replicate ? 'true' : undefined },
          json: body,
        }),
      );
      // With ?replicar=true the answer is { despesa, replicadas }, otherwise the row itself.
      return call.then((r) => ('despesa' in r ? r : { despesa: r }));
    },
    onSuccess: (r) => {
      toast.success('Despesa atualizada com sucesso!');
      if ('replicadas' in r) {
        const { replicadas, erro_replicacao } = r as DespesaAtualizada;
        if (erro_replicacao) {
          toast.warning('Aviso', {
            description: 'Despesa atualizada, mas houve erro ao replicar para meses futuros.',
          });
        } else if (replicadas > 0) {
          toast.info(
            replicadas === 1
              ? '1 despesa mensal futura também foi atualizada.'
              : `${replicadas} despesas mensais futuras também foram atualizadas.`,
          );
        } else {
          toast.info('Não foram encontradas despesas mensais futuras para replicar.');
        }
      }
      void qc.invalidateQueries({ queryKey: ['despesas'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      void qc.invalidateQueries({ queryKey: ['orcamentos-calculo'] });
      onOpenChange(false);
    },
    onError: (err) => {
      if (isStaleWrite(err)) setConflict(true);
      markServerErrors(err, setError, ['descricao', 'valor', 'data_vencimento', 'observacoes']);
      toastError('Erro ao atualizar despesa', err);
    },
  });

  return (
    <Dialog open={!!despesa} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Despesa</DialogTitle>
          <DialogDescription>
            {atual
              ? `${TIPO_DESPESA_LABEL[atual.tipo]}${atual.tipo === 'avulso' ? '' : ` — parcela ${atual.parcela_atual}/${atual.parcelas}`}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {conflict && (
          <ConflictNotice
            reloading={fresh.isFetching}
            onReload={() => void fresh.refetch().then((res) => res.isSuccess && setConflict(false))}
          />
        )}
        {!atual && <Loading text="Carregando despesa..." />}
        <form
          hidden={!atual}
          noValidate
          aria-label="Editar despesa"
          onSubmit={handleSubmit((v) =>
            save.mutateAsync({ ...v, replicar: mensal && replicar }).catch(() => {}),
          )}
          className="grid gap-4"
        >
          <FormField id="editar-descricao" label="Descrição" required error={errors.descricao?.message}>
            <Input {...fieldA11y('editar-descricao', errors.descricao?.message)} {...register('descricao')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="editar-valor" label="Valor (R$)" required error={errors.valor?.message}>
              <Input
                {...fieldA11y('editar-valor', errors.valor?.message)}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                {...register('valor')}
              />
            </FormField>
            <FormField
              id="editar-vencimento"
              label="Data de Vencimento"
              required
              error={errors.data_vencimento?.message}
            >
              <Input
                {...fieldA11y('editar-vencimento', errors.data_vencimento?.message)}
                type="date"
                {...register('data_vencimento')}
              />
            </FormField>
          </div>
          <FormField id="editar-observacoes" label="Observações" error={errors.observacoes?.message}>
            <Textarea
              {...fieldA11y('editar-observacoes', errors.observacoes?.message)}
              {...register('observacoes')}
            />
          </FormField>
          {mensal && (
            <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3">
              <Checkbox
                id="editar-replicar"
                checked={replicar}
                onCheckedChange={(v) => setReplicar(v === true)}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor="editar-replicar">Aplicar também aos meses seguintes</Label>
                <p className="text-xs text-muted-foreground">
                  Descrição, valor e observações passam para as despesas mensais desta série com vencimento
                  depois desta. Datas e status não mudam.
                </p>
              </div>
            </div>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={save.isPending}
            >
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending || formState.isSubmitting}>
              {save.isPending ? 'Salvando...' : 'Salvar Alterações'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
