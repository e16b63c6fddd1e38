import { listaFormTabs, ResourceTabs } from '../../components/kit/resource-tabs';
import { useListFormTabs } from '../../components/kit/use-resource-list';
import { PageHeader } from '../../components/ui/page-header';
import { AcabamentosTab, RecortesTab } from './catalogo-tab';
import { CategoriasTab } from './categorias-tab';
import { ItensVendaTab } from './itens-venda-tab';
import { ProdutoForm } from './produto-form';
import { ProdutosLista } from './produtos-lista';

/**
 * Spec doc 2 §2 Produtos: tabs Lista, Novo Produto, Categorias, Itens de Vendas, and (issue 14) the
 * piece catalogues Acabamentos and Recortes. The tab, the edited
 * product and each list's search and page are in the URL, so the list comes back as it was.
 */
export default function ProdutosPage() {
  const t = useListFormTabs();
  return (
    <>
      <PageHeader title="Produtos" subtitle="Catálogo de materiais, categorias e itens de venda" />
      <ResourceTabs
        t={t}
        tabs={[
          ...listaFormTabs(t, 'Produto', ProdutosLista, ProdutoForm),
          { value: 'categorias', label: 'Categorias', content: <CategoriasTab /> },
          { value: 'itens', label: 'Itens de Vendas', content: <ItensVendaTab /> },
          { value: 'acabamentos', label: 'Acabamentos', content: <AcabamentosTab /> },
          { value: 'recortes', label: 'Recortes', content: <RecortesTab /> },
        ]}
      />
    </>
  );
}
