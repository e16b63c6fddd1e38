import type { Faixa, Lado, TipoVenda } from '../../../schemas/orcamentos';
import { isoDateIn, todayIso } from '../../lib/format';
import type { OrcamentoDetalhe } from '../../lib/resources';

/** One line of the editor (spec doc 1 §3 "in-form quote line"): ids plus what the row shows. */
export interface LinhaForm {
  /** Temporary id of the row (stable while editing; never sent). */
  key: string;
  item_venda_id: string;
  item_venda_nome: string;
  formato_medida: string;
  produto_id: string;
  produto_nome: string;
  valor_unitario: number;
  tipo_unidade: 'm²' | 'unitário';
  quantidade: number;
  /** '' while nothing was typed (an empty field reads as 0). */
  medida1: number | '';
  medida2: number | '';
  // Issue 14, m² lines only. Optional: drafts kept before it have none.
  /** The line's own loss; '' = the product's (`produto_perda`). */
  perda_percentual?: number | '';
  produto_perda?: number;
  /** Finished sides, with the finish's name for the drawing. */
  bordas?: { lado: Lado; acabamento_id: string; nome: string }[];
  recortes?: { recorte_id: string; nome: string; quantidade: number }[];
  /** A saia/frontão strip along side `lado` of the line whose key is `de`. */
  faixa?: { tipo: Faixa['tipo']; de: string; lado: Lado } | null;
}

export interface OrcamentoForm {
  cliente_id: string;
  cliente_nome: string;
  vendedor_id: string;
  vendedor_nome: string;
  arquiteto_id: string;
  arquiteto_nome: string;
  funcionario_ids: string[];
  /** Employees of a saved quote (shown even if no longer active). */
  funcionarios_salvos: { id: string; nome: string; cargo: string }[];
  /** The quote date shown in the form; not saved (spec). */
  data: string;
  validade: string;
  itens: LinhaForm[];
  tipo_venda: TipoVenda;
  valor_entrada: number;
  numero_parcelas: number;
  cartao_id: string;
  /** Label of a saved quote's card (shown even if no longer active). */
  cartao_label: string;
  valor_frete: number;
  valor_instalacao: number;
  horas_trabalho: number;
  margem_lucro: number;
  observacoes: string;
}

let seq = 0;
export const novaChave = () => `linha-${Date.now().toString(36)}-${++seq}`;

export function novaLinha(): LinhaForm {
  return {
    key: novaChave(),
    item_venda_id: '',
    item_venda_nome: '',
    formato_medida: '',
    produto_id: '',
    produto_nome: '',
    valor_unitario: 0,
    tipo_unidade: 'm²',
    quantidade: 1,
    medida1: '',
    medida2: '',
    perda_percentual: '',
    produto_perda: 0,
    bordas: [],
    recortes: [],
    faixa: null,
  };
}

export function emptyForm(): OrcamentoForm {
  return {
    cliente_id: '',
    cliente_nome: '',
    vendedor_id: '',
    vendedor_nome: '',
    arquiteto_id: '',
    arquiteto_nome: '',
    funcionario_ids: [],
    funcionarios_salvos: [],
    data: todayIso(),
    validade: '',
    itens: [],
    tipo_venda: 'avista',
    valor_entrada: 0,
    numero_parcelas: 1,
    cartao_id: '',
    cartao_label: '',
    valor_frete: 0,
    valor_instalacao: 0,
    horas_trabalho: 0,
    margem_lucro: 30,
    observacoes: '',
  };
}

/** A saved quote's lines in the editor; a strip's link by line index becomes one by row key. */
function itensDe(o: OrcamentoDetalhe): LinhaForm[] {
  const keys = o.itens.map(() => novaChave());
  return o.itens.map((i, idx) => ({
    key: keys[idx]!,
    item_venda_id: i.item_venda_id ?? '',
    item_venda_nome: i.item_venda_nome ?? '',
    formato_medida: i.formato_medida ?? '',
    produto_id: i.produto_id,
    produto_nome: i.produto_nome ?? '',
    valor_unitario: i.valor_unitario,
    tipo_unidade: i.tipo_unidade,
    quantidade: i.quantidade,
    medida1: i.medida1 ?? '',
    medida2: i.medida2 ?? '',
    // The saved loss is kept as the line's own: editing the quote does not pick up a new product default.
    perda_percentual: i.tipo_unidade === 'm²' ? i.perda_percentual : '',
    produto_perda: i.perda_percentual,
    bordas: i.bordas.map(({ lado, acabamento_id, nome }) => ({ lado, acabamento_id, nome })),
    recortes: i.recortes.map(({ recorte_id, nome, quantidade }) => ({ recorte_id, nome, quantidade })),
    faixa:
      i.faixa && keys[i.faixa.item]
        ? { tipo: i.faixa.tipo, de: keys[i.faixa.item]!, lado: i.faixa.lado }
        : null,
  }));
}

