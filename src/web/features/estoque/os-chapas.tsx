import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { DialogFooter, ModalDialog } from '../../components/ui/dialog';
import { Input, Labelled, NativeSelect } from '../../components/ui/input';
import { QueryStatus } from '../../components/ui/states';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatMoney } from '../../lib/format';
import type { ChapasDaOs } from '../../lib/resources';
import { usePlanoSalvo } from '../plano-corte/api';
import { chapasDaOsOptions, chapasKeys } from './api';
import { BotaoFoto, enviarFotoChapa } from './chapa-fotos';
import { fieldErrors, medidas, StatusChapaBadge } from './shared';

export function useChapasDaOs(osId: string, enabled = true) {
  return useQuery({ ...chapasDaOsOptions(osId), enabled });
}

/** The work order's stone: its reserved and consumed slabs, its real cost, and "Reservar chapas". */
export function OsChapas({ osId, editavel }: { osId: string; editavel: boolean }) {
  const q = useChapasDaOs(osId);
  const [reservando, setReservando] = useState(false);
  const d = q.data;
  return (
    <TitledCard title="Chapas">
      <QueryStatus
        query={q}
        loading="Carregando chapas..."
        error="Não foi possível carregar as chapas da OS."
      />
      {d && (
        <div className="grid gap-3 text-sm">
          {d.items.length === 0 ? (
            <p className="text-muted-foreground">Nenhuma chapa reservada.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Chapas da OS">
              {d.items.map((c) => (
                <li
                  key={c.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded border p-2"
                >
                  <span>
                    <strong>{c.codigo}</strong> · {c.produto_nome} · {medidas(c)}
                    {c.localizacao ? ` · ${c.localizacao}` : ''}
                  </span>
                  <StatusChapaBadge status={c.status} />
                </li>
              ))}
            </ul>
          )}
          {d.custo_consumido > 0 && (
            <p>
              Custo real da pedra: <strong>{formatMoney(d.custo_pedra)}</strong> (consumido{' '}
              {formatMoney(d.custo_consumido)}, sobras {formatMoney(d.custo_sobras)})
            </p>
          )}
          {editavel && (
            <Button variant="outline" onClick={() => setReservando(true)}>
              Reservar chapas
            </Button>
          )}
        </div>
      )}
      {reservando && d && <ReservarDialog dados={d} onClose={() => setReservando(false)} />}
    </TitledCard>
  );
}

/** The available slabs of the quote's stones that hold its largest piece; the chosen are reserved. */
function ReservarDialog({ dados, onClose }: { dados: ChapasDaOs; onClose: () => void }) {
  const qc = useQueryClient();
  const [marcadas, setMarcadas] = useState<Set<string>>(new Set());
  const todas = dados.candidatas.flatMap((g) => g.chapas);
  const reservar = useMutation({
    mutationFn: async () => {
      for (const c of todas.filter((x) => marcadas.has(x.id))) {
        await json(
          client.chapas[':id'].reservar.$post({
            param: { id: c.id },
            json: { ordem_servico_id: dados.ordem_servico_id, updated_at: c.updated_at },
          }),
        );
      }
    },
    onSuccess: () => {
      toastSuccess('Chapas reservadas.');
      qc.invalidateQueries({ queryKey: chapasKeys.all });
      onClose();
    },
    onError: (err) => {
      toastError('Não foi possível reservar', err);
      qc.invalidateQueries({ queryKey: chapasKeys.all });
    },
  });
  return (
    <ModalDialog
      onClose={onClose}
      title="Reservar chapas"
      description={`Chapas e sobras disponíveis que comportam as peças da OS #${dados.numero}.`}
    >
      {dados.candidatas.length === 0 && <p className="text-sm">O orçamento desta OS não tem peças em m².</p>}
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto">
        {dados.candidatas.map((g) => (
          <fieldset key={g.produto_id} className="grid gap-2">
            <legend className="font-medium">
              {g.produto_nome} — maior peça {medidas(g.peca)}
            </legend>
            {g.chapas.length === 0 && (
              <p className="text-sm text-muted-foreground">Nenhuma chapa disponível comporta a peça.</p>
            )}
            {g.chapas.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={marcadas.has(c.id)}
                  onChange={(e) =>
                    setMarcadas((s) => {
                      const n = new Set(s);
                      if (e.target.checked) n.add(c.id);
                      else n.delete(c.id);
                      return n;
                    })
                  }
                />
                <span>
                  {c.codigo} · {c.tipo === 'sobra' ? 'Sobra' : 'Chapa'} {medidas(c)} ·{' '}
                  {c.localizacao ?? 'sem local'}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={() => reservar.mutate()} disabled={!marcadas.size || reservar.isPending}>
          Reservar {marcadas.size || ''}
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}

interface SobraLinha {
  largura_mm: string;
  altura_mm: string;
  formato: 'retangulo' | 'L';
  recorte_largura_mm: string;
  recorte_altura_mm: string;
  localizacao: string;
  /** Its photo, sent once the remnant exists (the consumption creates it). */
  foto?: File | null;
}
type CampoSobra = Exclude<keyof SobraLinha, 'foto'>;
const novaSobra = (): SobraLinha => ({
  largura_mm: '',
  altura_mm: '',
  formato: 'retangulo',
  recorte_largura_mm: '',
  recorte_altura_mm: '',
  localizacao: '',
});

/** Each reserved slab's leftovers in the OS's saved cutting plan, as remnant lines to register. */
function sobrasDoPlano(
  plano: ReturnType<typeof usePlanoSalvo>['data'],
  reservadas: { id: string }[],
): Record<string, SobraLinha[]> {
  const out: Record<string, SobraLinha[]> = {};
  for (const c of plano?.pedras.flatMap((p) => p.plano.chapas) ?? []) {
    if (!c.chapa_id || !reservadas.some((r) => r.id === c.chapa_id)) continue;
    out[c.chapa_id] = c.sobras.map((s) => ({
      ...novaSobra(),
      largura_mm: String(s.largura_mm),
      altura_mm: String(s.altura_mm),
    }));
  }
  return out;
}

/** A chosen photo, shown before it is sent. */
function Miniatura({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url ? <img src={url} alt={alt} className="h-16 w-20 rounded border object-cover" /> : null;
}

/**
 * Completing the cut: the OS's reserved slabs are consumed and what is left of each becomes a remnant
 * (zero or more, each with its photo if one was taken, sent once the remnant exists); then the stage is
 * concluded (`concluir`).
 */
export function ConsumoDialog({
  osId,
  onClose,
  concluir,
}: {
  osId: string;
  onClose: () => void;
  concluir: () => Promise<unknown>;
}) {
  const qc = useQueryClient();
  const q = useChapasDaOs(osId);
  const reservadas = (q.data?.items ?? []).filter((c) => c.status === 'reservada');
  const plano = usePlanoSalvo(osId);
  const [digitadas, setSobras] = useState<Record<string, SobraLinha[]> | null>(null);
  // Until the user changes them, the remnants offered are the saved plan's leftovers of each slab.
  const sobras = digitadas ?? sobrasDoPlano(plano.data, reservadas);
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useMutation({
    mutationFn: async () => {
      if (reservadas.length) {
        const r = await json(
          client['ordens-servico'][':id'].consumo.$post({
            param: { id: osId },
            json: {
              chapas: reservadas.map((c) => ({
                chapa_id: c.id,
                sobras: (sobras[c.id] ?? []).map((s) => ({
                  largura_mm: s.largura_mm,
                  altura_mm: s.altura_mm,
                  formato: s.formato,
                  recorte_largura_mm: s.formato === 'L' ? s.recorte_largura_mm : null,
                  recorte_altura_mm: s.formato === 'L' ? s.recorte_altura_mm : null,
                  localizacao: s.localizacao,
                })),
              })),
            },
          }),
        );
        // The remnants come back in the order they were sent: each line's photo goes to its remnant.
        const fotos = reservadas.flatMap((c) => (sobras[c.id] ?? []).map((s) => s.foto ?? null));
        const falhas: string[] = [];
        for (const [i, criada] of r.sobras.entries()) {
          const foto = fotos[i];
          if (!foto) continue;
          try {
            await enviarFotoChapa(criada.id, foto);
          } catch {
            falhas.push(criada.codigo);
          }
        }
        // the cut is registered either way: a photo can be added later in the remnant's details
        if (falhas.length)
          toastError(
            'Não foi possível enviar a foto',
            null,
            `Sobra ${falhas.join(', ')}: adicione a foto nos detalhes da sobra, no Estoque.`,
          );
      }
      await concluir();
    },
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: chapasKeys.all });
      onClose();
    },
    onError: (err) => {
      setErros(fieldErrors(err));
      toastError('Não foi possível registrar o consumo', err);
    },
  });
  const muda = (id: string, i: number, k: CampoSobra | 'foto', v: string | File | null) =>
    setSobras({
      ...sobras,
      [id]: (sobras[id] ?? []).map((x, j) => (j === i ? { ...x, [k]: v } : x)),
    });
  return (
    <ModalDialog
      onClose={onClose}
      title="Concluir corte"
      description="As chapas reservadas são consumidas; informe o que sobrou de cada uma (o plano de corte salvo já sugere as sobras)."
    >
      <QueryStatus
        query={q}
        loading="Carregando chapas..."
        error="Não foi possível carregar as chapas da OS."
      />
      {q.data && reservadas.length === 0 && <p className="text-sm">Nenhuma chapa reservada para esta OS.</p>}
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto">
        {reservadas.map((c, ci) => (
          <fieldset key={c.id} className="grid gap-2 rounded border p-2">
            <legend className="px-1 font-medium">
              {c.codigo} · {medidas(c)}
            </legend>
            {(sobras[c.id] ?? []).map((s, i) => {
              const campo = (k: CampoSobra, label: string) => {
                const erro = erros[`chapas.${ci}.sobras.${i}.${k}`];
                return (
                  <Labelled id={`sobra-${c.id}-${i}-${k}`} label={label}>
                    <Input
                      id={`sobra-${c.id}-${i}-${k}`}
                      value={s[k]}
                      inputMode={k === 'localizacao' ? undefined : 'numeric'}
                      aria-invalid={!!erro}
                      onChange={(e) => muda(c.id, i, k, e.target.value)}
                    />
                    {erro && <p className="text-sm text-destructive">{erro}</p>}
                  </Labelled>
                );
              };
              return (
                <fieldset
                  key={i}
                  className="grid grid-cols-2 gap-2"
                  aria-label={`Sobra ${i + 1} de ${c.codigo}`}
                >
                  {campo('largura_mm', 'Largura (mm)')}
                  {campo('altura_mm', 'Altura (mm)')}
                  <Labelled id={`sobra-${c.id}-${i}-formato`} label="Formato">
                    <NativeSelect
                      id={`sobra-${c.id}-${i}-formato`}
                      value={s.formato}
                      onChange={(e) => muda(c.id, i, 'formato', e.target.value)}
                    >
                      <option value="retangulo">Retângulo</option>
                      <option value="L">L</option>
                    </NativeSelect>
                  </Labelled>
                  {campo('localizacao', 'Localização')}
                  {s.formato === 'L' && campo('recorte_largura_mm', 'Recorte — largura (mm)')}
                  {s.formato === 'L' && campo('recorte_altura_mm', 'Recorte — altura (mm)')}
                  <div className="col-span-2 flex flex-wrap items-center gap-2">
                    {s.foto && <Miniatura file={s.foto} alt={`Foto da sobra ${i + 1} de ${c.codigo}`} />}
                    <BotaoFoto
                      rotulo={`Foto da sobra ${i + 1} de ${c.codigo}`}
                      texto={s.foto ? 'Trocar foto' : 'Foto da sobra'}
                      onFoto={(file) => muda(c.id, i, 'foto', file)}
                    />
                    {s.foto && (
                      <Button variant="ghost" size="sm" onClick={() => muda(c.id, i, 'foto', null)}>
                        Tirar foto {i + 1}
                      </Button>
                    )}
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="col-span-2 justify-self-start"
                    onClick={() =>
                      setSobras({ ...sobras, [c.id]: (sobras[c.id] ?? []).filter((_, j) => j !== i) })
                    }
                  >
                    Remover sobra {i + 1}
                  </Button>
                </fieldset>
              );
            })}
            <Button
              variant="outline"
              size="sm"
              onClick={() => setSobras({ ...sobras, [c.id]: [...(sobras[c.id] ?? []), novaSobra()] })}
            >
              Adicionar sobra
            </Button>
          </fieldset>
        ))}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={() => salvar.mutate()} disabled={salvar.isPending || q.isPending}>
          Concluir corte
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
