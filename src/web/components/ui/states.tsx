import { Loader2 } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/utils';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn('size-5 animate-spin', className)} />;
}

/** A loading line with the spec's text ("Carregando clientes..."). */
export function Loading({ text = 'Carregando...', className }: { text?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-2 py-10 text-muted-foreground', className)}
    >
      <Spinner />
      <span>{text}</span>
    </div>
  );
}

export function Empty({
  text,
  children,
  className,
}: {
  text: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 py-10 text-center text-muted-foreground',
        className,
      )}
    >
      <p>{text}</p>
      {children}
    </div>
  );
}

/**
 * What a dialog shows until its query answers: the failure as an alert (`error`), or the loading line
 * (`loading`) while there is no data yet. Null once the data is there.
 */
export function QueryStatus({
  query,
  error,
  loading,
}: {
  query: { isError: boolean; data?: unknown };
  error: string;
  loading: string;
}) {
  if (query.isError)
    return (
      <p role="alert" className="text-sm">
        {error}
      </p>
    );
  if (query.data === undefined) return <Loading text={loading} />;
  return null;
}

/**
 * A query's list of items once it has some (`children(items)`), its loading line until then, or its
 * empty text when there are none.
 */
export function ItemsOf<T>({
  query,
  loading,
  empty,
  children,
}: {
  query: { isPending: boolean; data?: { items: T[] } };
  loading: string;
  empty: string;
  children: (items: T[]) => React.ReactNode;
}) {
  if (query.isPending) return <Loading text={loading} />;
  if (!query.data?.items.length) return <Empty text={empty} />;
  return children(query.data.items);
}
