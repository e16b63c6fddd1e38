// What the customer sees of a quote — the PDF and the public page are both built from this one
// view, so nothing internal can reach the customer by one path and not the other. It carries only
// the customer-facing figures of the printout (`customerLines`: extras spread over the m² lines):
// never costs, labour, margin, card fee or any commission (RT), and no internal id.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { Executor } from '../db/client';
import type { EmpresaRow } from '../db/queries/empresa';
import { linkSecret } from '../db/queries/orcamento-cliente';
import { addDaysIso, todayIso } from '../domain/datas';
import { type LinhaCliente, linhaCliente } from '../domain/linha-cliente';
import { formatMedidas } from '../domain/medidas';
import { moneyText } from '../domain/money';
import { desenhoPeca, svgString } from '../domain/peca-desenho';
import { enderecoCliente, enderecoEmpresa, TIPO_VENDA_LABEL } from '../schemas/orcamentos';
import type { ItemCliente, VisaoCliente } from '../schemas/publico';
import type { OrcamentoDetalhe } from './casos/orcamento-detalhe';
import type { AppDeps } from './context';
import { HttpError } from './errors';
import { turnOf } from './export';
import { type PdfDoc, renderPdf } from './pdf/render';

/** GET /api/orcamentos/:id's answer (`detalhe` in casos/orcamento-detalhe.ts). */
type Detalhe = OrcamentoDetalhe;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const num = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
/** R$ 1.234,56 (a plain space, as the printout). */
export const dinheiro = (v: number | string) => brl.format(Number(v)).replace(/\u00a0/g, ' ');
const numero = (v: number | string | null | undefined) => num.format(Number(v ?? 0));
/** dd/mm/aaaa of a YYYY-MM-DD date. */
export const dataBr = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** Pieces (issue 14) travel on m² items when present; read loosely so today's items draw nothing. */
interface ItemComPecas {
  bordas?: { lado: 'frente' | 'fundo' | 'esquerda' | 'direita'; nome?: string | null }[] | null;
  recortes?: { nome?: string | null; quantidade?: number | string | null }[] | null;
}

function medidas(i: Detalhe['itens'][number]): string {
  const area = Number(i.area ?? 0);
  if (i.medida1 && i.medida2) return `${formatMedidas(i.medida1, i.medida2)} = ${numero(area)} m²`;
  return area > 0 ? `${numero(area)} m²` : '';
}

function desenho(i: Detalhe['itens'][number], idx: number): ItemCliente['desenho'] {
  const p = i as typeof i & ItemComPecas;
  const bordas = (p.bordas ?? []).filter((b) => b?.lado);
  const recortes = (p.recortes ?? []).filter((r) => r?.nome);
  if (i.tipo_unidade !== 'm²' || !i.medida1 || !i.medida2 || (!bordas.length && !recortes.length))
    return null;
  const titulo = i.item_venda_nome ?? 'Peça';
  const d = desenhoPeca(
    {
      medida1: i.medida1,
      medida2: i.medida2,
      titulo,
      bordas: bordas.map((b) => ({ lado: b.lado, nome: b.nome ?? 'Acabamento' })),
      recortes: recortes.map((r) => ({ nome: r.nome!, quantidade: r.quantidade ?? 1 })),
    },
    // The width the PDF prints it at (the items table's full width): symbols get room for their names.
    { largura: DESENHO_LARGURA, altura: 240 },
  );
  return { svg: svgString(d, `peca-${idx}`), titulo: d.descricao || titulo };
}

/** Drawings are printed across the whole items table, at their own size (pt). */
const DESENHO_LARGURA = 480;

const plural = (n: number, um: string, varios: string) => `${numero(n)} ${n === 1 ? um : varios}`;

/** "1,44 m²" × "R$ 2.319,57" "/m²" — the row's quantity and price in the same unit (linha-cliente.ts). */
function quantidadePreco(l: LinhaCliente) {
  const n = Number(l.quantidade);
  switch (l.base) {
    case 'm²':
      return { quantidade: `${numero(l.quantidade.toString())} m²`, por: 'm²' };
    case 'peça':
      return { quantidade: plural(n, 'peça', 'peças'), por: 'peça' };
    case 'un.':
      return { quantidade: `${numero(n)} un.`, por: 'un.' };
    default:
      return { quantidade: `1 conjunto (${plural(l.pecas ?? 1, 'peça', 'peças')})`, por: 'conjunto' };
  }
}

/** The validity shown: the quote's own date, else its date plus the company's default days. */
export function validadeDe(
  o: { validade: string | null; created_at: string | Date },
  dias: number,
  tz: string,
) {
  if (o.validade) return o.validade;
  return addDaysIso(todayIso(tz, new Date(o.created_at)), dias);
}

