// The one list of permission names, shared by the database check, the server's guards and the web's menu.
export const PERMISSOES = [
  'dashboard',
  'orcamentos',
  'vendas',
  'clientes',
  'arquitetos',
  'vendedores',
  'produtos',
  'fornecedores',
  'funcionarios',
  'despesas',
  'cartoes',
  'usuarios',
  'financeiro',
  'producao',
  'configuracoes',
  'estoque',
] as const;

export type Permissao = (typeof PERMISSOES)[number];

export function isPermissao(v: string): v is Permissao {
  return (PERMISSOES as readonly string[]).includes(v);
}

// The order in which the home page looks for the first screen the user may open (spec doc 1 §2).
export const HOME_ORDER: readonly Permissao[] = [
  'orcamentos',
  'dashboard',
  'vendas',
  'clientes',
  'produtos',
  'fornecedores',
  'funcionarios',
  'despesas',
  'cartoes',
  'vendedores',
  'arquitetos',
  'usuarios',
  'financeiro',
  'producao',
  'configuracoes',
  'estoque',
];

export const PERMISSAO_LABEL: Record<Permissao, string> = {
  dashboard: 'Dashboard',
  orcamentos: 'Orçamentos',
  vendas: 'Vendas',
  clientes: 'Clientes',
  arquitetos: 'Arquitetos',
  vendedores: 'Vendedores',
  produtos: 'Produtos',
  fornecedores: 'Fornecedores',
  funcionarios: 'Funcionários',
  despesas: 'Despesas',
  cartoes: 'Pagamentos',
  usuarios: 'Usuários',
  financeiro: 'Recebimentos',
  producao: 'Produção e Agenda',
  configuracoes: 'Empresa',
  estoque: 'Estoque',
};
