import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './agenda.css';
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
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import * as dndModule from 'react-big-calendar/lib/addons/dragAndDrop';
import type { AAgendar, AgendaItem } from './api';
import { etapaLabel } from './shared';

// The agenda's calendar (react-big-calendar with drag and drop) as the shop reads it: pt-BR words and
// headers, the period each view asks the server for, and the shape of an event.

export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }),
  getDay,
  locales: { 'pt-BR': ptBR },
});

export const MENSAGENS = {
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
export const FORMATOS = { weekdayFormat: 'EEEEEE', dayFormat: 'EEEEEE dd' };

/** A month cell shows a handful of stages; the server sends at most this many per day, and each day's total. */
export const POR_DIA_MES = 4;

export const equipeIds = (i: AgendaItem): string[] =>
  'funcionarios' in i ? i.funcionarios.map((f) => f.id) : [];

export interface Evento {
  id: string;
  title: string;
  start: Date;
  end: Date;
  item: AgendaItem;
  resourceId: string[];
}

export const SEM_EQUIPE = 'sem-equipe';

/** A stage of the "A agendar" list being dragged in. */
export type Arrastado = AAgendar;

/** The calendar previews a dragged-in stage as an event of two hours (the length a drop gives it). */
export function previa(a: Arrastado): Evento {
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
export const DnDCalendar = withDragAndDrop<Evento, { id: string; title: string }>(Calendar);

export function periodo(view: View, date: Date): { de: Date; ate: Date } {
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

/**
 * The month view's day header: a day with more stages than the answer carries shows its total, a
 * button to that day's view (the cell lists only POR_DIA_MES of them).
 */
export function cabecalhoDoMes(totaisDia: Map<string, number>) {
  return {
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
  };
}
