import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input, Label, Labelled, Textarea } from '../../components/ui/input';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { type Etapa, useEquipeOpcoes } from './api';
import { useAtualizarEtapa } from './atualizar-etapa';
import { etapaLabel, fromLocalInput, toLocalInput } from './shared';

/** Schedule, team and notes of one stage (the keyboard/form alternative to dragging on the agenda). */
export function EtapaForm({ etapa, onDone }: { etapa: Etapa; onDone: () => void }) {
  const equipe = useEquipeOpcoes();
  const [inicio, setInicio] = useState(toLocalInput(etapa.inicio ? String(etapa.inicio) : null));
  const [fim, setFim] = useState(toLocalInput(etapa.fim ? String(etapa.fim) : null));
  const [time, setTime] = useState<string[]>(etapa.funcionarios.map((f) => f.id));
  const [notas, setNotas] = useState(etapa.notas ?? '');
  const [erro, setErro] = useState<string | null>(null);
  const save = useAtualizarEtapa();
  // Team members who left stay listed (checked) so saving does not drop them silently.
  const opcoes = [
    ...(equipe.data ?? []),
    ...etapa.funcionarios
      .filter((f) => !(equipe.data ?? []).some((o) => o.id === f.id))
      .map((f) => ({ ...f, cargo: f.cargo })),
  ];
  return (
    <form
      className="mt-3 grid gap-3 rounded-md bg-muted/40 p-3"
      aria-label={`Editar ${etapaLabel(etapa.etapa)}`}
      onSubmit={(e) => {
        e.preventDefault();
        setErro(null);
        return save
          .mutateAsync({
            osId: etapa.os_id,
            etapaId: etapa.id,
            inicio_previsto: fromLocalInput(inicio),
            fim_previsto: fromLocalInput(fim),
            funcionario_ids: time,
            notas,
            updated_at: String(etapa.updated_at),
          })
          .then(() => {
            toastSuccess('Etapa salva');
            onDone();
          })
          .catch((err: unknown) => {
            setErro(err instanceof ApiError ? err.detail : 'Erro ao salvar.');
            toastError('Erro ao salvar a etapa', err);
          });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <DataHora id={`ini-${etapa.id}`} label="Início" value={inicio} onChange={setInicio} />
        <DataHora id={`fim-${etapa.id}`} label="Fim" value={fim} onChange={setFim} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Equipe</legend>
        <div className="flex flex-wrap gap-3">
          {opcoes.map((f) => (
            <label key={f.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={time.includes(f.id)}
                onCheckedChange={(v) => setTime(v ? [...time, f.id] : time.filter((x) => x !== f.id))}
              />
              {f.nome}
            </label>
          ))}
          {!opcoes.length && <span className="text-sm text-muted-foreground">Nenhum funcionário ativo.</span>}
        </div>
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor={`notas-${etapa.id}`}>Notas</Label>
        <Textarea
          id={`notas-${etapa.id}`}
          value={notas}
          maxLength={4000}
          onChange={(e) => setNotas(e.target.value)}
        />
      </div>
      {erro && (
        <p role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Salvar etapa
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** A stage's start or end: a labelled date and time. */
function DataHora(p: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Labelled id={p.id} label={p.label}>
      <Input id={p.id} type="datetime-local" value={p.value} onChange={(e) => p.onChange(e.target.value)} />
    </Labelled>
  );
}
