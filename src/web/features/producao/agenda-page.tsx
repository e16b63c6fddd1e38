import { RecordOptions } from '../../components/kit/form-parts';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './agenda.css';
import { useQuery } from '@tanstack/react-query';
import {
  addDays,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { useMemo, useRef, useState } from 'react';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import * as dndModule from 'react-big-calendar/lib/addons/dragAndDrop';
import { Link } from 'react-router';
import { useUrlState } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { Card, CardContent, TitledCard } from '../../components/ui/card';
import { ModalDialog } from '../../components/ui/dialog';
import { Label, NativeSelect } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { Loading } from '../../components/ui/states';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { LembrarCliente } from './acoes';
import {
  type AAgendar,
  type AgendaItem,
  aAgendarOptions,
  agendaOptions,
  useEquipeOpcoes,
  useOs,
} from './api';
import { useAtualizarEtapa } from './atualizar-etapa';
import { EtapaForm } from './etapa-form';
import { etapaLabel, statusEtapaLabel } from './shared';

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }),
  getDay,
  locales: { 'pt-BR': ptBR },
});

const MENSAGENS = {
  date: 'Data',
  time: 'Hora',
  event: 'Etapa',
  allDay: 'Dia todo',
  week: 'Semana',
  work_week: 'Semana útil',
  day: 'Dia por funcionário',
  month: 'Mês',
  previous: 'Anterior',
  next: 'Próximo',
  yesterday: 'Ontem',
  tomorrow: 'Amanhã',
  today: 'Hoje',
  agenda: 'Lista',
  noEventsInRange: 'Nenhuma etapa agendada neste período.',
  showMore: (n: number) => `+${n} mais`,
};

/**
 * Headers short enough for their column: the month's weekdays "seg" (seven columns on a phone), the
 * week's days "seg 23" (the default "23 segunda-feira" was cut to "23 segund" at 1366 px; the month
 * is in the toolbar's title), and agenda.css lets them wrap in a column narrower still.
 */
const FORMATOS = { weekdayFormat: 'EEEEEE', dayFormat: 'EEEEEE dd' };

/** A month cell shows a handful of stages; the server sends at most this many per day, and each day's total. */
const POR_DIA_MES = 4;

const equipeIds = (i: AgendaItem): string[] => ('funcionarios' in i ? i.funcionarios.map((f) => f.id) : []);

interface Evento {
  id: string;
  title: string;
  start: Date;
  end: Date;
  item: AgendaItem;
  resourceId: string[];
}

const SEM_EQUIPE = 'sem-equipe';

/** A stage of the "A agendar" list being dragged in. */
type Arrastado = AAgendar;

/** The calendar previews a dragged-in stage as an event of two hours (the length a drop gives it). */
function previa(a: Arrastado): Evento {
  const start = new Date(0);
  const end = new Date(2 * 3_600_000);
  return {
    id: a.id,
    title: `${etapaLabel(a.etapa)} · OS #${a.os_numero} · ${a.cliente_nome}`,
    start,
    end,
    resourceId: [SEM_EQUIPE],
    item: {
      id: a.id,
      os_id: a.os_id,
      os_numero: a.os_numero,
      os_status: 'aberta',
      etapa: a.etapa,
      status: 'pendente',
      inicio: start.toISOString(),
      fim: end.toISOString(),
      notas: null,
      updated_at: a.updated_at,
      cliente_nome: a.cliente_nome,
      cliente_telefone: null,
      endereco: null,
      cidade: a.cidade,
      uf: null,
      funcionarios: [],
    },
  };
}
// The addon is CommonJS: depending on the bundler's interop its default export arrives as the function
// or as an object holding it.
type WithDnD = typeof dndModule.default;
const interop = (m: WithDnD | { default: WithDnD }): WithDnD => (typeof m === 'function' ? m : m.default);
const withDragAndDrop = interop(dndModule.default);
const DnDCalendar = withDragAndDrop<Evento, { id: string; title: string }>(Calendar);

function periodo(view: View, date: Date): { de: Date; ate: Date } {
  if (view === 'month') {
    // The month grid shows the edges of the neighbouring weeks too.
    return {
      de: startOfWeek(startOfMonth(date), { weekStartsOn: 1 }),
      ate: addDays(endOfWeek(endOfMonth(date), { weekStartsOn: 1 }), 1),
    };
  }
  if (view === 'day') return { de: startOfDay(date), ate: addDays(startOfDay(date), 1) };
  const de = startOfWeek(date, { weekStartsOn: 1 });
  return { de, ate: addDays(de, 7) };
}

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
  const [buscaAAgendar, setBuscaAAgendar] = useState('');
  const semAgenda = useQuery(aAgendarOptions(buscaAAgendar));
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
  const componentes = useMemo(
    () => ({
      month: {
        dateHeader: ({
          date: dia,
          label,
          onDrillDown,
        }: {
          date: Date;
          label: string;
          onDrillDown: () => void;
        }) => {
          const total = totaisDia.get(format(dia, 'yyyy-MM-dd')) ?? 0;
          return (
            <span className="flex items-center justify-between gap-1">
              {total > POR_DIA_MES ? (
                <button
                  type="button"
                  className="rounded-full bg-primary/10 px-1.5 text-xs font-medium text-primary underline-offset-2 hover:underline"
                  onClick={onDrillDown}
                  aria-label={`${total} etapas em ${format(dia, 'dd/MM')}: ver o dia`}
                >
                  {total}
                  {/* A phone's month cell is ~50 px wide: the count alone, as a badge. */}
                  <span className="hidden sm:inline"> etapas</span>
                </button>
              ) : (
                <span />
              )}
              <button type="button" className="rbc-button-link" onClick={onDrillDown}>
                {label}
              </button>
            </span>
          );
        },
      },
    }),
    [totaisDia],
  );
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
        <TitledCard title="A agendar" contentClassName="grid gap-3">
          <SearchInput
            value={buscaAAgendar}
            onChange={setBuscaAAgendar}
            placeholder="Cliente ou nº da OS..."
            label="Buscar etapas a agendar"
          />
          {semAgenda.isPending ? (
            <Loading text="Carregando..." />
          ) : !semAgenda.data?.items.length ? (
            <p className="text-sm text-muted-foreground">Nenhuma etapa esperando agendamento.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Etapas a agendar">
              {semAgenda.data.items.map((i) => (
                <li
                  key={i.id}
                  draggable
                  onDragStart={(e) => {
                    // Firefox starts a drag only with data set.
                    e.dataTransfer.setData('text/plain', i.id);
                    e.dataTransfer.effectAllowed = 'move';
                    arrastando.current = i;
                  }}
                  className="cursor-grab rounded-md border bg-card p-2 text-sm [overflow-wrap:anywhere]"
                  data-testid={`a-agendar-${i.os_numero}`}
                >
                  <div className="font-medium">
                    {etapaLabel(i.etapa)} · OS #{i.os_numero}
                  </div>
                  <div className="text-muted-foreground">{i.cliente_nome}</div>
                  <Button
                    size="sm"
                    variant="link"
                    className="h-auto px-0"
                    onClick={() => setAberto({ osId: i.os_id, etapaId: i.id })}
                  >
                    Agendar pelo formulário
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </TitledCard>
      </div>
      {aberto && <EtapaDialog alvo={aberto} onClose={() => setAberto(null)} />}
    </>
  );
}

/** One stage read fresh, with its form (the keyboard alternative to dragging). */
function EtapaDialog({ alvo, onClose }: { alvo: { osId: string; etapaId: string }; onClose: () => void }) {
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
