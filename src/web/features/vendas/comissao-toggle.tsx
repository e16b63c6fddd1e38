import { useMutation, useQueryClient } from '@tanstack/react-query';

import { Switch } from '../../components/ui/checkbox';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatMoney } from '../../lib/format';
import type { Venda } from '../../lib/resources';
import { relatoriosKeys } from '../vendedores/api';
import { vendasKeys } from './api';

/** The commission of a sale: paid or pending (a switch), and each person's amount. */
export function ComissaoToggle({ venda }: { venda: Venda }) {
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: (paga: boolean) =>
      json(client.vendas[':id'].comissao.$patch({ param: { id: venda.id }, json: { comissao_paga: paga } })),
    onSuccess: (_, paga) => {
      toastSuccess(paga ? 'Comissão marcada como paga' : 'Comissão marcada como pendente');
      void qc.invalidateQueries({ queryKey: vendasKeys.all });
      void qc.invalidateQueries({ queryKey: relatoriosKeys.all });
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
