import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CreditCard, Eye, Layers, Pencil, Trash2, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { DataTable } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { useRemove } from '../../components/kit/use-remove';
import { listaError, useResourceList } from '../../components/kit/use-resource-list';
import { TitledCard } from '../../components/ui/card';
import { KpiGrid } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { IconAction } from '../../components/ui/row-actions';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { client } from '../../lib/client';
import { formatMoney } from '../../lib/format';
import type { Venda } from '../../lib/resources';
import { estatisticasOptions } from './api';
import { vendaColumns } from './colunas';
import { VendaDetalhes } from './venda-detalhes';
import { VendaEditDialog } from './venda-edit-dialog';

// The summary's figures: title, icon, the field of /vendas/estatisticas, how it reads, the line under it.
const KPIS = [
  ['Vendas do Mês', TrendingUp, 'vendas_mes', formatMoney, 'Valor líquido'],
  ['Vendas Hoje', CalendarCheck, 'vendas_hoje', String, 'Quantidade'],
  ['Total Cartão', CreditCard, 'total_cartao', formatMoney, 'Vendas com cartão'],
  ['Total Parcelado', Layers, 'total_parcelado', formatMoney, 'Vendas parceladas'],
] as const;

export default function VendasPage() {
  const [detalhe, setDetalhe] = useState<Venda | null>(null);
  const [editId, setEditId] = useState<string | null>(null);
  const stats = useQuery(estatisticasOptions());
  const list = useResourceList({
    recurso: 'vendas',
    endpoint: client.vendas,
    defaultSort: '-created_at',
    loadError: listaError('vendas'),
  });
  const remove = useRemove<Venda>({
    recurso: 'vendas',
    endpoint: client.vendas,
    question: (v) => `Tem certeza que deseja excluir a venda #${v.numero}? Esta ação não pode ser desfeita.`,
    success: 'Venda removida com sucesso!',
    successDescription: (v) =>
      v.orcamento_id ? 'O orçamento relacionado voltou para o status Pendente.' : undefined,
    errorTitle: 'Erro ao remover venda',
    invalidates: ['orcamentos', 'relatorios'],
  });

  // The detail dialog follows the list, so a change made elsewhere shows up while it is open.
  const rows = list.query.data?.items ?? [];
  const detalheAtual = detalhe ? (rows.find((r) => r.id === detalhe.id) ?? detalhe) : null;
  const s = stats.data;
  const kpi = (v: number | undefined, f: (n: number) => string) => (v === undefined ? '…' : f(v));

  return (
    <>
      <PageHeader title="Vendas" subtitle="Acompanhamento das vendas geradas a partir dos orçamentos" />
      <KpiGrid
        className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
        kpis={KPIS.map(([title, icon, campo, f, hint]) => ({ title, icon, hint, value: kpi(s?.[campo], f) }))}
      />
      <Tabs defaultValue="historico">
        <TabsList>
          <TabsTrigger value="historico">Histórico de Vendas</TabsTrigger>
        </TabsList>
        <TabsContent value="historico">
          <TitledCard title="Histórico de Vendas" contentClassName="grid gap-4">
            <ListSearch
              list={list}
              lista="vendas"
              label="Buscar vendas"
              placeholder="Buscar por número ou cliente..."
            />
            <DataTable
              list={list}
              columns={vendaColumns}
              label="Vendas"
              rowLabel={(v) => `Venda #${v.numero}`}
              loadingText="Carregando vendas..."
              emptyText="Nenhuma venda registrada."
              emptyFilteredText="Nenhuma venda encontrada."
              actions={(v) => (
                <div className="flex justify-end">
                  <IconAction label={`Ver venda #${v.numero}`} icon={Eye} onClick={() => setDetalhe(v)} />
                  <IconAction
                    label={`Editar venda #${v.numero}`}
                    icon={Pencil}
                    onClick={() => setEditId(v.id)}
                  />
                  <IconAction
                    label={`Excluir venda #${v.numero}`}
                    icon={Trash2}
                    onClick={() => remove.ask(v)}
                    iconClassName="text-destructive"
                  />
                </div>
              )}
            />
          </TitledCard>
        </TabsContent>
      </Tabs>
      <VendaDetalhes venda={detalheAtual} onOpenChange={(open) => !open && setDetalhe(null)} />
      <VendaEditDialog vendaId={editId} onOpenChange={(open) => !open && setEditId(null)} />
      {remove.dialog}
    </>
  );
}
