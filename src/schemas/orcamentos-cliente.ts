import { z } from './z';

// ── Answers of the quote's customer side (routes/orcamentos-cliente.ts), as zod schemas: the OpenAPI
// document describes them and the test mode checks them.

const timestamp = z.iso.datetime({ offset: true });

/** `POST /api/orcamentos/:id/link`: the customer's link and the day it stops working (YYYY-MM-DD). */
export const linkClienteSchema = z.object({ url: z.string(), expira_em: z.string() });

/** `GET /api/orcamentos/:id/cliente`: the active link, the acceptance record and the change requests. */
export const ladoClienteSchema = z.object({
  link: z
    .object({
      url: z.string(),
      expira_em: z.string(),
      expirado: z.boolean(),
      tentativas: z.number(),
      bloqueado: z.boolean(),
    })
    .nullable(),
  aceite: z
    .object({
      nome: z.string(),
      em: timestamp,
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      /** The quote's updated_at the customer accepted. */
      versao: timestamp,
      pdf_sha256: z.string(),
    })
    .nullable(),
  alteracoes: z.array(z.object({ mensagem: z.string(), versao: timestamp, created_at: timestamp })),
});
export type LadoCliente = z.infer<typeof ladoClienteSchema>;
