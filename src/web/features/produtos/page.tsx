import { useListFormTabs } from '../../components/kit/use-resource-list';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
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
      <Tabs value={t.tab} onValueChange={t.onTab}>
        <TabsList>
          <TabsTrigger value="lista">Lista</TabsTrigger>
          <TabsTrigger value="novo">{t.editId ? 'Editar Produto' : 'Novo Produto'}</TabsTrigger>
          <TabsTrigger value="categorias">Categorias</TabsTrigger>
          <TabsTrigger value="itens">Itens de Vendas</TabsTrigger>
          <TabsTrigger value="acabamentos">Acabamentos</TabsTrigger>
          <TabsTrigger value="recortes">Recortes</TabsTrigger>
        </TabsList>
        <TabsContent value="lista">
          <ProdutosLista onEditar={(p) => t.edit(p.id)} />
        </TabsContent>
        <TabsContent value="novo">
          <ProdutoForm key={t.editId ?? 'novo'} id={t.editId} onDone={t.backToList} onCancel={t.backToList} />
        </TabsContent>
        <TabsContent value="categorias">
          <CategoriasTab />
        </TabsContent>
        <TabsContent value="itens">
          <ItensVendaTab />
        </TabsContent>
        <TabsContent value="acabamentos">
          <AcabamentosTab />
        </TabsContent>
        <TabsContent value="recortes">
          <RecortesTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
