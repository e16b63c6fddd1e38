import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { historicoRegistro } from '../../db/queries/auditoria';
import {
  aceitesDoCliente,
  alteracoesDoCliente,
  anonimizarCliente,
  clienteCompleto,
  orcamentosDoCliente,
  ordensDoCliente,
  parcelasDoCliente,
  registrarLgpd,
  travarParaAnonimizar,
  vendasDoCliente,
} from '../../db/queries/lgpd';
import { rowSchema } from '../../db/row-schema';
import { clientes, orcamentos, vendas } from '../../db/schema';
import { ETAPAS_OS, STATUS_ETAPA, STATUS_OS } from '../../domain/producao-etapas';
import { auditoriaRegistroSchema } from '../../schemas/auditoria';
import { uuid } from '../../schemas/common';
import { itemClienteSchema } from '../../schemas/publico';
import { z } from '../../schemas/z';
import { empresaAtual } from '../casos/empresa';
import { visaoDe } from '../casos/visao-cliente';
import { clientAddress } from '../client-address';
import { type AppContext, type AppEnv, currentUser, parseBody, parseId } from '../context';
import { route } from '../contract';
import { badRequest, notFound } from '../errors';
import { publish } from '../events';
import { lgpdClienteDoc, RODAPE_LGPD } from '../pdf/lgpd-cliente';
import { renderPdf } from '../pdf/render';

/** The personal fields of a client (LGPD): what "Anonimizar" replaces. */
const PERSONAL = [
  'nome',
  'cpf_cnpj',
  'email',
  'telefone',
  'endereco',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'cep',
] as const;

const anonimizarInput = z.object({
  confirmar: z.literal(true, { message: 'Confirme a anonimização.' }),
});

async function record(
  tx: Executor,
  c: AppContext,
  id: string,
  acao: 'exportado' | 'anonimizado',
  campos: string[],
) {
  await registrarLgpd(tx, {
    usuarioId: currentUser(c).id,
    endereco: clientAddress(c, c.get('deps').config),
    id,
    acao,
    campos,
  });
}

const instante = z.iso.datetime({ offset: true });
const nomesDe = {
  vendedor_nome: z.string().nullable(),
  arquiteto_nome: z.string().nullable(),
  cartao_nome: z.string().nullable(),
};

/**
 * The JSON export (`GET /clientes/:id`): rows as PostgreSQL writes them (db/queries/lgpd.ts), without
 * the shop's internals, so the schema is the table's row less those columns.
 */
