import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { formatMoney } from '../../lib/format';
import type { OrcamentoDetalhe, VendaPrevia } from '../../lib/resources';
import { previaVendaOptions } from './api';

type Previa = UseQueryResult<VendaPrevia>;

/**
 * The sale's figures for the quote `v` (the version the dialog shows), asked when the dialog has it.
 * The dialog keeps "Confirmar" disabled while they are pending: the user confirms what they have seen.
 */
export function usePreviaVenda(v: OrcamentoDetalhe | undefined): Previa {
  return useQuery({ ...previaVendaOptions(v?.id ?? '', v?.updated_at ?? ''), enabled: !!v });
}

const LINHAS = [
  ['Taxa do cartão', 'valor_taxa'],
  ['Valor líquido', 'valor_liquido'],
  ['Comissão do vendedor', 'comissao_vendedor'],
  ['RT do arquiteto', 'comissao_arquiteto'],
] as const;

/**
 * What the sale will record (card fee, net value, commissions), as the server computes it: by the
 * seed's formula these differ from the quote's summary, or equal it with Empresa's "Comissões da venda:
 * como no orçamento" (docs/precos.md). Keyed by the quote's version, so an edit shows new figures.
 * While they load the same rows stand in their place: the figures arriving must not move "Confirmar"
 * under a finger or pointer already on its way (a double click then selected the text below it).
 */
export function PreviaVenda({ previa }: { previa: Previa }) {
  if (previa.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Não foi possível calcular os valores da venda.
      </p>
    );
  }
  const f = previa.data;
  return (
    <section
      aria-label="Valores da venda"
      aria-busy={!f || undefined}
      className="rounded-md border p-3 text-sm"
    >
      <p className="mb-1 font-medium">{f ? 'A venda registrará' : 'Calculando os valores da venda...'}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {LINHAS.map(([rotulo, campo]) => (
          <Fragment key={campo}>
            <dt className="text-muted-foreground">{rotulo}</dt>
            <dd className="font-medium">
              {f ? formatMoney(f[campo]) : <span className="text-muted-foreground">…</span>}
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
