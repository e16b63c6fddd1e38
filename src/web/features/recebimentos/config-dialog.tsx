import { Controller } from 'react-hook-form';
import { type RecebiveisConfigInput, recebiveisConfigForm } from '../../../schemas/recebimentos';
import { FormShell, TextField } from '../../components/kit/form-parts';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { Switch } from '../../components/ui/checkbox';
import { ModalDialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { client, json } from '../../lib/client';
import type { fetchConfig } from './api';

type Config = Awaited<ReturnType<typeof fetchConfig>>;

const empty: RecebiveisConfigInput = {
  pix_chave: '',
  pix_nome: '',
  pix_cidade: '',
  comissao_por_recebimento: false,
};

/** The module's settings: the Pix key of the charges, and commissions released as the customer pays. */
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
      pix_chave: c.pix_chave ?? '',
      pix_nome: c.pix_nome ?? '',
      pix_cidade: c.pix_cidade ?? '',
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
      description="Chave Pix das cobranças e liberação das comissões."
    >
      <FormShell f={f} label="Configurações de Recebimentos" submitLabel="Salvar" onCancel={onClose}>
        <TextField
          f={f}
          name="pix_chave"
          label="Chave Pix"
          placeholder="CNPJ, e-mail, telefone ou chave aleatória"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField f={f} name="pix_nome" label="Nome do recebedor" maxLength={25} />
          <TextField f={f} name="pix_cidade" label="Cidade do recebedor" maxLength={15} />
        </div>
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
