import { useQuery } from '@tanstack/react-query';
import { format, parse } from 'date-fns';
import { useMemo, useRef, useState } from 'react';
import type { View } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { RecordOptions } from '../../components/kit/form-parts';
import { useUrlState } from '../../components/kit/use-resource-list';
import { Card, CardContent } from '../../components/ui/card';
import { Label, NativeSelect } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Loading } from '../../components/ui/states';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { AAgendarLista } from './a-agendar';
import {
  type Arrastado,
  cabecalhoDoMes,
  DnDCalendar,
  type Evento,
  equipeIds,
  FORMATOS,
  localizer,
  MENSAGENS,
  POR_DIA_MES,
  periodo,
  previa,
  SEM_EQUIPE,
} from './agenda-calendario';
import { agendaOptions, useEquipeOpcoes } from './api';
import { useAtualizarEtapa } from './atualizar-etapa';
import { EtapaDialog } from './etapa-dialog';
import { etapaLabel, statusEtapaLabel } from './shared';

export default function AgendaPage() {
  const atualizar = useAtualizarEtapa();
  const [sp, patch] = useUrlState();
  const view = (['month', 'week', 'day'].includes(sp.get('visao') ?? '') ? sp.get('visao') : 'week') as View;
  const dataParam = sp.get('data');
  const date = useMemo(
    () => (dataParam ? parse(dataParam, 'yyyy-MM-dd', new Date()) : new Date()),
    [dataParam],
  );
  const funcionarioId = sp.get('funcionario') ?? '';
  const { de, ate } = periodo(view, date);
  const query = {
    de: de.toISOString(),
    ate: ate.toISOString(),
    funcionario_id: funcionarioId || undefined,
    por_dia: view === 'month' ? POR_DIA_MES : undefined,
  };
  const agenda = useQuery(agendaOptions(query));
  const equipe = useEquipeOpcoes();
  const [aberto, setAberto] = useState<{ osId: string; etapaId: string } | null>(null);
  const arrastando = useRef<Arrastado | null>(null);

  const eventos: Evento[] = useMemo(
    () =>
      (agenda.data?.items ?? []).map((i) => {
        const equipe = equipeIds(i);
        return {
          id: i.id,
          title: `${etapaLabel(i.etapa)} · OS #${i.os_numero} · ${i.cliente_nome}`,
          start: new Date(i.inicio),
          end: new Date(i.fim),
          item: i,
          resourceId: equipe.length ? equipe : [SEM_EQUIPE],
        };
      }),
    [agenda.data],
  );
  // The month view: days with more stages than the answer carries link to their day view.
  const totaisDia = useMemo(
    () => new Map((agenda.data?.dias ?? []).map((d) => [d.dia, d.total])),
    [agenda.data],
  );
  const componentes = useMemo(() => cabecalhoDoMes(totaisDia), [totaisDia]);
  const recursos = useMemo(
    () => [
      ...(equipe.data ?? [])
        .filter((f) => !funcionarioId || f.id === funcionarioId)
        .map((f) => ({ id: f.id, title: f.nome })),
      { id: SEM_EQUIPE, title: 'Sem equipe' },
    ],
    [equipe.data, funcionarioId],
  );

  async function salvar(
    osId: string,
    etapaId: string,
    updated_at: string,
    start: Date,
    end: Date,
    funcionario_ids?: string[],
  ): Promise<void> {
    try {
      await atualizar.mutateAsync({
        osId,
        etapaId,
        inicio_previsto: start.toISOString(),
        fim_previsto: end.toISOString(),
        updated_at,
        funcionario_ids,
      });
      toastSuccess('Agenda atualizada');
    } catch (err) {
      toastError(
        err instanceof ApiError && err.status === 409
          ? 'Não foi possível mover a etapa'
          : 'Erro ao salvar a agenda',
        err,
      );
    }
  }

  function mover({ event, start, end, resourceId }: EventInteractionArgs<Evento>) {
    const atual = equipeIds(event.item);
    // Dropped on another employee's column (day view): the stage changes hands from the first to them.
    let time: string[] | undefined;
    if (view === 'day' && resourceId !== undefined && typeof resourceId === 'string') {
      if (resourceId === SEM_EQUIPE) time = [];
      else if (!atual.includes(resourceId)) time = [resourceId, ...atual.slice(1)];
    }
    void salvar(event.item.os_id, event.id, event.item.updated_at, new Date(start), new Date(end), time);
  }

  return (
    <>
      <PageHeader title="Agenda" subtitle="Medições, cortes, acabamentos, instalações e entregas agendados" />
      {/* min-w-0: the calendar and the list take the column's width instead of widening it past a
          phone's screen (a grid item is as wide as its content otherwise). */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[1fr_18rem] [&>*]:min-w-0">
        <Card>
          <CardContent className="grid grid-cols-1 gap-3 pt-4 md:pt-6">
            <div className="flex flex-wrap items-end gap-3">
              <div className="grid gap-1">
                <Label htmlFor="agenda-funcionario">Funcionário</Label>
                <NativeSelect
                  id="agenda-funcionario"
                  value={funcionarioId}
                  onChange={(e) => patch({ funcionario: e.target.value || null })}
                >
                  <option value="">Todos</option>
                  <RecordOptions records={equipe.data} value={(f) => f.id} label={(f) => f.nome} />
                </NativeSelect>
              </div>
              {agenda.isFetching && <span className="text-sm text-muted-foreground">Atualizando...</span>}
              {agenda.data?.truncado && (
                <span role="status" className="text-sm text-destructive">
                  Período com etapas demais: mostrando as primeiras. Escolha um funcionário ou a visão de
                  semana.
                </span>
              )}
            </div>
            {agenda.isPending ? (
              <Loading text="Carregando agenda..." />
            ) : (
              <div className="h-[720px] min-w-0" data-testid="agenda">
                <DnDCalendar
                  localizer={localizer}
                  culture="pt-BR"
                  messages={MENSAGENS}
                  formats={FORMATOS}
                  events={eventos}
                  view={view}
                  views={['month', 'week', 'day']}
                  date={date}
                  onView={(v) => patch({ visao: v === 'week' ? null : v })}
                  onNavigate={(d) => patch({ data: format(d, 'yyyy-MM-dd') })}
                  resources={view === 'day' ? recursos : undefined}
                  resourceIdAccessor={(r) => r.id}
                  resourceTitleAccessor={(r) => r.title}
                  step={30}
                  timeslots={2}
                  min={new Date(1970, 0, 1, 6, 0)}
                  max={new Date(1970, 0, 1, 21, 0)}
                  scrollToTime={new Date(1970, 0, 1, 7, 0)}
                  resizable
                  draggableAccessor={(e) => e.item.status !== 'concluida'}
                  resizableAccessor={(e) => e.item.status !== 'concluida'}
                  onEventDrop={mover}
                  onEventResize={mover}
                  onSelectEvent={(e) => setAberto({ osId: e.item.os_id, etapaId: e.id })}
                  dragFromOutsideItem={() =>
                    (arrastando.current ? previa(arrastando.current) : null) as Evento
                  }
                  // Without this the browser never fires the drop of an item dragged in from the list.
                  onDragOver={(e) => e.preventDefault()}
                  onDropFromOutside={({ start, end, resource }) => {
                    const a = arrastando.current;
                    arrastando.current = null;
                    if (!a) return;
                    const s = new Date(start);
                    // A drop on a day of the month view lands at 08:00 for two hours.
                    const inicio = s.getHours() === 0 && view === 'month' ? new Date(s.setHours(8)) : s;
                    const e0 = new Date(end);
                    const fim =
                      e0 > inicio && view !== 'month' ? e0 : new Date(inicio.getTime() + 2 * 3_600_000);
                    const time =
                      typeof resource === 'string' && resource !== SEM_EQUIPE ? [resource] : undefined;
                    void salvar(a.os_id, a.id, a.updated_at, inicio, fim, time);
                  }}
                  eventPropGetter={(e) => ({
                    className: `etapa-${e.item.etapa} status-${e.item.status}`,
                    style: e.item.status === 'concluida' ? { opacity: 0.6 } : undefined,
                  })}
                  tooltipAccessor={(e) => `${e.title} — ${statusEtapaLabel(e.item.status)}`}
                  components={componentes}
                />
              </div>
            )}
            <p className="text-sm text-muted-foreground">
              Arraste uma etapa para mudar a data ou a hora; puxe a borda para mudar a duração. Sem mouse:
              abra a etapa (Enter) e edite início, fim e equipe no formulário.
            </p>
          </CardContent>
        </Card>
        <AAgendarLista
          onArrastar={(i) => {
            arrastando.current = i;
          }}
          onAbrir={setAberto}
        />
      </div>
      {aberto && <EtapaDialog alvo={aberto} onClose={() => setAberto(null)} />}
    </>
  );
}
