import type * as React from 'react';
import { cn } from '../../lib/utils';

/** One labelled figure of a `<dl>` (a summary's "Total", "Recebido"…): its name over its value. */
export function Stat({
  label,
  className,
  labelClassName,
  big,
  testId,
  children,
}: {
  label: React.ReactNode;
  /** Classes of the value (weight, size, colour). */
  className?: string;
  labelClassName?: string;
  /** A report's headline figure: a small label over a large bold value. */
  big?: boolean;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className={cn('text-muted-foreground', big && 'text-sm', labelClassName)}>{label}</dt>
      <dd className={cn(big && 'text-2xl font-bold', className)} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
