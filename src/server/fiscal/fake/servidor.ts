import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OperacaoNfeio, violacoes } from '../nfeio/validar';
import { assinar } from '../webhook';

/**
 * A local NFE.io for the tests (issue 30: no internet). Every request body is checked against
 * contrato.json and refused with 400 and the violations when it breaks it; every answer it gives is
 * checked too, so the fake cannot drift from the contract either. It behaves as the provider
 * documents: an NF-e is queued (202, Processing) and is decided on the next consult (or announced by
 * a signed webhook): authorised, or rejected with SEFAZ's code and reason. `modo` makes it fail as a
 * real one does: a 503, or an answer that never comes (the invoice is received, the answer is lost).
 */

/** The fields of an emission the fake reads (the rest is checked by the contract). */
interface CorpoEmissao {
  serie: number;
  number: number;
  items?: { ncm?: string | null }[] | null;
  buyer?: { stateTaxNumberIndicator?: string; stateTaxNumber?: string | null };
}

interface NotaFake {
  id: string;
  /** The company of the path: SEFAZ's duplicate check and the lookup by number are per issuer. */
  empresa: string;
  serie: number;
  number: number;
  status: 'Processing' | 'Issued' | 'Error' | 'Cancelled';
  final: { status: 'Issued' | 'Error'; message: string };
  accessKey: string | null;
  receiptOn: string | null;
  corpo: CorpoEmissao;
  createdOn: string;
  cartas: string[];
  motivoCancelamento: string | null;
}

/** A service invoice as the fake keeps it (nf-servico-v1's flowStatus). */
interface NfseFake {
  id: string;
  empresa: string;
  externalId: string;
  flowStatus: 'WaitingSend' | 'Issued' | 'IssueFailed' | 'WaitingSendCancel' | 'Cancelled';
  final: { flowStatus: 'Issued' | 'IssueFailed'; flowMessage: string };
  number: number | null;
  checkCode: string | null;
  issuedOn: string | null;
  servicesAmount: number;
  createdOn: string;
}

export interface PedidoFake {
  metodo: string;
  caminho: string;
  corpo: unknown;
  violacoes: string[];
}

export type ModoFake = 'normal' | 'timeout' | '503' | '401';

export interface FakeNfeio {
  url: string;
  apiKey: string;
  pedidos: PedidoFake[];
  notas: Map<string, NotaFake>;
  nfses: Map<string, NfseFake>;
  modo(m: ModoFake): void;
  /** The webhook NFE.io would deliver for this invoice now (its state decided), signed with `segredo`. */
  webhook(id: string, segredo: string): { corpo: string; assinatura: string };
  fechar(): Promise<void>;
}

const PDF = Buffer.from('%PDF-1.4\n% DANFE (fake NFE.io)\n%%EOF\n');
const PDF_NFSE = Buffer.from('%PDF-1.4\n% NFS-e (fake NFE.io)\n%%EOF\n');

function chaveAcesso(n: number) {
  // cUF 32, AAMM 2611, CNPJ, modelo 55, série 001, nNF, tpEmis 1, cNF, DV: 44 digits.
  const nove = String(n).padStart(9, '0');
  return `322611${'00000000000191'}55001${nove}1${nove.slice(1)}0`;
}

/** What SEFAZ would decide for this invoice (the rules a marmoraria meets most). */
function decidir(corpo: CorpoEmissao, jaAutorizada: boolean): NotaFake['final'] {
  if (jaAutorizada)
    return {
      status: 'Error',
      message: '539 - Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
    };
  const itens = corpo.items ?? [];
  if (itens.some((i) => !i.ncm || !/^\d{8}$/.test(i.ncm) || i.ncm === '00000000'))
    return { status: 'Error', message: '778 - Rejeição: Informado NCM inexistente' };
  const b = corpo.buyer ?? {};
  if (b.stateTaxNumberIndicator === 'TaxPayer' && !b.stateTaxNumber)
    return { status: 'Error', message: '232 - Rejeição: IE do destinatário não informada' };
  return { status: 'Issued', message: 'Autorizado o uso da NF-e - Protocolo 135260000012345' };
}

