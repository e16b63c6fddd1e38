import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CreditCard, Eye, Layers, Pencil, Trash2, TrendingUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Page } from '../../../schemas/common';
import { TIPO_VENDA_LABEL, type Venda, type VendasEstatisticas } from '../../../schemas/vendas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Switch } from '../../components/ui/checkbox';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { KpiCard } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { api, qs, toastError, toastSuccess } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { STATUS_BADGE, statusLabel } from './format-venda';
import { VendaDetalhes } from './venda-detalhes';
import { VendaEditDialog } from './venda-edit-dialog';

const LIMIT = 20;

function ComissaoToggle({ venda }: { venda: Venda }) {
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: (paga: boolean) => api.patch<Venda>(`/vendas/${venda.id}/comissao`, { comissao_paga: paga }),
    onSuccess: (_, paga) => {
      toastSuccess(paga ? 'Comissão marcada como paga' : 'Comissão marcada como pendente');
      void qc.invalidateQueries({ queryKey: ['vendas'] });
      void qc.invalidateQueries({ queryKey: ['relatorios'] });
    },
    onError: (err) => {
      console.error('Erro ao atualizar status da comissão', err);
      toastError('Erro ao atualizar status', err);
    },
  });
  const paga = toggle.isPending ? !!toggle.variables : venda.comissao_paga;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={paga}
        disabled={toggle.isPending}
        onCheckedChange={(v) => toggle.mutate(v)}
        aria-label={`Comissão paga da venda #${venda.numero}`}
      />
      <div className="flex flex-col leading-tight">
        {venda.comissao_vendedor > 0 && (
          <span className="whitespace-nowrap text-sm">Vend. {formatMoney(venda.comissao_vendedor)}</span>
        )}
        {venda.comissao_arquiteto > 0 && (
          <span className="whitespace-nowrap text-sm">Arq. {formatMoney(venda.comissao_arquiteto)}</span>
        )}
        <span className={paga ? 'text-xs text-success' : 'text-xs text-muted-foreground'}>
          {paga ? 'Paga' : 'Pendente'}
        </span>
      </div>
    </div>
  );
}

