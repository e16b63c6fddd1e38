import { isoDate, uuid } from './common';
import { z } from './z';

/** The resources the audit trail records (table names), with their labels on the Auditoria screen. */
export const AUDITORIA_RECURSOS = {
  orcamentos: 'Orçamentos',
  vendas: 'Vendas',
  despesas: 'Despesas',
  movimentacoes_caixa: 'Caixa',
  caixa_inicial: 'Caixa inicial',
  cartoes: 'Pagamentos',
  usuarios: 'Usuários',
  usuario_permissoes: 'Permissões',
  clientes: 'Clientes (LGPD)',
} as const;
export type AuditoriaRecurso = keyof typeof AUDITORIA_RECURSOS;

/** `GET /api/auditoria?usuario_id=&recurso=&registro=&de=&ate=&page=&limit=` */
export const auditoriaQuery = z
  .object({
    usuario_id: uuid.optional(),
    recurso: z
      .enum(Object.keys(AUDITORIA_RECURSOS) as [AuditoriaRecurso, ...AuditoriaRecurso[]], {
        message: 'Recurso inválido.',
      })
      .optional(),
    registro: z.string().trim().min(1).max(100).optional(),
    de: isoDate().optional(),
    ate: isoDate().optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((v) => !v.de || !v.ate || v.de <= v.ate, {
    message: 'A data inicial deve ser anterior à final.',
    path: ['ate'],
  });
export type AuditoriaQuery = z.infer<typeof auditoriaQuery>;

export interface AuditoriaRegistro {
  id: number;
  em: string;
  usuario_id: string | null;
  usuario_nome: string | null;
  endereco: string | null;
  recurso: AuditoriaRecurso;
  registro: string;
  acao: 'criado' | 'atualizado' | 'removido' | 'exportado' | 'anonimizado';
  /** campo → [antigo, novo] */
  alteracoes: Record<string, [unknown, unknown]>;
}
