import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { recursoKeys, registroAtualKeys } from '../components/kit/api';
import { ME_KEY } from './auth';

/** Queries that also show figures of a resource (e.g. the dashboard sums sales). */
const DEPENDENTS: Record<string, string[]> = {
  // the sale's invoice review (notas-fiscais previa) shows its items and totals
  vendas: ['dashboard', 'orcamentos', 'relatorios', 'recebimentos', 'producao', 'notas-fiscais'],
  orcamentos: ['dashboard', 'vendas'],
  despesas: ['dashboard', 'orcamentos-calculo'],
  // a client's name shows on quotes and sales
  clientes: ['dashboard', 'orcamentos', 'vendas', 'producao', 'notas-fiscais'],
  // a salary or monthly hours change the labour cost of the quote being edited
  funcionarios: ['orcamentos-calculo', 'producao'],
  // categories show how many products use them
  // a product's NCM or CSOSN clears (or adds) a pending field of an open sale's invoice
  produtos: ['dashboard', 'categorias-produtos', 'orcamentos-calculo', 'notas-fiscais'],
  // a renamed category or supplier shows on the products' rows
  'categorias-produtos': ['produtos'],
  fornecedores: ['produtos'],
  caixa: ['dashboard'],
  // a payment moves the Caixa, the dashboard's receivables and the commissions released (issue 16)
  recebimentos: ['dashboard', 'caixa', 'relatorios'],
  // a seller's or architect's name and percentage show on sales, quotes and the commission reports;
  // prices, percentages and card rates reprice the quote being edited
  vendedores: ['relatorios', 'vendas', 'orcamentos', 'orcamentos-calculo'],
  arquitetos: ['relatorios', 'vendas', 'orcamentos', 'orcamentos-calculo'],
  cartoes: ['vendas', 'orcamentos', 'orcamentos-calculo'],
  // a finish's or cutout's price (or its removal) reprices the quote being edited
  acabamentos: ['orcamentos-calculo'],
  recortes: ['orcamentos-calculo'],
  usuarios: ['me'],
  // the Empresa screen's fiscal data and credentials are what an invoice's pending fields read
  empresa: ['notas-fiscais'],
  // an invoice authorised or cancelled moves the dashboard's month of invoices (issue 30)
  'notas-fiscais': ['dashboard'],
};

/**
 * After a successful write (any mutation): every query is marked stale and those on screen refetch
 * now, so lists, totals and dashboards never wait for the SSE event to show one's own write. Left
 * out: the record an open dialog is editing (`registro-atual`, which must not change under the user;
 * a change by someone else shows as a 409 with "Recarregar") and the session (`me`).
 */
export function invalidateAfterWrite(qc: QueryClient) {
  return qc.invalidateQueries({
    predicate: (q) => q.queryKey[0] !== registroAtualKeys.all[0] && q.queryKey[0] !== ME_KEY[0],
  });
}

/** What the customer did on a quote's link (routes/publico.ts), told on whatever screen is open. */
function avisoDoCliente(recurso: string, acao: string | undefined, numero: number | undefined) {
  if (recurso !== 'orcamentos' || !numero) return;
  if (acao === 'aprovado') toast.success(`Orçamento #${numero} aprovado pelo cliente`);
  else if (acao === 'alteracao') toast.info(`O cliente pediu alteração no orçamento #${numero}`);
  else if (acao === 'bloqueado')
    toast.warning(`Link do orçamento #${numero} bloqueado: dígitos do CPF/CNPJ errados 5 vezes`);
}

/**
 * Listens to the server's events (SSE) and refreshes every query of the resource that changed, so
 * every open screen shows what another user just saved. EventSource reconnects by itself.
 */
export function LiveUpdates() {
  const qc = useQueryClient();
  useEffect(() => {
    const es = new EventSource('/api/eventos');
    es.addEventListener('mudanca', (ev) => {
      try {
        const { recurso, acao, numero } = JSON.parse((ev as MessageEvent<string>).data) as {
          recurso: string;
          acao?: string;
          numero?: number;
        };
        avisoDoCliente(recurso, acao, numero);
        // every write of an audited resource adds to the trail: the Auditoria screen and open histories
        const keys = [recurso, ...(DEPENDENTS[recurso] ?? []), 'auditoria'];
        for (const k of keys)
          void qc.invalidateQueries({ queryKey: k === 'me' ? ME_KEY : recursoKeys.all(k) });
      } catch {
        // a malformed event changes nothing on screen
      }
    });
    // The server ended the stream for good: the session is over (read who is signed in: the login
    // screen shows) or this user opened too many screens and this one is the oldest (no reconnecting,
    // which would only push out another).
    es.addEventListener('encerrado', (ev) => {
      es.close();
      try {
        const { motivo } = JSON.parse((ev as MessageEvent<string>).data) as { motivo: string };
        if (motivo === 'sessao') void qc.invalidateQueries({ queryKey: ME_KEY });
      } catch {
        // nothing more to do
      }
    });
    return () => es.close();
  }, [qc]);
  return null;
}
