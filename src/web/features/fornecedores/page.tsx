import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, MapPin, Phone, User } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Page } from '../../../schemas/common';
import type { Fornecedor } from '../../../schemas/fornecedores';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError, api, qs, toastError, toastSuccess } from '../../lib/api';
import { FornecedorForm } from './fornecedor-form';

const LIMIT = 12;
const LOAD_ERROR = 'Não foi possível carregar a lista de fornecedores.';
type Tab = 'lista' | 'novo';

function FornecedorCard({
  f,
  onEdit,
  onDelete,
}: {
  f: Fornecedor;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const lugar = [f.cidade, f.uf].filter(Boolean).join('/');
  return (
    <Card className="flex flex-col" aria-labelledby={`fornecedor-${f.id}`} role="article">
      <CardHeader className="flex-row items-start justify-between gap-2 pb-2 md:pb-3">
        <div className="min-w-0 flex-1">
          <CardTitle id={`fornecedor-${f.id}`} className="break-words text-base md:text-lg">
            {f.nome}
          </CardTitle>
          <CardDescription className="whitespace-nowrap">
            {f.cnpj ? `CNPJ ${f.cnpj}` : 'CNPJ não informado'}
          </CardDescription>
        </div>
        <RowActions
          editLabel={`Editar ${f.nome}`}
          deleteLabel={`Excluir ${f.nome}`}
          onEdit={onEdit}
          onDelete={onDelete}
          className="shrink-0"
        />
      </CardHeader>
      <CardContent className="grid gap-1.5 text-sm text-muted-foreground">
        {f.contato && (
          <p className="flex items-center gap-2">
            <User aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">Contato:</span>
            {f.contato}
          </p>
        )}
        <p className="flex items-center gap-2">
          <Phone aria-hidden className="size-4 shrink-0" />
          <span className="sr-only">Telefone:</span>
          {f.telefone ?? '—'}
        </p>
        {f.email && (
          <p className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">E-mail:</span>
            <span className="truncate">{f.email}</span>
          </p>
        )}
        {(f.endereco || lugar) && (
          <p className="flex items-start gap-2">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="sr-only">Endereço:</span>
            <span>{[f.endereco, lugar].filter(Boolean).join(' — ')}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export default function FornecedoresPage() {
  const [tab, setTab] = useState<Tab>('lista');
  const [editing, setEditing] = useState<Fornecedor | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Fornecedor | null>(null);
  const qc = useQueryClient();

  const list = useQuery({
    queryKey: ['fornecedores', 'lista', { q, page }],
    queryFn: ({ signal }) =>
      api.get<Page<Fornecedor>>(`/fornecedores${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (list.error) toastError('Erro ao carregar fornecedores', list.error, LOAD_ERROR);
  }, [list.error]);

  useEffect(() => {
    const total = list.data?.total;
    if (total !== undefined && page > 1 && (page - 1) * LIMIT >= total)
      setPage(Math.max(1, Math.ceil(total / LIMIT)));
  }, [list.data?.total, page]);

  const remove = useMutation({
    mutationFn: (f: Fornecedor) => api.delete(`/fornecedores/${f.id}`),
    onSuccess: (_, f) => {
      toastSuccess('Fornecedor removido com sucesso!');
      if (editing?.id === f.id) setEditing(null);
      setRemoving(null);
      void qc.invalidateQueries({ queryKey: ['fornecedores'] });
    },
    onError: (err) => {
      console.error('Erro ao remover fornecedor', err);
      setRemoving(null);
      // In use by products (doc 2 §8): the server's title and its explanation of what uses it.
      if (err instanceof ApiError && err.status === 409) toast.error(err.title, { description: err.detail });
      else toastError('Erro ao remover fornecedor', err);
    },
  });

  const backToList = () => {
    setEditing(null);
    setTab('lista');
  };

  return (
    <div>
      <PageHeader title="Fornecedores" subtitle="Fornecedores de chapas, materiais e serviços" />
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
            Lista de Fornecedores
            {list.data && !q && (
              <Badge variant="secondary" aria-label={`${list.data.total} fornecedores`}>
                {list.data.total.toLocaleString('pt-BR')}
              </Badge>
            )}
          </TabsTrigger>
          <TabsTrigger value="novo">{editing ? 'Editar Fornecedor' : 'Novo Fornecedor'}</TabsTrigger>
        </TabsList>

        <TabsContent value="lista" className="grid gap-4">
          <SearchInput
            value={q}
            onChange={(v) => {
              setQ(v);
              setPage(1);
            }}
            label="Buscar fornecedores"
            placeholder="Buscar por nome, contato, e-mail ou CNPJ..."
          />
          {list.isPending ? (
            <Loading text="Carregando fornecedores..." />
          ) : list.isError && !list.data ? (
            <Empty text={LOAD_ERROR}>
              <Button variant="outline" onClick={() => list.refetch()}>
                Tentar novamente
              </Button>
            </Empty>
          ) : !list.data?.items.length ? (
            <Empty
              text={q ? 'Nenhum fornecedor encontrado para esta busca.' : 'Nenhum fornecedor cadastrado.'}
            >
              {!q && <Button onClick={() => setTab('novo')}>Cadastrar o primeiro fornecedor</Button>}
            </Empty>
          ) : (
            <>
              <section
                aria-label="Fornecedores"
                aria-busy={list.isFetching}
                className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
              >
                {list.data.items.map((f) => (
                  <FornecedorCard
                    key={f.id}
                    f={f}
                    onEdit={() => {
                      setEditing(f);
                      setTab('novo');
                    }}
                    onDelete={() => setRemoving(f)}
                  />
                ))}
              </section>
              <Pagination page={page} limit={LIMIT} total={list.data.total} onPage={setPage} />
            </>
          )}
        </TabsContent>

        <TabsContent value="novo">
          <Card>
            <CardHeader>
              <CardTitle>{editing ? 'Editar Fornecedor' : 'Novo Fornecedor'}</CardTitle>
              <CardDescription>
                {editing ? `Alterando os dados de ${editing.nome}.` : 'Preencha os dados do novo fornecedor.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <FreshRecord<Fornecedor>
                path={editing ? `/fornecedores/${editing.id}` : null}
                loadingText="Carregando fornecedor..."
              >
                {(f) => (
                  <FornecedorForm
                    key={f?.id ?? 'novo'}
                    fornecedor={f}
                    onDone={backToList}
                    onCancel={backToList}
                  />
                )}
              </FreshRecord>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title="Confirmar exclusão"
        description={`Tem certeza que deseja excluir o fornecedor ${removing?.nome ?? ''}? Esta ação não pode ser desfeita.`}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutateAsync(removing)}
      />
    </div>
  );
}
