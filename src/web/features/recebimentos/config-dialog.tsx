import { Controller } from 'react-hook-form';
import { type RecebiveisConfigInput, recebiveisConfigForm } from '../../../schemas/recebimentos';
import { FormShell } from '../../components/kit/form-parts';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { Switch } from '../../components/ui/checkbox';
import { ModalDialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { client, json } from '../../lib/client';
import type { fetchConfig } from './api';

type Config = Awaited<ReturnType<typeof fetchConfig>>;

const empty: RecebiveisConfigInput = {
  comissao_por_recebimento: false,
};

/** The module's settings: commissions released as the customer pays (the Pix key is the Empresa's). */
export function ConfigDialog({ onClose }: { onClose: () => void }) {
  const f = useResourceForm({
    recurso: 'recebimentos',
    endpoint: client.recebimentos.config,
    singleton: true,
    // the settings are saved with PATCH (and the version read), not the singleton's PUT
    save: (body, { record }) =>
      json(client.recebimentos.config.$patch({ json: { ...body, updated_at: record?.updated_at ?? '' } })),
    schema: recebiveisConfigForm,
    id: 'config',
    empty,
    valuesOf: (c: Config) => ({
      comissao_por_recebimento: c.comissao_por_recebimento,
    }),
    messages: {
      created: 'Configurações salvas',
      updated: 'Configurações salvas',
      createError: 'Erro ao salvar configurações',
      updateError: 'Erro ao salvar configurações',
    },
    invalidates: ['relatorios', 'vendas'],
    onSaved: onClose,
  });
  return (
    <ModalDialog
      onClose={onClose}
      title="Configurações de Recebimentos"
      description="Liberação das comissões. A chave Pix das cobranças é a da tela Empresa."
    >
      <FormShell f={f} label="Configurações de Recebimentos" submitLabel="Salvar" onCancel={onClose}>
        <Controller
          control={f.form.control}
          name="comissao_por_recebimento"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Switch
                id={f.fieldId('comissao_por_recebimento')}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
              <Label htmlFor={f.fieldId('comissao_por_recebimento')} className="leading-snug">
                Liberar comissões conforme o recebimento
                <span className="block text-xs font-normal text-muted-foreground">
                  A comissão de cada venda fica disponível na proporção do que o cliente já pagou.
                </span>
              </Label>
            </div>
          )}
        />
      </FormShell>
    </ModalDialog>
  );
}
