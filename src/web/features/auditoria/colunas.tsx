import { AUDITORIA_RECURSOS, type AuditoriaRecurso } from '../../../schemas/auditoria';
import { columnsOf } from '../../components/kit/data-table';
import { ACAO_AUDITORIA, AlteracoesAuditoria, autorAuditoria } from '../../components/kit/historico-registro';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format';
import type { AuditoriaRegistro } from '../../lib/resources';
import { cn } from '../../lib/utils';

const col = columnsOf<AuditoriaRegistro>();

/** The record an entry is about, by name ("Corte da OS #12") when the server sent it, else its id's start. */
export const nomeRegistro = (r: AuditoriaRegistro, nomes: Record<string, string> | undefined) =>
  nomes?.[r.registro] ?? r.registro.slice(0, 8);

/**
 * The trail's columns; a click on a record shows that record's own history (`onRegistro`).
 * `nomes` (the page's answer) names the people and records the fields point to.
 */
export const auditoriaColumns = (
  onRegistro: (r: AuditoriaRegistro) => void,
  nomes: Record<string, string> | undefined,
) => [
  col.accessor('em', {
    header: 'Data e hora',
    meta: { nowrap: true, card: 'title' },
    // dd/mm/aaaa hh:mm in the business time zone (the API answers UTC)
    cell: (c) => formatDateTime(c.getValue()),
  }),
  col.accessor('usuario_nome', {
    header: 'Usuário',
    meta: { card: 'subtitle' },
    cell: ({ row: { original: r } }) => autorAuditoria(r),
  }),
  col.accessor('endereco', { header: 'Endereço', cell: (c) => c.getValue() ?? '—' }),
  col.accessor('recurso', {
    header: 'Recurso',
    meta: { card: 'figure' },
    cell: (c) => AUDITORIA_RECURSOS[c.getValue() as AuditoriaRecurso] ?? c.getValue(),
  }),
  col.accessor('registro', {
    header: 'Registro',
    cell: ({ row: { original: r } }) => (
      <button
        type="button"
        className={cn('underline-offset-2 hover:underline', !nomes?.[r.registro] && 'font-mono text-xs')}
        title="Ver o histórico deste registro"
        onClick={() => onRegistro(r)}
      >
        {nomeRegistro(r, nomes)}
      </button>
    ),
  }),
  col.accessor('acao', {
    header: 'Ação',
    meta: { nowrap: true, card: 'status' },
    cell: (c) => (
      <Badge variant={ACAO_AUDITORIA[c.getValue()].variant}>{ACAO_AUDITORIA[c.getValue()].label}</Badge>
    ),
  }),
  col.accessor('alteracoes', {
    header: 'Alterações',
    cell: ({ row: { original: r } }) => <AlteracoesAuditoria registro={r} nomes={nomes} />,
  }),
];
