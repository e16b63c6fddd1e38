import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { recursoKeys } from '../../components/kit/api';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toastError, toastSuccess } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { desfazerRecebimento, type Recebimento } from './api';

/** What a payment changes on other screens: undoing it refreshes them all. */
export const AFETADOS = ['recebimentos', 'caixa', 'vendas', 'relatorios', 'dashboard', 'registro-atual'];

/** "Desfazer" of one payment: asks first; the payment and its Caixa entrada go together. */
export function DesfazerRecebimento({ r }: { r: Recebimento }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const undo = useMutation({
    mutationFn: () => desfazerRecebimento(r.id),
    onSuccess: () => {
      toastSuccess('Recebimento desfeito', 'A entrada correspondente saiu do Caixa.');
      for (const k of AFETADOS) void qc.invalidateQueries({ queryKey: recursoKeys.all(k) });
    },
    onError: (err) => toastError('Erro ao desfazer recebimento', err),
  });
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Desfazer recebimento de ${formatMoney(r.valor)} em ${formatDate(r.data)}`}
        onClick={() => setOpen(true)}
      >
        <Undo2 />
        Desfazer
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Desfazer recebimento"
        description={`O recebimento de ${formatMoney(r.valor)} em ${formatDate(r.data)} e a entrada correspondente no Caixa serão removidos.`}
        confirmLabel="Desfazer"
        onConfirm={() => undo.mutateAsync()}
      />
    </>
  );
}

/** A payment as a line: date, amount, method, and its "Desfazer". */
export function RecebimentoLinha({ r }: { r: Recebimento }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="text-sm">
        {formatDate(r.data)} · <span className="font-medium tabular-nums">{formatMoney(r.valor)}</span> ·{' '}
        {/* null: recorded through the API without its method */}
        {r.forma_pagamento ?? 'forma não informada'}
      </span>
      <DesfazerRecebimento r={r} />
    </li>
  );
}
