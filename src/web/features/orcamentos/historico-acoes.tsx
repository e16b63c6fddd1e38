import { Eye, Pencil, Printer, ShoppingCart, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { OrcamentoLinha } from '../../lib/resources';
import { EnviarAcao } from './enviar-cliente';

export interface HistoricoActions {
  onView: (o: OrcamentoLinha) => void;
  onPrint: (o: OrcamentoLinha) => void;
  onEdit: (o: OrcamentoLinha) => void;
  onVenda: (o: OrcamentoLinha) => void;
  onDelete: (o: OrcamentoLinha) => void;
}

/** A row's actions; a quote already sold can only be seen, printed and sent. */
export function Acoes({ o, ...actions }: HistoricoActions & { o: OrcamentoLinha }) {
  return (
    <div className="flex justify-end">
      <IconAction label={`Ver detalhes do orçamento #${o.numero}`} onClick={() => actions.onView(o)}>
        <Eye />
      </IconAction>
      <IconAction label={`Imprimir orçamento #${o.numero}`} onClick={() => actions.onPrint(o)}>
        <Printer />
      </IconAction>
      <EnviarAcao o={o} />
      {o.status !== 'venda_realizada' && (
        <>
          <IconAction label={`Editar orçamento #${o.numero}`} onClick={() => actions.onEdit(o)}>
            <Pencil />
          </IconAction>
          <IconAction label={`Gerar venda do orçamento #${o.numero}`} onClick={() => actions.onVenda(o)}>
            <ShoppingCart className="text-green-700" />
          </IconAction>
          <IconAction label={`Excluir orçamento #${o.numero}`} onClick={() => actions.onDelete(o)}>
            <Trash2 className="text-destructive" />
          </IconAction>
        </>
      )}
    </div>
  );
}

function IconAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} title={label} onClick={onClick}>
      {children}
    </Button>
  );
}
