// The customer's page (/o/<token>): plain TypeScript and DOM calls, no framework, so a phone on a weak
// connection loads a few KB. Text always goes in as text nodes, never as HTML. It talks only to
// /api/publico/orcamentos/<token>.
import SignaturePad from 'signature_pad';
import type { ItemCliente, PaginaPublica } from '../../schemas/publico';
import './publico.css';

const token = decodeURIComponent(location.pathname.split('/o/')[1] ?? '').replace(/\/+$/, '');
const base = `/api/publico/orcamentos/${encodeURIComponent(token)}`;
const app = document.getElementById('app')!;

type Child = Node | string | null | undefined | false;
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) node.setAttribute(k, v);
  for (const c of children) if (c) node.append(c);
  return node;
}

interface Problem {
  status: number;
  detail: string;
  errors?: { path: string; message: string }[];
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(base + path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw { status: 0, detail: 'Sem conexão. Verifique a internet e tente de novo.' } satisfies Problem;
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok)
    throw { status: res.status, detail: data.detail ?? 'Não foi possível concluir.', errors: data.errors };
  return data as T;
}

function aviso(titulo: string, texto: string) {
  document.title = titulo;
  app.replaceChildren(h('div', { class: 'card' }, h('h1', {}, titulo), h('p', {}, texto)));
}

