import { CalendarDays, Eye } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { badgeColumn, dateColumn, textColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable } from '../../components/kit/data-table';
import { Options, RecordOptions } from '../../components/kit/form-parts';
import { FilterDate, FilterSelect } from '../../components/kit/list-filters';
import { ListSearch } from '../../components/kit/list-search';
import { useResourceList } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { IconAction } from '../../components/ui/row-actions';
import { client, json } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { useEquipeOpcoes } from './api';
import { EtapasConfig } from './etapas-config';
import { ETAPAS_OS, etapaLabel, Progresso, STATUS_OS_BADGE, STATUS_OS_LABEL, statusOsLabel } from './shared';

/** The row as the API answers it. */
const listar = () => json(client['ordens-servico'].$get({ query: {} }));
type Row = Awaited<ReturnType<typeof listar>>['items'][number];

const col = columnsOf<Row>();
const columns = [
  col.accessor('numero', {
    header: 'OS',
    enableSorting: true,
    meta: { nowrap: true, card: 'title', className: 'font-medium' },
    cell: (c) => (
      <Link className="underline-offset-4 hover:underline" to={`/producao/os/${c.row.original.id}`}>
        #{c.getValue()}
      </Link>
    ),
  }),
  col.accessor('cliente_nome', textColumn('Cliente', { card: 'subtitle', className: 'min-w-32' })),
  col.accessor('etapa_atual', {
    header: 'Etapa atual',
    meta: { nowrap: true, card: 'figure' },
    cell: (c) => (c.row.original.status === 'concluida' ? 'Concluída' : etapaLabel(c.getValue())),
  }),
  col.accessor('etapa_atual_inicio', {
    header: 'Agendada para',
    meta: { nowrap: true, card: 'figure' },
    cell: (c) => (c.getValue() ? formatDateTime(c.getValue()!) : '—'),
  }),
  col.display({
    id: 'progresso',
    header: 'Progresso',
    meta: { card: 'figure' },
    cell: ({ row }) => (
      <Progresso feitas={row.original.etapas_concluidas} total={row.original.etapas_total} />
    ),
  }),
  col.accessor('created_at', dateColumn('Criada em', { sortable: true })),
  col.accessor('status', badgeColumn('Status', STATUS_OS_BADGE, statusOsLabel, { nowrap: true })),
];

export default function ProducaoPage() {
  const navigate = useNavigate();
  const list = useResourceList({
    recurso: 'producao',
    endpoint: client['ordens-servico'],
    defaultSort: '-created_at',
    filters: { etapa: '', status: '', funcionario_id: '', de: '', ate: '' },
    loadError: {
      title: 'Erro ao carregar ordens de serviço',
      text: 'Não foi possível carregar as ordens de serviço.',
    },
  });
  const equipe = useEquipeOpcoes();
  return (
    <>
      <PageHeader
        title="Produção"
        subtitle="Ordens de serviço das vendas: medição, corte, acabamento, instalação e entrega"
      />
      <Card className="mb-6">
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle>Ordens de serviço</CardTitle>
          <Button asChild variant="outline">
            <Link to="/agenda">
              <CalendarDays aria-hidden /> Agenda
            </Link>
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ListSearch
            list={list}
            lista="ordens-servico"
            label="Buscar ordens de serviço"
            placeholder="Buscar por cliente ou número..."
            className="flex-wrap"
          />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            <FilterSelect list={list} name="etapa" id="filtro-etapa" label="Etapa" todos="Todas">
              <Options values={ETAPAS_OS} label={etapaLabel} />
            </FilterSelect>
            <FilterSelect list={list} name="status" id="filtro-status" label="Status" todos="Todos">
              <Options values={Object.keys(STATUS_OS_LABEL)} label={statusOsLabel} />
            </FilterSelect>
            <FilterSelect
              list={list}
              name="funcionario_id"
              id="filtro-funcionario"
              label="Funcionário"
              todos="Todos"
            >
              <RecordOptions records={equipe.data} value={(p) => p.id} label={(p) => p.nome} />
            </FilterSelect>
            <FilterDate list={list} name="de" id="filtro-de" label="Agendada de" />
            <FilterDate list={list} name="ate" id="filtro-ate" label="até" />
          </div>
          <DataTable
            list={list}
            columns={columns}
            label="Ordens de serviço"
            getRowId={(r) => r.id}
            rowLabel={(r) => `OS #${r.numero}`}
            loadingText="Carregando ordens de serviço..."
            emptyText="Nenhuma ordem de serviço. Elas são criadas com cada venda."
            emptyFilteredText="Nenhuma ordem de serviço encontrada."
            actions={(r) => (
              <div className="flex justify-end">
                <IconAction
                  label={`Abrir OS #${r.numero}`}
                  icon={Eye}
                  onClick={() => navigate(`/producao/os/${r.id}`)}
                />
              </div>
            )}
          />
        </CardContent>
      </Card>
      <EtapasConfig />
    </>
  );
}
