import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfWeek } from 'date-fns';
import { addDaysIso, parseIsoDate, todayIso } from './datas';
import { ETAPA_OS_LABEL, type EtapaOs, type StatusEtapa } from './producao-etapas';

/** Midnight of a calendar day in the business time zone, as an instant. */
export function inicioDoDia(iso: string, tz: string): Date {
  const { ano, mes, dia } = parseIsoDate(iso);
  return new Date(new TZDate(ano, mes - 1, dia, tz).getTime());
}

/**
 * One end of a period written as a business day (`YYYY-MM-DD`: the whole day, so the end is the next
 * day's midnight) or as an instant (ISO 8601 with offset, taken as is).
 */
export function bordaDoPeriodo(valor: string, tz: string, borda: 'inicio' | 'fim'): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(valor)) return new Date(valor);
  return inicioDoDia(borda === 'inicio' ? valor : addDaysIso(valor, 1), tz);
}

/** The business week (Monday to the next Monday) holding `now`. */
export function semanaAtual(tz: string, now: Date = new Date()): { de: Date; ate: Date } {
  const local = new TZDate(now, tz);
  const segunda = startOfWeek(local, { weekStartsOn: 1 });
  return { de: new Date(segunda.getTime()), ate: new Date(addDays(segunda, 7).getTime()) };
}

export interface EtapaOrdem {
  etapa: EtapaOs;
  ordem: number;
  status: StatusEtapa;
}

/**
 * Why this stage may not start (or be completed) yet, or null: every earlier stage of the OS must be
 * completed, and the cut never begins before the measurement on site is completed (a wrong measure is
 * the costliest mistake of the trade). `etapas` are the OS's stages (those the shop uses).
 */
export function motivoBloqueio(etapas: EtapaOrdem[], alvo: EtapaOs): string | null {
  const atual = etapas.find((e) => e.etapa === alvo);
  if (!atual) return 'Etapa não encontrada nesta OS.';
  const medicao = etapas.find((e) => e.etapa === 'medicao');
  if (alvo === 'corte' && medicao && medicao.status !== 'concluida') {
    return 'O corte só pode começar depois que a medição for concluída.';
  }
  const aberta = etapas
    .filter((e) => e.ordem < atual.ordem && e.status !== 'concluida')
    .sort((a, b) => a.ordem - b.ordem)[0];
  if (aberta) {
    return `A etapa ${ETAPA_OS_LABEL[alvo]} só pode começar depois que a etapa ${ETAPA_OS_LABEL[aberta.etapa]} for concluída.`;
  }
  return null;
}

/** The day before a scheduled medição or instalação is when the client is reminded. */
export function lembrarCliente(
  e: { etapa: string; status: string; inicio: Date | string | null },
  tz: string,
  now: Date = new Date(),
): boolean {
  if (!e.inicio || (e.etapa !== 'medicao' && e.etapa !== 'instalacao')) return false;
  if (e.status === 'concluida' || e.status === 'em_andamento') return false;
  const amanha = format(addDays(new TZDate(now, tz), 1), 'yyyy-MM-dd');
  return todayIso(tz, new Date(e.inicio)) === amanha;
}

const hora = (d: Date, tz: string) => format(new TZDate(d, tz), 'HH:mm');

/** The pt-BR reminder sent by WhatsApp: the visit's date, time window and address. */
export function mensagemLembrete(
  e: {
    etapa: string;
    inicio: Date | string;
    fim: Date | string;
    cliente_nome: string;
    endereco: string | null;
    cidade: string | null;
    uf: string | null;
  },
  tz: string,
  empresa = 'a marmoraria',
): string {
  const inicio = new Date(e.inicio);
  const fim = new Date(e.fim);
  const visita = e.etapa === 'medicao' ? 'a medição' : 'a instalação';
  const dia = format(new TZDate(inicio, tz), 'dd/MM/yyyy');
  const local = enderecoCompleto(e);
  const primeiroNome = e.cliente_nome.trim().split(/\s+/)[0] ?? '';
  return (
    `Olá, ${primeiroNome}! Lembrete de ${empresa}: ${visita} está agendada para amanhã, ${dia}, ` +
    `entre ${hora(inicio, tz)} e ${hora(fim, tz)}` +
    (local ? `, no endereço ${local}.` : '.') +
    ' Por favor, confirme se alguém estará no local. Obrigado!'
  );
}

export function enderecoCompleto(e: {
  endereco: string | null;
  cidade: string | null;
  uf: string | null;
}): string {
  const cidade = [e.cidade, e.uf].filter(Boolean).join('/');
  return [e.endereco, cidade].filter(Boolean).join(' - ');
}

/** A Brazilian phone as wa.me wants it (country code 55 added to 10/11-digit numbers), or null. */
export function telefoneWhatsApp(telefone: string | null | undefined): string | null {
  const d = (telefone ?? '').replace(/\D/g, '');
  if (d.length === 10 || d.length === 11) return `55${d}`;
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) return d;
  return null;
}

export function linkWhatsApp(telefone: string | null | undefined, texto: string): string | null {
  const n = telefoneWhatsApp(telefone);
  return n ? `https://wa.me/${n}?text=${encodeURIComponent(texto)}` : null;
}

/** A maps link the phone opens in its own maps app. */
export function linkMapa(e: {
  endereco: string | null;
  cidade: string | null;
  uf: string | null;
}): string | null {
  const q = enderecoCompleto(e);
  return q ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}` : null;
}
