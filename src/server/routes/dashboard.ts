import { Hono } from 'hono';
import { dashboard } from '../../db/queries/dashboard';
import { addMonthsClamped, monthRange, todayIso } from '../../domain/datas';
import { dashboardSchema } from '../../schemas/dashboard';
import type { AppEnv } from '../context';
import { route } from '../contract';

const doc = route({
  summary: 'Números do mês, orçamentos recentes e série de 12 meses',
  description:
    'O mês é o corrente no fuso do negócio; valores em R$. Faturamento é a soma do valor líquido das vendas datadas no mês, `lucro_mensal` = faturamento − despesas que vencem no mês; `a_receber_mes` e `em_atraso` são os mesmos números dos cartões de Recebimentos; `nfe_autorizadas_mes` conta NF-e e NFS-e autorizadas no mês e não canceladas. `orcamentos_recentes` traz os 4 últimos e `serie_12_meses`, do mais antigo ao mês corrente, o faturamento, as despesas e o recebido (pela data do recebimento) de cada mês.',
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
