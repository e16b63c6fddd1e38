import { useState } from 'react';
import { toast } from 'sonner';
import { type DespesaUpdateInput, despesaEditForm, TIPO_DESPESA_LABEL } from '../../../schemas/despesas';
import { ConflictNotice } from '../../components/fresh-record';
import { FormButtons, MoneyField, TextareaField, TextField } from '../../components/kit/form-parts';
import { HistoricoRegistro } from '../../components/kit/historico-registro';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { Checkbox } from '../../components/ui/checkbox';
import { DialogFooter, DialogHeading, ModalDialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { client, json } from '../../lib/client';
import type { Despesa } from '../../lib/resources';

/**
 * Edits one row. For a monthly expense it offers to carry descrição, valor and observações to the
 * later months of its series (the server does both in one transaction).
 */
export function EditarDespesaDialog({
  despesa,
  onOpenChange,
}: {
  despesa: Despesa | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalDialog open={!!despesa} onClose={() => onOpenChange(false)}>
      {despesa && <EditarDespesaForm key={despesa.id} id={despesa.id} onDone={() => onOpenChange(false)} />}
      {despesa && <HistoricoRegistro recurso="despesas" registro={despesa.id} />}
    </ModalDialog>
  );
}

/** Replication's answer (`?replicar=true`), told in toasts after the spec's "atualizada". */
function avisarReplicacao(r: { replicadas?: number; erro_replicacao?: string }) {
  if (r.replicadas === undefined) return;
  if (r.erro_replicacao) {
    toast.warning('Aviso', {
      description: 'Despesa atualizada, mas houve erro ao replicar para meses futuros.',
    });
  } else if (r.replicadas > 0) {
    toast.info(
      r.replicadas === 1
        ? '1 despesa mensal futura também foi atualizada.'
        : `${r.replicadas} despesas mensais futuras também foram atualizadas.`,
    );
  } else {
    toast.info('Não foram encontradas despesas mensais futuras para replicar.');
  }
}

/**
 * The form, mounted once per opening: the expense is read fresh from the server (not the list's
 * row); its updated_at is the version the edit is based on (a 409 offers "Recarregar").
 */
function EditarDespesaForm({ id, onDone }: { id: string; onDone: () => void }) {
  const [replicar, setReplicar] = useState(false);
  const f = useResourceForm({
    recurso: 'despesas',
    endpoint: client.despesas,
    schema: despesaEditForm,
    id,
    empty: { descricao: '', valor: '', data_vencimento: '', observacoes: '' },
    valuesOf: (d: Despesa) => ({
      descricao: d.descricao,
      valor: d.valor.toFixed(2),
      data_vencimento: d.data_vencimento,
      observacoes: d.observacoes ?? '',
    }),
    save: (values, { record }) => {
      // Only what changed is sent, so the copy to later months does not overwrite what they hold of their own.
      const d = record!;
      const body: DespesaUpdateInput = { updated_at: d.updated_at };
      if (values.descricao !== d.descricao) body.descricao = values.descricao;
      if (Number(values.valor) !== d.valor) body.valor = values.valor;
      if (values.data_vencimento !== d.data_vencimento) body.data_vencimento = values.data_vencimento;
      if ((values.observacoes ?? null) !== (d.observacoes ?? null)) body.observacoes = values.observacoes;
      // Dates and status are never copied: with none of the copied fields changed there is nothing to replicate.
      const replicate =
        d.tipo === 'mensal' && replicar && ('descricao' in body || 'valor' in body || 'observacoes' in body);
      return json(
        client.despesas[':id'].$patch({
          param: { id: d.id },
          query: { replicar: replicate ? 'true' : undefined },
          json: body,
        }),
      );
    },
    messages: {
      created: 'Despesa cadastrada com sucesso!',
      updated: 'Despesa atualizada com sucesso!',
      createError: 'Erro ao salvar despesa',
      updateError: 'Erro ao atualizar despesa',
    },
    invalidates: ['dashboard', 'orcamentos-calculo'],
    onSaved: (r) => {
      // With ?replicar=true the answer is { despesa, replicadas }, otherwise the row itself.
      if ('replicadas' in r) avisarReplicacao(r);
      onDone();
    },
  });
  const atual = f.record;
  const mensal = atual?.tipo === 'mensal';

  return (
    <>
      <DialogHeading
        title="Editar Despesa"
        description={
          atual
            ? `${TIPO_DESPESA_LABEL[atual.tipo]}${atual.tipo === 'avulso' ? '' : ` — parcela ${atual.parcela_atual}/${atual.parcelas}`}`
            : ''
        }
      />
      {f.conflict && <ConflictNotice onReload={f.reload} />}
      {f.loading ? (
        <Loading text="Carregando despesa..." />
      ) : (
        <form noValidate aria-label="Editar despesa" onSubmit={f.onSubmit} className="grid gap-4">
          <TextField f={f} name="descricao" label="Descrição" required />
          <div className="grid gap-4 sm:grid-cols-2">
            <MoneyField f={f} name="valor" label="Valor (R$)" required placeholder={undefined} />
            <TextField f={f} name="data_vencimento" label="Data de Vencimento" required type="date" />
          </div>
          <TextareaField f={f} name="observacoes" label="Observações" />
          {mensal && (
            <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3">
              <Checkbox
                id="editar-replicar"
                checked={replicar}
                onCheckedChange={(v) => setReplicar(v === true)}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor="editar-replicar">Aplicar também aos meses seguintes</Label>
                <p className="text-xs text-muted-foreground">
                  Descrição, valor e observações passam para as despesas mensais desta série com vencimento
                  depois desta. Datas e status não mudam.
                </p>
              </div>
            </div>
          )}
          <DialogFooter>
            <FormButtons f={f} onCancel={onDone} submitLabel="Salvar Alterações" />
          </DialogFooter>
          {f.leaveDialog}
        </form>
      )}
    </>
  );
}
