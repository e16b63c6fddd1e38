import { ListPagination, listState } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { CountLabel, FormCard, formTab, ResourceTabs } from '../../components/kit/resource-tabs';
import { useCadastro } from '../../components/kit/use-cadastro';
import { toastInUse } from '../../components/kit/use-remove';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { client } from '../../lib/client';
import { FornecedorCard } from './fornecedor-card';
import { FornecedorForm } from './fornecedor-form';

export default function FornecedoresPage() {
  const { t, list, remove, title } = useCadastro({
    recurso: 'fornecedores',
    endpoint: client.fornecedores,
    nome: 'fornecedor',
    plural: 'fornecedores',
    limit: 12,
    // In use by products (doc 2 §8): the server's title and its explanation of what uses it.
    onRemoveError: toastInUse,
  });
  const data = list.query.data;

  return (
    <div>
      <PageHeader title="Fornecedores" subtitle="Fornecedores de chapas, materiais e serviços" />
      <ResourceTabs
        t={t}
        tabs={[
          {
            value: 'lista',
            label: (
              <CountLabel
                text="Lista de Fornecedores"
                total={list.q ? undefined : data?.total}
                plural="fornecedores"
              />
            ),
            className: 'grid gap-4',
            content: (
              <>
                <ListSearch
                  list={list}
                  lista="fornecedores"
                  label="Buscar fornecedores"
                  placeholder="Buscar por nome, contato, e-mail ou CNPJ..."
                />
                {listState(list, {
                  loadingText: 'Carregando fornecedores...',
                  emptyText: 'Nenhum fornecedor cadastrado.',
                  emptyFilteredText: 'Nenhum fornecedor encontrado para esta busca.',
                  emptyAction: <Button onClick={t.openNew}>Cadastrar o primeiro fornecedor</Button>,
                }) ??
                  (data && (
                    <>
                      <section
                        aria-label="Fornecedores"
                        aria-busy={list.query.isFetching}
                        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
                      >
                        {data.items.map((f) => (
                          <FornecedorCard
                            key={f.id}
                            f={f}
                            onEdit={() => t.edit(f.id)}
                            onDelete={() => remove.ask(f)}
                          />
                        ))}
                      </section>
                      <ListPagination list={list} />
                    </>
                  ))}
              </>
            ),
          },
          formTab(t, title, (p) => (
            <FormCard
              title={title}
              description={
                t.editId ? 'Alterando os dados do fornecedor.' : 'Preencha os dados do novo fornecedor.'
              }
            >
              <FornecedorForm {...p} />
            </FormCard>
          )),
        ]}
      />
      {remove.dialog}
    </div>
  );
}
