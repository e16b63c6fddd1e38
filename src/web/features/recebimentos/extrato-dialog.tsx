import { useQuery } from '@tanstack/react-query';
import { ModalDialog } from '../../components/ui/dialog';
import { Stat } from '../../components/ui/stat';
import { Empty, QueryStatus } from '../../components/ui/states';
import { formatDate, formatMoney } from '../../lib/format';
import { extratoOptions, rotuloParcela } from './api';
import { StatusParcelaBadge } from './colunas';
import { RecebimentoLinha } from './desfazer';

/** A customer's statement: every instalment of every sale, with its payments (each can be undone). */
export function ExtratoDialog({ clienteId, onClose }: { clienteId: string; onClose: () => void }) {
  const q = useQuery(extratoOptions(clienteId));
  const e = q.data;
  return (
    <ModalDialog
      onClose={onClose}
      className="max-w-3xl"
      title="Extrato do cliente"
      description={e ? e.cliente.nome : 'Carregando...'}
    >
      <QueryStatus query={q} error="Não foi possível carregar o extrato." loading="Carregando extrato..." />
      {e && (
        <>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <Stat label="Total" className="font-medium tabular-nums">
              {formatMoney(e.totais.valor)}
            </Stat>
            <Stat label="Recebido" className="font-medium tabular-nums">
              {formatMoney(e.totais.recebido)}
            </Stat>
            <Stat label="Em aberto" className="font-semibold tabular-nums" testId="extrato-saldo">
              {formatMoney(e.totais.saldo)}
            </Stat>
          </dl>
          {e.parcelas.length === 0 ? (
            <Empty text="Este cliente não tem parcelas." />
          ) : (
            <ul className="divide-y rounded-md border" aria-label="Parcelas do cliente">
              {e.parcelas.map((p) => (
                <li key={p.id} className="p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm">
                      <span className="font-medium">
                        Venda #{p.venda_numero} · {rotuloParcela(p)}
                      </span>{' '}
                      · vence {formatDate(p.data_vencimento)}
                    </span>
                    <span className="flex items-center gap-2 text-sm tabular-nums">
                      {formatMoney(p.valor_recebido)} de {formatMoney(p.valor)}
                      <StatusParcelaBadge status={p.status} />
                    </span>
                  </div>
                  {p.recebimentos.length > 0 && (
                    <ul className="ml-2 divide-y border-l pl-3">
                      {p.recebimentos.map((r) => (
                        <RecebimentoLinha key={r.id} r={r} />
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ModalDialog>
  );
}
