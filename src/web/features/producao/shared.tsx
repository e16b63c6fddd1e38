import {
  ETAPA_OS_LABEL,
  ETAPAS_OS,
  type EtapaOs,
  STATUS_ETAPA_LABEL,
  STATUS_OS_LABEL,
} from '../../../schemas/enums';
import type { BadgeVariant } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

export { ETAPA_OS_LABEL, ETAPAS_OS, STATUS_ETAPA_LABEL, STATUS_OS_LABEL };

export const etapaLabel = (e: string | null | undefined) =>
  e && Object.hasOwn(ETAPA_OS_LABEL, e) ? ETAPA_OS_LABEL[e as EtapaOs] : '—';
export const statusEtapaLabel = (s: string) =>
  Object.hasOwn(STATUS_ETAPA_LABEL, s) ? STATUS_ETAPA_LABEL[s as keyof typeof STATUS_ETAPA_LABEL] : s;
export const statusOsLabel = (s: string) =>
  Object.hasOwn(STATUS_OS_LABEL, s) ? STATUS_OS_LABEL[s as keyof typeof STATUS_OS_LABEL] : s;

export const STATUS_ETAPA_BADGE: Record<string, BadgeVariant> = {
  pendente: 'gray',
  agendada: 'blue',
  em_andamento: 'yellow',
  concluida: 'green',
};
export const STATUS_OS_BADGE: Record<string, BadgeVariant> = {
  aberta: 'blue',
  concluida: 'green',
  cancelada: 'red',
};

/** "2 de 5" progress of an OS, as a bar with its text for screen readers. */
export function Progresso({
  feitas,
  total,
  className,
}: {
  feitas: number;
  total: number;
  className?: string;
}) {
  const pct = total ? Math.round((feitas / total) * 100) : 0;
  return (
    <div className={cn('flex min-w-28 items-center gap-2', className)}>
      <div
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={feitas}
        aria-label={`${feitas} de ${total} etapas concluídas`}
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-xs tabular-nums text-muted-foreground">
        {feitas}/{total}
      </span>
    </div>
  );
}

/** `datetime-local` value (business zone is the browser's here: the shop's staff are in it). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(v: string): string | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Shrinks a camera photo in the browser before it travels (one-bar connections; the server re-encodes
 * it too). Decoded with createImageBitmap: the app's CSP allows no blob: images.
 */
export async function fotoParaEnvio(file: File, maxSide = 1600, quality = 0.8): Promise<string> {
  let img: ImageBitmap;
  try {
    img = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error('Não foi possível ler a foto. Tente outra vez.');
  }
  const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.width * scale));
  canvas.height = Math.max(1, Math.round(img.height * scale));
  canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
  img.close();
  return canvas.toDataURL('image/jpeg', quality);
}

export const fotoUrl = (osId: string, fotoId: string) => `/api/ordens-servico/${osId}/fotos/${fotoId}`;
