import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Users, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Page } from '../../../schemas/common';
import type { Funcionario, FuncionariosResumo } from '../../../schemas/funcionarios';
import { FreshRecord } from '../../components/fresh-record';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NativeSelect } from '../../components/ui/input';
import { KpiCard } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError, api, qs, toastError, toastSuccess } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { CalculoCusto } from './calculo-custo';
import { FuncionarioForm } from './funcionario-form';

const LIMIT = 20;
const LOAD_ERROR = 'Não foi possível carregar a lista de funcionários.';
type Tab = 'lista' | 'novo' | 'calculo';
type StatusFiltro = '' | 'ativo' | 'inativo';

function StatusBadge({ status }: { status: Funcionario['status'] }) {
  return (
    <Badge variant={status === 'ativo' ? 'green' : 'gray'}>{status === 'ativo' ? 'Ativo' : 'Inativo'}</Badge>
  );
}

export default function FuncionariosPage() {
  const [tab, setTab] = useState<Tab>('lista');
  const [editing, setEditing] = useState<Funcionario | null>(null);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFiltro>('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Funcionario | null>(null);
  const qc = useQueryClient();

  const list = useQuery({
    queryKey: ['funcionarios', 'lista', { q, status, page }],
    queryFn: ({ signal }) =>
      api.get<Page<Funcionario>>(`/funcionarios${qs({ q, status, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  const resumo = useQuery({
    queryKey: ['funcionarios', 'resumo', 1],
    queryFn: ({ signal }) => api.get<FuncionariosResumo>('/funcionarios/resumo?limit=1', signal),
  });

  useEffect(() => {
    if (list.error) toastError('Erro ao carregar funcionários', list.error, LOAD_ERROR);
  }, [list.error]);

  useEffect(() => {
    const total = list.data?.total;
    if (total !== undefined && page > 1 && (page - 1) * LIMIT >= total)
      setPage(Math.max(1, Math.ceil(total / LIMIT)));
  }, [list.data?.total, page]);

  const remove = useMutation({
    mutationFn: (f: Funcionario) => api.delete(`/funcionarios/${f.id}`),
    onSuccess: (_, f) => {
      toastSuccess('Funcionário removido com sucesso!');
      if (editing?.id === f.id) setEditing(null);
      setRemoving(null);
      void qc.invalidateQueries({ queryKey: ['funcionarios'] });
    },
    onError: (err) => {
      console.error('Erro ao remover funcionário', err);
      setRemoving(null);
      if (err instanceof ApiError && err.status === 409) toast.error(err.title, { description: err.detail });
      else toastError('Erro ao remover funcionário', err);
    },
  });

  const backToList = () => {
    setEditing(null);
    setTab('lista');
  };
  const r = resumo.data;
  const kpi = (v: string) => (resumo.isPending ? '…' : resumo.isError ? '—' : v);

  return (
    <div>
      <PageHeader title="Funcionários" subtitle="Equipe, salários e custo por hora" />

      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <KpiCard
          title="Funcionários Ativos"
          icon={Users}
          value={kpi(String(r?.ativos ?? 0))}
          testId="kpi-ativos"
        />
        <KpiCard
          title="Folha Mensal"
          icon={Wallet}
          value={kpi(formatMoney(r?.folha_mensal))}
          hint="Soma dos salários dos ativos"
          testId="kpi-folha"
        />
        <KpiCard
          title="Custo Médio por Hora"
          icon={Clock}
          value={kpi(formatMoney(r?.custo_hora_medio))}
          hint="Salário ÷ horas mensais, média dos ativos"
          testId="kpi-custo-hora"
        />
      </div>

      <Tabs
        value={tab}
        onValueChange={(v) => {
          // leaving the form abandons an edit: the form tab is "Novo …" again
          if (v !== 'novo') setEditing(null);
          setTab(v as Tab);
        }}
      >
        <TabsList>
          <TabsTrigger value="lista">Lista</TabsTrigger>
          <TabsTrigger value="novo">{editing ? 'Editar Funcionário' : 'Novo Funcionário'}</TabsTrigger>
          <TabsTrigger value="calculo">Cálculo de Custo</TabsTrigger>
        </TabsList>

        <TabsContent value="lista">
          <Card>
            <CardHeader className="gap-3 lg:flex-row lg:items-center lg:justify-between">
              <CardDescription>Busque por nome, cargo, e-mail ou CPF.</CardDescription>
              <div className="flex flex-col gap-2 sm:flex-row">
                <SearchInput
                  value={q}
                  onChange={(v) => {
                    setQ(v);
                    setPage(1);
                  }}
                  label="Buscar funcionários"
                  placeholder="Buscar funcionários..."
                />
                <NativeSelect
                  aria-label="Filtrar por status"
                  className="sm:w-40"
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as StatusFiltro);
                    setPage(1);
                  }}
                >
                  <option value="">Todos</option>
                  <option value="ativo">Ativos</option>
                  <option value="inativo">Inativos</option>
                </NativeSelect>
              </div>
            </CardHeader>
            <CardContent>
              {list.isPending ? (
                <Loading text="Carregando funcionários..." />
              ) : list.isError && !list.data ? (
                <Empty text={LOAD_ERROR}>
                  <Button variant="outline" onClick={() => list.refetch()}>
                    Tentar novamente
                  </Button>
                </Empty>
              ) : !list.data?.items.length ? (
                <Empty
                  text={
                    q || status
                      ? 'Nenhum funcionário encontrado para esta busca.'
                      : 'Nenhum funcionário cadastrado.'
                  }
                >
                  {!q && !status && (
                    <Button onClick={() => setTab('novo')}>Cadastrar o primeiro funcionário</Button>
                  )}
                </Empty>
              ) : (
                <>
                  <Table aria-label="Funcionários" aria-busy={list.isFetching}>
                    <THead>
                      <TR>
                        <TH>Nome</TH>
                        <TH>Cargo</TH>
                        <TH>Telefone</TH>
                        <TH className="text-right">Salário</TH>
                        <TH className="text-right">Custo/Hora</TH>
                        <TH>Admissão</TH>
                        <TH>Status</TH>
                        <TH className="text-right">Ações</TH>
                      </TR>
                    </THead>
                    <TBody>
                      {list.data.items.map((f) => (
                        <TR key={f.id}>
                          <TD className="min-w-40 font-medium">{f.nome}</TD>
                          <TD className="whitespace-nowrap">{f.cargo}</TD>
                          <TD className="whitespace-nowrap">{f.telefone ?? '—'}</TD>
                          <TD className="whitespace-nowrap text-right">{formatMoney(f.salario)}</TD>
                          <TD className="whitespace-nowrap text-right">{formatMoney(f.custo_hora)}</TD>
                          <TD className="whitespace-nowrap">
                            {f.data_admissao ? formatDate(f.data_admissao) : '—'}
                          </TD>
                          <TD>
                            <StatusBadge status={f.status} />
                          </TD>
                          <TD>
                            <RowActions
                              editLabel={`Editar ${f.nome}`}
                              deleteLabel={`Excluir ${f.nome}`}
                              onEdit={() => {
                                setEditing(f);
                                setTab('novo');
                              }}
                              onDelete={() => setRemoving(f)}
                            />
                          </TD>
                        </TR>
                      ))}
                    </TBody>
                  </Table>
                  <Pagination page={page} limit={LIMIT} total={list.data.total} onPage={setPage} />
                </>
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="novo">
          <Card>
            <CardHeader>
              <CardTitle>{editing ? 'Editar Funcionário' : 'Novo Funcionário'}</CardTitle>
              <CardDescription>
                {editing
                  ? `Alterando os dados de ${editing.nome}.`
                  : 'Novos funcionários começam ativos; o status pode ser alterado na edição.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <FreshRecord<Funcionario>
                path={editing ? `/funcionarios/${editing.id}` : null}
                loadingText="Carregando funcionário..."
              >
                {(f) => (
                  <FuncionarioForm
                    key={f?.id ?? 'novo'}
                    funcionario={f}
                    onDone={backToList}
                    onCancel={backToList}
                  />
                )}
              </FreshRecord>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="calculo">
          <CalculoCusto />
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title="Confirmar exclusão"
        description={`Tem certeza que deseja excluir o funcionário ${removing?.nome ?? ''}? Esta ação não pode ser desfeita.`}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutateAsync(removing)}
      />
    </div>
  );
}
