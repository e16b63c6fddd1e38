import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Page } from '../../../schemas/common';
import type { Vendedor } from '../../../schemas/vendedores';
import { FreshRecord } from '../../components/fresh-record';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { api, qs, toastError, toastSuccess } from '../../lib/api';
import { formatPercent } from '../../lib/format';
import { ComissaoReport } from './comissao-report';
import { ComissionadoForm, type ComissionadoTexts } from './comissionado-form';

const LIMIT = 20;

const TEXTS: ComissionadoTexts = {
  recurso: 'vendedores',
  criado: 'Vendedor criado com sucesso!',
  atualizado: 'Vendedor atualizado com sucesso!',
  erroSalvar: 'Erro ao salvar vendedor',
  botaoCriar: 'Cadastrar Vendedor',
};

export default function VendedoresPage() {
  const qc = useQueryClient();
  const [tab, setTab] = useState('lista');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ open: boolean; vendedor: Vendedor | null }>({
    open: false,
    vendedor: null,
  });
  const [excluir, setExcluir] = useState<Vendedor | null>(null);

  const list = useQuery({
    queryKey: ['vendedores', { q, page }],
    queryFn: ({ signal }) => api.get<Page<Vendedor>>(`/vendedores${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError(
        'Erro ao carregar vendedores',
        list.error,
        'Não foi possível carregar a lista de vendedores.',
      );
  }, [list.error]);

  const remove = useMutation({
    mutationFn: (v: Vendedor) => api.delete(`/vendedores/${v.id}`),
    onSuccess: () => {
      toastSuccess('Vendedor removido com sucesso!');
      setExcluir(null);
      void qc.invalidateQueries({ queryKey: ['vendedores'] });
    },
    onError: (err) => {
      setExcluir(null);
      console.error('Erro ao remover vendedor', err);
      toastError('Erro ao remover vendedor', err);
    },
  });

  const rows = list.data?.items ?? [];
  return (
    <>
      <PageHeader title="Vendedores" subtitle="Cadastro de vendedores e comissões" />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="lista">Vendedores Cadastrados</TabsTrigger>
          <TabsTrigger value="novo">Novo Vendedor</TabsTrigger>
          <TabsTrigger value="relatorio">Relatório de Comissão</TabsTrigger>
        </TabsList>

        <TabsContent value="lista">
          <Card>
            <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
              <CardTitle>Vendedores Cadastrados</CardTitle>
              <Button onClick={() => setDialog({ open: true, vendedor: null })}>
                <Plus />
                Novo Vendedor
              </Button>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SearchInput
                value={q}
                onChange={(v) => {
                  setQ(v);
                  setPage(1);
                }}
                placeholder="Buscar por nome, e-mail, telefone ou CPF/CNPJ..."
                label="Buscar vendedores"
              />
              {list.isPending ? (
                <Loading text="Carregando vendedores..." />
              ) : rows.length === 0 ? (
                <Empty text={q ? 'Nenhum vendedor encontrado.' : 'Nenhum vendedor cadastrado.'} />
              ) : (
                <>
                  <Table aria-label="Vendedores">
                    <THead>
                      <TR>
                        <TH>Nome</TH>
                        <TH>Tipo</TH>
                        <TH>Telefone</TH>
                        <TH>Email</TH>
                        <TH className="text-right">Comissão (%)</TH>
                        <TH>Status</TH>
                        <TH className="text-right">Ações</TH>
                      </TR>
                    </THead>
                    <TBody>
                      {rows.map((v) => (
                        <TR key={v.id}>
                          <TD className="font-medium">{v.nome}</TD>
                          <TD className="whitespace-nowrap">{v.tipo}</TD>
                          <TD className="whitespace-nowrap">{v.telefone || '-'}</TD>
                          <TD>{v.email || '-'}</TD>
                          <TD className="text-right">{formatPercent(v.percentual_comissao)}</TD>
                          <TD>
                            <Badge variant={v.status === 'ativo' ? 'green' : 'gray'}>{v.status}</Badge>
                          </TD>
                          <TD>
                            <div className="flex justify-end gap-1">
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Editar ${v.nome}`}
                                onClick={() => setDialog({ open: true, vendedor: v })}
                              >
                                <Pencil />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Excluir ${v.nome}`}
                                onClick={() => setExcluir(v)}
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

        <TabsContent value="novo">
          <Card>
            <CardHeader>
              <CardTitle>Novo Vendedor</CardTitle>
            </CardHeader>
            <CardContent>
              <ComissionadoForm
                item={null}
                texts={TEXTS}
                onDone={() => setTab('lista')}
                onCancel={() => setTab('lista')}
              />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="relatorio">
          <ComissaoReport kind="vendedor" />
        </TabsContent>
      </Tabs>

      <Dialog open={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{dialog.vendedor ? 'Editar Vendedor' : 'Novo Vendedor'}</DialogTitle>
            <DialogDescription>
              {dialog.vendedor ? 'Altere os dados do vendedor.' : 'Preencha os dados do novo vendedor.'}
            </DialogDescription>
          </DialogHeader>
          <FreshRecord<Vendedor>
            path={dialog.vendedor ? `/vendedores/${dialog.vendedor.id}` : null}
            loadingText="Carregando vendedor..."
          >
            {(v) => (
              <ComissionadoForm
                key={v?.id ?? 'novo'}
                item={v}
                texts={TEXTS}
                onDone={() => setDialog({ open: false, vendedor: null })}
                onCancel={() => setDialog({ open: false, vendedor: null })}
              />
            )}
          </FreshRecord>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(open) => !open && setExcluir(null)}
        title="Confirmar exclusão"
        description="Tem certeza que deseja excluir este vendedor? Esta ação não pode ser desfeita."
        busy={remove.isPending}
        onConfirm={() => excluir && remove.mutateAsync(excluir)}
      />
    </>
  );
}
