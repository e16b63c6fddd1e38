import { Plus } from 'lucide-react';
import { useState } from 'react';

import { CadastroPage } from '../../components/kit/cadastro-page';
import { DataTable, listTexts } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { ListCard } from '../../components/kit/resource-tabs';
import { useListaCadastro } from '../../components/kit/use-cadastro';
import { useListFormTabs } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { CardTitle } from '../../components/ui/card';
import { ModalDialog } from '../../components/ui/dialog';
import { client } from '../../lib/client';
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
  const { list, remove } = useListaCadastro({
    recurso: 'vendedores',
    endpoint: client.vendedores,
    plural: 'vendedores',
    remove: {
      question: () => 'Tem certeza que deseja excluir este vendedor? Esta ação não pode ser desfeita.',
      success: 'Vendedor removido com sucesso!',
      errorTitle: 'Erro ao remover vendedor',
    },
  });
  const close = () => setDialog(undefined);

  return (
    <CadastroPage
      title="Vendedores"
      subtitle="Cadastro de vendedores e comissões"
      // editing happens in the dialog: the form tab only ever adds one
      c={{ t, title: 'Novo Vendedor', remove }}
      listLabel="Vendedores Cadastrados"
      form={(p) => <ComissionadoForm {...p} id={null} texts={TEXTS} />}
      tabs={[
        { value: 'relatorio', label: 'Relatório de Comissão', content: <ComissaoReport kind="vendedor" /> },
      ]}
      after={
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
      }
    >
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
    </CadastroPage>
  );
}
