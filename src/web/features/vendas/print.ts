import { formatDate, formatMoney } from '../../lib/format';
import type { Empresa, Venda } from '../../lib/resources';
import { formaPagamento, statusLabel, taxaPercent } from './format-venda';

const STYLE = `
  body { font-family: system-ui, sans-serif; color: #0f172a; margin: 32px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.sub { color: #475569; margin: 0 0 24px; }
  table { border-collapse: collapse; width: 100%; max-width: 640px; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e2e8f0; font-size: 14px; }
  th { color: #475569; font-weight: 500; width: 40%; }
  td.total { font-weight: 700; }
`;

/**
 * A printable copy of a sale in a new window. Built with DOM nodes and textContent only, so names
 * typed by users can never become markup.
 */
export function printVenda(v: Venda, empresa?: Empresa | null): boolean {
  const w = window.open('', '_blank');
  if (!w) return false;
  const doc = w.document;
  doc.title = `Venda #${v.numero}`;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const e = doc.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (className) e.className = className;
    return e;
  };
  const style = el('style', STYLE);
  doc.head.append(style);

  const rows: [string, string, boolean?][] = [
    ['Cliente', v.cliente_nome ?? '-'],
    ['Data da venda', formatDate(v.data_venda)],
    ['Status', statusLabel(v.status)],
    ['Vendedor', v.vendedor_nome ?? '-'],
    ['Arquiteto', v.arquiteto_nome ?? '-'],
    ['Forma de pagamento', formaPagamento(v)],
    ['Valor bruto', formatMoney(v.valor_bruto)],
    ['Taxa do cartão', v.valor_taxa ? `${formatMoney(v.valor_taxa)} (${taxaPercent(v)})` : '-'],
    ['Valor líquido', formatMoney(v.valor_liquido), true],
  ];
  if (v.orcamento_numero) rows.splice(1, 0, ['Orçamento', `#${v.orcamento_numero}`]);

  const table = el('table');
  for (const [label, value, strong] of rows) {
    const tr = el('tr');
    tr.append(el('th', label), el('td', value, strong ? 'total' : undefined));
    table.append(tr);
  }
  const header = [
    empresa?.nome,
    empresa?.cnpj && `CNPJ ${empresa.cnpj}`,
    empresa?.endereco,
    empresa?.telefone,
  ]
    .filter(Boolean)
    .join(' · ');
  doc.body.replaceChildren(
    ...(header ? [el('p', header, 'sub')] : []),
    el('h1', `Venda #${v.numero}`),
    el('p', `Emitido em ${formatDate(new Date())}`, 'sub'),
    table,
  );
  w.focus();
  w.print();
  return true;
}
