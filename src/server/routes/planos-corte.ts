import { Hono } from 'hono';
import {
  estimativaInput,
  estimativaSchema,
  planoCorteCalculo,
  planoCorteSchema,
} from '../../schemas/planos-corte';
import { chapasDoProduto, estimarChapas } from '../casos/planos-corte';
import type { AppEnv } from '../context';
import { parseBody } from '../context';
import { route } from '../contract';
import { calcularPlanoCorte } from '../plano-corte';

// Production plans the cut; whoever quotes estimates how many slabs a job takes.
const access = ['producao', 'orcamentos'] as const;

const doc = {
  postCalcular: route({
    summary: 'Calcula um plano de corte (não salva nada)',
    description:
      'Peças e chapas em milímetros inteiros; em vez de `chapas`, `produto_id` planeja sobre as chapas e sobras disponíveis daquela pedra no estoque (sobras primeiro; 409 quando não há nenhuma); a serra separa peças vizinhas e o refilo vale só nas bordas brutas de chapas novas. Menos chapas novas primeiro, depois sobras antes de chapas novas, depois a maior sobra inteira. Roda em uma thread à parte, dentro de `tempo_ms`.',
    access,
    body: planoCorteCalculo,
    response: planoCorteSchema,
    errors: [400, 409, 503],
  }),
  estimativa: route({
    summary: 'Estimativa de chapas por pedra para o orçamento (≈ N chapas, aproveitamento)',
    description:
      'Cada pedra com suas peças planejadas sobre chapas do tamanho mais comum dela no estoque; sem chapas da pedra no estoque, `chapas` é null. Não salva nada.',
    access,
    body: estimativaInput,
    response: estimativaSchema,
    errors: [400, 503],
  }),
};

export const planosCorteRoutes = new Hono<AppEnv>()
  .post('/calcular', doc.postCalcular, async (c) => {
    const input = await parseBody(c, planoCorteCalculo);
    const { config, db } = c.get('deps');
    const chapas = input.chapas ?? (await chapasDoProduto(db, input.produto_id as string));
    const plano = await calcularPlanoCorte(config, input.pecas, chapas, {
      serra_mm: input.serra_mm,
      refilo_mm: input.refilo_mm,
      tempo_ms: input.tempo_ms,
    });
    return c.json(plano);
  })
  .post('/estimativa', doc.estimativa, async (c) => {
    const input = await parseBody(c, estimativaInput);
    return c.json(await estimarChapas(c.get('deps'), input));
  });
