// The quote's pricing (`POST /api/orcamentos/calcular`, and creating or replacing a quote): the figures
// from what the database says now, the bad input refused field by field, and the rows to write.
import type { Executor } from '../../db/client';
import * as q from '../../db/queries/orcamentos';
import { monthRange } from '../../domain/datas';
import { dec, toDbMoney } from '../../domain/money';
import {
  type CardRates,
  computeResumoDetalhado,
  custoHoraFuncionarios,
  type ItemInput,
  LADOS,
  type TipoUnidade,
  validarPecas,
} from '../../domain/pricing';
import {
  type BordaSalva,
  type CalculoOrcamento,
  type CustoHoraFuncionario,
  LIMITES,
  MSG_FIGURA,
  MSG_MEDIDA_ZERO,
  type OrcamentoCalculo,
  type RecorteSalvo,
  type ResumoOrcamento,
} from '../../schemas/orcamentos';
import { semAutor } from '../audit-context';
import { badRequest, type ProblemField } from '../errors';

interface Priced {
  resumo: ResumoOrcamento;
  itens: (CalculoOrcamento['itens'][number] & {
    produto_id: string | null;
    /** The snapshot to save: each finish's and cutout's name and price as priced now. */
    bordas: (Omit<BordaSalva, 'valor_ml'> & { valor_ml: string })[];
    recortes: (Omit<RecorteSalvo, 'valor'> & { valor: string })[];
  })[];
  /** Each chosen active employee's hourly cost: only for holders of `funcionarios` (salaries). */
  equipe: CustoHoraFuncionario[];
}

const FIGURA_MAX = dec(LIMITES.figura_max);

/**
 * Every figure must fit `numeric(14,2)`: the bounds of each input keep a line sane, but a product
 * priced in the millions times thousands of pieces would not fit. Refused with the field that made it
 * (the line's quantity), or the items as a whole when only the sum overflows.
 */
function checkFigures(priced: Priced) {
  const idx = priced.itens.findIndex((i) => dec(i.valor_total).gt(FIGURA_MAX));
  const path = idx >= 0 ? `itens.${idx}.quantidade` : 'itens';
  const over =
    idx >= 0 ||
    Object.values(priced.resumo).some((v) => typeof v === 'number' && dec(v).abs().gt(FIGURA_MAX));
  if (over) throw badRequest(MSG_FIGURA, [{ path, message: MSG_FIGURA }]);
}

/**
 * Issue 14's bad input, all reported at once (each naming its field): the pure rules (unit lines take
 * no edges, cutouts or loss; a side at most once; quantities; loss 0–100), a strip pointing at
 * another line, and every finish and cutout known and active. Checked on /calcular too, so the editor
 * learns of a catalogue entry removed under it before the user saves.
 */
