import { qs } from '../../lib/api';

/**
 * The export URL of a list: every row matching its current filters (search, sort, filters; not the
 * page), as CSV or Excel — `GET /api/<lista>/exportar?formato=csv|xlsx&…`.
 */
export function exportUrl(lista: string, formato: 'csv' | 'xlsx', params: Record<string, string | number>) {
  const { page: _page, limit: _limit, ...filters } = params;
  return `/api/${lista}/exportar${qs({ formato, ...filters })}`;
}
