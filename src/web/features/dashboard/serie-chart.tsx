import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '../../../schemas/dashboard';
import { formatMoney } from '../../lib/format';

const MES_CURTO = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Revenue (sold), received and expenses over the last 12 months (loaded on demand: recharts is a large chunk). */
export default function SerieChart({ serie }: { serie: Dashboard['serie_12_meses'] }) {
  const data = serie.map((m) => {
    const [ano, mes] = m.mes.split('-');
    return {
      mes: `${MES_CURTO[Number(mes) - 1]}/${ano!.slice(2)}`,
      Faturamento: m.faturamento,
      Despesas: m.despesas,
      Recebido: m.recebido,
    };
  });
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="mes" tickLine={false} fontSize={12} interval="preserveStartEnd" />
        <YAxis tickFormatter={(v: number) => compact.format(v)} width={64} fontSize={12} />
        <Tooltip formatter={(v) => formatMoney(Number(v))} />
        <Legend />
        <Bar dataKey="Faturamento" fill="#16a34a" radius={[4, 4, 0, 0]} />
        <Bar dataKey="Recebido" fill="#2563eb" radius={[4, 4, 0, 0]} />
        <Bar dataKey="Despesas" fill="#dc2626" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
