import { Hono } from 'hono';
import { dashboard } from '../../db/queries/dashboard';
import { addMonthsClamped, monthRange, todayIso } from '../../domain/datas';
import { dashboardSchema } from '../../schemas/dashboard';
import type { AppEnv } from '../context';
import { route } from '../contract';

const doc = route({
  summary: 'Números do mês, orçamentos recentes e série de 12 meses',
  access: ['dashboard'],
  response: dashboardSchema,
});

/** `GET /api/dashboard`: this month's figures (business time zone), recent quotes and a 12-month series. */
export const dashboardRoutes = new Hono<AppEnv>().get('/', doc, async (c) => {
  const { db, config } = c.get('deps');
  const mes = monthRange(config.tzNegocio);
  return c.json(
    await dashboard(db, {
      ...mes,
      serieInicio: addMonthsClamped(mes.inicio, -11),
      hoje: todayIso(config.tzNegocio),
      tz: config.tzNegocio,
    }),
  );
});
