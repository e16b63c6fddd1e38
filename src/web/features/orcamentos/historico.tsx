import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Eye, Pencil, Printer, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { STATUS_ORCAMENTO, type StatusOrcamento } from '../../../schemas/orcamentos';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { client, json, withSignal } from '../../lib/client';
import { formatDate, formatMoney } from '../../lib/format';
import type { OrcamentoLinha } from '../../lib/resources';
import { EnviarAcao } from './enviar-cliente';
import { StatusBadge, statusLabel } from './status';
import { resumoPecasTexto } from './texto';

const LIMIT = 20;

export interface HistoricoActions {
  onView: (o: OrcamentoLinha) => void;
  onPrint: (o: OrcamentoLinha) => void;
  onEdit: (o: OrcamentoLinha) => void;
  onVenda: (o: OrcamentoLinha) => void;
  onDelete: (o: OrcamentoLinha) => void;
}

export interface HistoricoFiltros {
  q: string;
  status: StatusOrcamento | '';
  page: number;
}
export const FILTROS_INICIAIS: HistoricoFiltros = { q: '', status: '', page: 1 };

/**
 * The Histórico tab: quotes searched, filtered and paginated on the server. The filters live in the
 * page, so they survive a trip to the editor tab.
 */
export function Historico({
  filtros,
  onFiltros,
  ...actions
}: HistoricoActions & { filtros: HistoricoFiltros; onFiltros: (f: HistoricoFiltros) => void }) {
  const { q, status, page } = filtros;
  const setPage = (p: number) => onFiltros({ ...filtros, page: p });
  const query = useQuery({
    queryKey: ['orcamentos', 'lista', { q, status, page }],
    queryFn: ({ signal }) =>
      json(
        client.orcamentos.$get(
          { query: { q, status: status || undefined, page, limit: LIMIT } },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error && !(query.error instanceof ApiError && query.error.status === 401)) {
      toast.error('Erro ao carregar orçamentos', {
        description: 'Não foi possível carregar a lista de orçamentos.',
      });
    }
  }, [query.error]);
  // A page emptied by a delete goes back one page.
  const total = query.data?.total ?? 0;
  useEffect(() => {
    if (query.data && page > 1 && query.data.items.length === 0 && total > 0)
      onFiltros({ ...filtros, page: page - 1 });
  }, [query.data, page, total, filtros, onFiltros]);

  const items = query.data?.items ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput
          value={q}
          onChange={(v) => onFiltros({ ...filtros, q: v, page: 1 })}
          placeholder="Buscar por número ou cliente..."
          label="Buscar orçamentos"
        />
        <NativeSelect
          aria-label="Filtrar por status"
          value={status}
          onChange={(e) =>
            onFiltros({
              ...filtros,
              status: STATUS_ORCAMENTO.find((s) => s === e.target.value) ?? '',
              page: 1,
            })
          }
          className="sm:w-52"
        >
          <option value="">Todos os status</option>
          {STATUS_ORCAMENTO.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {query.isLoading ? (
        <Loading text="Carregando orçamentos..." />
      ) : items.length === 0 ? (
        <Empty text="Nenhum orçamento encontrado" />
      ) : (
        <Table aria-label="Histórico de orçamentos">
          <THead>
            <TR>
              <TH>Nº</TH>
              <TH>Cliente</TH>
              <TH>Vendedor</TH>
              <TH>Arquiteto</TH>
              <TH>Data</TH>
              <TH className="text-right">Valor</TH>
              <TH>Status</TH>
              <TH className="text-right">Ações</TH>
            </TR>
          </THead>
          <TBody>
            {items.map((o) => (
              <TR key={o.id}>
                <TD className="font-medium">#{o.numero}</TD>
                <TD className="min-w-44">
                  {o.cliente_nome ?? 'Cliente não encontrado'}
                  <span className="block text-xs text-muted-foreground">
                    {resumoPecasTexto(o.resumo_pecas)}
                  </span>
                </TD>
                <TD>{o.vendedor_nome ?? '—'}</TD>
                <TD>{o.arquiteto_nome ?? '—'}</TD>
                <TD className="whitespace-nowrap">{formatDate(o.created_at)}</TD>
                <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(o.valor_total)}</TD>
                <TD className="whitespace-nowrap">
                  <StatusBadge status={o.status} />
                </TD>
                <TD>
                  <div className="flex justify-end">
                    <IconAction
                      label={`Ver detalhes do orçamento #${o.numero}`}
                      onClick={() => actions.onView(o)}
                    >
                      <Eye />
                    </IconAction>
                    <IconAction label={`Imprimir orçamento #${o.numero}`} onClick={() => actions.onPrint(o)}>
                      <Printer />
                    </IconAction>
                    <EnviarAcao o={o} />
                    {o.status !== 'venda_realizada' && (
                      <>
                        <IconAction label={`Editar orçamento #${o.numero}`} onClick={() => actions.onEdit(o)}>
                          <Pencil />
                        </IconAction>
                        <IconAction
                          label={`Gerar venda do orçamento #${o.numero}`}
                          onClick={() => actions.onVenda(o)}
                        >
                          <ShoppingCart className="text-green-700" />
                        </IconAction>
                        <IconAction
                          label={`Excluir orçamento #${o.numero}`}
                          onClick={() => actions.onDelete(o)}
                        >
                          <Trash2 className="text-destructive" />
                        </IconAction>
                      </>
                    )}
                  </div>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {query.data && <Pagination page={page} limit={LIMIT} total={total} onPage={setPage} />}
    </div>
  );
}

function IconAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} title={label} onClick={onClick}>
      {children}
    </Button>
  );
}
