import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { producaoKeys } from './api';
import { etapaLabel } from './shared';

type Aviso = { funcionario_nome: string; os_numero: number; etapa: string; inicio: string; fim: string };

/** Double bookings are allowed but said out loud. */
function avisarConflitos(avisos: Aviso[]) {
  if (!avisos.length) return;
  const texto = avisos
    .map(
      (a) =>
        `${a.funcionario_nome} já está em ${etapaLabel(a.etapa)} da OS #${a.os_numero} (${formatDateTime(a.inicio)} – ${formatDateTime(a.fim)})`,
    )
    .join('; ');
  toastError('Atenção: funcionário com dois agendamentos no mesmo horário', new Error(texto));
}

/** A stage's schedule, team and notes, with the version the screen read. */
export interface AtualizarEtapa {
  osId: string;
  etapaId: string;
  updated_at: string;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  funcionario_ids?: string[];
  notas?: string;
}

/**
 * Schedules a stage (the agenda's drag and drop, the OS screen's and the agenda dialog's form): one
 * PATCH, the double bookings said out loud, and every Produção view refreshed whether it was saved or
 * refused (a refused drag goes back to where the server has it). Callers add their own toasts.
 */
export function useAtualizarEtapa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ osId, etapaId, ...body }: AtualizarEtapa) =>
      json(
        client['ordens-servico'][':id'].etapas[':etapaId'].$patch({
          param: { id: osId, etapaId },
          json: body,
        }),
      ),
    onSuccess: (r) => avisarConflitos(r.avisos),
    onSettled: () => qc.invalidateQueries({ queryKey: producaoKeys.all }),
  });
}
