import { toast } from 'sonner';
import {
  type MovimentacaoCreateInput,
  movimentacaoCreate,
  TIPO_MOVIMENTACAO_LABEL,
  TIPOS_MOVIMENTACAO,
} from '../../../schemas/caixa';
import { FormShell, MoneyField, SelectField, TextField } from '../../components/kit/form-parts';
import { HistoricoRegistro } from '../../components/kit/historico-registro';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { TitledCard } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { client } from '../../lib/client';
import { todayIso } from '../../lib/format';
import type { Movimentacao } from '../../lib/resources';

export const errorMessage = (err: unknown) => (err instanceof ApiError ? err.detail : (err as Error).message);

const valuesOf = (m: Movimentacao): MovimentacaoCreateInput => ({
  nome: m.nome,
  valor: m.valor.toFixed(2),
  data: m.data,
  tipo: m.tipo,
});

/**
 * "Nova Movimentação" or, once a row's edit is chosen, "Editar Movimentação" (the row read fresh).
 * Creation mode: type entrada, today's date, empty fields (spec doc 2 §4). Mount with `key` = id.
 */
export function MovimentacaoForm({ id, onDone }: { id: string | null; onDone: () => void }) {
  const f = useResourceForm({
    recurso: 'caixa',
    endpoint: client.caixa.movimentacoes,
    schema: movimentacaoCreate,
    id,
    empty: { nome: '', valor: '', data: todayIso(), tipo: 'entrada' },
    valuesOf,
    messages: {
      created: 'Sucesso',
      createdDescription: 'Movimentação criada com sucesso!',
      updated: 'Sucesso',
      updatedDescription: 'Movimentação atualizada com sucesso!',
      createError: 'Erro ao criar movimentação',
      updateError: 'Erro ao atualizar movimentação',
    },
    toastFailure: (err, editing) =>
      toast.error('Erro', {
        description: `${editing ? 'Erro ao atualizar movimentação: ' : 'Erro ao criar movimentação: '}${errorMessage(err)}`,
      }),
    onSaved: onDone,
  });
  const title = f.editing ? 'Editar Movimentação' : 'Nova Movimentação';
  return (
    <TitledCard title={title}>
      <FormShell
        f={f}
        label={title}
        loadingText="Carregando movimentação..."
        submitLabel={f.editing ? 'Atualizar Movimentação' : 'Adicionar'}
        onCancel={f.editing ? onDone : undefined}
        className="sm:grid-cols-2 lg:grid-cols-4"
        footerClassName="sm:col-span-2 lg:col-span-4"
      >
        <TextField f={f} name="nome" label="Nome" required placeholder="Ex.: Venda balcão" />
        <MoneyField f={f} name="valor" label="Valor" required />
        <TextField f={f} name="data" label="Data" required type="date" />
        <SelectField
          f={f}
          name="tipo"
          label="Tipo"
          options={TIPOS_MOVIMENTACAO}
          optionLabel={(t) => TIPO_MOVIMENTACAO_LABEL[t]}
        />
      </FormShell>
      {f.editing && <HistoricoRegistro recurso="movimentacoes_caixa" registro={id} />}
    </TitledCard>
  );
}
