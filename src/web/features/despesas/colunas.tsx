import { TIPO_DESPESA_LABEL } from '../../../schemas/despesas';
import { columnsOf, NONE } from '../../components/kit/data-table';
import { Badge } from '../../components/ui/badge';
import { Switch } from '../../components/ui/checkbox';
import { formatDate, formatMoney } from '../../lib/format';
import type { Despesa } from '../../lib/resources';

const TIPO_VARIANT = { avulso: 'gray', mensal: 'blue', parcelada: 'yellow' } as const;
const col = columnsOf<Despesa>();

/** The columns of a month's expenses; the status switch marks one paid or pending. */
export function despesaColumns(onStatus: (d: Despesa, paga: boolean) => void) {
  return [
    col.accessor('descricao', {
      header: 'Descrição',
      meta: { card: 'title', className: 'min-w-40 font-medium' },
      cell: ({ row: { original: d } }) => (
        <>
          {d.descricao}
          {d.observacoes && <p className="text-xs font-normal text-muted-foreground">{d.observacoes}</p>}
        </>
      ),
    }),
    col.accessor('tipo', {
      header: 'Tipo',
      meta: { card: 'subtitle' },
      cell: (c) => <Badge variant={TIPO_VARIANT[c.getValue()]}>{TIPO_DESPESA_LABEL[c.getValue()]}</Badge>,
    }),
    col.accessor('data_vencimento', {
      header: 'Vencimento',
      meta: { nowrap: true, card: 'figure' },
      cell: (c) => formatDate(c.getValue()),
    }),
    col.display({
      id: 'parcela',
      header: 'Parcela',
      meta: { nowrap: true, card: 'figure' },
      cell: ({ row: { original: d } }) => (d.tipo === 'avulso' ? NONE : `${d.parcela_atual}/${d.parcelas}`),
    }),
    col.accessor('valor', {
      header: 'Valor',
      meta: { numeric: true, card: 'figure' },
      cell: (c) => formatMoney(c.getValue()),
    }),
    col.accessor('status', {
      header: 'Status',
      meta: { card: 'status' },
      cell: ({ row: { original: d } }) => {
        const paga = d.status === 'paga';
        return (
          <div className="flex items-center gap-2">
            <Switch
              checked={paga}
              aria-label={`${d.descricao} ${formatDate(d.data_vencimento)} paga`}
              onCheckedChange={(v) => onStatus(d, v)}
            />
            <span className={paga ? 'text-sm text-green-700' : 'text-sm text-amber-700'}>
              {paga ? 'Paga' : 'Pendente'}
            </span>
          </div>
        );
      },
    }),
  ];
}
