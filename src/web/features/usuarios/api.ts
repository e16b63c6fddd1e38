import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Usuários feature's reads other screens share, keyed under 'usuarios' (its live events' resource). */
export const usuariosKeys = {
  all: ['usuarios'] as const,
  /** The first 200 users (the Auditoria screen's "Usuário" filter). */
  primeiros: (limit: number) => ['usuarios', { limit }] as const,
};

export const usuariosPrimeirosOptions = (limit: number) =>
  queryOptions({
    queryKey: usuariosKeys.primeiros(limit),
    queryFn: ({ signal }) => json(client.usuarios.$get({ query: { limit } }, withSignal(signal))),
  });
