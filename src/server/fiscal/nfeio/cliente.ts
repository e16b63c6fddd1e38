import {
  ErroProvedor,
  type NfeEnvio,
  type ProvedorFiscal,
  type SituacaoNota,
  type StatusProvedor,
} from '../provedor';

/**
 * NFE.io over fetch (contract: contrato.json beside this file). The base URL comes from the
 * environment (NFEIO_API_URL; the tests point it at fake/). NFE.io's NF-e API offers no idempotency
 * key, so a second invoice is prevented by Lavra, not by a header: the series and number are reserved
 * in Lavra's database before the call and sent with it (SEFAZ never authorises a number twice), the
 * call is made once per attempt, and an answer that never came is followed by looking the number up
 * (`localizar`) and consulting, never by sending again.
 */
export interface OpcoesNfeio {
  baseUrl: string;
  apiKey: string;
  empresaId: string;
  ambiente: 'homologacao' | 'producao';
  timeoutMs: number;
}

const STATUS: Record<string, StatusProvedor> = {
  None: 'processando',
  Created: 'processando',
  Processing: 'processando',
  Issued: 'autorizada',
  IssuedContingency: 'autorizada',
  Cancelled: 'cancelada',
  Error: 'rejeitada',
  IssueDenied: 'rejeitada',
  Disabled: 'rejeitada',
};

interface InvoiceResource {
  id: string;
  status?: string;
  authorization?: { receiptOn?: string | null; accessKey?: string | null; message?: string | null } | null;
  lastEvents?: { events?: { data?: unknown; type?: string | null }[] | null } | null;
}

/** SEFAZ's "cStat - xMotivo" as the provider passes it on, e.g. "778 - Informado NCM inexistente". */
function motivoSefaz(texto: string | null | undefined): { codigo: string | null; mensagem: string | null } {
  if (!texto) return { codigo: null, mensagem: null };
  const m = /(\d{3})\s*[-–:]\s*(.+)/.exec(texto);
  return m ? { codigo: m[1]!, mensagem: m[2]!.trim() } : { codigo: null, mensagem: texto };
}

export function situacaoDe(r: InvoiceResource): SituacaoNota {
  const status = STATUS[r.status ?? 'None'] ?? 'processando';
  const auth = r.authorization ?? null;
  const ultimo = r.lastEvents?.events?.at(-1)?.data as { message?: string } | undefined;
  const motivo = status === 'rejeitada' ? motivoSefaz(auth?.message ?? ultimo?.message) : motivoSefaz(null);
  const protocolo = /protocolo\D{0,5}(\d{15})/i.exec(auth?.message ?? '')?.[1] ?? null;
  return {
    provedor_id: r.id,
    status,
    chave_acesso: status === 'autorizada' || status === 'cancelada' ? (auth?.accessKey ?? null) : null,
    protocolo: status === 'autorizada' || status === 'cancelada' ? protocolo : null,
    codigo_sefaz: motivo.codigo,
    mensagem_sefaz: motivo.mensagem,
    autorizada_em: status === 'autorizada' && auth?.receiptOn ? new Date(auth.receiptOn) : null,
  };
}

const n = (s: string) => Number(s);

/** Lavra's invoice in NFE.io's fields (ProductInvoiceQueueIssueResource). */
export function corpoEmissao(nota: NfeEnvio) {
  const c = nota.comprador;
  return {
    serie: nota.serie,
    number: nota.numero,
    operationOn: nota.emitida_em.toISOString(),
    operationNature: nota.natureza,
    operationType: 'Outgoing',
    destination: nota.interestadual ? 'Interstate_Operation' : 'Internal_Operation',
    consumerType: nota.consumidor_final ? 'FinalConsumer' : 'Normal',
    presenceType: 'Presence',
    purposeType: 'Normal',
    buyer: {
      name: c.nome,
      federalTaxNumber: Number(c.documento.replace(/\D/g, '')),
      email: c.email,
      type: c.pessoa === 'juridica' ? 'LegalEntity' : 'NaturalPerson',
      stateTaxNumberIndicator: c.ie ? 'TaxPayer' : c.ie_isento ? 'Exempt' : 'NonTaxPayer',
      stateTaxNumber: c.ie,
      address: {
        state: c.endereco.uf,
        city: { code: c.endereco.municipio_ibge, name: c.endereco.cidade },
        district: c.endereco.bairro,
        street: c.endereco.logradouro,
        number: c.endereco.numero,
        additionalInformation: c.endereco.complemento,
        postalCode: c.endereco.cep.replace(/\D/g, ''),
        country: 'BRA',
      },
    },
    items: nota.itens.map((i) => ({
      code: i.codigo,
      description: i.descricao,
      ncm: i.ncm,
      cfop: i.cfop,
      unit: i.unidade,
      quantity: n(i.quantidade),
      unitAmount: n(i.valor_unitario),
      totalAmount: n(i.valor_total),
      freightAmount: n(i.valor_frete),
      discountAmount: n(i.valor_desconto),
      tax: { icms: { origin: i.origem, csosn: i.csosn, cst: i.cst } },
    })),
    totals: {
      icms: {
        productAmount: n(nota.totais.produtos),
        freightAmount: n(nota.totais.frete),
        discountAmount: n(nota.totais.desconto),
        invoiceAmount: n(nota.totais.nota),
        federalTaxesAmount: 0,
      },
    },
    payment: [
      {
        paymentDetail: [
          {
            method: 'Others',
            paymentType: nota.pagamento === 'avista' ? 'InCash' : 'Term',
            amount: n(nota.totais.nota),
          },
        ],
      },
    ],
    transport: { freightModality: n(nota.totais.frete) > 0 ? 'ByIssuer' : 'Free' },
  };
}