export function visaoCliente(o: Detalhe, e: EmpresaRow, tz: string): VisaoCliente {
  const c = o.cliente;
  const cartao = o.cartao_bandeira
    ? `${o.cartao_bandeira}${o.cartao_tipo ? ` (${o.cartao_tipo})` : ''}`
    : null;
  const tipo = o.tipo_venda as keyof typeof TIPO_VENDA_LABEL;
  return {
    empresa: {
      nome: e.nome,
      cnpj: e.cnpj,
      endereco: enderecoEmpresa(e),
      telefone: e.telefone,
      whatsapp: e.whatsapp,
      email: e.email,
      termos: e.termos,
      instrucoes_pagamento: e.instrucoes_pagamento,
      chave_pix: e.chave_pix,
    },
    numero: o.numero,
    data: new Date(o.created_at).toLocaleDateString('pt-BR', { timeZone: tz }),
    validade: dataBr(validadeDe(o, e.validade_dias, tz)),
    versao: new Date(o.updated_at).toISOString(),
    status: o.status,
    // No CPF/CNPJ: its first digits are what the customer types to approve.
    cliente: {
      nome: o.cliente_nome ?? 'Cliente',
      telefone: c?.telefone ?? null,
      email: c?.email ?? null,
      endereco: c ? enderecoCliente(c) : '',
    },
    vendedor: o.vendedor_nome ?? null,
    itens: o.itens.map((i, idx) => {
      const linha = linhaCliente({
        tipo_unidade: i.tipo_unidade as 'm²' | 'unitário',
        area: i.area,
        quantidade: i.quantidade,
        total: i.valor_total_exibido,
      });
      const { quantidade, por } = quantidadePreco(linha);
      const preco = moneyText(linha.preco);
      return {
        // a line without a sale item ("Cuba inox") is named by its product
        descricao: i.item_venda_nome ?? i.produto_nome ?? 'Item',
        produto: i.item_venda_nome ? (i.produto_nome ?? '') : '',
        medidas: medidas(i),
        quantidade,
        preco,
        por,
        valor_unitario: `${preco}/${por}`,
        valor_total: moneyText(i.valor_total_exibido),
        desenho: desenho(i, idx),
      };
    }),
    custos_adicionais: o.custos_adicionais !== 0 ? dinheiro(o.custos_adicionais) : null,
    total: dinheiro(o.valor_total),
    pagamento: {
      tipo: TIPO_VENDA_LABEL[tipo] ?? TIPO_VENDA_LABEL.avista,
      entrada: o.tipo_venda === 'entrada' ? dinheiro(o.valor_entrada) : null,
      parcelas: o.numero_parcelas > 1 ? `${o.numero_parcelas}x` : null,
      cartao,
    },
    observacoes: o.observacoes ?? null,
  };
}

const GRAY = '#475569';

function cabecalho(v: VisaoCliente, logo: string | null): Content {
  const empresa: Content[] = [
    { text: v.empresa.nome, style: 'empresa' },
    ...[
      v.empresa.cnpj && `CNPJ ${v.empresa.cnpj}`,
      v.empresa.endereco,
      [v.empresa.telefone, v.empresa.whatsapp && `WhatsApp ${v.empresa.whatsapp}`, v.empresa.email]
        .filter(Boolean)
        .join(' · '),
    ]
      .filter((t): t is string => !!t)
      .map((text) => ({ text, color: GRAY })),
  ];
  return {
    columns: [
      ...(logo ? [{ image: logo, fit: [90, 60] as [number, number], width: 100 }] : []),
      { stack: empresa, width: '*' },
      {
        width: 150,
        alignment: 'right',
        stack: [
          { text: `Orçamento Nº ${v.numero}`, style: 'numero' },
          `Data: ${v.data}`,
          `Validade: ${v.validade}`,
        ],
      },
    ],
    columnGap: 12,
    margin: [0, 0, 0, 12],
  };
}

function campos(pares: [string, string | null | undefined][]): Content[] {
  return pares
    .filter((p): p is [string, string] => !!p[1])
    .map(([k, val]) => ({ text: [{ text: `${k}: `, bold: true }, val] }));
}

/** A document and its footer (`{page}`/`{pages}` in its text), as the PDF worker takes them. */
export interface DocumentoPdf {
  doc: PdfDoc;
  footer: Content;
}

/** The quote's creation day (dd/mm/aaaa of the view) at UTC midnight: a date no later save moves. */
function diaDoOrcamento(v: VisaoCliente): Date {
  const [d, m, a] = v.data.split('/').map(Number);
  return new Date(Date.UTC(a ?? 2000, (m ?? 1) - 1, d ?? 1));
}

