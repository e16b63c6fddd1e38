import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  CalendarClock,
  DollarSign,
  FileCheck,
  FileText,
  Layers,
  type LucideIcon,
  Package,
  PackagePlus,
  Plus,
  Receipt,
  ShoppingCart,
  TrendingDown,
  TrendingUp,
  UserPlus,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  TitledCard,
} from '../../components/ui/card';
import { KpiGrid } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { Empty, Loading } from '../../components/ui/states';
import { formatMoney } from '../../lib/format';
import { useNearViewport } from '../../lib/use-near-viewport';
import { cn } from '../../lib/utils';
import { chapasPainelOptions } from '../estoque/api';
import { type DashboardData, dashboardOptions } from './api';
import { ProducaoCards } from './producao-cards';

const SerieChart = lazy(() => import('./serie-chart'));

const EMPTY: DashboardData = {
  faturamento_mensal: 0,
  orcamentos_pendentes: 0,
  clientes_ativos: 0,
  produtos_cadastrados: 0,
  despesas_mes: 0,
  lucro_mensal: 0,
  a_receber_mes: 0,
  em_atraso: 0,
  nfe_autorizadas_mes: { quantidade: 0, valor: 0 },
  orcamentos_recentes: [],
  serie_12_meses: [],
};

/** Quote status badge (spec doc 1 §4): pendente yellow, aprovado green, venda_realizada blue, other red. */
function statusOrcamento(status: string): { label: string; variant: BadgeVariant } {
  switch (status) {
    case 'pendente':
      return { label: 'Pendente', variant: 'yellow' };
    case 'aprovado':
      return { label: 'Aprovado', variant: 'green' };
    case 'venda_realizada':
      return { label: 'Venda Realizada', variant: 'blue' };
    default:
      return { label: status.charAt(0).toUpperCase() + status.slice(1), variant: 'red' };
  }
}

const ACOES: { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'Novo Orçamento', to: '/orcamentos', icon: FileText },
  { label: 'Cadastrar Cliente', to: '/clientes?tab=novo', icon: UserPlus },
  { label: 'Adicionar Produto', to: '/produtos?tab=novo', icon: PackagePlus },
  { label: 'Registrar Venda', to: '/vendas', icon: ShoppingCart },
  { label: 'Gerenciar Despesas', to: '/despesas', icon: Receipt },
];

function Serie({ serie }: { serie: DashboardData['serie_12_meses'] }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const carregando = <Loading text="Carregando gráfico..." />;
  return (
    <div ref={ref} className="min-h-[280px]">
      {near ? (
        <Suspense fallback={carregando}>
          <SerieChart serie={serie} />
        </Suspense>
      ) : (
        carregando
      )}
    </div>
  );
}

/** Estoque (issue 28): what the available stone is worth and how many remnants wait to be used. */
function EstoqueCard() {
  const { can } = useAuth();
  const q = useQuery({ ...chapasPainelOptions(), enabled: can('estoque') });
  if (!q.data) return null;
  return (
    <KpiGrid
      className="mb-6 grid gap-4 sm:grid-cols-2"
      kpis={[
        {
          title: 'Estoque de chapas',
          value: formatMoney(q.data.valor),
          icon: Layers,
          hint: <Link to="/estoque">{`${q.data.m2_disponivel.toLocaleString('pt-BR')} m² disponíveis`}</Link>,
          testId: 'dash-estoque-valor',
        },
        {
          title: 'Sobras disponíveis',
          value: q.data.sobras.toLocaleString('pt-BR'),
          icon: Layers,
          hint: <Link to="/estoque?tipo=sobra&status=disponivel">Use antes de cortar uma chapa nova</Link>,
          testId: 'dash-estoque-sobras',
        },
      ]}
    />
  );
}

