import { CadastroPage } from '../../components/kit/cadastro-page';
import { DataTable, listTexts } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { ListCard } from '../../components/kit/resource-tabs';
import { useCadastro } from '../../components/kit/use-cadastro';
import { CardTitle } from '../../components/ui/card';
import { client } from '../../lib/client';
import { arquitetoColumns } from '../vendedores/colunas';
import { ComissaoReport } from '../vendedores/comissao-report';
import { ComissionadoForm, type ComissionadoTexts } from '../vendedores/comissionado-form';

const TEXTS: ComissionadoTexts = {
  recurso: 'arquitetos',
  criado: 'Arquiteto salvo com sucesso!',
  criadoDescricao: 'O arquiteto foi adicionado ao sistema.',
  atualizado: 'Arquiteto atualizado com sucesso!',
  erroSalvar: 'Erro ao salvar arquiteto',
  botaoCriar: 'Cadastrar Arquiteto',
  titulo: { novo: 'Novo Arquiteto', editar: 'Editar Arquiteto' },
  // the spec labels telefone and CPF/CNPJ of an architect required, without enforcing them
  asteriscos: true,
};

export default function ArquitetosPage() {
  const c = useCadastro({
    recurso: 'arquitetos',
    endpoint: client.arquitetos,
    nome: 'arquiteto',
    plural: 'arquitetos',
  });

  return (
    <CadastroPage
      title="Arquitetos"
      subtitle="Arquitetos parceiros e comissões RT"
      c={c}
      form={(p) => <ComissionadoForm {...p} texts={TEXTS} />}
      tabs={[
        { value: 'relatorio', label: 'Relatório Comissão RT', content: <ComissaoReport kind="arquiteto" /> },
      ]}
    >
      <ListCard
        header={<CardTitle>Arquitetos Cadastrados</CardTitle>}
        headerClassName=""
        contentClassName="grid gap-4"
      >
        <ListSearch
          list={c.list}
          lista="arquitetos"
          label="Buscar arquitetos"
          placeholder="Buscar por nome, e-mail, telefone, CPF ou cidade..."
        />
        <DataTable
          list={c.list}
          columns={arquitetoColumns}
          label="Arquitetos"
          {...listTexts('arquiteto', 'arquitetos')}
          actions={c.rowActions}
        />
      </ListCard>
    </CadastroPage>
  );
}
