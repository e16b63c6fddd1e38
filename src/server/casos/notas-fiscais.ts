import { randomUUID } from 'node:crypto';
import * as q from '../../db/queries/notas-fiscais';
import { lockVenda } from '../../db/queries/vendas';
import { logradouroCompleto } from '../../domain/endereco';
import { toMoney } from '../../domain/money';
import { JANELA_CANCELAMENTO_MS, podeCancelar } from '../../domain/nota-fiscal';
import type { AppDeps } from '../context';
import { conflict, HttpError, notFound } from '../errors';
import { publish } from '../events';
import {
  dadosFiscais,
  envioDaNota,
  envioNfse,
  issDaInstalacao,
  notaDaVenda,
  pendencias,
  pendenciasNfse,
  valorInstalacao,
} from '../fiscal/dados';
import { DANFE_LINK_DIAS, notaDoToken, tokenDanfe } from '../fiscal/link-danfe';
import { nfeio } from '../fiscal/nfeio/cliente';
import {
  ErroProvedor,
  type NfeEnvio,
  type NfseEnvio,
  type ProvedorFiscal,
  type SituacaoNota,
} from '../fiscal/provedor';
import type { CredenciaisFiscais, DadosFiscais, EmpresaFiscal } from '../fiscal/tipos';
import { assinaturaValida } from '../fiscal/webhook';

export const RECURSO = 'notas-fiscais';
type Deps = Pick<AppDeps, 'db' | 'config' | 'logger'>;

const vendaNaoEncontrada = () => notFound('Venda não encontrada.');
const notaNaoEncontrada = () => notFound('Nota fiscal não encontrada.');

/** The provider for the company's settings (tests: NFEIO_API_URL → the local fake). */
export function provedorDe(
  deps: Pick<AppDeps, 'config'>,
  empresa: Pick<EmpresaFiscal, 'ambiente'>,
  cred: CredenciaisFiscais,
) {
  return nfeio({
    baseUrl: deps.config.fiscal.nfeioUrl,
    baseUrlNfse: deps.config.fiscal.nfseUrl,
    apiKey: cred.api_key,
    empresaId: cred.empresa_id,
    ambiente: empresa.ambiente,
    timeoutMs: deps.config.fiscal.timeoutMs,
  });
}

/** The credentials in force (Empresa's, or the environment's until then). */
async function provedorAtual(deps: Deps, vendaId: string): Promise<ProvedorFiscal> {
  const d = await dadosFiscais(deps, vendaId);
  const cred = d?.empresa.credenciais;
  if (!d || !cred) throw semCredenciais();
  return provedorDe(deps, d.empresa, cred);
}

const semCredenciais = () =>
  new HttpError(
    400,
    'Provedor fiscal não configurado',
    'Informe a chave de API e o ID da empresa no provedor fiscal em Empresa › Dados fiscais.',
  );

/** A provider failure as the answer the user reads. */
function erroDoProvedor(e: unknown): HttpError {
  if (e instanceof ErroProvedor) {
    if (e.tipo === 'credenciais')
      return new HttpError(502, 'Credenciais do provedor fiscal recusadas', e.message);
    if (e.tipo === 'recusada') return new HttpError(422, 'Pedido recusado pelo provedor fiscal', e.message);
    if (e.tipo === 'nao_encontrada')
      return new HttpError(502, 'Nota não encontrada no provedor fiscal', e.message);
    return new HttpError(
      503,
      'Provedor fiscal indisponível',
      `${e.message} Tente de novo em instantes.`,
      undefined,
      {
        'retry-after': '30',
      },
    );
  }
  return e as HttpError;
}

/** Back-off of the consults: 5 s, 10 s, 20 s … up to 10 min. */
export function atrasoConsulta(tentativas: number): number {
  return Math.min(600_000, 5000 * 2 ** Math.min(Math.max(tentativas - 1, 0), 7));
}
const daqui = (ms: number) => new Date(Date.now() + ms);

export function notaOut<T extends { valor_total: string }>(
  r: T,
): Omit<T, 'valor_total'> & { valor_total: number } {
  return { ...r, valor_total: toMoney(r.valor_total) };
}

