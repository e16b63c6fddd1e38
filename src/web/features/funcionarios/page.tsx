import { CadastroPage, CadastroTable } from '../../components/kit/cadastro-page';
import { FilterSelect } from '../../components/kit/list-filters';
import { ListSearch } from '../../components/kit/list-search';
import { ListCard } from '../../components/kit/resource-tabs';
import { useCadastro } from '../../components/kit/use-cadastro';
import { toastInUse } from '../../components/kit/use-remove';
import { CardDescription } from '../../components/ui/card';
import { client } from '../../lib/client';
import { CalculoCusto } from './calculo-custo';
import { funcionarioColumns } from './colunas';
import { FuncionarioForm } from './funcionario-form';
import { FuncionariosKpis } from './kpis';

export default function FuncionariosPage() {
  const c = useCadastro({
    recurso: 'funcionarios',
    endpoint: client.funcionarios,
    nome: 'funcionário',
    plural: 'funcionários',
    filters: { status: '' },
    onRemoveError: toastInUse,
  });

  return (
    <CadastroPage
      title="Funcionários"
      subtitle="Equipe, salários e custo por hora"
      c={c}
      above={<FuncionariosKpis />}
      form={(p) => <FuncionarioForm {...p} />}
      formDescription={
        c.t.editId
          ? 'Alterando os dados do funcionário.'
          : 'Novos funcionários começam ativos; o status pode ser alterado na edição.'
      }
      tabs={[{ value: 'calculo', label: 'Cálculo de Custo', content: <CalculoCusto /> }]}
    >
      <ListCard
        headerClassName="gap-3 lg:flex-row lg:items-center lg:justify-between"
        header={
          <>
            <CardDescription>Busque por nome, cargo, e-mail ou CPF.</CardDescription>
            <ListSearch
              list={c.list}
              lista="funcionarios"
              label="Buscar funcionários"
              placeholder="Buscar funcionários..."
              className="flex-col sm:flex-row"
            >
              <FilterSelect
                list={c.list}
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
        <CadastroTable
          c={c}
          columns={funcionarioColumns}
          label="Funcionários"
          nome="funcionário"
          plural="funcionários"
        />
      </ListCard>
    </CadastroPage>
  );
}
