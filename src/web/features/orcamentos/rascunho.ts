import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useBlocker } from 'react-router';
import { useBeforeUnload } from '../../components/kit/use-unsaved-warning';
import type { OrcamentoForm } from './form';

/**
 * The draft of a quote not saved yet, kept in this browser per user, so a reload (or a crash, or a
 * closed tab) offers the work back instead of losing it. Only the form's values are kept; prices are
 * computed again by the server when the draft comes back.
 */
export interface Rascunho {
  salvo_em: string;
  valores: OrcamentoForm;
}

/** "23/11/2026 10:42": when the draft was last kept. */
export const quando = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const chave = (usuarioId: string) => `lavra:orcamento-rascunho:${usuarioId}`;

export function lerRascunho(usuarioId: string): Rascunho | null {
  try {
    const raw = localStorage.getItem(chave(usuarioId));
    if (!raw) return null;
    const r = JSON.parse(raw) as Rascunho;
    return r && typeof r === 'object' && r.valores && Array.isArray(r.valores.itens) ? r : null;
  } catch {
    return null;
  }
}

export function apagarRascunho(usuarioId: string) {
  try {
    localStorage.removeItem(chave(usuarioId));
  } catch {
    // storage unavailable (private mode): nothing was kept
  }
}

function gravarRascunho(usuarioId: string, valores: OrcamentoForm) {
  try {
    localStorage.setItem(
      chave(usuarioId),
      JSON.stringify({ salvo_em: new Date().toISOString(), valores } satisfies Rascunho),
    );
  } catch {
    // full or unavailable storage: the leave warning still protects the work
  }
}

/**
 * Keeps the draft of a new quote while it changes (debounced). `ativo` is false while editing a saved
 * quote, and while an earlier draft is still being offered (so the empty form does not replace it).
 */
export function useRascunho(
  form: UseFormReturn<OrcamentoForm>,
  usuarioId: string | undefined,
  ativo: boolean,
) {
  useEffect(() => {
    if (!usuarioId || !ativo) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const sub = form.watch(() => {
      clearTimeout(t);
      t = setTimeout(() => {
        if (form.formState.isDirty) gravarRascunho(usuarioId, form.getValues());
        else apagarRascunho(usuarioId);
      }, 300);
    });
    return () => {
      clearTimeout(t);
      sub.unsubscribe();
    };
  }, [form, usuarioId, ativo]);
}

/** The earlier draft offered back on opening (null once recovered or discarded). */
export function useRascunhoOferecido(usuarioId: string | undefined) {
  const [oferta, setOferta] = useState<Rascunho | null>(() => (usuarioId ? lerRascunho(usuarioId) : null));
  return [oferta, setOferta] as const;
}

/**
 * Warns before a changed form is left: the browser's own prompt on reload/close, and the router's
 * blocker for in-app navigation (the caller shows the confirmation for the returned blocker).
 */
export function useAvisoAoSair(alterado: boolean) {
  useBeforeUnload(alterado);
  return useBlocker(
    ({ currentLocation, nextLocation }) => alterado && currentLocation.pathname !== nextLocation.pathname,
  );
}
