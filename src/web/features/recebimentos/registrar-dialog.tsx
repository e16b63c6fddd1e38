import { useQuery } from '@tanstack/react-query';
import { rotuloCartao } from '../../../schemas/cartoes';
import { type RecebimentoFormInput, recebimentoForm } from '../../../schemas/recebimentos';
import { useFreshRecord } from '../../components/fresh-record';
import {
  FormShell,
  MoneyField,
  RecordOptions,
  SelectField,
  TextField,
} from '../../components/kit/form-parts';
import { useResourceForm, type Versioned } from '../../components/kit/use-resource-form';
import { ModalDialog } from '../../components/ui/dialog';
import { Stat } from '../../components/ui/stat';
import { QueryStatus } from '../../components/ui/states';
import { client, json } from '../../lib/client';
import { formatDate, formatMoney, todayIso } from '../../lib/format';
import { cartoesOpcoesOptions } from '../cartoes/api';
import { type ParcelaDetalhe, rotuloParcela } from './api';
import { StatusParcelaBadge } from './colunas';
import { AFETADOS, RecebimentoLinha } from './desfazer';

/**
 * "Registrar recebimento" of one instalment, read fresh when the dialog opens: its figures, the
 * payments already made (each with "Desfazer") and, while something is owed, the payment form
 * (value defaults to what is owed, date today).
 */
export function RegistrarDialog({ parcelaId, onClose }: { parcelaId: string; onClose: () => void }) {
  const p = useFreshRecord(client.recebiveis, parcelaId);
  const d = p.data;
  return (
    <ModalDialog
      onClose={onClose}
      className="max-w-xl"
      title="Registrar recebimento"
      description={
        d
          ? `${d.cliente_nome} · venda #${d.venda_numero} · parcela ${rotuloParcela(d)}`
          : 'Carregando parcela...'
      }
    >
      <QueryStatus query={p} error="Não foi possível carregar a parcela." loading="Carregando parcela..." />
      {d && (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <Stat label="Vencimento">{formatDate(d.data_vencimento)}</Stat>
            <Stat label="Valor" className="tabular-nums">
              {formatMoney(d.valor)}
            </Stat>
            <Stat label="Recebido" className="tabular-nums">
              {formatMoney(d.valor_recebido)}
            </Stat>
            <Stat label="Saldo" className="font-semibold tabular-nums" testId="parcela-saldo">
              {formatMoney(d.saldo)}
            </Stat>
          </dl>
          <div>
            <StatusParcelaBadge status={d.status} />
          </div>
          {d.recebimentos.length > 0 && (
            <section aria-label="Recebimentos da parcela">
              <h3 className="text-sm font-medium">Recebimentos</h3>
              <ul className="divide-y">
                {d.recebimentos.map((r) => (
                  <RecebimentoLinha key={r.id} r={r} />
                ))}
              </ul>
            </section>
          )}
          {d.saldo > 0 ? (
            <PagamentoForm key={`${d.id}-${d.valor_recebido}`} parcela={d} onDone={onClose} />
          ) : (
            <p className="text-sm text-muted-foreground">Parcela paga.</p>
          )}
        </>
      )}
    </ModalDialog>
  );
}

function PagamentoForm({ parcela, onDone }: { parcela: ParcelaDetalhe; onDone: () => void }) {
  const cartoes = useQuery(cartoesOpcoesOptions());
  const empty: RecebimentoFormInput = {
    valor: parcela.saldo.toFixed(2),
    data: todayIso(),
    cartao_id: '',
  };
  const f = useResourceForm({
    recurso: 'recebimentos',
    // create only: the kit's singleton path on the instalment (no read, since id is null) with its
    // payments' POST as the save
    endpoint: client.recebiveis[':id'],
    singleton: true,
    save: (body, { idempotencyKey }) =>
      json(
        client.recebiveis[':id'].recebimentos.$post(
          { param: { id: parcela.id }, json: body },
          { headers: { 'idempotency-key': idempotencyKey } },
        ),
      ),
    schema: recebimentoForm,
    id: null,
    empty,
    valuesOf: (_: Versioned) => empty,
    messages: {
      created: 'Recebimento registrado',
      createdDescription: 'A entrada foi lançada no Caixa.',
      updated: 'Recebimento registrado',
      createError: 'Erro ao registrar recebimento',
      updateError: 'Erro ao registrar recebimento',
    },
    invalidates: AFETADOS,
    onSaved: onDone,
  });
  return (
    <FormShell f={f} label="Novo recebimento" submitLabel="Registrar recebimento" onCancel={onDone}>
      <div className="grid gap-4 sm:grid-cols-3">
        <MoneyField
          f={f}
          name="valor"
          label="Valor recebido"
          required
          min="0.01"
          max={parcela.saldo}
          placeholder={undefined}
        />
        <TextField f={f} name="data" label="Data" required type="date" max={todayIso()} />
        <SelectField
          f={f}
          name="cartao_id"
          label="Forma de pagamento"
          placeholder={cartoes.isPending ? 'Carregando...' : 'Selecione...'}
        >
          <RecordOptions records={cartoes.data ?? []} value={(c) => c.id} label={rotuloCartao} />
        </SelectField>
      </div>
    </FormShell>
  );
}
