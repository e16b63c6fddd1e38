import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { TIPO_DESPESA_LABEL } from '../../../schemas/despesas';
import { Card, TitledCard } from '../../components/ui/card';
import { Empty, Loading } from '../../components/ui/states';
import { MoneyTD, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { toastError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { relatorioOptions } from './api';
import { MESES } from './shared';

const RelatorioChart = lazy(() => import('./relatorio-chart'));

/** The "Relatório" tab: the year's totals by type and by month, with a chart. */
export function RelatorioDespesas({ ano }: { ano: number }) {
  const rel = useQuery(relatorioOptions(ano));
  useEffect(() => {
    if (rel.error)
      toastError(
        'Erro ao carregar despesas',
        rel.error,
        'Não foi possível carregar o relatório de despesas.',
      );
  }, [rel.error]);

  if (rel.isPending) return <Loading text="Carregando relatório..." />;
  if (!rel.data) return <Empty text="Não foi possível carregar o relatório." />;
  const r = rel.data;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card className="p-4">
          <p className="text-sm font-medium text-muted-foreground">Total em {ano}</p>
          <p className="mt-2 text-2xl font-bold" data-testid="relatorio-total">
            {formatMoney(r.total)}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            Pagas {formatMoney(r.total_pago)} · Pendentes {formatMoney(r.total_pendente)}
          </p>
        </Card>
        {r.por_tipo.map((t) => (
          <Card key={t.tipo} className="p-4">
            <p className="text-sm font-medium text-muted-foreground">{TIPO_DESPESA_LABEL[t.tipo]}</p>
            <p className="mt-2 text-2xl font-bold">{formatMoney(t.total)}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {t.quantidade} {t.quantidade === 1 ? 'lançamento' : 'lançamentos'}
            </p>
          </Card>
        ))}
      </div>
      <TitledCard
        title="Despesas por mês"
        description={`Pagas e pendentes, pelo mês de vencimento, em ${ano}.`}
      >
        {r.total === 0 ? (
          <Empty text={`Nenhuma despesa com vencimento em ${ano}.`} />
        ) : (
          <Suspense fallback={<Loading text="Carregando gráfico..." />}>
            <RelatorioChart porMes={r.por_mes} />
          </Suspense>
        )}
      </TitledCard>
      <Table aria-label={`Despesas por mês em ${ano}`}>
        <THead>
          <TR>
            <TH>Mês</TH>
            <TH className="text-right">Lançamentos</TH>
            <TH className="text-right">Pagas</TH>
            <TH className="text-right">Pendentes</TH>
            <TH className="text-right">Total</TH>
          </TR>
        </THead>
        <TBody>
          {r.por_mes.map((m) => (
            <TR key={m.mes}>
              <TD>{MESES[m.mes - 1]}</TD>
              <TD className="text-right tabular-nums">{m.quantidade}</TD>
              <MoneyTD value={m.pago} className="tabular-nums" />
              <MoneyTD value={m.pendente} className="tabular-nums" />
              <MoneyTD value={m.total} className="font-medium tabular-nums" />
            </TR>
          ))}
          <TR className="bg-muted/40 font-semibold">
            <TD>Total</TD>
            <TD className="text-right tabular-nums">{r.por_mes.reduce((n, m) => n + m.quantidade, 0)}</TD>
            <MoneyTD value={r.total_pago} className="tabular-nums" />
            <MoneyTD value={r.total_pendente} className="tabular-nums" />
            <MoneyTD value={r.total} className="tabular-nums" />
          </TR>
        </TBody>
      </Table>
    </div>
  );
}
