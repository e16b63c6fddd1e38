import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { fotoParaEnvio } from '../producao/shared';
import { chapasKeys, fotosOptions } from './api';

export const fotoChapaUrl = (chapaId: string, fotoId: string) => `/api/chapas/${chapaId}/fotos/${fotoId}`;

/**
 * "Adicionar foto": the phone's camera (or a chosen picture) through a hidden file input named `rotulo`.
 * Used by a slab's details and by the cut's remnant lines.
 */
export function BotaoFoto({
  rotulo,
  onFoto,
  ocupado = false,
  texto = 'Adicionar foto',
}: {
  rotulo: string;
  onFoto: (file: File) => void;
  ocupado?: boolean;
  texto?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={ocupado}>
        <Camera aria-hidden /> {ocupado ? 'Enviando...' : texto}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        aria-label={rotulo}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // the same picture may be chosen again after a failure or a removal
          e.target.value = '';
          if (file) onFoto(file);
        }}
      />
    </>
  );
}

/** Sends a photo to a slab (or remnant): shrunk in the browser first (longest side 1600 px, JPEG). */
export async function enviarFotoChapa(chapaId: string, file: File) {
  const imagem = await fotoParaEnvio(file);
  return json(client.chapas[':id'].fotos.$post({ param: { id: chapaId }, json: { imagem } }));
}

/** A slab's photos: taken on the phone in the yard (shrunk before sending), opened full size, removed. */
export function ChapaFotos({ chapaId, codigo }: { chapaId: string; codigo: string }) {
  const qc = useQueryClient();
  const [removendo, setRemovendo] = useState<string | null>(null);
  const fotos = useQuery(fotosOptions(chapaId));
  const refresh = () => qc.invalidateQueries({ queryKey: chapasKeys.all });
  const enviar = useMutation({
    mutationFn: (file: File) => enviarFotoChapa(chapaId, file),
    onSuccess: () => {
      toastSuccess('Foto enviada.');
      refresh();
    },
    onError: (err) => toastError('Não foi possível enviar a foto', err),
  });
  const remover = useMutation({
    mutationFn: (fotoId: string) =>
      json(client.chapas[':id'].fotos[':fotoId'].$delete({ param: { id: chapaId, fotoId } })),
    onSuccess: () => {
      toastSuccess('Foto removida.');
      refresh();
    },
    onError: (err) => toastError('Não foi possível remover a foto', err),
  });
  const items = fotos.data?.items ?? [];
  return (
    <section aria-label="Fotos" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Fotos</h3>
        <BotaoFoto
          rotulo={`Foto da chapa ${codigo}`}
          ocupado={enviar.isPending}
          onFoto={(file) => enviar.mutate(file)}
        />
      </div>
      {fotos.isLoading ? (
        <p className="text-sm text-muted-foreground">Carregando fotos...</p>
      ) : fotos.isError ? (
        <p className="text-sm text-destructive">Não foi possível carregar as fotos.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nenhuma foto. Fotografe a chapa no pátio para achá-la depois.
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {items.map((f, i) => (
            <li key={f.id} className="relative">
              <a href={fotoChapaUrl(chapaId, f.id)} target="_blank" rel="noreferrer">
                <img
                  src={fotoChapaUrl(chapaId, f.id)}
                  alt={`Foto ${i + 1} da chapa ${codigo}`}
                  className="aspect-[4/3] w-full rounded border object-cover"
                  loading="lazy"
                />
              </a>
              <Button
                size="icon"
                variant="secondary"
                className="absolute top-1 right-1 size-7"
                aria-label={`Remover foto ${i + 1}`}
                onClick={() => setRemovendo(f.id)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removendo !== null}
        onOpenChange={(o) => !o && setRemovendo(null)}
        title="Remover foto"
        description="Tem certeza que deseja remover esta foto? Esta ação não pode ser desfeita."
        confirmLabel="Remover"
        onConfirm={() => (removendo ? remover.mutateAsync(removendo) : undefined)}
      />
    </section>
  );
}
