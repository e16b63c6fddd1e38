// The printout of a quote (loaded on demand). Built with DOM calls and text nodes only — never HTML
// strings — so whatever a user typed (a client named "<img onerror=…>") prints as text.

import { desenhoPeca, svgString } from '../../../domain/peca-desenho';
import { enderecoCliente, enderecoEmpresa, TIPO_VENDA_LABEL } from '../../../schemas/orcamentos';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import type { Empresa, OrcamentoDetalhe } from '../../lib/resources';
import { medidasTexto, pecaLinhas, temPeca } from './texto';

const CSS = `
  * { box-sizing: border-box; }
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; margin: 24px; font-size: 13px; }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; border-bottom: 2px solid #1e293b; padding-bottom: 12px; margin-bottom: 16px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 15px; margin: 18px 0 6px; border-bottom: 1px solid #cbd5e1; padding-bottom: 3px; }
  p { margin: 2px 0; }
  .numero { text-align: right; }
  .numero strong { font-size: 16px; display: block; }
  .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 2px 24px; }
  table { width: 100%; border-collapse: collapse; margin-top: 6px; }
  th, td { border-bottom: 1px solid #e2e8f0; padding: 6px 4px; text-align: left; vertical-align: top; }
  th { background: #f1f5f9; font-size: 12px; }
  .r { text-align: right; white-space: nowrap; }
  .medidas { display: block; color: #475569; font-size: 11px; }
  .total { font-size: 16px; font-weight: 700; text-align: right; margin-top: 10px; }
  .obs { white-space: pre-wrap; }
  .peca { display: grid; grid-template-columns: 300px 1fr; gap: 12px; align-items: start; border-bottom: 1px solid #e2e8f0; padding: 8px 0; break-inside: avoid; }
  .peca svg { max-width: 100%; height: auto; }
  .peca ul { margin: 4px 0 0; padding-left: 16px; }
  @media print { body { margin: 12mm; } }
`;

type Child = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: { class?: string; colSpan?: number } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (attrs.class) node.className = attrs.class;
  if (attrs.colSpan && node instanceof HTMLTableCellElement) node.colSpan = attrs.colSpan;
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === 'string' ? doc.createTextNode(c) : c);
  }
  return node;
}

function campo(doc: Document, label: string, value: string | null | undefined) {
  if (!value) return null;
  return el(doc, 'p', {}, el(doc, 'strong', {}, `${label}: `), value);
}

