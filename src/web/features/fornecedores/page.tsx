import { CadastroPage } from '../../components/kit/cadastro-page';
import { ListPagination, listState, listTexts } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { CountLabel } from '../../components/kit/resource-tabs';
import { useCadastro } from '../../components/kit/use-cadastro';
import { toastInUse } from '../../components/kit/use-remove';
import { Button } from '../../components/ui/button';
import { client } from '../../lib/client';
import { FornecedorCard } from './fornecedor-card';
import { FornecedorForm } from './fornecedor-form';

export default function FornecedoresPage() {
  const c = useCadastro({
    recurso: 'fornecedores',
    endpoint: client.fornecedores,
    nome: 'fornecedor',
    plural: 'fornecedores',
    limit: 12,
    // In use by products (doc 2 §8): the server's title and its explanation of what uses it.
    onRemoveError: toastInUse,
  });
  const { list, t } = c;
  const data = list.query.data;

  return (
    <CadastroPage
      title="Fornecedores"
      subtitle="Fornecedores de chapas, materiais e serviços"
      c={c}
      listLabel={
        <CountLabel
          text="Lista de Fornecedores"
          total={list.q ? undefined : data?.total}
          plural="fornecedores"
        />
      }
      listClassName="grid gap-4"
      form={(p) => <FornecedorForm {...p} />}
      formDescription={
        t.editId ? 'Alterando os dados do fornecedor.' : 'Preencha os dados do novo fornecedor.'
      }
    >
      <ListSearch
        list={list}
        lista="fornecedores"
        label="Buscar fornecedores"
        placeholder="Buscar por nome, contato, e-mail ou CNPJ..."
      />
      {listState(list, {
        ...listTexts('fornecedor', 'fornecedores', { busca: true }),
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
                  onDelete={() => c.remove.ask(f)}
                />
              ))}
            </section>
            <ListPagination list={list} />
          </>
        ))}
    </CadastroPage>
  );
}
