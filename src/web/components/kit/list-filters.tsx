import type * as React from 'react';
import { Input, Labelled, NativeSelect } from '../ui/input';

/** The part of a list (useResourceList) a filter reads and sets: its value in the URL. */
interface Filtered<F extends Record<string, string>> {
  filters: F;
  setFilter: (name: keyof F & string, value: string) => void;
}

/**
 * A list's filter as a select bound to `list.filters[name]`: `todos` is the empty first option (no
 * filter), the options are the children. With an `id` its label stands above it; without, the label
 * is its accessible name only (a filter beside the search box).
 */
export function FilterSelect<F extends Record<string, string>>({
  list,
  name,
  id,
  label,
  todos,
  className,
  value = list.filters[name],
  children,
}: {
  list: Filtered<F>;
  name: keyof F & string;
  id?: string;
  label: string;
  todos?: string;
  className?: string;
  /** What the select shows when the screen reads the filter itself (a default for a bad value). */
  value?: string | number;
  children: React.ReactNode;
}) {
  const select = (
    <NativeSelect
      id={id}
      aria-label={id ? undefined : label}
      className={className}
      value={value}
      onChange={(e) => list.setFilter(name, e.target.value)}
    >
      {todos !== undefined && <option value="">{todos}</option>}
      {children}
    </NativeSelect>
  );
  return id ? (
    <Labelled id={id} label={label}>
      {select}
    </Labelled>
  ) : (
    select
  );
}

/** A list's date filter (a "from" or "until" of a period), labelled, bound to `list.filters[name]`. */
export function FilterDate<F extends Record<string, string>>({
  list,
  name,
  id,
  label,
}: {
  list: Filtered<F>;
  name: keyof F & string;
  id: string;
  label: string;
}) {
  return (
    <Labelled id={id} label={label}>
      <Input
        id={id}
        type="date"
        value={list.filters[name]}
        onChange={(e) => list.setFilter(name, e.target.value)}
      />
    </Labelled>
  );
}
