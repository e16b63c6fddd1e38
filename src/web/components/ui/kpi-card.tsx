import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/utils';
import { Card } from './card';

/** The colours a figure takes: money in (green), money out or overdue (red), pending (amber). */
const TONE = { positivo: 'text-green-700', negativo: 'text-red-600', pendente: 'text-amber-700' } as const;
export type Tone = keyof typeof TONE;

export function KpiCard({
  title,
  value,
  icon: Icon,
  hint,
  tone,
  valueClassName,
  testId,
}: {
  title: string;
  value: React.ReactNode;
  icon?: LucideIcon;
  hint?: React.ReactNode;
  tone?: Tone;
  valueClassName?: string;
  testId?: string;
}) {
  return (
    // A container: the figure's size follows the card's width, not the window's (four cards beside a
    // menu at 1366 px are narrower than two on a tablet).
    <Card className="@container p-4" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        {Icon && <Icon aria-hidden className="size-4 text-muted-foreground" />}
      </div>
      {/* nowrap: "R$" never wraps alone above its digits (issue 26 §3) */}
      <p
        className={cn(
          'mt-2 whitespace-nowrap text-xl font-bold @min-[15rem]:text-2xl',
          tone && TONE[tone],
          valueClassName,
        )}
      >
        {value}
      </p>
      {hint && <div className="mt-1 text-xs text-muted-foreground">{hint}</div>}
    </Card>
  );
}

export type Kpi = React.ComponentProps<typeof KpiCard>;

/** A screen's row of KPI cards, one per entry (two columns from `sm`, four from `lg` unless told). */
export function KpiGrid({
  kpis,
  className = 'mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
}: {
  kpis: Kpi[];
  className?: string;
}) {
  return (
    <div className={className}>
      {kpis.map((k) => (
        <KpiCard key={k.title} {...k} />
      ))}
    </div>
  );
}
