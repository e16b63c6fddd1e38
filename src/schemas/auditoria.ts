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
  acabamentos: 'Acabamentos',
  recortes: 'Recortes',
  parcelas: 'Parcelas a receber',
  recebimentos: 'Recebimentos',
  recebiveis_config: 'Configuração de recebimentos',
  empresa: 'Empresa',
  ordens_servico: 'Ordens de serviço',
  os_etapas: 'Etapas de OS',
  os_etapa_funcionarios: 'Equipe das etapas',
  os_fotos: 'Fotos de OS',
  producao_config: 'Configuração da produção',
  chapas: 'Estoque de chapas',
  notas_fiscais: 'Notas fiscais',
  cartas_correcao: 'Cartas de correção',
} as const;
export type AuditoriaRecurso = keyof typeof AUDITORIA_RECURSOS;

/**
 * A record's own history (its details dialog): the tables its entries are in. A user's permissions
 * are rows of their own, recorded under the user's id.
 */
export function historicoRecursos(recurso: AuditoriaRecurso): AuditoriaRecurso[] {
  return recurso === 'usuarios' ? ['usuarios', 'usuario_permissoes'] : [recurso];
}

const recursoEnum = z.enum(Object.keys(AUDITORIA_RECURSOS) as [AuditoriaRecurso, ...AuditoriaRecurso[]], {
  message: 'Recurso inválido.',
});

/** `GET /api/auditoria/historico?recurso=&registro=`: one record's entries, newest first. */
export const historicoQuery = z.object({
  recurso: recursoEnum,
  registro: z.string({ message: 'Informe o registro.' }).trim().min(1, 'Informe o registro.').max(100),
});
export type HistoricoQuery = z.infer<typeof historicoQuery>;
/** Most entries one record's history shows (the Auditoria screen pages through any number). */
export const HISTORICO_MAX = 200;

/** `GET /api/auditoria?usuario_id=&recurso=&registro=&de=&ate=&page=&limit=` */
export const auditoriaQuery = z
  .object({
    usuario_id: uuid.optional(),
    recurso: recursoEnum.optional(),
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

/** One entry of the trail as the API answers it. */
export const auditoriaRegistroSchema = z.object({
  id: z.number().int(),
  em: z.iso.datetime(),
  usuario_id: uuid.nullable(),
  usuario_nome: z.string().nullable(),
  endereco: z.string().nullable(),
  recurso: recursoEnum,
  registro: z.string(),
  acao: z.enum(['criado', 'atualizado', 'removido', 'exportado', 'anonimizado']),
  // [antes, depois] per field; an array of two, not a tuple: tuples' `prefixItems` trip OpenAPI linters.
  alteracoes: z.record(z.string(), z.array(z.unknown()).length(2)),
});
export const auditoriaPageSchema = z.object({
  items: z.array(auditoriaRegistroSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  nomes: z
    .record(z.string(), z.string())
    .describe(
      'Nome de cada registro citado nos campos de referência da página (usuários, clientes, vendas, OS…), por id: a tela mostra "Concluída por: Ana", não o id.',
    ),
});
/** A record's history, with the names of the records its reference fields held. */
export const historicoSchema = z.object({
  items: z.array(auditoriaRegistroSchema),
  nomes: z.record(z.string(), z.string()),
  limite: z.number().int(),
});

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
