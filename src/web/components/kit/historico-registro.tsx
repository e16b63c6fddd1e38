import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import {
  AUDITORIA_RECURSOS,
  type AuditoriaRecurso,
  type AuditoriaRegistro,
} from '../../../schemas/auditoria';
import {
  campoAuditoria,
  type Formatadores,
  ordemCampo,
  valorAuditoria,
} from '../../../schemas/auditoria-campos';
import { useAuth } from '../../app/auth';
import { client, json, withSignal } from '../../lib/client';
import { formatDate, formatDateTime, formatMoney, formatPercent } from '../../lib/format';
import { Badge } from '../ui/badge';
import { Loading } from '../ui/states';
import { auditoriaKeys } from './api';

export const ACAO_AUDITORIA: Record<
  AuditoriaRegistro['acao'],
  { label: string; variant: 'green' | 'secondary' | 'red' }
> = {
  criado: { label: 'Criado', variant: 'green' },
  atualizado: { label: 'Alterado', variant: 'secondary' },
  removido: { label: 'Removido', variant: 'red' },
  exportado: { label: 'Dados exportados', variant: 'secondary' },
  anonimizado: { label: 'Anonimizado', variant: 'red' },
};

export const formatadoresWeb: Formatadores = {
  money: formatMoney,
  percent: formatPercent,
  date: formatDate,
  datetime: (iso) => formatDateTime(iso),
};

/**
 * Fields that say nothing about a change: the record's own id, its creation stamp, the login link, and
 * a quote's stored summary (figures derived from the fields listed beside it).
 */
const OMITIDOS = new Set(['id', 'created_at', 'auth_user_id', 'resumo']);

export const autorAuditoria = (r: Pick<AuditoriaRegistro, 'usuario_id' | 'usuario_nome'>) =>
  r.usuario_nome ?? (r.usuario_id ? 'Usuário removido' : 'Sistema');

/**
 * The fields of one audit entry in pt-BR: "Valor bruto: R$ 1.000,00 → R$ 2.000,00" for a change, the
 * value alone for a creation or removal. Used by the history dialogs and the Auditoria screen.
 */
export function AlteracoesAuditoria({
  registro,
  nomes,
}: {
  registro: Pick<AuditoriaRegistro, 'acao' | 'alteracoes'>;
  nomes?: Record<string, string>;
}) {
  const campos = Object.entries(registro.alteracoes)
    .filter(([k]) => !OMITIDOS.has(k))
    .sort(([a], [b]) => ordemCampo(a) - ordemCampo(b));
  if (!campos.length) return null;
  const v = (campo: string, x: unknown) => valorAuditoria(campo, x, formatadoresWeb, nomes);
  return (
    <ul className="grid gap-0.5 text-xs">
      {campos.map(([campo, [antes, depois]]) => (
        <li key={campo} className="break-words">
          <span className="font-medium">{campoAuditoria(campo).label}</span>:{' '}
          {registro.acao === 'atualizado' ? (
            <>
              <span className="text-muted-foreground line-through decoration-1">{v(campo, antes)}</span>
              {' → '}
              <span>{v(campo, depois)}</span>
            </>
          ) : (
            v(campo, antes ?? depois)
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A record's own history in its details dialog (administrators, as the Auditoria screen): who, when,
 * from where, what, and each changed field old → new. Read when opened, from
 * `GET /api/auditoria/historico` (the trail's index by record). Mount it once per dialog:
 * `<HistoricoRegistro recurso="vendas" registro={venda.id} />`.
 */
export function HistoricoRegistro({
  recurso,
  registro,
}: {
  recurso: AuditoriaRecurso;
  registro: string | null | undefined;
}) {
  const { me } = useAuth();
  const [open, setOpen] = useState(false);
  const admin = me?.role === 'admin';
  const query = useQuery({
    // under 'auditoria': every live event refreshes it (app/live-updates.tsx)
    queryKey: auditoriaKeys.historico(recurso, registro),
    queryFn: ({ signal }) =>
      json(
        client.auditoria.historico.$get({ query: { recurso, registro: registro ?? '' } }, withSignal(signal)),
      ),
    enabled: admin && open && !!registro,
  });
  if (!admin || !registro) return null;
  const data = query.data;
  return (
    <details
      className="rounded-md border px-3 py-2 text-sm"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <History className="size-4" aria-hidden />
        Histórico de alterações
      </summary>
      <div className="mt-2 max-h-80 overflow-y-auto">
        {query.isError ? (
          <p className="text-destructive">Não foi possível carregar o histórico.</p>
        ) : !data ? (
          <Loading text="Carregando histórico..." className="py-3" />
        ) : !data.items.length ? (
          <p className="py-2 text-muted-foreground">Nenhuma alteração registrada.</p>
        ) : (
          <ol aria-label="Histórico de alterações" className="grid gap-2">
            {data.items.map((r) => (
              <li key={r.id} className="grid gap-1 border-b pb-2 last:border-b-0">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                  <Badge variant={ACAO_AUDITORIA[r.acao].variant}>{ACAO_AUDITORIA[r.acao].label}</Badge>
                  {r.recurso !== recurso && <span>{AUDITORIA_RECURSOS[r.recurso]}</span>}
                  <span className="whitespace-nowrap">{formatDateTime(r.em, 'medium')}</span>
                  <span>por {autorAuditoria(r)}</span>
                  {r.endereco && <span className="text-muted-foreground">de {r.endereco}</span>}
                </div>
                <AlteracoesAuditoria registro={r} nomes={data.nomes} />
              </li>
            ))}
            {data.items.length >= data.limite && (
              <li className="text-xs text-muted-foreground">
                Mostrando as {data.limite} alterações mais recentes; veja as demais na tela Auditoria.
              </li>
            )}
          </ol>
        )}
      </div>
    </details>
  );
}