/** The customer's PDF as a pdfmake document (never an internal figure: it only reads the view). */
export function documentoPdf(v: VisaoCliente, logo: string | null): DocumentoPdf {
  // Four columns that fit A4 (523 pt inside the margins) whatever the values: the widest money text
  // (R$ 999.999.999.999,99 at 9 pt) fits its column; names and products wrap in the first; a drawing
  // gets a row of its own across the table, with its full description under it (a symbol's name may be
  // shortened inside the drawing, never in the text).
  const linhas: TableCell[][] = v.itens.flatMap((i): TableCell[][] => {
    const row: TableCell[] = [
      {
        stack: [
          { text: i.descricao, bold: true },
          ...(i.produto ? [{ text: i.produto }] : []),
          ...(i.medidas ? [{ text: i.medidas, color: GRAY, fontSize: 8 }] : []),
        ],
      },
      { text: i.quantidade, alignment: 'right' },
      {
        alignment: 'right',
        stack: [
          { text: i.preco, noWrap: true },
          { text: `por ${i.por}`, color: GRAY, fontSize: 8 },
        ],
      },
      { text: i.valor_total, alignment: 'right', noWrap: true },
    ];
    if (!i.desenho) return [row];
    return [
      row,
      [
        {
          colSpan: 4,
          stack: [
            { svg: i.desenho.svg, width: DESENHO_LARGURA, alignment: 'center' },
            { text: i.desenho.titulo, color: GRAY, fontSize: 8, margin: [0, 2, 0, 0] },
          ],
        },
        '',
        '',
        '',
      ],
    ];
  });
  if (v.custos_adicionais) {
    linhas.push([
      { text: 'Custos adicionais', colSpan: 3 },
      '',
      '',
      { text: v.custos_adicionais, alignment: 'right', noWrap: true },
    ]);
  }
  const p = v.pagamento;
  const emitido = diaDoOrcamento(v);
  return {
    footer: {
      text: `${v.empresa.nome} · Orçamento Nº ${v.numero} · Página {page} de {pages}`,
      alignment: 'center',
      fontSize: 8,
      color: GRAY,
      margin: [0, 16, 0, 0],
    },
    doc: {
      pageSize: 'A4',
      pageMargins: [36, 36, 36, 48],
      // Fixed dates (the quote's day, not `updated_at`, which an approval moves, nor now): the same
      // content always gives the same bytes, so the digest the customer accepted can be checked against
      // a PDF generated again later. The file's /ID is derived from these fields and the title.
      info: {
        title: `Orçamento Nº ${v.numero}`,
        author: v.empresa.nome,
        creationDate: emitido,
        modDate: emitido,
      } as never,
      content: [
        cabecalho(v, logo),
        { text: 'Cliente', style: 'secao' },
        ...campos([
          ['Nome', v.cliente.nome],
          ['Telefone', v.cliente.telefone],
          ['E-mail', v.cliente.email],
          ['Endereço', v.cliente.endereco],
          ['Vendedor', v.vendedor],
        ]),
        { text: 'Itens', style: 'secao' },
        {
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: ['*', 70, 104, 104],
            body: [
              ['Item', 'Quantidade', 'Valor unitário', 'Total'].map((t, idx) => ({
                text: t,
                bold: true,
                fillColor: '#f1f5f9',
                alignment: idx >= 1 ? 'right' : 'left',
              })),
              ...linhas,
            ],
          },
          fontSize: 9,
          layout: 'lightHorizontalLines',
        },
        { text: `Total: ${v.total}`, style: 'total' },
        { text: 'Forma de pagamento', style: 'secao' },
        ...campos([
          ['Tipo de venda', p.tipo],
          ['Entrada', p.entrada],
          ['Parcelas', p.parcelas],
          ['Cartão', p.cartao],
          ['Instruções', v.empresa.instrucoes_pagamento],
          ['Chave Pix', v.empresa.chave_pix],
        ]),
        ...(v.observacoes ? [{ text: 'Observações', style: 'secao' }, { text: v.observacoes }] : []),
        ...(v.empresa.termos
          ? [
              { text: 'Termos e condições', style: 'secao' },
              { text: v.empresa.termos, fontSize: 9 },
            ]
          : []),
      ],
      styles: {
        empresa: { fontSize: 15, bold: true },
        numero: { fontSize: 13, bold: true },
        secao: { fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
        total: { fontSize: 13, bold: true, alignment: 'right', margin: [0, 8, 0, 0] },
      },
    },
  };
}

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

export interface PdfPronto {
  bytes: Buffer;
  sha256: string;
  /** What the bytes were laid out from (kept with an acceptance: the signed copy re-lays it). */
  documento: DocumentoPdf;
}

/**
 * Rendered PDFs by (quote, version of their content): the digest of the document definition, so an
 * approval (which moves `updated_at` but not a printed word) or a second download finds the same
 * bytes, and an edit of the quote, the company or its logo makes a new entry. Bounded by count and
 * size; requests for the same document at once share one rendering.
 */
