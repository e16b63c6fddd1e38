import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries/common';
import { uuid } from '../../schemas/common';
import { z } from '../../schemas/z';
import { clientAddress } from '../audit-context';
import { type AppContext, type AppEnv, currentUser, parseBody, parseId } from '../context';
import { route } from '../contract';
import { badRequest, notFound } from '../errors';
import { publish } from '../events';

/** The personal fields of a client (LGPD): what "Anonimizar" replaces. */
const PERSONAL = ['nome', 'cpf_cnpj', 'email', 'telefone', 'endereco', 'cidade', 'uf', 'cep'] as const;

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
  await tx.execute(
    sql`insert into auditoria (usuario_id, endereco, recurso, registro, acao, alteracoes)
        values (${currentUser(c).id}, ${clientAddress(c)}, 'clientes', ${id}, ${acao},
                ${JSON.stringify(Object.fromEntries(campos.map((k) => [k, ['***', '***']])))}::jsonb)`,
  );
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
    access: 'admin',
    errors: [404],
  }),
  postAnonimizar: route({
    summary: 'LGPD: anonimiza um cliente (mantém vendas e orçamentos com seus valores)',
    access: 'admin',
    errors: [400, 404],
  }),
};

export const lgpdRoutes = new Hono<AppEnv>()
  .get('/clientes/:id', doc.getCliente, async (c) => {
    const id = parseId(c, uuid);
    const { db } = c.get('deps');
    const body = await db.transaction(async (tx) => {
      const [cliente] = await queryRows<Record<string, unknown>>(
        tx,
        sql`select * from clientes where id = ${id}`,
      );
      if (!cliente) throw notFound('Cliente não encontrado.');
      const orcamentos = await queryRows(
        tx,
        sql`select o.*, (select coalesce(json_agg(i order by i.posicao), '[]') from orcamento_itens i
                          where i.orcamento_id = o.id) as itens
              from orcamentos o where o.cliente_id = ${id} order by o.created_at`,
      );
      const vendas = await queryRows(
        tx,
        sql`select * from vendas where cliente_id = ${id} order by created_at`,
      );
      await record(tx, c, id, 'exportado', []);
      return { gerado_em: new Date().toISOString(), cliente, orcamentos, vendas };
    });
    c.header('content-disposition', `attachment; filename="lavra-cliente-${id}.json"`);
    return c.json(body);
  })
  .post('/clientes/:id/anonimizar', doc.postAnonimizar, async (c) => {
    const id = parseId(c, uuid);
    await parseBody(c, anonimizarInput);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      // Any audit trigger on clientes records the fields, not their values (see the migration).
      await tx.execute(sql`select set_config('lavra.anonimizando', '1', true)`);
      const [row] = await queryRows<{ id: string; anon: boolean }>(
        tx,
        sql`select id, nome like 'Cliente anonimizado %' and cpf_cnpj is null as anon
              from clientes where id = ${id} for update`,
      );
      if (!row) throw notFound('Cliente não encontrado.');
      if (row.anon) throw badRequest('Este cliente já foi anonimizado.');
      await tx.execute(
        sql`update clientes set nome = 'Cliente anonimizado ' || left(id::text, 8), cpf_cnpj = null,
                   email = null, telefone = null, endereco = null, cidade = null, uf = null, cep = null,
                   updated_at = now()
             where id = ${id}`,
      );
      await record(tx, c, id, 'anonimizado', [...PERSONAL]);
      await publish(tx, 'clientes', 'atualizado', id);
    });
    return c.body(null, 204);
  });
