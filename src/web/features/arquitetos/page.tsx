import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Arquiteto } from '../../../schemas/arquitetos';
import type { Page } from '../../../schemas/common';
import { FreshRecord } from '../../components/fresh-record';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { api, qs, toastError, toastSuccess } from '../../lib/api';
import { formatPercent } from '../../lib/format';
import { ComissaoReport } from '../vendedores/comissao-report';
import { ComissionadoForm, type ComissionadoTexts } from '../vendedores/comissionado-form';

const LIMIT = 20;

const TEXTS: ComissionadoTexts = {
  recurso: 'arquitetos',
  criado: 'Arquiteto salvo com sucesso!',
  criadoDescricao: 'O arquiteto foi adicionado ao sistema.',
  atualizado: 'Arquiteto atualizado com sucesso!',
  erroSalvar: 'Erro ao salvar arquiteto',
  botaoCriar: 'Cadastrar Arquiteto',
};

export default function ArquitetosPage() {
  const qc = useQueryClient();
  const [tab, setTab] = useState('lista');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editando, setEditando] = useState<Arquiteto | null>(null);
  const [excluir, setExcluir] = useState<Arquiteto | null>(null);

  const list = useQuery({
    queryKey: ['arquitetos', { q, page }],
    queryFn: ({ signal }) => api.get<Page<Arquiteto>>(`/arquitetos${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError(
        'Erro ao carregar arquitetos',
        list.error,
        'Não foi possível carregar a lista de arquitetos.',
      );
  }, [list.error]);

  const remove = useMutation({
    mutationFn: (a: Arquiteto) => api.delete(`/arquitetos/${a.id}`),
    onSuccess: (_, a) => {
      toastSuccess('Arquiteto removido com sucesso!');
      setExcluir(null);
      if (editando?.id === a.id) setEditando(null);
      void qc.invalidateQueries({ queryKey: ['arquitetos'] });
    },
    onError: (err) => {
      setExcluir(null);
      console.error('Erro ao remover arquiteto', err);
      toastError('Erro ao remover arquiteto', err);
    },
  });

  const backToList = () => {
    setEditando(null);
    setTab('lista');
  };

  const rows = list.data?.items ?? [];
  return (
    <>
      <PageHeader title="Arquitetos" subtitle="Arquitetos parceiros e comissões RT" />
      <Tabs
        value={tab}
        onValueChange={(v) => {
          // Leaving the form abandons an edit; coming back to it starts a new architect.
          if (v !== 'form') setEditando(null);
          setTab(v);
        }}
      >
        <TabsList>
          <TabsTrigger value="lista">Lista</TabsTrigger>
          <TabsTrigger value="form">{editando ? 'Editar Arquiteto' : 'Novo Arquiteto'}</TabsTrigger>
          <TabsTrigger value="relatorio">Relatório Comissão RT</TabsTrigger>
        </TabsList>

        <TabsContent value="lista">
          <Card>
            <CardHeader>
              <CardTitle>Arquitetos Cadastrados</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SearchInput
                value={q}
                onChange={(v) => {
                  setQ(v);
                  setPage(1);
                }}
                placeholder="Buscar por nome, e-mail, telefone, CPF ou cidade..."
                label="Buscar arquitetos"
              />
              {list.isPending ? (
                <Loading text="Carregando arquitetos..." />
              ) : rows.length === 0 ? (
                <Empty text={q ? 'Nenhum arquiteto encontrado.' : 'Nenhum arquiteto cadastrado.'} />
              ) : (
                <>
                  <Table aria-label="Arquitetos">
                    <THead>
                      <TR>
                        <TH>Nome</TH>
                        <TH>Telefone</TH>
                        <TH>Email</TH>
                        <TH>Cidade/UF</TH>
                        <TH className="text-right">Comissão (%)</TH>
                        <TH>Status</TH>
                        <TH className="text-right">Ações</TH>
                      </TR>
                    </THead>
                    <TBody>
                      {rows.map((a) => (
                        <TR key={a.id}>
                          <TD className="font-medium">{a.nome}</TD>
                          <TD className="whitespace-nowrap">{a.telefone || '-'}</TD>
                          <TD>{a.email || '-'}</TD>
                          <TD className="whitespace-nowrap">
                            {[a.cidade, a.uf].filter(Boolean).join('/') || '-'}
                          </TD>
                          <TD className="text-right">{formatPercent(a.percentual_comissao)}</TD>
                          <TD>
                            <Badge variant={a.status === 'ativo' ? 'green' : 'gray'}>{a.status}</Badge>
                          </TD>
                          <TD>
                            <div className="flex justify-end gap-1">
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Editar ${a.nome}`}
                                onClick={() => {
                                  setEditando(a);
                                  setTab('form');
                                }}
                              >
                                <Pencil />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Excluir ${a.nome}`}
                                onClick={() => setExcluir(a)}
                              >
                                <Trash2 className="text-destructive" />
                              </Button>
                            </div>
                          </TD>
                        </TR>
                      ))}
                    </TBody>
                  </Table>
                  <Pagination page={page} limit={LIMIT} total={list.data?.total ?? 0} onPage={setPage} />
                </>
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="form">
          <Card>
            <CardHeader>
              <CardTitle>{editando ? 'Editar Arquiteto' : 'Novo Arquiteto'}</CardTitle>
            </CardHeader>
            <CardContent>
              <FreshRecord<Arquiteto>
                path={editando ? `/arquitetos/${editando.id}` : null}
                loadingText="Carregando arquiteto..."
              >
                {(a) => (
                  <ComissionadoForm
                    key={a?.id ?? 'novo'}
                    item={a}
                    texts={TEXTS}
                    onDone={backToList}
                    onCancel={backToList}
                  />
                )}
              </FreshRecord>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="relatorio">
          <ComissaoReport kind="arquiteto" />
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(open) => !open && setExcluir(null)}
        title="Confirmar exclusão"
        description={`Tem certeza que deseja excluir o arquiteto ${excluir?.nome ?? ''}? Esta ação não pode ser desfeita.`}
        busy={remove.isPending}
        onConfirm={() => excluir && remove.mutateAsync(excluir)}
      />
    </>
  );
}
