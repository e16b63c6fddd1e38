import { TIPO_DESPESA_LABEL } from '../../../schemas/despesas';
import { badgeColumn, dateColumn, moneyColumn, titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, NONE } from '../../components/kit/data-table';
import { Switch } from '../../components/ui/checkbox';
import { formatDate } from '../../lib/format';
import type { Despesa } from '../../lib/resources';

const TIPO_VARIANT = { avulso: 'gray', mensal: 'blue', parcelada: 'yellow' } as const;
const col = columnsOf<Despesa>();

/** The columns of a month's expenses; the status switch marks one paid or pending. */
export function despesaColumns(onStatus: (d: Despesa, paga: boolean) => void) {
  return [
    col.accessor('descricao', {
      ...titleColumn('Descrição'),
      cell: ({ row: { original: d } }) => (
        <>
          {d.descricao}
          {d.observacoes && <p className="text-xs font-normal text-muted-foreground">{d.observacoes}</p>}
        </>
      ),
    }),
    col.accessor('tipo', badgeColumn('Tipo', TIPO_VARIANT, TIPO_DESPESA_LABEL, { card: 'subtitle' })),
    col.accessor('data_vencimento', dateColumn('Vencimento', { card: 'figure' })),
    col.display({
      id: 'parcela',
      header: 'Parcela',
      meta: { nowrap: true, card: 'figure' },
      cell: ({ row: { original: d } }) => (d.tipo === 'avulso' ? NONE : `${d.parcela_atual}/${d.parcelas}`),
    }),
    col.accessor('valor', moneyColumn('Valor', { card: 'figure' })),
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
