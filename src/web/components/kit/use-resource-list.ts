import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../../../schemas/common';
import { toastError } from '../../lib/api';
import {
  type AnswerOf,
  type Call,
  json,
  type ListEndpoint,
  type ListRow,
  withSignal,
} from '../../lib/client';
import { nextSearch, type Patch, searchRendered } from '../../lib/url-patch';
import { recursoKeys } from './api';

/** Query-string values of a list: every one is a string, '' meaning "not set". */
export type Filters = Record<string, string>;

export interface ResourceListOptions<E extends ListEndpoint, F extends Filters> {
  /** The query key's first part (`clientes` → key `['clientes', …]`, refreshed by its live events). */
  recurso: string;
  /** The list's endpoint on the typed client (`client.clientes`): the rows' type is its answer's. */
  endpoint: E;
  /** Rows per page (default 20). */
  limit?: number;
  /** Extra filters and their defaults, kept in the URL beside q/page/sort (`{ status: '' }`). */
  filters?: F;
  /** The API's default order; not written to the URL. */
  defaultSort?: string;
  /** Prefix of this list's URL parameters, for screens with more than one list (`cat` → `cat_q`). */
  prefix?: string;
  /** Toast title and empty-state text when the list fails to load (the spec's wording). */
  loadError: { title: string; text: string };
  /** Second part of the query key (default 'lista'), for lists of one resource with other shapes. */
  keyPart?: string;
  enabled?: boolean;
}

export interface ResourceList<T, F extends Filters = Filters, P extends Page<T> = Page<T>> {
  q: string;
  page: number;
  sort: string | undefined;
  limit: number;
  filters: F;
  setQ: (q: string) => void;
  setPage: (page: number) => void;
  setSort: (sort: string | undefined) => void;
  setFilter: (name: keyof F & string, value: string) => void;
  /** What the API is asked (q, page, limit, sort and the filters set), also what an export sends. */
  params: Record<string, string | number>;
  query: UseQueryResult<P>;
  /** The list request's query key (for an optimistic update of the rows on screen). */
  queryKey: readonly unknown[];
  loadError: { title: string; text: string };
  /** True when a search or filter narrows the list (the empty text then says "nada encontrado"). */
  filtered: boolean;
}

/** A list endpoint's answer: a page of its rows (and whatever else the route adds, like a summary). */
export type ListAnswer<E> = AnswerOf<E> & Page<ListRow<E>>;

/**
 * URL-held state: read a few parameters, write several at once. An empty or default value is
 * removed, so a plain list has a plain URL. Each change is a history entry (back undoes it).
 */
export function useUrlState() {
  const [sp, setSp] = useSearchParams();
  // react-router's setter changes with every navigation; a stable patch keeps the search box's
  // debounce from restarting each time another parameter changes.
  const setRef = useRef(setSp);
  setRef.current = setSp;
  const current = useRef(sp.toString());
  current.current = sp.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location settles what was pending
  useEffect(() => searchRendered(), [sp]);
  const patch = useCallback((changes: Patch, opts: { replace?: boolean; flushSync?: boolean } = {}) => {
    const next = nextSearch(current.current, changes);
    if (next === null) return;
    setRef.current(new URLSearchParams(next), {
      replace: opts.replace,
      preventScrollReset: true,
      flushSync: opts.flushSync,
    });
  }, []);
  return [sp, patch] as const;
}

/** The active tab of a screen, in `?tab=` (the first tab is left out of the URL). */
export function useUrlTab<T extends string>(defaultTab: T, param = 'tab') {
  const [sp, patch] = useUrlState();
  const tab = (sp.get(param) || defaultTab) as T;
  // Drawn at once, not as a transition: until the chosen tab shows, the old one is still on screen and
  // takes what is typed (on a busy phone, a field of the form being left). A navigation the unsaved
  // warning blocks changes nothing either way.
  const setTab = useCallback(
    (next: T, extra: Patch = {}) =>
      patch({ [param]: next === defaultTab ? null : next, ...extra }, { flushSync: true }),
    [patch, param, defaultTab],
  );
  return [tab, setTab] as const;
}

/**
 * One list screen's state and data: search, page, sort and filters live in the query string (so a
 * reload, back/forward or a pasted link show the same list), the request is keyed
 * `[recurso, 'lista', params]` (the live events of app/live-updates.tsx refresh it), the previous
 * page stays on screen while the next loads, a failure toasts once, and a page emptied by a delete
 * falls back to the last page that has rows.
 */
