import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { QueryStatus } from '../../components/ui/states';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { chapasKeys } from '../estoque/api';
import { useChapasDaOs } from '../estoque/os-chapas';
import { medidas } from '../estoque/shared';
import { planoCorteKeys, usePlanoSalvo } from './api';
import { DesenhoChapa, ListaCortes } from './desenho-chapa';

type Parametros = { chapa_ids: string[]; sem_girar: string[] };
type PlanoOs = NonNullable<ReturnType<typeof usePlanoSalvo>['data']>;

const pct = (n: number) => `${n.toLocaleString('pt-BR')} %`;
const alterna = (lista: string[], v: string, sim: boolean) =>
  sim ? [...new Set([...lista, v])] : lista.filter((x) => x !== v);

/**
 * "Plano de corte" on a work order: its quote's pieces laid out on the stone's slabs (the chosen ones,
 * or the planner's choice among the available ones, remnants first), drawn to scale; a piece's rotation
 * locked and planned again; saved (its slabs reserved for the OS); the saw's PDF.
 */
export function OsPlanoCorte({ osId, editavel }: { osId: string; editavel: boolean }) {
  const qc = useQueryClient();
  const salvo = usePlanoSalvo(osId);
  const chapas = useChapasDaOs(osId, editavel);
  const [params, setParams] = useState<Parametros | null>(null);
  const atuais: Parametros = params ?? {
    chapa_ids: salvo.data?.parametros.chapa_ids ?? [],
    sem_girar: salvo.data?.parametros.sem_girar ?? [],
  };
  const calcular = useMutation({
    mutationFn: (p: Parametros) =>
      json(client['ordens-servico'][':id']['plano-corte'].calcular.$post({ param: { id: osId }, json: p })),
    onSuccess: () => setAlterado(false),
    onError: (err) => toastError('Não foi possível calcular o plano', err),
  });
  // What is saved is the proposal on screen, sent back as it is (the server checks it): planning again
  // could answer another plan, since the planner searches against the clock.
  const salvar = useMutation({
    mutationFn: (p: PlanoOs) =>
      json(
        client['ordens-servico'][':id']['plano-corte'].$post({
          param: { id: osId },
          json: {
            ...p.parametros,
            pedras: p.pedras.map((x) => ({ produto_id: x.produto_id, plano: x.plano })),
          },
        }),
      ),
    onSuccess: (r) => {
      setAlterado(false);
      toastSuccess('Plano de corte salvo; chapas reservadas.');
      calcular.reset();
      qc.setQueryData(planoCorteKeys.daOs(osId), r);
      qc.invalidateQueries({ queryKey: chapasKeys.all });
    },
    onError: (err) => toastError('Não foi possível salvar o plano', err),
  });
  // The plan on screen stays until the next one arrives; a change only says it is not applied yet.
  const [alterado, setAlterado] = useState(false);
  const mudar = (p: Parametros) => {
    setParams(p);
    setAlterado(true);
  };
  const plano: PlanoOs | null | undefined = calcular.data ?? salvo.data;
  const proposta = !!calcular.data;
  const disponiveis = [
    ...(chapas.data?.items ?? []).filter((c) => c.status === 'reservada'),
    ...(chapas.data?.candidatas ?? []).flatMap((g) => g.chapas),
  ].filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i);
  const ocupado = calcular.isPending || salvar.isPending;
  return (
    <TitledCard title="Plano de corte">
      <div className="grid gap-4" data-testid="plano-corte">
        <QueryStatus
          query={salvo}
          loading="Carregando plano de corte..."
          error="Não foi possível carregar o plano de corte."
        />
        {salvo.data === null && !proposta && (
          <p className="text-sm text-muted-foreground">Nenhum plano de corte salvo.</p>
        )}
        {plano && (
          <p className="text-sm" aria-live="polite">
            {proposta ? (
              <strong>Proposta (não salva)</strong>
            ) : (
              <>
                <strong>Plano salvo</strong>
                {plano.salvo_em ? ` em ${formatDateTime(plano.salvo_em)}` : ''}
              </>
            )}
          </p>
        )}
        {editavel && disponiveis.length > 0 && (
          <fieldset className="grid gap-1 text-sm">
            <legend className="font-medium">
              Chapas (nenhuma marcada: o plano escolhe entre as disponíveis)
            </legend>
            {disponiveis.map((c) => (
              <label key={c.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={atuais.chapa_ids.includes(c.id)}
                  onChange={(e) =>
                    mudar({ ...atuais, chapa_ids: alterna(atuais.chapa_ids, c.id, e.target.checked) })
                  }
                />
                {c.codigo} · {c.tipo === 'sobra' ? 'Sobra' : 'Chapa'} {medidas(c)}
              </label>
            ))}
          </fieldset>
        )}
        {alterado && plano && (
          <p className="text-sm text-amber-700">
            Escolhas alteradas: calcule de novo para ver o plano com elas.
          </p>
        )}
        {editavel && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={ocupado} onClick={() => calcular.mutate(atuais)}>
              {calcular.isPending ? 'Calculando...' : 'Calcular plano'}
            </Button>
            <Button
              disabled={ocupado || !calcular.data || alterado}
              title={!calcular.data || alterado ? 'Calcule o plano para salvá-lo como mostrado.' : undefined}
              onClick={() => calcular.data && salvar.mutate(calcular.data)}
            >
              {salvar.isPending ? 'Salvando...' : 'Salvar plano'}
            </Button>
          </div>
        )}
        {salvo.data && !proposta && (
          <Button asChild variant="outline" className="justify-self-start">
            <a href={`/api/ordens-servico/${osId}/plano-corte/pdf`} download>
              <Download aria-hidden /> Baixar PDF do plano
            </a>
          </Button>
        )}
        {plano?.pedras.map((pd) => (
          <section key={pd.produto_id} className="grid gap-3" aria-label={`Plano de ${pd.produto_nome}`}>
            <h3 className="font-semibold">
              {pd.produto_nome}: {pd.plano.chapas.length} {pd.plano.chapas.length === 1 ? 'chapa' : 'chapas'}{' '}
              · aproveitamento {pct(pd.plano.aproveitamento)}
            </h3>
            {editavel && (
              <fieldset className="grid gap-1 text-sm">
                <legend className="font-medium">Peças (travar a rotação e calcular de novo)</legend>
                {pd.pecas.map((p) => (
                  <label key={p.ref} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      aria-label={`Não girar ${p.ref}`}
                      checked={atuais.sem_girar.includes(p.ref)}
                      onChange={(e) =>
                        mudar({ ...atuais, sem_girar: alterna(atuais.sem_girar, p.ref, e.target.checked) })
                      }
                    />
                    {p.ref} — {p.largura_mm} × {p.altura_mm} mm
                    {p.quantidade > 1 ? ` (× ${p.quantidade})` : ''} · não girar
                  </label>
                ))}
              </fieldset>
            )}
            {pd.plano.nao_couberam.length > 0 && (
              <ul className="text-sm text-destructive" aria-label="Peças que não couberam">
                {pd.plano.nao_couberam.map((n, i) => (
                  <li key={`${n.ref}-${i}`}>
                    {n.ref}: {n.motivo}
                  </li>
                ))}
              </ul>
            )}
            {pd.plano.chapas.map((c, i) => (
              <div key={`${c.ref}-${i}`} className="grid gap-2">
                <DesenhoChapa chapa={c} titulo={`${c.sobra ? 'Sobra' : 'Chapa'} ${c.ref}`} />
                <ListaCortes chapa={c} />
              </div>
            ))}
          </section>
        ))}
      </div>
    </TitledCard>
  );
}
