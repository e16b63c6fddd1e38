import { useState } from 'react';
import type { Produto } from '../../../schemas/produtos';
import { FreshRecord } from '../../components/fresh-record';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAbaInicial } from '../../lib/use-aba-inicial';
import { CategoriasTab } from './categorias-tab';
import { ItensVendaTab } from './itens-venda-tab';
import { ProdutoForm } from './produto-form';
import { type ListaFiltros, ProdutosLista } from './produtos-lista';

type Aba = 'lista' | 'novo' | 'categorias' | 'itens';

/** Spec doc 2 §2 Produtos: tabs Lista, Novo Produto, Categorias, Itens de Vendas. */
export default function ProdutosPage() {
  const [aba, setAba] = useState<Aba>(useAbaInicial<Aba>(['lista', 'novo'], 'lista'));
  const [editando, setEditando] = useState<Produto | null>(null);
  // Kept here so the list comes back as it was after an edit.
  const [filtros, setFiltros] = useState<ListaFiltros>({ q: '', page: 1, abaixoMinimo: false });

  return (
    <>
      <PageHeader title="Produtos" subtitle="Catálogo de materiais, categorias e itens de venda" />
      <Tabs
        value={aba}
        onValueChange={(v) => {
          // Choosing the tab itself always starts a new product.
          if (v === 'novo') setEditando(null);
          setAba(v as Aba);
        }}
      >
        <TabsList>
          <TabsTrigger value="lista">Lista</TabsTrigger>
          <TabsTrigger value="novo">{editando ? 'Editar Produto' : 'Novo Produto'}</TabsTrigger>
          <TabsTrigger value="categorias">Categorias</TabsTrigger>
          <TabsTrigger value="itens">Itens de Vendas</TabsTrigger>
        </TabsList>
        <TabsContent value="lista">
          <ProdutosLista
            filtros={filtros}
            onFiltros={setFiltros}
            onEditar={(p) => {
              setEditando(p);
              setAba('novo');
            }}
          />
        </TabsContent>
        <TabsContent value="novo">
          <FreshRecord<Produto>
            path={editando ? `/produtos/${editando.id}` : null}
            loadingText="Carregando produto..."
          >
            {(p) => (
              <ProdutoForm
                key={p?.id ?? 'novo'}
                produto={p}
                onDone={() => {
                  setEditando(null);
                  setAba('lista');
                }}
                onCancel={() => {
                  setEditando(null);
                  setAba('lista');
                }}
              />
            )}
          </FreshRecord>
        </TabsContent>
        <TabsContent value="categorias">
          <CategoriasTab />
        </TabsContent>
        <TabsContent value="itens">
          <ItensVendaTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