/** What the city would decide for this service invoice. */
function decidirNfse(corpo: { cityServiceCode: string }): NfseFake['final'] {
  if (corpo.cityServiceCode === '9999')
    return {
      flowStatus: 'IssueFailed',
      flowMessage: 'E160 - Código de tributação do município não permitido para o prestador',
    };
  return { flowStatus: 'Issued', flowMessage: 'NFS-e emitida' };
}

export async function iniciarFakeNfeio(
  opts: { apiKey?: string; atrasoTimeoutMs?: number; porta?: number } = {},
): Promise<FakeNfeio> {
  const apiKey = opts.apiKey ?? 'chave-de-teste';
  // Compile the contract now: the first request must not wait for it (the client's timeout is short).
  violacoes('erros', {});
  const pedidos: PedidoFake[] = [];
  const notas = new Map<string, NotaFake>();
  const nfses = new Map<string, NfseFake>();
  let numeroNfse = 0;
  let modo: ModoFake = 'normal';
  let url = '';

  const recurso = (n: NotaFake) => ({
    id: n.id,
    serie: n.serie,
    number: n.number,
    status: n.status,
    environmentType: 'Test',
    createdOn: n.createdOn,
    authorization:
      n.status === 'Processing'
        ? null
        : {
            receiptOn: n.receiptOn,
            accessKey: n.accessKey,
            message: n.status === 'Error' ? n.final.message : n.final.message,
          },
  });

  const recursoNfse = (n: NfseFake) => ({
    id: n.id,
    environment: 'Development' as const,
    flowStatus: n.flowStatus,
    ...(n.flowStatus === 'IssueFailed' ? { flowMessage: n.final.flowMessage } : {}),
    externalId: n.externalId,
    ...(n.number === null ? {} : { number: n.number, checkCode: n.checkCode ?? '' }),
    ...(n.issuedOn ? { issuedOn: n.issuedOn } : {}),
    servicesAmount: n.servicesAmount,
    createdOn: n.createdOn,
  });

  /** The next consult: the city's decision, or the cancellation done. */
  function avancarNfse(n: NfseFake) {
    if (n.flowStatus === 'WaitingSendCancel') n.flowStatus = 'Cancelled';
    if (n.flowStatus !== 'WaitingSend') return;
    n.flowStatus = n.final.flowStatus;
    if (n.flowStatus === 'Issued') {
      numeroNfse += 1;
      n.number = 2026000000 + numeroNfse;
      n.checkCode = `CV${String(numeroNfse).padStart(6, '0')}`;
      n.issuedOn = new Date().toISOString();
    }
  }

  /** The NFS-e operations (nf-servico-v1): /v1/companies/{company_id}/serviceinvoices… */
  async function servico(
    req: IncomingMessage,
    res: ServerResponse,
    u: URL,
    pedido: PedidoFake,
    corpo: unknown,
  ): Promise<boolean> {
    const m =
      /^\/v1\/companies\/([^/]+)\/serviceinvoices(?:\/(external)\/([^/]+)|\/([^/]+)(?:\/(pdf|xml))?)?$/.exec(
        u.pathname,
      );
    if (!m) return false;
    const [, empresa = '', externo, externalId, id, arquivo] = m;
    if (req.method === 'POST' && !externo && !id) {
      pedido.violacoes = violacoes('emitirNfse', corpo);
      if (pedido.violacoes.length) {
        recusar(res, pedido.violacoes);
        return true;
      }
      const c = corpo as { cityServiceCode: string; servicesAmount: number; externalId?: string };
      const n: NfseFake = {
        id: randomUUID().replace(/-/g, ''),
        empresa,
        externalId: c.externalId ?? '',
        flowStatus: 'WaitingSend',
        final: decidirNfse(c),
        number: null,
        checkCode: null,
        issuedOn: null,
        servicesAmount: c.servicesAmount,
        createdOn: new Date().toISOString(),
      };
      nfses.set(n.id, n);
      if (modo === 'timeout') await new Promise((r) => setTimeout(r, opts.atrasoTimeoutMs ?? 1500));
      res.setHeader('location', `/v1/companies/${empresa}/serviceinvoices/${n.id}`);
      responder(res, 202, 'consultarNfse', recursoNfse(n));
      return true;
    }
    const n = externo
      ? [...nfses.values()].find((x) => x.empresa === empresa && x.externalId === externalId)
      : id
        ? nfses.get(id)
        : undefined;
    if (!n || n.empresa !== empresa) {
      responder(res, 404, 'erros', {
        errors: [{ code: 404, message: 'Nota Fiscal de Serviço não encontrada' }],
      });
      return true;
    }
    if (req.method === 'GET' && !arquivo) {
      avancarNfse(n);
      responder(res, 200, 'consultarNfse', recursoNfse(n));
    } else if (req.method === 'DELETE' && !arquivo && !externo) {
      if (n.flowStatus !== 'Issued') recusar(res, ['Somente notas emitidas podem ser canceladas']);
      else {
        n.flowStatus = 'WaitingSendCancel';
        res.writeHead(202, { location: `/v1/companies/${empresa}/serviceinvoices/${n.id}` });
        res.end();
      }
    } else if (req.method === 'GET' && arquivo) {
      if (n.flowStatus !== 'Issued' && n.flowStatus !== 'Cancelled')
        recusar(res, ['Documento ainda não gerado']);
      else {
        res.writeHead(200, { 'content-type': arquivo === 'pdf' ? 'application/pdf' : 'application/xml' });
        res.end(
          arquivo === 'pdf'
            ? PDF_NFSE
            : `<?xml version="1.0"?><CompNfse><Numero>${n.number}</Numero><CodigoVerificacao>${n.checkCode}</CodigoVerificacao></CompNfse>`,
        );
      }
    } else responder(res, 405, null);
    return true;
  }

  /** The next consult after the queue: SEFAZ's decision. */
  function avancar(n: NotaFake) {
    if (n.status !== 'Processing') return;
    n.status = n.final.status;
    if (n.status === 'Issued') {
      n.accessKey = chaveAcesso(n.number);
      n.receiptOn = new Date().toISOString();
    }
  }

  function responder(res: ServerResponse, status: number, op: OperacaoNfeio | null, corpo?: unknown) {
    if (op) {
      const v = violacoes(op, corpo);
      if (v.length) throw new Error(`fake NFE.io: resposta fora do contrato (${op}): ${v.join('; ')}`);
    }
    res.writeHead(status, corpo === undefined ? {} : { 'content-type': 'application/json' });
    res.end(corpo === undefined ? undefined : JSON.stringify(corpo));
  }

  async function ler(req: IncomingMessage): Promise<unknown> {
    const partes: Buffer[] = [];
    for await (const p of req) partes.push(p as Buffer);
    const t = Buffer.concat(partes).toString('utf8');
    if (!t) return undefined;
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  }

  const recusar = (res: ServerResponse, v: string[]) =>
    responder(res, 400, 'erros', { errors: v.map((message) => ({ code: 400, message })) });

  const server = createServer(async (req, res) => {
    try {
      const u = new URL(req.url ?? '/', 'http://fake');
      // Not NFE.io's: what the browser tests' runner waits for before starting (e2e/fake-nfeio.ts).
      if (u.pathname === '/health') return res.end('ok');
      const corpo = await ler(req);
      const pedido: PedidoFake = {
        metodo: req.method ?? 'GET',
        caminho: u.pathname + u.search,
        corpo,
        violacoes: [],
      };
      pedidos.push(pedido);
      const arq = /^\/arquivos\/([^/]+)\.(pdf|xml)$/.exec(u.pathname);
      if (arq) {
        const n = notas.get(arq[1]!);
        if (!n) return responder(res, 404, null);
        res.writeHead(200, { 'content-type': arq[2] === 'pdf' ? 'application/pdf' : 'application/xml' });
        return res.end(
          arq[2] === 'pdf' ? PDF : `<?xml version="1.0"?><nfeProc><chNFe>${n.accessKey}</chNFe></nfeProc>`,
        );
      }
      if (req.headers.authorization !== apiKey || modo === '401')
        return responder(res, 401, 'erros', { errors: [{ code: 401, message: 'Unauthorized' }] });
      if (modo === '503') return responder(res, 503, null);
      if (await servico(req, res, u, pedido, corpo)) return;
      const m =
        /^\/v2\/companies\/([^/]+)\/productinvoices(?:\/([^/]+))?(?:\/(pdf|xml|correctionletter))?$/.exec(
          u.pathname,
        );
      if (!m) return responder(res, 404, 'erros', { errors: [{ code: 404, message: 'Not found' }] });
      const [, empresa = '', id, sub] = m;
      if (req.method === 'POST' && !id) {
        pedido.violacoes = violacoes('emitirNfe', corpo);
        if (pedido.violacoes.length) return recusar(res, pedido.violacoes);
        const c = corpo as CorpoEmissao;
        const jaAutorizada = [...notas.values()].some(
          (x) =>
            x.empresa === empresa &&
            x.serie === c.serie &&
            x.number === c.number &&
            (x.status === 'Issued' || x.status === 'Cancelled'),
        );
        const n: NotaFake = {
          id: randomUUID().replace(/-/g, ''),
          empresa,
          serie: c.serie,
          number: c.number,
          status: 'Processing',
          final: decidir(c, jaAutorizada),
          accessKey: null,
          receiptOn: null,
          corpo: c,
          createdOn: new Date().toISOString(),
          cartas: [],
          motivoCancelamento: null,
        };
        notas.set(n.id, n);
        // Received and queued, but the answer is lost on the way back (the client gives up first).
        if (modo === 'timeout') await new Promise((r) => setTimeout(r, opts.atrasoTimeoutMs ?? 1500));
        return responder(res, 202, 'consultarNfe', {
          id: n.id,
          serie: n.serie,
          number: n.number,
          status: n.status,
        });
      }
      if (req.method === 'GET' && !id) {
        if (!u.searchParams.get('environment')) return recusar(res, ['environment é obrigatório']);
        const q = u.searchParams.get('q') ?? '';
        const serie = Number(/serie:(\d+)/.exec(q)?.[1]);
        const numero = Number(/number:(\d+)/.exec(q)?.[1]);
        const achadas = [...notas.values()].filter(
          (x) => x.empresa === empresa && x.serie === serie && x.number === numero,
        );
        return responder(res, 200, 'listarNfe', { productInvoices: achadas.map(recurso), hasMore: false });
      }
      const n = id ? notas.get(id) : undefined;
      if (!n)
        return responder(res, 404, 'erros', {
          errors: [{ code: 404, message: 'Nota Fiscal Eletrônica não encontrada' }],
        });
      if (req.method === 'GET' && !sub) {
        avancar(n);
        return responder(res, 200, 'consultarNfe', recurso(n));
      }
      if (req.method === 'DELETE' && !sub) {
        if (n.status !== 'Issued') return recusar(res, ['Somente notas autorizadas podem ser canceladas']);
        n.status = 'Cancelled';
        n.motivoCancelamento = u.searchParams.get('reason');
        return responder(res, 204, null);
      }
      if (req.method === 'PUT' && sub === 'correctionletter') {
        pedido.violacoes = violacoes('cartaCorrecaoNfe', corpo);
        if (pedido.violacoes.length) return recusar(res, pedido.violacoes);
        if (n.status !== 'Issued') return recusar(res, ['Carta de correção só para nota autorizada']);
        n.cartas.push(String((corpo as { reason?: string }).reason));
        return responder(res, 204, null);
      }
      if (req.method === 'GET' && (sub === 'pdf' || sub === 'xml')) {
        if (n.status !== 'Issued' && n.status !== 'Cancelled')
          return recusar(res, ['Documento ainda não gerado']);
        return responder(res, 200, 'arquivo', { uri: `${url}/arquivos/${n.id}.${sub}` });
      }
      return responder(res, 405, null);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(e));
    }
  });
  await new Promise<void>((r) => server.listen(opts.porta ?? 0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    pedidos,
    notas,
    nfses,
    modo: (m) => {
      modo = m;
    },
    webhook(id, segredo) {
      const s = nfses.get(id);
      if (s) {
        avancarNfse(s);
        const corpo = JSON.stringify(recursoNfse(s));
        return { corpo, assinatura: assinar(corpo, segredo) };
      }
      const n = notas.get(id);
      if (!n) throw new Error(`fake NFE.io: nota ${id} desconhecida`);
      avancar(n);
      const corpo = JSON.stringify(recurso(n));
      return { corpo, assinatura: assinar(corpo, segredo) };
    },
    fechar: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
