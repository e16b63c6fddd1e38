/**
 * The keys of the kit's reads. Each starts with the resource it shows, the prefix live updates
 * (app/live-updates.tsx) and the kit's writes (refreshAfterWrite) refresh; the record an open dialog
 * edits is keyed apart ('registro-atual'), so nothing refreshes it under the user.
 */
export const recursoKeys = {
  /** Everything read of a resource. */
  all: (recurso: string) => [recurso] as const,
  /** One page of a list (`parte` 'lista' unless a screen keeps two lists of one resource). */
  lista: <P>(recurso: string, parte: string, params: P) => [recurso, parte, params] as const,
  /** The record a form edits, read when it opens. */
  registro: (recurso: string, id: string | null) => [recurso, 'registro', id] as const,
};

export const registroAtualKeys = {
  all: ['registro-atual'] as const,
  /** ids are UUIDs, unique across tables: the id alone keys the record. */
  registro: (id: string | null) => ['registro-atual', id] as const,
};

export const auditoriaKeys = {
  all: ['auditoria'] as const,
  /** A record's history; under 'auditoria': every live event refreshes it. */
  historico: (recurso: string, registro: string | null | undefined) =>
    ['auditoria', 'historico', recurso, registro] as const,
};