/** GET /vendas/:id/nota-fiscal/previa: the invoice that would be sent, and what it still lacks. */
export async function previa(deps: Deps, vendaId: string) {
  const d = await dadosFiscais(deps, vendaId);
  if (!d) throw vendaNaoEncontrada();
  const atual = await q.notaAtivaDaVenda(deps.db, { vendaId });
  const nota = notaDaVenda(d);
  return {
    venda_id: vendaId,
    venda_numero: d.venda.numero,
    serie: atual?.serie ?? d.empresa.nfe_serie,
    numero: atual?.numero ?? null,
    ambiente: d.empresa.ambiente,
    destinatario: {
      nome: d.cliente.nome,
      documento: d.cliente.documento,
      endereco: logradouroCompleto(d.cliente),
      uf: d.cliente.uf,
      cidade: d.cliente.cidade,
      // where the authorised invoice's DANFE link is sent
      telefone: d.cliente.telefone,
      email: d.cliente.email,
    },
    itens: nota.itens.map((i) => ({
      ...i,
      quantidade: Number(i.quantidade),
      valor_unitario: Number(i.valor_unitario),
      valor_total: toMoney(i.valor_total),
      valor_frete: toMoney(i.valor_frete),
      valor_desconto: toMoney(i.valor_desconto),
    })),
    totais: {
      produtos: toMoney(nota.totais.produtos),
      frete: toMoney(nota.totais.frete),
      desconto: toMoney(nota.totais.desconto),
      nota: toMoney(nota.totais.nota),
    },
    pendencias: pendencias(d),
    nota_atual: atual ? notaOut(atual) : null,
  };
}

type Tipo = 'nfe' | 'nfse';
const NOME: Record<Tipo, string> = { nfe: 'NF-e', nfse: 'NFS-e' };

/** What one kind of invoice is built from: its pending fields, its value, what is sent. */
function montagem(d: DadosFiscais, tipo: Tipo) {
  if (tipo === 'nfse')
    return {
      faltam: pendenciasNfse(d),
      valor: () => valorInstalacao(d).toFixed(2),
      envio: (_serie: number, _numero: number, chave: string, agora: Date): NfseEnvio =>
        envioNfse(d, chave, agora),
    };
  const nota = notaDaVenda(d);
  return {
    faltam: pendencias(d),
    valor: () => nota.totais.nota,
    envio: (serie: number, numero: number, _chave: string, agora: Date): NfeEnvio =>
      envioDaNota(d, nota, serie, numero, agora),
  };
}

/**
 * POST /vendas/:id/nota-fiscal (NF-e) and /vendas/:id/nfse (the installation's NFS-e). One
 * transaction decides, under the sale's lock, whether this request sends anything: a sale whose
 * invoice of that kind is processing or authorised answers that one (ten clicks, one invoice); a
 * rejected one is sent again on its row (an NF-e with the same series and number); otherwise a row is
 * written with the next number. Only the request that made that change calls the provider, after the
 * commit (no lock is held across the network). A provider that does not answer leaves the row
 * `processando` for the poller, which looks it up (NF-e by number, NFS-e by the attempt's key, sent
 * as its externalId) and never sends a second invoice.
 */
