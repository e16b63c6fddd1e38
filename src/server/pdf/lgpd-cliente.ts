// The LGPD export of a client as a PDF a person can read: every field Lavra holds about them, their
// quotes (with lines) and sales with the figures, and the audit entries about their record.
import type { Content, TableCell } from 'pdfmake/interfaces';
import { moneyText } from '../../domain/money';
import type { AuditoriaRegistro } from '../../schemas/auditoria';
import {
  campoAuditoria,
  type Formatadores,
  ordemCampo,
  valorAuditoria,
} from '../../schemas/auditoria-campos';
import type { PdfDoc } from './render';

type Linha = Record<string, unknown>;

export interface DadosLgpd {
  cliente: Linha;
  /** `itens`: the lines as the customer saw them (ItemCliente: texts already formatted). */
  orcamentos: (Linha & { itens: Linha[] })[];
  vendas: Linha[];
  aceites: Linha[];
  alteracoes: Linha[];
  ordens_servico: (Linha & { etapas: Linha[] })[];
  parcelas: (Linha & { recebimentos: Linha[] })[];
  auditoria: AuditoriaRegistro[];
}

const ACAO: Record<AuditoriaRegistro['acao'], string> = {
  criado: 'Criado',
  atualizado: 'Alterado',
  removido: 'Removido',
  exportado: 'Dados exportados',
  anonimizado: 'Anonimizado',
};

function formatadores(tz: string): Formatadores {
  const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
  const instant = new Intl.DateTimeFormat('pt-BR', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
  return {
    money: (v) => moneyText(String(v)),
    percent: (n) => `${pct.format(n)}%`,
    // 'YYYY-MM-DD' as is: a calendar date has no time zone
    date: (iso) => iso.split('-').reverse().join('/'),
    datetime: (iso) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : instant.format(d);
    },
  };
}

/** The record's own id and the references the names beside them already say. */
const OMITIDOS = new Set([
  'id',
  'cliente_id',
  'vendedor_id',
  'arquiteto_id',
  'cartao_id',
  'orcamento_id',
  'produto_id',
  'item_venda_id',
  'resumo',
  'itens',
]);
const NOMES: Record<string, string> = {
  vendedor_nome: 'Vendedor',
  arquiteto_nome: 'Arquiteto',
  cartao_nome: 'Forma de pagamento',
  produto_nome: 'Produto',
};
const EXTRA_LABEL: Record<string, string> = { updated_at: 'Atualizado em', posicao: 'Posição' };
const EXTRA_TIPO: Record<string, 'datetime'> = { updated_at: 'datetime' };

/** A reference's name goes where the reference would. */
const NOME_DA_REF: Record<string, string> = {
  vendedor_nome: 'vendedor_id',
  arquiteto_nome: 'arquiteto_id',
  cartao_nome: 'cartao_id',
};
const ordem = (k: string) => ordemCampo(Object.hasOwn(NOME_DA_REF, k) ? NOME_DA_REF[k]! : k);
/** A client's `numero` is the street number: beside the logradouro, not first as a quote's number. */
const ordemCliente = (k: string) => (k === 'numero' ? ordem('endereco') + 0.5 : ordem(k));

/** Every field of a row as label/value pairs (a new column shows up by itself, under its own name). */
function campos(row: Linha, fmt: Formatadores, ordemDe = ordem): [string, string][] {
  return Object.entries(row)
    .filter(([k, v]) => !OMITIDOS.has(k) && v !== null && v !== undefined && v !== '')
    .sort(([a], [b]) => ordemDe(a) - ordemDe(b))
    .map(([k, v]): [string, string] => {
      if (Object.hasOwn(NOMES, k)) return [NOMES[k]!, String(v)];
      if (EXTRA_TIPO[k] === 'datetime') return [EXTRA_LABEL[k]!, fmt.datetime(String(v))];
      const label = Object.hasOwn(EXTRA_LABEL, k) ? EXTRA_LABEL[k]! : campoAuditoria(k).label;
      return [label, valorAuditoria(k, v, fmt)];
    });
}

const fieldTable = (pairs: [string, string][]): Content => ({
  table: {
    widths: [140, '*'],
    body: pairs.map(([k, v]) => [{ text: k, bold: true }, v]),
  },
  layout: 'lightHorizontalLines',
  margin: [0, 0, 0, 8],
});

const header = (cells: string[]): TableCell[] => cells.map((text) => ({ text, bold: true }));

/** Every page's footer: `renderPdf` fills `{page}` and `{pages}` (a function cannot cross to its worker). */
export const RODAPE_LGPD: Content = { text: 'Página {page} de {pages}', alignment: 'center', fontSize: 8 };

