import type * as React from 'react';
import { cn } from '../../lib/utils';
import { SearchInput } from '../ui/search-input';
import { ExportButton } from './export-button';

/**
 * A list's search box (its text in the URL, the search on the server), the screen's own filters
 * (`children`) and "Exportar" of the list as filtered now (`lista`: the list's API path below /api;
 * left out, no export).
 */
export function ListSearch({
  list,
  lista,
  label,
  placeholder,
  className,
  children,
}: {
  list: { q: string; setQ: (q: string) => void; params: Record<string, string | number> };
  lista?: string;
  label: string;
  placeholder: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn('flex gap-2', className)}>
      <SearchInput value={list.q} onChange={list.setQ} label={label} placeholder={placeholder} />
      {children}
      {lista && <ExportButton lista={lista} params={list.params} />}
    </div>
  );
}
