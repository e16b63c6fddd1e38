import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../lib/format';
import { previaVendaOptions } from './api';

/**
 * What the sale will record (card fee, net value, commissions), as the server computes it: by the
 * seed's formula these differ from the quote's summary, or equal it with Empresa's "Comissões da venda:
 * como no orçamento" (docs/precos.md). Keyed by the quote's version, so an edit shows new figures.
 */
export function PreviaVenda({ id, versao }: { id: string; versao: string }) {
  const previa = useQuery(previaVendaOptions(id, versao));
  if (previa.isPending)
    return <p className="text-sm text-muted-foreground">Calculando os valores da venda...</p>;
  if (previa.isError || !previa.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Não foi possível calcular os valores da venda.
      </p>
    );
  }
  const f = previa.data;
  return (
    <section aria-label="Valores da venda" className="rounded-md border p-3 text-sm">
      <p className="mb-1 font-medium">A venda registrará</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Taxa do cartão</dt>
        <dd className="font-medium">{formatMoney(f.valor_taxa)}</dd>
        <dt className="text-muted-foreground">Valor líquido</dt>
        <dd className="font-medium">{formatMoney(f.valor_liquido)}</dd>
        <dt className="text-muted-foreground">Comissão do vendedor</dt>
        <dd className="font-medium">{formatMoney(f.comissao_vendedor)}</dd>
        <dt className="text-muted-foreground">RT do arquiteto</dt>
        <dd className="font-medium">{formatMoney(f.comissao_arquiteto)}</dd>
      </dl>
    </section>
  );
}
