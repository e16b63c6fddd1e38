import { useMutation } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import type { ComissaoVendaLinha } from '../../../schemas/relatorios';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatMoney } from '../../lib/format';

/** The report row's figures "Pagar liberado" needs: all computed by the server (issue 16). */
export type LinhaAPagar = Pick<ComissaoVendaLinha, 'id' | 'numero' | 'venda_a_pagar' | 'updated_at'>;

/** Whether a row has commission released and not yet paid (the button shows only then). */
export const temAPagar = (v: Pick<ComissaoVendaLinha, 'venda_a_pagar'>) => (v.venda_a_pagar ?? 0) > 0;

export function PagarLiberadoButton({ venda, onClick }: { venda: LinhaAPagar; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <HandCoins aria-hidden />
      Pagar liberado ({formatMoney(venda.venda_a_pagar)})
    </Button>
  );
}

/**
 * Confirms and pays a sale's released commission. `venda` is the report's current row (the parent
 * looks it up by id in the live report), so the amount shown is the one sent: the server pays only
 * that amount for that version of the sale, and answers 409 when either changed in between.
 */
export function PagarLiberadoDialog({
  venda,
  kind,
  onOpenChange,
}: {
  venda: LinhaAPagar | undefined;
  /** Whose report: it pays that person only (the seller's commission, or the architect's RT). */
  kind: 'vendedor' | 'arquiteto';
  onOpenChange: (open: boolean) => void;
}) {
  const pagar = useMutation({
    mutationFn: (v: LinhaAPagar) =>
      json(
        client.vendas[':id'].comissao['pagar-liberado'].$post({
          param: { id: v.id },
          json: { valor: v.venda_a_pagar ?? 0, pessoa: kind, updated_at: v.updated_at ?? '' },
        }),
      ),
    onSuccess: (r) =>
      toastSuccess(
        'Comissão liberada paga',
        `${formatMoney(r.valor_pago)} pagos agora (venda #${r.venda.numero}).`,
      ),
    onError: (err) => toastError('Erro ao pagar a comissão liberada', err),
  });
  const quem = kind === 'vendedor' ? 'ao vendedor' : 'ao arquiteto (RT)';
  return (
    <ConfirmDialog
      open={!!venda && temAPagar(venda)}
      onOpenChange={onOpenChange}
      title="Pagar comissão liberada"
      description={`Paga agora, ${quem}, a comissão que os recebimentos da venda #${venda?.numero ?? ''} liberaram desde o último pagamento. ${kind === 'vendedor' ? 'A RT do arquiteto é paga no relatório de arquitetos.' : 'A comissão do vendedor é paga no relatório de vendedores.'}`}
      confirmLabel={`Pagar ${formatMoney(venda?.venda_a_pagar)}`}
      destructive={false}
      onConfirm={() => venda && pagar.mutateAsync(venda)}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Total a pagar agora</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="pagar-liberado-total">
          {formatMoney(venda?.venda_a_pagar)}
        </dd>
      </dl>
    </ConfirmDialog>
  );
}
