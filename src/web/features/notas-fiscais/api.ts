import { queryOptions, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { client, json, withSignal } from '../../lib/client';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

/**
 * The Notas fiscais feature's reads, keyed under 'notas-fiscais': a sale, a client, a product or the
 * company's fiscal data refresh them (live-updates' DEPENDENTS), as an invoice's own events do.
 */
export const notasFiscaisKeys = {
  all: ['notas-fiscais'] as const,
  /** The sale's NF-e: its current invoice, or the review before emitting it. */
  previa: (vendaId: string) => ['notas-fiscais', 'previa', vendaId] as const,
  /** The sale's NFS-e (the installation). */
  previaNfse: (vendaId: string) => ['notas-fiscais', 'previa-nfse', vendaId] as const,
  cartas: (notaId: string) => ['notas-fiscais', 'cartas', notaId] as const,
  /** The DANFE's signed public link. */
  link: (notaId: string) => ['notas-fiscais', 'link', notaId] as const,
};

export const previaNfeOptions = (vendaId: string) =>
  queryOptions({
    queryKey: notasFiscaisKeys.previa(vendaId),
    queryFn: ({ signal }) =>
      json(client.vendas[':id']['nota-fiscal'].previa.$get({ param: { id: vendaId } }, withSignal(signal))),
  });

export const previaNfseOptions = (vendaId: string) =>
  queryOptions({
    queryKey: notasFiscaisKeys.previaNfse(vendaId),
    queryFn: ({ signal }) =>
      json(client.vendas[':id'].nfse.previa.$get({ param: { id: vendaId } }, withSignal(signal))),
  });

export const cartasOptions = (notaId: string) =>
  queryOptions({
    queryKey: notasFiscaisKeys.cartas(notaId),
    queryFn: ({ signal }) =>
      json(
        client['notas-fiscais'][':id']['cartas-correcao'].$get({ param: { id: notaId } }, withSignal(signal)),
      ),
  });

export const linkOptions = (notaId: string) =>
  queryOptions({
    queryKey: notasFiscaisKeys.link(notaId),
    queryFn: ({ signal }) =>
      json(client['notas-fiscais'][':id'].link.$get({ param: { id: notaId } }, withSignal(signal))),
  });

/** What differs between the sale's two invoices in the emission flow. */
const DOCUMENTOS = {
  nfe: {
    nome: 'NF-e',
    cancelamentoEnviado: 'Cancelamento enviado',
    emitir: (id: string, headers: Record<string, string>) =>
      client.vendas[':id']['nota-fiscal'].$post({ param: { id } }, { headers }),
  },
  nfse: {
    nome: 'NFS-e',
    cancelamentoEnviado: 'Cancelamento da NFS-e enviado',
    emitir: (id: string, headers: Record<string, string>) =>
      client.vendas[':id'].nfse.$post({ param: { id } }, { headers }),
  },
};

/**
 * The emission flow the sale's NF-e and NFS-e share: the review (`revisando`), "Confirmar e emitir"
 * sent with one Idempotency-Key until it is accepted (a double click or a retry after a dropped
 * connection emits one invoice), and the cancellation with its justification. After either is
 * accepted, `reler` reads the invoice's state again.
 */
export function useEmissao(documento: keyof typeof DOCUMENTOS, vendaId: string, reler: () => void) {
  const d = DOCUMENTOS[documento];
  const [revisando, setRevisando] = useState(false);
  const [cancelando, setCancelando] = useState(false);
  const [justificativa, setJustificativa] = useState('');
  const idem = useIdempotencyKey();
  const emitir = useMutation({
    mutationFn: () => json(d.emitir(vendaId, { 'idempotency-key': idem.key })),
    onSuccess: () => {
      idem.renew();
      setRevisando(false);
      toast.success(`${d.nome} enviada ao provedor fiscal`);
      reler();
    },
    onError: (e: Error) => toast.error(`Não foi possível emitir a ${d.nome}`, { description: e.message }),
  });
  const cancelar = useMutation({
    mutationFn: (id: string) =>
      json(client['notas-fiscais'][':id'].cancelar.$post({ param: { id }, json: { justificativa } })),
    onSuccess: () => {
      setCancelando(false);
      toast.success(d.cancelamentoEnviado);
      reler();
    },
    onError: (e: Error) => toast.error(`Não foi possível cancelar a ${d.nome}`, { description: e.message }),
  });
  return {
    revisando,
    setRevisando,
    cancelando,
    setCancelando,
    justificativa,
    setJustificativa,
    emitir,
    cancelar,
  };
}
export type Emissao = ReturnType<typeof useEmissao>;
