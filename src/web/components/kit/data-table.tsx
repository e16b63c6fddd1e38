import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type * as React from 'react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Pagination } from '../ui/pagination';
import { Empty, Loading } from '../ui/states';
import type { ResourceList } from './use-resource-list';

/** The part of a list a table reads (any useResourceList result fits, whatever its filters). */
export type ListView<T> = Pick<
  ResourceList<T>,
  'query' | 'page' | 'limit' | 'sort' | 'setSort' | 'setPage' | 'loadError' | 'filtered'
>;

/** What a column says about itself beyond TanStack's definition. */
export interface ColumnMeta {
  /** Classes of its header and cells (width, alignment). */
  className?: string;
  /** Numbers and money: right-aligned, tabular, never wrapped ("R$ 10.821,88" on one line). */
  numeric?: boolean;
  /** Short values (dates, documents, badges) kept on one line. */
  nowrap?: boolean;
  /**
   * Its place on a phone card: the title (one column), the status (top right), a labelled figure
   * (the two or three that matter), or left out. Columns without it are left out of the card.
   */
  card?: 'title' | 'status' | 'figure' | 'subtitle';
}

const features = tableFeatures({ rowSortingFeature, columnMeta: {} as ColumnMeta });
type Features = typeof features;
// biome-ignore lint/suspicious/noExplicitAny: a row's columns hold values of different types (TanStack's own Array<ColumnDef<…, any>>)
export type Column<T extends RowData> = ColumnDef<Features, T, any>;

/** The column helper of the kit: `const col = columnsOf<Cliente>(); col.accessor('nome', {...})`. */
export const columnsOf = <T extends RowData>() => createColumnHelper<Features, T>();

/** The one placeholder of a missing value. */
export const NONE = '—';
export const orNone = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? NONE : v;

