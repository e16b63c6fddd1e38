import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleArrowDown, CircleArrowUp, Pencil, Trash2, Vault, Wallet } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CaixaResumo, Movimentacao } from '../../../schemas/caixa';
import { TIPO_MOVIMENTACAO_LABEL } from '../../../schemas/caixa';
import type { Page } from '../../../schemas/common';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { KpiCard } from '../../components/ui/kpi-card';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { api, qs } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { cn } from '../../lib/utils';
import { errorMessage, MovimentacaoForm } from './movimentacao-form';

const LIMIT = 20;

function CaixaInicialCard({ atual }: { atual: number | undefined }) {
  const qc = useQueryClient();
  const [valor, setValor] = useState('');
  const [erro, setErro] = useState<string>();
  // isPending reaches the button after the event; a double-click's second submit is stopped here.
  const sending = useRef(false);
  const save = useMutation({
    mutationFn: (v: string) => api.put('/caixa/inicial', { valor: v }),
    onSuccess: () => {
      toast.success('Sucesso', { description: 'Caixa inicial atualizado com sucesso!' });
      setValor('');
      void qc.invalidateQueries({ queryKey: ['caixa'] });
    },
    onError: (err) => {
      toast.error('Erro', { description: `Erro ao atualizar caixa inicial: ${errorMessage(err)}` });
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Definir Caixa Inicial</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Definir Caixa Inicial"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valor.trim()) {
              setErro('Informe o valor inicial.');
              return;
            }
            setErro(undefined);
            if (sending.current) return;
            sending.current = true;
            save.mutate(valor, {
              onSettled: () => {
                sending.current = false;
              },
            });
          }}
        >
          <FormField id="caixa-inicial" label="Valor Inicial" error={erro} className="sm:w-64">
            <Input
              {...fieldA11y('caixa-inicial', erro)}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder={atual !== undefined ? atual.toFixed(2) : '0.00'}
              value={valor}
              onChange={(e) => {
                setValor(e.target.value);
                if (erro) setErro(undefined);
              }}
            />
          </FormField>
          <Button type="submit" disabled={save.isPending}>
            Atualizar Caixa Inicial
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export default function CaixaPage() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Movimentacao | null>(null);
  const [removing, setRemoving] = useState<Movimentacao | null>(null);

  const resumo = useQuery({
    queryKey: ['caixa', 'resumo'],
    queryFn: ({ signal }) => api.get<CaixaResumo>('/caixa', signal),
  });
  const movs = useQuery({
    queryKey: ['caixa', 'movimentacoes', { q, page }],
    queryFn: ({ signal }) =>
      api.get<Page<Movimentacao>>(`/caixa/movimentacoes${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    const err = resumo.error ?? movs.error;
    if (err) toast.error('Erro', { description: `Erro ao carregar o caixa: ${errorMessage(err)}` });
  }, [resumo.error, movs.error]);

  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/caixa/movimentacoes/${id}`),
    onSuccess: (_r, id) => {
      toast.success('Sucesso', { description: 'Movimentação excluída com sucesso!' });
      setRemoving(null);
      if (editing?.id === id) setEditing(null);
      void qc.invalidateQueries({ queryKey: ['caixa'] });
    },
    onError: (err) =>
      toast.error('Erro', { description: `Erro ao excluir movimentação: ${errorMessage(err)}` }),
  });

  const onSearch = useCallback((v: string) => {
    setQ(v);
    setPage(1);
  }, []);

  const r = resumo.data;
  const money = (v: number | undefined) => (r ? formatMoney(v) : '—');

  return (
    <>
      <PageHeader title="Fluxo de Caixa" subtitle="Caixa inicial, entradas e saídas" />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <KpiCard title="Caixa Inicial" value={money(r?.caixa_inicial)} icon={Vault} testId="caixa-inicial" />
        <KpiCard
          title="Total Entradas"
          value={money(r?.total_entradas)}
          icon={CircleArrowUp}
          valueClassName="text-green-700"
          testId="caixa-entradas"
        />
        <KpiCard
          title="Total Saídas"
          value={money(r?.total_saidas)}
          icon={CircleArrowDown}
          valueClassName="text-red-600"
          testId="caixa-saidas"
        />
        <KpiCard
          title="Saldo Atual"
          value={money(r?.saldo)}
          icon={Wallet}
          valueClassName={r ? (r.saldo >= 0 ? 'text-green-700' : 'text-red-600') : undefined}
          testId="caixa-saldo"
        />
      </div>

      <div className="mb-6 grid gap-6">
        <CaixaInicialCard atual={r?.caixa_inicial} />
        <MovimentacaoForm editing={editing} onDone={() => setEditing(null)} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Histórico de Movimentações</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <SearchInput
            value={q}
            onChange={onSearch}
            placeholder="Buscar por nome..."
            label="Buscar movimentações"
          />
          {movs.isPending ? (
            <Loading text="Carregando movimentações..." />
          ) : !movs.data?.items.length ? (
            <Empty
              text={q ? 'Nenhuma movimentação encontrada para a busca.' : 'Nenhuma movimentação registrada.'}
            />
          ) : (
            <>
              <Table aria-label="Histórico de Movimentações">
                <THead>
                  <TR>
                    <TH>Nome</TH>
                    <TH className="text-right">Valor</TH>
                    <TH>Data</TH>
                    <TH>Tipo</TH>
                    <TH className="text-right">Ações</TH>
                  </TR>
                </THead>
                <TBody>
                  {movs.data.items.map((m) => (
                    <TR key={m.id} className={cn(editing?.id === m.id && 'bg-accent')}>
                      <TD className="min-w-36 font-medium">{m.nome}</TD>
                      <TD
                        className={cn(
                          'whitespace-nowrap text-right font-medium tabular-nums',
                          m.tipo === 'entrada' ? 'text-green-700' : 'text-red-600',
                        )}
                      >
                        {formatMoney(m.valor)}
                      </TD>
                      <TD className="whitespace-nowrap">{formatDate(m.data)}</TD>
                      <TD>
                        <Badge variant={m.tipo === 'entrada' ? 'green' : 'red'}>
                          {TIPO_MOVIMENTACAO_LABEL[m.tipo]}
                        </Badge>
                      </TD>
                      <TD>
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Editar ${m.nome}`}
                            onClick={() => {
                              setEditing(m);
                              window.scrollTo({ top: 0, behavior: 'smooth' });
                            }}
                          >
                            <Pencil />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Excluir ${m.nome}`}
                            onClick={() => setRemoving(m)}
                          >
                            <Trash2 className="text-destructive" />
                          </Button>
                        </div>
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
              <Pagination page={page} limit={LIMIT} total={movs.data.total} onPage={setPage} />
            </>
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Confirmar Exclusão"
        description="Tem certeza que deseja excluir esta movimentação?"
        confirmLabel="Excluir"
        cancelLabel="Cancelar"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutateAsync(removing.id)}
      />
    </>
  );
}
