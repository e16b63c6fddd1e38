import {
  ErroProvedor,
  type NfeEnvio,
  type NfseEnvio,
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
  /** NFS-e's host (nf-servico-v1's server, api.nfe.io); the NF-e's when unset. */
  baseUrlNfse?: string;
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

/** The service invoice's flowStatus in Lavra's words; a failed cancellation leaves it authorised. */
const FLUXO_NFSE: Record<string, StatusProvedor> = {
  Issued: 'autorizada',
  IssueFailed: 'rejeitada',
  Cancelled: 'cancelada',
  CancelFailed: 'autorizada',
  WaitingSendCancel: 'autorizada',
};

interface ServiceInvoiceResource {
  id?: string;
  flowStatus?: string;
  flowMessage?: string;
  number?: number;
  checkCode?: string;
  batchCheckNumber?: string;
  issuedOn?: string;
}

export function situacaoNfseDe(r: ServiceInvoiceResource): SituacaoNota {
  const status = FLUXO_NFSE[r.flowStatus ?? ''] ?? 'processando';
  const emitida = status === 'autorizada' || status === 'cancelada';
  const recusada = r.flowStatus === 'IssueFailed' || r.flowStatus === 'CancelFailed';
  return {
    provedor_id: r.id ?? '',
    status,
    chave_acesso: null,
    protocolo: emitida ? (r.batchCheckNumber ?? null) : null,
    codigo_sefaz: null,
    // the city's own words (its code, when it gives one, is inside the message)
    mensagem_sefaz: recusada ? (r.flowMessage ?? 'A prefeitura recusou a nota.') : null,
    autorizada_em: status === 'autorizada' && r.issuedOn ? new Date(r.issuedOn) : null,
    numero_prefeitura: emitida ? (r.number ?? null) : null,
    codigo_verificacao: emitida ? (r.checkCode ?? null) : null,
    cancelamento_recusado: r.flowStatus === 'CancelFailed',
  };
}

/** Lavra's NFS-e in NFE.io's fields (nf-servico-v1's ServiceInvoice). */
export function corpoEmissaoNfse(nota: NfseEnvio) {
  const t = nota.tomador;
  const e = t.endereco;
  const endereco = {
    country: 'BRA',
    postalCode: e.cep.replace(/\D/g, ''),
    street: e.logradouro,
    number: e.numero,
    ...(e.complemento ? { additionalInformation: e.complemento } : {}),
    district: e.bairro,
    city: { code: e.municipio_ibge ?? '', name: e.cidade },
    state: e.uf,
  };
  return {
    externalId: nota.referencia,
    cityServiceCode: nota.codigo_servico,
    ...(nota.item_lista ? { federalServiceCode: nota.item_lista } : {}),
    description: nota.descricao,
    servicesAmount: n(nota.valor),
    ...(nota.aliquota_iss ? { issRate: n(nota.aliquota_iss) / 100 } : {}),
    issuedOn: nota.emitida_em.toISOString(),
    borrower: {
      type: t.pessoa === 'juridica' ? 'LegalEntity' : 'NaturalPerson',
      name: t.nome,
      federalTaxNumber: Number(t.documento.replace(/\D/g, '')),
      ...(t.email ? { email: t.email } : {}),
      ...(t.inscricao_municipal ? { municipalTaxNumber: t.inscricao_municipal } : {}),
      address: endereco,
    },
  };
}

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

  async function chamar(
    metodo: string,
    url: string,
    corpo?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: metodo,
        headers: {
          authorization: o.apiKey,
          accept: 'application/json',
          ...extra,
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

  const baseNfse = `${(o.baseUrlNfse ?? o.baseUrl).replace(/\/$/, '')}/v1/companies/${encodeURIComponent(o.empresaId)}/serviceinvoices`;

  return {
    async emitirNfse(nota) {
      const r = await chamar('POST', baseNfse, corpoEmissaoNfse(nota));
      // 202 with the ServiceInvoice, or only its Location (the SDK reads either)
      const corpo = (await r.json().catch(() => null)) as ServiceInvoiceResource | null;
      const id = corpo?.id ?? /serviceinvoices\/([^/?]+)/.exec(r.headers.get('location') ?? '')?.[1];
      if (!id)
        throw new ErroProvedor('retentavel', 'O provedor fiscal não devolveu a identificação da NFS-e.');
      return situacaoNfseDe({ ...corpo, id });
    },
    async localizarNfse(referencia) {
      try {
        const r = await chamar('GET', `${baseNfse}/external/${encodeURIComponent(referencia)}`);
        return situacaoNfseDe(await json<ServiceInvoiceResource>(r));
      } catch (e) {
        if (e instanceof ErroProvedor && e.tipo === 'nao_encontrada') return null;
        throw e;
      }
    },
    async consultarNfse(id) {
      return situacaoNfseDe(
        await json<ServiceInvoiceResource>(await chamar('GET', `${baseNfse}/${encodeURIComponent(id)}`)),
      );
    },
    async cancelarNfse(id) {
      await chamar('DELETE', `${baseNfse}/${encodeURIComponent(id)}`);
    },
    async baixarNfse(id, tipo) {
      const r = await chamar('GET', `${baseNfse}/${encodeURIComponent(id)}/${tipo}`, undefined, {
        accept: tipo === 'pdf' ? 'application/pdf' : 'application/xml',
      });
      return new Uint8Array(await r.arrayBuffer());
    },
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
