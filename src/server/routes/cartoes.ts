import { Hono } from 'hono';
import { cartoesEstatisticas, cartoesTable, getCartao } from '../../db/queries/cartoes';
import {
  type CartoesEstatisticas,
  cartaoCreate,
  cartaoRateIssue,
  cartaoUpdate,
  cartoesEstatisticasSchema,
  STATUS_CARTAO,
  TAXAS_PARCELA,
  TIPOS_CARTAO,
} from '../../schemas/cartoes';
import { uuid } from '../../schemas/common';
import { z } from '../../schemas/z';
import { type AppEnv, parseBody, parseId } from '../context';
import { route } from '../contract';
import { badRequest, notFound } from '../errors';
import { COLUNAS, type ExportColumn } from '../export';
import { requirePermission } from '../permissions';
import { crudRoutes } from './crud';

const exportColumns: ExportColumn[] = [
  { header: 'Bandeira', value: 'bandeira' },
  { header: 'Tipo', value: 'tipo' },
  { header: 'Taxa débito (%)', value: 'taxa', type: 'percent' },
  ...TAXAS_PARCELA.map((k, i): ExportColumn => ({ header: `Taxa ${i + 1}x (%)`, value: k, type: 'percent' })),
  { header: 'Status', value: 'status' },
  { header: 'Observações', value: 'observacoes' },
  COLUNAS.cadastradoEm,
];

const crud = crudRoutes({
  ...cartoesTable,
  recurso: 'cartoes',
  permission: 'cartoes',
  opcoesPermissions: ['orcamentos', 'vendas', 'financeiro'],
  create: cartaoCreate,
  update: cartaoUpdate,
  // The filters' values are refused here, with the screen's words, before the query builds them.
  filters: (query) => {
    if (query.status) {
      if (!(STATUS_CARTAO as readonly string[]).includes(query.status))
        throw badRequest('O filtro status deve ser Ativo ou Inativo.');
    }
    if (query.tipo) {
      if (!(TIPOS_CARTAO as readonly string[]).includes(query.tipo))
        throw badRequest('O filtro tipo deve ser Débito ou Crédito.');
    }
    return cartoesTable.filters!(query);
  },
  filterQuery: { status: z.enum(STATUS_CARTAO).optional(), tipo: z.enum(TIPOS_CARTAO).optional() },
  nome: 'método de pagamento',
  exportColumns,
  titulo: 'pagamentos',
});

const guard = requirePermission('cartoes');

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getEstatisticas: route({
    summary: 'Estatísticas dos métodos de pagamento (cartões de KPI)',
    description:
      'Quantos métodos há (`total`, `ativos`, `inativos`) e a taxa média em % dos ativos: `taxa_media_debito` sobre a taxa dos de débito, `taxa_media_credito` sobre a taxa à vista (1x) dos de crédito; null quando não há nenhum ativo do tipo.',
    access: ['cartoes'],
    response: cartoesEstatisticasSchema,
  }),
};

/** Payment methods and their rates (spec doc 2 §2 Pagamentos e Taxas). */
export const cartoesRoutes = new Hono<AppEnv>()
  // The three KPI cards, computed in SQL.
  .get('/estatisticas', doc.getEstatisticas, async (c) => {
    const r = await cartoesEstatisticas(c.get('deps').db);
    const body: CartoesEstatisticas = {
      total: r.total,
      ativos: r.ativos,
      inativos: r.total - r.ativos,
      // numeric(…, 2) text → JSON number: a change of representation, not arithmetic.
      taxa_media_debito: r.taxa_media_debito === null ? null : Number(r.taxa_media_debito),
      taxa_media_credito: r.taxa_media_credito === null ? null : Number(r.taxa_media_credito),
    };
    return c.json(body);
  })
  // A partial update must still leave a debit method with taxa and a credit one with taxa_1x:
  // check the row as it would be after the change, then let the CRUD route write it.
  .patch('/:id', guard, async (c, next) => {
    const id = parseId(c, uuid);
    const change = await parseBody(c, cartaoUpdate);
    const current = await getCartao(c.get('deps').db, { id });
    if (!current) throw notFound();
    const merged = {
      ...current,
      ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)),
    };
    const issue = cartaoRateIssue(merged);
    if (issue) throw badRequest(issue.message, [issue]);
    await next();
  })
  .route('/', crud);
