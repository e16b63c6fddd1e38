import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Percent } from 'lucide-react';
import { useEffect } from 'react';

import { listaFormTabs, ResourceTabs } from '../../components/kit/resource-tabs';
import { useListFormTabs } from '../../components/kit/use-resource-list';
import { KpiGrid } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { toastError } from '../../lib/api';
import { formatPercent } from '../../lib/format';
import { estatisticasOptions } from './api';
import { CartaoForm } from './cartao-form';
import { CartoesLista } from './cartoes-lista';
import { Simulador } from './simulador';

/** Spec doc 2 §2 Pagamentos e Taxas: three KPI cards; tabs Lista, Novo Pagamento, Simulador. */
export default function CartoesPage() {
  const t = useListFormTabs();

  const stats = useQuery(estatisticasOptions());
  useEffect(() => {
    if (stats.error)
      toastError('Erro ao carregar cartões', stats.error, 'Não foi possível carregar os indicadores.');
  }, [stats.error]);
  const s = stats.data;
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatPercent(v));

  return (
    <>
      <PageHeader title="Pagamentos e Taxas" subtitle="Formas de pagamento e taxas de cartão" />
      <KpiGrid
        className="mb-4 grid gap-4 sm:grid-cols-3 md:mb-6"
        kpis={[
          {
            title: 'Métodos Cadastrados',
            icon: CreditCard,
            value: s ? s.total : '…',
            hint: s ? `${s.inativos} inativo${s.inativos === 1 ? '' : 's'}` : undefined,
            testId: 'kpi-total',
          },
          {
            title: 'Métodos Ativos',
            icon: CheckCircle2,
            value: s ? s.ativos : '…',
            hint: 'Disponíveis em orçamentos e vendas',
            testId: 'kpi-ativos',
          },
          {
            title: 'Taxa Média',
            icon: Percent,
            value: (
              <span className="flex flex-col gap-0.5 text-lg">
                <span>Débito: {pct(s?.taxa_media_debito)}</span>
                <span>Crédito 1x: {pct(s?.taxa_media_credito)}</span>
              </span>
            ),
            hint: 'Média dos métodos ativos',
            testId: 'kpi-taxa-media',
          },
        ]}
      />
      <ResourceTabs
        t={t}
        tabs={[
          ...listaFormTabs(t, 'Pagamento', CartoesLista, CartaoForm),
          { value: 'simulador', label: 'Simulador', content: <Simulador /> },
        ]}
      />
    </>
  );
}
