import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as React from 'react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { rotuloCartao } from '../../../schemas/cartoes';
import {
  STATUS_VENDA,
  STATUS_VENDA_LABEL,
  TIPO_VENDA_LABEL,
  TIPOS_VENDA,
  vendaUpdate,
} from '../../../schemas/vendas';
import { ConflictNotice, isStaleWrite, useFreshRecord } from '../../components/fresh-record';
import { Options, RecordOptions } from '../../components/kit/form-parts';
import { Button } from '../../components/ui/button';
import { DialogFooter, DialogHeading, ModalDialog } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import type { CartaoOpcao, Venda } from '../../lib/resources';
import { cartoesOpcoesOptions } from '../cartoes/api';
import { dashboardKeys } from '../dashboard/api';
import { orcamentosKeys } from '../orcamentos/api';
import { relatoriosKeys } from '../vendedores/api';
import { vendasKeys } from './api';

type FormValues = {
  data_venda: string;
  status: Venda['status'];
  valor_bruto: string;
  tipo_venda: Venda['tipo_venda'];
  valor_entrada: string;
  numero_parcelas: string;
  cartao_id: string;
};

function valuesOf(v: Venda): FormValues {
  return {
    data_venda: v.data_venda,
    status: v.status,
    valor_bruto: String(v.valor_bruto),
    tipo_venda: v.tipo_venda,
    valor_entrada: String(v.valor_entrada),
    numero_parcelas: String(v.numero_parcelas),
    cartao_id: v.cartao_id ?? '',
  };
}

/** The body of PATCH /vendas/:id: only the editable fields; the server recomputes the rest. */
function payloadOf(v: FormValues, updated_at: string) {
  return {
    data_venda: v.data_venda,
    status: v.status,
    valor_bruto: v.valor_bruto,
    tipo_venda: v.tipo_venda,
    ...(v.tipo_venda === 'entrada' ? { valor_entrada: v.valor_entrada } : {}),
    ...(v.tipo_venda !== 'avista' ? { numero_parcelas: v.numero_parcelas } : {}),
    cartao_id: v.cartao_id || null,
    updated_at,
  };
}

const PARCELAS = Array.from({ length: 12 }, (_, i) => i + 1);