const PHONE = '(max-width: 639px)';
function subscribePhone(cb: () => void) {
  const m = window.matchMedia(PHONE);
  m.addEventListener('change', cb);
  return () => m.removeEventListener('change', cb);
}
/** True below Tailwind's `sm` (640 px): lists become stacks of cards. */
export function useIsPhone() {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

const toSorting = (sort: string | undefined): SortingState =>
  sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [];

export interface DataTableProps<T extends RowData> extends ListStateTexts {
  /** The list this table shows (from useResourceList): rows, page, sort, loading and error. */
  list: ListView<T>;
  columns: Column<T>[];
  /** Accessible name of the table / the card list ("Clientes"). */
  label: string;
  /** Default: the row's `id`. */
  getRowId?: (row: T) => string;
  /** Accessible name of a row's card (usually its title: the client's name). */
  /** Default: the row's `nome`. */
  rowLabel?: (row: T) => string;
  /** Row actions (RowActions or a few icon buttons): the last column, the foot of a card. */
  actions?: (row: T) => React.ReactNode;
  /** Classes of a row (e.g. the one being edited). */
  rowClassName?: (row: T) => string | false | undefined;
  /** Extra classes of the table (e.g. a min-width when a screen has many columns). */
  className?: string;
}

/** The texts of a list's states (the spec's, per screen). */
export interface ListStateTexts {
  loadingText: string;
  /** Text when there are no rows at all, and when a search or filter found none. */
  emptyText: string;
  emptyFilteredText: string;
  /** Shown under the empty text when nothing is filtered (e.g. "Cadastrar o primeiro cliente"). */
  emptyAction?: React.ReactNode;
}

/**
 * The spec's texts of a register's list ("Carregando arquitetos...", "Nenhum arquiteto cadastrado.",
 * "Nenhum arquiteto encontrado."); `feminina` for "Nenhuma categoria cadastrada."; `busca` where the
 * spec says "Nenhum cliente encontrado para esta busca.".
 */
export function listTexts(
  nome: string,
  plural: string,
  o: { feminina?: boolean; busca?: boolean } = {},
): ListStateTexts {
  const [nenhum, a] = o.feminina ? ['Nenhuma', 'a'] : ['Nenhum', 'o'];
  return {
    loadingText: `Carregando ${plural}...`,
    emptyText: `${nenhum} ${nome} cadastrad${a}.`,
    emptyFilteredText: `${nenhum} ${nome} encontrad${a}${o.busca ? ' para esta busca' : ''}.`,
  };
}

/**
 * What a list shows instead of its rows: loading, the load error with "Tentar novamente", or empty
 * (its own text when a search or filter found nothing). Null when there are rows to show.
 */
export function listState<T>(list: ListView<T>, p: ListStateTexts): React.ReactNode {
  if (list.query.isPending) return <Loading text={p.loadingText} />;
  if (list.query.isError && !list.query.data)
    return (
      <Empty text={list.loadError.text}>
        <Button variant="outline" onClick={() => list.query.refetch()}>
          Tentar novamente
        </Button>
      </Empty>
    );
  if (!list.query.data?.items.length)
    return (
      <Empty text={list.filtered ? p.emptyFilteredText : p.emptyText}>
        {!list.filtered && p.emptyAction}
      </Empty>
    );
  return null;
}

/**
 * The list of a resource screen, on TanStack Table: column definitions per resource, sorting by the
 * API (`sort=`, only columns with `enableSorting: true`), row actions, loading/empty/error states, and a stack
 * of cards on a phone instead of a sideways-scrolling table. Up/Down arrows move between rows.
 */
/** A row's own field by name (the defaults of `getRowId` and `rowLabel`). */
const field = (row: unknown, name: string) => (row as Record<string, unknown>)[name];

export function DataTable<T extends RowData>(p: DataTableProps<T>) {
  const list = p.list;
  const phone = useIsPhone();
  const data = list.query.data;
  const table = useTable({
    features,
    columns: p.columns,
    data: data?.items ?? [],
    getRowId: (r) => (p.getRowId ? p.getRowId(r) : String(field(r, 'id'))),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting: toSorting(list.sort) },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(toSorting(list.sort)) : updater;
      const s = next[0];
      list.setSort(s ? `${s.desc ? '-' : ''}${s.id}` : undefined);
    },
  });

  const state = listState(list, p);
  if (state || !data) return state;

  const rows = table.getRowModel().rows;
  const cellClass = (m: ColumnMeta | undefined) =>
    cn(
      m?.numeric && 'whitespace-nowrap text-right tabular-nums',
      m?.nowrap && 'whitespace-nowrap',
      // anywhere lets a very long word (a name without spaces) break so the table fits; the minimum
      // width keeps the layout from squeezing a column to a letter per line ("Sob ra", "Ardó sia")
      !m?.numeric && !m?.nowrap && 'min-w-24 [overflow-wrap:anywhere]',
      m?.className,
    );

  const body = phone ? (
    <ul aria-label={p.label} aria-busy={list.query.isFetching} className="grid gap-3">
      {rows.map((row) => {
        const cells = row.getAllCells();
        const by = (role: ColumnMeta['card']) => cells.filter((c) => c.column.columnDef.meta?.card === role);
        return (
          <li key={row.id}>
            <article
              aria-label={p.rowLabel ? p.rowLabel(row.original) : String(field(row.original, 'nome'))}
              className="grid gap-2 rounded-lg border bg-card p-3 text-sm shadow-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 [overflow-wrap:anywhere]">
                  {by('title').map((c) => (
                    <h3 key={c.id} className="font-semibold">
                      <table.FlexRender cell={c} />
                    </h3>
                  ))}
                  {by('subtitle').map((c) => (
                    <p key={c.id} className="text-muted-foreground">
                      <table.FlexRender cell={c} />
                    </p>
                  ))}
                </div>
                {by('status').map((c) => (
                  <div key={c.id} className="shrink-0">
                    <table.FlexRender cell={c} />
                  </div>
                ))}
              </div>
              {by('figure').length > 0 && (
                // Two columns, except that a figure kept on one line (a CNPJ, money) wider than its half
                // takes the width it needs and the next one moves down: "…/0001-" and "81" never part.
                <dl className="flex flex-wrap gap-x-3 gap-y-1">
                  {by('figure').map((c) => {
                    const m = c.column.columnDef.meta;
                    const umaLinha = m?.nowrap || m?.numeric;
                    return (
                      <div
                        key={c.id}
                        className={cn(
                          'max-w-full shrink-0',
                          umaLinha ? 'min-w-[calc(50%-0.5rem)]' : 'min-w-0 basis-[calc(50%-0.5rem)]',
                        )}
                      >
                        <dt className="text-xs text-muted-foreground">
                          {typeof c.column.columnDef.header === 'string'
                            ? c.column.columnDef.header
                            : c.column.id}
                        </dt>
                        <dd
                          className={cn(
                            'font-medium tabular-nums',
                            umaLinha ? 'truncate' : '[overflow-wrap:anywhere]',
                          )}
                        >
                          <table.FlexRender cell={c} />
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              )}
              {p.actions && <div className="flex justify-end border-t pt-1">{p.actions(row.original)}</div>}
            </article>
          </li>
        );
      })}
    </ul>
  ) : (
    <div className="relative w-full overflow-x-auto rounded-md border bg-card">
      <table
        aria-label={p.label}
        aria-busy={list.query.isFetching}
        className={cn('w-full text-sm', p.className)}
      >
        <thead className="bg-muted/60 [&_tr]:border-b">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const m = h.column.columnDef.meta;
                const sorted = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={cn(
                      'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground',
                      m?.numeric && 'text-right',
                      m?.className,
                    )}
                  >
                    {h.column.columnDef.enableSorting === true && h.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={h.column.getToggleSortingHandler()}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <table.FlexRender header={h} />
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden className="size-3.5" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden className="size-3.5" />
                        ) : (
                          <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={h} />
                    )}
                  </th>
                );
              })}
              {p.actions && (
                // sticky: a table wider than its card scrolls, and the row's actions stay in view
                <th className="sticky right-0 h-10 w-px bg-muted px-3 text-right font-medium text-muted-foreground shadow-[-1px_0_0_var(--color-border)]">
                  Ações
                </th>
              )}
            </tr>
          ))}
        </thead>
        <tbody className="[&_tr:last-child]:border-0" onKeyDown={moveBetweenRows}>
          {rows.map((row) => (
            <tr
              key={row.id}
              className={cn('border-b transition-colors hover:bg-muted/40', p.rowClassName?.(row.original))}
            >
              {row.getAllCells().map((c) => (
                <td key={c.id} className={cn('px-3 py-2 align-middle', cellClass(c.column.columnDef.meta))}>
                  <table.FlexRender cell={c} />
                </td>
              ))}
              {p.actions && (
                <td className="sticky right-0 w-px whitespace-nowrap bg-card px-1 py-1 align-middle shadow-[-1px_0_0_var(--color-border)]">
                  {p.actions(row.original)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <>
      {body}
      {/* the page of the rows on screen (while the next loads, the previous one stays, with its range) */}
      <ListPagination list={list} />
    </>
  );
}

/** The list's pages (the page the server answered, else the one asked for). */
export function ListPagination<T>({ list }: { list: ListView<T> }) {
  const data = list.query.data;
  if (!data) return null;
  return (
    <Pagination page={data.page ?? list.page} limit={list.limit} total={data.total} onPage={list.setPage} />
  );
}

/** Up/Down from a focused control in a row moves to the same control of the next/previous row. */
function moveBetweenRows(e: React.KeyboardEvent<HTMLTableSectionElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const target = e.target as HTMLElement;
  const row = target.closest('tr');
  if (!row || target.tagName === 'SELECT' || target.tagName === 'INPUT') return;
  const focusables = Array.from(row.querySelectorAll<HTMLElement>('button, a[href]'));
  const i = focusables.indexOf(target);
  const other = (
    e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling
  ) as HTMLElement | null;
  const dest = other?.querySelectorAll<HTMLElement>('button, a[href]')[Math.max(0, i)];
  if (dest) {
    e.preventDefault();
    dest.focus();
  }
}
