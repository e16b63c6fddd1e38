import { badgeColumn, percentColumn, textColumn, titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, orNone } from '../../components/kit/data-table';
import type { Comissionado } from '../../lib/resources';

const col = columnsOf<Comissionado>();

const nome = col.accessor('nome', titleColumn('Nome', { sortable: true, className: 'min-w-36 font-medium' }));
const telefone = col.accessor('telefone', textColumn('Telefone', { nowrap: true, card: 'figure' }));
const email = col.accessor('email', textColumn('E-mail'));
const comissao = col.accessor(
  'percentual_comissao',
  percentColumn('Comissão (%)', { sortable: true, card: 'figure' }),
);
const status = col.accessor(
  'status',
  badgeColumn('Status', { ativo: 'green', inativo: 'gray' }, undefined, { sortable: true }),
);

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
