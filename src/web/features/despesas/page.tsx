import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock, Receipt, Timer } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Despesa } from '../../../schemas/despesas';
import { Label, NativeSelect } from '../../components/ui/input';
import { KpiCard } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toastError } from '../../lib/api';
import { client, json, withSignal } from '../../lib/client';
import { formatMoney, todayIso } from '../../lib/format';
import { ListaDespesas } from './lista';
import { NovaDespesa } from './nova';
import { RelatorioDespesas } from './relatorio';
import { MESES } from './shared';

const LIMIT = 50;

export default function DespesasScreen() {
  const [anoAtual, mesAtual] = todayIso().split('-').map(Number) as [number, number];
  const [mes, setMes] = useState(mesAtual);
  const [ano, setAno] = useState(anoAtual);
  const [tab, setTab] = useState('lista');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const anos = [-2, -1, 0, 1, 2].map((d) => anoAtual + d);

  const listKey = ['despesas', 'lista', { mes, ano, q, page }] as const;
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) =>
      json(client.despesas.$get({ query: { mes, ano, q, page, limit: LIMIT } }, withSignal(signal))),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar despesas', list.error, 'Não foi possível carregar a lista de despesas.');
  }, [list.error]);

  const resumo = list.data?.resumo;
  const mesLabel = `${MESES[mes - 1]} de ${ano}`;
  const kpi = (v: number | undefined) => (resumo ? formatMoney(v) : '—');

  const onSearch = useCallback((v: string) => {
    setQ(v);
    setPage(1);
  }, []);

  // After creating, show the month of the first due date, where the new rows are.
  const onCreated = (items: Despesa[]) => {
    const first = items[0]?.data_vencimento;
    if (first) {
      const [y, m] = first.split('-').map(Number) as [number, number];
      setAno(y);
      setMes(m);
    }
    setQ('');
    setPage(1);
    setTab('lista');
  };

  return (
    <>
      <PageHeader title="Despesas" subtitle="Controle das despesas da empresa" />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filtro-mes">Mês</Label>
          <NativeSelect
            id="filtro-mes"
            className="w-40"
            value={mes}
            onChange={(e) => {
              setMes(Number(e.target.value));
              setPage(1);
            }}
          >
            {MESES.map((nome, i) => (
              <option key={nome} value={i + 1}>
                {nome}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filtro-ano">Ano</Label>
          <NativeSelect
            id="filtro-ano"
            className="w-28"
            value={ano}
            onChange={(e) => {
              setAno(Number(e.target.value));
              setPage(1);
            }}
          >
            {(anos.includes(ano) ? anos : [...anos, ano].sort()).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <KpiCard
          title="Total do Mês"
          value={kpi(resumo?.total_mes)}
          icon={Receipt}
          hint={
            resumo
              ? `${resumo.quantidade} ${resumo.quantidade === 1 ? 'despesa' : 'despesas'} em ${mesLabel}`
              : mesLabel
          }
          testId="kpi-total-mes"
        />
        <KpiCard
          title="Pagas"
          value={kpi(resumo?.total_pago)}
          icon={CircleCheck}
          valueClassName="text-green-700"
          testId="kpi-pagas"
        />
        <KpiCard
          title="Pendentes"
          value={kpi(resumo?.total_pendente)}
          icon={Clock}
          valueClassName="text-amber-700"
          testId="kpi-pendentes"
        />
        <KpiCard
          title="Custo Hora"
          value={kpi(resumo?.custo_hora)}
          icon={Timer}
          hint="Total do mês ÷ 220 horas"
          testId="kpi-custo-hora"
        />
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="lista">Lista</TabsTrigger>
          <TabsTrigger value="nova">Nova</TabsTrigger>
          <TabsTrigger value="relatorio">Relatório</TabsTrigger>
        </TabsList>
        <TabsContent value="lista">
          <ListaDespesas
            data={list.data}
            loading={list.isPending}
            stale={list.isPlaceholderData}
            q={q}
            onSearch={onSearch}
            page={page}
            onPage={setPage}
            listKey={listKey}
            mesLabel={mesLabel}
          />
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
