// A quote as the back office reads it (`GET /api/orcamentos/:id`): its lines with their issue-14
// snapshot, the customer's line figures and the breakdown. Shared by the quote's routes, the customer's
// side (PDF, public page), the LGPD export and the work orders.
import type { Executor } from '../../db/client';
import { numbersOut } from '../../db/queries/common';
import type { NumbersOut } from '../../db/queries/crud';
import * as q from '../../db/queries/orcamentos';
import { dec, sum, toDbMoney, toMoney } from '../../domain/money';
import {
  customerLines,
  displayComissaoArquiteto,
  displayMargem,
  LADOS,
  type TipoUnidade,
} from '../../domain/pricing';
import type { BordaSalva, Faixa, RecorteSalvo, ResumoOrcamento } from '../../schemas/orcamentos';
import { found, notFound } from '../errors';

export const LIST_NUMERIC = ['valor_total', 'valor_entrada'] as const;
const DETAIL_NUMERIC = [
  ...LIST_NUMERIC,
  'valor_frete',
  'valor_instalacao',
  'custo_hora',
  'horas_trabalho',
  'margem_lucro',
] as const;
const ITEM_NUMERIC = ['quantidade', 'valor_unitario', 'valor_total', 'medida1', 'medida2', 'area'] as const;

/**
 * `numbersOut` with the answer's type saying so: the decimal strings of `keys` become JSON numbers,
 * and the typed client (web/lib/client.ts) reads them as numbers.
 */
export const numerosDe = <T extends Record<string, unknown>, K extends keyof T & string>(
  row: T,
  keys: readonly K[],
) => numbersOut(row, [...keys]) as NumbersOut<T, K>;

function resumoFromDb(row: NonNullable<Awaited<ReturnType<typeof q.getOrcamento>>>): ResumoOrcamento {
  const stored = row.resumo;
  if (stored) {
    // Quotes saved before issue 14 have no split of materiais: it was all stone.
    const out: Record<string, number> = { pedra: Number(stored.materiais ?? 0), bordas: 0, recortes: 0 };
    for (const [k, v] of Object.entries(stored)) out[k] = Number(v);
    return out as unknown as ResumoOrcamento;
  }
  // A quote written without a breakdown (imported data): the spec's back-computed figures.
  const maoDeObra = dec(row.custo_hora).times(dec(row.horas_trabalho));
  return {
    materiais: toMoney(sum(row.itens.map((i) => i.valor_total))),
    custo_hora_funcionarios: 0,
    custo_hora_despesas: 0,
    custo_hora: Number(row.custo_hora),
    mao_de_obra: Number(toDbMoney(maoDeObra)),
    subtotal: 0,
    margem: displayMargem(row.valor_total, row.margem_lucro),
    subtotal_com_margem: 0,
    taxa_cartao_percentual: 0,
    valor_taxa_cartao: 0,
    comissao_vendedor: 0,
    comissao_arquiteto: row.arquiteto_id
      ? displayComissaoArquiteto(row.valor_total, row.margem_lucro, row.arquiteto_percentual)
      : 0,
    total: Number(row.valor_total),
    pedra: toMoney(sum(row.itens.map((i) => i.valor_material ?? i.valor_total))),
    bordas: toMoney(sum(row.itens.map((i) => i.valor_bordas ?? 0))),
    recortes: toMoney(sum(row.itens.map((i) => i.valor_recortes ?? 0))),
    percentual_vendedor: 0,
    percentual_arquiteto: Number(row.arquiteto_percentual ?? 0),
  };
}

type SavedRow = NonNullable<Awaited<ReturnType<typeof q.getOrcamento>>>;

/**
 * A saved line with its issue-14 snapshot. Lines saved before it (NULL figures) read as what they
 * were: all stone, no loss, no edges, no cutouts.
 */
function pecaDoItem(
  i: SavedRow['itens'][number],
  bordas: SavedRow['bordas'],
  recortes: SavedRow['recortes'],
) {
  const { faixa, faixa_de, faixa_lado, ...linha } = i;
  return {
    ...numerosDe(linha, ITEM_NUMERIC),
    perda_percentual: Number(i.perda_percentual ?? 0),
    valor_material: Number(i.valor_material ?? i.valor_total),
    metros_borda: Number(i.metros_borda ?? 0),
    valor_bordas: Number(i.valor_bordas ?? 0),
    valor_recortes: Number(i.valor_recortes ?? 0),
    faixa:
      faixa && faixa_de !== null && faixa_lado
        ? ({ tipo: faixa, item: faixa_de, lado: faixa_lado } satisfies Faixa)
        : null,
    bordas: bordas
      .filter((b) => b.item_id === i.id)
      .sort((x, y) => LADOS.indexOf(x.lado) - LADOS.indexOf(y.lado))
      .map(
        (b): BordaSalva => ({
          lado: b.lado,
          acabamento_id: b.acabamento_id,
          nome: b.nome,
          valor_ml: Number(b.valor_ml),
        }),
      ),
    recortes: recortes
      .filter((r) => r.item_id === i.id)
      .map(
        (r): RecorteSalvo => ({
          recorte_id: r.recorte_id,
          nome: r.nome,
          valor: Number(r.valor),
          quantidade: r.quantidade,
        }),
      ),
  };
}

/** A quote as `GET /api/orcamentos/:id` answers it (before JSON: dates are still Date objects). */
export type OrcamentoDetalhe = NonNullable<Awaited<ReturnType<typeof detalhe>>>;

export async function detalhe(db: Executor, id: string) {
  const row = await q.getOrcamento(db, { id });
  if (!row) return undefined;
  const lines = customerLines(
    row.itens.map((i) => ({
      valor_total: i.valor_total,
      area: i.area,
      quantidade: i.quantidade,
      tipo_unidade: i.tipo_unidade as TipoUnidade,
      valor_unitario: i.valor_unitario,
    })),
    row.valor_total,
  );
  const {
    arquiteto_percentual: _pct,
    resumo: _r,
    itens,
    funcionarios,
    cliente,
    bordas,
    recortes,
    ...rest
  } = row;
  return {
    ...numerosDe(rest, DETAIL_NUMERIC),
    cliente: cliente?.nome ? cliente : null,
    funcionario_ids: funcionarios.map((f) => f.id),
    funcionarios,
    itens: itens.map((i, idx) => ({
      ...pecaDoItem(i, bordas, recortes),
      valor_unitario_exibido: lines.itens[idx]?.valor_unitario_exibido ?? 0,
      valor_total_exibido: lines.itens[idx]?.valor_total_exibido ?? 0,
    })),
    custos_adicionais: lines.custos_adicionais,
    resumo: resumoFromDb(row),
  };
}

export const orcamentoNaoEncontrado = () => notFound('Orçamento não encontrado.');

/** The quote locked for the rest of the transaction (its checks, then the writes), or 404. */
export async function lockOrcamentoOu404(tx: Executor, id: string) {
  return found(await q.lockOrcamento(tx, { id }), orcamentoNaoEncontrado);
}