export function nfeio(o: OpcoesNfeio): ProvedorFiscal {
  const base = `${o.baseUrl.replace(/\/$/, '')}/v2/companies/${encodeURIComponent(o.empresaId)}/productinvoices`;

  async function chamar(metodo: string, url: string, corpo?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: metodo,
        headers: {
          authorization: o.apiKey,
          accept: 'application/json',
          ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: corpo === undefined ? undefined : JSON.stringify(corpo),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (e) {
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ErroProvedor(
        'retentavel',
        timeout ? 'O provedor fiscal não respondeu a tempo.' : 'Sem conexão com o provedor fiscal.',
      );
    }
    if (res.ok) return res;
    const texto = await res.text().catch(() => '');
    if (res.status >= 500 || res.status === 408 || res.status === 429)
      throw new ErroProvedor(
        'retentavel',
        `O provedor fiscal está indisponível (HTTP ${res.status}).`,
        res.status,
      );
    if (res.status === 401 || res.status === 403)
      throw new ErroProvedor(
        'credenciais',
        'O provedor fiscal recusou as credenciais (chave de API ou empresa). Confira-as em Empresa › Dados fiscais.',
        res.status,
      );
    if (res.status === 404)
      throw new ErroProvedor('nao_encontrada', 'Nota não encontrada no provedor fiscal.', 404);
    let msg = texto;
    try {
      const j = JSON.parse(texto) as { errors?: { message?: string }[] | null; message?: string };
      msg =
        (j.errors ?? [])
          .map((x) => x.message)
          .filter(Boolean)
          .join('; ') ||
        j.message ||
        texto;
    } catch {}
    throw new ErroProvedor(
      'recusada',
      `O provedor fiscal recusou a nota: ${msg || `HTTP ${res.status}`}`,
      res.status,
    );
  }

  const json = async <T>(r: Response) => (await r.json()) as T;
  const ambiente = o.ambiente === 'producao' ? 'Production' : 'Test';

  async function arquivo(id: string, tipo: 'pdf' | 'xml'): Promise<Response> {
    const { uri } = await json<{ uri?: string | null }>(
      await chamar('GET', `${base}/${encodeURIComponent(id)}/${tipo}`),
    );
    if (!uri) throw new ErroProvedor('retentavel', 'O provedor fiscal ainda não gerou o arquivo.');
    return chamar('GET', uri);
  }

  return {
    async emitir(nota) {
      const r = await json<InvoiceResource>(await chamar('POST', base, corpoEmissao(nota)));
      return situacaoDe(r);
    },
    async localizar(serie, numero) {
      const q = encodeURIComponent(`serie:${serie} AND number:${numero}`);
      const r = await json<{ productInvoices?: InvoiceResource[] | null }>(
        await chamar('GET', `${base}?environment=${ambiente}&q=${q}&limit=1`),
      );
      const achada = r.productInvoices?.[0];
      return achada ? situacaoDe(achada) : null;
    },
    async consultar(id) {
      return situacaoDe(
        await json<InvoiceResource>(await chamar('GET', `${base}/${encodeURIComponent(id)}`)),
      );
    },
    async cancelar(id, justificativa) {
      await chamar('DELETE', `${base}/${encodeURIComponent(id)}?reason=${encodeURIComponent(justificativa)}`);
    },
    async cartaCorrecao(id, correcao) {
      await chamar('PUT', `${base}/${encodeURIComponent(id)}/correctionletter`, { reason: correcao });
    },
    async baixarPdf(id) {
      return new Uint8Array(await (await arquivo(id, 'pdf')).arrayBuffer());
    },
    async baixarXml(id) {
      return (await arquivo(id, 'xml')).text();
    },
  };
}
