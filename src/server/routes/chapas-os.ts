import { Hono } from 'hono';
import {
  candidatas,
  chapasDaOs,
  fatorSobra,
  getChapa,
  insertChapas,
  insertConsumo,
  lockChapas,
  maioresPecas,
  numeroDaOs,
  osParaReserva,
  setSituacao,
  sobrasDaChapa,
} from '../../db/queries/chapas';
import { areaMm2, cabeRetangulo, custoSobra } from '../../domain/chapas';
import { cents, dec, sum, toMoney } from '../../domain/money';
import { consumoBody } from '../../schemas/chapas';
import { uuid } from '../../schemas/common';
import { z } from '../../schemas/z';
import { chapaOut, chapaSchema } from '../casos/chapas';
import { type AppEnv, parseBody, parseId } from '../context';
import { route } from '../contract';
import { badRequest, conflict, notFound } from '../errors';
import { publish } from '../events';

/**
 * A work order's stone (issue 28): the slabs it holds and consumed, those that could hold its pieces,
 * and the cut's consumption, which turns what is left of each slab into remnants back in stock.
 */
const access = ['producao', 'estoque'] as const;
const osNaoEncontrada = () => notFound('Ordem de serviço não encontrada.');

/** The OS's slabs, its stone cost (consumed − remnants) and, per stone of the quote, the slabs that hold its largest piece. */
const chapasDaOsSchema = z.object({
  ordem_servico_id: uuid,
  numero: z.number().int(),
  items: z.array(chapaSchema),
  custo_consumido: z.number(),
  custo_sobras: z.number(),
  custo_pedra: z.number(),
  candidatas: z.array(
    z.object({
      produto_id: uuid,
      produto_nome: z.string(),
      peca: z.object({ largura_mm: z.number().int(), altura_mm: z.number().int() }),
      chapas: z.array(chapaSchema),
    }),
  ),
});

const consumoSchema = z.object({
  consumidas: z.array(chapaSchema),
  sobras: z.array(chapaSchema),
  custo: z.number(),
  custo_sobras: z.number(),
  custo_pedra: z.number(),
});

const doc = {
  chapas: route({
    summary:
      'Chapas da OS (reservadas e consumidas, custo da pedra) e as disponíveis que comportam suas peças',
    description:
      '`items`: as chapas vinculadas à OS (reservadas e já consumidas), por código. `custo_pedra` é o custo das chapas consumidas menos o das sobras que voltaram ao estoque, em R$. `candidatas`: para cada pedra vendida por m² no orçamento da OS, a maior peça dela e até 50 chapas ou sobras disponíveis que a comportam, a menor primeiro.',
    access,
    response: chapasDaOsSchema,
    errors: [404],
  }),
  consumo: route({
    summary:
      'Consome as chapas reservadas da OS e cria as sobras (custo = custo × área da sobra / área × fator)',
    description:
      'Cada chapa precisa estar reservada para esta OS. Uma sobra tem a pedra, o lote e a espessura da chapa de origem e não pode ser maior que ela.',
    access,
    body: consumoBody,
    response: consumoSchema,
    status: 201,
    errors: [400, 404, 409],
  }),
};