export function useResourceList<E extends ListEndpoint, F extends Filters = Record<never, string>>(
  o: ResourceListOptions<E, F>,
): ResourceList<ListRow<E>, F, ListAnswer<E>> {
  const [sp, patch] = useUrlState();
  const pre = o.prefix ? `${o.prefix}_` : '';
  const limit = o.limit ?? 20;
  const q = sp.get(`${pre}q`) ?? '';
  const page = Math.max(1, Number.parseInt(sp.get(`${pre}page`) ?? '1', 10) || 1);
  const sort = sp.get(`${pre}sort`) || undefined;
  // The defaults are constants of the screen; a ref keeps an inline object from changing identities.
  const defaults = useRef(o.filters ?? ({} as F)).current;
  const filterKey = Object.keys(defaults)
    .map((k) => `${k}=${sp.get(`${pre}${k}`) ?? ''}`)
    .join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the filters' identity
  const filters = useMemo(() => {
    const out: Filters = {};
    for (const [k, d] of Object.entries(defaults)) out[k] = sp.get(`${pre}${k}`) ?? d;
    return out as F;
  }, [filterKey]);

  const params = useMemo(() => {
    const out: Record<string, string | number> = { page, limit };
    if (q) out.q = q;
    if (sort) out.sort = sort;
    for (const [k, v] of Object.entries(filters)) if (v) out[k] = v;
    return out;
  }, [q, page, limit, sort, filters]);

  const get = o.endpoint.$get as Call;
  const queryKey = recursoKeys.lista(o.recurso, o.keyPart ?? 'lista', params);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => json(get({ query: params }, withSignal(signal))) as Promise<ListAnswer<E>>,
    placeholderData: keepPreviousData,
    enabled: o.enabled,
  });

  const { title, text } = o.loadError;
  useEffect(() => {
    if (query.error) toastError(title, query.error, text);
  }, [query.error, title, text]);

  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * limit >= total)
      patch({ [`${pre}page`]: total > limit ? Math.ceil(total / limit) : null }, { replace: true });
  }, [total, page, limit, patch, pre]);

  const setQ = useCallback(
    (v: string) => patch({ [`${pre}q`]: v.trim() ? v : null, [`${pre}page`]: null }),
    [patch, pre],
  );
  const setPage = useCallback((n: number) => patch({ [`${pre}page`]: n > 1 ? n : null }), [patch, pre]);
  const defaultSort = o.defaultSort;
  const setSort = useCallback(
    (s: string | undefined) => patch({ [`${pre}sort`]: s === defaultSort ? null : s, [`${pre}page`]: null }),
    [patch, pre, defaultSort],
  );
  const setFilter = useCallback(
    (name: keyof F & string, value: string) =>
      patch({ [`${pre}${name}`]: value === defaults[name] ? null : value, [`${pre}page`]: null }),
    [patch, pre, defaults],
  );

  const filtered = !!q || Object.entries(filters).some(([k, v]) => v !== (defaults[k] ?? ''));
  return {
    q,
    page,
    sort,
    limit,
    filters,
    setQ,
    setPage,
    setSort,
    setFilter,
    params,
    query,
    queryKey,
    loadError: o.loadError,
    filtered,
  };
}

/** One query-string parameter (e.g. the id of the record a form edits: `?tab=novo&id=…`). */
export function useUrlParam(name: string): string | null {
  const [sp] = useSearchParams();
  return sp.get(name) || null;
}

/**
 * The "Lista" / "Novo" tabs of a resource screen, in the URL: `?tab=novo` for a new record,
 * `?tab=novo&id=…` for an edit (the form reads the record by its id), nothing for the list; other
 * tabs of the screen (`?tab=calculo`) the same way.
 */
export function useListFormTabs() {
  const [tab, setTab] = useUrlTab<string>('lista');
  const id = useUrlParam('id');
  const editId = tab === 'novo' ? id : null;
  return {
    tab,
    editId,
    /** Radix Tabs' onValueChange: choosing a tab starts a new record / shows the list. */
    onTab: (v: string) => setTab(v, { id: null }),
    openNew: () => setTab('novo', { id: null }),
    edit: (recordId: string) => setTab('novo', { id: recordId }),
    backToList: () => setTab('lista', { id: null }),
  };
}

/** The spec's words when a register's list cannot be read ("Erro ao carregar clientes" …). */
export function listaError(plural: string) {
  return { title: `Erro ao carregar ${plural}`, text: `Não foi possível carregar a lista de ${plural}.` };
}
