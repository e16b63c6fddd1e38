import { Plus } from 'lucide-react';
import { useState } from 'react';

import { DataTable, listTexts } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { FormCard, ListCard, ResourceTabs } from '../../components/kit/resource-tabs';
import { useRemove } from '../../components/kit/use-remove';
import { listaError, useListFormTabs, useResourceList } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { CardTitle } from '../../components/ui/card';
import { ModalDialog } from '../../components/ui/dialog';
import { PageHeader } from '../../components/ui/page-header';
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
    loadError: listaError('vendedores'),
  });
  const remove = useRemove<Vendedor>({
    recurso: 'vendedores',
    endpoint: client.vendedores,
    question: () => 'Tem certeza que deseja excluir este vendedor? Esta ação não pode ser desfeita.',
    success: 'Vendedor removido com sucesso!',
    errorTitle: 'Erro ao remover vendedor',
  });
  const close = () => setDialog(undefined);

  return (
    <>
      <PageHeader title="Vendedores" subtitle="Cadastro de vendedores e comissões" />
      <ResourceTabs
        t={t}
        tabs={[
          {
            value: 'lista',
            label: 'Vendedores Cadastrados',
            content: (
              <ListCard
                header={
                  <>
                    <CardTitle>Vendedores Cadastrados</CardTitle>
                    <Button onClick={() => setDialog({ id: null })}>
                      <Plus />
                      Novo Vendedor
                    </Button>
                  </>
                }
                contentClassName="grid gap-4"
              >
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
                  {...listTexts('vendedor', 'vendedores')}
                  actions={remove.rowActions(
                    (v) => v.nome,
                    (v) => setDialog({ id: v.id }),
                  )}
                />
              </ListCard>
            ),
          },
          {
            value: 'novo',
            label: 'Novo Vendedor',
            content: (
              <FormCard title="Novo Vendedor">
                <ComissionadoForm id={null} texts={TEXTS} onDone={t.backToList} onCancel={t.backToList} />
              </FormCard>
            ),
          },
          { value: 'relatorio', label: 'Relatório de Comissão', content: <ComissaoReport kind="vendedor" /> },
        ]}
      />
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