function item(i: ItemCliente) {
  return h(
    'div',
    { class: 'item' },
    h('div', { class: 'linha' }, h('strong', {}, i.descricao), h('span', { class: 'valor' }, i.valor_total)),
    i.produto && h('p', { class: 'muted' }, i.produto),
    i.medidas && h('p', { class: 'muted' }, i.medidas),
    // quantity × price = the line's total, each in its unit ("1,44 m² × R$ 2.319,57/m²")
    h('p', { class: 'muted' }, `${i.quantidade} × ${i.valor_unitario}`),
    i.desenho &&
      h('img', {
        src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(i.desenho.svg)}`,
        alt: i.desenho.titulo,
      }),
  );
}

function campo(label: string, value: string | null | undefined) {
  return value ? h('p', {}, h('strong', {}, `${label}: `), value) : null;
}

/**
 * A form card of this page: its title (also the form's name), the fields, the error line and the
 * submit button. `submit` checks and sends, showing a message with `falha`; the button stays off
 * while it runs.
 */
function formCard(
  titulo: string,
  botao: string,
  campos: Child[],
  submit: (falha: (msg: string) => void) => Promise<void>,
) {
  const erro = h('div', { role: 'alert' });
  const enviar = h('button', { type: 'submit', class: 'principal' }, botao);
  const form = h(
    'form',
    { class: 'card', 'aria-label': titulo, novalidate: '' },
    h('h2', {}, titulo),
    ...campos,
    erro,
    h('div', { class: 'acoes' }, enviar),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    erro.replaceChildren();
    erro.className = '';
    enviar.disabled = true;
    try {
      await submit((msg) => {
        erro.className = 'erro';
        erro.textContent = msg;
      });
    } finally {
      enviar.disabled = false;
    }
  });
  return form;
}

function formAprovar(p: PaginaPublica, onDone: () => void) {
  const nome = h('input', { type: 'text', id: 'nome', autocomplete: 'name', required: '' });
  const doc = h('input', { inputmode: 'numeric', id: 'documento', maxlength: '8', autocomplete: 'off' });
  const canvas = h('canvas', { id: 'assinatura', 'aria-label': 'Quadro de assinatura: desenhe com o dedo' });
  const aceite = h('input', { type: 'checkbox', id: 'aceite' });
  const limpar = h('button', { type: 'button' }, 'Limpar assinatura');
  const pad = new SignaturePad(canvas, { penColor: '#0f172a' });
  const form = formCard(
    'Aprovar orçamento',
    'Confirmar aprovação',
    [
      h('label', { for: 'nome' }, 'Seu nome completo'),
      nome,
      p.pede_documento &&
        h('label', { for: 'documento' }, `Os ${p.digitos} primeiros dígitos do seu CPF ou CNPJ`),
      p.pede_documento && doc,
      h('label', { for: 'assinatura' }, 'Sua assinatura'),
      canvas,
      limpar,
      h(
        'label',
        { class: 'check' },
        aceite,
        p.orcamento.empresa.termos ? 'Li e aceito os termos e condições acima.' : 'Aceito este orçamento.',
      ),
    ],
    async (falha) => {
      if (!nome.value.trim()) return falha('Informe seu nome completo.');
      if (pad.isEmpty()) return falha('Desenhe sua assinatura no quadro.');
      if (!aceite.checked) return falha('Para aprovar, aceite os termos e condições.');
      try {
        await call('POST', '/aprovar', {
          nome: nome.value,
          documento: p.pede_documento ? doc.value : undefined,
          assinatura: pad.toDataURL('image/png'),
          aceite: true,
          versao: p.orcamento.versao,
        });
        onDone();
      } catch (err) {
        const pr = err as Problem;
        falha(pr.errors?.[0]?.message ?? pr.detail);
        if (pr.status === 409 || pr.status === 404) onDone();
      }
    },
  );
  // The canvas is drawn at the screen's pixel density, or the stroke comes out blurred.
  const ajustar = () => {
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const data = pad.toData();
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')!.scale(ratio, ratio);
    pad.fromData(data);
  };
  limpar.addEventListener('click', () => pad.clear());
  return { form, ajustar };
}

function formAlteracao(onDone: (msg: string) => void) {
  const texto = h('textarea', { id: 'mensagem', rows: '4', maxlength: '2000' });
  return formCard(
    'Solicitar alteração',
    'Enviar pedido',
    [h('label', { for: 'mensagem' }, 'O que você gostaria de mudar?'), texto],
    async (falha) => {
      if (!texto.value.trim()) return falha('Escreva o que deseja alterar no orçamento.');
      try {
        await call('POST', '/alteracao', { mensagem: texto.value });
        onDone('Pedido enviado. A empresa vai revisar o orçamento e falar com você.');
      } catch (err) {
        falha((err as Problem).detail);
      }
    },
  );
}

const quando = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function render(p: PaginaPublica, nota?: string) {
  const o = p.orcamento;
  const e = o.empresa;
  document.title = `Orçamento Nº ${o.numero} — ${e.nome}`;
  const acoes = h('div', { class: 'acoes' });
  const area = h('div');
  const pdf = h(
    'a',
    { class: 'botao', href: `${base}/pdf`, download: '' },
    p.aceite ? 'Baixar PDF assinado' : 'Baixar PDF',
  );
  const estado: Child =
    p.estado === 'aprovado' && p.aceite
      ? h(
          'p',
          { class: 'ok', role: 'status' },
          `Orçamento aprovado por ${p.aceite.nome} em ${quando(p.aceite.em)}.`,
        )
      : p.estado === 'bloqueado'
        ? h(
            'p',
            { class: 'erro', role: 'status' },
            'Este link foi bloqueado após tentativas com dígitos do CPF/CNPJ incorretos. A empresa foi avisada; peça um novo link.',
          )
        : p.estado === 'encerrado'
          ? h('p', { class: 'erro', role: 'status' }, 'Este orçamento já foi respondido. Fale com a empresa.')
          : null;
  if (p.estado === 'aberto') {
    const aprovar = h('button', { type: 'button', class: 'principal' }, 'Aprovar');
    const alterar = h('button', { type: 'button' }, 'Solicitar alteração');
    aprovar.addEventListener('click', () => {
      const f = formAprovar(p, () => void carregar());
      area.replaceChildren(f.form);
      f.ajustar();
      f.form.querySelector('input')?.focus();
    });
    alterar.addEventListener('click', () => {
      area.replaceChildren(formAlteracao((msg) => void carregar(msg)));
      area.querySelector('textarea')?.focus();
    });
    acoes.append(aprovar, alterar);
  }
  acoes.append(pdf);
  // the exact bytes accepted, whose SHA-256 the signed copy prints
  if (p.aceite)
    acoes.append(h('a', { class: 'botao', href: `${base}/pdf-aceito`, download: '' }, 'Baixar PDF aceito'));
  const contato = [e.telefone, e.whatsapp && `WhatsApp ${e.whatsapp}`, e.email].filter(Boolean).join(' · ');
  const parts: Child[] = [
    h(
      'header',
      { class: 'empresa' },
      p.logo && h('img', { src: p.logo, alt: `Logotipo de ${e.nome}` }),
      h(
        'div',
        {},
        h('p', { class: 'muted' }, e.nome),
        e.cnpj && h('p', { class: 'muted' }, `CNPJ ${e.cnpj}`),
      ),
    ),
    h(
      'section',
      { class: 'card' },
      h('h1', {}, `Orçamento Nº ${o.numero}`),
      h('p', { class: 'muted' }, `Data ${o.data} · Válido até ${o.validade}`),
      campo('Cliente', o.cliente.nome),
      campo('Vendedor', o.vendedor),
    ),
    nota ? h('p', { class: 'ok', role: 'status' }, nota) : null,
    estado,
    h(
      'section',
      { class: 'card', 'aria-label': 'Itens' },
      h('h2', {}, 'Itens'),
      ...o.itens.map(item),
      o.custos_adicionais &&
        h(
          'div',
          { class: 'item linha' },
          h('span', {}, 'Custos adicionais'),
          h('span', { class: 'valor' }, o.custos_adicionais),
        ),
      h('div', { class: 'item linha total' }, h('span', {}, 'Total'), h('span', { class: 'valor' }, o.total)),
    ),
    h(
      'section',
      { class: 'card' },
      h('h2', {}, 'Pagamento'),
      campo('Forma', o.pagamento.tipo),
      campo('Entrada', o.pagamento.entrada),
      campo('Parcelas', o.pagamento.parcelas),
      campo('Cartão', o.pagamento.cartao),
      campo('Instruções', e.instrucoes_pagamento),
      campo('Chave Pix', e.chave_pix),
    ),
    o.observacoes &&
      h('section', { class: 'card' }, h('h2', {}, 'Observações'), h('p', { class: 'pre' }, o.observacoes)),
    e.termos &&
      h(
        'section',
        { class: 'card' },
        h('h2', {}, 'Termos e condições'),
        h('p', { class: 'termos' }, e.termos),
      ),
    acoes,
    area,
    h('footer', {}, h('p', { class: 'muted' }, [e.endereco, contato].filter(Boolean).join(' · '))),
  ];
  app.replaceChildren(...parts.filter((c): c is Node | string => !!c));
}

async function carregar(nota?: string) {
  try {
    render(await call<PaginaPublica>('GET', ''), nota);
  } catch (err) {
    const p = err as Problem;
    if (p.status === 404)
      aviso(
        'Link indisponível',
        'Este link é inválido, foi revogado ou venceu. Peça um novo link à empresa.',
      );
    else if (p.status === 429) aviso('Muitas tentativas', 'Aguarde um minuto e recarregue a página.');
    else aviso('Não foi possível abrir o orçamento', p.detail);
  }
}

void carregar();
