import { Hono } from 'hono';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import { route } from '../contract';

/**
 * `GET /api/config`: what the screens must take from the server rather than assume — the business time
 * zone that "today" and "this month" are counted in (TZ_NEGOCIO).
 */
export const configRoutes = new Hono<AppEnv>().get(
  '/',
  route({
    summary: 'Configuração do negócio lida pelas telas (fuso horário)',
    description:
      '`tz_negocio` é o fuso (TZ_NEGOCIO, nome IANA) em que o servidor conta "hoje" e "este mês" nos filtros e relatórios.',
    access: 'sessao',
    response: z.object({ tz_negocio: z.string() }),
  }),
  (c) => c.json({ tz_negocio: c.get('deps').config.tzNegocio }),
);