export default function VendasPage() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [detalhe, setDetalhe] = useState<Venda | null>(null);
  const [editId, setEditId] = useState<string | null>(null);
  const [excluir, setExcluir] = useState<Venda | null>(null);

  const stats = useQuery({
    queryKey: ['vendas', 'estatisticas'],
    queryFn: ({ signal }) => api.get<VendasEstatisticas>('/vendas/estatisticas', signal),
  });
  const list = useQuery({
    queryKey: ['vendas', 'lista', { q, page }],
    queryFn: ({ signal }) => api.get<Page<Venda>>(`/vendas${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar vendas', list.error, 'Não foi possível carregar a lista de vendas.');
  }, [list.error]);

  const remove = useMutation({
    mutationFn: (v: Venda) => api.delete(`/vendas/${v.id}`),
    onSuccess: (_, v) => {
      toastSuccess(
        'Venda removida com sucesso!',
        v.orcamento_id ? 'O orçamento relacionado voltou para o status Pendente.' : undefined,
      );
      setExcluir(null);
      void qc.invalidateQueries({ queryKey: ['vendas'] });
      void qc.invalidateQueries({ queryKey: ['orcamentos'] });
      void qc.invalidateQueries({ queryKey: ['relatorios'] });
    },
    onError: (err) => {
      setExcluir(null);
      console.error('Erro ao remover venda', err);
      toastError('Erro ao remover venda', err);
    },
  });

  // The detail dialog follows the list, so a change made elsewhere shows up while it is open.
  const rows = list.data?.items ?? [];
  const detalheAtual = detalhe ? (rows.find((r) => r.id === detalhe.id) ?? detalhe) : null;
  const s = stats.data;
  const kpi = (v: number | undefined, f: (n: number) => string) => (v === undefined ? '…' : f(v));

  return (
    <>
      <PageHeader title="Vendas" subtitle="Acompanhamento das vendas geradas a partir dos orçamentos" />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <KpiCard
          title="Vendas do Mês"
          icon={TrendingUp}
          value={kpi(s?.vendas_mes, formatMoney)}
          hint="Valor líquido"
        />
        <KpiCard
          title="Vendas Hoje"
          icon={CalendarCheck}
          value={kpi(s?.vendas_hoje, String)}
          hint="Quantidade"
        />
        <KpiCard
          title="Total Cartão"
          icon={CreditCard}
          value={kpi(s?.total_cartao, formatMoney)}
          hint="Vendas com cartão"
        />
        <KpiCard
          title="Total Parcelado"
          icon={Layers}
          value={kpi(s?.total_parcelado, formatMoney)}
          hint="Vendas parceladas"
        />
      </div>

      <Tabs defaultValue="historico">
        <TabsList>
          <TabsTrigger value="historico">Histórico de Vendas</TabsTrigger>
        </TabsList>
        <TabsContent value="historico">
          <Card>
            <CardHeader>
              <CardTitle>Histórico de Vendas</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SearchInput
                value={q}
                onChange={(v) => {
                  setQ(v);
                  setPage(1);
                }}
                placeholder="Buscar por número ou cliente..."
                label="Buscar vendas"
              />
              {list.isPending ? (
                <Loading text="Carregando vendas..." />
              ) : rows.length === 0 ? (
                <Empty text={q ? 'Nenhuma venda encontrada.' : 'Nenhuma venda registrada.'} />
              ) : (
                <>
                  <Table aria-label="Vendas">
                    <THead>
                      <TR>
                        <TH>Nº</TH>
                        <TH>Cliente</TH>
                        <TH>Arquiteto</TH>
                        <TH>Data</TH>
                        <TH className="text-right">Valor Bruto</TH>
                        <TH>Comissão</TH>
                        <TH>Tipo</TH>
                        <TH>Status</TH>
                        <TH className="text-right">Ações</TH>
                      </TR>
                    </THead>
                    <TBody>
                      {rows.map((v) => (
                        <TR key={v.id}>
                          <TD className="font-medium">#{v.numero}</TD>
                          <TD className="min-w-40">{v.cliente_nome ?? '-'}</TD>
                          <TD>{v.arquiteto_nome ?? '-'}</TD>
                          <TD>{formatDate(v.data_venda)}</TD>
                          <TD className="whitespace-nowrap text-right">{formatMoney(v.valor_bruto)}</TD>
                          <TD>
                            <ComissaoToggle venda={v} />
                          </TD>
                          <TD className="whitespace-nowrap">
                            {TIPO_VENDA_LABEL[v.tipo_venda] ?? v.tipo_venda}
                          </TD>
                          <TD>
                            <Badge variant={STATUS_BADGE[v.status]}>{statusLabel(v.status)}</Badge>
                          </TD>
                          <TD>
                            <div className="flex justify-end gap-1">
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Ver venda #${v.numero}`}
                                onClick={() => setDetalhe(v)}
                              >
                                <Eye />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Editar venda #${v.numero}`}
                                onClick={() => setEditId(v.id)}
                              >
                                <Pencil />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Excluir venda #${v.numero}`}
                                onClick={() => setExcluir(v)}
                              >
                                <Trash2 className="text-destructive" />
                              </Button>
                            </div>
                          </TD>
                        </TR>
                      ))}
                    </TBody>
                  </Table>
                  <Pagination page={page} limit={LIMIT} total={list.data?.total ?? 0} onPage={setPage} />
                </>
              )}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <VendaDetalhes venda={detalheAtual} onOpenChange={(open) => !open && setDetalhe(null)} />
      <VendaEditDialog vendaId={editId} onOpenChange={(open) => !open && setEditId(null)} />
      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(open) => !open && setExcluir(null)}
        title="Confirmar exclusão"
        description={`Tem certeza que deseja excluir a venda #${excluir?.numero ?? ''}? Esta ação não pode ser desfeita.`}
        busy={remove.isPending}
        onConfirm={() => excluir && remove.mutateAsync(excluir)}
      />
    </>
  );
}