export async function emitir(deps: Deps, vendaId: string, userId: string, tipo: Tipo = 'nfe') {
  const d = await dadosFiscais(deps, vendaId);
  if (!d) throw vendaNaoEncontrada();
  const m = montagem(d, tipo);
  if (m.faltam.length)
    throw new HttpError(
      400,
      'Dados fiscais incompletos',
      `Complete os dados indicados antes de emitir a ${NOME[tipo]}; nada foi enviado.`,
      m.faltam.map((p) => ({ path: p.campo, message: p.mensagem })),
    );
  const cred = d.empresa.credenciais!;
  const agora = new Date();
  const chave = randomUUID();
  const valor = m.valor();

  const decisao = await deps.db.transaction(async (tx) => {
    // The sale's lock serialises the emissions of one sale.
    if (!(await lockVenda(tx, { id: vendaId }))) throw vendaNaoEncontrada();
    const atual = await q.notaAtivaDaVenda(tx, { vendaId, tipo });
    if (atual && atual.status !== 'rejeitada') return { enviar: false as const, id: atual.id };
    if (atual) {
      const envio = m.envio(atual.serie, atual.numero, chave, agora);
      await q.updateNota(tx, {
        id: atual.id,
        values: {
          status: 'processando',
          payload: envio as unknown as Record<string, unknown>,
          idempotency_key: chave,
          provedor_id: null,
          codigo_sefaz: null,
          mensagem_sefaz: null,
          tentativas: atual.tentativas + 1,
          valor_total: valor,
          proxima_consulta_em: daqui(atrasoConsulta(1)),
        },
      });
      await publish(tx, RECURSO, 'atualizado', atual.id);
      return { enviar: true as const, id: atual.id, envio, nova: false, anterior: atual };
    }
    // NFS-e: series 0 and Lavra's control number (the city numbers the NFS-e itself).
    const serie = tipo === 'nfe' ? d.empresa.nfe_serie : 0;
    const numero = tipo === 'nfe' ? await q.reservarNumero(tx, { serie }) : await q.reservarNumeroNfse(tx);
    const envio = m.envio(serie, numero, chave, agora);
    const id = await q.insertNota(tx, {
      venda_id: vendaId,
      tipo,
      serie,
      numero,
      status: 'processando',
      payload: envio as unknown as Record<string, unknown>,
      idempotency_key: chave,
      tentativas: 1,
      valor_total: valor,
      proxima_consulta_em: daqui(atrasoConsulta(1)),
      created_by: userId,
    });
    await publish(tx, RECURSO, 'criado', id);
    return { enviar: true as const, id, envio, nova: true, anterior: null };
  });
  if (!decisao.enviar) return { criada: false, nota: await lerNota(deps, decisao.id) };

  const provedor = provedorDe(deps, d.empresa, cred);
  try {
    const s =
      tipo === 'nfse'
        ? await provedor.emitirNfse(decisao.envio as NfseEnvio)
        : await provedor.emitir(decisao.envio as NfeEnvio, chave);
    await aplicar(deps, decisao.id, s, provedor);
  } catch (e) {
    if (!(e instanceof ErroProvedor)) throw e;
    if (e.tipo === 'retentavel') {
      // Sent or not, we cannot tell: the poller looks it up (never a second send).
      deps.logger.warn(
        { nota: decisao.id, erro: e.message },
        'Provedor fiscal sem resposta; a nota segue processando.',
      );
      return { criada: true, nota: await lerNota(deps, decisao.id) };
    }
    // Refused before reaching SEFAZ or the city: nothing was issued. Credentials: undo, the sale as it was.
    await deps.db.transaction(async (tx) => {
      if (e.tipo === 'credenciais') {
        if (decisao.nova) await q.deleteNota(tx, { id: decisao.id });
        else
          await q.updateNota(tx, {
            id: decisao.id,
            values: {
              status: 'rejeitada',
              proxima_consulta_em: null,
              codigo_sefaz: decisao.anterior?.codigo_sefaz,
              mensagem_sefaz: decisao.anterior?.mensagem_sefaz,
            },
          });
      } else {
        await q.updateNota(tx, {
          id: decisao.id,
          values: {
            status: 'rejeitada',
            proxima_consulta_em: null,
            codigo_sefaz: null,
            mensagem_sefaz: e.message,
          },
        });
      }
      await publish(tx, RECURSO, 'atualizado', decisao.id);
    });
    if (e.tipo === 'credenciais') throw erroDoProvedor(e);
  }
  return { criada: true, nota: await lerNota(deps, decisao.id) };
}

