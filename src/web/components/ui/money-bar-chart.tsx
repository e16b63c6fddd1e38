import type * as React from 'react';
import { BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../lib/format';

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A bar chart of amounts in R$ by month (`mes` is each row's label): the grid, the axes in compact
 * figures, the tooltip in R$ and the legend; the bars are the children. Import it only from a lazily
 * loaded module: recharts is a large chunk.
 */
export function MoneyBarChart({
  data,
  height,
  xInterval,
  children,
}: {
  data: { mes: string }[];
  height: number;
  xInterval?: 'preserveStartEnd';
  children: React.ReactNode;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="mes" tickLine={false} fontSize={12} interval={xInterval} />
        <YAxis tickFormatter={(v: number) => compact.format(v)} width={64} fontSize={12} />
        <Tooltip formatter={(v) => formatMoney(Number(v))} />
        <Legend />
        {children}
      </BarChart>
    </ResponsiveContainer>
  );
}