export function VendaEditDialog({
  vendaId,
  onOpenChange,
}: {
  vendaId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = !!vendaId;
  return (
    <ModalDialog open={open} onClose={() => onOpenChange(false)} className="max-w-xl">
      {/* mounted per opening: each opening reads the sale afresh (never a cached older version) */}
      {vendaId && <VendaEditBody key={vendaId} vendaId={vendaId} onOpenChange={onOpenChange} />}
    </ModalDialog>
  );
}

function VendaEditBody({
  vendaId,
  onOpenChange,
}: {
  vendaId: string;
  onOpenChange: (open: boolean) => void;
}) {
  // The sale as the server has it now (its updated_at is the version this edit is based on).
  const venda = useFreshRecord(client.vendas, vendaId);
  const cartoes = useQuery(cartoesOpcoesOptions());
  const [conflict, setConflict] = useState(false);
  // The form waits for the card options too: a <select> filled before its options exist shows
  // "Nenhum (sem taxa)" for a card sale.
  const ready = venda.data && cartoes.data;
  return (
    <>
      <DialogHeading
        title={`Editar Venda${venda.data ? ` #${venda.data.numero}` : ''}`}
        description="Taxa do cartão, valor líquido, parcelas e comissões são recalculados ao salvar."
      />
      {conflict && (
        <ConflictNotice
          reloading={venda.isFetching}
          onReload={() => {
            void venda.refetch().then((r) => {
              if (r.isSuccess) setConflict(false);
            });
          }}
        />
      )}
      {venda.isError ? (
        <p role="alert" className="py-6 text-center text-sm">
          {venda.error instanceof ApiError && venda.error.status === 404
            ? 'Esta venda não existe mais (foi excluída).'
            : 'Não foi possível carregar a venda. Verifique a conexão.'}
        </p>
      ) : !ready ? (
        <Loading text="Carregando venda..." />
      ) : (
        <VendaEditForm
          key={venda.dataUpdatedAt}
          base={venda.data}
          cartoes={cartoes.data}
          onConflict={() => setConflict(true)}
          onOpenChange={onOpenChange}
        />
      )}
    </>
  );
}

function VendaEditForm({
  base,
  cartoes,
  onConflict,
  onOpenChange,
}: {
  base: Venda;
  cartoes: CartaoOpcao[];
  onConflict: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const qc = useQueryClient();
  const { register, handleSubmit, watch, setError, clearErrors, formState } = useForm<FormValues>({
    defaultValues: valuesOf(base),
  });
  const errors = formState.errors;
  const tipo = watch('tipo_venda');

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof payloadOf>) =>
      json(client.vendas[':id'].$patch({ param: { id: base.id }, json: body })),
    onSuccess: () => {
      toastSuccess('Venda atualizada com sucesso!');
      void qc.invalidateQueries({ queryKey: vendasKeys.all });
      void qc.invalidateQueries({ queryKey: orcamentosKeys.all });
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
      void qc.invalidateQueries({ queryKey: relatoriosKeys.all });
      onOpenChange(false);
    },
    onError: (err) => {
      if (isStaleWrite(err)) onConflict();
      if (err instanceof ApiError) {
        for (const f of err.errors) setError(f.path as keyof FormValues, { message: f.message });
      }
      toastError('Erro ao atualizar venda', err);
    },
  });

  // Returning the request's promise keeps formState.isSubmitting true while it runs, which disables
  // "Salvar" at once (a double-click sends one request).
  const submit = handleSubmit(async (v) => {
    clearErrors();
    const body = payloadOf(v, base.updated_at);
    const parsed = vendaUpdate.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setError(String(issue.path[0]) as keyof FormValues, { message: issue.message });
      }
      return;
    }
    await save.mutateAsync(body).catch(() => {});
  });
  const busy = save.isPending || formState.isSubmitting;

  const cartaoIds = new Set(cartoes.map((c) => c.id));
  // A field of this form: its label and error, the control tied to both and to the form's value.
  const field = (
    name: keyof FormValues,
    id: string,
    label: string,
    control: (p: ReturnType<typeof fieldA11y> & ReturnType<typeof register>) => React.ReactNode,
  ) => (
    <FormField id={id} label={label} error={errors[name]?.message}>
      {control({ ...fieldA11y(id, errors[name]?.message), ...register(name) })}
    </FormField>
  );
  const money = (p: ReturnType<typeof fieldA11y> & ReturnType<typeof register>) => (
    <Input inputMode="decimal" autoComplete="off" placeholder="0,00" {...p} />
  );
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('data_venda', 've-data', 'Data da Venda', (p) => (
          <Input type="date" {...p} />
        ))}
        {field('status', 've-status', 'Status', (p) => (
          <NativeSelect {...p}>
            <Options values={STATUS_VENDA} label={(s) => STATUS_VENDA_LABEL[s]} />
          </NativeSelect>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('valor_bruto', 've-bruto', 'Valor Bruto', money)}
        {field('tipo_venda', 've-tipo', 'Tipo de Venda', (p) => (
          <NativeSelect {...p}>
            <Options values={TIPOS_VENDA} label={(t) => TIPO_VENDA_LABEL[t]} />
          </NativeSelect>
        ))}
      </div>
      {tipo !== 'avista' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {tipo === 'entrada' && field('valor_entrada', 've-entrada', 'Valor da Entrada', money)}
          {field('numero_parcelas', 've-parcelas', 'Número de Parcelas', (p) => (
            <NativeSelect {...p}>
              <Options values={PARCELAS} label={(n) => `${n}x`} />
            </NativeSelect>
          ))}
        </div>
      )}
      {field('cartao_id', 've-cartao', 'Tipo de Pagamento', (p) => (
        <NativeSelect {...p}>
          <option value="">Nenhum (sem taxa)</option>
          {/* an inactive card still on the sale stays selectable */}
          {base.cartao_id && !cartaoIds.has(base.cartao_id) && (
            <option value={base.cartao_id}>
              {[base.cartao_bandeira, base.cartao_tipo].filter(Boolean).join(' - ') || 'Cartão atual'}
            </option>
          )}
          <RecordOptions records={cartoes} value={(c) => c.id} label={rotuloCartao} />
        </NativeSelect>
      ))}
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar Alterações'}
        </Button>
      </DialogFooter>
    </form>
  );
}