/** A saved quote loaded into the editor (edit mode). */
export function fromDetalhe(o: OrcamentoDetalhe): OrcamentoForm {
  return {
    cliente_id: o.cliente_id,
    cliente_nome: o.cliente_nome ?? '',
    vendedor_id: o.vendedor_id ?? '',
    vendedor_nome: o.vendedor_nome ?? '',
    arquiteto_id: o.arquiteto_id ?? '',
    arquiteto_nome: o.arquiteto_nome ?? '',
    funcionario_ids: o.funcionario_ids,
    funcionarios_salvos: o.funcionarios,
    data: o.created_at ? isoDateIn(o.created_at) : todayIso(),
    validade: o.validade ?? '',
    itens: itensDe(o),
    tipo_venda: o.tipo_venda,
    valor_entrada: o.valor_entrada,
    numero_parcelas: o.numero_parcelas,
    cartao_id: o.cartao_id ?? '',
    cartao_label: o.cartao_bandeira ? `${o.cartao_bandeira} - ${o.cartao_tipo ?? ''}` : '',
    valor_frete: o.valor_frete,
    valor_instalacao: o.valor_instalacao,
    horas_trabalho: o.horas_trabalho,
    margem_lucro: o.margem_lucro,
    observacoes: o.observacoes ?? '',
  };
}

/** Numbers typed in the form: anything that is not a finite number counts as 0 (spec §5). */
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};

/**
 * The API body (`POST /api/orcamentos`, `PUT`, `calcular`): ids and quantities only, never prices.
 * Numbers go as typed, never rounded here: a value the server refuses must be shown as refused (with
 * its field highlighted), not silently changed into another one that prices differently.
 */
export function toPayload(v: OrcamentoForm) {
  return {
    cliente_id: v.cliente_id || null,
    itens: v.itens.map((i) => {
      const m2 = i.tipo_unidade !== 'unitário';
      const de = i.faixa ? v.itens.findIndex((x) => x.key === i.faixa?.de) : -1;
      return {
        item_venda_id: i.item_venda_id || null,
        produto_id: i.produto_id || null,
        quantidade: num(i.quantidade),
        medida1: num(i.medida1),
        medida2: num(i.medida2),
        // A unit product takes none of these (the server would refuse them): the line just drops them.
        bordas: m2 ? (i.bordas ?? []).map(({ lado, acabamento_id }) => ({ lado, acabamento_id })) : [],
        recortes: m2
          ? (i.recortes ?? []).map(({ recorte_id, quantidade }) => ({ recorte_id, quantidade }))
          : [],
        perda_percentual:
          m2 && i.perda_percentual !== '' && i.perda_percentual !== undefined ? i.perda_percentual : null,
        // A strip whose piece was removed stays as a plain piece.
        faixa: m2 && i.faixa && de >= 0 ? { tipo: i.faixa.tipo, item: de, lado: i.faixa.lado } : null,
      };
    }),
    vendedor_id: v.vendedor_id || null,
    arquiteto_id: v.arquiteto_id || null,
    funcionario_ids: v.funcionario_ids,
    valor_frete: num(v.valor_frete),
    valor_instalacao: num(v.valor_instalacao),
    horas_trabalho: num(v.horas_trabalho),
    margem_lucro: num(v.margem_lucro),
    tipo_venda: v.tipo_venda,
    valor_entrada: v.tipo_venda === 'entrada' ? num(v.valor_entrada) : 0,
    numero_parcelas: num(v.numero_parcelas) || 1,
    cartao_id: v.cartao_id || null,
    observacoes: v.observacoes,
    validade: v.validade || null,
  };
}
export type OrcamentoPayload = ReturnType<typeof toPayload>;
