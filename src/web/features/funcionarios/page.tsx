import { DataTable } from '../../components/kit/data-table';
import { FilterSelect } from '../../components/kit/list-filters';
import { ListSearch } from '../../components/kit/list-search';
import { FormCard, formTab, ListCard, ResourceTabs } from '../../components/kit/resource-tabs';
import { useCadastro } from '../../components/kit/use-cadastro';
import { toastInUse } from '../../components/kit/use-remove';
import { Button } from '../../components/ui/button';
import { CardDescription } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { client } from '../../lib/client';
import { CalculoCusto } from './calculo-custo';
import { funcionarioColumns } from './colunas';
import { FuncionarioForm } from './funcionario-form';
import { FuncionariosKpis } from './kpis';

export default function FuncionariosPage() {
  const { t, list, remove, title } = useCadastro({
    recurso: 'funcionarios',
    endpoint: client.funcionarios,
    nome: 'funcionário',
    plural: 'funcionários',
    filters: { status: '' },
    onRemoveError: toastInUse,
  });

  return (
    <div>
      <PageHeader title="Funcionários" subtitle="Equipe, salários e custo por hora" />
      <FuncionariosKpis />
      <ResourceTabs
        t={t}
        tabs={[
          {
            value: 'lista',
            label: 'Lista',
            content: (
              <ListCard
                headerClassName="gap-3 lg:flex-row lg:items-center lg:justify-between"
                header={
                  <>
                    <CardDescription>Busque por nome, cargo, e-mail ou CPF.</CardDescription>
                    <ListSearch
                      list={list}
                      lista="funcionarios"
                      label="Buscar funcionários"
                      placeholder="Buscar funcionários..."
                      className="flex-col sm:flex-row"
                    >
                      <FilterSelect
                        list={list}
                        name="status"
                        label="Filtrar por status"
                        todos="Todos"
                        className="sm:w-40"
                      >
                        <option value="ativo">Ativos</option>
                        <option value="inativo">Inativos</option>
                      </FilterSelect>
                    </ListSearch>
                  </>
                }
              >
                <DataTable
                  list={list}
                  columns={funcionarioColumns}
                  label="Funcionários"
                  loadingText="Carregando funcionários..."
                  emptyText="Nenhum funcionário cadastrado."
                  emptyFilteredText="Nenhum funcionário encontrado para esta busca."
                  emptyAction={<Button onClick={t.openNew}>Cadastrar o primeiro funcionário</Button>}
                  actions={remove.rowActions(
                    (f) => f.nome,
                    (f) => t.edit(f.id),
                  )}
                />
              </ListCard>
            ),
          },
          formTab(t, title, (p) => (
            <FormCard
              title={title}
              description={
                t.editId
                  ? 'Alterando os dados do funcionário.'
                  : 'Novos funcionários começam ativos; o status pode ser alterado na edição.'
              }
            >
              <FuncionarioForm {...p} />
            </FormCard>
          )),
          { value: 'calculo', label: 'Cálculo de Custo', content: <CalculoCusto /> },
        ]}
      />
      {remove.dialog}
    </div>
  );
}
