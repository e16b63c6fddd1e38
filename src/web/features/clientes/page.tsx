import { useQuery } from '@tanstack/react-query';
import { CadastroPage, CadastroTable } from '../../components/kit/cadastro-page';
import { badgeColumn, textColumn, titleColumn } from '../../components/kit/column-kinds';
import { columnsOf } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { CountLabel, ListCard } from '../../components/kit/resource-tabs';
import { useCadastro } from '../../components/kit/use-cadastro';
import { CardDescription } from '../../components/ui/card';
import { client } from '../../lib/client';
import type { Cliente } from '../../lib/resources';
import { contagemOptions } from './api';
import { ClienteForm } from './cliente-form';
import { LgpdActions } from './lgpd-actions';

const col = columnsOf<Cliente>();
const columns = [
  col.accessor('nome', titleColumn('Nome', { sortable: true })),
  col.accessor(
    'tipo',
    badgeColumn(
      'Tipo',
      { 'Pessoa Física': 'gray', 'Pessoa Jurídica': 'blue' },
      { 'Pessoa Física': 'PF', 'Pessoa Jurídica': 'PJ' },
      { nowrap: true },
    ),
  ),
  col.accessor('cpf_cnpj', textColumn('CPF/CNPJ', { nowrap: true, card: 'figure' })),
  col.accessor('telefone', textColumn('Telefone', { nowrap: true, card: 'figure' })),
  col.accessor('email', textColumn('E-mail')),
  col.accessor('cidade', {
    header: 'Cidade/UF',
    enableSorting: true,
    meta: { card: 'figure' },
    cell: ({ row: { original: c } }) => (c.cidade || c.uf ? [c.cidade, c.uf].filter(Boolean).join('/') : '—'),
  }),
];

export default function ClientesPage() {
  const c = useCadastro({
    recurso: 'clientes',
    endpoint: client.clientes,
    nome: 'cliente',
    plural: 'clientes',
  });
  const editId = c.t.editId;
  // The badge counts every client, whatever the search.
  const count = useQuery(contagemOptions());

  return (
    <CadastroPage
      title="Clientes"
      subtitle="Cadastro de clientes da marmoraria"
      c={c}
      listLabel={<CountLabel text="Lista de Clientes" total={count.data?.total} plural="clientes" />}
      form={(p) => (
        <>
          <ClienteForm {...p} />
          {editId && <LgpdActions clienteId={editId} onAnonimizado={c.t.backToList} />}
        </>
      )}
      formDescription={editId ? 'Alterando os dados do cliente.' : 'Preencha os dados do novo cliente.'}
    >
      <ListCard
        header={
          <>
            <CardDescription>Busque por nome, e-mail ou CPF/CNPJ.</CardDescription>
            <ListSearch
              list={c.list}
              lista="clientes"
              label="Buscar clientes"
              placeholder="Buscar por nome, e-mail ou CPF/CNPJ..."
              className="flex w-full gap-2 sm:w-auto"
            />
          </>
        }
      >
        <CadastroTable c={c} columns={columns} label="Clientes" nome="cliente" plural="clientes" />
      </ListCard>
    </CadastroPage>
  );
}
