import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatMoney } from '../../lib/format';
import type { DespesasRelatorio } from '../../lib/resources';
import { MESES } from './shared';

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Paid and pending amounts by month, stacked (loaded on demand: recharts is a large chunk). */
export default function RelatorioChart({ porMes }: { porMes: DespesasRelatorio['por_mes'] }) {
  const data = porMes.map((m) => ({
    mes: MESES[m.mes - 1]!.slice(0, 3),
    Pagas: m.pago,
    Pendentes: m.pendente,
  }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="mes" tickLine={false} fontSize={12} />
        <YAxis tickFormatter={(v: number) => compact.format(v)} width={64} fontSize={12} />
        <Tooltip formatter={(v) => formatMoney(Number(v))} />
        <Legend />
        <Bar dataKey="Pagas" stackId="a" fill="#16a34a" />
        <Bar dataKey="Pendentes" stackId="a" fill="#f59e0b" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
