import { ApiError } from '../../lib/api';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useCalculo } from './calculo';

function Linha({
  label,
  value,
  strong,
  hint,
}: {
  label: string;
  value: number | undefined;
  strong?: boolean;
  hint?: string;
}) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-3 py-1', strong && 'border-t pt-2 text-base')}
    >
      <dt className={cn('min-w-0 text-muted-foreground', strong && 'font-semibold text-foreground')}>
        <span>{label}</span>
        {hint && <span className="block text-xs">{hint}</span>}
      </dt>
      <dd className={cn('whitespace-nowrap tabular-nums', strong ? 'text-lg font-bold' : 'font-medium')}>
        {value === undefined ? '—' : formatMoney(value)}
      </dd>
    </div>
  );
}

/** Section 6: the figures the server computed for what the form holds right now. */
export function ResumoPanel() {
  const { data: r, pending, error, recusa } = useCalculo();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p aria-live="polite" className="-mt-2 min-h-4 text-xs text-muted-foreground">
        {recusa ? (
          <span className="font-medium text-destructive">
            Corrija o campo destacado para ver o resumo: {recusa}
          </span>
        ) : null}
        {pending ? 'Calculando...' : ''}
        {!pending && error ? (
          <span className="text-destructive">
            Não foi possível calcular o resumo.{' '}
            {error instanceof ApiError && error.status === 400 ? error.detail : ''}
          </span>
        ) : null}
      </p>
      {/* "Calculando..." says the figures are being refreshed; dimming them would drop the muted labels
          below AA contrast, so they stay as they are and the list is marked busy. */}
      <dl className="flex flex-col" aria-busy={pending || undefined}>
        {/* Issue 14: what the materials are made of (stone with its loss, finished edges, cutouts). */}
        <Linha label="Pedra" value={r?.pedra} />
        <Linha label="Bordas" value={r?.bordas} />
        <Linha label="Recortes" value={r?.recortes} />
        <Linha label="Materiais" value={r?.materiais} />
        <Linha label="Frete" value={r?.valor_frete} />
        <Linha label="Instalação" value={r?.valor_instalacao} />
        <Linha
          label="Custo Hora"
          value={r?.custo_hora}
          hint={
            r
              ? `Funcionários ${formatMoney(r.custo_hora_funcionarios)} + Despesas ${formatMoney(r.custo_hora_despesas)}`
              : undefined
          }
        />
        {r?.funcionarios_custo_hora && r.funcionarios_custo_hora.length > 0 && (
          // Sent by the server only to holders of `funcionarios` (salaries).
          <div className="pb-1 pl-3 text-xs text-muted-foreground">
            <dt className="sr-only">Custo hora por funcionário</dt>
            <dd>
              <ul aria-label="Custo hora por funcionário">
                {r.funcionarios_custo_hora.map((f) => (
                  <li key={f.id} className="flex justify-between gap-3">
                    <span className="min-w-0 break-words">{f.nome}</span>
                    <span className="whitespace-nowrap tabular-nums">{formatMoney(f.custo_hora)}/h</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <Linha
          label="Mão de Obra"
          value={r?.mao_de_obra}
          hint={r ? `${formatNumber(r.horas_trabalho)} h × ${formatMoney(r.custo_hora)}` : undefined}
        />
        <Linha label="Subtotal" value={r?.subtotal} strong={false} />
        <Linha
          label="Margem de Lucro"
          value={r?.margem}
          hint={r ? formatPercent(r.margem_lucro) : undefined}
        />
        <Linha label="Subtotal com Margem" value={r?.subtotal_com_margem} />
        <Linha
          label="Taxa do Cartão"
          value={r?.valor_taxa_cartao}
          hint={r ? formatPercent(r.taxa_cartao_percentual) : undefined}
        />
        <Linha
          label="Comissão Vendedor"
          value={r?.comissao_vendedor}
          hint={r ? formatPercent(r.percentual_vendedor) : undefined}
        />
        <Linha
          label="Comissão Arquiteto"
          value={r?.comissao_arquiteto}
          hint={r ? formatPercent(r.percentual_arquiteto) : undefined}
        />
        <Linha label="Total" value={r?.total} strong />
      </dl>
    </div>
  );
}