export function lgpdClienteDoc(d: DadosLgpd, opts: { tz: string; geradoEm: Date }): PdfDoc {
  const fmt = formatadores(opts.tz);
  const nome = String(d.cliente.nome ?? '');
  const content: Content[] = [
    { text: 'Dados pessoais (LGPD)', style: 'title' },
    {
      text: `Tudo o que o Lavra guarda sobre ${nome}, gerado em ${fmt.datetime(opts.geradoEm.toISOString())}.`,
      margin: [0, 0, 0, 12],
    },
    { text: 'Cadastro e endereço', style: 'h2' },
    fieldTable(campos(d.cliente, fmt, ordemCliente)),
    { text: `Orçamentos (${d.orcamentos.length})`, style: 'h2' },
  ];
  if (!d.orcamentos.length) content.push({ text: 'Nenhum orçamento.', margin: [0, 0, 0, 8] });
  for (const o of d.orcamentos) {
    content.push({ text: `Orçamento #${o.numero}`, style: 'h3' }, fieldTable(campos(o, fmt)));
    if (o.itens.length)
      content.push({
        table: {
          headerRows: 1,
          widths: ['*', 70, 80, 80],
          body: [
            header(['Produto', 'Quantidade', 'Valor unitário', 'Total']),
            ...o.itens.map((i) => [
              [i.descricao, i.produto].filter(Boolean).join(' — ') + (i.medidas ? ` (${i.medidas})` : ''),
              { text: String(i.quantidade), alignment: 'right' as const },
              { text: String(i.valor_unitario), alignment: 'right' as const },
              { text: String(i.valor_total), alignment: 'right' as const },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 10],
      });
  }
  content.push({ text: `Vendas (${d.vendas.length})`, style: 'h2' });
  if (!d.vendas.length) content.push({ text: 'Nenhuma venda.', margin: [0, 0, 0, 8] });
  for (const v of d.vendas)
    content.push({ text: `Venda #${v.numero}`, style: 'h3' }, fieldTable(campos(v, fmt)));
  const tabela = (cabecalho: string[], linhas: string[][], vazio: string): Content =>
    linhas.length
      ? {
          table: { headerRows: 1, widths: cabecalho.map(() => '*'), body: [header(cabecalho), ...linhas] },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 8],
        }
      : { text: vazio, margin: [0, 0, 0, 8] };
  const txt = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  const quando = (v: unknown) => (v ? fmt.datetime(String(v)) : '—');
  const dia = (v: unknown) => (v ? fmt.date(String(v)) : '—');
  content.push(
    { text: `Aceites (${d.aceites.length})`, style: 'h2' },
    tabela(
      ['Orçamento', 'Data e hora', 'Nome', 'Endereço IP', 'Navegador', 'SHA-256 do PDF aceito'],
      d.aceites.map((a) => [
        `#${a.orcamento_numero}`,
        quando(a.em),
        txt(a.nome),
        txt(a.ip),
        txt(a.user_agent),
        txt(a.pdf_sha256),
      ]),
      'Nenhum aceite.',
    ),
    { text: `Pedidos de alteração (${d.alteracoes.length})`, style: 'h2' },
    tabela(
      ['Orçamento', 'Data e hora', 'Mensagem', 'Endereço IP'],
      d.alteracoes.map((a) => [`#${a.orcamento_numero}`, quando(a.em), txt(a.mensagem), txt(a.ip)]),
      'Nenhum pedido de alteração.',
    ),
    { text: `Ordens de serviço (${d.ordens_servico.length})`, style: 'h2' },
  );
  if (!d.ordens_servico.length) content.push({ text: 'Nenhuma ordem de serviço.', margin: [0, 0, 0, 8] });
  for (const os of d.ordens_servico) {
    const endereco = [os.endereco, os.cidade, os.uf, os.cep].filter(Boolean).join(', ');
    content.push(
      { text: `OS #${os.numero}${os.venda_numero ? ` (venda #${os.venda_numero})` : ''}`, style: 'h3' },
      fieldTable([
        ['Status', txt(os.status)],
        ['Endereço da obra', endereco || '—'],
        ['Criada em', quando(os.created_at)],
        ...(os.motivo_cancelamento
          ? ([['Motivo do cancelamento', String(os.motivo_cancelamento)]] as [string, string][])
          : []),
      ]),
      tabela(
        ['Etapa', 'Status', 'Início', 'Fim', 'Concluída em'],
        os.etapas.map((e) => [
          txt(e.etapa),
          txt(e.status),
          quando(e.inicio),
          quando(e.fim),
          quando(e.concluida_em),
        ]),
        'Nenhuma etapa.',
      ),
    );
  }
  content.push(
    { text: `Parcelas e pagamentos (${d.parcelas.length})`, style: 'h2' },
    tabela(
      ['Venda', 'Parcela', 'Vencimento', 'Valor', 'Recebido', 'Pagamentos'],
      d.parcelas.map((p) => [
        `#${p.venda_numero}`,
        Number(p.parcela) === 0 ? 'Entrada' : String(p.parcela),
        dia(p.data_vencimento),
        moneyText(String(p.valor)),
        moneyText(String(p.valor_recebido)),
        p.recebimentos.length
          ? p.recebimentos
              .map((r) => `${dia(r.data)}: ${moneyText(String(r.valor))}${r.forma ? ` (${r.forma})` : ''}`)
              .join('\n')
          : '—',
      ]),
      'Nenhuma parcela.',
    ),
    { text: 'Registro de auditoria deste cadastro', style: 'h2' },
  );
  content.push(
    d.auditoria.length
      ? {
          table: {
            headerRows: 1,
            widths: [95, 85, 80, 60, '*'],
            body: [
              header(['Data e hora', 'Ação', 'Usuário', 'Endereço', 'Campos']),
              ...d.auditoria.map((r) => [
                fmt.datetime(String(r.em)),
                ACAO[r.acao],
                r.usuario_nome ?? (r.usuario_id ? 'Usuário removido' : 'Sistema'),
                r.endereco ?? '—',
                Object.keys(r.alteracoes)
                  .map((k) => campoAuditoria(k).label)
                  .join(', ') || '—',
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : { text: 'Nenhum registro.' },
  );
  return {
    info: { title: `Dados pessoais — ${nome}` },
    pageMargins: [40, 40, 40, 50],
    content,
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      h2: { fontSize: 13, bold: true, margin: [0, 10, 0, 6] },
      h3: { fontSize: 11, bold: true, margin: [0, 4, 0, 4] },
    },
    defaultStyle: { fontSize: 9 },
  };
}
