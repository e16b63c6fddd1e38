import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { toast } from 'sonner';
import { HistoricoRegistro } from '../../components/kit/historico-registro';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DialogFooter, DialogHeading, ModalDialog } from '../../components/ui/dialog';
import { formatDate, formatMoney } from '../../lib/format';
import type { Venda } from '../../lib/resources';
import { empresaOptions } from '../empresa/api';
import { NotaFiscalVenda } from '../notas-fiscais/nota-fiscal-venda';
import { formaPagamento, STATUS_BADGE, statusLabel, taxaPercent } from './format-venda';
import { printVenda } from './print';

function Item({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-lg font-bold' : 'text-sm'}>{children}</dd>
    </div>
  );
}

export function VendaDetalhes({
  venda,
  onOpenChange,
}: {
  venda: Venda | null;
  onOpenChange: (open: boolean) => void;
}) {
  // The company's name and address head the printout.
  const empresa = useQuery({
    ...empresaOptions(),
    enabled: !!venda,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    // A fixed height with its own scrolling body: the note region below loads after the dialog opens and
    // grew it by ~360 px, which moved "Imprimir" out from under a tap already on its way.
    <ModalDialog
      open={!!venda}
      onClose={() => onOpenChange(false)}
      className="h-[min(92vh,56rem)] max-w-xl grid-rows-[auto_minmax(0,1fr)_auto]"
    >
      {venda && (
        <>
          <DialogHeading
            title={`Detalhes da Venda #${venda.numero}`}
            description={
              venda.orcamento_numero
                ? `Gerada a partir do orçamento #${venda.orcamento_numero}.`
                : 'Venda registrada.'
            }
          />
          <div className="-mx-1 grid content-start gap-4 overflow-y-auto px-1">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Item label="Cliente">{venda.cliente_nome ?? '-'}</Item>
              <Item label="Data">{formatDate(venda.data_venda)}</Item>
              <Item label="Status">
                <Badge variant={STATUS_BADGE[venda.status]}>{statusLabel(venda.status)}</Badge>
              </Item>
              <Item label="Forma de Pagamento">{formaPagamento(venda)}</Item>
              <Item label="Vendedor">{venda.vendedor_nome ?? '-'}</Item>
              <Item label="Arquiteto">{venda.arquiteto_nome ?? '-'}</Item>
              <Item label="Valor Bruto">{formatMoney(venda.valor_bruto)}</Item>
              <Item label="Taxa do Cartão">
                {venda.valor_taxa ? `${formatMoney(venda.valor_taxa)} (${taxaPercent(venda)})` : '-'}
              </Item>
              <Item label="Valor Líquido" strong>
                {formatMoney(venda.valor_liquido)}
              </Item>
              <Item label="Comissões">
                Vendedor {formatMoney(venda.comissao_vendedor)} · Arquiteto{' '}
                {formatMoney(venda.comissao_arquiteto)}{' '}
                <Badge variant={venda.comissao_paga ? 'green' : 'yellow'}>
                  {venda.comissao_paga ? 'Paga' : 'Pendente'}
                </Badge>
              </Item>
            </dl>
            <NotaFiscalVenda vendaId={venda.id} />
            <HistoricoRegistro recurso="vendas" registro={venda.id} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Fechar
            </Button>
            <Button
              onClick={() => {
                if (!printVenda(venda, empresa.data)) {
                  toast.error('Não foi possível abrir a impressão', {
                    description: 'Permita janelas pop-up para este site e tente novamente.',
                  });
                }
              }}
            >
              <Printer />
              Imprimir
            </Button>
          </DialogFooter>
        </>
      )}
    </ModalDialog>
  );
}
