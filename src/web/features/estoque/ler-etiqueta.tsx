import { Camera, ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input, Labelled } from '../../components/ui/input';
import { ApiError, toastError } from '../../lib/api';
import { client, json } from '../../lib/client';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (o: { formats: string[] }) => Detector;
declare global {
  // Chromium on Android has it; other browsers do not (the typed-code fallback serves them).
  var BarcodeDetector: DetectorCtor | undefined;
}
const detectorCtor = (): DetectorCtor | undefined => globalThis.BarcodeDetector;

/** The slab a label's QR names (`…/estoque?chapa=<id>`), or the text read as a typed code. */
function lido(raw: string): { id?: string; codigo?: string } {
  try {
    const id = new URL(raw).searchParams.get('chapa');
    if (id) return { id };
  } catch {
    // not a URL: a code
  }
  return { codigo: raw.trim() };
}

/**
 * "Ler etiqueta": the camera reads the label's QR where the browser has BarcodeDetector (Chrome on
 * Android); the code typed by hand works everywhere.
 */
export function LerEtiqueta({ onAchou }: { onAchou: (id: string) => void }) {
  const [codigo, setCodigo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [lendo, setLendo] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const temCamera = !!detectorCtor() && !!navigator.mediaDevices?.getUserMedia;

  async function buscar(texto: string) {
    const r = lido(texto);
    if (r.id) return onAchou(r.id);
    if (!r.codigo) return;
    setErro(null);
    try {
      const c = await json(client.chapas['por-codigo'].$get({ query: { codigo: r.codigo } }));
      onAchou(c.id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setErro(err.detail);
      else toastError('Não foi possível ler a etiqueta', err);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the reading starts and stops with `lendo` only
  useEffect(() => {
    if (!lendo) return;
    const Ctor = detectorCtor();
    if (!Ctor) return;
    let parar = false;
    let stream: MediaStream | undefined;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const det = new Ctor({ formats: ['qr_code'] });
        while (!parar && video.current) {
          const found = await det.detect(video.current).catch(() => []);
          if (found[0]) {
            parar = true;
            setLendo(false);
            await buscar(found[0].rawValue);
            break;
          }
          await new Promise((r) => requestAnimationFrame(r));
        }
      } catch (err) {
        toastError('Não foi possível usar a câmera', err);
        setLendo(false);
      }
    })();
    return () => {
      parar = true;
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [lendo]);

  return (
    <Card className="mb-4">
      <CardContent className="flex flex-col gap-3 pt-4 md:pt-4">
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            buscar(codigo);
          }}
        >
          <Labelled id="ler-codigo" label="Código da etiqueta" className="grid flex-1 gap-1">
            <Input
              id="ler-codigo"
              value={codigo}
              onChange={(e) => setCodigo(e.target.value)}
              placeholder="L339-07"
              autoCapitalize="characters"
            />
          </Labelled>
          <div className="flex gap-2">
            <Button type="submit" variant="outline">
              <ScanLine aria-hidden /> Abrir chapa
            </Button>
            {temCamera && (
              <Button type="button" onClick={() => setLendo((v) => !v)}>
                <Camera aria-hidden /> {lendo ? 'Parar' : 'Ler etiqueta'}
              </Button>
            )}
          </div>
        </form>
        {erro && (
          <p role="alert" className="text-sm text-destructive">
            {erro}
          </p>
        )}
        {lendo && (
          <video ref={video} className="max-h-64 w-full rounded bg-black object-cover" playsInline muted />
        )}
      </CardContent>
    </Card>
  );
}
