import { useQueryClient } from '@tanstack/react-query';
import { Camera, CheckCircle2, CloudOff, MessageCircle, PenLine, Play, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { lembrarCliente, linkWhatsApp, mensagemLembrete } from '../../../domain/producao';
import { Button } from '../../components/ui/button';
import { DialogFooter, ModalDialog } from '../../components/ui/dialog';
import { toastError, toastSuccess } from '../../lib/api';
import { businessTimeZone } from '../../lib/format';
import { descartar, enviar, processarFila, useFila } from './fila';
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
  const [busy, setBusy] = useState(false);
  const [assinar, setAssinar] = useState(false);
  const fotoRef = useRef<HTMLInputElement>(null);
  const nome = `${etapaLabel(etapa.etapa)} — OS #${os.numero}`;
  const refresh = () => qc.invalidateQueries({ queryKey: ['producao'] });

  async function salvar(
    rotulo: string,
    caminho: string,
    corpo: Record<string, unknown>,
    comEtapa: boolean,
    ok: string,
  ) {
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
        toastSuccess('Sem conexão: guardado no aparelho', 'Será enviado assim que a conexão voltar.');
      } else {
        toastSuccess(ok);
      }
      await refresh();
    } catch (err) {
      toastError(`Não foi possível: ${rotulo}`, err);
    } finally {
      setBusy(false);
    }
  }

  const iniciar = () =>
    salvar(
      `Iniciar ${nome}`,
      `/producao/etapas/${etapa.id}/iniciar`,
      { updated_at: etapa.updated_at },
      true,
      'Etapa iniciada.',
    );
  const concluir = () =>
    salvar(
      `Concluir ${nome}`,
      `/producao/etapas/${etapa.id}/concluir`,
      { updated_at: etapa.updated_at },
      true,
      'Etapa concluída.',
    );

  async function foto(file: File | undefined) {
    if (!file) return;
    let imagem: string;
    try {
      imagem = await fotoParaEnvio(file);
    } catch (err) {
      toastError('Foto inválida', err);
      return;
    }
    await salvar(`Foto de ${nome}`, `/producao/etapas/${etapa.id}/fotos`, { imagem }, false, 'Foto enviada.');
    if (fotoRef.current) fotoRef.current.value = '';
  }

  const podeIniciar = etapa.status === 'pendente' || etapa.status === 'agendada';
  const podeConcluir = etapa.status !== 'concluida';
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
          onClick={concluir}
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
      {assinar && (
        <AssinaturaDialog
          onClose={() => setAssinar(false)}
          onSave={async (imagem) => {
            await salvar(
              `Assinatura de ${nome}`,
              `/producao/etapas/${etapa.id}/assinatura`,
              { imagem },
              false,
              'Assinatura registrada.',
            );
            setAssinar(false);
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
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    padRef.current = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)' });
    return () => padRef.current?.off();
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
        className="h-48 w-full touch-none rounded-md border bg-white"
      />
      <DialogFooter>
        <Button variant="outline" onClick={() => padRef.current?.clear()}>
          Limpar
        </Button>
        <Button
          disabled={saving}
          onClick={async () => {
            if (!padRef.current || padRef.current.isEmpty()) {
              toastError('Assinatura vazia', new Error('Peça ao cliente para assinar na área branca.'));
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

/** Saves waiting for a connection, and those the server refused (until dismissed). */
export function FilaPendente() {
  const fila = useFila();
  if (!fila.length) return null;
  const esperando = fila.filter((p) => !p.erro);
  const falhas = fila.filter((p) => p.erro);
  return (
    <div
      role="status"
      className="mb-4 grid gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
    >
      {esperando.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex items-center gap-2">
            <CloudOff aria-hidden className="size-4" />
            {esperando.length === 1
              ? '1 alteração aguardando conexão'
              : `${esperando.length} alterações aguardando conexão`}
            : {esperando.map((p) => p.rotulo).join('; ')}
          </span>
          <Button size="sm" variant="outline" onClick={() => void processarFila()}>
            Tentar agora
          </Button>
        </div>
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