const CACHE_MAX = { entradas: 64, bytes: 64 * 1024 * 1024 };
const cache = new Map<string, PdfPronto>();
const emCurso = new Map<string, Promise<PdfPronto>>();
let cacheBytes = 0;

function guardar(chave: string, pdf: PdfPronto) {
  cache.set(chave, pdf);
  cacheBytes += pdf.bytes.byteLength;
  for (const [k, velho] of cache) {
    if (cache.size <= CACHE_MAX.entradas && cacheBytes <= CACHE_MAX.bytes) break;
    cache.delete(k);
    cacheBytes -= velho.bytes.byteLength;
  }
}

/** A document laid out now, without a turn or the cache (scripts: the demo). */
export async function renderDocumento(
  documento: DocumentoPdf,
  conteudo = sha256(JSON.stringify(documento)),
): Promise<PdfPronto> {
  // The content's digest in the file's metadata: its /ID (derived from the metadata) differs between
  // versions and is the same for the same content.
  const doc = { ...documento.doc, info: { ...documento.doc.info, conteudo } as never };
  const bytes = await renderPdf(doc, documento.footer);
  return { bytes, sha256: sha256(bytes), documento };
}

export const PDF_OCUPADO = 'Muitos PDFs sendo gerados ao mesmo tempo. Tente novamente em alguns segundos.';

/**
 * A document's bytes: from the cache, or laid out in a PDF worker in a turn of `config`'s PDF gate
 * (503 with Retry-After when its line is full).
 */
export async function pdfDe(
  config: AppDeps['config'],
  quem: string,
  documento: DocumentoPdf,
): Promise<PdfPronto> {
  const conteudo = sha256(JSON.stringify(documento));
  const chave = `${quem}:${conteudo}`;
  const pronto = cache.get(chave);
  if (pronto) {
    // most recently used last
    cache.delete(chave);
    cache.set(chave, pronto);
    return pronto;
  }
  const andando = emCurso.get(chave);
  if (andando) return andando;
  const p = (async () => {
    const release = await turnOf(config, 'pdf', PDF_OCUPADO);
    try {
      const pdf = await renderDocumento(documento, conteudo);
      guardar(chave, pdf);
      return pdf;
    } finally {
      release();
    }
  })();
  emCurso.set(chave, p);
  p.then(
    () => emCurso.delete(chave),
    () => emCurso.delete(chave),
  );
  return p;
}

/** The accepted PDF of a client anonymised under the LGPD is gone (it named them): 410. */
export const pdfAceitoRemovido = () =>
  new HttpError(
    410,
    'PDF aceito removido',
    'O PDF aceito foi removido quando o cliente foi anonimizado (LGPD). O registro do aceite e o seu SHA-256 continuam.',
  );

/** The exact bytes the customer accepted, as "PDF aceito". */
export function pdfAceitoResponse(c: Context, aceite: { pdf: string }, numero: number) {
  if (!aceite.pdf) throw pdfAceitoRemovido();
  return c.body(new Uint8Array(Buffer.from(aceite.pdf, 'base64')), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="orcamento-${numero}-aceito.pdf"`,
  });
}

/** A PDF as a download. */
export function pdfResponse(c: Context, bytes: Uint8Array, nome: string) {
  return c.body(new Uint8Array(bytes), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${nome}"`,
  });
}

/** The customer's PDF of a quote (`id`) as its view shows it. */
export function pdfCliente(
  config: AppDeps['config'],
  id: string,
  v: VisaoCliente,
  logo: { mime: string; dados: string } | undefined,
) {
  return pdfDe(config, id, documentoPdf(v, logo ? `data:${logo.mime};base64,${logo.dados}` : null));
}

// ── The link's token
// token = base64url(HMAC-SHA256(secret, nonce)), nonce = 16 random bytes (128 bits) kept on the link;
// the database keeps only SHA-256(token) to find it, so the same link can be copied again by staff.
const secrets = new WeakMap<object, Promise<string>>();

function secretOf(db: Executor): Promise<string> {
  if (process.env.LINK_SECRET) return Promise.resolve(process.env.LINK_SECRET);
  let s = secrets.get(db);
  if (!s) {
    s = linkSecret(db, { novo: randomBytes(32).toString('hex') });
    secrets.set(db, s);
    s.catch(() => secrets.delete(db));
  }
  return s;
}

export const novoNonce = () => randomBytes(16).toString('base64url');

export async function tokenDe(db: Executor, nonce: string): Promise<string> {
  return createHmac('sha256', await secretOf(db))
    .update(nonce)
    .digest('base64url');
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token as this server makes them (43 base64url characters): anything else is not looked up. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
