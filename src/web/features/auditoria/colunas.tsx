import { AUDITORIA_RECURSOS, type AuditoriaRecurso } from '../../../schemas/auditoria';
import { columnsOf } from '../../components/kit/data-table';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format';
import type { AuditoriaRegistro } from '../../lib/resources';

export const ACAO: Record<
  AuditoriaRegistro['acao'],
  { label: string; variant: 'green' | 'secondary' | 'red' }
> = {
  criado: { label: 'Criado', variant: 'green' },
  atualizado: { label: 'Alterado', variant: 'secondary' },
  removido: { label: 'Removido', variant: 'red' },
  exportado: { label: 'Dados exportados', variant: 'secondary' },
  anonimizado: { label: 'Anonimizado', variant: 'red' },
};

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

const col = columnsOf<AuditoriaRegistro>();

/** The trail's columns; a click on a record's id shows that record's own history (`onRegistro`). */
export const auditoriaColumns = (onRegistro: (r: AuditoriaRegistro) => void) => [
  col.accessor('em', {
    header: 'Data e hora',
    meta: { nowrap: true, card: 'title' },
    cell: (c) => formatDateTime(new Date(c.getValue()), 'medium'),
  }),
  col.accessor('usuario_nome', {
    header: 'Usuário',
    meta: { card: 'subtitle' },
    cell: ({ row: { original: r } }) => r.usuario_nome ?? (r.usuario_id ? 'Usuário removido' : 'Sistema'),
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
        className="font-mono text-xs underline-offset-2 hover:underline"
        title="Ver o histórico deste registro"
        onClick={() => onRegistro(r)}
      >
        {r.registro.slice(0, 8)}
      </button>
    ),
  }),
  col.accessor('acao', {
    header: 'Ação',
    meta: { nowrap: true, card: 'status' },
    cell: (c) => <Badge variant={ACAO[c.getValue()].variant}>{ACAO[c.getValue()].label}</Badge>,
  }),
  col.accessor('alteracoes', {
    header: 'Alterações',
    cell: ({ row: { original: r } }) => (
      <ul className="grid gap-0.5 text-xs">
        {Object.entries(r.alteracoes).map(([campo, [antes, depois]]) => (
          <li key={campo}>
            <span className="font-medium">{campo}</span>:{' '}
            {r.acao === 'atualizado' ? `${show(antes)} → ${show(depois)}` : show(antes ?? depois)}
          </li>
        ))}
      </ul>
    ),
  }),
];
