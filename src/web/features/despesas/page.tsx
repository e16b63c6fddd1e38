import { CircleCheck, Clock, Receipt, Timer } from 'lucide-react';
import { Options } from '../../components/kit/form-parts';
import { FilterSelect } from '../../components/kit/list-filters';

import { listaError, useResourceList, useUrlState, useUrlTab } from '../../components/kit/use-resource-list';
import { KpiGrid } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { client } from '../../lib/client';
import { formatMoney, todayIso } from '../../lib/format';
import type { Despesa } from '../../lib/resources';
import { type DespesasList, ListaDespesas } from './lista';
import { NovaDespesa } from './nova';
import { RelatorioDespesas } from './relatorio';
import { MESES } from './shared';

export default function DespesasScreen() {
  const [anoAtual, mesAtual] = todayIso().split('-').map(Number) as [number, number];
  const anos = [-2, -1, 0, 1, 2].map((d) => anoAtual + d);
  const [tab, setTab] = useUrlTab<string>('lista');
  const [, patch] = useUrlState();
  // month, year, search and page in the URL (the month shown is the current one unless chosen)
  const list: DespesasList = useResourceList({
    recurso: 'despesas',
    endpoint: client.despesas,
    limit: 50,
    filters: { mes: String(mesAtual), ano: String(anoAtual) },
    loadError: listaError('despesas'),
  });
  const mes = Number(list.filters.mes) || mesAtual;
  const ano = Number(list.filters.ano) || anoAtual;

  const resumo = list.query.data?.resumo;
  const mesLabel = `${MESES[mes - 1]} de ${ano}`;
  const kpi = (v: number | undefined) => (resumo ? formatMoney(v) : '—');

  // After creating, show the month of the first due date, where the new rows are.
  const onCreated = (items: Despesa[]) => {
    const first = items[0]?.data_vencimento;
    const [y, m] = first ? (first.split('-').map(Number) as [number, number]) : [ano, mes];
    patch({
      ano: y === anoAtual ? null : y,
      mes: m === mesAtual ? null : m,
      q: null,
      page: null,
      tab: null,
    });
  };

  return (
    <>
      <PageHeader title="Despesas" subtitle="Controle das despesas da empresa" />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect list={list} name="mes" id="filtro-mes" label="Mês" className="w-40" value={mes}>
          <Options values={MESES.map((_, i) => i + 1)} label={(m) => MESES[m - 1]} />
        </FilterSelect>
        <FilterSelect list={list} name="ano" id="filtro-ano" label="Ano" className="w-28" value={ano}>
          <Options values={anos.includes(ano) ? anos : [...anos, ano].sort()} />
        </FilterSelect>
      </div>

      <KpiGrid
        kpis={[
          {
            title: 'Total do Mês',
            value: kpi(resumo?.total_mes),
            icon: Receipt,
            hint: resumo
              ? `${resumo.quantidade} ${resumo.quantidade === 1 ? 'despesa' : 'despesas'} em ${mesLabel}`
              : mesLabel,
            testId: 'kpi-total-mes',
          },
          {
            title: 'Pagas',
            value: kpi(resumo?.total_pago),
            icon: CircleCheck,
            tone: 'positivo',
            testId: 'kpi-pagas',
          },
          {
            title: 'Pendentes',
            value: kpi(resumo?.total_pendente),
            icon: Clock,
            tone: 'pendente',
            testId: 'kpi-pendentes',
          },
          {
            title: 'Custo Hora',
            value: kpi(resumo?.custo_hora),
            icon: Timer,
            hint: 'Total do mês ÷ 220 horas',
            testId: 'kpi-custo-hora',
          },
        ]}
      />

      <Tabs value={tab} onValueChange={(v) => setTab(v)}>
        <TabsList>
          <TabsTrigger value="lista">Lista</TabsTrigger>
          <TabsTrigger value="nova">Nova</TabsTrigger>
          <TabsTrigger value="relatorio">Relatório</TabsTrigger>
        </TabsList>
        <TabsContent value="lista">
          <ListaDespesas list={list} mesLabel={mesLabel} />
        </TabsContent>
        <TabsContent value="nova">
          <NovaDespesa onCreated={onCreated} />
        </TabsContent>
        <TabsContent value="relatorio">
          <RelatorioDespesas ano={ano} />
        </TabsContent>
      </Tabs>
    </>
  );
}
