import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { HistoricoRegistro } from '../../components/kit/historico-registro';
import { Button } from '../../components/ui/button';
import { DialogFooter, ModalDialog } from '../../components/ui/dialog';
import { Input, Labelled } from '../../components/ui/input';
import { QueryStatus } from '../../components/ui/states';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { chapaOptions, chapasKeys } from './api';
import { ChapaFotos } from './chapa-fotos';
import { medidas, StatusChapaBadge, TIPO_CHAPA_LABEL } from './shared';

/** A slab's details (read fresh): its label, its job, Liberar / Baixar and its history. */
export function ChapaDetalhes({ id, onClose }: { id: string; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useQuery(chapaOptions(id));
  const [motivo, setMotivo] = useState('');
  const [baixando, setBaixando] = useState(false);
  const c = q.data;
  const done = (msg: string) => {
    toastSuccess(msg);
    qc.invalidateQueries({ queryKey: chapasKeys.all });
  };
  const liberar = useMutation({
    mutationFn: () =>
      json(client.chapas[':id'].liberar.$post({ param: { id }, json: { updated_at: c!.updated_at } })),
    onSuccess: () => done('Reserva liberada.'),
    onError: (err) => toastError('Não foi possível liberar a chapa', err),
  });
  const baixar = useMutation({
    mutationFn: () =>
      json(client.chapas[':id'].baixar.$post({ param: { id }, json: { motivo, updated_at: c!.updated_at } })),
    onSuccess: () => {
      setBaixando(false);
      done('Baixa registrada.');
    },
    onError: (err) => toastError('Não foi possível dar baixa', err),
  });
  const linha = (rotulo: string, valor: React.ReactNode) => (
    <div className="flex justify-between gap-3 border-b py-1 text-sm">
      <dt className="text-muted-foreground">{rotulo}</dt>
      <dd className="text-right">{valor}</dd>
    </div>
  );
  return (
    <ModalDialog
      onClose={onClose}
      title={c ? `Chapa ${c.codigo}` : 'Chapa'}
      description={c?.produto_nome ?? ''}
    >
      <QueryStatus query={q} loading="Carregando chapa..." error="Não foi possível carregar a chapa." />
      {c && (
        <>
          <dl>
            {linha('Status', <StatusChapaBadge status={c.status} />)}
            {c.os_numero !== null && linha('Ordem de serviço', `OS ${c.os_numero}`)}
            {linha('Tipo', TIPO_CHAPA_LABEL[c.tipo])}
            {linha('Lote / bloco', `${c.lote}${c.bloco ? ` / ${c.bloco}` : ''}`)}
            {linha('Medidas', `${medidas(c)} · ${c.espessura_mm} mm`)}
            {linha('Área', `${formatNumber(c.area_m2)} m²`)}
            {linha('Localização', c.localizacao ?? '—')}
            {linha('Custo', formatMoney(c.custo))}
            {c.origem_codigo && linha('Sobra de', c.origem_codigo)}
            {linha('Fornecedor', c.fornecedor_nome ?? '—')}
            {linha('Entrada', formatDate(c.data_entrada))}
            {c.motivo_baixa && linha('Motivo da baixa', c.motivo_baixa)}
          </dl>
          {baixando && (
            <Labelled id="motivo-baixa" label="Motivo da baixa">
              <Input id="motivo-baixa" value={motivo} onChange={(e) => setMotivo(e.target.value)} />
            </Labelled>
          )}
          <DialogFooter className="flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href={`/api/chapas/${c.id}/etiqueta`} target="_blank" rel="noreferrer">
                <FileText aria-hidden /> Etiqueta (PDF)
              </a>
            </Button>
            {c.status === 'reservada' && (
              <Button variant="outline" onClick={() => liberar.mutate()} disabled={liberar.isPending}>
                Liberar reserva
              </Button>
            )}
            {(c.status === 'disponivel' || c.status === 'reservada') &&
              (baixando ? (
                <Button variant="destructive" onClick={() => baixar.mutate()} disabled={baixar.isPending}>
                  Confirmar baixa
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setBaixando(true)}>
                  Baixar
                </Button>
              ))}
          </DialogFooter>
          <ChapaFotos chapaId={c.id} codigo={c.codigo} />
          <HistoricoRegistro recurso="chapas" registro={c.id} />
        </>
      )}
    </ModalDialog>
  );
}
