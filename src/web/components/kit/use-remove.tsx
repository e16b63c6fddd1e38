import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { type Call, json, type RemoveEndpoint } from '../../lib/client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { RowActions } from '../ui/row-actions';
import { refreshAfterWrite } from './refresh';

export interface RemoveOptions<T> {
  /** Query key the delete refreshes (`[recurso]`). */
  recurso: string;
  /** The resource on the typed client (`client.clientes`): `DELETE /:id`. */
  endpoint: RemoveEndpoint;
  /** Default: the row's `id`. */
  getId?: (row: T) => string;
  /** The spec's question ("Tem certeza que deseja excluir o cliente X? …"). */
  question: (row: T) => string;
  title?: string;
  success: string;
  successDescription?: (row: T) => string | undefined;
  errorTitle: string;
  /** A refusal the screen words itself (e.g. the server's 409 title); return true when handled. */
  onError?: (err: unknown) => boolean;
  onRemoved?: (row: T) => void;
  invalidates?: string[];
}

/**
 * `onError` of a record other rows still use (the RESTRICT foreign key's 409): the server's title and
 * its explanation of what uses the record, instead of the generic error toast.
 */
export function toastInUse(err: unknown) {
  if (!(err instanceof ApiError && err.status === 409)) return false;
  toast.error(err.title, { description: err.detail });
  return true;
}

/**
 * The spec's delete texts of a register, the row named by its `nome` ("Tem certeza que deseja excluir
 * o cliente Maria? …", "Cliente removido com sucesso!"); `feminina` for "a categoria … removida",
 * `aspas` where the spec quotes the name ('o produto "Granito"').
 */
export function removeMessages(nome: string, o: { feminina?: boolean; aspas?: boolean } = {}) {
  const Nome = nome.charAt(0).toUpperCase() + nome.slice(1);
  const [artigo, removido] = o.feminina ? ['a', 'removida'] : ['o', 'removido'];
  return {
    question: (row: { nome: string }) =>
      `Tem certeza que deseja excluir ${artigo} ${nome} ${o.aspas ? `"${row.nome}"` : row.nome}? Esta ação não pode ser desfeita.`,
    success: `${Nome} ${removido} com sucesso!`,
    errorTitle: `Erro ao remover ${nome}`,
  };
}

/**
 * A row's delete: `ask(row)` opens the confirmation; confirming sends the DELETE (the dialog's
 * buttons stay disabled until it answers), then toasts and refreshes the lists.
 */
export function useRemove<T extends { id: string }>(o: RemoveOptions<T>) {
  const [removing, setRemoving] = useState<T | null>(null);
  const qc = useQueryClient();
  const del = o.endpoint[':id'].$delete as Call;
  const remove = useMutation({
    mutationFn: (row: T) => json(del({ param: { id: o.getId?.(row) ?? row.id } })),
    onSuccess: (_, row) => {
      toastSuccess(o.success, o.successDescription?.(row));
      setRemoving(null);
      o.onRemoved?.(row);
      void refreshAfterWrite(qc, [o.recurso, ...(o.invalidates ?? [])]);
    },
    onError: (err) => {
      console.error(o.errorTitle, err);
      setRemoving(null);
      if (!o.onError?.(err)) toastError(o.errorTitle, err);
    },
  });
  const dialog = (
    <ConfirmDialog
      open={removing !== null}
      onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
      title={o.title ?? 'Confirmar exclusão'}
      description={removing === null ? '' : o.question(removing)}
      busy={remove.isPending}
      onConfirm={() => (removing === null ? undefined : remove.mutateAsync(removing).catch(() => undefined))}
    />
  );
  /** A row's Editar / Excluir buttons (DataTable's `actions`), named by `name(row)` for screen readers. */
  const rowActions = (name: (row: T) => string, onEdit: (row: T) => void) => (row: T) => (
    <RowActions
      editLabel={`Editar ${name(row)}`}
      deleteLabel={`Excluir ${name(row)}`}
      onEdit={() => onEdit(row)}
      onDelete={() => setRemoving(row)}
    />
  );
  return { ask: setRemoving, dialog, pending: remove.isPending, rowActions };
}
