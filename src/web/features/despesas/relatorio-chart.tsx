import { Bar } from 'recharts';

import { MoneyBarChart } from '../../components/ui/money-bar-chart';
import type { DespesasRelatorio } from '../../lib/resources';
import { MESES } from './shared';

/** Paid and pending amounts by month, stacked (loaded on demand: recharts is a large chunk). */
export default function RelatorioChart({ porMes }: { porMes: DespesasRelatorio['por_mes'] }) {
  const data = porMes.map((m) => ({
    mes: MESES[m.mes - 1]!.slice(0, 3),
    Pagas: m.pago,
    Pendentes: m.pendente,
  }));
  return (
    <MoneyBarChart data={data} height={300}>
      <Bar dataKey="Pagas" stackId="a" fill="#16a34a" />
      <Bar dataKey="Pendentes" stackId="a" fill="#f59e0b" radius={[4, 4, 0, 0]} />
    </MoneyBarChart>
  );
}
