import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/**
 * The Produtos feature's reads other screens share. Keyed under the resource ('produtos',
 * 'categorias-produtos'), so their live events refresh every selector.
 */
export const produtosKeys = {
  all: ['produtos'] as const,
  /** Every product, no search (the stone selectors of Estoque); the quote's searched selector is useOpcoes. */
  opcoes: () => ['produtos', 'opcoes'] as const,
};

export const categoriasProdutosKeys = {
  all: ['categorias-produtos'] as const,
  opcoes: () => ['categorias-produtos', 'opcoes'] as const,
};

export const produtosOpcoesOptions = () =>
  queryOptions({
    queryKey: produtosKeys.opcoes(),
    queryFn: ({ signal }) => json(client.produtos.opcoes.$get({ query: {} }, withSignal(signal))),
  });

export const categoriasOpcoesOptions = () =>
  queryOptions({
    queryKey: categoriasProdutosKeys.opcoes(),
    queryFn: ({ signal }) =>
      json(client['categorias-produtos'].opcoes.$get({ query: {} }, withSignal(signal))),
  });
