import { columnsOf, orNone } from '../../components/kit/data-table';
import { Badge } from '../../components/ui/badge';
import { formatPercent } from '../../lib/format';
import type { Comissionado } from '../../lib/resources';

const col = columnsOf<Comissionado>();

const nome = col.accessor('nome', {
  header: 'Nome',
  enableSorting: true,
  meta: { card: 'title', className: 'min-w-36 font-medium' },
});
const telefone = col.accessor('telefone', {
  header: 'Telefone',
  meta: { nowrap: true, card: 'figure' },
  cell: (c) => orNone(c.getValue()),
});
const email = col.accessor('email', { header: 'Email', cell: (c) => orNone(c.getValue()) });
const comissao = col.accessor('percentual_comissao', {
  header: 'Comissão (%)',
  enableSorting: true,
  meta: { numeric: true, card: 'figure' },
  cell: (c) => formatPercent(c.getValue()),
});
const status = col.accessor('status', {
  header: 'Status',
  enableSorting: true,
  meta: { card: 'status' },
  cell: (c) => <Badge variant={c.getValue() === 'ativo' ? 'green' : 'gray'}>{c.getValue()}</Badge>,
});

/** Sellers: nome, tipo, telefone, email, comissão, status (nome, comissão and status sort on the server). */
export const vendedorColumns = [
  nome,
  col.accessor('tipo', { header: 'Tipo', meta: { nowrap: true, card: 'subtitle' } }),
  telefone,
  email,
  comissao,
  status,
];

/** Architects: as sellers, with Cidade/UF instead of the tipo. */
export const arquitetoColumns = [
  nome,
  telefone,
  email,
  col.display({
    id: 'cidade_uf',
    header: 'Cidade/UF',
    meta: { nowrap: true, card: 'subtitle' },
    cell: ({ row: { original: a } }) => orNone([a.cidade, a.uf].filter(Boolean).join('/')),
  }),
  comissao,
  status,
];
