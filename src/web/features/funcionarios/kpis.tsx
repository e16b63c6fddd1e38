import { useQuery } from '@tanstack/react-query';
import { Clock, Users, Wallet } from 'lucide-react';

import { KpiGrid } from '../../components/ui/kpi-card';
import { formatMoney } from '../../lib/format';
import { kpisOptions } from './api';

/** Funcionários Ativos, Folha Mensal, Custo Médio por Hora. */
export function FuncionariosKpis() {
  const resumo = useQuery(kpisOptions());
  const r = resumo.data;
  const kpi = (v: string) => (resumo.isPending ? '…' : resumo.isError ? '—' : v);
  return (
    <KpiGrid
      className="mb-6 grid gap-4 sm:grid-cols-3"
      kpis={[
        {
          title: 'Funcionários Ativos',
          icon: Users,
          value: kpi(String(r?.ativos ?? 0)),
          testId: 'kpi-ativos',
        },
        {
          title: 'Folha Mensal',
          icon: Wallet,
          value: kpi(formatMoney(r?.folha_mensal)),
          hint: 'Soma dos salários dos ativos',
          testId: 'kpi-folha',
        },
        {
          title: 'Custo Médio por Hora',
          icon: Clock,
          value: kpi(formatMoney(r?.custo_hora_medio)),
          hint: 'Salário ÷ horas mensais, média dos ativos',
          testId: 'kpi-custo-hora',
        },
      ]}
    />
  );
}