const exportacaoSchema = z.object({
  gerado_em: z.iso.datetime(),
  cliente: rowSchema(clientes),
  orcamentos: z.array(
    rowSchema(orcamentos)
      .omit({ custo_hora: true, horas_trabalho: true, margem_lucro: true, resumo: true })
      .extend({ ...nomesDe, itens: z.array(itemClienteSchema.omit({ desenho: true })) }),
  ),
  vendas: z.array(
    rowSchema(vendas)
      .omit({
        taxa_cartao: true,
        valor_taxa: true,
        valor_liquido: true,
        comissao_vendedor: true,
        comissao_arquiteto: true,
        comissao_paga: true,
        comissao_paga_base: true,
        rt_paga: true,
        rt_paga_base: true,
      })
      .extend(nomesDe),
  ),
  aceites: z.array(
    z.object({
      orcamento_numero: z.number().int(),
      versao: instante,
      nome: z.string(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      pdf_sha256: z.string(),
      em: instante,
      assinatura_png: z.string().nullable(),
    }),
  ),
  alteracoes: z.array(
    z.object({
      orcamento_numero: z.number().int(),
      versao: instante,
      mensagem: z.string(),
      ip: z.string().nullable(),
      em: instante,
    }),
  ),
  ordens_servico: z.array(
    z.object({
      numero: z.number().int(),
      venda_numero: z.number().int().nullable(),
      status: z.enum(STATUS_OS),
      endereco: z.string().nullable(),
      cidade: z.string().nullable(),
      uf: z.string().nullable(),
      cep: z.string().nullable(),
      motivo_cancelamento: z.string().nullable(),
      created_at: instante,
      updated_at: instante,
      etapas: z.array(
        z.object({
          etapa: z.enum(ETAPAS_OS),
          status: z.enum(STATUS_ETAPA),
          inicio: instante.nullable(),
          fim: instante.nullable(),
          concluida_em: instante.nullable(),
        }),
      ),
    }),
  ),
  parcelas: z.array(
    z.object({
      venda_numero: z.number().int(),
      parcela: z.number().int(),
      valor: z.number(),
      valor_recebido: z.number(),
      data_vencimento: z.iso.date(),
      recebimentos: z.array(
        z.object({ valor: z.number(), data: z.iso.date(), forma: z.string().nullable() }),
      ),
    }),
  ),
  auditoria: z.array(auditoriaRegistroSchema),
});

/** Most audit entries about one client an export lists (LGPD requests: a handful in practice). */
const AUDITORIA_MAX = 1000;

/**
 * Everything held about the client, read in the transaction that records the export: what is
 * delivered is the snapshot the record names, and a read that fails records nothing.
 */
async function exportar(c: AppContext, id: string) {
  // Read before the transaction: on PGlite a read through `db` inside it would wait for it.
  const empresa = await empresaAtual(c.get('deps'));
  return c.get('deps').db.transaction(async (tx) => {
    const cliente = await clienteCompleto(tx, { id });
    if (!cliente) throw notFound('Cliente não encontrado.');
    // Each quote's lines as the customer saw them (the extras spread, as on their PDF and page): the
    // stored lines are the shop's pre-margin prices, from which its internals could be worked out.
    const orcamentos = [];
    for (const o of await orcamentosDoCliente(tx, { id })) {
      const v = await visaoDe(c.get('deps'), String(o.id), tx, empresa);
      const itens = (v?.visao.itens ?? []).map(({ desenho: _, ...linha }) => linha);
      orcamentos.push({ ...o, itens });
    }
    const vendas = await vendasDoCliente(tx, { id });
    const aceites = await aceitesDoCliente(tx, { id });
    const alteracoes = await alteracoesDoCliente(tx, { id });
    const ordens_servico = await ordensDoCliente(tx, { id });
    const parcelas = await parcelasDoCliente(tx, { id });
    const auditoria = await historicoRegistro(tx, {
      recursos: ['clientes'],
      registro: id,
      limit: AUDITORIA_MAX,
    });
    await record(tx, c, id, 'exportado', []);
    return { cliente, orcamentos, vendas, aceites, alteracoes, ordens_servico, parcelas, auditoria };
  });
}

/**
 * LGPD requests on a client, admins only, each recorded in the audit trail (that it happened, by whom;
 * never the personal data): everything Lavra holds about the person as JSON, and anonymisation
 * (personal fields replaced; quotes and sales kept with their figures).
 */
/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getCliente: route({
    summary: 'LGPD: exporta tudo o que o sistema guarda de um cliente (JSON)',
    description:
      'Cadastro, orçamentos (com as linhas como o cliente as viu), vendas, aceites, pedidos de alteração, OS, parcelas e recebimentos e as entradas da auditoria sobre o cliente (até 1.000), lidos numa só transação, como anexo. Ficam de fora os números internos da marmoraria (custo, margem, taxas, comissões). A exportação fica registrada na auditoria (quem e quando, sem os dados).',
    access: 'admin',
    response: exportacaoSchema,
    errors: [404],
  }),
  getClientePdf: route({
    summary: 'LGPD: exporta tudo o que o sistema guarda de um cliente (PDF)',
    description:
      'Os mesmos dados da exportação em JSON (`GET /api/lgpd/clientes/{id}`), num PDF para entregar ao titular, como anexo; também registrada na auditoria.',
    access: 'admin',
    produces: 'application/pdf',
    errors: [404],
  }),
  postAnonimizar: route({
    summary: 'LGPD: anonimiza um cliente (mantém vendas e orçamentos com seus valores)',
    description:
      'Exige `{ "confirmar": true }` e não se desfaz. Substitui os dados pessoais do cadastro (nome, CPF/CNPJ, contato e endereço) e as cópias deles (descrições no Caixa, endereço das OS, observações, aceite e seu PDF, pedidos de alteração, auditoria) e revoga os links públicos; orçamentos, vendas, parcelas e recebimentos mantêm os valores. 400 se o cliente já foi anonimizado; registrado na auditoria e publicado ao vivo.',
    access: 'admin',
    body: anonimizarInput,
    status: 204,
    errors: [400, 404],
  }),
};

export const lgpdRoutes = new Hono<AppEnv>()
  .get('/clientes/:id/pdf', doc.getClientePdf, async (c) => {
    const id = parseId(c, uuid);
    const geradoEm = new Date();
    const dados = await exportar(c, id);
    const pdf = await renderPdf(
      lgpdClienteDoc(dados, { tz: c.get('deps').config.tzNegocio, geradoEm }),
      RODAPE_LGPD,
    );
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', `attachment; filename="lavra-cliente-${id}.pdf"`);
    return c.body(new Uint8Array(pdf));
  })
  .get('/clientes/:id', doc.getCliente, async (c) => {
    const id = parseId(c, uuid);
    const dados = await exportar(c, id);
    c.header('content-disposition', `attachment; filename="lavra-cliente-${id}.json"`);
    return c.json({ gerado_em: new Date().toISOString(), ...dados });
  })
  .post('/clientes/:id/anonimizar', doc.postAnonimizar, async (c) => {
    const id = parseId(c, uuid);
    await parseBody(c, anonimizarInput);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const row = await travarParaAnonimizar(tx, { id });
      if (!row) throw notFound('Cliente não encontrado.');
      if (row.anon) throw badRequest('Este cliente já foi anonimizado.');
      await anonimizarCliente(tx, { id });
      await record(tx, c, id, 'anonimizado', [...PERSONAL]);
      await publish(tx, 'clientes', 'atualizado', id);
    });
    return c.body(null, 204);
  });
