import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Cliente } from '../../../schemas/clientes';
import type { Page } from '../../../schemas/common';
import { FreshRecord } from '../../components/fresh-record';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { api, qs, toastError, toastSuccess } from '../../lib/api';
import { useAbaInicial } from '../../lib/use-aba-inicial';
import { ClienteForm } from './cliente-form';
import { LgpdActions } from './lgpd-actions';

const LIMIT = 20;
const LOAD_ERROR = 'Não foi possível carregar a lista de clientes.';

type Tab = 'lista' | 'novo';

export default function ClientesPage() {
  const [tab, setTab] = useState<Tab>(useAbaInicial<Tab>(['lista', 'novo'], 'lista'));
  const [editing, setEditing] = useState<Cliente | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Cliente | null>(null);
  const qc = useQueryClient();

  const list = useQuery({
    queryKey: ['clientes', 'lista', { q, page }],
    queryFn: ({ signal }) => api.get<Page<Cliente>>(`/clientes${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  // The badge counts every client, whatever the search.
  const count = useQuery({
    queryKey: ['clientes', 'contagem'],
    queryFn: ({ signal }) => api.get<Page<Cliente>>('/clientes?limit=1', signal),
  });

  useEffect(() => {
    if (list.error) toastError('Erro ao carregar clientes', list.error, LOAD_ERROR);
  }, [list.error]);

  // A page emptied by a delete (or by someone else) falls back to the last page that has rows.
  useEffect(() => {
    const total = list.data?.total;
    if (total !== undefined && page > 1 && (page - 1) * LIMIT >= total)
      setPage(Math.max(1, Math.ceil(total / LIMIT)));
  }, [list.data?.total, page]);

  const remove = useMutation({
    mutationFn: (c: Cliente) => api.delete(`/clientes/${c.id}`),
    onSuccess: (_, c) => {
      toastSuccess('Cliente removido com sucesso!');
      if (editing?.id === c.id) setEditing(null);
      setRemoving(null);
      void qc.invalidateQueries({ queryKey: ['clientes'] });
    },
    onError: (err) => {
      console.error('Erro ao remover cliente', err);
      setRemoving(null);
      toastError('Erro ao remover cliente', err);
    },
  });

  const openNew = () => {
    setEditing(null);
    setTab('novo');
  };
  const backToList = () => {
    setEditing(null);
    setTab('lista');
  };

  return (
    <div>
      <PageHeader title="Clientes" subtitle="Cadastro de clientes da marmoraria" />
      <Tabs
        value={tab}
        onValueChange={(v) => {
          // leaving the form abandons an edit: the form tab is "Novo …" again
          if (v !== 'novo') setEditing(null);
          setTab(v as Tab);
        }}
      >
        <TabsList>
          <TabsTrigger value="lista">
            Lista de Clientes
            {count.data && (
              <Badge variant="secondary" aria-label={`${count.data.total} clientes`}>
                {count.data.total.toLocaleString('pt-BR')}
              </Badge>
            )}
          </TabsTrigger>
          <TabsTrigger value="novo">{editing ? 'Editar Cliente' : 'Novo Cliente'}</TabsTrigger>
        </TabsList>

        <TabsContent value="lista">
          <Card>
            <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
              <CardDescription>Busque por nome, e-mail ou CPF/CNPJ.</CardDescription>
              <SearchInput
                value={q}
                onChange={(v) => {
                  setQ(v);
                  setPage(1);
                }}
                label="Buscar clientes"
                placeholder="Buscar por nome, e-mail ou CPF/CNPJ..."
              />
            </CardHeader>
            <CardContent>
              {list.isPending ? (
                <Loading text="Carregando clientes..." />
              ) : list.isError && !list.data ? (
                <Empty text={LOAD_ERROR}>
                  <Button variant="outline" onClick={() => list.refetch()}>
                    Tentar novamente
                  </Button>
                </Empty>
              ) : !list.data?.items.length ? (
                <Empty text={q ? 'Nenhum cliente encontrado para esta busca.' : 'Nenhum cliente cadastrado.'}>
                  {!q && <Button onClick={openNew}>Cadastrar o primeiro cliente</Button>}
                </Empty>
              ) : (
                <>
                  <Table aria-label="Clientes" aria-busy={list.isFetching}>
                    <THead>
                      <TR>
                        <TH>Nome</TH>
                        <TH>Tipo</TH>
                        <TH>CPF/CNPJ</TH>
                        <TH>Telefone</TH>
                        <TH>E-mail</TH>
                        <TH>Cidade/UF</TH>
                        <TH className="text-right">Ações</TH>
                      </TR>
                    </THead>
                    <TBody>
                      {list.data.items.map((c) => (
                        <TR key={c.id}>
                          <TD className="min-w-40 font-medium">{c.nome}</TD>
                          <TD className="whitespace-nowrap">
                            <Badge variant={c.tipo === 'Pessoa Jurídica' ? 'blue' : 'gray'}>
                              {c.tipo === 'Pessoa Jurídica' ? 'PJ' : 'PF'}
                            </Badge>
                          </TD>
                          <TD className="whitespace-nowrap">{c.cpf_cnpj ?? '—'}</TD>
                          <TD className="whitespace-nowrap">{c.telefone ?? '—'}</TD>
                          <TD>{c.email ?? '—'}</TD>
                          <TD className="whitespace-nowrap">
                            {c.cidade || c.uf ? [c.cidade, c.uf].filter(Boolean).join('/') : '—'}
                          </TD>
                          <TD>
                            <RowActions
                              editLabel={`Editar ${c.nome}`}
                              deleteLabel={`Excluir ${c.nome}`}
                              onEdit={() => {
                                setEditing(c);
                                setTab('novo');
                              }}
                              onDelete={() => setRemoving(c)}
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
              <CardTitle>{editing ? 'Editar Cliente' : 'Novo Cliente'}</CardTitle>
              <CardDescription>
                {editing ? `Alterando os dados de ${editing.nome}.` : 'Preencha os dados do novo cliente.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {/* the client as the server has it now, not the row the list cached */}
              <FreshRecord<Cliente>
                path={editing ? `/clientes/${editing.id}` : null}
                loadingText="Carregando cliente..."
              >
                {(c) => (
                  <ClienteForm key={c?.id ?? 'novo'} cliente={c} onDone={backToList} onCancel={backToList} />
                )}
              </FreshRecord>
              {editing && <LgpdActions cliente={editing} onAnonimizado={backToList} />}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title="Confirmar exclusão"
        description={`Tem certeza que deseja excluir o cliente ${removing?.nome ?? ''}? Esta ação não pode ser desfeita.`}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutateAsync(removing)}
      />
    </div>
  );
}