export const chapasOsRoutes = new Hono<AppEnv>()
  .get('/:id/chapas', doc.chapas, async (c) => {
    const id = parseId(c, uuid);
    const { db } = c.get('deps');
    const os = await osParaReserva(db, { id });
    if (!os) throw osNaoEncontrada();
    const doOs = await chapasDaOs(db, { osId: id });
    const pecas = os.orcamento_id ? await maioresPecas(db, { orcamentoId: os.orcamento_id }) : [];
    const sugeridas = await Promise.all(
      pecas.map(async (p) => ({
        produto_id: p.produto_id,
        produto_nome: p.produto_nome,
        peca: { largura_mm: p.largura_mm, altura_mm: p.altura_mm },
        chapas: (
          await candidatas(db, {
            produtoId: p.produto_id,
            largura: p.largura_mm,
            altura: p.altura_mm,
            limit: 50,
          })
        ).map(chapaOut),
      })),
    );
    return c.json({
      ordem_servico_id: id,
      numero: os.numero,
      items: doOs.items.map(chapaOut),
      custo_consumido: toMoney(doOs.custo),
      custo_sobras: toMoney(doOs.custoSobras),
      // the job's real stone cost, beside the quote's
      custo_pedra: toMoney(dec(doOs.custo).minus(dec(doOs.custoSobras))),
      candidatas: sugeridas,
    });
  })
  .post('/:id/consumo', doc.consumo, async (c) => {
    const osId = parseId(c, uuid);
    const input = await parseBody(c, consumoBody);
    const { db } = c.get('deps');
    const os = await osParaReserva(db, { id: osId });
    if (!os) throw osNaoEncontrada();
    if (os.status === 'cancelada') throw conflict('OS cancelada', 'Esta ordem de serviço está cancelada.');
    const ids = input.chapas.map((x) => x.chapa_id);
    const repetida = ids.findIndex((x, i) => ids.indexOf(x) !== i);
    if (repetida >= 0)
      throw badRequest('A mesma chapa foi informada duas vezes.', [
        { path: `chapas.${repetida}.chapa_id`, message: 'A mesma chapa foi informada duas vezes.' },
      ]);
    const fator = await fatorSobra(db);
    const out = await db.transaction(async (tx) => {
      const rows = new Map((await lockChapas(tx, { ids })).map((r) => [r.id, r]));
      const sobrasCriadas: string[] = [];
      let custo = dec(0);
      let custoSobras = dec(0);
      for (const [i, item] of input.chapas.entries()) {
        const pai = rows.get(item.chapa_id);
        if (!pai)
          throw badRequest('Chapa não encontrada.', [
            { path: `chapas.${i}.chapa_id`, message: 'Chapa não encontrada.' },
          ]);
        if (pai.status !== 'reservada' || pai.ordem_servico_id !== osId) {
          const onde =
            pai.status === 'reservada' && pai.ordem_servico_id
              ? `está reservada para a OS ${await numeroDaOs(tx, { id: pai.ordem_servico_id })}`
              : 'não foi reservada para esta OS';
          throw conflict('Chapa não reservada', `A chapa ${pai.codigo} ${onde}.`);
        }
        const areaPai = pai.area_mm2;
        let areaSobras = 0;
        const custos: string[] = [];
        for (const [j, s] of item.sobras.entries()) {
          const area = areaMm2({ ...s, formato: s.formato });
          areaSobras += area;
          if (
            !cabeRetangulo(pai.largura_mm, pai.altura_mm, s.largura_mm, s.altura_mm) ||
            areaSobras > areaPai
          ) {
            const msg = `A sobra é maior que a chapa ${pai.codigo} (${pai.largura_mm} × ${pai.altura_mm} mm).`;
            throw badRequest(msg, [{ path: `chapas.${i}.sobras.${j}.largura_mm`, message: msg }]);
          }
          custos.push(custoSobra({ custoPai: pai.custo, areaPai, areaSobra: area, fatorPercentual: fator }));
        }
        const existentes = await sobrasDaChapa(tx, { id: pai.id });
        if (item.sobras.length) {
          const inseridas = await insertChapas(tx, {
            values: item.sobras.map((s, j) => ({
              codigo: `${pai.codigo}-S${existentes + j + 1}`,
              produto_id: pai.produto_id,
              tipo: 'sobra' as const,
              lote: pai.lote,
              bloco: pai.bloco,
              largura_mm: s.largura_mm,
              altura_mm: s.altura_mm,
              espessura_mm: pai.espessura_mm,
              formato: s.formato,
              recorte_largura_mm: s.formato === 'L' ? (s.recorte_largura_mm as number) : null,
              recorte_altura_mm: s.formato === 'L' ? (s.recorte_altura_mm as number) : null,
              localizacao: s.localizacao,
              custo: custos[j]!,
              fornecedor_id: pai.fornecedor_id,
              origem_id: pai.id,
            })),
          });
          sobrasCriadas.push(...inseridas.map((r) => r.id));
        }
        // Rounded remnants of a whole slab at 100 % could pass its cost by a cent: never more than it.
        const somaSobras = sum(custos);
        const dosSobras = somaSobras.gt(dec(pai.custo)) ? dec(pai.custo) : somaSobras;
        await setSituacao(tx, { id: pai.id, status: 'consumida', ordemServicoId: osId });
        await insertConsumo(tx, {
          chapa_id: pai.id,
          ordem_servico_id: osId,
          custo: pai.custo,
          custo_sobras: cents(dosSobras).toFixed(2),
        });
        custo = custo.plus(dec(pai.custo));
        custoSobras = custoSobras.plus(dosSobras);
      }
      await publish(tx, 'chapas', 'atualizado', ids[0]);
      await publish(tx, 'producao', 'atualizado', osId);
      return { sobrasCriadas, custo, custoSobras };
    });
    const doOs = await chapasDaOs(db, { osId });
    return c.json(
      {
        consumidas: doOs.items.filter((r) => ids.includes(r.id)).map(chapaOut),
        sobras: (await Promise.all(out.sobrasCriadas.map((id) => getChapa(db, { id }))))
          .filter((r) => !!r)
          .map(chapaOut),
        custo: toMoney(out.custo),
        custo_sobras: toMoney(out.custoSobras),
        custo_pedra: toMoney(out.custo.minus(out.custoSobras)),
      },
      201,
    );
  });