function checkPecas(
  input: OrcamentoCalculo,
  tipoDe: (i: OrcamentoCalculo['itens'][number]) => TipoUnidade,
  d: Awaited<ReturnType<typeof q.dadosPrecificacao>>,
) {
  const errors: ProblemField[] = validarPecas(
    input.itens.map((i) => ({ ...i, tipo_unidade: tipoDe(i) })),
  ).map((e) => ({ path: e.campo, message: e.message }));
  input.itens.forEach((i, idx) => {
    const at = (sub: string, message: string) => errors.push({ path: `itens.${idx}.${sub}`, message });
    if (i.faixa) {
      const alvo = input.itens[i.faixa.item];
      if (!alvo || i.faixa.item === idx || tipoDe(alvo) !== 'm²')
        at('faixa.item', 'A saia ou o frontão deve seguir um lado de outra peça em m² deste orçamento.');
      if (tipoDe(i) !== 'm²') at('faixa', 'Saia e frontão são peças em m².');
    }
    i.bordas.forEach((b, j) => {
      const a = d.acabamentos.get(b.acabamento_id);
      if (!a) at(`bordas.${j}.acabamento_id`, 'Acabamento não encontrado: ele foi removido. Escolha outro.');
      else if (a.status !== 'ativo')
        at(`bordas.${j}.acabamento_id`, `O acabamento "${a.nome}" está inativo. Escolha outro.`);
    });
    i.recortes.forEach((r, j) => {
      const c = d.recortes.get(r.recorte_id);
      if (!c) at(`recortes.${j}.recorte_id`, 'Recorte não encontrado: ele foi removido. Escolha outro.');
      else if (c.status !== 'ativo')
        at(`recortes.${j}.recorte_id`, `O recorte "${c.nome}" está inativo. Escolha outro.`);
    });
  });
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

/**
 * Prices a quote from what the database says: product prices and units, the salaries of the chosen
 * active employees, this month's expenses, the seller's and architect's percentages and the card's
 * rates. `strict` (saving) refuses references that do not exist; the live calculation just counts
 * them as nothing, since the user is still typing.
 */
export async function price(
  db: Executor,
  tz: string,
  input: OrcamentoCalculo,
  strict: boolean,
): Promise<Priced> {
  const produtoIds = input.itens.map((i) => i.produto_id).filter((id): id is string => !!id);
  const itemVendaIds = input.itens.map((i) => i.item_venda_id).filter((id): id is string => !!id);
  const d = await semAutor(() =>
    q.dadosPrecificacao(db, {
      produtoIds,
      itemVendaIds: strict ? itemVendaIds : [],
      funcionarioIds: input.funcionario_ids,
      mesInicio: monthRange(tz).inicio,
      vendedorId: input.vendedor_id,
      arquitetoId: input.arquiteto_id,
      cartaoId: input.cartao_id,
      clienteId: strict ? input.cliente_id : null,
      acabamentoIds: input.itens.flatMap((i) => i.bordas.map((b) => b.acabamento_id)),
      recorteIds: input.itens.flatMap((i) => i.recortes.map((r) => r.recorte_id)),
    }),
  );
  const { produtos, itensVenda, equipe, cartao } = d;
  const pctVendedor = d.percentualVendedor;
  const pctArquiteto = d.percentualArquiteto;
  const clienteOk = !strict || !input.cliente_id || d.clienteExiste;

  if (strict) {
    const missing = (path: string, message: string) => badRequest(message, [{ path, message }]);
    if (!clienteOk) throw missing('cliente_id', 'Cliente não encontrado.');
    const semProduto = input.itens.findIndex((i) => i.produto_id && !produtos.has(i.produto_id));
    if (semProduto >= 0) throw missing(`itens.${semProduto}.produto_id`, 'Produto não encontrado.');
    const semItem = input.itens.findIndex((i) => i.item_venda_id && !itensVenda.has(i.item_venda_id));
    if (semItem >= 0) throw missing(`itens.${semItem}.item_venda_id`, 'Item de venda não encontrado.');
    if (equipe.length !== input.funcionario_ids.length) {
      throw missing('funcionario_ids', 'Funcionário não encontrado.');
    }
    if (input.vendedor_id && pctVendedor === undefined)
      throw missing('vendedor_id', 'Vendedor não encontrado.');
    if (input.arquiteto_id && pctArquiteto === undefined) {
      throw missing('arquiteto_id', 'Arquiteto não encontrado.');
    }
    if (input.cartao_id && !cartao) throw missing('cartao_id', 'Forma de pagamento não encontrada.');
  }

  const produtoDe = (i: OrcamentoCalculo['itens'][number]) =>
    i.produto_id ? produtos.get(i.produto_id) : undefined;
  // A line without a product yet (the editor's half-typed line) is priced as m².
  const tipoDe = (i: OrcamentoCalculo['itens'][number]) =>
    (produtoDe(i)?.tipo_unidade ?? 'm²') as TipoUnidade;
  checkPecas(input, tipoDe, d);
  // A piece sold by the m² with no measure is a 0 m² piece at R$ 0,00: saving it would silently drop its
  // price from the quote (a strip whose height was cleared). Refused, naming the measure to fill in.
  if (strict) {
    input.itens.forEach((i, idx) => {
      if (!produtoDe(i) || tipoDe(i) !== 'm²') return;
      for (const campo of ['medida1', 'medida2'] as const) {
        if (dec(i[campo]).lte(0)) {
          throw badRequest(MSG_MEDIDA_ZERO, [{ path: `itens.${idx}.${campo}`, message: MSG_MEDIDA_ZERO }]);
        }
      }
    });
  }

  const linhas = input.itens.map((i) => {
    const p = produtoDe(i);
    const tipo = tipoDe(i);
    const m2 = tipo === 'm²';
    const bordas = i.bordas.map((b) => {
      const a = d.acabamentos.get(b.acabamento_id)!;
      return { lado: b.lado, acabamento_id: a.id, nome: a.nome, valor_ml: a.valor };
    });
    // Sides in a fixed order, so the snapshot, the drawing and the printout list them alike.
    bordas.sort((x, y) => LADOS.indexOf(x.lado) - LADOS.indexOf(y.lado));
    const recortes = i.recortes.map((r) => {
      const c = d.recortes.get(r.recorte_id)!;
      return { recorte_id: c.id, nome: c.nome, valor: c.valor, quantidade: r.quantidade };
    });
    const perda = m2 ? (i.perda_percentual ?? p?.perda_percentual ?? '0') : null;
    const item: ItemInput = {
      produto_id: p?.id ?? '',
      quantidade: String(i.quantidade),
      medida1: i.medida1,
      medida2: i.medida2,
      valor_unitario: p?.valor_m2 ?? '0',
      tipo_unidade: tipo,
      bordas,
      recortes,
      perda_percentual: perda,
    };
    return { produto_id: p ? p.id : null, item, bordas, recortes, perda };
  });
  const r = computeResumoDetalhado({
    itens: linhas.map((l) => l.item),
    valor_frete: input.valor_frete,
    valor_instalacao: input.valor_instalacao,
    horas_trabalho: input.horas_trabalho,
    margem_lucro: input.margem_lucro,
    tipo_venda: input.tipo_venda,
    numero_parcelas: input.numero_parcelas,
    cartao: (cartao as CardRates | undefined) ?? null,
    salarios_funcionarios: equipe.filter((f) => f.status === 'ativo').map((f) => f.salario),
    despesas_fixas_mes: d.despesasFixas,
    percentual_vendedor: pctVendedor ?? null,
    percentual_arquiteto: pctArquiteto ?? null,
  });
  const { itens: itemFigures, ...figures } = r;
  const priced: Priced = {
    resumo: {
      ...figures,
      percentual_vendedor: Number(pctVendedor ?? 0),
      percentual_arquiteto: Number(pctArquiteto ?? 0),
    },
    itens: linhas.map((l, idx) => {
      const f = itemFigures[idx]!;
      return {
        produto_id: l.produto_id,
        area: f.area,
        valor_unitario: Number(l.item.valor_unitario),
        valor_total: f.valor_total,
        tipo_unidade: l.item.tipo_unidade,
        perda_percentual: Number(l.perda ?? 0),
        valor_material: f.valor_material,
        metros_borda: f.metros_borda,
        valor_bordas: f.valor_bordas,
        valor_recortes: f.valor_recortes,
        bordas: l.bordas,
        recortes: l.recortes,
      };
    }),
    equipe: equipe
      .filter((f) => f.status === 'ativo')
      .map((f) => ({ id: f.id, nome: f.nome, custo_hora: custoHoraFuncionarios([f.salario]) })),
  };
  checkFigures(priced);
  return priced;
}

const MONEY_KEYS: (keyof ResumoOrcamento)[] = [
  'materiais',
  'custo_hora_funcionarios',
  'custo_hora_despesas',
  'custo_hora',
  'mao_de_obra',
  'subtotal',
  'margem',
  'subtotal_com_margem',
  'valor_taxa_cartao',
  'comissao_vendedor',
  'comissao_arquiteto',
  'total',
  'pedra',
  'bordas',
  'recortes',
];

/** The breakdown as stored in the jsonb column: decimal strings, so nothing is re-rounded. */
function resumoToDb(r: ResumoOrcamento): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r)) {
    out[k] = MONEY_KEYS.includes(k as keyof ResumoOrcamento) ? toDbMoney(v) : dec(v).toString();
  }
  return out;
}

