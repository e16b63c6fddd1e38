import {
  Banknote,
  Briefcase,
  Building2,
  CalendarDays,
  ClipboardList,
  CreditCard,
  FileText,
  HandCoins,
  HardDriveDownload,
  HardHat,
  History,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Receipt,
  Scissors,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  Truck,
  UserCheck,
  Users,
} from 'lucide-react';
import type { Permissao } from '../../schemas/permissoes';

export interface MenuEntry {
  label: string;
  path: string;
  permission: Permissao;
  icon: LucideIcon;
  /** Administrators only (role admin), besides the permission. */
  adminOnly?: boolean;
  /** Shown to users linked to an employee (installers' own agenda), whatever their permissions. */
  funcionario?: boolean;
}

/** The sidebar of spec doc 1 §2, in its order. */
export const MENU: MenuEntry[] = [
  { label: 'Dashboard', path: '/', permission: 'dashboard', icon: LayoutDashboard },
  { label: 'Orçamentos', path: '/orcamentos', permission: 'orcamentos', icon: FileText },
  { label: 'Vendas', path: '/vendas', permission: 'vendas', icon: ShoppingCart },
  { label: 'Produção', path: '/producao', permission: 'producao', icon: ClipboardList },
  { label: 'Agenda', path: '/agenda', permission: 'producao', icon: CalendarDays },
  {
    label: 'Minha agenda',
    path: '/minha-agenda',
    permission: 'producao',
    icon: Smartphone,
    funcionario: true,
  },
  { label: 'Simulador de corte', path: '/estoque/simulador', permission: 'producao', icon: Scissors },
  { label: 'Clientes', path: '/clientes', permission: 'clientes', icon: Users },
  { label: 'Arquitetos', path: '/arquitetos', permission: 'arquitetos', icon: Briefcase },
  { label: 'Vendedores', path: '/vendedores', permission: 'vendedores', icon: UserCheck },
  { label: 'Produtos', path: '/produtos', permission: 'produtos', icon: Package },
  { label: 'Estoque', path: '/estoque', permission: 'estoque', icon: Layers },
  { label: 'Fornecedores', path: '/fornecedores', permission: 'fornecedores', icon: Truck },
  { label: 'Funcionários', path: '/funcionarios', permission: 'funcionarios', icon: HardHat },
  { label: 'Despesas', path: '/despesas', permission: 'despesas', icon: Receipt },
  { label: 'Pagamentos', path: '/cartoes', permission: 'cartoes', icon: CreditCard },
  { label: 'Caixa', path: '/caixa', permission: 'dashboard', icon: Banknote },
  { label: 'Recebimentos', path: '/recebimentos', permission: 'financeiro', icon: HandCoins },
  { label: 'Notas fiscais', path: '/notas-fiscais', permission: 'financeiro', icon: Receipt },
  { label: 'Usuários', path: '/usuarios', permission: 'usuarios', icon: ShieldCheck },
  { label: 'Empresa', path: '/empresa', permission: 'configuracoes', icon: Building2 },
  { label: 'Auditoria', path: '/auditoria', permission: 'usuarios', icon: History, adminOnly: true },
  { label: 'Backups', path: '/backups', permission: 'usuarios', icon: HardDriveDownload, adminOnly: true },
];

/** Paths of the home redirect (spec doc 1 §2), keyed by permission. */
export const HOME_PATHS: Record<Permissao, string> = {
  orcamentos: '/orcamentos',
  dashboard: '/dashboard',
  vendas: '/vendas',
  clientes: '/clientes',
  produtos: '/produtos',
  fornecedores: '/fornecedores',
  funcionarios: '/funcionarios',
  despesas: '/despesas',
  cartoes: '/cartoes',
  vendedores: '/vendedores',
  arquitetos: '/arquitetos',
  usuarios: '/usuarios',
  financeiro: '/recebimentos',
  producao: '/producao',
  configuracoes: '/empresa',
  estoque: '/estoque',
};