/** GET /vendas/:id/nfse/previa: the installation's NFS-e that would be sent, and what it lacks. */
export async function previaNfse(deps: Deps, vendaId: string) {
  const d = await dadosFiscais(deps, vendaId);
  if (!d) throw vendaNaoEncontrada();
  const atual = await q.notaAtivaDaVenda(deps.db, { vendaId, tipo: 'nfse' });
  const envio = envioNfse(d, '', new Date());
  return {
    venda_id: vendaId,
    venda_numero: d.venda.numero,
    ambiente: d.empresa.ambiente,
    tomador: {
      nome: d.cliente.nome,
      documento: d.cliente.documento,
      endereco: logradouroCompleto(d.cliente),
      uf: d.cliente.uf,
      cidade: d.cliente.cidade,
    },
    servico: {
      descricao: envio.descricao,
      codigo_servico: d.empresa.nfse_codigo_servico,
      item_lista: d.empresa.nfse_item_lista,
      aliquota_iss: d.empresa.nfse_aliquota_iss === null ? null : Number(d.empresa.nfse_aliquota_iss),
    },
    valor: toMoney(envio.valor),
    iss: toMoney(issDaInstalacao(d)),
    pendencias: pendenciasNfse(d),
    nota_atual: atual ? notaOut(atual) : null,
  };
}

export async function lerNota(deps: Pick<AppDeps, 'db'>, id: string) {
  const r = await q.getNota(deps.db, { id });
  if (!r) throw notaNaoEncontrada();
  return notaOut(r);
}

/** Records what the provider said; an authorised invoice brings its XML and DANFE along. */
async function aplicar(deps: Deps, id: string, s: SituacaoNota, provedor: ProvedorFiscal) {
  let arquivos: { xml?: string; danfe?: Buffer } = {};
  const antes = await q.getNota(deps.db, { id });
  const nfse = antes?.tipo === 'nfse';
  if (s.status === 'autorizada' && !antes?.tem_danfe) {
    try {
      const [xml, pdf] = nfse
        ? await Promise.all([
            provedor.baixarNfse(s.provedor_id, 'xml').then((b) => Buffer.from(b).toString('utf8')),
            provedor.baixarNfse(s.provedor_id, 'pdf'),
          ])
        : await Promise.all([provedor.baixarXml(s.provedor_id), provedor.baixarPdf(s.provedor_id)]);
      arquivos = { xml, danfe: Buffer.from(pdf) };
    } catch (e) {
      // The files are fetched again when first downloaded.
      deps.logger.warn({ nota: id, erro: String(e) }, 'XML/DANFE ainda indisponíveis no provedor.');
    }
  }
  await deps.db.transaction(async (tx) => {
    const atual = await q.lockNota(tx, { id });
    if (!atual) return;
    // The city refused the NFS-e's cancellation: it stays authorised, with the city's words.
    const recusouCancelar = s.cancelamento_recusado === true;
    const cancelando =
      atual.status === 'autorizada' && atual.justificativa && s.status === 'autorizada' && !recusouCancelar;
    const pendente = s.status === 'processando' || cancelando;
    await q.updateNota(tx, {
      id,
      values: {
        provedor_id: s.provedor_id,
        status: s.status,
        chave_acesso: s.chave_acesso ?? atual.chave_acesso,
        protocolo: s.protocolo ?? atual.protocolo,
        codigo_sefaz: s.codigo_sefaz,
        mensagem_sefaz: s.mensagem_sefaz,
        autorizada_em: s.autorizada_em ?? atual.autorizada_em,
        numero_prefeitura: s.numero_prefeitura ?? atual.numero_prefeitura,
        codigo_verificacao: s.codigo_verificacao ?? atual.codigo_verificacao,
        ...(recusouCancelar ? { justificativa: null } : {}),
        cancelada_em: s.status === 'cancelada' ? (atual.cancelada_em ?? new Date()) : atual.cancelada_em,
        proxima_consulta_em: pendente ? daqui(atrasoConsulta(atual.tentativas)) : null,
        ...arquivos,
      },
    });
    await publish(tx, RECURSO, 'atualizado', id);
  });
}

/**
 * One consult of one invoice (the poller's and the webhook's): an invoice whose send got no answer is
 * looked up by its number first; found, it is followed from then on; not found after a few lookups,
 * it was never received, and it becomes `rejeitada` so the user sends it again with the same number.
 */
