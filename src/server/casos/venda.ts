import type { Executor } from '../../db/client';
import { comissoesComoOrcamento } from '../../db/queries/empresa';
import * as q from '../../db/queries/orcamentos';
import { criarOrdemDaVenda } from '../../db/queries/producao/ordens';
import { monthRange, todayIso } from '../../domain/datas';
import { toDbMoney } from '../../domain/money';
import { comoNoOrcamento, computeVenda } from '../../domain/venda';
import type { OrcamentoCalculo } from '../../schemas/orcamentos';
import { badRequest, conflict } from '../errors';
import { publish } from '../events';
import { criarParcelasDaVenda } from '../parcelas-venda';

export const vendaJaGerada = () =>
  conflict('Venda já gerada', 'Já existe uma venda gerada a partir deste orçamento.');

type OrcamentoTravado = NonNullable<Awaited<ReturnType<typeof q.lockOrcamento>>>;

/**
 * The figures the quote's sale records: the seed's formula (commissions on the total minus the card
 * fee), or the quote's own fee and commissions when Empresa says "Comissões da venda: como no
 * orçamento" (docs/precos.md). The sale confirmation shows these very figures before confirming.
 */
export async function figurasDaVenda(tx: Executor, o: OrcamentoTravado, tz: string) {
  const d = await q.dadosPrecificacao(tx, {
    produtoIds: [],
    itemVendaIds: [],
    funcionarioIds: [],
    acabamentoIds: [],
    recorteIds: [],
    mesInicio: monthRange(tz).inicio,
    vendedorId: o.vendedor_id,
    arquitetoId: o.arquiteto_id,
    cartaoId: o.cartao_id,
  });
  const f = computeVenda({
    valor_bruto: o.valor_total,
    tipo_venda: o.tipo_venda as OrcamentoCalculo['tipo_venda'],
    valor_entrada: o.tipo_venda === 'entrada' ? o.valor_entrada : 0,
    numero_parcelas: o.tipo_venda === 'avista' ? 1 : o.numero_parcelas,
    cartao: d.cartao ?? null,
    percentual_vendedor: d.percentualVendedor,
    tem_vendedor: !!o.vendedor_id,
    percentual_arquiteto: d.percentualArquiteto,
    tem_arquiteto: !!o.arquiteto_id,
  });
  if (f.valor_parcelas < 0) {
    throw badRequest('O valor da entrada não pode ser maior que o total do orçamento.');
  }
  const r = o.resumo;
  // A quote saved before its summary was stored has no figures of its own: the formula stands.
  if (r && r.valor_taxa_cartao !== undefined && (await comissoesComoOrcamento(tx))) {
    return comoNoOrcamento(f, {
      valor_taxa_cartao: r.valor_taxa_cartao,
      comissao_vendedor: r.comissao_vendedor ?? 0,
      comissao_arquiteto: r.comissao_arquiteto ?? 0,
    });
  }
  return f;
}

/**
 * Turns a quote (already locked by the caller's transaction `tx`) into its sale: the rules of
 * `POST /api/orcamentos/:id/venda`, shared with the customer's approval (`/api/publico`), which
 * generates the sale in the approval's own transaction. `tz`: the business time zone (the sale's date).
 */
export async function gerarVenda(tx: Executor, o: OrcamentoTravado, tz: string) {
  const id = o.id;
  if (o.status === 'venda_realizada' || (await q.vendaDoOrcamento(tx, { orcamentoId: id }))) {
    throw vendaJaGerada();
  }
  const f = await figurasDaVenda(tx, o, tz);
  const row = await q.insertVenda(tx, {
    cliente_id: o.cliente_id,
    orcamento_id: o.id,
    vendedor_id: o.vendedor_id,
    arquiteto_id: o.arquiteto_id,
    cartao_id: o.cartao_id,
    data_venda: todayIso(tz),
    tipo_venda: f.tipo_venda,
    valor_bruto: toDbMoney(f.valor_bruto),
    valor_entrada: toDbMoney(f.valor_entrada),
    valor_parcelas: toDbMoney(f.valor_parcelas),
    numero_parcelas: f.numero_parcelas,
    taxa_cartao: f.taxa_cartao,
    valor_taxa: toDbMoney(f.valor_taxa),
    valor_liquido: toDbMoney(f.valor_liquido),
    comissao_vendedor: toDbMoney(f.comissao_vendedor),
    comissao_arquiteto: toDbMoney(f.comissao_arquiteto),
    status: 'confirmada',
  });
  await criarParcelasDaVenda(tx, row.id);
  await q.setStatusOrcamento(tx, { id, status: 'venda_realizada' });
  const osId = await criarOrdemDaVenda(tx, row);
  await publish(tx, 'vendas', 'criado', row.id);
  if (osId) await publish(tx, 'producao', 'criado', osId);
  await publish(tx, 'orcamentos', 'atualizado', id);
  return row;
}
