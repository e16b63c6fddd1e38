import { Bar } from 'recharts';
import type { Dashboard } from '../../../schemas/dashboard';
import { MoneyBarChart } from '../../components/ui/money-bar-chart';

const MES_CURTO = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

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
    <MoneyBarChart data={data} height={280} xInterval="preserveStartEnd">
      <Bar dataKey="Faturamento" fill="#16a34a" radius={[4, 4, 0, 0]} />
      <Bar dataKey="Recebido" fill="#2563eb" radius={[4, 4, 0, 0]} />
      <Bar dataKey="Despesas" fill="#dc2626" radius={[4, 4, 0, 0]} />
    </MoneyBarChart>
  );
}
