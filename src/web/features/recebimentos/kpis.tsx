import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock, HandCoins, Wallet } from 'lucide-react';
import { KpiGrid } from '../../components/ui/kpi-card';
import { formatMoney } from '../../lib/format';
import { kpisOptions } from './api';

/** The four figures over the instalments: this month's due and received, overdue, all still open. */
export function RecebimentosKpis() {
  const kpis = useQuery(kpisOptions());
  const k = kpis.data;
  return (
    <KpiGrid
      kpis={[
        {
          title: 'A receber no mês',
          value: k ? formatMoney(k.a_receber_mes) : '—',
          icon: CalendarClock,
          testId: 'kpi-a-receber',
        },
        {
          title: 'Recebido no mês',
          value: k ? formatMoney(k.recebido_mes) : '—',
          icon: HandCoins,
          tone: 'positivo',
          testId: 'kpi-recebido',
        },
        {
          title: 'Em atraso',
          value: k ? formatMoney(k.em_atraso) : '—',
          icon: AlertTriangle,
          tone: k && k.em_atraso > 0 ? 'negativo' : undefined,
          hint: k ? `${k.em_atraso_parcelas.toLocaleString('pt-BR')} parcela(s)` : undefined,
          testId: 'kpi-em-atraso',
        },
        {
          title: 'Total em aberto',
          value: k ? formatMoney(k.total_aberto) : '—',
          icon: Wallet,
          testId: 'kpi-total-aberto',
        },
      ]}
    />
  );
}
