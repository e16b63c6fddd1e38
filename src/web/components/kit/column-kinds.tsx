import type * as React from 'react';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { Badge, type BadgeVariant } from '../ui/badge';
import { type ColumnMeta, NONE, orNone } from './data-table';

// The kinds of column every list has, each rendered one way on every screen:
// `col.accessor('valor', moneyColumn('Valor', { card: 'figure' }))`.

/** A column's options beyond its kind: sorting (only where the API sorts) and its meta. */
export type ColumnKind = ColumnMeta & { sortable?: boolean };

/** What a cell renderer reads of TanStack's cell context. */
interface Cell<V> {
  getValue: () => V;
}

function base(header: string, kind: ColumnMeta, { sortable, ...meta }: ColumnKind) {
  return { header, ...(sortable ? { enableSorting: true } : {}), meta: { ...kind, ...meta } };
}

/** The record's name: the card's title, in medium weight. */
export const titleColumn = (header: string, o: ColumnKind = {}) =>
  base(header, { card: 'title', className: 'min-w-40 font-medium' }, o);

/** Plain text that may be missing ("—"). */
export const textColumn = (header: string, o: ColumnKind = {}) => ({
  ...base(header, {}, o),
  cell: (c: Cell<string | number | null | undefined>) => orNone(c.getValue()),
});

/** R$, right-aligned. */
export const moneyColumn = (header: string, o: ColumnKind = {}) => ({
  ...base(header, { numeric: true }, o),
  cell: (c: Cell<number | string | null | undefined>) => formatMoney(c.getValue()),
});

/** A percentage, right-aligned. */
export const percentColumn = (header: string, o: ColumnKind = {}) => ({
  ...base(header, { numeric: true }, o),
  cell: (c: Cell<number | string | null | undefined>) => formatPercent(c.getValue()),
});

/** dd/mm/aaaa on one line; "—" when there is none. */
export const dateColumn = (header: string, o: ColumnKind = {}) => ({
  ...base(header, { nowrap: true }, o),
  cell: (c: Cell<string | null | undefined>) => formatDate(c.getValue()) || NONE,
});

/** A value's colour or label: a map of the fixed list, or a function of the value. */
type Per<V extends string, R> = Readonly<Record<V, R>> | ((v: V) => R);
const read = <V extends string, R>(per: Per<V, R>, v: V) => (typeof per === 'function' ? per(v) : per[v]);

/** A fixed list's value as a badge: its colour and (optionally) its label per value. */
export function badgeColumn<V extends string>(
  header: string,
  variant: Per<V, BadgeVariant>,
  label: Per<V, React.ReactNode> = (v) => v,
  o: ColumnKind = {},
) {
  return {
    ...base(header, { card: 'status' }, o),
    cell: (c: Cell<V>) => <Badge variant={read(variant, c.getValue())}>{read(label, c.getValue())}</Badge>,
  };
}

/** "Ativo"/"Inativo" of a record that can be switched off (its list column and its form's select). */
export const ativoLabel = (v: string) => (v === 'ativo' ? 'Ativo' : 'Inativo');
export const ativoColumn = (o: ColumnKind = {}) =>
  badgeColumn<string>('Status', (v) => (v === 'ativo' ? 'green' : 'gray'), ativoLabel, o);
