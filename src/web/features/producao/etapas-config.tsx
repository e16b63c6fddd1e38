import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { etapasConfigOptions } from './api';
import { ETAPAS_OS, etapaLabel } from './shared';

/** Which stages this shop uses (new OS get only those). */
export function EtapasConfig() {
  const cfg = useQuery(etapasConfigOptions());
  const [escolha, setEscolha] = useState<string[] | null>(null);
  const atual = escolha ?? cfg.data?.etapas ?? [];
  const save = useMutation({
    mutationFn: () =>
      json(
        client.producao.config.$put({
          json: { etapas: atual as (typeof ETAPAS_OS)[number][], updated_at: String(cfg.data!.updated_at) },
        }),
      ),
    onSuccess: () => {
      setEscolha(null);
      toastSuccess('Etapas salvas', 'Valem para as próximas ordens de serviço.');
    },
    onError: (err) => toastError('Erro ao salvar as etapas', err),
  });
  if (!cfg.data) return null;
  return (
    <TitledCard title="Etapas usadas pela marmoraria" contentClassName="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Desmarque as etapas que sua marmoraria não usa. A mudança vale para as novas ordens de serviço.
      </p>
      <div className="flex flex-wrap gap-4">
        {ETAPAS_OS.map((e) => (
          <label key={e} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={atual.includes(e)}
              onCheckedChange={(v) => setEscolha(v ? [...atual, e] : atual.filter((x) => x !== e))}
            />
            {etapaLabel(e)}
          </label>
        ))}
      </div>
      <div>
        <Button disabled={!escolha || save.isPending} onClick={() => save.mutate()}>
          Salvar etapas
        </Button>
      </div>
    </TitledCard>
  );
}
