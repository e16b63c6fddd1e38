import { Plus } from 'lucide-react';
import { useState } from 'react';

import { DataTable } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { useRemove } from '../../components/kit/use-remove';
import { useListFormTabs, useResourceList } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ModalDialog } from '../../components/ui/dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { client } from '../../lib/client';
import type { Vendedor } from '../../lib/resources';
import { vendedorColumns } from './colunas';
import { ComissaoReport } from './comissao-report';
import { ComissionadoForm, type ComissionadoTexts } from './comissionado-form';

const TEXTS: ComissionadoTexts = {
  recurso: 'vendedores',
  criado: 'Vendedor criado com sucesso!',
  atualizado: 'Vendedor atualizado com sucesso!',
  erroSalvar: 'Erro ao salvar vendedor',
  botaoCriar: 'Cadastrar Vendedor',
  titulo: { novo: 'Novo Vendedor', editar: 'Editar Vendedor' },
};

export default function VendedoresPage() {
  const t = useListFormTabs();
  // the dialog: closed, a new seller (null) or the id of the one being edited
  const [dialog, setDialog] = useState<{ id: string | null } | undefined>();
  const list = useResourceList({
    recurso: 'vendedores',
    endpoint: client.vendedores,
    loadError: {
      title: 'Erro ao carregar vendedores',
      text: 'Não foi possível carregar a lista de vendedores.',
    },
  });
  const remove = useRemove<Vendedor>({
    recurso: 'vendedores',
    endpoint: client.vendedores,
    getId: (v) => v.id,
    question: () => 'Tem certeza que deseja excluir este vendedor? Esta ação não pode ser desfeita.',
    success: 'Vendedor removido com sucesso!',
    errorTitle: 'Erro ao remover vendedor',
  });
  const close = () => setDialog(undefined);

  return (
    <>
      <PageHeader title="Vendedores" subtitle="Cadastro de vendedores e comissões" />
      <Tabs value={t.tab} onValueChange={t.onTab}>
        <TabsList>
          <TabsTrigger value="lista">Vendedores Cadastrados</TabsTrigger>
          <TabsTrigger value="novo">Novo Vendedor</TabsTrigger>
          <TabsTrigger value="relatorio">Relatório de Comissão</TabsTrigger>
        </TabsList>
        <TabsContent value="lista">
          <Card>
            <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
              <CardTitle>Vendedores Cadastrados</CardTitle>
              <Button onClick={() => setDialog({ id: null })}>
                <Plus />
                Novo Vendedor
              </Button>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ListSearch
                list={list}
                lista="vendedores"
                label="Buscar vendedores"
                placeholder="Buscar por nome, e-mail, telefone ou CPF/CNPJ..."
              />
              <DataTable
                list={list}
                columns={vendedorColumns}
                label="Vendedores"
                loadingText="Carregando vendedores..."
                emptyText="Nenhum vendedor cadastrado."
                emptyFilteredText="Nenhum vendedor encontrado."
                actions={remove.rowActions(
                  (v) => v.nome,
                  (v) => setDialog({ id: v.id }),
                )}
              />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="novo">
          <Card>
            <CardHeader>
              <CardTitle>Novo Vendedor</CardTitle>
            </CardHeader>
            <CardContent>
              <ComissionadoForm id={null} texts={TEXTS} onDone={t.backToList} onCancel={t.backToList} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="relatorio">
          <ComissaoReport kind="vendedor" />
        </TabsContent>
      </Tabs>
      <ModalDialog
        open={!!dialog}
        onClose={close}
        className="max-w-2xl"
        title={dialog?.id ? 'Editar Vendedor' : 'Novo Vendedor'}
        description={dialog?.id ? 'Altere os dados do vendedor.' : 'Preencha os dados do novo vendedor.'}
      >
        {dialog && (
          <ComissionadoForm
            key={dialog.id ?? 'novo'}
            id={dialog.id}
            texts={TEXTS}
            onDone={close}
            onCancel={close}
          />
        )}
      </ModalDialog>
      {remove.dialog}
    </>
  );
}