export default function DashboardPage() {
  const q = useQuery(dashboardOptions());
  // The spec: a dashboard load failure is only logged.
  useEffect(() => {
    if (q.error) console.error('Erro ao carregar dashboard', q.error);
  }, [q.error]);

  // The figures are drawn as a transition (in slices, not one long task on a phone's CPU); the
  // loading line stays until they are.
  const dados = useDeferredValue(q.data);
  if (q.isPending || (q.data && !dados))
    return <Loading text="Carregando dashboard..." className="min-h-[50vh]" />;
  const d = dados ?? EMPTY;
  const lucroPositivo = d.lucro_mensal >= 0;

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Visão geral do seu negócio" />

      <KpiGrid
        kpis={[
          {
            title: 'Faturamento Mensal',
            value: (
              <span className="flex flex-wrap items-center gap-x-2">
                <span>{formatMoney(d.faturamento_mensal)}</span>
                {lucroPositivo ? (
                  <TrendingUp aria-label="Lucro no mês" role="img" className="size-5 text-green-700" />
                ) : (
                  <TrendingDown aria-label="Prejuízo no mês" role="img" className="size-5 text-red-600" />
                )}
              </span>
            ),
            icon: DollarSign,
            hint: 'Vendas líquidas do mês',
            testId: 'dash-faturamento',
          },
          {
            title: 'Orçamentos Pendentes',
            value: d.orcamentos_pendentes.toLocaleString('pt-BR'),
            icon: FileText,
            testId: 'dash-orcamentos-pendentes',
          },
          {
            title: 'Clientes Ativos',
            value: d.clientes_ativos.toLocaleString('pt-BR'),
            icon: Users,
            testId: 'dash-clientes',
          },
          {
            title: 'Produtos Cadastrados',
            value: d.produtos_cadastrados.toLocaleString('pt-BR'),
            icon: Package,
            testId: 'dash-produtos',
          },
          {
            title: 'A receber este mês',
            value: formatMoney(d.a_receber_mes),
            icon: CalendarClock,
            hint: <Link to="/recebimentos?status=pendente">Parcelas que vencem no mês</Link>,
            testId: 'dash-a-receber',
          },
          {
            title: 'Em atraso',
            value: formatMoney(d.em_atraso),
            icon: AlertTriangle,
            tone: d.em_atraso > 0 ? 'negativo' : undefined,
            hint: <Link to="/recebimentos?status=atrasada">Parcelas vencidas não pagas</Link>,
            testId: 'dash-em-atraso',
          },
          {
            title: 'Notas fiscais autorizadas no mês',
            value: formatMoney(d.nfe_autorizadas_mes.valor),
            icon: FileCheck,
            hint: (
              <Link to="/notas-fiscais?status=autorizada">
                {d.nfe_autorizadas_mes.quantidade === 1
                  ? '1 nota autorizada'
                  : `${d.nfe_autorizadas_mes.quantidade.toLocaleString('pt-BR')} notas autorizadas`}
              </Link>
            ),
            testId: 'dash-nfe-autorizadas',
          },
        ]}
      />
      <ProducaoCards />
      <EstoqueCard />

      <div className="mb-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Orçamentos Recentes</CardTitle>
            <CardDescription>Os últimos orçamentos criados</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {d.orcamentos_recentes.length === 0 ? (
              <Empty text="Nenhum orçamento encontrado." className="py-6" />
            ) : (
              <ul className="flex flex-col divide-y rounded-md border" aria-label="Orçamentos recentes">
                {d.orcamentos_recentes.map((o) => {
                  const s = statusOrcamento(o.status);
                  return (
                    <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                      <div className="min-w-0">
                        <p className="font-medium">Orçamento #{o.numero}</p>
                        <p className="truncate text-sm text-muted-foreground">{o.cliente_nome ?? '—'}</p>
                      </div>
                      <div className="flex items-center gap-3">
                        <span className="font-semibold tabular-nums">{formatMoney(o.valor_total)}</span>
                        <Badge variant={s.variant}>{s.label}</Badge>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild variant="outline" className="flex-1">
                <Link to="/orcamentos?aba=historico">Ver Todos os Orçamentos</Link>
              </Button>
              <Button asChild className="flex-1">
                <Link to="/orcamentos">
                  <Plus />
                  Novo Orçamento
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>

        <TitledCard title="Ações Rápidas">
          <nav aria-label="Ações rápidas" className="grid gap-2">
            {ACOES.map((a) => (
              <Button key={a.label} asChild variant="outline" className="justify-start">
                <Link to={a.to}>
                  <a.icon />
                  {a.label}
                </Link>
              </Button>
            ))}
          </nav>
        </TitledCard>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <TitledCard title="Performance Mensal" description="Resumo do Mês">
          <dl className="flex flex-col gap-3" data-testid="dash-resumo">
            <div className="flex items-center justify-between gap-2">
              <dt className="text-muted-foreground">Faturamento</dt>
              <dd className="font-semibold tabular-nums text-green-700">
                {formatMoney(d.faturamento_mensal)}
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="text-muted-foreground">Despesas</dt>
              <dd className="font-semibold tabular-nums text-red-600">{formatMoney(d.despesas_mes)}</dd>
            </div>
            <div className="flex items-center justify-between gap-2 border-t pt-3">
              <dt className="font-medium">Lucro Líquido</dt>
              <dd
                className={cn(
                  'text-lg font-bold tabular-nums',
                  lucroPositivo ? 'text-green-700' : 'text-red-600',
                )}
                data-testid="dash-lucro"
              >
                {formatMoney(d.lucro_mensal)}
              </dd>
            </div>
          </dl>
        </TitledCard>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Últimos 12 meses</CardTitle>
            <CardDescription>Faturamento líquido e despesas por mês</CardDescription>
          </CardHeader>
          <CardContent>
            {d.serie_12_meses.some((m) => m.faturamento || m.despesas) ? (
              <Serie serie={d.serie_12_meses} />
            ) : (
              <Empty text="Ainda não há vendas nem despesas nos últimos 12 meses." className="py-6" />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