export async function consultar(deps: Deps, id: string) {
  const n = await q.getNota(deps.db, { id });
  if (!n || (n.status !== 'processando' && !(n.status === 'autorizada' && n.justificativa))) return;
  const provedor = await provedorAtual(deps, n.venda_id);
  try {
    let s: SituacaoNota | null;
    if (n.tipo === 'nfse')
      s = n.provedor_id
        ? await provedor.consultarNfse(n.provedor_id)
        : await provedor.localizarNfse(n.idempotency_key);
    else if (n.provedor_id) s = await provedor.consultar(n.provedor_id);
    else s = await provedor.localizar(n.serie, n.numero);
    if (s) return await aplicar(deps, id, s, provedor);
    await deps.db.transaction(async (tx) => {
      const perdida = n.tentativas >= 4;
      await q.updateNota(tx, {
        id,
        values: perdida
          ? {
              status: 'rejeitada',
              proxima_consulta_em: null,
              mensagem_sefaz:
                n.tipo === 'nfse'
                  ? 'O provedor fiscal não recebeu a NFS-e. Emita de novo.'
                  : 'O provedor fiscal não recebeu a nota. Emita de novo: ela sai com o mesmo número.',
            }
          : { tentativas: n.tentativas + 1, proxima_consulta_em: daqui(atrasoConsulta(n.tentativas + 1)) },
      });
      await publish(tx, RECURSO, 'atualizado', id);
    });
  } catch (e) {
    if (!(e instanceof ErroProvedor)) throw e;
    // Still processing as far as Lavra knows: try later, further apart.
    await deps.db.transaction(async (tx) => {
      await q.updateNota(tx, {
        id,
        values: {
          tentativas: n.tentativas + 1,
          proxima_consulta_em: daqui(atrasoConsulta(n.tentativas + 1)),
        },
      });
    });
  }
}

/** The poller's step: the invoices due, each consulted once (claimed first, so never twice at once). */
export async function consultarPendentes(deps: Deps, limit = 20) {
  const ids = await q.reservarConsultas(deps.db, { limit, leaseSeg: 120 });
  for (const id of ids) {
    try {
      await consultar(deps, id);
    } catch (e) {
      deps.logger.error({ nota: id, erro: String(e) }, 'Falha ao consultar a nota fiscal.');
    }
  }
  return ids.length;
}

/** The background loop (single process, or the cluster's primary): returns its stop. */
export function iniciarConsultas(deps: Deps) {
  // Said once at start: without the secret every provider notice is refused and only polling follows.
  if (!deps.config.fiscal.webhookSegredo)
    deps.logger.warn(
      'NFEIO_WEBHOOK_SEGREDO não definido: o webhook do provedor fiscal recusa os avisos (401) e as notas são acompanhadas só pela consulta periódica.',
    );
  let parado = false;
  let rodando: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (parado) return;
    rodando = consultarPendentes(deps).catch((e) =>
      deps.logger.error({ erro: String(e) }, 'Consulta de notas falhou.'),
    );
  }, deps.config.fiscal.consultaMs);
  timer.unref();
  return async () => {
    parado = true;
    clearInterval(timer);
    await rodando;
  };
}

/**
 * POST /fiscal/webhook: the body is checked against X-Hub-Signature with the webhook secret (bad or
 * missing signature, or no secret set → 401, nothing read); a good one names an invoice, which is then consulted at the provider,
 * so what Lavra records is always the provider's answer to its own question.
 */
export async function webhook(deps: Deps, corpo: Uint8Array, assinatura: string | undefined) {
  // Only the environment's NFEIO_WEBHOOK_SEGREDO: unset, no notice can be authenticated, so none is
  // accepted (401, as an unsigned one; polling follows). Not a 5xx: nothing failed on this server.
  const segredo = deps.config.fiscal.webhookSegredo;
  if (!segredo)
    throw new HttpError(
      401,
      'Webhook não configurado',
      'Defina NFEIO_WEBHOOK_SEGREDO no servidor (o mesmo segredo cadastrado no webhook do provedor).',
    );
  if (!assinaturaValida(corpo, assinatura, segredo))
    throw new HttpError(401, 'Assinatura inválida', 'A assinatura do webhook (X-Hub-Signature) não confere.');
  let id: string | undefined;
  try {
    const j = JSON.parse(Buffer.from(corpo).toString('utf8')) as { id?: unknown; data?: { id?: unknown } };
    const v = j.id ?? j.data?.id;
    id = typeof v === 'string' ? v : undefined;
  } catch {}
  if (!id) return { recebido: true, nota_id: null };
  const n = await q.notaPorProvedorId(deps.db, { provedorId: id });
  if (!n) return { recebido: true, nota_id: null };
  await consultar(deps, n.id);
  return { recebido: true, nota_id: n.id };
}