/** Quote + items ready to write, from a validated body and its pricing. */
export function toValues(input: OrcamentoCalculo, priced: Priced) {
  const total = priced.resumo.total;
  if (input.tipo_venda === 'entrada' && dec(input.valor_entrada).gt(dec(total))) {
    const message = 'O valor da entrada não pode ser maior que o total do orçamento.';
    throw badRequest(message, [{ path: 'valor_entrada', message }]);
  }
  const values: q.OrcamentoValues = {
    cliente_id: input.cliente_id!,
    vendedor_id: input.vendedor_id,
    arquiteto_id: input.arquiteto_id,
    cartao_id: input.cartao_id,
    valor_total: toDbMoney(total),
    valor_frete: toDbMoney(input.valor_frete),
    valor_instalacao: toDbMoney(input.valor_instalacao),
    custo_hora: toDbMoney(priced.resumo.custo_hora),
    horas_trabalho: input.horas_trabalho,
    margem_lucro: input.margem_lucro,
    observacoes: input.observacoes,
    tipo_venda: input.tipo_venda,
    valor_entrada: toDbMoney(input.valor_entrada),
    numero_parcelas: input.numero_parcelas,
    validade: input.validade,
    resumo: resumoToDb(priced.resumo),
  };
  const itens: q.ItemValues[] = input.itens.map((i, idx) => {
    const p = priced.itens[idx]!;
    return {
      produto_id: i.produto_id!,
      item_venda_id: i.item_venda_id,
      quantidade: String(i.quantidade),
      // The product's price today, copied: a later price change does not alter this quote.
      valor_unitario: toDbMoney(p.valor_unitario),
      valor_total: toDbMoney(p.valor_total),
      medida1: i.medida1 ?? null,
      medida2: i.medida2 ?? null,
      area: String(p.area),
      tipo_unidade: p.tipo_unidade,
      perda_percentual: p.tipo_unidade === 'm²' ? String(p.perda_percentual) : null,
      valor_material: toDbMoney(p.valor_material),
      metros_borda: String(p.metros_borda),
      valor_bordas: toDbMoney(p.valor_bordas),
      valor_recortes: toDbMoney(p.valor_recortes),
      faixa: i.faixa?.tipo ?? null,
      faixa_de: i.faixa?.item ?? null,
      faixa_lado: i.faixa?.lado ?? null,
      bordas: p.bordas,
      recortes: p.recortes,
    };
  });
  return { values, itens };
}
