import { useQueryClient } from '@tanstack/react-query';
import { Camera, CheckCircle2, CloudOff, MessageCircle, PenLine, Play, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { lembrarCliente, linkWhatsApp, mensagemLembrete } from '../../../domain/producao';
import { Button } from '../../components/ui/button';
import { DialogFooter, ModalDialog } from '../../components/ui/dialog';
import { toastError, toastSuccess } from '../../lib/api';
import { businessTimeZone } from '../../lib/format';
import { ConsumoDialog } from '../estoque/os-chapas';
import { producaoKeys } from './api';
import {
  aoEnviar,
  descartar,
  enviar,
  processarFila,
  useEnviando,
  useFila,
  useFilaItens,
  useSemEspaco,
} from './fila';
import { etapaLabel, fotoParaEnvio } from './shared';

export interface EtapaAlvo {
  id: string;
  etapa: string;
  status: string;
  updated_at: string;
  inicio: string | null;
  fim: string | null;
}
export interface OsAlvo {
  id: string;
  numero: number;
  cliente_nome: string;
  cliente_telefone: string | null;
  endereco: string | null;
  cidade: string | null;
  uf: string | null;
}

/** Iniciar / Concluir / Foto / Assinatura (entrega) of one stage; saves survive a dropped connection. */
export function EtapaAcoes({
  os,
  etapa,
  compact = false,
}: {
  os: OsAlvo;
  etapa: EtapaAlvo;
  compact?: boolean;
}) {
  const qc = useQueryClient();
  const fila = useFilaItens();
  const [busy, setBusy] = useState(false);
  const [assinar, setAssinar] = useState(false);
  // Completing the cut asks what is left of the reserved slabs (issue 28).
  const [cortando, setCortando] = useState(false);
  const fotoRef = useRef<HTMLInputElement>(null);
  const nome = `${etapaLabel(etapa.etapa)} — OS #${os.numero}`;
  const refresh = () => qc.invalidateQueries({ queryKey: producaoKeys.all });

  async function salvar(
    rotulo: string,
    caminho: string,
    corpo: Record<string, unknown>,
    comEtapa: boolean,
    ok: string,
  ): Promise<boolean> {
    setBusy(true);
    try {
      const r = await enviar({
        metodo: 'POST',
        caminho,
        corpo,
        rotulo,
        etapa: comEtapa ? { osId: os.id, etapaId: etapa.id } : undefined,
      });
      if (r.resultado === 'na-fila') {
        toastSuccess('Guardado no aparelho', 'Será enviado assim que a conexão voltar.');
      } else {
        toastSuccess(ok);
      }
      await refresh();
      return true;
    } catch (err) {
      toastError(`Não foi possível: ${rotulo}`, err);
      return false;
    } finally {
      setBusy(false);
    }
  }

  // Starting and finishing a stage: the same request to its own path, with the version read.
  const mover = (acao: 'iniciar' | 'concluir', verbo: string, feito: string) => () =>
    salvar(
      `${verbo} ${nome}`,
      `/ordens-servico/${os.id}/etapas/${etapa.id}/${acao}`,
      { updated_at: etapa.updated_at },
      true,
      feito,
    );
  const iniciar = mover('iniciar', 'Iniciar', 'Etapa iniciada.');
  const concluir = mover('concluir', 'Concluir', 'Etapa concluída.');

  async function foto(file: File | undefined) {
    if (!file) return;
    let imagem: string;
    try {
      imagem = await fotoParaEnvio(file);
    } catch (err) {
      toastError('Foto inválida', err);
      return;
    }
    await salvar(
      `Foto de ${nome}`,
      `/ordens-servico/${os.id}/etapas/${etapa.id}/fotos`,
      { imagem },
      false,
      'Foto enviada.',
    );
    if (fotoRef.current) fotoRef.current.value = '';
  }

  // An Iniciar/Concluir of this stage waiting for a connection is not offered again: pressed twice
  // offline it would only queue the same thing twice (the banner lists what waits).
  const naFila = (acao: string) =>
    fila.some((p) => !p.erro && p.caminho === `/ordens-servico/${os.id}/etapas/${etapa.id}/${acao}`);
  const podeConcluir = etapa.status !== 'concluida' && !naFila('concluir');
  const podeIniciar = (etapa.status === 'pendente' || etapa.status === 'agendada') && !naFila('iniciar');
  const size = compact ? 'sm' : 'default';
  return (
    <div className="flex flex-wrap gap-2">
      {podeIniciar && (
        <Button size={size} onClick={iniciar} disabled={busy} aria-label={`Iniciar ${nome}`}>
          <Play aria-hidden /> Iniciar
        </Button>
      )}
      {podeConcluir && (
        <Button
          size={size}
          variant={podeIniciar ? 'outline' : 'default'}
          onClick={etapa.etapa === 'corte' ? () => setCortando(true) : concluir}
          disabled={busy}
          aria-label={`Concluir ${nome}`}
        >
          <CheckCircle2 aria-hidden /> Concluir
        </Button>
      )}
      <Button size={size} variant="outline" onClick={() => fotoRef.current?.click()} disabled={busy}>
        <Camera aria-hidden /> Foto
      </Button>
      <input
        ref={fotoRef}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        aria-label={`Foto de ${nome}`}
        onChange={(e) => void foto(e.target.files?.[0])}
      />
      {etapa.etapa === 'entrega' && (
        <Button size={size} variant="outline" onClick={() => setAssinar(true)} disabled={busy}>
          <PenLine aria-hidden /> Assinatura do cliente
        </Button>
      )}
      <LembrarCliente os={os} etapa={etapa} />
      {cortando && <ConsumoDialog osId={os.id} onClose={() => setCortando(false)} concluir={concluir} />}
      {assinar && (
        <AssinaturaDialog
          onClose={() => setAssinar(false)}
          onSave={async (imagem) => {
            // A refused signature keeps the dialog (and the drawing) open; a queued one is safe.
            const guardada = await salvar(
              `Assinatura de ${nome}`,
              `/ordens-servico/${os.id}/etapas/${etapa.id}/assinatura`,
              { imagem },
              false,
              'Assinatura registrada.',
            );
            if (guardada) setAssinar(false);
          }}
        />
      )}
    </div>
  );
}

/** "Lembrar cliente": the day before a medição or instalação, WhatsApp with the visit's details. */
export function LembrarCliente({ os, etapa }: { os: OsAlvo; etapa: EtapaAlvo }) {
  const tz = businessTimeZone();
  if (!etapa.inicio || !etapa.fim || !lembrarCliente(etapa, tz)) return null;
  const link = linkWhatsApp(
    os.cliente_telefone,
    mensagemLembrete({ ...os, etapa: etapa.etapa, inicio: etapa.inicio, fim: etapa.fim }, tz),
  );
  if (!link) return null;
  return (
    <Button asChild size="sm" variant="outline">
      <a href={link} target="_blank" rel="noreferrer">
        <MessageCircle aria-hidden /> Lembrar cliente
      </a>
    </Button>
  );
}

function AssinaturaDialog({
  onClose,
  onSave,
}: {
  onClose: () => void;
  onSave: (png: string) => Promise<void>;
}) {
  const padRef = useRef<SignaturePad | null>(null);
  const [saving, setSaving] = useState(false);
  const [vazia, setVazia] = useState(false);
  // A callback ref, not an effect: the dialog's content reaches the DOM a render after the dialog
  // mounts (its portal), so an effect run at mount would find no canvas and the pad would never exist.
  const canvasRef = useCallback((canvas: HTMLCanvasElement | null) => {
    padRef.current?.off();
    padRef.current = null;
    if (!canvas) return;
    // Drawn at the screen's pixel density, so the stroke is sharp on a phone.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)' });
    pad.addEventListener('beginStroke', () => setVazia(false));
    padRef.current = pad;
  }, []);
  return (
    <ModalDialog
      onClose={onClose}
      title="Assinatura do cliente"
      description="O cliente assina com o dedo para confirmar o recebimento."
    >
      <canvas
        ref={canvasRef}
        aria-label="Área de assinatura"
        aria-describedby={vazia ? 'assinatura-vazia' : undefined}
        className="h-48 w-full touch-none rounded-md border bg-white"
      />
      {vazia && (
        <p id="assinatura-vazia" role="alert" className="text-sm text-destructive">
          Assinatura vazia: peça ao cliente para assinar na área branca.
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={() => padRef.current?.clear()}>
          Limpar
        </Button>
        <Button
          disabled={saving}
          onClick={async () => {
            // Nothing is sent for an empty pad: a blank PNG would pass for the customer's signature.
            if (!padRef.current || padRef.current.isEmpty()) {
              setVazia(true);
              return;
            }
            setSaving(true);
            try {
              await onSave(padRef.current.toDataURL('image/png'));
            } finally {
              setSaving(false);
            }
          }}
        >
          Salvar assinatura
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}

/**
 * Saves waiting for a connection, and those the server refused (until dismissed). The live region is
 * always in the page, empty when nothing waits: a screen reader announces a change inside a region it
 * already knows, not a region that appears with its text.
 */
export function FilaPendente() {
  const fila = useFila();
  const enviando = useEnviando();
  const semEspaco = useSemEspaco();
  const qc = useQueryClient();
  useEffect(
    () =>
      aoEnviar((p, resultado) => {
        // a refusal is told by the banner ("Não salvo — …"), which stays until dismissed
        if (resultado === 'enviado') toastSuccess('Enviado', p.rotulo);
        void qc.invalidateQueries({ queryKey: producaoKeys.all });
      }),
    [qc],
  );
  const esperando = fila.filter((p) => !p.erro);
  const falhas = fila.filter((p) => p.erro);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Alterações no aparelho"
      className={
        fila.length
          ? 'mb-4 grid gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900'
          : undefined
      }
    >
      {esperando.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex items-center gap-2">
            <CloudOff aria-hidden className="size-4 shrink-0" />
            <span>
              {esperando.length === 1
                ? '1 ação aguardando conexão'
                : `${esperando.length} ações aguardando conexão`}
              : {esperando.map((p) => p.rotulo).join('; ')}
            </span>
          </span>
          <span className="flex items-center gap-2">
            {enviando && <span>Enviando…</span>}
            <Button size="sm" variant="outline" onClick={() => void processarFila()} disabled={enviando}>
              Tentar agora
            </Button>
          </span>
        </div>
      )}
      {semEspaco && esperando.length > 0 && (
        <p className="font-medium text-red-900">
          O aparelho está sem espaço para guardar: não feche nem recarregue esta tela até o envio.
        </p>
      )}
      {falhas.map((p) => (
        <div key={p.id} className="flex items-center justify-between gap-2 text-red-900">
          <span>
            Não salvo — {p.rotulo}: {p.erro}
          </span>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Dispensar aviso: ${p.rotulo}`}
            onClick={() => descartar(p.id)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
    </div>
  );
}