/**
 * POST /notas-fiscais/:id/cancelar. An NF-e within 24 h of the authorisation (SEFAZ's rule); an NFS-e
 * by the city's rules, which the provider applies (a refusal comes back as the city's message and the
 * invoice stays authorised). The justification is kept either way; NFE.io's NFS-e cancel takes none.
 */
export async function cancelar(deps: Deps, id: string, justificativa: string, agora = new Date()) {
  const n = await q.getNota(deps.db, { id });
  if (!n) throw notaNaoEncontrada();
  const nome = NOME[n.tipo];
  if (n.status !== 'autorizada')
    throw conflict('Nota não cancelável', `Só uma ${nome} autorizada pode ser cancelada.`);
  if (n.tipo === 'nfe' && (!n.autorizada_em || !podeCancelar(n.autorizada_em, agora))) {
    const limite = new Date((n.autorizada_em?.getTime() ?? 0) + JANELA_CANCELAMENTO_MS);
    const quando = limite.toLocaleString('pt-BR', {
      timeZone: deps.config.tzNegocio,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    throw conflict(
      'Prazo de cancelamento encerrado',
      `A NF-e só pode ser cancelada em até 24 horas após a autorização (prazo encerrado em ${quando}). Para corrigir dados, use a carta de correção; para desfazer a venda, emita uma NF-e de devolução.`,
    );
  }
  if (!n.provedor_id)
    throw conflict('Nota não cancelável', 'A nota ainda não tem identificação no provedor.');
  const provedor = await provedorAtual(deps, n.venda_id);
  try {
    if (n.tipo === 'nfse') await provedor.cancelarNfse(n.provedor_id);
    else await provedor.cancelar(n.provedor_id, justificativa);
  } catch (e) {
    throw erroDoProvedor(e);
  }
  await deps.db.transaction(async (tx) => {
    await q.updateNota(tx, { id, values: { justificativa, proxima_consulta_em: new Date() } });
    await publish(tx, RECURSO, 'atualizado', id);
  });
  // The cancellation is queued at the provider: consult now, the poller follows if still pending.
  await consultar(deps, id).catch(() => {});
  return lerNota(deps, id);
}

/**
 * POST /notas-fiscais/:id/carta-correcao (CC-e): only an authorised NF-e. Each one is kept, numbered
 * in order (SEFAZ's nSeqEvento, at most 20), with who sent it; the number is taken under the
 * invoice's lock, and the row is written only after the provider accepted the letter.
 */
export async function cartaCorrecao(deps: Deps, id: string, correcao: string, userId: string | null) {
  const n = await q.getNota(deps.db, { id });
  if (!n) throw notaNaoEncontrada();
  if (n.tipo !== 'nfe')
    throw conflict(
      'Carta de correção não permitida',
      'A NFS-e não tem carta de correção: cancele e emita outra.',
    );
  if (n.status !== 'autorizada' || !n.provedor_id)
    throw conflict('Carta de correção não permitida', 'Só uma NF-e autorizada recebe carta de correção.');
  const enviadas = await q.cartasDaNota(deps.db, { notaId: id });
  if (enviadas.length >= MAX_CARTAS)
    throw conflict(
      'Carta de correção não permitida',
      `Uma NF-e aceita no máximo ${MAX_CARTAS} cartas de correção.`,
    );
  const provedor = await provedorAtual(deps, n.venda_id);
  try {
    await provedor.cartaCorrecao(n.provedor_id, correcao);
  } catch (e) {
    throw erroDoProvedor(e);
  }
  const carta = await deps.db.transaction(async (tx) => {
    await q.lockNota(tx, { id });
    const cartaId = await q.insertCarta(tx, { nota_id: id, correcao, created_by: userId });
    await publish(tx, RECURSO, 'atualizado', id);
    return cartaId;
  });
  return (await q.cartasDaNota(deps.db, { notaId: id })).find((c) => c.id === carta)!;
}
const MAX_CARTAS = 20;

/** GET /notas-fiscais/:id/cartas-correcao: the invoice's letters, first to last. */
export async function cartas(deps: Pick<AppDeps, 'db'>, id: string) {
  const n = await q.getNota(deps.db, { id });
  if (!n) throw notaNaoEncontrada();
  return q.cartasDaNota(deps.db, { notaId: id });
}

/** The DANFE / NFS-e PDF or the XML: kept at authorisation; fetched (and kept) if it was not ready then. */
export async function arquivo(deps: Deps, id: string, tipo: 'danfe' | 'xml') {
  const n = await q.getNota(deps.db, { id });
  if (!n) throw notaNaoEncontrada();
  if ((n.status !== 'autorizada' && n.status !== 'cancelada') || !n.provedor_id)
    throw conflict(
      'Arquivo indisponível',
      n.tipo === 'nfse'
        ? 'PDF e XML existem só para NFS-e autorizada.'
        : 'DANFE e XML existem só para NF-e autorizada.',
    );
  const base = n.tipo === 'nfse' ? `nfse-${n.numero_prefeitura ?? n.numero}` : `nfe-${n.serie}-${n.numero}`;
  const guardado = await q.arquivosDaNota(deps.db, { id });
  if (tipo === 'danfe' && guardado?.danfe) return { nome: `${base}.pdf`, bytes: guardado.danfe };
  if (tipo === 'xml' && guardado?.xml) return { nome: `${base}.xml`, bytes: Buffer.from(guardado.xml) };
  const provedor = await provedorAtual(deps, n.venda_id);
  try {
    if (tipo === 'danfe') {
      const danfe = Buffer.from(
        n.tipo === 'nfse'
          ? await provedor.baixarNfse(n.provedor_id, 'pdf')
          : await provedor.baixarPdf(n.provedor_id),
      );
      await deps.db.transaction((tx) => q.updateNota(tx, { id, values: { danfe } }));
      return { nome: `${base}.pdf`, bytes: danfe };
    }
    const xml =
      n.tipo === 'nfse'
        ? Buffer.from(await provedor.baixarNfse(n.provedor_id, 'xml')).toString('utf8')
        : await provedor.baixarXml(n.provedor_id);
    await deps.db.transaction((tx) => q.updateNota(tx, { id, values: { xml } }));
    return { nome: `${base}.xml`, bytes: Buffer.from(xml) };
  } catch (e) {
    throw erroDoProvedor(e);
  }
}

/**
 * GET /notas-fiscais/:id/link: the DANFE's public link for the customer (fiscal/link-danfe.ts), valid
 * for DANFE_LINK_DIAS; only an authorised invoice has one.
 */
export async function linkCliente(deps: Deps, id: string, agora = new Date()) {
  const n = await q.getNota(deps.db, { id });
  if (!n) throw notaNaoEncontrada();
  if (n.status !== 'autorizada')
    throw conflict('Link indisponível', `Só uma ${NOME[n.tipo]} autorizada pode ser enviada ao cliente.`);
  const expira = new Date(agora.getTime() + DANFE_LINK_DIAS * 86_400_000);
  const token = tokenDanfe(deps.config, id, expira);
  return {
    url: `${deps.config.publicUrl}/api/publico/notas-fiscais/${token}/danfe`,
    expira_em: new Date(Math.floor(expira.getTime() / 1000) * 1000).toISOString(),
  };
}

/**
 * GET /publico/notas-fiscais/:token/danfe: the DANFE of the token's invoice while it is authorised.
 * Unknown, tampered, expired or cancelled: the same 404, which says nothing of which.
 */
export async function danfePublica(deps: Deps, token: string) {
  const naoAbre = () =>
    notFound('Link inválido, vencido ou de uma nota cancelada. Peça um novo link à empresa.');
  const id = notaDoToken(deps.config, token);
  if (!id) throw naoAbre();
  const n = await q.getNota(deps.db, { id });
  if (n?.status !== 'autorizada') throw naoAbre();
  return arquivo(deps, id, 'danfe');
}
