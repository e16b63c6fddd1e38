import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Pagination } from '../../components/ui/pagination';
import { Empty, Loading } from '../../components/ui/states';
import { MoneyTD, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { formatMoney } from '../../lib/format';
import { calculoOptions } from './api';

const LIMIT = 20;

/**
 * Cálculo de Custo (doc 2 §2): each active employee's hourly cost (salário ÷ horas mensais), their
 * average and total — all worked out by the server, the page only shows them.
 */
export function CalculoCusto() {
  const [page, setPage] = useState(1);
  const q = useQuery(calculoOptions(page, LIMIT));
  const c = q.data?.calculo;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Cálculo de Custo por Hora</CardTitle>
        <CardDescription>
          Custo por hora de cada funcionário ativo = salário ÷ horas mensais (padrão 220 h).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {q.isPending ? (
          <Loading text="Calculando custos..." />
        ) : q.isError && !c ? (
          <Empty text="Não foi possível calcular os custos.">
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar novamente
            </Button>
          </Empty>
        ) : !c?.total ? (
          <Empty text="Nenhum funcionário ativo para calcular." />
        ) : (
          <>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-md border bg-muted/40 p-3">
                <dt className="text-sm text-muted-foreground">Custo médio por hora</dt>
                <dd className="text-xl font-bold" data-testid="calculo-media">
                  {formatMoney(c.media)}
                </dd>
              </div>
              <div className="rounded-md border bg-muted/40 p-3">
                <dt className="text-sm text-muted-foreground">Custo total por hora ({c.total} ativos)</dt>
                <dd className="text-xl font-bold" data-testid="calculo-total">
                  {formatMoney(c.soma)}
                </dd>
              </div>
            </dl>
            <Table aria-label="Custo por hora de cada funcionário" aria-busy={q.isFetching}>
              <THead>
                <TR>
                  <TH>Nome</TH>
                  <TH>Cargo</TH>
                  <TH className="text-right">Salário</TH>
                  <TH className="text-right">Horas/Mês</TH>
                  <TH className="text-right">Custo/Hora</TH>
                </TR>
              </THead>
              <TBody>
                {c.items.map((f) => (
                  <TR key={f.id}>
                    <TD className="min-w-40 font-medium">{f.nome}</TD>
                    <TD className="whitespace-nowrap">{f.cargo}</TD>
                    <MoneyTD value={f.salario} />
                    <TD className="text-right">{f.horas_mensais}</TD>
                    <MoneyTD value={f.custo_hora} className="font-medium" />
                  </TR>
                ))}
              </TBody>
            </Table>
            <Pagination page={page} limit={LIMIT} total={c.total} onPage={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