/** Fills the (already opened) window with the printout, prints it and closes it afterwards. */
export function renderPrint(w: Window, o: OrcamentoDetalhe, empresa: Empresa) {
  const doc = w.document;
  doc.title = `Orçamento #${o.numero}`;
  const style = doc.createElement('style');
  style.textContent = CSS;
  doc.head.replaceChildren(style);
  const title = doc.createElement('title');
  title.textContent = `Orçamento #${o.numero}`;
  doc.head.append(title);

  const cliente = o.cliente;
  const endereco = cliente ? enderecoCliente(cliente) : '';

  const linhas = o.itens.map((i) =>
    el(
      doc,
      'tr',
      {},
      el(
        doc,
        'td',
        {},
        i.item_venda_nome ?? '—',
        medidasTexto(i) && el(doc, 'span', { class: 'medidas' }, medidasTexto(i)),
      ),
      el(doc, 'td', {}, i.produto_nome ?? 'Produto não encontrado'),
      el(doc, 'td', { class: 'r' }, formatNumber(i.quantidade)),
      el(doc, 'td', { class: 'r' }, formatMoney(i.valor_unitario_exibido)),
      el(doc, 'td', { class: 'r' }, formatMoney(i.valor_total_exibido)),
    ),
  );
  if (o.custos_adicionais !== 0) {
    linhas.push(
      el(
        doc,
        'tr',
        {},
        el(doc, 'td', { colSpan: 4 }, 'Custos adicionais'),
        el(doc, 'td', { class: 'r' }, formatMoney(o.custos_adicionais)),
      ),
    );
  }

  // The same drawing as the editor's (domain/peca-desenho), parsed as SVG rather than set as HTML:
  // svgString escapes every text, and a parsed SVG document runs nothing.
  const pecas = o.itens.flatMap((i, idx) => {
    if (!temPeca(i)) return [];
    const titulo = `Item ${idx + 1}: ${i.item_venda_nome ?? i.produto_nome ?? 'Peça'}`;
    const desenho = desenhoPeca({ ...i, titulo }, { largura: 300, altura: 210 });
    const svg = new DOMParser().parseFromString(svgString(desenho, `peca-${idx}`), 'image/svg+xml');
    return [
      el(
        doc,
        'div',
        { class: 'peca' },
        doc.importNode(svg.documentElement, true),
        el(
          doc,
          'div',
          {},
          el(doc, 'strong', {}, titulo),
          el(doc, 'ul', {}, ...pecaLinhas(i).map((l) => el(doc, 'li', {}, l))),
        ),
      ),
    ];
  });

  const tipo = TIPO_VENDA_LABEL[o.tipo_venda] ?? TIPO_VENDA_LABEL.avista;
  const cartao = o.cartao_bandeira
    ? `${o.cartao_bandeira}${o.cartao_tipo ? ` (${o.cartao_tipo})` : ''}`
    : null;

  const main = el(
    doc,
    'main',
    {},
    el(
      doc,
      'header',
      {},
      el(
        doc,
        'div',
        {},
        el(doc, 'h1', {}, empresa.nome),
        enderecoEmpresa(empresa) && el(doc, 'p', {}, enderecoEmpresa(empresa)),
        empresa.telefone && el(doc, 'p', {}, `Telefone: ${empresa.telefone}`),
        empresa.cnpj && el(doc, 'p', {}, `CNPJ: ${empresa.cnpj}`),
      ),
      el(
        doc,
        'div',
        { class: 'numero' },
        el(doc, 'strong', {}, `Orçamento Nº ${o.numero}`),
        el(doc, 'p', {}, `Data: ${formatDate(o.created_at)}`),
        o.validade && el(doc, 'p', {}, `Validade: ${formatDate(o.validade)}`),
      ),
    ),
    el(doc, 'h2', {}, 'Cliente'),
    el(
      doc,
      'div',
      { class: 'grid' },
      campo(doc, 'Nome', o.cliente_nome ?? 'Cliente não encontrado'),
      campo(doc, cliente?.tipo === 'Pessoa Jurídica' ? 'CNPJ' : 'CPF', cliente?.cpf_cnpj),
      campo(doc, 'Telefone', cliente?.telefone),
      campo(doc, 'E-mail', cliente?.email),
      campo(doc, 'Endereço', endereco),
    ),
    el(
      doc,
      'div',
      { class: 'grid' },
      campo(doc, 'Vendedor', o.vendedor_nome ?? '—'),
      campo(doc, 'Arquiteto', o.arquiteto_nome ?? '—'),
    ),
    el(doc, 'h2', {}, 'Itens'),
    el(
      doc,
      'table',
      {},
      el(
        doc,
        'thead',
        {},
        el(
          doc,
          'tr',
          {},
          el(doc, 'th', {}, 'Item de Venda'),
          el(doc, 'th', {}, 'Produto'),
          el(doc, 'th', { class: 'r' }, 'Quantidade'),
          el(doc, 'th', { class: 'r' }, 'Valor Unitário/M²'),
          el(doc, 'th', { class: 'r' }, 'Total'),
        ),
      ),
      el(doc, 'tbody', {}, ...linhas),
    ),
    el(doc, 'p', { class: 'total' }, `Total: ${formatMoney(o.valor_total)}`),
    pecas.length > 0 && el(doc, 'h2', {}, 'Peças'),
    ...pecas,
    el(doc, 'h2', {}, 'Forma de Pagamento'),
    el(
      doc,
      'div',
      { class: 'grid' },
      campo(doc, 'Tipo de Venda', tipo),
      o.tipo_venda === 'entrada' && campo(doc, 'Entrada', formatMoney(o.valor_entrada)),
      o.numero_parcelas > 1 && campo(doc, 'Parcelas', `${o.numero_parcelas}x`),
      campo(doc, 'Cartão', cartao),
    ),
    o.observacoes && el(doc, 'h2', {}, 'Observações'),
    o.observacoes && el(doc, 'p', { class: 'obs' }, o.observacoes),
  );
  doc.body.replaceChildren(main);

  w.addEventListener('afterprint', () => w.close());
  w.focus();
  w.print();
}
