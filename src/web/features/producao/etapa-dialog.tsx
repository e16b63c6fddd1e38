import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/states';
import { LembrarCliente } from './acoes';
import { useOs } from './api';
import { EtapaForm } from './etapa-form';
import { etapaLabel } from './shared';

/** One stage read fresh, with its form (the keyboard alternative to dragging). */
export function EtapaDialog({
  alvo,
  onClose,
}: {
  alvo: { osId: string; etapaId: string };
  onClose: () => void;
}) {
  const os = useOs(alvo.osId);
  const etapa = os.data?.etapas.find((e) => e.id === alvo.etapaId);
  return (
    <ModalDialog
      onClose={onClose}
      className="max-h-[90dvh] overflow-y-auto"
      title={etapa ? `${etapaLabel(etapa.etapa)} — OS #${os.data?.numero}` : 'Etapa'}
      description={os.data?.cliente_nome ?? ''}
    >
      {!os.data || !etapa ? (
        <Loading text="Carregando etapa..." />
      ) : (
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <Link to={`/producao/os/${os.data.id}`}>Abrir OS</Link>
            </Button>
            <LembrarCliente
              os={os.data}
              etapa={{
                ...etapa,
                inicio: etapa.inicio ? String(etapa.inicio) : null,
                fim: etapa.fim ? String(etapa.fim) : null,
                updated_at: String(etapa.updated_at),
              }}
            />
          </div>
          {etapa.status === 'concluida' ? (
            <p className="text-sm text-muted-foreground">Etapa concluída: não pode ser movida.</p>
          ) : (
            <EtapaForm key={String(etapa.updated_at)} etapa={etapa} onDone={onClose} />
          )}
        </div>
      )}
    </ModalDialog>
  );
}
