import { Download } from 'lucide-react';
import {
  STATUS_NOTA_FISCAL,
  STATUS_NOTA_FISCAL_LABEL,
  TIPO_NOTA_FISCAL_LABEL,
  TIPOS_NOTA_FISCAL,
} from '../../../schemas/notas-fiscais';
import { columnsOf, DataTable } from '../../components/kit/data-table';
import { exportUrl } from '../../components/kit/export-url';
import { useResourceList } from '../../components/kit/use-resource-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { client } from '../../lib/client';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { NotaFiscal } from '../../lib/resources';
import { STATUS_BADGE } from './status-badge';

const FILTERS = { tipo: '', status: '', inicio: '', fim: '' };

/** "NF-e 1/700", or "NFS-e 2026000001" once the city numbered it (Lavra's control number until then). */
export function rotuloNota(r: Pick<NotaFiscal, 'tipo' | 'serie' | 'numero' | 'numero_prefeitura'>) {
  return r.tipo === 'nfse'
    ? `NFS-e ${r.numero_prefeitura ?? `(controle ${r.numero})`}`
    : `NF-e ${r.serie}/${r.numero}`;
}
type Filtro = keyof typeof FILTERS;
const col = columnsOf<NotaFiscal>();

const columns = [
  col.accessor('created_at', {
    header: 'Emitida em',
    meta: { nowrap: true, card: 'title' },
    cell: (c) => formatDateTime(c.getValue()),
  }),
  col.accessor('numero', {
    header: 'Nota',
    meta: { nowrap: true },
    cell: ({ row: { original: r } }) => rotuloNota(r),
  }),
  col.accessor('venda_numero', { header: 'Venda', cell: (c) => (c.getValue() ? `#${c.getValue()}` : '—') }),
  col.accessor('cliente_nome', {
    header: 'Cliente',
    meta: { card: 'subtitle' },
    cell: (c) => c.getValue() ?? '—',
  }),
  col.display({
    id: 'valor_total',
    header: 'Valor',
    meta: { numeric: true, card: 'figure' },
    cell: ({ row: { original: r } }) => formatMoney(r.valor_total),
  }),
  col.accessor('status', {
    header: 'Status',
    meta: { nowrap: true, card: 'status' },
    cell: ({ row: { original: r } }) => (
      <Badge variant={STATUS_BADGE[r.status]} title={r.mensagem_sefaz ?? undefined}>
        {STATUS_NOTA_FISCAL_LABEL[r.status]}
        {r.status === 'rejeitada' && r.codigo_sefaz ? ` (${r.codigo_sefaz})` : ''}
      </Badge>
    ),
  }),
  col.display({
    id: 'arquivos',
    header: 'Arquivos',
    cell: ({ row: { original: r } }) =>
      r.status === 'autorizada' || r.status === 'cancelada' ? (
        <span className="flex gap-2 text-sm">
          <a className="underline" href={`/api/notas-fiscais/${r.id}/danfe`} download>
            {r.tipo === 'nfse' ? 'PDF' : 'DANFE'}
          </a>
          <a className="underline" href={`/api/notas-fiscais/${r.id}/xml`} download>
            XML
          </a>
        </span>
      ) : (
        '—'
      ),
  }),
];

/** Notas fiscais (issue 30 §4): every invoice by period and status, with its files; export. */
export default function NotasFiscaisPage() {
  const list = useResourceList({
    recurso: 'notas-fiscais',
    endpoint: client['notas-fiscais'],
    limit: 50,
    filters: FILTERS,
    loadError: {
      title: 'Erro ao carregar as notas fiscais',
      text: 'Não foi possível carregar a lista de notas fiscais.',
    },
  });
  const f = list.filters;
  const set = (k: Filtro) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    list.setFilter(k, e.target.value.trim());
  return (
    <>
      <PageHeader
        title="Notas fiscais"
        subtitle="NF-e e NFS-e emitidas pelo provedor fiscal"
        actions={
          <Button asChild variant="outline">
            <a href={exportUrl('notas-fiscais', 'csv', list.params)} download>
              <Download />
              Exportar CSV
            </a>
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor="nf-tipo">Tipo</Label>
          <NativeSelect id="nf-tipo" value={f.tipo} onChange={set('tipo')}>
            <option value="">Todos</option>
            {TIPOS_NOTA_FISCAL.map((t) => (
              <option key={t} value={t}>
                {TIPO_NOTA_FISCAL_LABEL[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="nf-status">Status</Label>
          <NativeSelect id="nf-status" value={f.status} onChange={set('status')}>
            <option value="">Todos</option>
            {STATUS_NOTA_FISCAL.map((s) => (
              <option key={s} value={s}>
                {STATUS_NOTA_FISCAL_LABEL[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="nf-inicio">De</Label>
          <Input id="nf-inicio" type="date" value={f.inicio} onChange={set('inicio')} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="nf-fim">Até</Label>
          <Input id="nf-fim" type="date" value={f.fim} onChange={set('fim')} />
        </div>
      </div>
      <DataTable
        list={list}
        columns={columns}
        label="Notas fiscais"
        getRowId={(r) => r.id}
        rowLabel={rotuloNota}
        loadingText="Carregando notas fiscais..."
        emptyText="Nenhuma nota fiscal emitida."
        emptyFilteredText="Nenhuma nota fiscal encontrada com esses filtros."
      />
    </>
  );
}
