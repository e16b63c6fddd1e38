// Checked by `npm run typecheck`, never run: each `@ts-expect-error` fails the type check if the typed
// client stops refusing a query the route does not take. Hono types a route's input from its last
// handler and from the contract's zod query, so a route built without them silently takes any query.
import type { Client } from './harness';

export function typedQueryProbes(c: Client) {
  return [
    // A crud resource's list and export name exactly its filters (crudRoutes' `filterQuery`).
    c.api.funcionarios.$get({ query: { status: 'ativo', q: 'José' } }),
    // @ts-expect-error not a filter of funcionarios
    c.api.funcionarios.$get({ query: { zzz: '1' } }),
    // @ts-expect-error not a filter of funcionarios
    c.api.funcionarios.exportar.$get({ query: { formato: 'csv', zzz: '1' } }),
    // @ts-expect-error clientes has no status filter
    c.api.clientes.exportar.$get({ query: { formato: 'csv', status: 'ativo' } }),
    // A route that answers from its own `(c) => exportHandler(c, …)`.
    // @ts-expect-error not a filter of vendas
    c.api.vendas.exportar.$get({ query: { formato: 'csv', zzz: '1' } }),
  ];
}
