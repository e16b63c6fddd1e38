import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { Empresa, OrcamentoDetalhe } from '../../../schemas/orcamentos';
import { ApiError, api, qs } from '../../lib/api';

export interface ClienteOpcao {
  id: string;
  nome: string;
  cpf_cnpj?: string | null;
}
export interface PessoaOpcao {
  id: string;
  nome: string;
  percentual_comissao: number;
}
export interface FuncionarioOpcao {
  id: string;
  nome: string;
  cargo: string;
}
export interface ProdutoOpcao {
  id: string;
  nome: string;
  valor_m2: number;
  tipo_unidade: 'm²' | 'unitário';
  perda_percentual: number;
}
export interface AcabamentoOpcao {
  id: string;
  nome: string;
  valor_ml: number;
}
export interface RecorteOpcao {
  id: string;
  nome: string;
  valor: number;
}
export interface ItemVendaOpcao {
  id: string;
  nome: string;
  formato_medida: string;
}
export interface CartaoOpcao {
  id: string;
  bandeira: string;
  tipo: string;
}

type Recurso =
  | 'clientes'
  | 'vendedores'
  | 'arquitetos'
  | 'funcionarios'
  | 'produtos'
  | 'itens-venda'
  | 'cartoes'
  | 'acabamentos'
  | 'recortes';

// The spec's loading-failure toasts (doc 1 §8).
const NOMES: Record<Recurso, [string, string]> = {
  clientes: ['clientes', 'clientes'],
  vendedores: ['vendedores', 'vendedores'],
  arquitetos: ['arquitetos', 'arquitetos'],
  funcionarios: ['funcionários', 'funcionários'],
  produtos: ['produtos', 'produtos'],
  'itens-venda': ['itens', 'itens de venda'],
  cartoes: ['cartões', 'cartões'],
  acabamentos: ['acabamentos', 'acabamentos'],
  recortes: ['recortes', 'recortes'],
};

/** A selector's options (`/api/<recurso>/opcoes?q=`), keyed by the resource so live events refresh it. */
export function useOpcoes<T>(recurso: Recurso, q = '', enabled = true) {
  const query = useQuery({
    queryKey: [recurso, 'opcoes', q],
    queryFn: ({ signal }) => api.get<T[]>(`/${recurso}/opcoes${qs({ q })}`, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const error = query.error;
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.status === 401) return;
    const [titulo, lista] = NOMES[recurso];
    toast.error(`Erro ao carregar ${titulo}`, {
      description: `Não foi possível carregar a lista de ${lista}.`,
    });
  }, [error, recurso]);
  return query;
}

export const detalheKey = (id: string) => ['orcamentos', 'detalhe', id] as const;

export function fetchDetalhe(id: string, signal?: AbortSignal) {
  return api.get<OrcamentoDetalhe>(`/orcamentos/${id}`, signal);
}

export const empresaKey = ['empresa'] as const;
export function fetchEmpresa(signal?: AbortSignal) {
  return api.get<Empresa>('/empresa', signal);
}
